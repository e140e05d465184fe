import type { MappingKind, MappingOverrides, MappingRow, SectionChange } from "../../schemas/config-export";
import { configTransferText, exportFileName } from "../../schemas/config-export";

export { exportFileName };

// Pure helpers of the Import / Export screen (unit-tested in tests/unit/config-transfer).

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

/** "#support" for channels, "@Moderator" for roles, ":ticket:" for emojis, plain for categories. */
export function displayName(kind: MappingKind, name: string | null, id: string): string {
  if (name === null) return id;
  if (kind === "channels") return `#${name}`;
  if (kind === "roles") return `@${name}`;
  if (kind === "emojis") return `:${name}:`;
  return name;
}

/** What happens to a section, in words. */
export function sectionSummary(section: SectionChange): string {
  if (!section.present) return "Not in the file: kept as it is";
  if (section.section === "settings") return section.updates === 0 ? "No value changes" : section.updates === 1 ? "1 value changes" : `${section.updates} values change`;
  return `${section.deletes} removed, ${section.creates} created`;
}

/** The labels of the sections the import replaces. */
export const presentSections = (sections: SectionChange[]) => sections.filter((s) => s.present).map((s) => s.label);

/** An unmapped row: required ones block the import. */
export const rowState = (row: MappingRow): "ok" | "dropped" | "blocking" => (row.target_id !== null ? "ok" : row.required ? "blocking" : "dropped");

/** The dashboard route of an imported panel's editor. */
export const panelEditPath = (guildId: string, panel: { PanelId: number; Kind: "single" | "multi" }) =>
  `/${guildId}/panels/${panel.Kind === "multi" ? "edit-multi" : "edit-single"}/${panel.PanelId}`;
