import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { guildTables } from "../../../server/db/guild-changes";
import { SERVER_ERASED } from "../../../server/retention/guild";
import { MEMBER_ERASED } from "../../../server/retention/member";
import { insertTranscript } from "../../../server/transcripts/store";
import { discordLimits } from "../../../src/schemas/discord-limits";
import { myDataAnswer } from "../../../server/discord/commands/mydata";
import { botTexts } from "../../../server/discord/texts";
import type { DemoPlatform } from "../../../server/platform/demo";
import type { Member } from "../../../server/tickets/members";
import { open } from "../../../server/tickets/open";
import { expectCountersMatch, expectRollupsMatch } from "../counter-checks";
import {
  type TestApp,
  DEMO_ADMIN_ID,
  DEMO_COMMUNITY_ID,
  DEMO_STAFF_ID,
  DEMO_VISITOR_ID,
  GAMING_HUB_ID,
  apiOn,
  createTestApp,
  signInDemoUsers,
} from "../helpers";

// A member's and an owner's rights (server/retention/, server/http/data-rights.ts), on SQLite and PostgreSQL: the
// member's export holds their data and no one else's; their erasure leaves "deleted user" in the staff's transcript
// and nothing of their words in the word index; the owner's erasure leaves nothing of the server; who may do what.

const G = DEMO_COMMUNITY_ID;
const GH = GAMING_HUB_ID;
const MEMBER = DEMO_VISITOR_ID;
const OTHER = "700000000000000777";
const NOW = Date.now();
let t: TestApp;
let tokens: Record<"admin" | "staff" | "visitor", string>;
const api = apiOn(() => t);

let nextNumber = 95_000;
/** A closed ticket of `opener` with its transcript of these messages ([author id, name, words]). */
async function closedTicket(guildId: string, opener: [string, string], messages: [string, string, string][]): Promise<number> {
  const number = nextNumber++;
  await t.db
    .insertInto("tickets")
    .values({
      guild_id: guildId,
      number,
      panel_id: null,
      panel_name: "Unknown",
      opener_id: opener[0],
      opener_name: opener[1],
      subject: `Subject of ${opener[1]}`,
      status: "closed",
      channel_id: null,
      claimed_by: DEMO_STAFF_ID,
      claimed_by_name: "Demo Staff",
      form_answers_json: JSON.stringify({ Email: `${opener[1]}@example.com` }),
      opened_at: NOW - 7_200_000,
      last_activity_at: NOW - 3_600_000,
      first_response_at: NOW - 5_000_000,
      closed_at: NOW - 3_600_000,
      closed_by: DEMO_STAFF_ID,
      closed_by_name: "Demo Staff",
      close_reason: "solved",
      rating: 5,
      rating_comment: `Comment of ${opener[1]}`,
      response_ms: 2_200_000,
      resolution_ms: 3_600_000,
    })
    .execute();
  await t.db.transaction().execute((tx) =>
    insertTranscript(
      tx,
      t.app.tickets.deps.keyring,
      guildId,
      {
        TicketId: number,
        AuthorId: opener[0],
        AuthorUsername: opener[1],
        CloseReason: "solved",
        PanelId: null,
        PanelName: "Unknown",
        Rating: 5,
        ClosedAt: NOW - 3_600_000,
        messages: messages.map(([id, author, content], i) => ({
          author,
          author_id: id,
          content,
          timestamp: NOW - 7_000_000 + i * 1000,
          embeds: [],
          attachments: [],
        })),
      },
      { bytes: 1 << 30 },
    ),
  );
  await t.db
    .updateTable("transcripts")
    .set({ rating_comment: `Comment of ${opener[1]}` })
    .where("ticket_id", "=", number)
    .execute();
  return number;
}
const found = async (guildId: string, words: string) => {
  const res = await api("GET", `/api/${guildId}/transcripts?q=${encodeURIComponent(words)}`, tokens.admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.transcripts as { TicketId: number }[]).map((r) => r.TicketId);
};

let mine: number;
let mineElsewhere: number;
let theirs: number;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  mine = await closedTicket(
    G,
    [MEMBER, "Visitor Vera"],
    [
      [MEMBER, "Visitor Vera", "my zanzibarquux printer is broken"],
      [DEMO_STAFF_ID, "Demo Staff", "hello, have you tried turning it off"],
    ],
  );
  mineElsewhere = await closedTicket(GH, [MEMBER, "Visitor Vera"], [[MEMBER, "Visitor Vera", "quokkaflux lag in game"]]);
  theirs = await closedTicket(G, [OTHER, "Other Otto"], [[OTHER, "Other Otto", "xylophonic otherword question"]]);
});
afterAll(async () => {
  await t?.close();
});

describe("a member's rights", () => {
  it("exports their tickets, their own messages and ratings across servers, and nothing of anyone else", async () => {
    const res = await api("GET", "/api/me/data/export", tokens.visitor);
    expect(res.status).toBe(200);
    const tickets = res.body.tickets as { guild_id: string; number: number; opener_id: string; rating_comment: string }[];
    expect(tickets.map((x) => [x.guild_id, x.number]).sort()).toEqual(
      [
        [G, mine],
        [GH, mineElsewhere],
      ].sort(),
    );
    expect(tickets.every((x) => x.opener_id === MEMBER)).toBe(true);
    expect(tickets[0].rating_comment).toBe("Comment of Visitor Vera");
    const text = JSON.stringify(res.body);
    expect(text).toContain("zanzibarquux");
    expect(text).toContain("quokkaflux");
    // Not the staff's answer in their own ticket, not another member's ticket.
    expect(text).not.toContain("turning it off");
    expect(text).not.toContain("otherword");
    expect(text).not.toContain(OTHER);
  });

  it("refuses an erasure without the typed confirmation, and changes nothing", async () => {
    const res = await api("POST", "/api/me/data/erase", tokens.visitor, { confirm: "yes" });
    expect(res.status).toBe(400);
    expect(await found(G, "zanzibarquux")).toEqual([mine]);
  });

  it("erases them: their messages read 'deleted user' in the staff's transcript, their words are no longer found", async () => {
    expect(await found(G, "zanzibarquux")).toEqual([mine]);
    // A user erases only themselves: no id in the body names anyone else.
    const res = await api("POST", "/api/me/data/erase", tokens.visitor, { confirm: "ERASE", user_id: OTHER });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ transcripts: 2, messages: 2, tickets: 2, openTickets: 0, servers: [G, GH].sort() });

    expect(await found(G, "zanzibarquux")).toEqual([]);
    expect(await found(GH, "quokkaflux")).toEqual([]);
    const view = await api("GET", `/api/${G}/transcripts/${mine}`, tokens.admin);
    expect(view.status).toBe(200);
    expect(view.body.transcript_html).toContain("deleted user");
    expect(view.body.transcript_html).not.toContain("Visitor Vera");
    expect(view.body.transcript_html).not.toContain("zanzibarquux");
    // The staff's answer stays.
    expect(view.body.transcript_html).toContain("turning it off");

    const ticket = await t.db
      .selectFrom("tickets")
      .selectAll()
      .where("guild_id", "=", G)
      .where("number", "=", mine)
      .executeTakeFirstOrThrow();
    expect([ticket.opener_id, ticket.opener_name, ticket.subject, ticket.form_answers_json, ticket.rating_comment]).toEqual([
      "0",
      "deleted user",
      null,
      null,
      null,
    ]);
    const transcript = await t.db
      .selectFrom("transcripts")
      .selectAll()
      .where("guild_id", "=", G)
      .where("ticket_id", "=", mine)
      .executeTakeFirstOrThrow();
    expect([transcript.author_id, transcript.author_username, transcript.rating_comment, transcript.rating]).toEqual([
      "0",
      "deleted user",
      null,
      5,
    ]);

    // The other member is untouched.
    expect(await found(G, "otherword")).toEqual([theirs]);
    const other = await t.db
      .selectFrom("tickets")
      .select("opener_name")
      .where("guild_id", "=", G)
      .where("number", "=", theirs)
      .executeTakeFirstOrThrow();
    expect(other.opener_name).toBe("Other Otto");

    // Logged in each server, without the erased data.
    const logged = await t.db.selectFrom("activity").selectAll().where("action", "=", MEMBER_ERASED).execute();
    expect(logged.map((e) => e.guild_id).sort()).toEqual([G, GH].sort());
    for (const entry of logged) {
      const text = JSON.stringify(entry);
      for (const gone of [MEMBER, "Visitor Vera", "zanzibarquux", "quokkaflux"]) expect(text).not.toContain(gone);
    }
    // Nothing of them is left anywhere the product looks: the export is empty, the running totals recount.
    const again = await api("GET", "/api/me/data/export", tokens.visitor);
    expect(again.body.tickets).toEqual([]);
    expect(JSON.stringify(again.body)).not.toContain("zanzibarquux");
    await expectCountersMatch(t);
    await expectRollupsMatch(t, [G, GH]);
  });
});

describe("/mydata", () => {
  const SUPPORT_CHANNEL = "812345678901234714";
  const interact = async (token: string, body: Record<string, unknown>) => {
    const res = await api("POST", `/api/${G}/demo/interactions`, token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.ephemeral as {
      content: string;
      components?: { components: { custom_id: string; label: string }[] }[];
      attachments?: { name: string; size: number; url: string }[];
    }[];
  };
  it("says what is held, asks before erasing, and the button erases the data of whoever presses it", async () => {
    const ticket = await closedTicket(G, [DEMO_STAFF_ID, "Demo Staff"], [[DEMO_STAFF_ID, "Demo Staff", "staffsecretword here"]]);
    const exported = await interact(tokens.staff, {
      kind: "command",
      channelId: SUPPORT_CHANNEL,
      name: "mydata",
      options: { action: "export" },
    });
    // The export itself, attached (on Try-it a data: URL; on Discord the deferral's edit carries it, tests/server/tickets/discord-path).
    expect(exported[0].content).toMatch(/^Your data: \d+ tickets? and \d+ transcripts? with your messages, in the attached JSON file\./);
    const [file] = exported[0].attachments!;
    expect(file.name).toBe("my-ticketeer-data.json");
    const data = JSON.parse(Buffer.from(file.url.replace(/^data:application\/json;base64,/, ""), "base64").toString("utf8"));
    expect(data.user_id).toBe(DEMO_STAFF_ID);
    expect(JSON.stringify(data)).toContain("staffsecretword");
    expect(file.size).toBe(Buffer.byteLength(JSON.stringify(data, null, 2)));
    const asked = await interact(tokens.staff, {
      kind: "command",
      channelId: SUPPORT_CHANNEL,
      name: "mydata",
      options: { action: "erase" },
    });
    expect(asked[0].content).toContain("It cannot be undone.");
    const erase = asked[0].components![0].components[0];
    expect(erase).toMatchObject({ custom_id: "my-data:erase", label: "Erase my data" });
    // Asking erased nothing.
    expect(await found(G, "staffsecretword")).toEqual([ticket]);
    const done = await interact(tokens.staff, { kind: "button", channelId: SUPPORT_CHANNEL, messageId: "1", customId: erase.custom_id });
    expect(done[0].content).toMatch(/^Done: \d+ transcripts? and \d+ tickets? erased\./);
    expect(await found(G, "staffsecretword")).toEqual([]);
    // Someone else's words stay.
    expect(await found(G, "otherword")).toEqual([theirs]);
  });
});

describe("/mydata export past Discord's upload size", () => {
  it("attaches nothing and points to the dashboard's download", () => {
    const words = { author: "Demo Visitor", content: "x".repeat(discordLimits.uploadBytes), timestamp: 0, embeds: [], attachments: [] };
    const transcript = { guild_id: G, ticket_id: 1, closed_at: 0, messages: [words] };
    const huge = { exported_at: 0, user_id: MEMBER, profile: null, tickets: [], transcripts: [transcript], activity: [], saved_views: [] };
    const answer = myDataAnswer(huge, "https://ticketeer.example");
    expect(answer).toMatchObject({
      kind: "message",
      message: { content: botTexts.myDataTooLarge(10, "https://ticketeer.example/my-tickets") },
    });
    expect("files" in answer && answer.files).toBeFalsy();
    const fits = myDataAnswer({ ...huge, transcripts: [] }, "https://ticketeer.example");
    expect(fits.kind === "message" && fits.files?.map((f) => f.name)).toEqual(["my-ticketeer-data.json"]);
  });
});

describe("a member's open tickets, and the copies of their words", () => {
  const visitor: Member = {
    id: MEMBER,
    username: "Demo Visitor",
    avatar: null,
    roles: [],
    permissions: String(0x400 + 0x800 + 0x4000 + 0x8000 + 0x10000 + 0x40),
    owner: false,
  };
  const liveMemory = () => (t.app.helpdesk.live as unknown as { memory: Map<number, unknown> }).memory;

  it("closes their open tickets with the reason, sends no closing DM, and leaves no copy in caches, live reads or the index", async () => {
    // A closed ticket of theirs, found through a cached list of the staff's transcripts.
    const closed = await closedTicket(G, [MEMBER, "Demo Visitor"], [[MEMBER, "Demo Visitor", "cachedquux about my refund"]]);
    const search = `/api/${G}/transcripts?q=cachedquux`;
    expect((await api("GET", search, tokens.admin)).body.transcripts.map((r: { TicketId: number }) => r.TicketId)).toEqual([closed]);
    // An open one: they write in its channel and from "My tickets" (the bot's embed under their name).
    const opened = await open(t.app.tickets.deps, { guildId: G, member: visitor, panelId: null, subject: "Open when erased" });
    if (!("done" in opened) || !("ticket" in opened)) throw new Error(JSON.stringify(opened));
    const ticket = opened.ticket;
    await (t.app.platform as DemoPlatform).postAsUser(
      ticket.channel_id!,
      { id: MEMBER, username: "Demo Visitor", avatar: null, bot: false },
      "openquux in the channel",
    );
    const wrote = await api("POST", `/api/my-tickets/${G}/${ticket.number}/messages`, tokens.visitor, {
      content: "relayquux from my tickets",
    });
    expect(wrote.status, JSON.stringify(wrote.body)).toBe(200);
    // Staff watch it: the live read holds the conversation.
    const live = await api("GET", `/api/${G}/tickets/${ticket.number}/messages`, tokens.admin);
    expect(JSON.stringify(live.body)).toContain("openquux");
    expect(liveMemory().has(ticket.id)).toBe(true);
    const dms = vi.spyOn(t.app.platform, "sendDirectMessage");

    const res = await api("POST", "/api/me/data/erase", tokens.visitor, { confirm: "ERASE" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.openTickets).toBe(0);
    expect(res.body.tickets).toBeGreaterThanOrEqual(2);

    const row = await t.db.selectFrom("tickets").selectAll().where("id", "=", ticket.id).executeTakeFirstOrThrow();
    expect([row.status, row.close_reason, row.opener_id, row.opener_name, row.subject]).toEqual([
      "closed",
      "Closed automatically: the member who opened it erased their data",
      "0",
      "deleted user",
      null,
    ]);
    // Nothing asks them for a rating: no closing DM.
    expect(dms.mock.calls.filter(([userId]) => userId === MEMBER)).toEqual([]);
    dms.mockRestore();
    // The staff's transcript: their words in the channel and from "My tickets" read "deleted user".
    const view = await api("GET", `/api/${G}/transcripts/${ticket.number}`, tokens.admin);
    expect(view.status).toBe(200);
    expect(view.body.transcript_html).toContain("deleted user");
    for (const gone of ["openquux", "relayquux", "Demo Visitor", "Open when erased"]) expect(view.body.transcript_html).not.toContain(gone);
    // No copy left: the cached list, the word index, the live read's memory and store, the captured conversation.
    expect((await api("GET", search, tokens.admin)).body.transcripts).toEqual([]);
    for (const word of ["cachedquux", "openquux", "relayquux"]) expect(await found(G, word)).toEqual([]);
    expect(liveMemory().has(ticket.id)).toBe(false);
    expect(await t.db.selectFrom("ticket_live_reads").select("ticket_id").where("ticket_id", "=", ticket.id).execute()).toEqual([]);
    expect(await t.db.selectFrom("ticket_messages").select("message_id").where("ticket_id", "=", ticket.id).execute()).toEqual([]);
    expect(await t.db.selectFrom("ticket_messages").select("message_id").where("author_id", "=", MEMBER).execute()).toEqual([]);
    expect(JSON.stringify((await api("GET", `/api/${G}/tickets/${ticket.number}/messages`, tokens.admin)).body)).not.toContain("quux");
    await expectCountersMatch(t);
  });
});

describe("an owner's rights", () => {
  it("only the owner exports or erases the server: staff and members are refused, and nothing is erased", async () => {
    for (const token of [tokens.staff, tokens.visitor]) {
      expect((await api("GET", `/api/${GH}/data/export`, token)).status).toBe(403);
      expect((await api("POST", `/api/${GH}/data/erase`, token, { confirm: GH })).status).toBe(403);
    }
    expect((await api("POST", `/api/${GH}/data/erase`, tokens.admin, { confirm: "not the id" })).status).toBe(400);
    expect(
      Number(
        (
          await t.db
            .selectFrom("tickets")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("guild_id", "=", GH)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
  });

  it("exports everything of the server and nothing of another", async () => {
    const res = await api("GET", `/api/${G}/data/export`, tokens.admin);
    expect(res.status).toBe(200);
    const tables = res.body.tables as Record<string, { guild_id: string }[]>;
    expect(tables.tickets.length).toBeGreaterThan(0);
    for (const [name, rows] of Object.entries(tables)) for (const row of rows) expect(row.guild_id, name).toBe(G);
    expect(JSON.stringify(tables.transcripts)).toContain("otherword");
  });

  it("erases the server: nothing of it is left but the entry saying so, and the running totals recount", async () => {
    const res = await api("POST", `/api/${GH}/data/erase`, tokens.admin, { confirm: GH });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const table of await guildTables(t.db, t.app.dbDialect)) {
      const { rows } = await sql<{ action?: string }>`select * from ${sql.table(table)} where guild_id = ${GH}`.execute(t.db);
      if (table === "activity") expect(rows.map((r) => r.action)).toEqual([SERVER_ERASED]);
      else expect(rows, table).toEqual([]);
    }
    expect(await found(GH, "quokkaflux")).toEqual([]);
    // The other server is whole.
    expect(await found(G, "otherword")).toEqual([theirs]);
    await expectCountersMatch(t);
    await expectRollupsMatch(t, [G, GH]);
    expect(DEMO_ADMIN_ID).not.toBe(DEMO_STAFF_ID);
  });
});
