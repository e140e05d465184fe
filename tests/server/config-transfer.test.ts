import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConfigExport, configExportSchema, type ConfigImportPreview } from "../../src/schemas/config-export";
import { authMessages } from "../../src/schemas/messages";
import { teamPermissionKeys } from "../../src/schemas/team";
import {
  DEMO_ADMIN_ID,
  DEMO_COMMUNITY_ID,
  DEMO_STAFF_ID,
  DEMO_VISITOR_ID,
  GAMING_HUB_ID,
  bearer,
  createTestApp,
  type TestApp,
} from "./helpers";

// Export and import of a guild's configuration: the file's contents, the preview, the access rule (owner,
// Administrator, Manage Server only), a failed import changing nothing, and a real import from Demo Community
// into Gaming Hub with channels and roles remapped and the internal references pointing at the new rows.

const DC = DEMO_COMMUNITY_ID;
const GH = GAMING_HUB_ID;
// Demo Community
const DC_SUPPORT_CHANNEL = "812345678901234714";
const DC_WELCOME_CHANNEL = "812345678901234711";
const DC_TRANSCRIPTS_CHANNEL = "812345678901234716";
const DC_SUPPORT_CATEGORY = "812345678901234702";
const DC_MODERATOR = "812345678901234602";
const DC_VIP = "812345678901234604";
const DC_TICKET_EMOJI = "812345678901234801";
// Gaming Hub
const GH_HELP_DESK = "823456789012345714";
const GH_ANNOUNCEMENTS = "823456789012345711";
const GH_HELP_CATEGORY = "823456789012345703";
const GH_MODERATOR = "823456789012345602";
const GH_GG_EMOJI = "823456789012345801";

let t: TestApp;
let owner: string;
let staff: string;
let visitor: string;

type Method = "GET" | "POST";
const call = (method: Method, url: string, token?: string, body?: unknown): Promise<LightMyRequestResponse> =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(body === undefined ? {} : { payload: body as object }) });
const exportOf = async (guildId: string) => {
  const res = await call("GET", `/api/${guildId}/config/export`, owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ConfigExport;
};
const previewOf = async (guildId: string, body: unknown) => {
  const res = await call("POST", `/api/${guildId}/config/import/preview`, owner, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ConfigImportPreview;
};

const configTables = [
  "tags",
  "forms",
  "form_fields",
  "teams",
  "team_roles",
  "panels",
  "multi_panel_members",
  "blacklist",
  "guild_settings",
  "activity",
] as const;
/** Every row of the configuration tables (and the activity log), sorted, as JSON lines. */
async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of configTables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.db);
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}
const rowsOf = (snap: Record<string, string[]>, table: string) => snap[table].length;

/** The mapping a user picks for Gaming Hub (no channel or category names are shared). */
const ghMapping = {
  channels: { [DC_SUPPORT_CHANNEL]: GH_HELP_DESK, [DC_WELCOME_CHANNEL]: GH_ANNOUNCEMENTS },
  categories: { [DC_SUPPORT_CATEGORY]: GH_HELP_CATEGORY },
};

let testPanelId: number;
let modsTeamId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn(DEMO_ADMIN_ID);
  staff = await t.signIn(DEMO_STAFF_ID);
  visitor = await t.signIn(DEMO_VISITOR_ID);

  // More configuration in Demo Community: a team with a role Gaming Hub also has (by name), a panel naming a
  // form, that team, a role, a category and a custom emoji, blacklist entries, an archive channel.
  const team = await call("POST", `/api/${DC}/teams`, owner, { team_name: "Mods", roles: [DC_MODERATOR, DC_VIP] });
  expect(team.statusCode, team.body).toBe(200);
  modsTeamId = team.json().team.TeamId;
  const perms = await call("PUT" as Method, `/api/${DC}/teams/${modsTeamId}/permissions`, owner, {
    Permissions: { ViewTag: true, EditSettings: true },
  });
  expect(perms.statusCode, perms.body).toBe(200);
  const form = await t.db
    .selectFrom("forms")
    .select(["id"])
    .where("guild_id", "=", DC)
    .where("name", "=", "Staff Application")
    .executeTakeFirstOrThrow();
  const panel = await call("POST", `/api/${DC}/panels`, owner, {
    SinglePanel: {
      PanelName: "Applications",
      MentionRoleId: DC_MODERATOR,
      SupportTeams: [modsTeamId],
      TicketCategory: DC_SUPPORT_CATEGORY,
      FormId: form.id,
      PanelMessage: { PanelChannel: DC_SUPPORT_CHANNEL, PanelTitle: "Apply", ButtonText: "Apply", ButtonEmoji: DC_TICKET_EMOJI },
      WelcomeMessage: { WelcomeDescription: "Thanks for applying" },
    },
  });
  expect(panel.statusCode, panel.body).toBe(201);
  testPanelId = panel.json().PanelId;
  for (const entry of [
    { Kind: "User", TargetId: "912345678901234567", Reason: "spam" },
    { Kind: "Role", TargetId: DC_VIP, Reason: "no VIP tickets" },
    { Kind: "Role", TargetId: DC_MODERATOR, Reason: "mods use the mod channel" },
  ]) {
    const res = await call("POST", `/api/${DC}/blacklist`, owner, entry);
    expect(res.statusCode, res.body).toBe(201);
  }
  const settings = await t.app.inject({
    method: "PUT",
    url: `/api/${DC}/settings`,
    headers: bearer(owner),
    payload: { UserTicketLimit: 4, ArchiveChannelId: DC_TRANSCRIPTS_CHANNEL, AutoCloseEnabled: true },
  });
  expect(settings.statusCode, settings.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe("export", () => {
  it("is the whole configuration as one versioned attachment, without secrets", async () => {
    const res = await call("GET", `/api/${DC}/config/export`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="ticketeer-config-demo-community-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = res.json() as ConfigExport;
    expect(Object.keys(file).sort()).toEqual(
      // close_reasons, labels: declared collections' generated sections (src/schemas/config-export.ts, transferredSpecs)
      [
        "blacklist",
        "close_reasons",
        "exported_at",
        "format",
        "forms",
        "labels",
        "multi_panels",
        "panels",
        "settings",
        "source_guild",
        "tags",
        "teams",
        "version",
      ].sort(),
    );
    expect(file.format).toBe("ticketeer.guild-config");
    expect(file.version).toBe(1);
    expect(Number.isNaN(Date.parse(file.exported_at))).toBe(false);
    expect(file.source_guild).toMatchObject({ id: DC, name: "Demo Community" });
    expect(file.source_guild.channels.map((c) => c.name)).toEqual(["welcome", "rules", "general", "support", "ticket-logs", "transcripts"]);
    expect(file.source_guild.roles.find((r) => r.id === DC_MODERATOR)?.name).toBe("Moderator");

    expect(file.settings).toMatchObject({
      UserTicketLimit: 4,
      ArchiveChannelId: DC_TRANSCRIPTS_CHANNEL,
      AutoCloseEnabled: true,
      StoreTranscripts: true,
    });
    expect(file.tags!.map((x) => x.TagName)).toEqual(["welcome", "rules", "refund-policy", "escalate"]);
    expect(file.forms!.map((f) => [f.FormName, f.Fields.length])).toEqual([
      ["Support Request", 2],
      ["Staff Application", 3],
    ]);
    expect(file.forms![0].Fields[0]).toMatchObject({
      Label: "What do you need help with?",
      Style: "Paragraph",
      Required: true,
      MinLength: 10,
      MaxLength: 1000,
      Position: 0,
    });

    const support = file.teams!.find((x) => x.TeamName === "Support Team")!;
    expect(support.Roles).toEqual([{ RoleId: "812345678901234603", RoleName: "Support" }]);
    expect(support.Permissions.ViewTranscripts).toBe(true);
    expect(support.Permissions.EditSettings).toBe(false);
    const mods = file.teams!.find((x) => x.TeamName === "Mods")!;
    expect(mods.Roles.map((r) => r.RoleName)).toEqual(["Moderator", "VIP"]);

    expect(file.panels!.map((p) => p.PanelName)).toEqual(["General Support", "Billing", "Applications"]);
    const applications = file.panels!.find((p) => p.PanelName === "Applications")!;
    expect(applications).toMatchObject({
      PanelId: testPanelId,
      SupportTeams: [modsTeamId],
      MentionRoleId: DC_MODERATOR,
      TicketCategory: DC_SUPPORT_CATEGORY,
    });
    expect(applications.FormId).toBe(file.forms!.find((f) => f.FormName === "Staff Application")!.FormId);
    expect(applications).not.toHaveProperty("MessageId");
    expect(applications).not.toHaveProperty("Revision");
    const [multi] = file.multi_panels!;
    expect(multi.PanelTitle).toBe("Help Center");
    expect(multi.Panels).toEqual(file.panels!.slice(0, 2).map((p) => String(p.PanelId)));
    expect(file.blacklist!.map((b) => [b.Kind, b.TargetId, b.TargetName ?? null])).toEqual([
      ["User", "912345678901234567", null],
      ["Role", DC_VIP, "VIP"],
      ["Role", DC_MODERATOR, "Moderator"],
    ]);

    // No secrets, transcripts or activity anywhere in it.
    expect(res.body).not.toMatch(/tkb_|key_hash|transcript_html|"activity"|token/i);
    // The file is exactly what the format's schema reads back.
    const parsed = configExportSchema.parse(file);
    expect(parsed.panels!.length).toBe(3);

    const entry = await t.db
      .selectFrom("activity")
      .select(["action", "after_json"])
      .where("guild_id", "=", DC)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe("Configuration Exported");
    expect(JSON.parse(entry.after_json!)).toMatchObject({ Panels: 3, MultiPanels: 1, Tags: 4 });
  });
});

describe("access: owner, Administrator and Manage Server only", () => {
  const routes: [Method, string][] = [
    ["GET", "/config/export"],
    ["POST", "/config/import/preview"],
    ["POST", "/config/import"],
  ];

  it("anonymous 401, Demo Visitor 403, Demo Staff 403 even with every team permission", async () => {
    const file = await exportOf(DC);
    // Give the Support Team (Demo Staff's team) every permission: still not enough.
    const all = Object.fromEntries(teamPermissionKeys.map((k) => [k, true]));
    const team = await t.db
      .selectFrom("teams")
      .select("id")
      .where("guild_id", "=", DC)
      .where("name", "=", "Support Team")
      .executeTakeFirstOrThrow();
    const before = await snapshot();
    const grant = await t.app.inject({
      method: "PUT",
      url: `/api/${DC}/teams/${team.id}/permissions`,
      headers: bearer(owner),
      payload: { Permissions: all },
    });
    expect(grant.statusCode).toBe(200);
    try {
      for (const [method, path] of routes) {
        const body = method === "POST" ? { config: file } : undefined;
        const anonymous = await call(method, `/api/${DC}${path}`, undefined, body);
        expect(anonymous.statusCode, `${path} anonymous`).toBe(401);
        expect(anonymous.json()).toEqual({ error: authMessages.notAuthenticated });
        for (const [who, token] of [
          ["visitor", visitor],
          ["staff", staff],
        ] as const) {
          const res = await call(method, `/api/${DC}${path}`, token, body);
          expect(res.statusCode, `${path} ${who}: ${res.body}`).toBe(403);
          expect(res.json()).toEqual({ error: authMessages.accessDenied });
        }
        // Staff of Demo Community has no access at all to Gaming Hub.
        expect((await call(method, `/api/${GH}${path}`, staff, body)).statusCode).toBe(403);
      }
    } finally {
      const reset = Object.fromEntries(
        teamPermissionKeys.map((k) => [k, ["ViewTag", "ViewSinglePanel", "ViewMultiPanel", "ViewForm", "ViewTranscripts"].includes(k)]),
      );
      await t.app.inject({
        method: "PUT",
        url: `/api/${DC}/teams/${team.id}/permissions`,
        headers: bearer(owner),
        payload: { Permissions: reset },
      });
    }
    const after = await snapshot();
    // Nothing but the permission change and its two activity entries.
    expect(after.panels).toEqual(before.panels);
    expect(after.tags).toEqual(before.tags);
    expect(rowsOf(after, "activity") - rowsOf(before, "activity")).toBe(2);
  });

  it("a bad guild id is 404, the owner 200", async () => {
    expect((await call("GET", "/api/123/config/export", owner)).statusCode).toBe(404);
    expect((await call("GET", `/api/${GH}/config/export`, owner)).statusCode).toBe(200);
  });
});

describe("preview", () => {
  it("shows per-section changes, the mapping by name, unmapped items and what blocks the import, changing nothing", async () => {
    const file = await exportOf(DC);
    const before = await snapshot();
    const preview = await previewOf(GH, { config: file });
    expect(await snapshot()).toEqual(before);

    expect(preview.source_guild).toEqual({ id: DC, name: "Demo Community" });
    expect(preview.target_guild).toEqual({ id: GH, name: "Gaming Hub" });
    const byName = Object.fromEntries(preview.sections.map((s) => [s.section, s]));
    expect(byName.tags).toMatchObject({ present: true, deletes: 3, creates: 4 });
    expect(byName.forms).toMatchObject({ present: true, deletes: 0, creates: 2 });
    expect(byName.teams).toMatchObject({ present: true, deletes: 0, creates: 2 });
    expect(byName.panels).toMatchObject({ present: true, deletes: 0, creates: 3 });
    expect(byName.multi_panels).toMatchObject({ present: true, deletes: 0, creates: 1 });
    expect(byName.blacklist).toMatchObject({ present: true, deletes: 0, creates: 2 }); // the VIP role has no match
    expect(byName.settings.present).toBe(true);
    expect(byName.settings.updates).toBeGreaterThan(0);

    const row = (kind: string, id: string) => preview.mapping.find((m) => m.kind === kind && m.source_id === id)!;
    expect(row("roles", DC_MODERATOR)).toMatchObject({
      source_name: "Moderator",
      target_id: GH_MODERATOR,
      target_name: "Moderator",
      matched: "name",
      required: false,
    });
    expect(row("roles", DC_MODERATOR).used_by).toEqual(['Team "Mods"', 'Panel "Applications" › mention role', "Blacklist"]);
    expect(row("roles", DC_VIP)).toMatchObject({ source_name: "VIP", target_id: null, matched: "none", required: false });
    expect(row("channels", DC_SUPPORT_CHANNEL)).toMatchObject({ source_name: "support", target_id: null, required: true });
    expect(row("channels", DC_TRANSCRIPTS_CHANNEL)).toMatchObject({
      target_id: null,
      required: false,
      used_by: ["Settings › Archive channel"],
    });
    expect(row("emojis", DC_TICKET_EMOJI)).toMatchObject({ source_name: "ticket", target_id: null });
    expect(preview.targets.channels.map((c) => c.name)).toContain("help-desk");

    expect(preview.can_import).toBe(false);
    expect(preview.problems).toEqual([
      'Channel "support" has no match in this server; choose one for: Panel "General Support" › channel, Panel "Billing" › channel, Panel "Applications" › channel',
      'Channel "welcome" has no match in this server; choose one for: Multi-panel "Help Center" › channel',
    ]);
    expect(preview.warnings).toContain('Role "VIP" has no match in this server and is left out of: Team "Mods", Blacklist');

    // With the channels chosen, nothing blocks it; a chosen emoji maps too.
    const mapped = await previewOf(GH, { config: file, mapping: { ...ghMapping, emojis: { [DC_TICKET_EMOJI]: GH_GG_EMOJI } } });
    expect(mapped.can_import).toBe(true);
    expect(mapped.problems).toEqual([]);
    expect(mapped.mapping.find((m) => m.source_id === DC_SUPPORT_CHANNEL)).toMatchObject({
      target_id: GH_HELP_DESK,
      target_name: "help-desk",
      matched: "manual",
    });
    expect(mapped.mapping.find((m) => m.source_id === DC_TICKET_EMOJI)).toMatchObject({ target_id: GH_GG_EMOJI, matched: "manual" });
  });

  it("refuses what is not an export, an unknown version and a mapping naming nothing of the target", async () => {
    const file = await exportOf(DC);
    const bad = async (body: unknown) => {
      const res = await call("POST", `/api/${GH}/config/import/preview`, owner, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { error: string; errors: string[] };
    };
    expect((await bad({ notConfig: true })).errors).toEqual(["Expected {config, mapping?}: config is the exported file"]);
    expect((await bad({ config: { hello: "world" } })).errors).toEqual(["The file is not a Ticketeer configuration export"]);
    expect((await bad({ config: { ...file, version: 7 } })).errors).toEqual([
      "Unsupported configuration version 7: this server reads version 1",
    ]);
    expect((await bad({ config: file, mapping: { channels: { [DC_SUPPORT_CHANNEL]: "not-an-id" } } })).error).toMatch(/numeric id/);
    const unknownTarget = await previewOf(GH, { config: file, mapping: { ...ghMapping, roles: { [DC_VIP]: "823456789012345999" } } });
    expect(unknownTarget.can_import).toBe(false);
    expect(unknownTarget.problems).toContain("The chosen role 823456789012345999 does not exist in this server");
  });
});

describe("a failed import changes nothing", () => {
  it("one invalid panel: 400 listing every problem, no row of any guild touched", async () => {
    const file = await exportOf(DC);
    file.panels![1] = { ...file.panels![1], PanelName: "", PanelMessage: { ...file.panels![1].PanelMessage, PanelColor: "red" } };
    file.tags!.push({ TagName: "WELCOME", Content: "duplicate name" });
    const before = await snapshot();
    const res = await call("POST", `/api/${GH}/config/import`, owner, { config: file, mapping: ghMapping });
    expect(res.statusCode, res.body).toBe(400);
    const { errors } = res.json() as { errors: string[] };
    expect(errors).toEqual(
      expect.arrayContaining([
        "panels #2 › PanelName: Panel name is required",
        expect.stringMatching(/^panels #2 › PanelMessage\.PanelColor: /),
      ]),
    );
    expect(await snapshot()).toEqual(before);
  });

  it("problems found by the plan (duplicate names, a missing channel, a member not in the file): 400, nothing changed", async () => {
    const file = await exportOf(DC);
    file.tags!.push({ TagName: "WELCOME", Content: "duplicate name" });
    file.multi_panels![0] = { ...file.multi_panels![0], Panels: [...file.multi_panels![0].Panels.slice(0, 1), "999999"] };
    const before = await snapshot();
    const res = await call("POST", `/api/${GH}/config/import`, owner, { config: file, mapping: { categories: ghMapping.categories } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        'tags: the name "welcome" is used more than once',
        'Multi-panel "Help Center" shows panel #999999, which is not in the file',
        expect.stringMatching(/^Channel "support" has no match in this server/),
      ]),
    );
    expect(await snapshot()).toEqual(before);
  });

  it("a failure while writing (the database refusing the last panel) rolls everything back", async () => {
    const file = await exportOf(DC);
    const before = await snapshot();
    // A trigger makes the database refuse multi-panels of Gaming Hub: the import fails at its very last section.
    if (t.app.dbDialect === "postgres") {
      await sql`create function refuse_multi() returns trigger language plpgsql as $$ begin if new.kind = 'multi' and new.guild_id = ${sql.lit(GH)} then raise exception 'refused'; end if; return new; end $$`.execute(
        t.db,
      );
      await sql`create trigger refuse_multi before insert on panels for each row execute function refuse_multi()`.execute(t.db);
    } else {
      await sql`create trigger refuse_multi before insert on panels when new.kind = 'multi' and new.guild_id = ${sql.lit(GH)} begin select raise(abort, 'refused'); end`.execute(
        t.db,
      );
    }
    try {
      const res = await call("POST", `/api/${GH}/config/import`, owner, { config: file, mapping: ghMapping });
      expect(res.statusCode, res.body).toBe(500);
    } finally {
      await sql`drop trigger refuse_multi${t.app.dbDialect === "postgres" ? sql` on panels` : sql``}`.execute(t.db);
      if (t.app.dbDialect === "postgres") await sql`drop function refuse_multi()`.execute(t.db);
    }
    expect(await snapshot()).toEqual(before);
    await t.app.teamRoleSync.idle();
  });
});

describe("import Demo Community into Gaming Hub", () => {
  it("replaces every section, remaps channels, roles and internal references, and records one activity entry", async () => {
    const file = await exportOf(DC);
    const source = (await snapshot()) as Record<string, string[]>;
    const dcRows = (table: string) => source[table].filter((r) => r.includes(DC)).sort();
    const res = await call("POST", `/api/${GH}/config/import`, owner, {
      config: file,
      mapping: { ...ghMapping, emojis: { [DC_TICKET_EMOJI]: GH_GG_EMOJI } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result.message).toBe("Configuration imported");
    expect(result.panels.map((p: { Name: string; Kind: string }) => `${p.Kind}:${p.Name}`)).toEqual([
      "single:General Support",
      "single:Billing",
      "single:Applications",
      "multi:Help Center",
    ]);

    // The source is untouched.
    const after = await snapshot();
    for (const table of ["tags", "forms", "teams", "panels", "blacklist", "guild_settings"]) {
      expect(after[table].filter((r) => r.includes(DC)).sort(), table).toEqual(dcRows(table));
    }

    // Through the API, as the dashboard sees Gaming Hub now.
    const panels = (await call("GET", `/api/${GH}/panels`, owner)).json().panels;
    const forms = (await call("GET", `/api/${GH}/forms`, owner)).json().forms;
    const teams = (await call("GET", `/api/${GH}/teams`, owner)).json().teams;
    const tags = (await call("GET", `/api/${GH}/tags`, owner)).json().tags;
    const blacklist = (await call("GET", `/api/${GH}/blacklist`, owner)).json().blacklist;
    const settings = (await call("GET", `/api/${GH}/settings`, owner)).json();

    expect(tags.map((x: { TagName: string }) => x.TagName)).toEqual(["welcome", "rules", "refund-policy", "escalate"]);
    expect(forms.map((f: { FormName: string }) => f.FormName)).toEqual(["Support Request", "Staff Application"]);
    expect(forms[1].Fields.map((f: { Label: string }) => f.Label)).toEqual(file.forms![1].Fields.map((f) => f.Label));

    const mods = teams.find((x: { TeamName: string }) => x.TeamName === "Mods");
    expect(mods.Roles).toEqual([{ RoleId: GH_MODERATOR, RoleName: "Moderator" }]); // VIP had no match
    expect(mods.Permissions).toMatchObject({ ViewTag: true, EditSettings: true, DeleteTeam: false });
    const supportTeam = teams.find((x: { TeamName: string }) => x.TeamName === "Support Team");
    expect(supportTeam.Roles).toEqual([]); // the Support role has no match in Gaming Hub

    const singles = panels.SinglePanels as { PanelId: number; PanelName: string; [k: string]: any }[];
    expect(singles.map((p) => p.PanelName)).toEqual(["General Support", "Billing", "Applications"]);
    for (const p of singles) expect(p.PanelMessage.PanelChannel).toBe(GH_HELP_DESK);
    const general = singles[0];
    expect(general.TicketCategory).toBe(GH_HELP_CATEGORY);
    expect(general.MentionRoleId).toBeNull(); // Support role: no match
    expect(general.SupportTeams).toEqual([supportTeam.TeamId]);
    const applications = singles[2];
    expect(applications.FormId).toBe(forms[1].FormId);
    expect(applications.SupportTeams).toEqual([mods.TeamId]);
    expect(applications.MentionRoleId).toBe(GH_MODERATOR);
    expect(applications.PanelMessage.ButtonEmoji).toBe(GH_GG_EMOJI);
    expect(applications.MessageId).toBeNull();
    const [multi] = panels.MultiPanels as { PanelChannelId: string; Panels: string[]; DropdownMenu: boolean }[];
    expect(multi.PanelChannelId).toBe(GH_ANNOUNCEMENTS);
    expect(multi.Panels).toEqual([String(singles[0].PanelId), String(singles[1].PanelId)]);
    expect(multi.DropdownMenu).toBe(true);

    expect(blacklist.map((b: { Kind: string; TargetId: string }) => `${b.Kind}:${b.TargetId}`).sort()).toEqual(
      [`Role:${GH_MODERATOR}`, "User:912345678901234567"].sort(),
    );
    expect(settings).toMatchObject({ UserTicketLimit: 4, AutoCloseEnabled: true, ArchiveChannelId: null });

    // Gaming Hub's own tags are gone; its rows reference only its own rows.
    expect(after.tags.some((r) => r.includes("server-ip"))).toBe(false);
    const ghPanelIds = new Set(singles.map((p) => p.PanelId));
    const members = await t.db.selectFrom("multi_panel_members").selectAll().execute();
    for (const m of members.filter((x) => !ghPanelIds.has(x.panel_id))) {
      const owners = await t.db.selectFrom("panels").select("guild_id").where("id", "=", m.multi_panel_id).executeTakeFirstOrThrow();
      expect(owners.guild_id).toBe(DC);
    }

    const activity = await t.db
      .selectFrom("activity")
      .selectAll()
      .where("guild_id", "=", GH)
      .where("action", "=", "Configuration Imported")
      .execute();
    expect(activity).toHaveLength(1);
    expect(JSON.parse(activity[0].after_json!)).toMatchObject({
      Source: { id: DC, name: "Demo Community" },
      Sections: { Panels: { Removed: 0, Created: 3 }, Tags: { Removed: 3, Created: 4 }, "Multi-Panels": { Created: 1 } },
    });
    expect(activity[0].user_id).toBe(DEMO_ADMIN_ID);

    // The imported panels work like any other: edit (revision 1) and resend.
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/${GH}/panels/${applications.PanelId}`,
      headers: bearer(owner),
      payload: { SinglePanel: { ...applications, PanelName: "Applications (edited)", MessageId: undefined } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call("POST", `/api/${GH}/panels/${singles[1].PanelId}/resend`, owner)).statusCode).toBe(200);

    // Exported again, Gaming Hub's file names the same things (ids and names of the target).
    const again = await exportOf(GH);
    expect(again.tags).toEqual(file.tags);
    expect(again.forms!.map(({ FormId: _id, ...f }) => f)).toEqual(file.forms!.map(({ FormId: _id, ...f }) => f));
    expect(again.multi_panels!.map(({ PanelId: _p, Panels: _m, PanelChannelId: _c, ...m }) => m)).toEqual(
      file.multi_panels!.map(({ PanelId: _p, Panels: _m, PanelChannelId: _c, ...m }) => m),
    );
  });

  it("a file with only some sections replaces only those; replacing forms alone unlinks the panels using them", async () => {
    const file = await exportOf(DC);
    const before = await snapshot();
    const {
      panels: _p,
      multi_panels: _m,
      teams: _t,
      blacklist: _b,
      settings: _s,
      tags: _tags,
      close_reasons: _c,
      labels: _l,
      ...formsOnly
    } = file as typeof file & { close_reasons?: unknown; labels?: unknown };
    const preview = await previewOf(GH, { config: formsOnly });
    expect(preview.sections.filter((s) => s.present).map((s) => s.section)).toEqual(["forms"]);
    // Applications and the demo's Billing (its "Support Request" form) were imported with their forms.
    expect(preview.warnings).toContain("2 existing panel(s) of this server use a form that the import replaces: they will have no form");
    const res = await call("POST", `/api/${GH}/config/import`, owner, { config: formsOnly });
    expect(res.statusCode, res.body).toBe(200);
    const after = await snapshot();
    for (const table of ["tags", "teams", "team_roles", "blacklist", "guild_settings", "multi_panel_members"])
      expect(after[table], table).toEqual(before[table]);
    const ghPanels = await t.db
      .selectFrom("panels")
      .select(["name", "form_id", "team_id"])
      .where("guild_id", "=", GH)
      .where("kind", "=", "single")
      .orderBy("id")
      .execute();
    expect(ghPanels.map((p) => p.form_id)).toEqual([null, null, null]);
    expect(ghPanels.some((p) => p.team_id !== null)).toBe(true); // teams were not in the file

    const onlyPanels = { ...formsOnly, forms: undefined, panels: file.panels };
    const together = await call("POST", `/api/${GH}/config/import/preview`, owner, { config: onlyPanels });
    expect(together.statusCode).toBe(400);
    expect(together.json().errors).toEqual(["panels and multi_panels must be imported together"]);
  });

  it("accepts a file bigger than the API's usual 1 MB body limit", async () => {
    const file = await exportOf(DC);
    const tags = Array.from({ length: 500 }, (_, i) => ({ TagName: `bulk-${i}-${"n".repeat(200)}`, Content: "x".repeat(2048) }));
    const { panels: _p, multi_panels: _m, ...rest } = file;
    const body = { config: { ...rest, tags } };
    expect(JSON.stringify(body).length).toBeGreaterThan(1024 * 1024);
    const res = await call("POST", `/api/${GH}/config/import`, owner, body);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const count = await t.db
      .selectFrom("tags")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("guild_id", "=", GH)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(500);
  });

  it("two imports at the same time: one after the other, never interleaved", async () => {
    const file = await exportOf(DC);
    const body = { config: file, mapping: ghMapping };
    const results = await Promise.all([
      call("POST", `/api/${GH}/config/import`, owner, body),
      call("POST", `/api/${GH}/config/import`, owner, body),
    ]);
    for (const res of results) expect([200, 409], res.body).toContain(res.statusCode);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    const panels = await t.db.selectFrom("panels").select(["kind", "name"]).where("guild_id", "=", GH).execute();
    expect(panels.filter((p) => p.kind === "single")).toHaveLength(file.panels!.length);
    expect(panels.filter((p) => p.kind === "multi")).toHaveLength(file.multi_panels!.length);
    const tags = await t.db.selectFrom("tags").select("name").where("guild_id", "=", GH).execute();
    expect(tags.map((x) => x.name).sort()).toEqual(file.tags!.map((x) => x.TagName).sort());
  });

  it("imports a file into the guild it came from (a restore)", async () => {
    const file = await exportOf(DC);
    const res = await call("POST", `/api/${DC}/config/import`, owner, { config: file });
    expect(res.statusCode, res.body).toBe(200);
    const again = await exportOf(DC);
    const strip = (f: ConfigExport) => ({
      tags: f.tags,
      settings: f.settings,
      forms: f.forms!.map(({ FormId: _id, ...x }) => x),
      teams: f.teams!.map(({ TeamId: _id, ...x }) => x),
      panels: f.panels!.map(({ PanelId: _id, FormId: _f, SupportTeams: _t, ...x }) => x),
      blacklist: f.blacklist,
    });
    expect(strip(again)).toEqual(strip(file));
  });
  it("the panels a DM may open follow the import: the new panels' ids, or the target's own list when no panels come along", async () => {
    const billing = await t.db
      .selectFrom("panels")
      .select("id")
      .where("guild_id", "=", DC)
      .where("name", "=", "Billing")
      .executeTakeFirstOrThrow();
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/${DC}/settings`,
      headers: bearer(owner),
      payload: { DmTickets: true, DmTicketPanels: [billing.id] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const file = await exportOf(DC);
    expect(file.settings).toMatchObject({ DmTickets: true, DmTicketPanels: [billing.id] });
    const res = await call("POST", `/api/${GH}/config/import`, owner, {
      config: file,
      mapping: { ...ghMapping, emojis: { [DC_TICKET_EMOJI]: GH_GG_EMOJI } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const ghBilling = await t.db
      .selectFrom("panels")
      .select("id")
      .where("guild_id", "=", GH)
      .where("name", "=", "Billing")
      .executeTakeFirstOrThrow();
    expect(ghBilling.id).not.toBe(billing.id);
    const settingsOf = async (guildId: string) => (await call("GET", `/api/${guildId}/settings`, owner)).json();
    expect(await settingsOf(GH)).toMatchObject({ DmTickets: true, DmTicketPanels: [ghBilling.id] });

    // Settings alone: the file's panel ids name nothing here, so Gaming Hub keeps its own list.
    const settingsOnly = {
      ...file,
      tags: undefined,
      forms: undefined,
      teams: undefined,
      panels: undefined,
      multi_panels: undefined,
      blacklist: undefined,
    };
    const again = await call("POST", `/api/${GH}/config/import`, owner, { config: settingsOnly, mapping: ghMapping });
    expect(again.statusCode, again.body).toBe(200);
    expect((await settingsOf(GH)).DmTicketPanels).toEqual([ghBilling.id]);
  });
});
