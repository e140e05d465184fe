import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { botTexts } from "../../../server/tickets/texts";
import { DEMO_SUPPORT_ROLE_ID } from "../../../server/platform/demo-fixtures";
import type { Member } from "../../../server/tickets/members";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, bearer, createTestApp } from "../helpers";

// Issue 20 (hardening, third pass): rules of the ticket engine's steps, on the demo platform.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
let t: TestApp;
let admin: string;


type Json = Record<string, any>;
const api = async (method: "GET" | "POST" | "PUT", url: string, token: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: res.body ? (res.json() as Json) : {} };
};
const tickets = () => t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("number").execute();

/** Members as an interaction describes them: support staff (the support role only), the owner. */
const staffMember: Member = { id: DEMO_STAFF_ID, username: "Demo Staff", avatar: null, roles: [DEMO_SUPPORT_ROLE_ID], permissions: "0", owner: false };
const otherStaff: Member = { id: "900000000000000444", username: "Other Staff", avatar: null, roles: [DEMO_SUPPORT_ROLE_ID], permissions: "0", owner: false };
const owner: Member = { id: DEMO_ADMIN_ID, username: "Demo Admin", avatar: null, roles: [], permissions: "0", owner: true };

async function openTicket() {
  const panel = await t.db.selectFrom("panels").selectAll().where("guild_id", "=", G).where("name", "=", "General Support").executeTakeFirstOrThrow();
  const res = await api("POST", `/api/${G}/demo/interactions`, admin, { kind: "button", channelId: SUPPORT_CHANNEL, messageId: panel.message_id, customId: `panel:${panel.id}` });
  expect(res.status).toBe(200);
  return (await tickets()).at(-1)!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(DEMO_ADMIN_ID);
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
    const engine = t.app.tickets.engine;
    expect(await engine.claim(G, ticket.number, staffMember)).toMatchObject({ ok: true });
    expect(await engine.unclaim(G, ticket.number, otherStaff)).toMatchObject({ ok: false, message: { content: botTexts.onlyClaimer } });
    expect(await engine.transfer(G, ticket.number, otherStaff, DEMO_ADMIN_ID)).toMatchObject({ ok: false, message: { content: botTexts.onlyClaimer } });
    expect((await tickets())[0]).toMatchObject({ claimed_by: DEMO_STAFF_ID });
    expect(await t.db.selectFrom("activity").select("id").where("guild_id", "=", G).where("action", "=", "Ticket Transferred").execute()).toEqual([]);
  });

  it("the claimer and a manager may hand it over; an unclaimed ticket may be handed to staff by any staff member", async () => {
    const ticket = await openTicket();
    const engine = t.app.tickets.engine;
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
