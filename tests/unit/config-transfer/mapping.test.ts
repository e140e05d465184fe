// @vitest-environment node
import { describe, expect, it } from "vitest";
import { parseConfigExport } from "../../../src/schemas/config-export";
import { noPermissions } from "../../../src/schemas/team";
import { type Directory, findByName, mapReferences, type Reference } from "../../../server/config-transfer/mapping";
import { collectReferences, planImport, type TargetState } from "../../../server/config-transfer/plan";
import { sampleFile } from "./sample";

// Mapping source ids to the target's: by name, case-insensitively; a choice in the request wins; what has no
// match is reported (required ones block the import, others are left out with a warning).

const empty = (): Directory => ({ roles: [], channels: [], categories: [], emojis: [] });
const source: Directory = {
  ...empty(),
  roles: [
    { id: "1", name: "Moderator" },
    { id: "2", name: "VIP" },
  ],
  channels: [
    { id: "10", name: "support" },
    { id: "11", name: "welcome" },
  ],
};
const target: Directory = {
  ...empty(),
  roles: [
    { id: "101", name: "  moderator " },
    { id: "102", name: "MODERATOR" },
    { id: "103", name: "Gamer" },
  ],
  channels: [
    { id: "110", name: "Support" },
    { id: "111", name: "help-desk" },
  ],
};

describe("findByName", () => {
  it("matches case-insensitively, ignoring surrounding spaces, first in the target's order", () => {
    expect(findByName(target.roles, "MODERATOR")?.id).toBe("101");
    expect(findByName(target.channels, "support")?.id).toBe("110");
    expect(findByName(target.roles, "VIP")).toBeUndefined();
    expect(findByName(target.roles, "Mod")).toBeUndefined(); // whole names only
  });
});

describe("mapReferences", () => {
  const refs: Reference[] = [
    { kind: "roles", id: "1", usedBy: 'Team "Mods"', required: false },
    { kind: "roles", id: "1", usedBy: 'Panel "A" › mention role', required: false },
    { kind: "roles", id: "2", usedBy: 'Team "Mods"', required: false },
    { kind: "channels", id: "10", usedBy: 'Panel "A" › channel', required: true },
    { kind: "channels", id: "11", usedBy: 'Panel "B" › channel', required: true },
    { kind: "roles", id: "3", usedBy: "Blacklist", required: false }, // not named in the file
  ];

  it("maps by name and reports the unmapped, once per source id with every use", () => {
    const { rows, map, problems } = mapReferences(refs, source, target);
    expect(problems).toEqual([]);
    expect(map.roles.get("1")).toBe("101");
    expect(map.channels.get("10")).toBe("110");
    expect(map.roles.has("2")).toBe(false);
    expect(rows.find((r) => r.source_id === "1")).toEqual({
      kind: "roles",
      source_id: "1",
      source_name: "Moderator",
      target_id: "101",
      target_name: "  moderator ",
      matched: "name",
      required: false,
      used_by: ['Team "Mods"', 'Panel "A" › mention role'],
    });
    expect(rows.find((r) => r.source_id === "2")).toMatchObject({ source_name: "VIP", target_id: null, matched: "none", required: false });
    expect(rows.find((r) => r.source_id === "11")).toMatchObject({ source_name: "welcome", target_id: null, required: true });
    expect(rows.find((r) => r.source_id === "3")).toMatchObject({ source_name: null, target_id: null });
    // Channels first, then roles; by name within a kind.
    expect(rows.map((r) => `${r.kind}:${r.source_id}`)).toEqual(["channels:10", "channels:11", "roles:3", "roles:1", "roles:2"]);
  });

  it("a choice in the request wins over the name; null unmaps; an unknown target is a problem", () => {
    const { rows, map, problems } = mapReferences(refs, source, target, {
      channels: { "11": "111", "10": null },
      roles: { "2": "103", "3": "999" },
    });
    expect(map.channels.get("11")).toBe("111");
    expect(map.channels.has("10")).toBe(false);
    expect(rows.find((r) => r.source_id === "11")).toMatchObject({ target_id: "111", target_name: "help-desk", matched: "manual" });
    expect(rows.find((r) => r.source_id === "10")).toMatchObject({ target_id: null, matched: "none" });
    expect(map.roles.get("2")).toBe("103");
    expect(problems).toEqual(["The chosen role 999 does not exist in this server"]);
  });

  it("is case-insensitive in both directions and needs nothing else", () => {
    const { map } = mapReferences(
      [{ kind: "categories", id: "5", usedBy: "x", required: false }],
      { ...empty(), categories: [{ id: "5", name: "SUPPORT" }] },
      { ...empty(), categories: [{ id: "50", name: "support" }] },
    );
    expect(map.categories.get("5")).toBe("50");
  });
});

describe("the plan of an import", () => {
  const file = () => {
    const parsed = parseConfigExport(sampleFile());
    if (!parsed.success) throw new Error(parsed.errors.join());
    return parsed.data;
  };
  const state = (over: Partial<TargetState> = {}): TargetState => ({
    guild: { id: "823456789012345678", name: "Gaming Hub", ownerId: "900000000000000001" },
    directory: {
      roles: [{ id: "823456789012345602", name: "moderator" }],
      channels: [{ id: "823456789012345714", name: "help-desk" }],
      categories: [],
      emojis: [],
    },
    counts: { tags: 3, forms: 0, teams: 1, panels: 0, multi_panels: 0, blacklist: 0 },
    settings: {
      UserTicketLimit: 1,
      AllowUserTicketClose: true,
      EnableUserFeedback: true,
      TicketCloseConfirmation: true,
      TranscriptsPanelPermission: false,
      SupportRepsViewTickets: true,
      SupportRepsTypeInTickets: true,
      AutoCloseEnabled: false,
      CloseOnUserLeave: false,
      ArchiveChannelId: null,
      CloseOnUserLeaveHours: 1,
      CloseOnUserLeaveMinutes: 0,
      SinceLastMessageDays: 3,
      SinceLastMessageHours: 0,
      SinceLastMessageMinutes: 0,
      StoreTranscripts: true,
    },
    panelsUsingForms: 0,
    panelsUsingTeams: 0,
    ...over,
  });

  it("collects every reference with where it is used", () => {
    expect(collectReferences(file()).map((r) => `${r.kind}:${r.id}:${r.required}:${r.usedBy}`)).toEqual([
      "channels:812345678901234714:false:Settings › Archive channel",
      'roles:812345678901234602:false:Team "Mods"',
      'channels:812345678901234714:true:Panel "General Support" › channel',
      'categories:812345678901234702:false:Panel "General Support" › ticket category',
      'roles:812345678901234602:false:Panel "General Support" › mention role',
      'emojis:812345678901234801:false:Panel "General Support" › button emoji',
      'channels:812345678901234714:true:Panel "Billing" › channel',
      'channels:812345678901234714:true:Multi-panel "Help Center" › channel',
      "roles:812345678901234602:false:Blacklist",
    ]);
  });

  it("blocks on an unmapped panel channel, leaves out unmapped optional ids with a warning", () => {
    const plan = planImport(file(), {}, state());
    expect(plan.preview.can_import).toBe(false);
    expect(plan.preview.problems).toEqual([
      'Channel "support" has no match in this server; choose one for: Settings › Archive channel, Panel "General Support" › channel, Panel "Billing" › channel, Multi-panel "Help Center" › channel',
    ]);
    expect(plan.preview.warnings).toEqual([
      'Category "Support" has no match in this server and is left out of: Panel "General Support" › ticket category',
      'Emoji "ticket" has no match in this server and is left out of: Panel "General Support" › button emoji',
    ]);
  });

  it("with the channel chosen: references remapped, counts per section, settings changes counted", () => {
    const plan = planImport(file(), { channels: { "812345678901234714": "823456789012345714" } }, state());
    expect(plan.preview.problems).toEqual([]);
    const [general, billing] = plan.write.panels!;
    expect(general.panel.PanelMessage.PanelChannel).toBe("823456789012345714");
    expect(general.panel.MentionRoleId).toBe("823456789012345602");
    expect(general.panel.TicketCategory).toBeNull();
    expect(general.panel.PanelMessage.ButtonEmoji).toBe("");
    expect(general).toMatchObject({ sourceId: 11, formSource: 7, teamSource: "3" });
    expect(billing).toMatchObject({ formSource: null, teamSource: null });
    expect(plan.write.multiPanels![0]).toMatchObject({ sourceId: 13, memberSources: [11, 12] });
    expect(plan.write.teams![0]).toMatchObject({ TeamName: "Mods", Roles: [{ RoleId: "823456789012345602", RoleName: "moderator" }] });
    expect(plan.write.teams![0].Permissions).toEqual({ ...noPermissions(), ViewTag: true });
    expect(plan.write.blacklist).toEqual([{ Kind: "Role", TargetId: "823456789012345602", Reason: "" }]);
    expect(plan.write.settings).toMatchObject({
      UserTicketLimit: 2,
      AutoCloseEnabled: true,
      ArchiveChannelId: "823456789012345714",
      StoreTranscripts: true,
    });
    const sections = Object.fromEntries(plan.preview.sections.map((s) => [s.section, [s.present, s.deletes, s.creates, s.updates]]));
    expect(sections).toEqual({
      settings: [true, 0, 0, 3],
      tags: [true, 3, 1, 0],
      forms: [true, 0, 1, 0],
      teams: [true, 1, 1, 0],
      panels: [true, 0, 2, 0],
      multi_panels: [true, 0, 1, 0],
      blacklist: [true, 0, 1, 0],
      close_reasons: [false, 0, 0, 0], // generated sections, not in this file
      labels: [false, 0, 0, 0],
    });
  });

  it("finds problems inside the file: duplicate names and ids, references to what the file lacks", () => {
    const f = file();
    f.tags!.push({ TagName: "WELCOME ", Content: "again" });
    f.teams!.push({ ...f.teams![0], TeamName: "mods" });
    f.panels![1] = { ...f.panels![1], FormId: 99, SupportTeams: ["42"] };
    f.multi_panels![0] = { ...f.multi_panels![0], Panels: ["11", "77"] };
    const plan = planImport(f, { channels: { "812345678901234714": "823456789012345714" } }, state());
    expect(plan.preview.problems).toEqual([
      'tags: the name "welcome" is used more than once',
      'teams: the name "Mods" is used more than once',
      "teams: TeamId 3 is used more than once",
      'Panel "Billing" uses form #99, which is not in the file',
      'Panel "Billing" uses team #42, which is not in the file',
      'Multi-panel "Help Center" shows panel #77, which is not in the file',
    ]);
    expect(plan.preview.can_import).toBe(false);
  });

  it("without forms or teams in the file, panels keep no form or team (warned); replacing forms alone warns about the target's panels", () => {
    const { forms: _f, teams: _t, ...f } = file();
    const plan = planImport(f, { channels: { "812345678901234714": "823456789012345714" } }, state());
    expect(plan.preview.problems).toEqual([]);
    expect(plan.write.panels![0]).toMatchObject({ formSource: null, teamSource: null });
    expect(plan.preview.warnings).toEqual(
      expect.arrayContaining([
        'Panel "General Support" uses form #7, but the file has no forms: the panel is imported without a form',
        'Panel "General Support" uses team #3, but the file has no teams: the panel is imported without a support team',
      ]),
    );
    const { panels: _p, multi_panels: _m, ...formsOnly } = file();
    const second = planImport(formsOnly, {}, state({ panelsUsingForms: 2 }));
    expect(second.preview.warnings).toContain(
      "2 existing panel(s) of this server use a form that the import replaces: they will have no form",
    );
  });

  it("leaves out blacklist entries the target refuses: its owner, @everyone, duplicates after mapping", () => {
    const f = file();
    f.blacklist = [
      { Kind: "User", TargetId: "900000000000000001", Reason: "" },
      { Kind: "User", TargetId: "912345678901234567", Reason: "a" },
      { Kind: "User", TargetId: "912345678901234567", Reason: "b" },
    ];
    const plan = planImport(f, { channels: { "812345678901234714": "823456789012345714" } }, state());
    expect(plan.write.blacklist).toEqual([{ Kind: "User", TargetId: "912345678901234567", Reason: "a" }]);
    expect(plan.preview.warnings).toEqual(
      expect.arrayContaining([
        "Blacklist: user 900000000000000001 owns this server and cannot be blacklisted; the entry is left out",
        "Blacklist: user 912345678901234567 is listed more than once; kept once",
      ]),
    );
  });
});
