import * as messages from "../schemas/messages";
import { sendLimitMessages } from "../schemas/send-limits";
import { t } from "./core";

// The spec's fixed texts (src/schemas/messages.ts) keyed for translation: `spec.<group>.<name>`, where the group is
// the export's name without "Messages" (teamMessages.roleRemoved → spec.team.roleRemoved). Texts with
// placeholders are functions and are translated at their call sites with t(key, english, params).

// The contract also answers fixed texts of its own beyond the spec's words, which travel the same way (the schemas'
// messages under a field, the server's 400, a toast): Discord's limits (src/schemas/send-limits.ts), keyed
// `sendLimits.<name>`.
const contractTexts: [prefix: string, group: Record<string, unknown>][] = [["sendLimits", sendLimitMessages]];

/** English text → its key; the first group that holds a text names it. */
export const specTextKeys: ReadonlyMap<string, string> = (() => {
  const keys = new Map<string, string>();
  const add = (prefix: string, group: Record<string, unknown>) => {
    for (const [name, text] of Object.entries(group)) {
      if (typeof text === "string" && !keys.has(text)) keys.set(text, `${prefix}.${name}`);
    }
  };
  for (const [exportName, group] of Object.entries(messages)) {
    if (typeof group !== "object" || group === null || !exportName.endsWith("Messages")) continue;
    add(`spec.${exportName.slice(0, -"Messages".length)}`, group as Record<string, unknown>);
  }
  for (const [prefix, group] of contractTexts) add(prefix, group);
  return keys;
})();

/**
 * A text in the current language when it is one of the spec's fixed texts (a toast, a validation message, an
 * error the API sent); any other text unchanged.
 */
export function translateSpecText(text: string): string;
export function translateSpecText(text: string | undefined): string | undefined;
export function translateSpecText(text: string | undefined): string | undefined {
  if (text === undefined) return text;
  const key = specTextKeys.get(text);
  return key ? t(key, text) : text;
}
