import type { FormAnswer } from "../../src/schemas/ticket";
import type { Db } from "../db/schema";
import type { Refusal } from "./outcomes";

// A panel's form as the member fills it in (its modal is the door's: server/discord/answers.ts), and the answers
// checked against the form as it is now — a submit may come long after the form was shown, or be forged.

/** The guild's form with its first five fields, as stored; null when the guild has no such form. */
export async function formFields(db: Db, guildId: string, formId: number) {
  const form = await db
    .selectFrom("forms")
    .select(["id", "name"])
    .where("guild_id", "=", guildId)
    .where("id", "=", formId)
    .executeTakeFirst();
  if (!form) return null;
  const fields = await db
    .selectFrom("form_fields")
    .selectAll()
    .where("form_id", "=", formId)
    .orderBy("position")
    .orderBy("id")
    .limit(5)
    .execute();
  return { form, fields };
}

export type FoundForm = NonNullable<Awaited<ReturnType<typeof formFields>>>;

/** The typed values (by form field id) as the form's answers, or the refusal naming the first field that fails. */
export function answersOf(found: FoundForm, typed: ReadonlyMap<number, string>): { answers: FormAnswer[] } | Refusal {
  const answers: FormAnswer[] = [];
  for (const f of found.fields) {
    const label = f.label ?? "Question";
    const value = typed.get(f.id)?.trim() ?? "";
    if (!value) {
      if (f.required === 1) return { refusal: "formRequired", label };
      continue;
    }
    const min = f.min_length ?? 0;
    const max = f.max_length ?? 4000;
    if (value.length < min || value.length > max) return { refusal: "formLength", label, min, max };
    answers.push({ Label: label, Value: value });
  }
  return { answers };
}
