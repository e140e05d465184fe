import type { Db } from "../db/schema";
import { DEMO_COMMUNITY_ID } from "../platform/demo-fixtures";
import { insertForm, type StoredField } from "./store";

// Demo data: two forms in Demo Community.

const demoForms: { name: string; fields: Omit<StoredField, "FieldId" | "Position">[] }[] = [
  {
    name: "Support Request",
    fields: [
      {
        Label: "What do you need help with?",
        Placeholder: "Describe the problem in a few sentences",
        Style: "Paragraph",
        Required: true,
        MinLength: 10,
        MaxLength: 1000,
      },
      { Label: "Order ID (if any)", Placeholder: "e.g. 10452", Style: "Short", Required: false, MinLength: 0, MaxLength: 20 },
    ],
  },
  {
    name: "Staff Application",
    fields: [
      { Label: "How old are you?", Placeholder: "Your age", Style: "Short", Required: true, MinLength: 1, MaxLength: 3 },
      { Label: "Why do you want to join the team?", Placeholder: "", Style: "Paragraph", Required: true, MinLength: 50, MaxLength: 1024 },
      { Label: "Which time zone are you in?", Placeholder: "e.g. UTC+1", Style: "Short", Required: false, MinLength: 0, MaxLength: 40 },
    ],
  },
];

/** Seed step: two demo forms in Demo Community (run once per database by server/seed.ts). */
export async function seedDemoForms(db: Db): Promise<void> {
  const now = Date.now();
  for (const form of demoForms) await insertForm(db, DEMO_COMMUNITY_ID, form.name, form.fields, now);
}
