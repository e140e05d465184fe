import { interpolate, type Params } from "../../i18n/core";
import type { MappingKind, MappingOverrides, MappingRow, SectionChange } from "../../schemas/config-export";
import { configTransferText, exportFileName, transferredSpecs } from "../../schemas/config-export";
import { resourceTextKey } from "../../i18n/keys";

export { exportFileName };

// Pure helpers of the Import / Export screen (unit-tested in tests/unit/config-transfer).

/** A translate function: `tr(key, englishFallback, params?)` (the dashboard's useTr, or English as it is). */
export type Tr = (key: string, fallback: string, params?: Params) => string;

/** English, word for word: the fallback with its placeholders filled. */
export const english: Tr = (_key, fallback, params) => interpolate(fallback, params);

const text = configTransferText;

/**
 * The screen's fixed texts (configTransferText) in the language of `tr`, for a text that arrives as a value (a
 * read error, a server's problem): any other text unchanged.
 */
export function knownText(value: string, tr: Tr = english): string {
  switch (value) {
    case text.notJson:
      return tr("configTransfer.notJson", text.notJson);
    case text.tooLarge:
      return tr("configTransfer.tooLarge", text.tooLarge);
    case text.notAnExport:
      return tr("configTransfer.notAnExport", text.notAnExport);
    case text.sectionsTogether:
      return tr("configTransfer.sectionsTogether", text.sectionsTogether);
    case text.previewFailed:
      return tr("configTransfer.previewFailed", text.previewFailed);
    case text.problemsTitle:
      return tr("configTransfer.problemsTitle", text.problemsTitle);
    case text.imported:
      return tr("configTransfer.imported", text.imported);
    case text.importFailed:
      return tr("configTransfer.importFailed", text.importFailed);
    case text.exported:
      return tr("configTransfer.exported", text.exported);
    default:
      return value;
  }
}

/** The dictionary key of a section's label: configTransfer.section.<section in camel case>. */
/** A generated section (a declared collection's) is labelled as its resource is in the sidebar. */
const generatedLabelKeys = new Map(transferredSpecs.map((spec) => [spec.api.listKey, resourceTextKey(spec.name, "label")]));

export const sectionLabelKey = (section: SectionChange["section"]) =>
  generatedLabelKeys.get(section) ?? `configTransfer.section.${section.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase())}`;

/** A section's label (the server sends the English one) in the language of `tr`. */
export function sectionLabel(section: Pick<SectionChange, "section" | "label">, tr: Tr = english): string {
  return tr(sectionLabelKey(section.section), section.label);
}

/** The largest file the import reads (the server accepts 5 MB bodies). */
export const maxFileBytes = 5 * 1024 * 1024;

export type ReadResult = { ok: true; value: unknown } | { ok: false; error: string };

/** Reads a chosen file in the browser: size first, then JSON. Nothing is uploaded. */
export async function readJsonFile(file: Pick<File, "size" | "text">): Promise<ReadResult> {
  if (file.size > maxFileBytes) return { ok: false, error: configTransferText.tooLarge };
  try {
    return { ok: true, value: JSON.parse(await file.text()) as unknown };
  } catch {
    return { ok: false, error: configTransferText.notJson };
  }
}

/** Saves a value as a JSON download (a blob link clicked once, then released). */
export function downloadJson(fileName: string, value: unknown, doc: Document = document): void {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  doc.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The mapping with one source id set to a target (or to null: left unmapped). */
export function withChoice(mapping: MappingOverrides, kind: MappingKind, sourceId: string, targetId: string | null): MappingOverrides {
  return { ...mapping, [kind]: { ...(mapping[kind] ?? {}), [sourceId]: targetId } };
}

export const kindNames: Record<MappingKind, string> = { roles: "Role", channels: "Channel", categories: "Category", emojis: "Emoji" };

/** A mapping kind's name ('Role') in the language of `tr`. */
export function kindName(kind: MappingKind, tr: Tr = english): string {
  switch (kind) {
    case "roles":
      return tr("configTransfer.kind.role", kindNames.roles);
    case "channels":
      return tr("configTransfer.kind.channel", kindNames.channels);
    case "categories":
      return tr("configTransfer.kind.category", kindNames.categories);
    case "emojis":
      return tr("configTransfer.kind.emoji", kindNames.emojis);
    default:
      return kindNames[kind as MappingKind] ?? String(kind);
  }
}

/** The target select's placeholder ('Choose a role') in the language of `tr`. */
export function choosePlaceholder(kind: MappingKind, tr: Tr = english): string {
  const englishText = text.choose(kindNames[kind].toLowerCase());
  switch (kind) {
    case "roles":
      return tr("configTransfer.choose.role", englishText);
    case "channels":
      return tr("configTransfer.choose.channel", englishText);
    case "categories":
      return tr("configTransfer.choose.category", englishText);
    case "emojis":
      return tr("configTransfer.choose.emoji", englishText);
    default:
      return englishText;
  }
}

/** "#support" for channels, "@Moderator" for roles, ":ticket:" for emojis, plain for categories. */
export function displayName(kind: MappingKind, name: string | null, id: string): string {
  if (name === null) return id;
  if (kind === "channels") return `#${name}`;
  if (kind === "roles") return `@${name}`;
  if (kind === "emojis") return `:${name}:`;
  return name;
}

/** What happens to a section, in words. */
export function sectionSummary(section: SectionChange, tr: Tr = english): string {
  if (!section.present) return tr("configTransfer.summary.absent", "Not in the file: kept as it is");
  if (section.section === "settings") {
    if (section.updates === 0) return tr("configTransfer.summary.noValueChanges", "No value changes");
    if (section.updates === 1) return tr("configTransfer.summary.oneValueChanges", "1 value changes");
    return tr("configTransfer.summary.valuesChange", "{count} values change", { count: section.updates });
  }
  return tr("configTransfer.summary.replaced", "{deletes} removed, {creates} created", {
    deletes: section.deletes,
    creates: section.creates,
  });
}

/** The labels of the sections the import replaces (in the language of `tr`). */
export const presentSections = (sections: SectionChange[], tr: Tr = english) =>
  sections.filter((s) => s.present).map((s) => sectionLabel(s, tr));

/** An unmapped row: required ones block the import. */
export const rowState = (row: MappingRow): "ok" | "dropped" | "blocking" =>
  row.target_id !== null ? "ok" : row.required ? "blocking" : "dropped";

/** The dashboard route of an imported panel's editor. */
export const panelEditPath = (guildId: string, panel: { PanelId: number; Kind: "single" | "multi" }) =>
  `/${guildId}/panels/${panel.Kind === "multi" ? "edit-multi" : "edit-single"}/${panel.PanelId}`;
