import type { Dictionary } from "../../core";
import spec from "./spec";

// Spanish: the forms list and the form editor. The spec's fixed texts (formMessages) are in ./spec.ts.
const dictionary: Dictionary = {
  // List
  "forms.list.actions": "Acciones",
  "forms.list.actionsFor": "Acciones de {name}",
  "forms.list.select": "Seleccionar {name}",
  "forms.list.copyFailed": "No se pudo copiar el comando",

  // Editor: the fields list and each field's card
  "forms.editor.fields": "Campos",
  "forms.editor.fieldTitle": "Campo {n}",
  "forms.editor.fieldActions": "Acciones del campo {n}",
  "forms.editor.moveUp": "Subir",
  "forms.editor.moveDown": "Bajar",
  "forms.editor.remove": "Quitar",
  "forms.editor.moveFieldUp": "Subir el campo {n}",
  "forms.editor.moveFieldDown": "Bajar el campo {n}",
  "forms.editor.removeField": "Quitar el campo {n}",

  // Editor: inputs (titles, placeholders and choices of src/schemas/form.ts, keyed by the form engine from its fields)
  "forms.fields.formName.title": spec["spec.form.formName"],
  "forms.fields.formName.placeholder": "Solicitud de soporte",
  "forms.fields.fields.label.title": "Etiqueta del campo",
  "forms.fields.fields.label.placeholder": "¿Cuál es tu pregunta?",
  "forms.fields.fields.placeholder.title": "Texto de ejemplo",
  "forms.fields.fields.placeholder.placeholder": "Se muestra dentro del campo vacío",
  "forms.fields.fields.style.title": "Tipo de campo",
  "forms.fields.fields.style.enum.short": "Corto",
  "forms.fields.fields.style.enum.paragraph": "Párrafo",
  "forms.fields.fields.style.enum.dropdown": "Desplegable",
  "forms.fields.fields.required.title": "Obligatorio",
  "forms.fields.fields.minLength.title": "Longitud mínima",
  "forms.fields.fields.maxLength.title": "Longitud máxima",

  // Editor: the schema's own messages under the inputs
  "forms.editor.error.labelTooLong": "La etiqueta puede tener como máximo {max} caracteres",
  "forms.editor.error.placeholderTooLong": "El texto de ejemplo puede tener como máximo {max} caracteres",
  "forms.editor.error.minAboveMax": "La longitud mínima no puede superar la máxima",
  "forms.editor.error.tooManyFields": "Un formulario puede tener como máximo {max} campos",
};

export default dictionary;
