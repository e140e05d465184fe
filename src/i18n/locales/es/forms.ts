import type { Dictionary } from "../../core";

// Spanish: the forms list and the form editor. The spec's fixed texts (formMessages) are in ./spec.ts.
const dictionary: Dictionary = {
  // List
  "forms.list.actions": "Acciones",
  "forms.list.actionsFor": "Acciones de {name}",
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

  // Editor: inputs (titles and placeholders of src/schemas/form.ts)
  "forms.editor.formNamePlaceholder": "Solicitud de soporte",
  "forms.editor.fieldLabel": "Etiqueta del campo",
  "forms.editor.fieldLabelPlaceholder": "¿Cuál es tu pregunta?",
  "forms.editor.placeholder": "Texto de ejemplo",
  "forms.editor.placeholderPlaceholder": "Se muestra dentro del campo vacío",
  "forms.editor.fieldType": "Tipo de campo",
  "forms.editor.style.short": "Corto",
  "forms.editor.style.paragraph": "Párrafo",
  "forms.editor.style.dropdown": "Desplegable",
  "forms.editor.required": "Obligatorio",
  "forms.editor.minLength": "Longitud mínima",
  "forms.editor.maxLength": "Longitud máxima",

  // Editor: the schema's own messages under the inputs
  "forms.editor.error.labelTooLong": "La etiqueta puede tener como máximo {max} caracteres",
  "forms.editor.error.placeholderTooLong": "El texto de ejemplo puede tener como máximo {max} caracteres",
  "forms.editor.error.minAboveMax": "La longitud mínima no puede superar la máxima",
  "forms.editor.error.tooManyFields": "Un formulario puede tener como máximo {max} campos",
};

export default dictionary;
