import type { GatewayDispatchPayload } from "discord-api-types/v10";
import type { KyselyPlugin } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TicketEvent } from "../../../src/schemas/ticket";
import { EventDoor } from "../../../server/gateway/events";
import { purgeDepartedGuilds } from "../../../server/gateway/retention";
import { botTexts } from "../../../server/discord/texts";
import { keyringFor } from "../../../server/crypto";
import { openTranscript } from "../../../server/transcripts/store";
import { ApplicationFlags, Intents } from "../discord/fake-gateway";
import { ChannelType, MESSAGE_CONTENT_LIMITED } from "../discord/fake-world";
import { discordSignIn } from "../discord/sign-in";
import { G, G1, type GatewayWorld, gatewayWorld, MEMBER, openTicket, OWNER, readyShards, STAFF, until } from "./world";

// Gateway mode (DISCORD_GATEWAY=1) against the fake gateway (tests/server/discord/fake-gateway.ts), which speaks
// Discord's gateway v10 and refuses what Discord refuses: the runner identifies with exactly the intents the features
// need, a member's message reaches the ticket page with no read of Discord, a channel deleted by hand leaves a closed
// ticket with its whole transcript, a member leaving and the bot removed are acted on, Discord's 4014 is told on Bot
// setup while the bot goes on polling, and replayed dispatches are applied once. On SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL.

const FEATURES = Intents.GUILDS | Intents.GUILD_MESSAGES | Intents.MESSAGE_CONTENT | Intents.DIRECT_MESSAGES;
const channelReads = (w: GatewayWorld) => w.fake.callsTo("GET", "/channels/{channel_id}/messages").length;

let w: GatewayWorld;
afterEach(async () => {
  await w?.close();
});

describe("connecting", () => {
  beforeEach(async () => {
    w = await gatewayWorld({ applicationFlags: MESSAGE_CONTENT_LIMITED | ApplicationFlags.GATEWAY_GUILD_MEMBERS_LIMITED });
  });

  it("reads GET /gateway/bot from DISCORD_API_BASE and identifies with exactly the intents the features need; GUILD_MEMBERS once a server closes tickets on leave", async () => {
    const runner = w.runner();
    await runner.start();
    await until(() => readyShards(runner).length === 1, "the shard to be ready");
    expect(w.fake.callsTo("GET", "/gateway/bot").length).toBeGreaterThan(0);
    expect(w.gateway.identifies.map((i) => [i.intents, i.shard])).toEqual([[FEATURES, [0, 1]]]);
    expect(w.gateway.identifies[0].intents & Intents.GUILD_MEMBERS).toBe(0);

    // A server turns close-on-leave on: the shard identifies again, now with GUILD_MEMBERS (the privileged intent).
    await w.t.db
      .insertInto("guild_settings")
      .values({ guild_id: G, data_json: JSON.stringify({ CloseOnUserLeave: true }), revision: 1, updated_at: Date.now() })
      .execute();
    await until(() => w.gateway.identifies.length === 2 && readyShards(runner).length === 1, "a second identify");
    expect(w.gateway.identifies[1].intents).toBe(FEATURES | Intents.GUILD_MEMBERS);
    // The first session was ended (1000), not left dangling.
    expect(w.gateway.clientCloses.map((c) => c.code)).toContain(1000);
  });
});

describe("a ticket's conversation", () => {
  beforeEach(async () => {
    w = await gatewayWorld();
  });

  it("a member's message reaches the ticket page at once, with no read of Discord; staff's is the first response; edits and deletions are its audit trail", async () => {
    const runner = w.runner();
    await runner.start();
    await until(async () => (await w.t.app.gatewayCoverage!.coveredSince(G)) !== null, "the guild to be covered");
    const ticket = await openTicket(w);
    const token = await discordSignIn(w.t, w.fake, OWNER);
    const page = async () =>
      (
        await w.t.app.inject({
          method: "GET",
          url: `/api/${G}/tickets/${ticket.number}/messages`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
    const events: TicketEvent[] = [];
    const unsubscribe = w.t.app.ticketEvents.subscribe(G, (e) => events.push(e));
    const readsBefore = channelReads(w);

    const hello = w.fake.postAs(MEMBER, ticket.channel_id!, "hello, my order is late");
    await until(
      async () => (await page()).messages?.some((m: { Content: string }) => m.Content === "hello, my order is late"),
      "the message on the page",
    );
    // The page hears of it at once (a ticket event; through PostgreSQL's NOTIFY between instances).
    await until(() => events.some((e) => e.type === "updated" && e.ticket.TicketId === ticket.number), "the ticket event");
    const answered = w.fake.postAs(STAFF, ticket.channel_id!, `on it <@${MEMBER}>`);
    await until(async () => (await page()).messages?.length === 2, "the staff answer");
    w.fake.editAs(MEMBER, hello.id, "hello, my order #77 is late");
    w.fake.deleteMessage(answered.id);
    await until(
      async () => (await page()).messages?.find((m: { MessageId: string }) => m.MessageId === answered.id)?.DeletedAt,
      "the deletion on the page",
    );
    const messages = (await page()).messages as {
      MessageId: string;
      Content: string;
      EditedAt?: number;
      DeletedAt?: number;
      History?: { Content: string; Kind: string }[];
      Mentions?: unknown;
    }[];
    expect(messages.map((m) => m.Content)).toEqual(["hello, my order #77 is late", `on it <@${MEMBER}>`]);
    expect(messages[0].EditedAt).toBeGreaterThan(0);
    expect(messages[0].History).toEqual([expect.objectContaining({ Content: "hello, my order is late", Kind: "edit" })]);
    expect(messages[1].DeletedAt).toBeGreaterThan(0);
    expect(messages[1].Mentions).toEqual({ users: { [MEMBER]: "member" }, roles: {}, channels: {} });
    unsubscribe();

    // Not one read of the channel while the gateway delivered it.
    expect(channelReads(w) - readsBefore).toBe(0);
    const row = await w.t.db.selectFrom("tickets").selectAll().where("id", "=", ticket.id).executeTakeFirstOrThrow();
    expect(Number(row.first_response_at)).toBe(answered.timestamp);
    expect(Number(row.last_activity_at)).toBe(answered.timestamp);
    // Stored sealed: the words are not in the database in clear.
    const stored = await w.t.db.selectFrom("ticket_messages").select("body_sealed").where("ticket_id", "=", ticket.id).execute();
    expect(stored).toHaveLength(2);
    expect(stored.map((s) => s.body_sealed).join()).not.toContain("order");
  });

  it("a channel deleted by hand leaves a closed ticket with its whole transcript (edits and deletions kept)", async () => {
    const runner = w.runner();
    await runner.start();
    await until(async () => (await w.t.app.gatewayCoverage!.coveredSince(G)) !== null, "the guild to be covered");
    const ticket = await openTicket(w);
    const sent = ["first", "second", "third"].map((text, i) => w.fake.postAs(i === 1 ? STAFF : MEMBER, ticket.channel_id!, text));
    w.fake.editAs(MEMBER, sent[0].id, "first, edited");
    w.fake.deleteMessage(sent[2].id);
    await until(
      async () =>
        (await w.t.db.selectFrom("ticket_messages").select("deleted_at").where("ticket_id", "=", ticket.id).execute()).some(
          (r) => r.deleted_at !== null,
        ),
      "the deletion stored",
    );

    w.fake.removeChannel(ticket.channel_id!);
    const closed = await until(
      async () =>
        (await w.t.db.selectFrom("tickets").selectAll().where("id", "=", ticket.id).where("status", "=", "closed").executeTakeFirst()) ??
        null,
      "the ticket to close",
    );
    expect(closed.close_reason).toBe(botTexts.deletedInDiscordReason);
    expect(closed.closed_by).toBe(w.fake.applicationId);
    const transcript = (await openTranscript(w.t.db, keyringFor(w.t.config), G, ticket.number))!;
    expect(transcript.messages.map((m) => m.content)).toEqual(["first, edited", "second", "third"]);
    expect(transcript.messages[0]).toMatchObject({ history: [expect.objectContaining({ content: "first", kind: "edit" })] });
    expect(transcript.messages[0].edited_at).toBeGreaterThan(0);
    expect(transcript.messages[2].deleted_at).toBeGreaterThan(0);
    expect(Number(closed.response_ms)).toBe(sent[1].timestamp - Number(ticket.opened_at));
  });

  it("a message in a channel that comes before the ticket opening in it names its channel waits for it", async () => {
    const runner = w.runner();
    await runner.start();
    await until(async () => (await w.t.app.gatewayCoverage!.coveredSince(G)) !== null, "the guild to be covered");
    const ticket = await openTicket(w);
    // As the core opens one: the row is 'opening' while its channel is made, then names it.
    await w.t.db.updateTable("tickets").set({ status: "opening", channel_id: null }).where("id", "=", ticket.id).execute();
    const early = w.fake.postAs(MEMBER, ticket.channel_id!, "quick first words");
    await until(() => w.gateway.liveSessions()[0]?.dispatched.some((p) => (p.d as { id?: string }).id === early.id), "the dispatch");
    await w.t.db.updateTable("tickets").set({ status: "open", channel_id: ticket.channel_id }).where("id", "=", ticket.id).execute();
    await until(() => runner.events.some((e) => e.key === `message:${early.id}` && e.outcome === "applied"), "the early message applied");
  });

  it("a ticket that finishes opening while the door looks for its channel's ticket is found, not taken for no ticket", async () => {
    const ticket = await openTicket(w);
    await w.t.db.updateTable("tickets").set({ status: "opening", channel_id: null }).where("id", "=", ticket.id).execute();
    // The core names the channel right after the door's first read of the database.
    let named = false;
    const nameAfterFirstRead: KyselyPlugin = {
      transformQuery: (args) => args.node,
      async transformResult(args) {
        if (!named) {
          named = true;
          // SQLite's one connection is held until this returns: the write waits behind this read and runs before the
          // door's next one. PostgreSQL's pool runs it at once.
          const write = w.t.db
            .updateTable("tickets")
            .set({ status: "open", channel_id: ticket.channel_id })
            .where("id", "=", ticket.id)
            .execute();
          if (w.t.app.dbDialect === "postgres") await write;
        }
        return args.result;
      },
    };
    const door = new EventDoor({
      core: { ...w.t.app.tickets.deps, db: w.t.db.withPlugin(nameAfterFirstRead) },
      retentionMs: 0,
      now: Date.now,
    });
    const d = {
      id: "1000000000000000001",
      channel_id: ticket.channel_id,
      guild_id: G,
      author: { id: MEMBER, username: "member" },
      content: "hi",
      timestamp: new Date().toISOString(),
    };
    const action = await door.actionFor({ op: 0, t: "MESSAGE_CREATE", s: 1, d } as unknown as GatewayDispatchPayload, {
      shardId: 0,
      sessionId: "session",
    });
    expect(named).toBe(true);
    expect(action?.key).toBe(`message:${d.id}`);
  });

  it("a ticket thread deleted by hand closes too; a message outside every ticket is not kept", async () => {
    const runner = w.runner();
    await runner.start();
    await until(async () => (await w.t.app.gatewayCoverage!.coveredSince(G)) !== null, "the guild to be covered");
    const ticket = await openTicket(w);
    const parent = w.fake.addChannel(G, { name: "support" });
    const thread = w.fake.addChannel(G, { name: "ticket-thread", type: ChannelType.PrivateThread, parentId: parent.id });
    thread.threadMembers = new Set([w.fake.applicationId, MEMBER]);
    await w.t.db.updateTable("tickets").set({ channel_id: thread.id, is_thread: 1 }).where("id", "=", ticket.id).execute();
    w.fake.postAs(MEMBER, parent.id, "not a ticket");
    w.fake.postAs(MEMBER, thread.id, "in the thread");
    await until(
      async () => (await w.t.db.selectFrom("ticket_messages").selectAll().where("ticket_id", "=", ticket.id).execute()).length === 1,
      "the thread message",
    );
    w.fake.removeChannel(thread.id);
    await until(
      async () =>
        (await w.t.db.selectFrom("tickets").select("status").where("id", "=", ticket.id).executeTakeFirstOrThrow()).status === "closed",
      "the ticket to close",
    );
    expect(await w.t.db.selectFrom("ticket_messages").selectAll().execute()).toHaveLength(1);
  });
});

describe("members and servers", () => {
  beforeEach(async () => {
    w = await gatewayWorld({ applicationFlags: MESSAGE_CONTENT_LIMITED | ApplicationFlags.GATEWAY_GUILD_MEMBERS_LIMITED });
  });

  it("a member who leaves: their tickets close when the server closes them on leave (after its grace: the sweep's), not otherwise", async () => {
    const leave = { CloseOnUserLeave: true, CloseOnUserLeaveHours: 0, CloseOnUserLeaveMinutes: 0 };
    await w.t.db
      .insertInto("guild_settings")
      .values({ guild_id: G, data_json: JSON.stringify(leave), revision: 1, updated_at: Date.now() })
      .execute();
    const runner = w.runner();
    await runner.start();
    await until(() => readyShards(runner).length === 1, "the shard");
    expect(w.gateway.identifies.at(-1)!.intents & Intents.GUILD_MEMBERS).toBe(Intents.GUILD_MEMBERS);
    const here = await openTicket(w, G);
    // Another server: one waits an hour of silence first (the minute sweep closes it then), one does not close on leave.
    await w.t.db
      .insertInto("guild_settings")
      .values({ guild_id: G1, data_json: JSON.stringify({ ...leave, CloseOnUserLeaveHours: 1 }), revision: 1, updated_at: Date.now() })
      .execute();
    const waiting = await openTicket(w, G1);
    w.fake.removeMember(G, MEMBER);
    w.fake.removeMember(G1, MEMBER);
    const closed = await until(
      async () =>
        (await w.t.db.selectFrom("tickets").selectAll().where("id", "=", here.id).where("status", "=", "closed").executeTakeFirst()) ??
        null,
      "the ticket to close",
    );
    expect(closed.close_reason).toBe(botTexts.userLeftReason);
    await until(() => runner.events.filter((e) => e.t === "GUILD_MEMBER_REMOVE").length === 2, "both departures");
    await runner.idle();
    expect((await w.t.db.selectFrom("tickets").select("status").where("id", "=", waiting.id).executeTakeFirstOrThrow()).status).toBe(
      "open",
    );
    await w.t.db
      .updateTable("guild_settings")
      .set({ data_json: JSON.stringify({ CloseOnUserLeave: false }) })
      .where("guild_id", "=", G1)
      .execute();
    const another = await openTicket(w, G1);
    w.fake.addMember(G1, MEMBER);
    w.fake.removeMember(G1, MEMBER);
    await until(() => runner.events.filter((e) => e.t === "GUILD_MEMBER_REMOVE").length === 3, "the third departure");
    await runner.idle();
    expect((await w.t.db.selectFrom("tickets").select("status").where("id", "=", another.id).executeTakeFirstOrThrow()).status).toBe(
      "open",
    );
  });

  it("the bot removed from a server starts its retention clock; back, the clock stops; past it the server's data is purged", async () => {
    const runner = w.runner();
    await runner.start();
    await until(() => readyShards(runner).length === 1, "the shard");
    await openTicket(w, G1);
    await w.t.db.insertInto("guild_settings").values({ guild_id: G1, data_json: "{}", revision: 1, updated_at: Date.now() }).execute();
    const before = Date.now();
    w.fake.removeBot(G1);
    const departure = await until(
      async () => (await w.t.db.selectFrom("guild_departures").selectAll().where("guild_id", "=", G1).executeTakeFirst()) ?? null,
      "the departure",
    );
    expect(Number(departure.removed_at)).toBeGreaterThanOrEqual(before);
    expect(Number(departure.purge_at) - Number(departure.removed_at)).toBe(30 * 24 * 60 * 60_000);
    // Its owner sees the date on the server list (GET /guilds/removed); a member who manages nothing does not.
    const removed = async (userId: string) =>
      (
        await w.t.app.inject({
          method: "GET",
          url: "/api/guilds/removed",
          headers: { authorization: `Bearer ${await discordSignIn(w.t, w.fake, userId)}` },
        })
      ).json();
    expect(await removed(OWNER)).toEqual({
      guilds: [
        expect.objectContaining({
          id: G1,
          name: "Other Guild",
          removed_at: Number(departure.removed_at),
          purge_at: Number(departure.purge_at),
          invite_url: expect.stringContaining(`guild_id=${G1}`),
        }),
      ],
    });
    expect(await removed(MEMBER)).toEqual({ guilds: [] });

    // Not due yet: nothing goes. Due, and the bot still gone: everything of the server goes, nothing of the others.
    await openTicket(w, G);
    expect(await purgeDepartedGuilds(w.t.db, w.t.app.dbDialect, w.t.app.platform, Date.now())).toEqual([]);
    expect(await purgeDepartedGuilds(w.t.db, w.t.app.dbDialect, w.t.app.platform, Number(departure.purge_at))).toEqual([G1]);
    expect(await w.t.db.selectFrom("tickets").select("guild_id").execute()).toEqual([{ guild_id: G }]);
    expect(await w.t.db.selectFrom("guild_settings").select("guild_id").where("guild_id", "=", G1).execute()).toEqual([]);
    expect(await w.t.db.selectFrom("guild_departures").selectAll().execute()).toEqual([]);

    // The bot invited again before the date: no purge.
    w.fake.removeBot(G);
    await until(
      async () => (await w.t.db.selectFrom("guild_departures").selectAll().where("guild_id", "=", G).executeTakeFirst()) ?? null,
      "the departure of G",
    );
    w.fake.addMember(G, w.fake.applicationId);
    await until(async () => (await w.t.db.selectFrom("guild_departures").selectAll().execute()).length === 0, "the clock to stop");
  });
});

describe("Discord refuses a privileged intent (4014)", () => {
  beforeEach(async () => {
    // Message Content on, Server Members off in the developer portal; a server closes tickets on leave.
    w = await gatewayWorld({ applicationFlags: MESSAGE_CONTENT_LIMITED });
    await w.t.db
      .insertInto("guild_settings")
      .values({ guild_id: G, data_json: JSON.stringify({ CloseOnUserLeave: true }), revision: 1, updated_at: Date.now() })
      .execute();
  });

  it("Bot setup names the missing intent, the bot goes on polling, and the gateway connects once the intent is on", async () => {
    const runner = w.runner();
    await runner.start();
    await until(() => runner.status()[0]?.refused === 4014, "the refusal");
    expect(w.gateway.identifies.map((i) => i.outcome)).toEqual([{ closed: 4014 }]);
    const token = await discordSignIn(w.t, w.fake, OWNER);
    const setup = (
      await w.t.app.inject({ method: "GET", url: `/api/${G}/bot-setup?fresh=true`, headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(setup.problems).toContainEqual({ kind: "gatewayIntentsDisallowed", intents: ["guildMembers"] });

    // The ticket page polls Discord as without the gateway.
    const ticket = await openTicket(w);
    w.fake.postAs(MEMBER, ticket.channel_id!, "anyone there?");
    const readsBefore = channelReads(w);
    const page = (
      await w.t.app.inject({
        method: "GET",
        url: `/api/${G}/tickets/${ticket.number}/messages`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(page.messages.map((m: { Content: string }) => m.Content)).toContain("anyone there?");
    expect(channelReads(w)).toBeGreaterThan(readsBefore);

    // The owner turns Server Members on: the runner sees the flag and connects.
    w.fake.applicationFlags |= ApplicationFlags.GATEWAY_GUILD_MEMBERS_LIMITED;
    await until(() => readyShards(runner).length === 1, "the shard to connect");
    expect(w.gateway.identifies.at(-1)!.intents).toBe(FEATURES | Intents.GUILD_MEMBERS);
    const again = (
      await w.t.app.inject({ method: "GET", url: `/api/${G}/bot-setup?fresh=true`, headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(again.problems.map((p: { kind: string }) => p.kind)).not.toContain("gatewayIntentsDisallowed");
  });
});

describe("no event applied twice", () => {
  beforeEach(async () => {
    w = await gatewayWorld();
  });

  it("a session resumed after its holder died replays what came after the stored sequence: what was applied is not applied again, the rest is", async () => {
    // A never renews its lease after taking the shard, so the stored sequence stays where the session began.
    const a = w.runner({ tickMs: 60_000 });
    await a.start();
    await until(() => readyShards(a).length === 1, "A's shard");
    const ticket = await openTicket(w);
    const early = ["one", "two", "three"].map((text) => w.fake.postAs(MEMBER, ticket.channel_id!, text));
    w.fake.editAs(MEMBER, early[0].id, "one, edited");
    await until(() => a.events.filter((e) => e.outcome === "applied").length === 4, "A to apply four events");
    const session = a.status()[0].sessionId!;
    await a.crash();
    const late = ["four", "five"].map((text) => w.fake.postAs(MEMBER, ticket.channel_id!, text));
    w.fake.editAs(MEMBER, early[1].id, "two, edited");

    const b = w.runner();
    await b.start();
    await until(() => readyShards(b).length === 1, "B to take the shard over");
    await until(() => b.events.filter((e) => e.outcome === "applied").length === 3, "B to apply what A never saw");
    await b.idle();
    // Resumed, not identified again: one identify in all, and B's resume of A's session replayed every dispatch.
    expect(w.gateway.identifies).toHaveLength(1);
    expect(w.gateway.resumes.at(-1)).toMatchObject({ sessionId: session, outcome: { replayed: expect.any(Number) } });
    expect(
      b.events
        .filter((e) => e.outcome === "duplicate")
        .map((e) => e.key)
        .sort(),
    ).toEqual([...early.map((m) => `message:${m.id}`), expect.stringMatching(new RegExp(`^edit:${early[0].id}:`))].sort());
    expect(
      b.events
        .filter((e) => e.outcome === "applied")
        .map((e) => e.key)
        .sort(),
    ).toEqual([...late.map((m) => `message:${m.id}`), expect.stringMatching(new RegExp(`^edit:${early[1].id}:`))].sort());
    const stored = await w.t.db.selectFrom("ticket_messages").select("message_id").where("ticket_id", "=", ticket.id).execute();
    expect(stored.map((r) => r.message_id).sort()).toEqual([...early, ...late].map((m) => m.id).sort());
    expect(await w.t.db.selectFrom("ticket_message_history").select(["message_id", "kind"]).orderBy("message_id").execute()).toEqual(
      [early[0], early[1]].map((m) => ({ message_id: m.id, kind: "edit" })),
    );
  });
});
