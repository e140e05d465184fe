import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findTicket } from "../../../server/tickets/store";
import { G, type GatewayWorld, gatewayWorld, MEMBER, openTicket, STAFF, until } from "./world";

// Waiting on the member through Discord's gateway, against the fake Discord (which holds the bot to Discord's API
// description): staff typing in the channel make the ticket wait on its member and ping the opener once — the ping
// names exactly the opener in allowed_mentions — however many messages staff write; the member's message makes it
// wait on staff again and ends a snooze, with a note in the channel; the next staff message pings again.

let w: GatewayWorld;
beforeEach(async () => {
  w = await gatewayWorld();
});
afterEach(async () => {
  await w?.close();
});

describe("waiting on the member, told by the gateway", () => {
  it("staff's messages: waiting on the member and one ping naming only the opener; the member's: waiting on staff, the snooze over", async () => {
    await w.t.db
      .insertInto("guild_settings")
      .values({ guild_id: G, data_json: JSON.stringify({ PingOpenerOnStaffReply: true }), revision: 1, updated_at: Date.now() })
      .execute();
    const runner = w.runner();
    await runner.start();
    await until(async () => (await w.t.app.gatewayCoverage!.coveredSince(G)) !== null, "the guild to be covered");
    const ticket = await openTicket(w);
    const channelId = ticket.channel_id!;
    await w.t.db
      .updateTable("tickets")
      .set({
        waiting_on: "staff",
        waiting_since: Number(ticket.opened_at),
        snoozed_until: Date.now() + 3_600_000,
        snoozed_by_name: "staffer",
      })
      .where("id", "=", ticket.id)
      .execute();
    const row = async () => (await findTicket(w.t.db, G, ticket.number))!;
    const ping = `<@${MEMBER}> staff answered in your ticket.`;
    const botSaid = (content: string) =>
      w.fake.messagesIn(channelId).filter((m) => m.authorId === w.fake.applicationId && m.content === content);

    w.fake.postAs(STAFF, channelId, "Looking into it");
    w.fake.postAs(STAFF, channelId, "One more thing: which order?");
    await until(
      async () =>
        (await w.t.db.selectFrom("ticket_messages").select("message_id").where("ticket_id", "=", ticket.id).execute()).length >= 2,
      "both staff messages",
    );
    await until(async () => (await row()).waiting_on === "member", "waiting on the member");
    await until(() => botSaid(ping).length === 1, "the ping");
    const [sent] = botSaid(ping);
    expect(sent.request?.allowed_mentions).toEqual({ parse: [], users: [MEMBER] });
    // Staff's messages are no member's: the snooze stands.
    expect((await row()).snoozed_until).not.toBeNull();

    w.fake.postAs(MEMBER, channelId, "Order 77");
    await until(async () => (await row()).waiting_on === "staff", "waiting on staff");
    await until(async () => (await row()).snoozed_until === null, "the snooze over");
    await until(() => botSaid("The member wrote: this ticket is back in staff's queue.").length === 1, "the note");

    w.fake.postAs(STAFF, channelId, "Found it, refunded");
    await until(() => botSaid(ping).length === 2, "the second ping");
    expect(botSaid(ping).length).toBe(2);
  });
});
