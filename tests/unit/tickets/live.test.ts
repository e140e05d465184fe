import { describe, expect, it } from "vitest";
import { applyEvent } from "../../../src/resources/tickets/TicketsScreen";
// The stream parser belongs to the live provider now (src/providers/ticket-stream.ts).
import { readTicketEvents as readEvents } from "../../../src/providers/ticket-stream";
import { formatDuration } from "../../../src/resources/engine/ticket-statistics-format";
import type { TicketEvent, TicketSummary } from "../../../src/schemas/ticket";

// The Tickets screen's live updates: server-sent events read from a stream (split anywhere, as the network
// splits them), applied to the open list; and the Statistics screen's durations.

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
  ChannelUrl: "/g/try-it?channel=5",
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

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe("live ticket events", () => {
  it("parses `event: ticket` blocks split across chunks, and skips other events and malformed data", async () => {
    const opened: TicketEvent = { type: "opened", guildId: "g", ticket: ticket(7) };
    const text = `retry: 3000\n\n: keep-alive\n\nevent: other\ndata: {}\n\nevent: ticket\ndata: {"broken"\n\nevent: ticket\ndata: ${JSON.stringify(opened)}\n\n`;
    const seen: TicketEvent[] = [];
    await readEvents(streamOf([text.slice(0, 17), text.slice(17, 90), text.slice(90)]), (e) => seen.push(e));
    expect(seen).toEqual([opened]);
  });

  it("adds an opened ticket on top, replaces an updated one and removes a closed one", () => {
    let list = [ticket(2), ticket(1)];
    list = applyEvent(list, { type: "opened", guildId: "g", ticket: ticket(3) });
    expect(list.map((t) => t.TicketId)).toEqual([3, 2, 1]);
    list = applyEvent(list, { type: "updated", guildId: "g", ticket: ticket(2, { ClaimedById: "9", ClaimedByName: "Bo" }) });
    expect(list.map((t) => [t.TicketId, t.ClaimedByName])).toEqual([
      [3, null],
      [2, "Bo"],
      [1, null],
    ]);
    list = applyEvent(list, { type: "closed", guildId: "g", ticket: ticket(3, { Status: "closed" }) });
    expect(list.map((t) => t.TicketId)).toEqual([2, 1]);
  });
});

describe("durations", () => {
  it.each([
    [null, "—"],
    [45_000, "45 s"],
    [12 * 60_000, "12 min"],
    [65 * 60_000, "1 h 5 min"],
    [2 * 3_600_000, "2 h"],
    [51 * 3_600_000, "2 d 3 h"],
  ])("%s ms reads %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
