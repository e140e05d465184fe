import type { LiveReader, LiveState } from "../../../server/helpdesk/live-read";
import type { TicketRow } from "../../../server/tickets/store";

// Staff watching tickets' pages against a live reader on a clock of its own (no waiting in real time): every watched
// ticket's page polls every `pollMs` from its own offset, as the ticket page does. A page whose first read waits for
// its slot sends nothing more until it is answered (as the page's query does). Used by the live-read suite and
// bench/live-read.ts.

export interface Watch {
  row: TicketRow;
  /** When in each poll interval its page polls (ms). */
  offsetMs: number;
}

export interface Poll {
  row: TicketRow;
  /** When the page asked. */
  at: number;
  state: LiveState;
}

export interface WatchOptions {
  reader: LiveReader;
  /** Sets the reader's clock. */
  setClock(ms: number): void;
  start: number;
  durationMs: number;
  pollMs: number;
  watches: Watch[];
  /** Every answered poll (a first read when its read came). */
  onPoll(poll: Poll): void;
  /** Before the polls of an instant (members writing, …). */
  before?(at: number): void | Promise<void>;
}

/** Runs the polls in time order; at the end the clock moves on, second by second, until every first read is answered. */
export async function watchPages(o: WatchOptions): Promise<void> {
  const polls: { at: number; watch: Watch }[] = [];
  for (const watch of o.watches)
    for (let at = o.start + (watch.offsetMs % o.pollMs); at < o.start + o.durationMs; at += o.pollMs) polls.push({ at, watch });
  polls.sort((a, b) => a.at - b.at);
  const answered = new Set<number>();
  const waiting = new Map<number, Promise<unknown>>();
  const ask = (row: TicketRow, at: number) => o.reader.read(row).then((state) => o.onPoll({ row, at, state }));
  for (let i = 0; i < polls.length;) {
    const at = polls[i].at;
    o.setClock(at);
    await o.before?.(at);
    const now: Promise<unknown>[] = [];
    for (; i < polls.length && polls[i].at === at; i++) {
      const { row } = polls[i].watch;
      if (waiting.has(row.id)) continue;
      if (answered.has(row.id)) now.push(ask(row, at));
      else {
        const first = ask(row, at).then(() => {
          answered.add(row.id);
          waiting.delete(row.id);
        });
        waiting.set(row.id, first);
      }
    }
    await Promise.all(now);
    await o.reader.settled();
  }
  let clock = o.start + o.durationMs;
  for (let step = 0; waiting.size && step < 3600; step++) {
    o.setClock((clock += 1000));
    // A poll of any page starts the reads its server's share allows (a waiting page's call is the same call).
    for (const watch of o.watches) {
      const read = o.reader.read(watch.row);
      if (answered.has(watch.row.id)) await read;
    }
    await o.reader.settled();
  }
  await Promise.all(waiting.values());
}
