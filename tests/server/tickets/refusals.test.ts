import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordedBotProblems } from "../../../server/bot-setup/problems";
import { botTexts } from "../../../server/discord/texts";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, createTestApp, apiOn, type Json } from "../helpers";

// What a member reads and what the owner sees when Discord says no — on the demo platform, which holds Discord's own
// limits (50 channels in a category, a channel renamed twice in ten minutes) so Try-it meets what a real server meets.
// The same refusals against the Discord adapter are in tests/server/discord/.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const SUPPORT_CATEGORY = "812345678901234702";
const ARCHIVE_CATEGORY = "812345678901234703";

let t: TestApp;
let admin: string;
let staff: string;

const api = apiOn(() => t);
const interact = async (token: string, body: Json) => {
  const res = await api("POST", `/api/${G}/demo/interactions`, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { ephemeral: Json[] }).ephemeral.map((m) => m.content).join("\n");
};
const panelRow = () =>
  t.db.selectFrom("panels").selectAll().where("guild_id", "=", G).where("name", "=", "General Support").executeTakeFirstOrThrow();
const clickPanel = async (token: string) => {
  const panel = await panelRow();
  return interact(token, { kind: "button", channelId: SUPPORT_CHANNEL, messageId: panel.message_id!, customId: `panel:${panel.id}` });
};
const command = (token: string, channelId: string, name: string, options: Json = {}) =>
  interact(token, { kind: "command", channelId, name, options });
/** Fills a category with channels made by hand until it holds `count` (the support channel is one of them). */
async function fillCategory(parentId: string, count: number) {
  const existing = await t.db.selectFrom("demo_channels").select("id").where("parent_id", "=", parentId).execute();
  const fixed = parentId === SUPPORT_CATEGORY ? 1 : 2;
  for (let i = existing.length + fixed; i < count; i++) {
    await t.db
      .insertInto("demo_channels")
      .values({
        id: `9${String(Date.now()).slice(-8)}${String(i).padStart(9, "0")}`,
        guild_id: G,
        name: `by-hand-${i}`,
        kind: "text",
        parent_id: parentId,
        topic: null,
        overwrites_json: "[]",
        recipient_id: null,
        created_at: Date.now(),
      })
      .execute();
  }
}
async function setOverflow(categoryId: string | null) {
  const row = await panelRow();
  const data = JSON.parse(row.data_json) as Json;
  await t.db
    .updateTable("panels")
    .set({ data_json: JSON.stringify({ ...data, OverflowCategory: categoryId }) })
    .where("id", "=", row.id)
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom("tickets").execute();
  await t.db.deleteFrom("demo_channels").where("kind", "=", "text").execute();
  await t.db.deleteFrom("bot_problems").execute();
  await setOverflow(null);
  const current = await api("GET", `/api/${G}/settings`, admin);
  await api("PUT", `/api/${G}/settings`, admin, { UserTicketLimit: 0, Revision: current.body.Revision });
});

describe("a full category", () => {
  it("with an overflow category: the ticket opens there, and Bot setup learns the ticket category is full", async () => {
    await fillCategory(SUPPORT_CATEGORY, 50);
    await setOverflow(ARCHIVE_CATEGORY);
    const reply = await clickPanel(staff);
    const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).executeTakeFirstOrThrow();
    expect(reply).toBe(botTexts.opened(ticket.channel_id!));
    const channel = await t.db.selectFrom("demo_channels").selectAll().where("id", "=", ticket.channel_id!).executeTakeFirstOrThrow();
    expect(channel.parent_id).toBe(ARCHIVE_CATEGORY);
    expect(await recordedBotProblems(t.db, G)).toEqual([
      expect.objectContaining({
        kind: "categoryFull",
        categoryId: SUPPORT_CATEGORY,
        categoryName: "Support",
        limit: 50,
        panelNames: ["General Support"],
        overflowCategoryName: "Archive",
      }),
    ]);
  });

  it("without one: the member is told the ticket category is full, no ticket is left behind, and the owner sees it", async () => {
    await fillCategory(SUPPORT_CATEGORY, 50);
    expect(await clickPanel(staff)).toBe(botTexts.categoryFull);
    expect(await t.db.selectFrom("tickets").select("id").execute()).toEqual([]);
    expect(await recordedBotProblems(t.db, G)).toEqual([
      expect.objectContaining({ kind: "categoryFull", categoryId: SUPPORT_CATEGORY, overflowCategoryName: null }),
    ]);
    // A second refusal moves the same entry (one row per category), it does not add one.
    await clickPanel(staff);
    const rows = await t.db.selectFrom("bot_problems").selectAll().execute();
    expect(rows.map((r) => [r.kind, r.subject, r.times])).toEqual([["categoryFull", SUPPORT_CATEGORY, 2]]);
  });

  it("49 channels still take one more", async () => {
    await fillCategory(SUPPORT_CATEGORY, 49);
    const reply = await clickPanel(staff);
    expect(reply).toMatch(/^Your ticket is open/);
  });
});

describe("a channel renamed a third time within ten minutes", () => {
  it("is refused with when to try again, not 'something went wrong', and the name stays", async () => {
    await clickPanel(staff);
    const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).executeTakeFirstOrThrow();
    const channelId = ticket.channel_id!;
    expect(await command(admin, channelId, "rename", { name: "first" })).toBe(botTexts.renamed("first"));
    expect(await command(admin, channelId, "rename", { name: "second" })).toBe(botTexts.renamed("second"));
    expect(await command(admin, channelId, "rename", { name: "third" })).toBe(botTexts.renameRateLimited("about 10 minutes"));
    const channel = await t.db.selectFrom("demo_channels").select("name").where("id", "=", channelId).executeTakeFirstOrThrow();
    expect(channel.name).toBe("second");
    const renames = await t.db
      .selectFrom("activity")
      .select("action")
      .where("guild_id", "=", G)
      .where("action", "=", "Ticket Renamed")
      .execute();
    expect(renames).toHaveLength(2);
  });
});
