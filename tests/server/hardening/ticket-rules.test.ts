import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { answeredSteps } from "../tickets/steps";
import { botTexts } from "../../../server/discord/texts";
import { demoCannotSend } from "../../../server/try-it/channels";
import { DEMO_SUPPORT_ROLE_ID } from "../../../server/platform/demo-fixtures";
import type { Member } from "../../../server/tickets/members";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, createTestApp, apiOn, type Json } from "../helpers";

// Rules of the ticket core's steps, on the demo platform.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
/** #rules: members read it, only managers write there. */
const RULES_CHANNEL = "812345678901234712";
const GENERAL_CHANNEL = "812345678901234713";
let t: TestApp;
let admin: string;
let staff: string;

const api = apiOn(() => t);
const tickets = () => t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("number").execute();

/** Members as an interaction describes them: support staff (the support role only), the owner. */
const staffMember: Member = {
  id: DEMO_STAFF_ID,
  username: "Demo Staff",
  avatar: null,
  roles: [DEMO_SUPPORT_ROLE_ID],
  permissions: "0",
  owner: false,
};
const otherStaff: Member = {
  id: "900000000000000444",
  username: "Other Staff",
  avatar: null,
  roles: [DEMO_SUPPORT_ROLE_ID],
  permissions: "0",
  owner: false,
};
const owner: Member = { id: DEMO_ADMIN_ID, username: "Demo Admin", avatar: null, roles: [], permissions: "0", owner: true };

async function openTicket() {
  const panel = await t.db
    .selectFrom("panels")
    .selectAll()
    .where("guild_id", "=", G)
    .where("name", "=", "General Support")
    .executeTakeFirstOrThrow();
  const res = await api("POST", `/api/${G}/demo/interactions`, admin, {
    kind: "button",
    channelId: SUPPORT_CHANNEL,
    messageId: panel.message_id,
    customId: `panel:${panel.id}`,
  });
  expect(res.status).toBe(200);
  return (await tickets()).at(-1)!;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
  const current = await api("GET", `/api/${G}/settings`, admin);
  expect((await api("PUT", `/api/${G}/settings`, admin, { UserTicketLimit: 0, Revision: current.body.Revision })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom("ticket_members").execute();
  await t.db.deleteFrom("tickets").execute();
});

describe("Item 4 — one rule for unclaim and transfer: the claimer, or a manager", () => {
  it("a staff member who did not claim the ticket can neither release it nor hand it over", async () => {
    const ticket = await openTicket();
    const engine = answeredSteps(t.app.tickets.deps);
    expect(await engine.claim(G, ticket.number, staffMember)).toMatchObject({ ok: true });
    expect(await engine.unclaim(G, ticket.number, otherStaff)).toMatchObject({ ok: false, message: { content: botTexts.onlyClaimer } });
    expect(await engine.transfer(G, ticket.number, otherStaff, DEMO_ADMIN_ID)).toMatchObject({
      ok: false,
      message: { content: botTexts.onlyClaimer },
    });
    expect((await tickets())[0]).toMatchObject({ claimed_by: DEMO_STAFF_ID });
    expect(
      await t.db.selectFrom("activity").select("id").where("guild_id", "=", G).where("action", "=", "Ticket Transferred").execute(),
    ).toEqual([]);
  });

  it("the claimer and a manager may hand it over; an unclaimed ticket may be handed to staff by any staff member", async () => {
    const ticket = await openTicket();
    const engine = answeredSteps(t.app.tickets.deps);
    // Unclaimed: any staff member assigns it.
    expect(await engine.transfer(G, ticket.number, otherStaff, DEMO_STAFF_ID)).toMatchObject({ ok: true });
    expect((await tickets())[0]).toMatchObject({ claimed_by: DEMO_STAFF_ID });
    // The claimer hands it over.
    expect(await engine.transfer(G, ticket.number, staffMember, DEMO_ADMIN_ID)).toMatchObject({ ok: true });
    expect((await tickets())[0]).toMatchObject({ claimed_by: DEMO_ADMIN_ID });
    // A manager takes it from whoever holds it.
    await engine.transfer(G, ticket.number, owner, DEMO_STAFF_ID);
    expect((await tickets())[0]).toMatchObject({ claimed_by: DEMO_STAFF_ID });
  });
});

const messagesIn = (channelId: string) =>
  t.db.selectFrom("demo_messages").selectAll().where("channel_id", "=", channelId).orderBy("id").execute();
const tagCommand = (token: string, channelId: string) =>
  api("POST", `/api/${G}/demo/interactions`, token, { kind: "command", channelId, name: "tag", options: { name: "welcome" } });
const replyOf = (res: { body: Json }) => (res.body.ephemeral as Json[]).map((m) => m.content).join("\n");

describe("Item 8 — /tag posts only where the member may send messages", () => {
  it("refuses a member without Send Messages in the channel (an interaction carries their channel permissions), posting nothing", async () => {
    const before = (await messagesIn(RULES_CHANNEL)).length;
    const refused = await tagCommand(staff, RULES_CHANNEL);
    expect(refused.status).toBe(200);
    expect(replyOf(refused)).toBe(botTexts.tagCannotSend);
    expect(await messagesIn(RULES_CHANNEL)).toHaveLength(before);
    // Where they may write, the tag is posted.
    const sent = await tagCommand(staff, GENERAL_CHANNEL);
    expect(replyOf(sent)).toBe(botTexts.tagSent);
    expect((await messagesIn(GENERAL_CHANNEL)).at(-1)!.author_bot).toBeTruthy();
    // Administrator passes everywhere.
    expect(replyOf(await tagCommand(admin, RULES_CHANNEL))).toBe(botTexts.tagSent);
    expect(await messagesIn(RULES_CHANNEL)).toHaveLength(before + 1);
  });

  it("reads member.permissions as Discord sends it: Send Messages (1<<11) or Administrator (1<<3)", async () => {
    const interaction = (permissions: string) => ({
      type: 2,
      id: "1",
      application_id: "1",
      token: "x",
      version: 1,
      guild_id: G,
      channel: { id: GENERAL_CHANNEL, type: 0 },
      channel_id: GENERAL_CHANNEL,
      member: {
        user: { id: DEMO_STAFF_ID, username: "Demo Staff", global_name: null, avatar: null, discriminator: "0" },
        roles: [DEMO_SUPPORT_ROLE_ID],
        permissions,
        nick: null,
      },
      data: { id: "1", name: "tag", type: 1, options: [{ name: "name", type: 3, value: "welcome" }] },
    });
    const handle = (permissions: string) => t.app.discord.router.handle(interaction(permissions) as never);
    expect(await handle("0")).toMatchObject({ ok: false, message: { content: botTexts.tagCannotSend } });
    expect(await handle(String(1024))).toMatchObject({ ok: false, message: { content: botTexts.tagCannotSend } });
    expect(await handle(String(2048 + 1024))).toMatchObject({ ok: true, message: { content: botTexts.tagSent } });
    expect(await handle("8")).toMatchObject({ ok: true, message: { content: botTexts.tagSent } });
  });
});

describe("Item 14 — Try-it refuses posting where the member may only read", () => {
  it("answers 403 with the reason for a member in #rules, stores nothing; the channel list says where they may write", async () => {
    const before = (await messagesIn(RULES_CHANNEL)).length;
    const res = await api("POST", `/api/${G}/demo/channels/${RULES_CHANNEL}/messages`, staff, { content: "hello everyone" });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(demoCannotSend);
    expect(await messagesIn(RULES_CHANNEL)).toHaveLength(before);
    const channels = (await api("GET", `/api/${G}/demo/channels`, staff)).body.channels as Json[];
    expect(channels.find((c) => c.id === RULES_CHANNEL)).toMatchObject({ name: "rules", canWrite: false });
    expect(channels.find((c) => c.id === GENERAL_CHANNEL)).toMatchObject({ name: "general", canWrite: true });
    // The owner may write there; so may the member in #general.
    expect((await api("POST", `/api/${G}/demo/channels/${RULES_CHANNEL}/messages`, admin, { content: "Be kind." })).status).toBe(201);
    expect((await api("POST", `/api/${G}/demo/channels/${GENERAL_CHANNEL}/messages`, staff, { content: "hi" })).status).toBe(201);
    const byAdmin = (await api("GET", `/api/${G}/demo/channels`, admin)).body.channels as Json[];
    expect(byAdmin.find((c) => c.id === RULES_CHANNEL)).toMatchObject({ canWrite: true });
  });
});
