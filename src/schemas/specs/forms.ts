import { z } from "zod";
import { bulkIdsMax, resourceBulkResponseSchema, resourceBulkSchema } from "../bulk";
import { messageResponseSchema } from "../common";
import {
  fieldPositionSchema,
  formFieldPatchSchema,
  formFieldSchema,
  formInputSchema,
  formRenameSchema,
  formSchema,
  formsResponseSchema,
} from "../form";
import { formMessages } from "../messages";
import { declareResource } from "../resource-kinds";

// Forms (SPEC §2 Forms, §3, §5, §7): a collection whose records embed their fields, stored by server/forms (hooks:
// server/forms/hooks.ts). A form's fields change one at a time through its actions under /{formId}/fields, and travel
// inside their form in the configuration file. A form used by a panel cannot be deleted.

export const formNotFoundText = "Form not found";
export const fieldNotFoundText = "Field not found";

export const formOneSchema = z.object({ form: formSchema });
export const formCreatedSchema = messageResponseSchema.extend({ form: formSchema, FormId: z.number() });
export const formSavedSchema = messageResponseSchema.extend({ form: formSchema });
export const fieldSavedSchema = messageResponseSchema.extend({ field: formSchema.shape.Fields.element, form: formSchema });

export const formsSpec = declareResource({
  kind: "collection",
  name: "forms",
  id: "formId",
  ids: { formId: formNotFoundText, fieldId: fieldNotFoundText },
  permissions: ["forms"],
  doc: { tag: "Forms", summary: "forms (the questions a panel asks)" },
  list: { summary: "List forms with their fields", answer: formsResponseSchema },
  show: { summary: "One form", answer: formOneSchema },
  create: {
    summary: "Create a form",
    body: formInputSchema,
    answer: formCreatedSchema,
    status: 201,
    errors: [409],
    message: formMessages.created,
  },
  replace: {
    summary: "Replace a form's name and fields",
    description: "A FieldId of this form keeps that field; -1 or none adds one; fields missing from the body are deleted.",
    body: formInputSchema,
    answer: formSavedSchema,
    message: formMessages.updated,
  },
  remove: {
    summary: "Delete a form",
    description: "A form used by a panel is refused (409).",
    answer: messageResponseSchema,
    errors: [409],
    message: formMessages.deletedByServer,
  },
  actions: {
    rename: {
      method: "PATCH",
      path: "/{formId}",
      access: "edit",
      summary: "Rename a form",
      body: formRenameSchema,
      answer: formSavedSchema,
      message: "Form renamed successfully",
    },
    addField: {
      method: "POST",
      path: "/{formId}/fields",
      access: "edit",
      summary: "Add a field",
      body: formFieldSchema,
      answer: fieldSavedSchema,
      status: 201,
      message: "Field created successfully",
    },
    changeField: {
      method: "PATCH",
      path: "/{formId}/fields/{fieldId}",
      access: "edit",
      summary: "Change a field",
      body: formFieldPatchSchema,
      answer: fieldSavedSchema,
      message: "Field updated successfully",
    },
    moveField: {
      method: "PATCH",
      path: "/{formId}/fields/{fieldId}/position",
      access: "edit",
      summary: "Move a field",
      body: fieldPositionSchema,
      answer: formSavedSchema,
      message: "Field position updated successfully",
    },
    bulk: {
      method: "POST",
      path: "/bulk",
      access: "delete",
      summary: "Delete several forms at once, or undo that delete",
      description:
        `Every id must be one of this server's forms, none used by a panel; else the whole request is refused (404, 409) and ` +
        `nothing changes. At most ${bulkIdsMax} ids. A restore also needs CreateForm.`,
      body: resourceBulkSchema,
      answer: resourceBulkResponseSchema,
      errors: [404, 409, 410],
    },
    removeField: {
      method: "DELETE",
      path: "/{formId}/fields/{fieldId}",
      access: "edit",
      summary: "Delete a field",
      description: "The last field of a form cannot be deleted (409).",
      answer: formSavedSchema,
      errors: [409],
      message: "Field deleted successfully",
    },
  },
  transfer: { section: "forms" },
});
