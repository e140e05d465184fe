import { useCallback } from "react";
import { keySegment, resourceKey, resourceTextKey } from "../../i18n/keys";
import { useSpecText, useTr } from "../../i18n/refine";
import { specTextKeys } from "../../i18n/spec-texts";
import type { z } from "zod";
import type { ResourceDeclaration } from "./types";

// The texts a declaration gives the generated screens, on screen in the current language, under keys built from
// the declaration's name and where the text sits: `<resource>.<slot>` (`tags.list.title`,
// `tags.columns.tagName`, …; src/i18n/keys.ts). A declaration that shows one of the spec's texts still has
// its own key (its Spanish is the spec text's). Such keys are built at run time, so the coverage scanner cannot
// see them: tests/unit/i18n/engine-records.test.tsx checks that every text of every generated declaration
// (declarationTexts below, plus its editor's form texts) has its Spanish text.
//
// The one exception to keys: a text that arrives as English — an API answer's `{message}` or `{error}`, a
// validation message of the shared zod schema — is looked up by its words among the spec's texts
// (src/i18n/spec-texts.ts) and the declaration's `messages` (useMessageText).

/** A text of a declaration in the current language: (slot, English) → text. */
export type DeclarationText = {
  (slot: string, english: string): string;
  (slot: string, english: string | undefined): string | undefined;
};

export { keySegment };

/** The key of a declaration's text. */
export const declarationKey = (declaration: Pick<ResourceDeclaration, "name">, slot: string) => resourceTextKey(declaration.name, slot);

/** Whether a text is one of the spec's fixed texts (what useMessageText can translate by its words). */
export const isSpecText = (text: string) => specTextKeys.has(text);

/** The translator of one declaration's texts. */
export function useDeclarationText(declaration: Pick<ResourceDeclaration, "name">): DeclarationText {
  const tr = useTr();
  return useCallback(
    ((slot: string, english: string | undefined) =>
      english === undefined ? undefined : tr(declarationKey(declaration, slot), english)) as DeclarationText,
    [tr, declaration],
  );
}

/**
 * A text that arrived as English (the API's words, the schema's validation messages) in the current language: a
 * spec text through its key, one of the declaration's `messages` through `<resource>.messages.<name>`, anything
 * else as it is.
 */
export function useMessageText(declaration: Pick<ResourceDeclaration, "name" | "messages">): (message: string) => string {
  const tr = useTr();
  const specText = useSpecText();
  return useCallback(
    (message: string) => {
      if (isSpecText(message)) return specText(message);
      const name = Object.entries(declaration.messages ?? {}).find(([, english]) => english === message)?.[0];
      return name ? tr(declarationKey(declaration, `messages.${keySegment(name)}`), message) : message;
    },
    [tr, specText, declaration],
  );
}

/** Every text of a declaration that the generated list and editors show, as [slot, English] (not the form's fields). */
export function declarationTexts(declaration: ResourceDeclaration): [slot: string, english: string][] {
  const out: [string, string | undefined][] = [
    ["title", declaration.title],
    ["pageName", declaration.pageName],
  ];
  const { list, create, edit, remove } = declaration;
  if (list) {
    out.push(["list.title", list.title], ["list.search", list.search?.placeholder], ["list.empty", list.emptyText]);
    for (const column of list.columns) out.push([`columns.${keySegment(column.key)}`, column.title]);
  }
  for (const [mode, settings] of [
    ["create", create],
    ["edit", edit],
  ] as const) {
    if (!settings) continue;
    out.push(
      [`${mode}.title`, settings.title],
      [`${mode}.submit`, settings.submitLabel],
      [`${mode}.pending`, settings.pendingLabel],
      [`${mode}.success`, settings.successMessage],
    );
  }
  if (remove) {
    out.push(
      ["remove.label", remove.label],
      ["remove.pending", remove.pendingLabel],
      ["remove.confirm.title", remove.confirm?.title],
      ["remove.confirm.description", remove.confirm?.description],
      ["remove.confirm.ok", remove.confirm?.okText],
      ["remove.confirm.cancel", remove.confirm?.cancelText],
    );
  }
  for (const [name, english] of Object.entries(declaration.messages ?? {})) out.push([`messages.${keySegment(name)}`, english]);
  return out.filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "");
}

/** What the generated editors (dialog and page) pass their SchemaForm from a declaration: its schema, hints and texts. */
export function declarationFormProps(declaration: ResourceDeclaration, messageText: (message: string) => string) {
  return {
    schema: declaration.schema as z.ZodType<Record<string, unknown>>,
    fields: declaration.fields,
    textKey: resourceKey(declaration.name),
    messageText,
  };
}
