import { clampText, discordLimits } from "../../src/schemas/discord-limits";
import type { FormAnswer } from "../../src/schemas/ticket";
import type { Db } from "../db/schema";
import { customIds, parseFieldId } from "./custom-ids";
import { type Reply, say } from "./step";
import { botTexts } from "./texts";

// A panel's form as Discord's modal, and the member's answers checked against the form as it is now (a modal's
// submit may come long after it was shown, or be forged).

/** The guild's form with its first five fields, as stored; null when the guild has no such form. */
export async function formFields(db: Db, guildId: string, formId: number) {
  const form = await db.selectFrom("forms").select(["id", "name"]).where("guild_id", "=", guildId).where("id", "=", formId).executeTakeFirst();
  if (!form) return null;
  const fields = await db.selectFrom("form_fields").selectAll().where("form_id", "=", formId).orderBy("position").orderBy("id").limit(5).execute();
  return { form, fields };
}

type FoundForm = NonNullable<Awaited<ReturnType<typeof formFields>>>;

/** Discord's modal from a form: ≤ 5 text inputs with the limits the Forms screen enforces; null for no form or no fields. */
export async function formModal(db: Db, guildId: string, panelId: number, formId: number): Promise<Reply | null> {
  const found = await formFields(db, guildId, formId);
  if (!found || found.fields.length === 0) return null;
  return {
    kind: "modal",
    modal: {
      custom_id: customIds.form(panelId, formId),
      // The Forms screen keeps names, labels and placeholders within these; older records are cut.
      title: clampText(found.form.name, discordLimits.modalTitle) || "Form",
      components: found.fields.slice(0, discordLimits.modalRows).map((f) => ({
        type: 1,
        components: [
          {
            type: 4,
            custom_id: customIds.formField(f.id),
            label: clampText(f.label || "Question", discordLimits.textInputLabel),
            style: f.style === "Paragraph" ? 2 : 1,
            required: f.required === 1,
            ...(f.min_length ? { min_length: Math.min(f.min_length, discordLimits.textInputLength) } : {}),
            ...(f.max_length ? { max_length: Math.min(f.max_length, discordLimits.textInputLength) } : {}),
            ...(f.placeholder ? { placeholder: clampText(f.placeholder, discordLimits.textInputPlaceholder) } : {}),
          },
        ],
      })),
    },
  };
}

/** The typed values (by input custom id) as the form's answers, or the refusal naming the first field that fails. */
export function answersOf(found: FoundForm, typed: Record<string, string>): { answers: FormAnswer[] } | { refusal: Reply } {
  const byId = new Map<number, string>();
  for (const [key, value] of Object.entries(typed)) {
    const id = parseFieldId(key);
    if (id !== null) byId.set(id, value.trim());
  }
  const answers: FormAnswer[] = [];
  for (const f of found.fields) {
    const label = f.label ?? "Question";
    const value = byId.get(f.id) ?? "";
    if (!value) {
      if (f.required === 1) return { refusal: say(botTexts.formRequired(label)) };
      continue;
    }
    const min = f.min_length ?? 0;
    const max = f.max_length ?? 4000;
    if (value.length < min || value.length > max) return { refusal: say(botTexts.formLength(label, min, max)) };
    answers.push({ Label: label, Value: value });
  }
  return { answers };
}
