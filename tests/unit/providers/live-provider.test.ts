import type { LiveEvent } from "@refinedev/core";
import { http as rest, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createLiveProvider, ticketsChannel } from "../../../src/providers/live-provider";
import { readTicketEvents } from "../../../src/providers/ticket-stream";
import type { DemoTicketEvent } from "../../../src/schemas/demo";
import type { TicketEvent, TicketSummary } from "../../../src/schemas/ticket";
import { API, memoryTokens, useMswServer } from "./helpers";

// Refine's live provider over GET /{guildId}/tickets/events: server-sent events read over fetch (the session in the
// Authorization header), split anywhere by the network; one stream per guild shared by its subscribers; a fallback
// that polls while the stream is down.

const server = useMswServer();
const guildId = "812345678901234567";
const events = `${API}/${guildId}/tickets/events`;

const ticket = (n: number, extra: Partial<TicketSummary> = {}): TicketSummary => ({
  TicketId: n,
  Status: "open",
  PanelId: 1,
  PanelName: "General Support",
  OpenerId: "1",
  OpenerName: "Ann",
  Subject: null,
  ClaimedById: null,
  ClaimedByName: null,
  ChannelId: "5",
  ChannelUrl: null,
  OpenedAt: 1,
  LastActivityAt: 1,
  ClosedAt: null,
  CloseReason: null,
  FormAnswers: [],
  Priority: "normal",
  LabelIds: [],
  WaitingSince: null,
  WaitingOn: "staff",
  WaitingOnSince: null,
  SnoozedUntil: null,
  SnoozedBy: null,
  ...extra,
});
const block = (event: TicketEvent) => `event: ticket\ndata: ${JSON.stringify(event)}\n\n`;

/** A text/event-stream body the test writes to, chunk by chunk, and may end. */
function eventStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: () => new HttpResponse(body, { headers: { "content-type": "text/event-stream" } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const until = async (check: () => boolean, ms = 3000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
};

function subscribe(provider: ReturnType<typeof createLiveProvider>, types: string[] = ["*"], id = guildId) {
  const seen: LiveEvent[] = [];
  // As refine's useList subscribes: the channel of the resource, the hook's meta (the route's guildId) in params.
  const handle = provider.subscribe({
    channel: ticketsChannel,
    types,
    callback: (e: LiveEvent) => seen.push(e),
    params: { meta: { guildId: id } } as never,
  });
  return { seen, handle };
}

describe("reading the stream", () => {
  it("parses `event: ticket` blocks split across chunks, skipping other events, comments and malformed data", async () => {
    const opened: TicketEvent = { type: "opened", guildId, ticket: ticket(7) };
    const text = `retry: 3000\n\n: keep-alive\n\nevent: other\ndata: {}\n\nevent: ticket\ndata: {"broken"\n\n${block(opened)}`;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const part of [text.slice(0, 17), text.slice(17, 90), text.slice(90)]) c.enqueue(encoder.encode(part));
        c.close();
      },
    });
    const seen: TicketEvent[] = [];
    await readTicketEvents(body, (e) => seen.push(e));
    expect(seen).toEqual([opened]);
  });
});

describe("live provider", () => {
  it("opens the guild's stream with the session and hands out refine events: opened → created, updated, closed → deleted", async () => {
    const stream = eventStream();
    const requests: Headers[] = [];
    server.use(rest.get(events, ({ request }) => (requests.push(request.headers), stream.response())));
    const provider = createLiveProvider({ baseUrl: "/api", tokens: memoryTokens("token-9") });
    const { seen, handle } = subscribe(provider);
    await until(() => requests.length === 1);
    expect(requests[0].get("authorization")).toBe("Bearer token-9");
    expect(requests[0].get("accept")).toBe("text/event-stream");

    const opened: TicketEvent = { type: "opened", guildId, ticket: ticket(13) };
    const claimed: TicketEvent = { type: "updated", guildId, ticket: ticket(13, { ClaimedById: "9", ClaimedByName: "Bo" }) };
    const closed: TicketEvent = { type: "closed", guildId, ticket: ticket(13, { Status: "closed" }) };
    const text = block(opened) + block(claimed) + block(closed);
    stream.write(text.slice(0, 40));
    stream.write(text.slice(40));
    await until(() => seen.length === 3);
    expect(seen.map((e) => [e.channel, e.type, e.payload])).toEqual([
      [ticketsChannel, "created", { ids: [13], event: opened }],
      [ticketsChannel, "updated", { ids: [13], event: claimed }],
      [ticketsChannel, "deleted", { ids: [13], event: closed }],
    ]);
    expect(seen[0].date).toBeInstanceOf(Date);
    provider.unsubscribe(handle);
  });

  it("shares one stream between a guild's subscribers, delivers by type, and closes it with the last one", async () => {
    const stream = eventStream();
    let opened = 0;
    let aborted = false;
    server.use(
      rest.get(events, ({ request }) => {
        opened++;
        request.signal.addEventListener("abort", () => (aborted = true));
        return stream.response();
      }),
    );
    const provider = createLiveProvider({ baseUrl: "/api", tokens: memoryTokens() });
    const list = subscribe(provider);
    const onlyCreated = subscribe(provider, ["created"]);
    await until(() => opened === 1);
    stream.write(block({ type: "updated", guildId, ticket: ticket(2) }) + block({ type: "opened", guildId, ticket: ticket(3) }));
    await until(() => list.seen.length === 2);
    expect(onlyCreated.seen.map((e) => e.type)).toEqual(["created"]);
    expect(opened).toBe(1);

    provider.unsubscribe(list.handle);
    expect(aborted).toBe(false);
    provider.unsubscribe(onlyCreated.handle);
    await until(() => aborted);
    // Another channel, or no guild: nothing to stream.
    expect(
      provider.subscribe({ channel: "resources/tags", types: ["*"], callback: () => {}, params: { meta: { guildId } } as never }),
    ).toBeUndefined();
    expect(provider.subscribe({ channel: ticketsChannel, types: ["*"], callback: () => {} })).toBeUndefined();
    expect(opened).toBe(1);
  });

  it("a member's subscriber (the Try-it view) reads the member's stream, apart from the dashboard's", async () => {
    const staffStream = eventStream();
    const memberStream = eventStream();
    const asked: string[] = [];
    server.use(
      rest.get(events, () => (asked.push("staff"), staffStream.response())),
      rest.get(`${API}/${guildId}/demo/events`, () => (asked.push("member"), memberStream.response())),
    );
    const provider = createLiveProvider({ baseUrl: "/api", tokens: memoryTokens() });
    const staff = subscribe(provider);
    const seen: LiveEvent[] = [];
    const member = provider.subscribe({
      channel: ticketsChannel,
      types: ["*"],
      callback: (e: LiveEvent) => seen.push(e),
      meta: { guildId, audience: "member" } as never,
    });
    await until(() => asked.length === 2);
    expect(asked.sort()).toEqual(["member", "staff"]);
    const closed: DemoTicketEvent = {
      type: "closed",
      guildId,
      ticket: { TicketId: 13, Status: "closed", ChannelId: "5", OpenerId: "1", Visible: false, CloseReason: "Solved" },
    };
    memberStream.write(`event: ticket\ndata: ${JSON.stringify(closed)}\n\n`);
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ channel: ticketsChannel, type: "deleted", payload: { ids: [13], event: closed } });
    expect(staff.seen).toEqual([]);
    provider.unsubscribe(member);
    provider.unsubscribe(staff.handle);
  });

  it("while the stream is down, says so to status subscribers and sends 'refresh' every pollMs; reconnects and stops polling once up", async () => {
    const stream = eventStream();
    let attempts = 0;
    server.use(rest.get(events, () => (++attempts < 3 ? HttpResponse.json({ error: "Unavailable" }, { status: 503 }) : stream.response())));
    const provider = createLiveProvider({ baseUrl: "/api", tokens: memoryTokens(), retryMs: 40, pollMs: 25 });
    const list = subscribe(provider);
    const status = subscribe(provider, ["status"]);

    await until(() => list.seen.some((e) => e.type === "refresh"));
    expect(list.seen.find((e) => e.type === "refresh")?.payload).toEqual({ reason: "poll" });
    await until(() => attempts === 3 && status.seen.at(-1)?.payload.live === true, 5000);
    // Status events go only to those who asked for them: a list would refetch on each.
    expect(list.seen.every((e) => e.type === "refresh")).toBe(true);
    expect(status.seen.map((e) => e.payload.live)).toEqual([false, true]);
    const refreshes = list.seen.length;
    await new Promise((r) => setTimeout(r, 120));
    expect(list.seen.length).toBe(refreshes);

    // A late status subscriber hears the current state at once.
    const late = subscribe(provider, ["status"]);
    await until(() => late.seen.length === 1);
    expect(late.seen[0].payload).toEqual({ live: true });

    // The stream ends (the server's TICKET_STREAM_SECONDS): down, then reopened.
    stream.end();
    await until(() => status.seen.length === 3);
    expect(status.seen.at(-1)?.payload).toEqual({ live: false });
    for (const s of [list, status, late]) provider.unsubscribe(s.handle);
  });
});
