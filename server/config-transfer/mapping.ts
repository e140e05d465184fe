import type { DirectoryEntry, MappingKind, MappingOverrides, MappingRow } from "../../src/schemas/config-export";

// Mapping the source guild's ids to the target guild's (pure: no database, no platform). Roles, channels,
// categories and custom emojis are matched by name, case-insensitively (surrounding spaces ignored); an
// explicit choice in the request wins over the match. Only ids the file actually uses are listed.

/** One use of a source id in the file. */
export interface Reference {
  kind: MappingKind;
  id: string;
  /** Where it is used, in words. */
  usedBy: string;
  /** Required: without a target the import cannot proceed (a panel's channel). */
  required: boolean;
}

export type Directory = Record<MappingKind, DirectoryEntry[]>;

export const normalizeName = (name: string) => name.trim().toLocaleLowerCase("en-US");

/** The first target with the same name (in the target's order), or undefined. */
export function findByName(targets: readonly DirectoryEntry[], name: string): DirectoryEntry | undefined {
  const wanted = normalizeName(name);
  return targets.find((t) => normalizeName(t.name) === wanted);
}

export interface MappingResult {
  rows: MappingRow[];
  /** kind → source id → target id (only mapped ones). */
  map: Record<MappingKind, Map<string, string>>;
  /** Overrides naming something the target does not have. */
  problems: string[];
}

const kindWord: Record<MappingKind, string> = { roles: "role", channels: "channel", categories: "category", emojis: "emoji" };

/**
 * Maps every referenced source id: override (when given) → name match → unmapped. `source` gives the names of
 * the source's ids, `target` what the target guild has.
 */
export function mapReferences(
  references: readonly Reference[],
  source: Directory,
  targetGuild: Directory,
  overrides: MappingOverrides = {},
): MappingResult {
  const map = { roles: new Map(), channels: new Map(), categories: new Map(), emojis: new Map() } as MappingResult["map"];
  const problems: string[] = [];
  const grouped = new Map<string, { kind: MappingKind; id: string; usedBy: string[]; required: boolean }>();
  for (const ref of references) {
    const key = `${ref.kind}:${ref.id}`;
    const entry = grouped.get(key) ?? { kind: ref.kind, id: ref.id, usedBy: [], required: false };
    if (!entry.usedBy.includes(ref.usedBy)) entry.usedBy.push(ref.usedBy);
    entry.required ||= ref.required;
    grouped.set(key, entry);
  }
  const rows: MappingRow[] = [];
  for (const { kind, id, usedBy, required } of grouped.values()) {
    const sourceName = source[kind].find((e) => e.id === id)?.name ?? null;
    const chosen = overrides[kind];
    let target: DirectoryEntry | undefined;
    let matched: MappingRow["matched"] = "none";
    if (chosen && Object.hasOwn(chosen, id)) {
      const targetId = chosen[id];
      if (targetId !== null) {
        target = targetGuild[kind].find((t) => t.id === targetId);
        if (target) matched = "manual";
        else problems.push(`The chosen ${kindWord[kind]} ${targetId} does not exist in this server`);
      }
    } else if (sourceName !== null) {
      target = findByName(targetGuild[kind], sourceName);
      if (target) matched = "name";
    }
    if (target) map[kind].set(id, target.id);
    rows.push({
      kind,
      source_id: id,
      source_name: sourceName,
      target_id: target?.id ?? null,
      target_name: target?.name ?? null,
      matched,
      required,
      used_by: usedBy,
    });
  }
  // Stable order: by kind, then source name.
  const order = (k: MappingKind) => ["channels", "categories", "roles", "emojis"].indexOf(k);
  rows.sort(
    (a, b) =>
      order(a.kind) - order(b.kind) || (a.source_name ?? "").localeCompare(b.source_name ?? "") || a.source_id.localeCompare(b.source_id),
  );
  return { rows, map, problems };
}

/** What an unmapped reference means, for the warnings. */
export const kindLabel = (kind: MappingKind) => kindWord[kind];
