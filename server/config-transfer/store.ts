import type { Kysely } from "kysely";
import {
  type ConfigExport,
  configExportFormat,
  configExportVersion,
  type ConfigImportResult,
  type ExportedBlacklistEntry,
  type ExportedForm,
  type ExportedMultiPanel,
  type ExportedPanel,
  type ExportedTeam,
} from "../../src/schemas/config-export";
import { type ActivityActor, recordActivityOf } from "../activity/record";
import type { Database } from "../db/schema";
import { insertForm, listForms } from "../forms/store";
import type { PlatformGuild } from "../platform/adapter";
import { insertMultiPanel, insertSinglePanel, membersOf, multiPanelName, toMultiPanel, toSinglePanel } from "../panels/store";
import { readGuildSettings } from "../settings/store";
import { teamsWithRoles } from "../teams/store";
import type { Directory } from "./mapping";
import type { ImportPlan, TargetState } from "./plan";
import { countResources, exportResources, replaceResources } from "./resources";

// The database side of export and import: reading a guild's configuration into the file, the target's
// current state for the plan, and writing a plan in one transaction.

type Db = Kysely<Database>;

/** Activity names of the transfer. */
export const configTransferActions = {
  exported: "Configuration Exported",
  imported: "Configuration Imported",
} as const;

const byPosition = <T extends { position: number }>(list: T[]) => [...list].sort((a, b) => a.position - b.position);

/** The platform guild's names (what a file carries and what a target offers). */
export function directoryOf(guild: PlatformGuild): Directory {
  const named = (list: { id: string; name: string }[]) => list.map((e) => ({ id: e.id, name: e.name }));
  return {
    roles: named(guild.roles),
    channels: named(byPosition(guild.text_channels)),
    categories: named(byPosition(guild.categories)),
    emojis: named(guild.emojis),
  };
}

/** The whole configuration of a guild, as the versioned file. */
export async function buildExport(db: Db, guild: PlatformGuild, now = new Date()): Promise<ConfigExport> {
  const guildId = guild.id;
  const { settings } = await readGuildSettings(db, guildId);

  const tags = await db
    .selectFrom("tags")
    .select(["name", "content"])
    .where("guild_id", "=", guildId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();

  const forms: ExportedForm[] = (await listForms(db, guildId)).map((form) => ({
    FormId: form.FormId,
    FormName: form.FormName,
    Fields: form.Fields.map(({ FieldId: _id, ...field }, position) => ({ ...field, Position: position })),
  }));

  const liveRoleNames = new Map(guild.roles.map((r) => [r.id, r.name]));
  const teams: ExportedTeam[] = await teamsWithRoles(db, guildId, liveRoleNames, "id");

  const panelRows = await db.selectFrom("panels").selectAll().where("guild_id", "=", guildId).orderBy("id").execute();
  const panels: ExportedPanel[] = panelRows
    .filter((r) => r.kind === "single")
    .map((r) => {
      const { MessageId: _m, Revision: _r, ...panel } = toSinglePanel(r);
      return panel;
    });
  const multiRows = panelRows.filter((r) => r.kind === "multi");
  const members = await membersOf(
    db,
    multiRows.map((r) => r.id),
  );
  const multi_panels: ExportedMultiPanel[] = multiRows.map((r) => {
    const { MessageId: _m, Revision: _r, ...panel } = toMultiPanel(r, members.get(r.id) ?? []);
    return panel;
  });

  const blacklistRows = await db
    .selectFrom("blacklist")
    .select(["kind", "target_id", "reason"])
    .where("guild_id", "=", guildId)
    .orderBy("id")
    .execute();
  const blacklist: ExportedBlacklistEntry[] = blacklistRows.map((r) => {
    const Kind = r.kind === "Role" ? "Role" : "User";
    return {
      Kind,
      TargetId: r.target_id ?? "",
      Reason: r.reason ?? "",
      TargetName: Kind === "Role" ? (liveRoleNames.get(r.target_id ?? "") ?? null) : null,
    };
  });

  return {
    format: configExportFormat,
    version: configExportVersion,
    exported_at: now.toISOString(),
    source_guild: { id: guild.id, name: guild.name, ...directoryOf(guild) },
    settings,
    tags: tags.map((t) => ({ TagName: t.name, Content: t.content })),
    forms,
    teams,
    panels,
    multi_panels,
    blacklist,
    ...(await exportResources(db, guildId)),
  };
}

const countOf = async (query: { executeTakeFirst(): Promise<{ n: unknown } | undefined> }) =>
  Number((await query.executeTakeFirst())?.n ?? 0);

/** The target's current state, for the plan. */
export async function loadTargetState(db: Db, guild: PlatformGuild): Promise<TargetState> {
  const guildId = guild.id;
  const count = (table: "tags" | "forms" | "teams" | "blacklist") =>
    countOf(
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .where("guild_id", "=", guildId),
    );
  const panelCount = (kind: "single" | "multi") =>
    countOf(
      db
        .selectFrom("panels")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("guild_id", "=", guildId)
        .where("kind", "=", kind),
    );
  const [tags, forms, teams, blacklist, panels, multi_panels, usingForms, usingTeams, { settings }, generated] = await Promise.all([
    count("tags"),
    count("forms"),
    count("teams"),
    count("blacklist"),
    panelCount("single"),
    panelCount("multi"),
    countOf(
      db
        .selectFrom("panels")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("guild_id", "=", guildId)
        .where("form_id", "is not", null),
    ),
    countOf(
      db
        .selectFrom("panels")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("guild_id", "=", guildId)
        .where("team_id", "is not", null),
    ),
    readGuildSettings(db, guildId),
    countResources(db, guildId),
  ]);
  return {
    guild: { id: guild.id, name: guild.name, ownerId: guild.owner.id },
    directory: directoryOf(guild),
    counts: { tags, forms, teams, blacklist, panels, multi_panels, ...generated },
    settings,
    panelsUsingForms: usingForms,
    panelsUsingTeams: usingTeams,
  };
}

/**
 * Writes the plan (which must have no problems) inside `trx`: every section present is emptied, then filled
 * from the file with the references remapped to the new rows. Records one activity entry.
 */
export async function applyPlan(
  trx: Db,
  actor: ActivityActor,
  guildId: string,
  plan: ImportPlan,
): Promise<{ panels: ConfigImportResult["panels"]; teamRoles: { teamId: number; roleId: string }[] }> {
  const { write } = plan;
  const now = Date.now();
  const guildPanels = trx.selectFrom("panels").select("id").where("guild_id", "=", guildId);

  // ---- empty the replaced sections (references first) ----
  if (write.panels) {
    await trx.deleteFrom("multi_panel_members").where("multi_panel_id", "in", guildPanels).execute();
    await trx.deleteFrom("panels").where("guild_id", "=", guildId).where("kind", "=", "multi").execute();
    await trx.deleteFrom("panels").where("guild_id", "=", guildId).execute();
  }
  if (write.forms) {
    const guildForms = trx.selectFrom("forms").select("id").where("guild_id", "=", guildId);
    if (!write.panels)
      await trx.updateTable("panels").set({ form_id: null }).where("guild_id", "=", guildId).where("form_id", "is not", null).execute();
    await trx.deleteFrom("form_fields").where("form_id", "in", guildForms).execute();
    await trx.deleteFrom("forms").where("guild_id", "=", guildId).execute();
  }
  if (write.teams) {
    const guildTeams = trx.selectFrom("teams").select("id").where("guild_id", "=", guildId);
    if (!write.panels)
      await trx.updateTable("panels").set({ team_id: null }).where("guild_id", "=", guildId).where("team_id", "is not", null).execute();
    await trx.deleteFrom("team_roles").where("team_id", "in", guildTeams).execute();
    await trx.deleteFrom("teams").where("guild_id", "=", guildId).execute();
  }
  if (write.tags) await trx.deleteFrom("tags").where("guild_id", "=", guildId).execute();
  if (write.blacklist) await trx.deleteFrom("blacklist").where("guild_id", "=", guildId).execute();

  // ---- fill them ----
  for (const [i, tag] of (write.tags ?? []).entries()) {
    await trx
      .insertInto("tags")
      .values({ id: crypto.randomUUID(), guild_id: guildId, name: tag.TagName, content: tag.Content, created_at: now + i })
      .execute();
  }

  const formIds = new Map<number, number>();
  for (const form of write.forms ?? []) formIds.set(form.sourceId, await insertForm(trx, guildId, form.FormName, form.Fields, now));

  const teamIds = new Map<string, number>();
  const teamRoles: { teamId: number; roleId: string }[] = [];
  for (const team of write.teams ?? []) {
    const { id } = await trx
      .insertInto("teams")
      .values({ guild_id: guildId, name: team.TeamName, permissions_json: JSON.stringify(team.Permissions), created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    teamIds.set(team.sourceId, id);
    for (const role of team.Roles) {
      await trx.insertInto("team_roles").values({ team_id: id, role_id: role.RoleId, role_name: role.RoleName }).execute();
      // The platform learns of it once the import is committed (the caller queues these).
      teamRoles.push({ teamId: id, roleId: role.RoleId });
    }
  }

  const created: ConfigImportResult["panels"] = [];
  const panelIds = new Map<number, number>();
  for (const planned of write.panels ?? []) {
    const formId = planned.formSource === null ? null : (formIds.get(planned.formSource) ?? null);
    const teamId = planned.teamSource === null ? null : (teamIds.get(planned.teamSource) ?? null);
    const panel = { ...planned.panel, FormId: formId, SupportTeams: teamId === null ? [] : [String(teamId)] };
    const id = await insertSinglePanel(trx, guildId, panel, teamId, now);
    panelIds.set(planned.sourceId, id);
    created.push({ PanelId: id, Name: panel.PanelName, Kind: "single" });
  }
  for (const planned of write.multiPanels ?? []) {
    const members = planned.memberSources.map((source) => panelIds.get(source)!);
    const id = await insertMultiPanel(trx, guildId, planned.panel, members, now);
    created.push({ PanelId: id, Name: multiPanelName(planned.panel), Kind: "multi" });
  }

  // The settings last: the panels a DM may open name the panels just made (their ids in this server).
  if (write.settings) {
    const settings = { ...write.settings };
    const listed = settings.DmTicketPanels ?? [];
    if (write.panels && listed.length) {
      settings.DmTicketPanels = listed.map((source) => panelIds.get(source)).filter((id): id is number => id !== undefined);
      // None of them came along: no panel is open to DMs rather than every one.
      if (settings.DmTicketPanels.length === 0) settings.DmTickets = false;
    }
    const row = await trx.selectFrom("guild_settings").select("revision").where("guild_id", "=", guildId).executeTakeFirst();
    const data_json = JSON.stringify(settings);
    if (row) {
      await trx
        .updateTable("guild_settings")
        .set({ data_json, revision: row.revision + 1, updated_at: now })
        .where("guild_id", "=", guildId)
        .execute();
    } else {
      await trx.insertInto("guild_settings").values({ guild_id: guildId, data_json, revision: 1, updated_at: now }).execute();
    }
  }

  for (const [i, entry] of (write.blacklist ?? []).entries()) {
    await trx
      .insertInto("blacklist")
      .values({ guild_id: guildId, kind: entry.Kind, target_id: entry.TargetId, reason: entry.Reason, created_at: now + i })
      .execute();
  }

  if (write.resources) await replaceResources(trx, guildId, write.resources, now);

  const { preview } = plan;
  await recordActivityOf(trx, actor, {
    guildId,
    action: configTransferActions.imported,
    after: {
      Source: preview.source_guild,
      ExportedAt: preview.exported_at,
      Sections: Object.fromEntries(
        preview.sections
          .filter((s) => s.present)
          .map((s) => [s.label, s.section === "settings" ? { Changed: s.updates } : { Removed: s.deletes, Created: s.creates }]),
      ),
      Warnings: preview.warnings.length,
    },
  });
  return { panels: created, teamRoles };
}
