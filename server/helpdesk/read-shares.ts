import type { TicketRow } from "../tickets/store";

// The live read's budget (./live-read.ts), shared fairly by the servers whose tickets are watched on this instance:
// each second, the reads it allows are divided one slot at a time among the servers that will need one before the
// second ends (their watched tickets whose last read is a poll old by then), the server with the fewest slots so far
// first, on a tie the one served longest ago — so a server watching one ticket gets its read however many another
// watches, and a server that needs nothing this second leaves its share to the others. Within a server's share the
// ticket read longest ago goes first (a ticket never read first of all). Only tickets somebody asked for since their
// read went stale are read; the read may start on another ticket's poll, and its watchers see it on their next one.

/** A ticket staff watch on this instance. */
interface Watched {
  id: number;
  guildId: string;
  /** The ticket as its last poll saw it (what a read started on another ticket's poll uses). */
  row: TicketRow;
  polledAt: number;
  /** When what this instance knows of it was read (0: never). */
  readAt: number;
  /** Asked for since its read went stale, and not read since. */
  wanting: boolean;
}

export class FairReadShares {
  private readonly watched = new Map<number, Watched>();
  private second = -1;
  private readonly used = new Map<string, number>();
  private total = 0;
  /** Per server, the turn it last got a slot in (ties go to the one served longest ago). */
  private readonly lastTurn = new Map<string, number>();
  private turn = 0;

  constructor(
    private readonly perSecond: number,
    private readonly pollMs: number,
    /** How long a ticket counts as watched after its last poll. */
    private readonly watchMs: number,
  ) {}

  /** A poll of the ticket (what is known of it was read at `readAt`). */
  watch(row: TicketRow, now: number, readAt: number): void {
    const w = this.watched.get(row.id);
    if (w) {
      w.row = row;
      w.polledAt = now;
      w.readAt = Math.max(w.readAt, readAt);
    } else {
      this.watched.set(row.id, { id: row.id, guildId: row.guild_id, row, polledAt: now, readAt, wanting: false });
    }
  }

  /** A watcher asked for the ticket and what is known of it is stale: it waits for a slot. */
  want(ticketRowId: number): void {
    const w = this.watched.get(ticketRowId);
    if (w) w.wanting = true;
  }

  /** What is known of the ticket was read at `readAt` (by this instance or another). */
  noteRead(ticketRowId: number, readAt: number): void {
    const w = this.watched.get(ticketRowId);
    if (w && readAt >= w.readAt) {
      w.readAt = readAt;
      if (readAt > 0) w.wanting = false;
    }
  }

  forget(ticketRowId: number): void {
    this.watched.delete(ticketRowId);
  }

  /** A slot taken in `second` was not used (another instance had just read the ticket): it goes back. */
  refund(guildId: string, second: number): void {
    if (second !== this.second) return;
    this.used.set(guildId, Math.max(0, (this.used.get(guildId) ?? 0) - 1));
    this.total = Math.max(0, this.total - 1);
  }

  /**
   * The tickets to read now (each counted in its server's share of this second): the wanting ones that fit their
   * server's share, oldest read first. `reading`: tickets whose read is under way (neither wanted nor counted again).
   */
  take(now: number, reading: ReadonlySet<number>): { tickets: TicketRow[]; second: number } {
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.second = second;
      this.used.clear();
      this.total = 0;
    }
    const staleBy = (second + 1) * 1000 - this.pollMs;
    const demand = new Map<string, number>(this.used);
    const wanting = new Map<string, Watched[]>();
    for (const w of this.watched.values()) {
      if (reading.has(w.id)) continue;
      // No longer watched (unless still wanted: a first read's caller waits for it).
      if (now - w.polledAt > this.watchMs && !w.wanting) {
        this.watched.delete(w.id);
        continue;
      }
      if (w.readAt >= staleBy) continue;
      demand.set(w.guildId, (demand.get(w.guildId) ?? 0) + 1);
      if (w.wanting && now - w.readAt >= this.pollMs) {
        const list = wanting.get(w.guildId) ?? [];
        list.push(w);
        wanting.set(w.guildId, list);
      }
    }
    if (wanting.size === 0 || this.total >= this.perSecond) return { tickets: [], second };
    // The second's slots, one at a time, to the server with the fewest so far among those that still need one.
    const shares = new Map<string, number>(this.used);
    for (let free = this.perSecond - this.total; free > 0; free--) {
      let pick: string | undefined;
      for (const [guildId, need] of demand) {
        const has = shares.get(guildId) ?? 0;
        if (has >= need) continue;
        if (pick === undefined) pick = guildId;
        else {
          const best = shares.get(pick) ?? 0;
          if (has < best || (has === best && (this.lastTurn.get(guildId) ?? -1) < (this.lastTurn.get(pick) ?? -1))) pick = guildId;
        }
      }
      if (pick === undefined) break;
      shares.set(pick, (shares.get(pick) ?? 0) + 1);
    }
    const tickets: TicketRow[] = [];
    for (const [guildId, list] of wanting) {
      const free = (shares.get(guildId) ?? 0) - (this.used.get(guildId) ?? 0);
      if (free <= 0) continue;
      list.sort((a, b) => a.readAt - b.readAt || a.polledAt - b.polledAt);
      for (const w of list.slice(0, free)) {
        w.wanting = false;
        tickets.push(w.row);
      }
      const taken = Math.min(free, list.length);
      this.used.set(guildId, (this.used.get(guildId) ?? 0) + taken);
      this.total += taken;
      this.lastTurn.set(guildId, ++this.turn);
    }
    return { tickets, second };
  }
}
