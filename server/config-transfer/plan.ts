import {
  type ConfigExport,
  type ConfigImportPreview,
  type ConfigSection,
  configSectionLabels,
  configSections,
  type DirectoryEntry,
  type ExportedBlacklistEntry,
  type MappingKind,
  type MappingOverrides,
  type SectionChange,
} from "../../src/schemas/config-export";
import type { FormField } from "../../src/schemas/form";
import type { MultiPanel } from "../../src/schemas/multi-panel";
import type { SinglePanel } from "../../src/schemas/panel";
import type { TicketSettingKey, TicketSettings } from "../../src/schemas/settings";
import { noPermissions, teamPermissionKeys, type TeamPermissions, type TeamRole } from "../../src/schemas/team";
import { type Directory, kindLabel, mapReferences, type Reference } from "./mapping";
import { plannedResources } from "./resources";

// An import, planned without touching anything: the file (already parsed with the format's schema), the
// requested mapping and the target guild's current state in, the preview (what changes, the mapping, warnings,
// blocking problems) and the rows to write out. apply.ts writes them in one transaction.

/** What the target guild has now (counts per section and what the replacement would affect). */
export interface TargetState {
  guild: { id: string; name: string; ownerId: string };
  directory: Directory;
  counts: Record<Exclude<ConfigSection, "settings">, number>;
  settings: TicketSettings;
  /** Panels of the target that name one of its forms / teams (they lose it when only forms / teams are replaced). */
  panelsUsingForms: number;
  panelsUsingTeams: number;
}

export interface PlannedForm {
  sourceId: number;
  FormName: string;
  Fields: Omit<FormField, "FieldId" | "Position">[];
}
export interface PlannedTeam {
  sourceId: string;
  TeamName: string;
  Roles: TeamRole[];
  Permissions: TeamPermissions;
}
export interface PlannedPanel {
  sourceId: number;
  /** Channel, category, role and emoji already mapped; FormId and SupportTeams are set by apply. */
  panel: SinglePanel;
  formSource: number | null;
  teamSource: string | null;
}
export interface PlannedMultiPanel {
  sourceId: number;
  panel: MultiPanel;
  memberSources: number[];
}

export interface ImportPlan {
  preview: ConfigImportPreview;
  /** Only the sections present in the file. */
  write: {
    settings?: TicketSettings;
    tags?: { TagName: string; Content: string }[];
    forms?: PlannedForm[];
    teams?: PlannedTeam[];
    panels?: PlannedPanel[];
    multiPanels?: PlannedMultiPanel[];
    blacklist?: { Kind: "User" | "Role"; TargetId: string; Reason: string }[];
    /** The generated sections present in the file, by section (./resources.ts). */
    resources?: Record<string, Record<string, unknown>[]>;
  };
}

const isCustomEmojiId = (emoji: string) => /^\d{1,21}$/.test(emoji);
const lower = (s: string) => s.trim().toLocaleLowerCase("en-US");
const quote = (s: string) => `"${s}"`;
const panelLabel = (p: { PanelName: string }) => `Panel ${quote(p.PanelName)}`;
const multiLabel = (p: { PanelTitle: string; PanelId: number }) => `Multi-panel ${quote(p.PanelTitle.trim() || `#${p.PanelId}`)}`;

/** Every source id the file uses, with where. */
export function collectReferences(file: ConfigExport): Reference[] {
  const refs: Reference[] = [];
  const archive = file.settings?.ArchiveChannelId;
  if (archive) refs.push({ kind: "channels", id: archive, usedBy: "Settings › Archive channel", required: false });
  for (const team of file.teams ?? []) {
    for (const role of team.Roles) refs.push({ kind: "roles", id: role.RoleId, usedBy: `Team ${quote(team.TeamName)}`, required: false });
  }
  for (const panel of file.panels ?? []) {
    const label = panelLabel(panel);
    refs.push({ kind: "channels", id: panel.PanelMessage.PanelChannel, usedBy: `${label} › channel`, required: true });
    if (panel.TicketCategory)
      refs.push({ kind: "categories", id: panel.TicketCategory, usedBy: `${label} › ticket category`, required: false });
    if (panel.OverflowCategory)
      refs.push({ kind: "categories", id: panel.OverflowCategory, usedBy: `${label} › overflow category`, required: false });
    if (panel.MentionRoleId) refs.push({ kind: "roles", id: panel.MentionRoleId, usedBy: `${label} › mention role`, required: false });
    if (isCustomEmojiId(panel.PanelMessage.ButtonEmoji)) {
      refs.push({ kind: "emojis", id: panel.PanelMessage.ButtonEmoji, usedBy: `${label} › button emoji`, required: false });
    }
  }
  for (const multi of file.multi_panels ?? []) {
    refs.push({ kind: "channels", id: multi.PanelChannelId, usedBy: `${multiLabel(multi)} › channel`, required: true });
  }
  for (const entry of file.blacklist ?? []) {
    if (entry.Kind === "Role") refs.push({ kind: "roles", id: entry.TargetId, usedBy: "Blacklist", required: false });
  }
  return refs;
}

/** The source's names: source_guild's lists, plus role names the file carries elsewhere (team roles, blacklist). */
export function sourceDirectory(file: ConfigExport): Directory {
  const dir: Directory = {
    roles: [...file.source_guild.roles],
    channels: [...file.source_guild.channels],
    categories: [...file.source_guild.categories],
    emojis: [...file.source_guild.emojis],
  };
  const known = new Set(dir.roles.map((r) => r.id));
  const addRole = (id: string, name: string | null | undefined) => {
    if (!name || known.has(id)) return;
    known.add(id);
    dir.roles.push({ id, name });
  };
  for (const team of file.teams ?? []) for (const role of team.Roles) addRole(role.RoleId, role.RoleName);
  for (const entry of file.blacklist ?? []) if (entry.Kind === "Role") addRole(entry.TargetId, entry.TargetName);
  return dir;
}

function duplicates(names: string[]): string[] {
  const seen = new Map<string, string>();
  const out: string[] = [];
  for (const name of names) {
    const key = lower(name);
    if (seen.has(key) && !out.includes(seen.get(key)!)) out.push(seen.get(key)!);
    else seen.set(key, name);
  }
  return out;
}

export function planImport(file: ConfigExport, overrides: MappingOverrides | undefined, target: TargetState): ImportPlan {
  const problems: string[] = [];
  const warnings: string[] = [];
  const source = sourceDirectory(file);
  const mapping = mapReferences(collectReferences(file), source, target.directory, overrides);
  problems.push(...mapping.problems);
  const mapped = (kind: MappingKind, id: string) => mapping.map[kind].get(id) ?? null;
  const targetName = (kind: MappingKind, id: string) => target.directory[kind].find((e) => e.id === id)?.name ?? id;

  for (const row of mapping.rows) {
    if (row.target_id !== null) continue;
    const what = `${kindLabel(row.kind)[0].toUpperCase()}${kindLabel(row.kind).slice(1)} ${row.source_name !== null ? quote(row.source_name) : row.source_id}`;
    if (row.required) problems.push(`${what} has no match in this server; choose one for: ${row.used_by.join(", ")}`);
    else warnings.push(`${what} has no match in this server and is left out of: ${row.used_by.join(", ")}`);
  }

  const write: ImportPlan["write"] = {};

  // Settings: every value the file names replaces the target's (an export names them all); a key the file
  // leaves out or sets to null keeps the target's value, but ArchiveChannelId null is 'None' and replaces it.
  if (file.settings) {
    const next: TicketSettings = { ...target.settings };
    for (const [key, value] of Object.entries(file.settings) as [TicketSettingKey, unknown][]) {
      if (value === null || value === undefined) continue;
      (next as Record<string, unknown>)[key] = value;
    }
    // The file's panel ids are its server's: they name this server's panels only once its panels come along.
    if (!file.panels) next.DmTicketPanels = target.settings.DmTicketPanels;
    if (file.settings.ArchiveChannelId !== undefined) {
      next.ArchiveChannelId = file.settings.ArchiveChannelId ? mapped("channels", file.settings.ArchiveChannelId) : null;
    }
    write.settings = next;
  }

  write.resources = plannedResources(file);
  if (file.tags) {
    for (const name of duplicates(file.tags.map((t) => t.TagName))) problems.push(`tags: the name ${quote(name)} is used more than once`);
    write.tags = file.tags.map((t) => ({ TagName: t.TagName, Content: t.Content }));
  }

  if (file.forms) {
    const ids = new Set<number>();
    for (const form of file.forms) {
      if (ids.has(form.FormId)) problems.push(`forms: FormId ${form.FormId} is used more than once`);
      ids.add(form.FormId);
    }
    write.forms = file.forms.map((form) => ({
      sourceId: form.FormId,
      FormName: form.FormName,
      Fields: form.Fields.filter((f) => f.Label.trim() !== "").map(({ FieldId: _id, Position: _pos, ...field }) => field),
    }));
  }

  if (file.teams) {
    for (const name of duplicates(file.teams.map((t) => t.TeamName)))
      problems.push(`teams: the name ${quote(name)} is used more than once`);
    const ids = new Set<string>();
    for (const team of file.teams) {
      if (ids.has(team.TeamId)) problems.push(`teams: TeamId ${team.TeamId} is used more than once`);
      ids.add(team.TeamId);
    }
    write.teams = file.teams.map((team) => {
      const roles = new Map<string, TeamRole>();
      for (const role of team.Roles) {
        const id = mapped("roles", role.RoleId);
        if (id && !roles.has(id)) roles.set(id, { RoleId: id, RoleName: targetName("roles", id) });
      }
      const permissions = noPermissions();
      for (const key of teamPermissionKeys) permissions[key] = team.Permissions[key] === true;
      return { sourceId: team.TeamId, TeamName: team.TeamName, Roles: [...roles.values()], Permissions: permissions };
    });
  }

  if (file.panels) {
    const formIds = file.forms ? new Set(file.forms.map((f) => f.FormId)) : null;
    const teamIds = file.teams ? new Set(file.teams.map((t) => t.TeamId)) : null;
    const ids = new Set<number>();
    write.panels = file.panels.map((raw) => {
      const label = panelLabel(raw);
      if (ids.has(raw.PanelId)) problems.push(`panels: PanelId ${raw.PanelId} is used more than once`);
      ids.add(raw.PanelId);
      let formSource = raw.FormId;
      if (formSource !== null && !formIds?.has(formSource)) {
        if (formIds) problems.push(`${label} uses form #${formSource}, which is not in the file`);
        else warnings.push(`${label} uses form #${formSource}, but the file has no forms: the panel is imported without a form`);
        formSource = null;
      }
      let teamSource: string | null = raw.SupportTeams[0] ?? null;
      if (teamSource !== null && !teamIds?.has(teamSource)) {
        if (teamIds) problems.push(`${label} uses team #${teamSource}, which is not in the file`);
        else warnings.push(`${label} uses team #${teamSource}, but the file has no teams: the panel is imported without a support team`);
        teamSource = null;
      }
      const emoji = raw.PanelMessage.ButtonEmoji;
      const panel: SinglePanel = {
        ...raw,
        PanelId: undefined,
        MentionRoleId: raw.MentionRoleId ? mapped("roles", raw.MentionRoleId) : null,
        TicketCategory: raw.TicketCategory ? mapped("categories", raw.TicketCategory) : null,
        OverflowCategory: raw.OverflowCategory ? mapped("categories", raw.OverflowCategory) : null,
        FormId: null,
        SupportTeams: [],
        PanelMessage: {
          ...raw.PanelMessage,
          PanelChannel: mapped("channels", raw.PanelMessage.PanelChannel) ?? raw.PanelMessage.PanelChannel,
          ButtonEmoji: isCustomEmojiId(emoji) ? (mapped("emojis", emoji) ?? "") : emoji,
        },
      };
      return { sourceId: raw.PanelId, panel, formSource, teamSource };
    });
  }

  if (file.multi_panels) {
    const panelIds = new Set((file.panels ?? []).map((p) => p.PanelId));
    write.multiPanels = file.multi_panels.map((raw) => {
      const members = raw.Panels.map(Number);
      for (const id of members) if (!panelIds.has(id)) problems.push(`${multiLabel(raw)} shows panel #${id}, which is not in the file`);
      const panel: MultiPanel = {
        ...raw,
        PanelId: undefined,
        PanelChannelId: mapped("channels", raw.PanelChannelId) ?? raw.PanelChannelId,
      };
      return { sourceId: raw.PanelId, panel, memberSources: members };
    });
  }

  if (file.blacklist) {
    const seen = new Set<string>();
    const out: NonNullable<ImportPlan["write"]["blacklist"]> = [];
    for (const entry of file.blacklist as ExportedBlacklistEntry[]) {
      const targetId = entry.Kind === "Role" ? mapped("roles", entry.TargetId) : entry.TargetId;
      if (targetId === null) continue; // reported with the mapping
      if (entry.Kind === "Role" && targetId === target.guild.id) {
        warnings.push("Blacklist: the @everyone role cannot be blacklisted; the entry is left out");
        continue;
      }
      if (entry.Kind === "User" && targetId === target.guild.ownerId) {
        warnings.push(`Blacklist: user ${targetId} owns this server and cannot be blacklisted; the entry is left out`);
        continue;
      }
      const key = `${entry.Kind}:${targetId}`;
      if (seen.has(key)) {
        warnings.push(
          `Blacklist: ${entry.Kind === "Role" ? `role ${quote(targetName("roles", targetId))}` : `user ${targetId}`} is listed more than once; kept once`,
        );
        continue;
      }
      seen.add(key);
      out.push({ Kind: entry.Kind, TargetId: targetId, Reason: entry.Reason });
    }
    write.blacklist = out;
  }

  if (write.forms && !write.panels && target.panelsUsingForms > 0) {
    warnings.push(
      `${target.panelsUsingForms} existing panel(s) of this server use a form that the import replaces: they will have no form`,
    );
  }
  if (write.teams && !write.panels && target.panelsUsingTeams > 0) {
    warnings.push(
      `${target.panelsUsingTeams} existing panel(s) of this server use a team that the import replaces: they will have no support team`,
    );
  }

  const sections: SectionChange[] = configSections.map((section) => {
    const base = { section, label: configSectionLabels[section], present: false, deletes: 0, creates: 0, updates: 0 };
    if (section === "settings") {
      if (!write.settings) return base;
      const changed = (Object.keys(write.settings) as TicketSettingKey[]).filter((k) => write.settings![k] !== target.settings[k]);
      return { ...base, present: true, updates: changed.length };
    }
    const incoming =
      {
        tags: write.tags,
        forms: write.forms,
        teams: write.teams,
        panels: write.panels,
        multi_panels: write.multiPanels,
        blacklist: write.blacklist,
      }[section] ?? write.resources?.[section];
    if (!incoming) return base;
    return { ...base, present: true, deletes: target.counts[section], creates: incoming.length };
  });

  const dedupe = (list: string[]) => [...new Set(list)];
  const preview: ConfigImportPreview = {
    source_guild: { id: file.source_guild.id, name: file.source_guild.name },
    target_guild: { id: target.guild.id, name: target.guild.name },
    exported_at: file.exported_at,
    sections,
    mapping: mapping.rows,
    targets: {
      roles: plain(target.directory.roles),
      channels: plain(target.directory.channels),
      categories: plain(target.directory.categories),
      emojis: plain(target.directory.emojis),
    },
    warnings: dedupe(warnings),
    problems: dedupe(problems),
    can_import: problems.length === 0,
  };
  return { preview, write };
}

const plain = (entries: DirectoryEntry[]) => entries.map((e) => ({ id: e.id, name: e.name }));
