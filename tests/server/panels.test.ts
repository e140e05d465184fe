import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { panelMessages } from "../../src/schemas/messages";
import { noPermissions } from "../../src/schemas/team";
import type { DemoPlatform } from "../../server/platform/demo";
import { panelText } from "../../server/panels/text";
import { embedTextLength } from "../../src/schemas/discord-limits";
import { sendLimitMessages } from "../../src/schemas/send-limits";
import {
  DEMO_ADMIN_ID,
  DEMO_COMMUNITY_ID,
  DEMO_STAFF_ID,
  DEMO_VISITOR_ID,
  GAMING_HUB_ID,
  type TestApp,
  bearer,
  createTestApp,
} from "./helpers";

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const GENERAL_CHANNEL = "812345678901234713";
const SUPPORT_CATEGORY = "812345678901234702";
const MODERATOR_ROLE = "812345678901234602";
const TICKET_EMOJI = "812345678901234801";
const HUB_CHANNEL = "823456789012345714";
const HUB_CATEGORY = "823456789012345703";
const HUB_ROLE = "823456789012345603";
const HUB_EMOJI = "823456789012345801";

type Json = Record<string, any>;

const newPanel = (overrides: Json = {}, message: Json = {}, welcome: Json = {}) => ({
  PanelName: "Bug reports",
  PanelMessage: { PanelChannel: SUPPORT_CHANNEL, PanelTitle: "Found a bug?", ButtonText: "Report", ButtonEmoji: "🐛", ...message },
  WelcomeMessage: { WelcomeDescription: "Tell us what happened.", ...welcome },
  ...overrides,
});

describe("ticket panels API", () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let visitor: string;
  let supportTeamId: string;
  let hubTeamId: number;
  let formId: number;
  let hubFormId: number;

  const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
  const count = async (kind?: string) => {
    let q = t.db.selectFrom("panels").select((eb) => eb.fn.countAll<number>().as("n"));
    if (kind) q = q.where("kind", "=", kind);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const activity = (action: string) =>
    t.db.selectFrom("activity").selectAll().where("guild_id", "=", G).where("action", "=", action).orderBy("id", "desc").execute();
  const platform = () => t.app.platform as DemoPlatform;
  const setStaffPermissions = async (perms: Json) => {
    await t.db
      .updateTable("teams")
      .set({ permissions_json: JSON.stringify({ ...noPermissions(), ViewSinglePanel: true, ViewMultiPanel: true, ...perms }) })
      .where("id", "=", Number(supportTeamId))
      .execute();
  };
  const seeded = async () => {
    const res = await api("GET", `/${G}/panels`, admin);
    return res.json().panels as { SinglePanels: Json[]; MultiPanels: Json[] };
  };
  const createSingle = async (overrides: Json = {}, message: Json = {}) => {
    const res = await api("POST", `/${G}/panels`, admin, { SinglePanel: newPanel(overrides, message) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().PanelId as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, staff, visitor] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID), t.signIn(DEMO_VISITOR_ID)]);
    const team = await t.db.selectFrom("teams").select("id").where("guild_id", "=", G).executeTakeFirstOrThrow();
    supportTeamId = String(team.id);
    const now = Date.now();
    hubTeamId = (
      await t.db
        .insertInto("teams")
        .values({ guild_id: GAMING_HUB_ID, name: "Hub Helpers", permissions_json: "{}", created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    formId = (
      await t.db
        .insertInto("forms")
        .values({ guild_id: G, name: "Bug form", created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    hubFormId = (
      await t.db
        .insertInto("forms")
        .values({ guild_id: GAMING_HUB_ID, name: "Hub form", created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("GET /{guildId}/panel-properties", () => {
    it("answers the guild's channels and categories as name → id maps, emojis, roles, teams and forms", async () => {
      const res = await api("GET", `/${G}/panel-properties`, admin);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.channels.text).toMatchObject({ support: SUPPORT_CHANNEL, general: GENERAL_CHANNEL });
      expect(body.channels.text).not.toHaveProperty("help-desk");
      expect(body.channels.categories).toMatchObject({ Support: SUPPORT_CATEGORY });
      expect(body.emojis).toContainEqual({ id: TICKET_EMOJI, name: "ticket", url: "/images/guilds/emojis/ticket.svg" });
      expect(body.roles).toContainEqual({ RoleId: MODERATOR_ROLE, RoleName: "Moderator" });
      expect(body.support_teams).toEqual([{ TeamId: supportTeamId, TeamName: "Support Team" }]);
      expect(body.forms).toContainEqual({ FormId: formId, FormName: "Bug form" });
      expect(body.forms).not.toContainEqual(expect.objectContaining({ FormId: hubFormId }));
    });

    it("is per guild", async () => {
      const body = (await api("GET", `/${GAMING_HUB_ID}/panel-properties`, admin)).json();
      expect(body.support_teams).toEqual([{ TeamId: String(hubTeamId), TeamName: "Hub Helpers" }]);
      expect(body.forms).toContainEqual({ FormId: hubFormId, FormName: "Hub form" });
      expect(body.forms).not.toContainEqual(expect.objectContaining({ FormId: formId }));
      expect(body.channels.text).toHaveProperty("help-desk", HUB_CHANNEL);
    });

    it("needs a session (401), guild access (403) and a view permission (staff with one is fine)", async () => {
      expect((await api("GET", `/${G}/panel-properties`)).statusCode).toBe(401);
      expect((await api("GET", `/${G}/panel-properties`, visitor)).statusCode).toBe(403);
      expect((await api("GET", `/${G}/panel-properties`, staff)).statusCode).toBe(200);
      await setStaffPermissions({ ViewSinglePanel: false, ViewMultiPanel: false, ViewTag: true });
      expect((await api("GET", `/${G}/panel-properties`, staff)).statusCode).toBe(403);
      await setStaffPermissions({});
    });
  });

  describe("GET /{guildId}/panels", () => {
    it("lists the seeded panels and the multi-panel with its panels as string ids", async () => {
      const panels = await seeded();
      const names = panels.SinglePanels.map((p) => p.PanelName);
      expect(names).toEqual(expect.arrayContaining(["General Support", "Billing"]));
      const general = panels.SinglePanels.find((p) => p.PanelName === "General Support")!;
      expect(general).toMatchObject({ SupportTeams: [supportTeamId], TicketCategory: SUPPORT_CATEGORY, Revision: 1 });
      expect(general.PanelMessage).toMatchObject({ PanelChannel: SUPPORT_CHANNEL, ButtonEmoji: "🎫", PanelColor: "#43B581" });
      expect(panels.MultiPanels).toHaveLength(1);
      const help = panels.MultiPanels[0];
      expect(help.PanelTitle).toBe("Help Center");
      expect(help.Panels).toEqual(
        panels.SinglePanels.filter((p) => ["General Support", "Billing"].includes(p.PanelName)).map((p) => String(p.PanelId)),
      );
    });

    it("is per guild", async () => {
      const res = await api("GET", `/${GAMING_HUB_ID}/panels`, admin);
      expect(res.json()).toEqual({ panels: { SinglePanels: [], MultiPanels: [] } });
    });

    it("shows each kind only to callers who may view it", async () => {
      expect((await api("GET", `/${G}/panels`)).statusCode).toBe(401);
      expect((await api("GET", `/${G}/panels`, visitor)).statusCode).toBe(403);
      await setStaffPermissions({ ViewMultiPanel: false });
      const res = await api("GET", `/${G}/panels`, staff);
      expect(res.statusCode).toBe(200);
      expect(res.json().panels.SinglePanels.length).toBeGreaterThan(0);
      expect(res.json().panels.MultiPanels).toEqual([]);
      await setStaffPermissions({});
    });
  });

  describe("POST /{guildId}/panels {SinglePanel}", () => {
    it("creates the panel, fills the defaults, records the activity and posts its message", async () => {
      const sentBefore = platform().sentMessages.length;
      const res = await api("POST", `/${G}/panels`, admin, {
        SinglePanel: newPanel(
          { FormId: formId, SupportTeams: [supportTeamId], TicketCategory: SUPPORT_CATEGORY, MentionRoleId: MODERATOR_ROLE },
          { PanelFields: [{ FieldName: "Version", FieldValue: "1.2", Inline: true }], ButtonColor: "Danger" },
        ),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ message: "Panel created successfully." });
      const id = res.json().PanelId;
      const panel = (await api("GET", `/${G}/panels/${id}`, admin)).json().panel;
      expect(panel).toMatchObject({
        PanelId: id,
        PanelName: "Bug reports",
        NamingScheme: "ticket-%id%",
        FormId: formId,
        SupportTeams: [supportTeamId],
        MentionRoleId: MODERATOR_ROLE,
        Revision: 1,
        PanelMessage: {
          PanelColor: "#43B581",
          ButtonColor: "Danger",
          DisablePanel: false,
          PanelFields: [{ FieldName: "Version", FieldValue: "1.2", Inline: true }],
        },
        WelcomeMessage: { WelcomeColor: "#5865F2" },
      });
      const sent = platform().sentMessages.slice(sentBefore);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ guildId: G, channelId: SUPPORT_CHANNEL });
      expect(sent[0].payload).toMatchObject({
        embeds: [{ title: "Found a bug?", color: 0x43b581, fields: [{ name: "Version", value: "1.2", inline: true }] }],
        components: [{ type: 1, components: [{ type: 2, style: 4, label: "Report", emoji: { name: "🐛" }, custom_id: `panel:${id}` }] }],
      });
      expect(panel.MessageId).toBe(sent[0].messageId);
      const [entry] = await activity("Panel Created");
      expect(entry.user_id).toBe(DEMO_ADMIN_ID);
      expect(JSON.parse(entry.after_json!)).toMatchObject({ PanelId: id, PanelName: "Bug reports" });
    });

    it("answers the spec's messages for invalid input and stores nothing", async () => {
      const before = await count();
      const cases: [unknown, string[]][] = [
        [newPanel({ PanelName: " " }), [panelMessages.nameRequired]],
        [newPanel({ NamingScheme: "" }), [panelMessages.namingSchemeRequired]],
        [newPanel({ MentionRoleId: "abc" }), [panelMessages.mentionRoleNumeric]],
        [newPanel({}, { PanelChannel: " " }), [panelMessages.channelRequired]],
        [newPanel({}, { PanelColor: "red" }), [panelMessages.invalidColor]],
        [newPanel({}, {}, { WelcomeColor: "#12345" }), [panelMessages.invalidColor]],
        [newPanel({}, { PanelTitle: "", PanelDescription: " ", PanelContent: "" }), [panelMessages.panelMessageRequired]],
        [newPanel({}, {}, { WelcomeDescription: "" }), [panelMessages.welcomeMessageRequired]],
        [newPanel({}, { PanelFields: [{ FieldName: "x" }] }), [panelMessages.panelFieldsInvalid]],
        [newPanel({}, { ButtonEmoji: "🎫🎫" }), ["Emoji must be a single emoji or a custom emoji id"]],
        [newPanel({}, { PanelImageURL: "javascript:alert(1)" }), ["Must be a valid URL"]],
      ];
      for (const [SinglePanel, expected] of cases) {
        const res = await api("POST", `/${G}/panels`, admin, { SinglePanel });
        expect(res.statusCode, JSON.stringify(SinglePanel)).toBe(400);
        expect(res.json().errors).toEqual(expect.arrayContaining(expected));
        expect(res.json().error).toContain(expected[0]);
      }
      for (const body of [{}, { Panel: newPanel() }, [], { SinglePanel: "x" }, { MultiPanel: null }]) {
        const res = await api("POST", `/${G}/panels`, admin, body);
        expect(res.statusCode).toBe(400);
      }
      expect(await count()).toBe(before);
    });

    it("refuses references outside the guild with a clear message, storing nothing", async () => {
      const before = await count();
      const sentBefore = platform().sentMessages.length;
      const cases: [Json, Json, string][] = [
        [{}, { PanelChannel: HUB_CHANNEL }, panelText.channelMissing(HUB_CHANNEL)],
        [{ TicketCategory: HUB_CATEGORY }, {}, panelText.categoryMissing(HUB_CATEGORY)],
        [{ MentionRoleId: HUB_ROLE }, {}, panelText.roleMissing(HUB_ROLE)],
        [{ SupportTeams: [String(hubTeamId)] }, {}, panelText.teamMissing(String(hubTeamId))],
        [{ SupportTeams: ["999999"] }, {}, panelText.teamMissing("999999")],
        [{ FormId: hubFormId }, {}, panelText.formMissing(hubFormId)],
        [{ FormId: 99_999_999_999 }, {}, panelText.formMissing(99_999_999_999)],
        [{ SupportTeams: ["99999999999"] }, {}, panelText.teamMissing("99999999999")],
        [{}, { ButtonEmoji: HUB_EMOJI }, panelText.emojiMissing(HUB_EMOJI)],
      ];
      for (const [overrides, message, expected] of cases) {
        const res = await api("POST", `/${G}/panels`, admin, { SinglePanel: newPanel(overrides, message) });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(expected);
      }
      const two = await api("POST", `/${G}/panels`, admin, { SinglePanel: newPanel({ SupportTeams: [supportTeamId, supportTeamId] }) });
      expect(two.statusCode).toBe(400);
      expect(await count()).toBe(before);
      expect(platform().sentMessages.length).toBe(sentBefore);
    });

    it("accepts the guild's custom emoji by id and a typed channel id of the guild", async () => {
      const id = await createSingle({ PanelName: "Custom emoji" }, { ButtonEmoji: TICKET_EMOJI, PanelChannel: GENERAL_CHANNEL });
      const panel = (await api("GET", `/${G}/panels/${id}`, admin)).json().panel;
      expect(panel.PanelMessage).toMatchObject({ ButtonEmoji: TICKET_EMOJI, PanelChannel: GENERAL_CHANNEL });
    });

    it("needs CreateSinglePanel", async () => {
      const before = await count();
      expect((await api("POST", `/${G}/panels`, undefined, { SinglePanel: newPanel() })).statusCode).toBe(401);
      expect((await api("POST", `/${G}/panels`, visitor, { SinglePanel: newPanel() })).statusCode).toBe(403);
      expect((await api("POST", `/${G}/panels`, staff, { SinglePanel: newPanel() })).statusCode).toBe(403);
      await setStaffPermissions({ CreateMultiPanel: true });
      expect((await api("POST", `/${G}/panels`, staff, { SinglePanel: newPanel() })).statusCode).toBe(403);
      expect(await count()).toBe(before);
      await setStaffPermissions({ CreateSinglePanel: true });
      expect((await api("POST", `/${G}/panels`, staff, { SinglePanel: newPanel({ PanelName: "By staff" }) })).statusCode).toBe(201);
      await setStaffPermissions({});
    });
  });

  describe("GET /{guildId}/panels/{panelId}", () => {
    it("answers {panel} of either kind; 404 for unknown ids and other guilds' panels", async () => {
      const { SinglePanels, MultiPanels } = await seeded();
      const one = await api("GET", `/${G}/panels/${SinglePanels[0].PanelId}`, admin);
      expect(one.json().panel).toEqual(SinglePanels[0]);
      const multi = await api("GET", `/${G}/panels/${MultiPanels[0].PanelId}`, admin);
      expect(multi.json().panel).toEqual(MultiPanels[0]);
      expect((await api("GET", `/${GAMING_HUB_ID}/panels/${SinglePanels[0].PanelId}`, admin)).statusCode).toBe(404);
      expect((await api("GET", `/${G}/panels/999999`, admin)).statusCode).toBe(404);
      expect((await api("GET", `/${G}/panels/abc`, admin)).statusCode).toBe(404);
      expect((await api("GET", `/${G}/panels/0`, admin)).statusCode).toBe(404);
      expect((await api("GET", `/${G}/panels/99999999999`, admin)).statusCode).toBe(404);
    });

    it("needs the view permission of the panel's kind", async () => {
      const { MultiPanels, SinglePanels } = await seeded();
      expect((await api("GET", `/${G}/panels/${SinglePanels[0].PanelId}`)).statusCode).toBe(401);
      expect((await api("GET", `/${G}/panels/${SinglePanels[0].PanelId}`, visitor)).statusCode).toBe(403);
      await setStaffPermissions({ ViewMultiPanel: false });
      expect((await api("GET", `/${G}/panels/${SinglePanels[0].PanelId}`, staff)).statusCode).toBe(200);
      expect((await api("GET", `/${G}/panels/${MultiPanels[0].PanelId}`, staff)).statusCode).toBe(403);
      await setStaffPermissions({});
    });
  });

  describe("PUT /{guildId}/panels/{panelId}", () => {
    it("updates a single panel from {Panel} or {SinglePanel}, bumps the revision and records before/after", async () => {
      const id = await createSingle({ PanelName: "To edit" });
      const panel = (await api("GET", `/${G}/panels/${id}`, admin)).json().panel;
      const res = await api("PUT", `/${G}/panels/${id}`, admin, {
        Panel: { ...panel, PanelName: "Edited", SupportTeams: [supportTeamId] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: "Panel updated successfully." });
      const after = (await api("GET", `/${G}/panels/${id}`, admin)).json().panel;
      expect(after).toMatchObject({ PanelName: "Edited", SupportTeams: [supportTeamId], Revision: 2 });
      const [entry] = await activity("Panel Updated");
      expect(JSON.parse(entry.before_json!)).toMatchObject({ PanelName: "To edit" });
      expect(JSON.parse(entry.after_json!)).toMatchObject({ PanelName: "Edited" });

      const again = await api("PUT", `/${G}/panels/${id}`, admin, {
        SinglePanel: { ...after, PanelName: "Edited twice", SupportTeams: [] },
      });
      expect(again.json()).toEqual({ message: "Panel updated successfully." });
      expect((await api("GET", `/${G}/panels/${id}`, admin)).json().panel).toMatchObject({
        PanelName: "Edited twice",
        SupportTeams: [],
        Revision: 3,
      });
    });

    it("refuses a stale Revision with 409 and keeps the newer version", async () => {
      const id = await createSingle({ PanelName: "Concurrent" });
      const loaded = (await api("GET", `/${G}/panels/${id}`, admin)).json().panel;
      expect((await api("PUT", `/${G}/panels/${id}`, admin, { Panel: { ...loaded, PanelName: "First save" } })).statusCode).toBe(200);
      const stale = await api("PUT", `/${G}/panels/${id}`, admin, { Panel: { ...loaded, PanelName: "Second save" } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toBe("This panel was changed by someone else. Reload to see the latest version.");
      expect((await api("GET", `/${G}/panels/${id}`, admin)).json().panel.PanelName).toBe("First save");
    });

    it("validates like create and checks references, changing nothing on failure", async () => {
      const id = await createSingle({ PanelName: "Validated" });
      const panel = (await api("GET", `/${G}/panels/${id}`, admin)).json().panel;
      const bad = await api("PUT", `/${G}/panels/${id}`, admin, { Panel: { ...panel, PanelName: "" } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(panelMessages.nameRequired);
      const ref = await api("PUT", `/${G}/panels/${id}`, admin, { Panel: { ...panel, FormId: hubFormId } });
      expect(ref.statusCode).toBe(400);
      expect(ref.json().error).toBe(panelText.formMissing(hubFormId));
      const wrongKind = await api("PUT", `/${G}/panels/${id}`, admin, {
        MultiPanel: { PanelChannelId: SUPPORT_CHANNEL, Panels: ["1", "2"], PanelTitle: "x" },
      });
      expect(wrongKind.statusCode).toBe(400);
      expect((await api("GET", `/${G}/panels/${id}`, admin)).json().panel).toMatchObject({
        PanelName: "Validated",
        FormId: null,
        Revision: 1,
      });
    });

    it("is 404 for another guild's panel and needs EditSinglePanel", async () => {
      const id = await createSingle({ PanelName: "Guarded" });
      const panel = (await api("GET", `/${G}/panels/${id}`, admin)).json().panel;
      expect((await api("PUT", `/${GAMING_HUB_ID}/panels/${id}`, admin, { Panel: panel })).statusCode).toBe(404);
      expect((await api("PUT", `/${G}/panels/${id}`, undefined, { Panel: panel })).statusCode).toBe(401);
      expect((await api("PUT", `/${G}/panels/${id}`, visitor, { Panel: panel })).statusCode).toBe(403);
      await setStaffPermissions({ EditMultiPanel: true });
      expect((await api("PUT", `/${G}/panels/${id}`, staff, { Panel: panel })).statusCode).toBe(403);
      await setStaffPermissions({ EditSinglePanel: true });
      expect((await api("PUT", `/${G}/panels/${id}`, staff, { Panel: { ...panel, PanelName: "Staff edit" } })).statusCode).toBe(200);
      await setStaffPermissions({});
    });
  });

  describe("multi-panels", () => {
    it("creates one from single panels of the guild (POST {MultiPanel}) and posts a dropdown or buttons", async () => {
      const a = await createSingle({ PanelName: "Multi A" }, { ButtonText: "A", ButtonEmoji: "🅰️" });
      const b = await createSingle({ PanelName: "Multi B" }, { ButtonText: "", ButtonEmoji: "" });
      const sentBefore = platform().sentMessages.length;
      const res = await api("POST", `/${G}/panels`, admin, {
        MultiPanel: {
          PanelChannelId: GENERAL_CHANNEL,
          Panels: [String(b), String(a)],
          DropdownMenu: true,
          DropdownMenuPlaceholder: "Pick one",
          PanelTitle: "Two topics",
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe("Panel created successfully.");
      const id = res.json().PanelId;
      const panel = (await api("GET", `/${G}/panels/${id}`, admin)).json().panel;
      expect(panel).toMatchObject({
        PanelId: id,
        Panels: [String(b), String(a)],
        DropdownMenu: true,
        PanelTitle: "Two topics",
        PanelColor: "#43B581",
        Revision: 1,
      });
      const [sent] = platform().sentMessages.slice(sentBefore);
      expect(sent.channelId).toBe(GENERAL_CHANNEL);
      expect(sent.payload.components).toEqual([
        {
          type: 1,
          components: [
            {
              type: 3,
              custom_id: `multi-panel:${id}`,
              placeholder: "Pick one",
              options: [
                { label: "Multi B", value: String(b), emoji: undefined },
                { label: "A", value: String(a), emoji: { name: "🅰️" } },
              ],
            },
          ],
        },
      ]);
      const [entry] = await activity("Multi-Panel Created");
      expect(JSON.parse(entry.after_json!)).toMatchObject({ PanelId: id, Panels: [String(b), String(a)] });

      // Resend as buttons after switching the dropdown off.
      const upd = await api("PUT", `/${G}/panels/${id}`, admin, { MultiPanel: { ...panel, DropdownMenu: false } });
      expect(upd.json()).toEqual({ message: "Panel updated successfully." });
      const resend = await api("POST", `/${G}/panels/${id}/resend`, admin);
      expect(resend.json()).toEqual({ message: "Panel resent successfully." });
      const last = platform().sentMessages.at(-1)!;
      expect(last.payload.components).toMatchObject([
        {
          type: 1,
          components: [
            { type: 2, custom_id: `panel:${b}` },
            { type: 2, custom_id: `panel:${a}`, label: "A" },
          ],
        },
      ]);
    });

    it("answers the schema's messages: channel, two panels, some text on create", async () => {
      const before = await count("multi");
      const one = await api("POST", `/${G}/panels`, admin, { MultiPanel: { PanelChannelId: "", Panels: ["1"], PanelTitle: "x" } });
      expect(one.statusCode).toBe(400);
      expect(one.json().errors).toEqual(expect.arrayContaining([panelMessages.multiChannelRequired, panelMessages.multiTwoPanels]));
      const { SinglePanels } = await seeded();
      const ids = SinglePanels.slice(0, 2).map((p) => String(p.PanelId));
      const text = await api("POST", `/${G}/panels`, admin, { MultiPanel: { PanelChannelId: GENERAL_CHANNEL, Panels: ids } });
      expect(text.statusCode).toBe(400);
      expect(text.json().error).toBe(panelMessages.multiMessageRequired);
      expect(await count("multi")).toBe(before);
    });

    it("only takes single panels of the same guild", async () => {
      const before = await count("multi");
      const { SinglePanels, MultiPanels } = await seeded();
      const single = String(SinglePanels[0].PanelId);
      const cases: [string[], string][] = [
        [[single, String(MultiPanels[0].PanelId)], panelText.memberMissing(String(MultiPanels[0].PanelId))],
        [[single, "999999"], panelText.memberMissing("999999")],
        [[single, "99999999999"], panelText.memberMissing("99999999999")],
      ];
      for (const [Panels, expected] of cases) {
        const res = await api("POST", `/${G}/panels`, admin, { MultiPanel: { PanelChannelId: GENERAL_CHANNEL, Panels, PanelTitle: "x" } });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(expected);
      }
      // A single panel of Gaming Hub is not a member candidate in Demo Community.
      const hubA = await api("POST", `/${GAMING_HUB_ID}/panels`, admin, {
        SinglePanel: {
          PanelName: "Hub",
          PanelMessage: { PanelChannel: HUB_CHANNEL, PanelTitle: "Hub" },
          WelcomeMessage: { WelcomeTitle: "Hi" },
        },
      });
      const hubId = String(hubA.json().PanelId);
      const res = await api("POST", `/${G}/panels`, admin, {
        MultiPanel: { PanelChannelId: GENERAL_CHANNEL, Panels: [single, hubId], PanelTitle: "x" },
      });
      expect(res.json().error).toBe(panelText.memberMissing(hubId));
      const channel = await api("POST", `/${G}/panels`, admin, {
        MultiPanel: { PanelChannelId: HUB_CHANNEL, Panels: [single, String(SinglePanels[1].PanelId)], PanelTitle: "x" },
      });
      expect(channel.json().error).toBe(panelText.channelMissing(HUB_CHANNEL));
      expect(await count("multi")).toBe(before);
    });

    it("updates without a title (the text rule is for create only) and refuses a stale revision", async () => {
      const { MultiPanels } = await seeded();
      const help = MultiPanels[0];
      const res = await api("PUT", `/${G}/panels/${help.PanelId}`, admin, {
        MultiPanel: { ...help, PanelTitle: "", PanelDescription: "" },
      });
      expect(res.statusCode).toBe(200);
      const stale = await api("PUT", `/${G}/panels/${help.PanelId}`, admin, { MultiPanel: { ...help, PanelTitle: "Old" } });
      expect(stale.statusCode).toBe(409);
      const wrongKind = await api("PUT", `/${G}/panels/${help.PanelId}`, admin, { Panel: newPanel() });
      expect(wrongKind.statusCode).toBe(400);
      const fresh = (await api("GET", `/${G}/panels/${help.PanelId}`, admin)).json().panel;
      const restore = await api("PUT", `/${G}/panels/${help.PanelId}`, admin, {
        MultiPanel: { ...fresh, PanelTitle: "Help Center", PanelDescription: help.PanelDescription },
      });
      expect(restore.statusCode).toBe(200);
    });

    it("needs the multi-panel permissions, not the single-panel ones", async () => {
      const { SinglePanels, MultiPanels } = await seeded();
      const body = {
        MultiPanel: {
          PanelChannelId: GENERAL_CHANNEL,
          Panels: SinglePanels.slice(0, 2).map((p) => String(p.PanelId)),
          PanelTitle: "Staff multi",
        },
      };
      await setStaffPermissions({ CreateSinglePanel: true, EditSinglePanel: true, DeleteSinglePanel: true });
      expect((await api("POST", `/${G}/panels`, staff, body)).statusCode).toBe(403);
      expect((await api("PUT", `/${G}/panels/${MultiPanels[0].PanelId}`, staff, { MultiPanel: MultiPanels[0] })).statusCode).toBe(403);
      expect((await api("DELETE", `/${G}/panels/${MultiPanels[0].PanelId}`, staff)).statusCode).toBe(403);
      expect((await api("POST", `/${G}/panels/${MultiPanels[0].PanelId}/resend`, staff)).statusCode).toBe(403);
      await setStaffPermissions({ CreateMultiPanel: true });
      expect((await api("POST", `/${G}/panels`, staff, body)).statusCode).toBe(201);
      await setStaffPermissions({});
    });
  });

  describe("DELETE /{guildId}/panels/{panelId}", () => {
    it("refuses (409) to delete a panel a multi-panel uses, naming the multi-panel; nothing changes", async () => {
      const a = await createSingle({ PanelName: "Used A" });
      const b = await createSingle({ PanelName: "Used B" });
      const multi = await api("POST", `/${G}/panels`, admin, {
        MultiPanel: { PanelChannelId: GENERAL_CHANNEL, Panels: [String(a), String(b)], PanelTitle: "Uses A and B" },
      });
      const multiId = multi.json().PanelId;
      const res = await api("DELETE", `/${G}/panels/${a}`, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(
        `This panel is used by the multi-panel "Uses A and B" (#${multiId}). Remove it from that multi-panel first.`,
      );
      expect((await api("GET", `/${G}/panels/${a}`, admin)).statusCode).toBe(200);

      // Deleting the multi-panel removes its member rows, then the panel can go.
      const del = await api("DELETE", `/${G}/panels/${multiId}`, admin);
      expect(del.statusCode).toBe(200);
      expect(del.json().message).toBeTypeOf("string");
      const members = await t.db.selectFrom("multi_panel_members").selectAll().where("multi_panel_id", "=", multiId).execute();
      expect(members).toEqual([]);
      expect((await api("DELETE", `/${G}/panels/${a}`, admin)).statusCode).toBe(200);
      expect((await api("GET", `/${G}/panels/${a}`, admin)).statusCode).toBe(404);
      const [entry] = await activity("Panel Deleted");
      expect(JSON.parse(entry.before_json!)).toMatchObject({ PanelId: a, PanelName: "Used A" });
      expect((await activity("Multi-Panel Deleted")).length).toBeGreaterThan(0);
    });

    it("names every multi-panel using the panel", async () => {
      const { SinglePanels } = await seeded();
      const general = SinglePanels.find((p) => p.PanelName === "General Support")!;
      const billing = SinglePanels.find((p) => p.PanelName === "Billing")!;
      const second = await api("POST", `/${G}/panels`, admin, {
        MultiPanel: { PanelChannelId: GENERAL_CHANNEL, Panels: [String(general.PanelId), String(billing.PanelId)], PanelTitle: "Second" },
      });
      const res = await api("DELETE", `/${G}/panels/${general.PanelId}`, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toContain("the multi-panels");
      expect(res.json().error).toContain(`"Second" (#${second.json().PanelId})`);
      expect(res.json().error).toContain(`"Help Center"`);
      await api("DELETE", `/${G}/panels/${second.json().PanelId}`, admin);
    });

    it("is 404 for other guilds' and unknown panels and needs DeleteSinglePanel", async () => {
      const id = await createSingle({ PanelName: "Delete guard" });
      expect((await api("DELETE", `/${GAMING_HUB_ID}/panels/${id}`, admin)).statusCode).toBe(404);
      expect((await api("DELETE", `/${G}/panels/999999`, admin)).statusCode).toBe(404);
      expect((await api("DELETE", `/${G}/panels/${id}`)).statusCode).toBe(401);
      expect((await api("DELETE", `/${G}/panels/${id}`, visitor)).statusCode).toBe(403);
      expect((await api("DELETE", `/${G}/panels/${id}`, staff)).statusCode).toBe(403);
      await setStaffPermissions({ DeleteMultiPanel: true });
      expect((await api("DELETE", `/${G}/panels/${id}`, staff)).statusCode).toBe(403);
      await setStaffPermissions({ DeleteSinglePanel: true });
      expect((await api("DELETE", `/${G}/panels/${id}`, staff)).statusCode).toBe(200);
      await setStaffPermissions({});
    });
  });

  describe("POST /{guildId}/panels/{panelId}/resend", () => {
    it("posts the message through the platform, stores its id and logs it", async () => {
      const id = await createSingle({ PanelName: "Resend me" }, { DisablePanel: true });
      const firstId = (await api("GET", `/${G}/panels/${id}`, admin)).json().panel.MessageId;
      const res = await api("POST", `/${G}/panels/${id}/resend`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: "Panel resent successfully." });
      const sent = platform().sentMessages.at(-1)!;
      expect(sent.channelId).toBe(SUPPORT_CHANNEL);
      expect(sent.payload.components).toMatchObject([{ components: [{ custom_id: `panel:${id}`, disabled: true }] }]);
      const panel = (await api("GET", `/${G}/panels/${id}`, admin)).json().panel;
      expect(panel.MessageId).toBe(sent.messageId);
      expect(panel.MessageId).not.toBe(firstId);
      const [entry] = await activity("Panel Resent");
      expect(JSON.parse(entry.after_json!)).toMatchObject({ PanelId: id, ChannelId: SUPPORT_CHANNEL, MessageId: sent.messageId });
    });

    it("is 404 for other guilds' panels and needs EditSinglePanel", async () => {
      const id = await createSingle({ PanelName: "Resend guard" });
      expect((await api("POST", `/${GAMING_HUB_ID}/panels/${id}/resend`, admin)).statusCode).toBe(404);
      expect((await api("POST", `/${G}/panels/${id}/resend`)).statusCode).toBe(401);
      expect((await api("POST", `/${G}/panels/${id}/resend`, visitor)).statusCode).toBe(403);
      expect((await api("POST", `/${G}/panels/${id}/resend`, staff)).statusCode).toBe(403);
    });
  });

  describe("Discord's limits: refused at save, kept at send", () => {
    /** Embed texts of exactly `total` counted characters. */
    const embedOf = (total: number) => ({
      PanelTitle: "t".repeat(256),
      PanelDescription: "d".repeat(4096),
      PanelFooter: "f".repeat(total - 256 - 4096),
    });
    const sent = () => platform().sentMessages.length;

    it("a single panel over them is refused with 400 and the limit's message; nothing is stored or posted", async () => {
      const [before, sentBefore] = [await count(), sent()];
      const cases: [unknown, string][] = [
        [newPanel({ PanelName: "n".repeat(81) }, { ButtonText: "", ButtonEmoji: "" }), sendLimitMessages.buttonLabelFromName],
        [newPanel({}, embedOf(6001)), sendLimitMessages.embedTotal],
        [
          newPanel(
            {},
            {},
            {
              WelcomeTitle: "t".repeat(256),
              WelcomeDescription: "d".repeat(4096),
              WelcomeAuthor: "a".repeat(256),
              WelcomeFooter: "f".repeat(1393),
            },
          ),
          sendLimitMessages.embedTotal,
        ],
        [newPanel({}, {}, { WelcomeContent: "c".repeat(1977) }), sendLimitMessages.welcomeContent],
        [newPanel({ MentionRoleId: MODERATOR_ROLE }, {}, { WelcomeContent: "c".repeat(1952) }), sendLimitMessages.welcomeContentWithRole],
      ];
      for (const [SinglePanel, message] of cases) {
        const res = await api("POST", `/${G}/panels`, admin, { SinglePanel });
        expect(res.statusCode, message).toBe(400);
        expect(res.json()).toEqual({ error: message, errors: [message] });
      }
      expect(await count()).toBe(before);
      expect(sent()).toBe(sentBefore);
    });

    it("exactly at them a single panel is saved and posted whole", async () => {
      const id = await createSingle(
        { PanelName: "n".repeat(80), MentionRoleId: MODERATOR_ROLE },
        { ButtonText: "", ButtonEmoji: "", ...embedOf(6000) },
      );
      const posted = platform().sentMessages.at(-1)!;
      expect(posted.payload.components).toMatchObject([{ components: [{ custom_id: `panel:${id}`, label: "n".repeat(80) }] }]);
      expect(embedTextLength(posted.payload.embeds!)).toBe(6000);
      expect(posted.payload.embeds![0].description).toBe("d".repeat(4096));
    });

    it("an update over them is refused and changes nothing", async () => {
      const id = await createSingle({ PanelName: "Limits update" });
      const panel = (await api("GET", `/${G}/panels/${id}`, admin)).json().panel;
      const res = await api("PUT", `/${G}/panels/${id}`, admin, {
        Panel: { ...panel, PanelMessage: { ...panel.PanelMessage, ...embedOf(6001) } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(sendLimitMessages.embedTotal);
      expect((await api("GET", `/${G}/panels/${id}`, admin)).json().panel).toEqual(panel);
    });

    it("a multi-panel over them is refused on create and update", async () => {
      const { SinglePanels, MultiPanels } = await seeded();
      const ids = SinglePanels.slice(0, 2).map((p) => String(p.PanelId));
      const before = await count("multi");
      const create = await api("POST", `/${G}/panels`, admin, {
        MultiPanel: { PanelChannelId: GENERAL_CHANNEL, Panels: ids, ...embedOf(6001) },
      });
      expect(create.statusCode).toBe(400);
      expect(create.json().error).toBe(sendLimitMessages.embedTotal);
      const many = await api("POST", `/${G}/panels`, admin, {
        MultiPanel: { PanelChannelId: GENERAL_CHANNEL, Panels: Array.from({ length: 26 }, (_, i) => String(i + 1)), PanelTitle: "x" },
      });
      expect(many.statusCode).toBe(400);
      expect(many.json().error).toBe(sendLimitMessages.multiPanelTooMany);
      expect(await count("multi")).toBe(before);
      const help = MultiPanels[0];
      const update = await api("PUT", `/${G}/panels/${help.PanelId}`, admin, { MultiPanel: { ...help, ...embedOf(6001) } });
      expect(update.statusCode).toBe(400);
      expect(update.json().error).toBe(sendLimitMessages.embedTotal);
      expect((await api("GET", `/${G}/panels/${help.PanelId}`, admin)).json().panel).toEqual(help);
    });

    it("a panel stored before the rules still lists, and its resend is cut to Discord's limits", async () => {
      const id = await createSingle({ PanelName: "Stored long" }, { ButtonText: "", ButtonEmoji: "" });
      const row = await t.db.selectFrom("panels").select("data_json").where("id", "=", id).executeTakeFirstOrThrow();
      const data = JSON.parse(String(row.data_json));
      const longName = "n".repeat(100);
      data.PanelName = longName;
      Object.assign(data.PanelMessage, { ...embedOf(6000), PanelAuthor: "a".repeat(256) }); // 6256
      await t.db
        .updateTable("panels")
        .set({ name: longName, data_json: JSON.stringify(data) })
        .where("id", "=", id)
        .execute();
      const list = await api("GET", `/${G}/panels`, admin);
      expect(list.statusCode).toBe(200);
      expect(list.json().panels.SinglePanels.find((p: Json) => p.PanelId === id)).toMatchObject({ PanelName: longName });
      expect((await api("POST", `/${G}/panels/${id}/resend`, admin)).statusCode).toBe(200);
      const { payload } = platform().sentMessages.at(-1)!;
      expect(payload.components).toMatchObject([{ components: [{ label: `${"n".repeat(79)}…` }] }]);
      expect(embedTextLength(payload.embeds!)).toBeLessThanOrEqual(6000);
      expect(payload.embeds![0]).toMatchObject({ title: "t".repeat(256), author: { name: "a".repeat(256) } });
      expect(payload.embeds![0].description).toMatch(/^d+…$/);
    });

    it("a multi-panel with no panels left is not posted: resend answers 409 with a clear message", async () => {
      const { SinglePanels } = await seeded();
      const ids = SinglePanels.slice(0, 2).map((p) => String(p.PanelId));
      const created = await api("POST", `/${G}/panels`, admin, {
        MultiPanel: { PanelChannelId: GENERAL_CHANNEL, Panels: ids, DropdownMenu: true, PanelTitle: "Emptied" },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().PanelId as number;
      // What an import or a record of before could leave: a multi-panel whose panels are gone.
      await t.db.deleteFrom("multi_panel_members").where("multi_panel_id", "=", id).execute();
      // It still lists and loads, to be fixed or deleted.
      expect((await seeded()).MultiPanels.find((p) => p.PanelId === id)).toMatchObject({ Panels: [] });
      const { MessageId } = (await api("GET", `/${G}/panels/${id}`, admin)).json().panel;
      const [sentBefore, resentBefore] = [sent(), (await activity("Multi-Panel Resent")).length];
      const res = await api("POST", `/${G}/panels/${id}/resend`, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: sendLimitMessages.multiPanelEmpty });
      expect(sent()).toBe(sentBefore);
      expect((await api("GET", `/${G}/panels/${id}`, admin)).json().panel.MessageId).toBe(MessageId);
      expect(await activity("Multi-Panel Resent")).toHaveLength(resentBefore);
    });
  });

  it("a form a panel uses cannot vanish underneath it (foreign key)", async () => {
    const now = Date.now();
    const form = await t.db
      .insertInto("forms")
      .values({ guild_id: G, name: "Used form", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await createSingle({ PanelName: "Uses a form", FormId: form.id });
    await expect(t.db.deleteFrom("forms").where("id", "=", form.id).execute()).rejects.toThrow();
  });

  it("a deleted team stops being the panel's support team", async () => {
    const now = Date.now();
    const team = await t.db
      .insertInto("teams")
      .values({ guild_id: G, name: "Temporary", permissions_json: "{}", created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = await createSingle({ PanelName: "Team goes", SupportTeams: [String(team.id)] });
    await t.db.deleteFrom("teams").where("id", "=", team.id).execute();
    expect((await api("GET", `/${G}/panels/${id}`, admin)).json().panel.SupportTeams).toEqual([]);
  });
});
