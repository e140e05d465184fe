import { z } from "zod";
import { limits } from "./limits";
import { formMessages } from "./messages";
import { discordLimits } from "./discord-limits";
import { sendLimitMessages } from "./send-limits";

export const fieldStyles = ["Short", "Paragraph", "Dropdown"] as const;
export type FieldStyle = (typeof fieldStyles)[number];

const length = z.number().int().min(0).max(limits.formMaxLengthLimit);

/** A form field (§3) with the limits of §5 and §9. FieldId -1 marks a new, unsaved field in edit. */
export const formFieldSchema = z
  .object({
    FieldId: z.number().int().optional().meta({ widget: "hidden" }),
    Label: z
      .string()
      .trim()
      .max(limits.formLabelMax, `Label must be at most ${limits.formLabelMax} characters`)
      .meta({ title: "Field Label", placeholder: "What is your question?" }),
    Placeholder: z
      .string()
      .max(limits.formPlaceholderMax, `Placeholder must be at most ${limits.formPlaceholderMax} characters`)
      .default("")
      .meta({ title: "Placeholder", placeholder: "Shown inside the empty input" }),
    Style: z.enum(fieldStyles).default("Short").meta({ title: "Field Type" }),
    Required: z.boolean().default(false).meta({ title: "Required" }),
    MinLength: length.default(limits.formMinLengthDefault).meta({ title: "Min length", widget: "clampedNumber" }),
    MaxLength: length.default(limits.formMaxLengthLimit).meta({ title: "Max length", widget: "clampedNumber" }),
    Position: z.number().int().min(0).default(0).meta({ widget: "hidden" }),
  })
  .refine((f) => f.MinLength <= f.MaxLength, { message: "Min length must not exceed max length", path: ["MinLength"] });
export type FormField = z.infer<typeof formFieldSchema>;

const formName = z
  .string({ error: formMessages.nameRequired })
  .trim()
  .min(1, formMessages.nameRequired)
  // The bot shows a form as a Discord modal whose title is the form's name.
  .max(discordLimits.modalTitle, sendLimitMessages.formNameTooLong)
  .meta({ title: formMessages.formName, placeholder: "Support request" });

/** §9: at most 5 fields per form (the create/update body and the single-field route share the message). */
export const formFieldsMaxMessage = `A form can have at most ${limits.formFieldsMax} fields`;

/** POST and PUT /{guildId}/forms: {FormName, fields[]}. Fields with an empty label are dropped (§5). */
export const formInputSchema = z.object({
  FormName: formName,
  fields: z
    .array(formFieldSchema)
    .max(limits.formFieldsMax, formFieldsMaxMessage)
    .transform((fields) => fields.filter((f) => f.Label.trim() !== ""))
    .refine((fields) => fields.length > 0, formMessages.oneFieldRequired),
});
export type FormInput = z.input<typeof formInputSchema>;

/** PATCH /{guildId}/forms/{formId}: rename. */
export const formRenameSchema = z.object({ FormName: formName });

/** PATCH /{guildId}/forms/{formId}/fields/{fieldId}: a partial field. */
export const formFieldPatchSchema = z
  .object({
    Label: z.string().trim().min(1, "Label is required").max(limits.formLabelMax),
    Placeholder: z.string().max(limits.formPlaceholderMax),
    Style: z.enum(fieldStyles),
    Required: z.boolean(),
    MinLength: length,
    MaxLength: length,
  })
  .partial();

/** PATCH /{guildId}/forms/{formId}/fields/{fieldId}/position */
export const fieldPositionSchema = z.object({
  NewPosition: z
    .number()
    .int()
    .min(0)
    .max(limits.formFieldsMax - 1),
});

export const formSchema = z.object({
  FormId: z.number(),
  FormName: z.string(),
  Fields: z.array(formFieldSchema.safeExtend({ FieldId: z.number() })),
});
export type Form = z.infer<typeof formSchema>;
export const formsResponseSchema = z.object({ forms: z.array(formSchema) });

/** §4: a new form starts with one empty field. */
export const emptyField = (position = 0): FormField => ({
  Label: "",
  Placeholder: "",
  Style: "Short",
  Required: false,
  MinLength: limits.formMinLengthDefault,
  MaxLength: limits.formMaxLengthLimit,
  Position: position,
});

const toNumber = (raw: unknown) => {
  const n = typeof raw === "number" ? raw : Number(raw);
  return Number.isFinite(n) ? Math.trunc(n) : 0; // §5: non-numeric input counts as 0
};
/** §5: MaxLength is clamped between MinLength and 1024. */
export const clampMaxLength = (raw: unknown, minLength: number) => Math.min(limits.formMaxLengthLimit, Math.max(minLength, toNumber(raw)));
/** §5: MinLength is clamped between 0 and MaxLength. */
export const clampMinLength = (raw: unknown, maxLength: number) => Math.max(0, Math.min(maxLength, toNumber(raw)));
