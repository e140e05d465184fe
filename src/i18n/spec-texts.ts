import * as messages from "../schemas/messages";
import * as sendLimits from "../schemas/send-limits";
import { t } from "./core";

// The contract's fixed texts keyed for translation: `spec.<group>.<name>`, where the group is the export's name
// without "Messages" (teamMessages.roleRemoved → spec.team.roleRemoved; src/i18n/keys.ts). The spec's words are
// src/schemas/messages.ts; the contract answers fixed texts of its own beyond them, which travel the same way (the
// schemas' messages under a field, the server's 400, a toast): Discord's limits (src/schemas/send-limits.ts,
// sendLimitMessages → spec.sendLimit.<name>). Texts with placeholders are functions, translated at their call sites
// with t(key, english, params).
//
// Code that holds a text names it by its key: specT(teamMessages, "pageName") (useSpecT in the dashboard). Only a
// text that arrives as English — an API answer, a validation message of a shared zod schema — is looked up by its
// words (specTextKeys, translateSpecText): the one documented exception to keys (README "Languages").

type Group = Readonly<Record<string, unknown>>;

/** Every `…Messages` export of the contract, with its key group. */
const groups: [group: string, texts: Group][] = [...Object.entries(messages), ...Object.entries(sendLimits)].flatMap(
  ([exportName, value]) =>
    typeof value === "object" && value !== null && exportName.endsWith("Messages")
      ? [[exportName.slice(0, -"Messages".length), value as Group]]
      : [],
);
const groupOf = new Map<Group, string>(groups.map(([name, texts]) => [texts, name]));

/** The names of a group's fixed (string) texts. */
export type FixedTextName<G> = { [K in keyof G]: G[K] extends string ? K : never }[keyof G] & string;

/** The key of a fixed text of the contract: specKeyOf(teamMessages, "pageName") → "spec.team.pageName". */
export function specKeyOf<G extends Group>(group: G, name: FixedTextName<G>): string {
  const groupName = groupOf.get(group);
  if (!groupName) throw new Error(`not a …Messages group of src/schemas: ${Object.keys(group).slice(0, 3).join(", ")}…`);
  return `spec.${groupName}.${name}`;
}

/** A fixed text of the contract in the current language, by its key (components use useSpecT, which re-renders). */
export function specT<G extends Group>(group: G, name: FixedTextName<G>): string {
  return t(specKeyOf(group, name), group[name] as string);
}

/** English text → its key, for texts that arrive as English; the first group that holds a text names it. */
export const specTextKeys: ReadonlyMap<string, string> = (() => {
  const keys = new Map<string, string>();
  for (const [group, texts] of groups) {
    for (const [name, text] of Object.entries(texts)) {
      if (typeof text === "string" && !keys.has(text)) keys.set(text, `spec.${group}.${name}`);
    }
  }
  return keys;
})();

/**
 * A text that arrived as English (a toast, a validation message, an error the API sent) in the current language
 * when it is one of the contract's fixed texts; any other text unchanged.
 */
export function translateSpecText(text: string): string;
export function translateSpecText(text: string | undefined): string | undefined;
export function translateSpecText(text: string | undefined): string | undefined {
  if (text === undefined) return text;
  const key = specTextKeys.get(text);
  return key ? t(key, text) : text;
}
