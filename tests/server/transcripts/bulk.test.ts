import { beforeAll, describe, expect, it } from "vitest";
import { keyringFor } from "../../../server/crypto";
import { insertTranscript } from "../../../server/transcripts/store";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, GAMING_HUB_ID, type Json, apiOn, appForSuite } from "../helpers";

// The transcripts list's bulk actions: delete (managers; final) and download as one file, every transcript checked
// first (this server's, a panel the caller may read) and the request refused when one is not.

const G = DEMO_COMMUNITY_ID;
const VIP_ROLE = "812345678901234604";

describe("POST /{guildId}/transcripts/bulk", () => {
  const suite = appForSuite();
  const api = apiOn(() => suite.t);
  const bulk = (who: string, body: Json, guild = G) => api("POST", `/api/${guild}/transcripts/bulk`, suite.tokens[who], body);
  const stored = async () =>
    (await suite.t.db.selectFrom("transcripts").select(["guild_id", "ticket_id"]).orderBy("guild_id").orderBy("ticket_id").execute()).map(
      (r) => `${r.guild_id}:${r.ticket_id}`,
    );
  const activityCount = async () => (await suite.t.db.selectFrom("activity").select("id").execute()).length;
  let general: number;
  let hiddenPanel: number;
  let next = 91000;

  const store = async (panelId: number, guild = G) => {
    const TicketId = next++;
    await insertTranscript(
      suite.t.db,
      keyringFor(suite.t.config),
      guild,
      {
        TicketId,
        AuthorId: DEMO_ADMIN_ID,
        AuthorUsername: "Demo Admin",
        CloseReason: null,
        PanelId: panelId,
        PanelName: "Panel",
        Rating: null,
        ClosedAt: Date.now(),
        messages: [{ author: "Someone", content: `hello from ${TicketId}`, timestamp: Date.now(), embeds: [], attachments: [] }],
      },
      { bytes: Number.POSITIVE_INFINITY },
    );
    return TicketId;
  };
  const saveSettings = async (patch: Json) => {
    const current = await api("GET", `/api/${G}/settings`, suite.tokens.admin);
    expect((await api("PUT", `/api/${G}/settings`, suite.tokens.admin, { ...patch, Revision: current.body.Revision })).status).toBe(200);
  };

  beforeAll(async () => {
    const panel = await suite.t.db
      .selectFrom("panels")
      .selectAll()
      .where("guild_id", "=", G)
      .where("name", "=", "General Support")
      .executeTakeFirstOrThrow();
    general = panel.id;
    // A panel only the VIP desk handles: staff limited to their panels do not read its transcripts.
    const vip = await suite.t.db
      .insertInto("teams")
      .values({ guild_id: G, name: "VIP desk transcripts", permissions_json: "{}", created_at: Date.now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await suite.t.db.insertInto("team_roles").values({ team_id: vip.id, role_id: VIP_ROLE, role_name: "VIP" }).execute();
    const { id: _id, ...copy } = panel;
    hiddenPanel = (
      await suite.t.db
        .insertInto("panels")
        .values({ ...copy, name: "VIP transcripts", team_id: vip.id, message_id: null })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  });

  it("downloads the transcripts as one HTML file, each in a sandboxed frame, with one activity entry", async () => {
    const [a, b] = [await store(general), await store(general)];
    const entries = await activityCount();
    const res = await bulk("staff", { action: "download", ids: [b, a] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(2);
    const html: string = res.body.transcripts_html;
    expect(html.match(/<iframe sandbox /g)).toHaveLength(2);
    expect(html.indexOf(`Ticket #${a}`)).toBeLessThan(html.indexOf(`Ticket #${b}`));
    // Each transcript's own document, escaped into its frame: no markup of it runs in the file itself.
    expect(html).toContain(`hello from ${a}`);
    expect(html).not.toMatch(/<body>[\s\S]*<!doctype[\s\S]*<\/body>/i);
    expect(await activityCount()).toBe(entries + 1);
    const entry = await suite.t.db.selectFrom("activity").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry.action).toBe("Transcripts Downloaded");
    expect(JSON.parse(entry.after_json!)).toEqual({ Count: 2, TicketIds: [a, b] });
  });

  it("refuses a transcript of a panel the caller cannot read, or of another server: nothing sent, nothing deleted", async () => {
    const seen = await store(general);
    const hidden = await store(hiddenPanel);
    const foreign = await store(general, GAMING_HUB_ID);
    await saveSettings({ TranscriptsPanelPermission: true });
    try {
      const before = await stored();
      const entries = await activityCount();
      expect((await bulk("staff", { action: "download", ids: [seen, hidden] })).status).toBe(403);
      expect((await bulk("admin", { action: "delete", ids: [seen, foreign] })).status).toBe(404);
      expect((await bulk("staff", { action: "download", ids: [seen] })).status).toBe(200);
      expect(await stored()).toEqual(before);
      expect(await activityCount()).toBe(entries + 1);
    } finally {
      await saveSettings({ TranscriptsPanelPermission: false });
    }
  });

  it("deletes for managers only, in one request with one entry", async () => {
    const [a, b] = [await store(general), await store(general)];
    const before = await stored();
    expect((await bulk("staff", { action: "delete", ids: [a, b] })).status).toBe(403);
    expect(await stored()).toEqual(before);
    const res = await bulk("admin", { action: "delete", ids: [a, b] });
    expect(res).toMatchObject({ status: 200, body: { count: 2 } });
    expect(await stored()).toEqual(before.filter((k) => k !== `${G}:${a}` && k !== `${G}:${b}`));
    const entry = await suite.t.db.selectFrom("activity").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry.action).toBe("Transcripts Deleted");
    expect(JSON.parse(entry.before_json!)).toEqual({ Count: 2, TicketIds: [a, b] });
    expect((await bulk("admin", { action: "delete", ids: Array.from({ length: 101 }, (_, i) => i + 1) })).status).toBe(400);
  });
});
