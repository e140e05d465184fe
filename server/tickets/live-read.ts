import { randomUUID } from "node:crypto";
import type { ChannelMessage } from "../platform/adapter";
import { captureMentionNames } from "./message-record";
import { addedMembers, type TicketRow } from "./store";
import type { EngineDeps } from "./step";

// The live read of a watched ticket (issue 23). There is no gateway, so while staff view a ticket its channel is read
// after its last known message — once per ticket per poll, however many staff watch it:
// - within an instance, one read at a time per ticket (later callers wait for it) and its answer is served to every
//   caller until it is `pollMs` old;
// - across instances, a lease in the database (ticket_live_reads: read_at, holder) taken by compare-and-set: the
//   instance that takes it reads Discord and stores what it read (sealed with the keyring's secret box, as notes are);
//   the others serve that row until it is `pollMs` old;
// - within the shared limits: an instance reads at most `maxReadsPerSecond` channels a second (a fifth of Discord's
//   global 50/s by default; Discord's own per-channel bucket allows 5 reads per 5 s); past it a watcher gets the last
//   read, a little older, and the next poll tries again. Behind the REST proxy every instance shares Discord's buckets.
// On the demo platform the same read is a query of the demo's rows, and the Try-it view's messages also arrive as
// ticket events at once (the page refetches on them).

export interface LiveReadOptions {
  /** How old a read may be before the next watcher's poll reads again (ms). */
  pollMs?: number;
  /** The most channel reads this instance starts per second, for every ticket together. */
  maxReadsPerSecond?: number;
  /** This instance's name in the lease (default: random). */
  holder?: string;
  now?: () => number;
}

/** What the live read knows of a ticket's channel: its newest messages (up to 100, oldest first). */
export interface LiveState {
  readAt: number;
  lastMessageId: string | null;
  messages: ChannelMessage[];
}

const KEEP = 100;
const aadOf = (ticketRowId: number) => `ticket-live-read:${ticketRowId}`;
const byId = (a: string, b: string) => (a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0);

export class LiveReader {
  readonly pollMs: number;
  private readonly maxReadsPerSecond: number;
  private readonly holder: string;
  private readonly now: () => number;
  private readonly memory = new Map<number, LiveState>();
  private readonly inflight = new Map<number, Promise<LiveState>>();
  private readsThisSecond = { second: 0, count: 0 };

  constructor(
    private readonly deps: Pick<EngineDeps, "db" | "platform" | "keyring" | "log">,
    options: LiveReadOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 3000;
    this.maxReadsPerSecond = options.maxReadsPerSecond ?? 10;
    this.holder = options.holder ?? randomUUID();
    this.now = options.now ?? Date.now;
  }

  /** The ticket's newest messages, read from the platform at most once per poll for every watcher together. */
  read(row: TicketRow): Promise<LiveState> {
    const cached = this.memory.get(row.id);
    if (cached && this.now() - cached.readAt < this.pollMs) return Promise.resolve(cached);
    const running = this.inflight.get(row.id);
    if (running) return running;
    const next = this.refresh(row, cached).finally(() => this.inflight.delete(row.id));
    this.inflight.set(row.id, next);
    return next;
  }

  /** Forgets a ticket (closed). */
  forget(ticketRowId: number) {
    this.memory.delete(ticketRowId);
  }

  private remember(ticketRowId: number, state: LiveState): LiveState {
    this.memory.set(ticketRowId, state);
    if (this.memory.size > 5000) this.memory.delete(this.memory.keys().next().value!);
    return state;
  }

  private fromRow(ticketRowId: number, lease: { read_at: number; last_message_id: string | null; messages_sealed: string | null }): LiveState {
    const opened = lease.messages_sealed ? this.deps.keyring.secrets.open(lease.messages_sealed, aadOf(ticketRowId)) : null;
    let messages: ChannelMessage[] = [];
    try {
      messages = opened ? (JSON.parse(opened) as ChannelMessage[]) : [];
    } catch {
      messages = [];
    }
    return { readAt: Number(lease.read_at), lastMessageId: lease.last_message_id, messages };
  }

  /** The holder's name while its read is under way: other instances wait for it rather than serve the last read. */
  private get reading() {
    return `${this.holder}:reading`;
  }

  /**
   * What another instance read. While its read is under way (its lease says `:reading`), waits for it — up to a
   * second, then serves the previous read (a crashed holder's lease runs out after one poll).
   */
  private async served(ticketRowId: number, lease: { read_at: number; holder: string; last_message_id: string | null; messages_sealed: string | null }): Promise<LiveState> {
    let current = lease;
    for (let waited = 0; current.holder.endsWith(":reading") && current.holder !== this.reading && waited < 1000; waited += 25) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const again = await this.deps.db.selectFrom("ticket_live_reads").selectAll().where("ticket_id", "=", ticketRowId).executeTakeFirst();
      if (!again) break;
      current = again;
    }
    return this.fromRow(ticketRowId, current);
  }

  private withinBudget(): boolean {
    const second = Math.floor(this.now() / 1000);
    if (this.readsThisSecond.second !== second) this.readsThisSecond = { second, count: 0 };
    if (this.readsThisSecond.count >= this.maxReadsPerSecond) return false;
    this.readsThisSecond.count++;
    return true;
  }

  private async refresh(row: TicketRow, cached: LiveState | undefined): Promise<LiveState> {
    const { db } = this.deps;
    const now = this.now();
    let lease = await db.selectFrom("ticket_live_reads").selectAll().where("ticket_id", "=", row.id).executeTakeFirst();
    if (lease && now - Number(lease.read_at) < this.pollMs) return this.remember(row.id, await this.served(row.id, lease));
    if (!this.withinBudget()) return cached ?? (lease ? this.fromRow(row.id, lease) : { readAt: 0, lastMessageId: null, messages: [] });
    // Take the lease: one instance wins per poll.
    if (!lease) {
      await db
        .insertInto("ticket_live_reads")
        .values({ ticket_id: row.id, read_at: now, holder: this.reading, last_message_id: null, messages_sealed: null })
        .onConflict((oc) => oc.column("ticket_id").doNothing())
        .execute();
      lease = await db.selectFrom("ticket_live_reads").selectAll().where("ticket_id", "=", row.id).executeTakeFirstOrThrow();
      if (lease.holder !== this.reading || Number(lease.read_at) !== now) return this.remember(row.id, await this.served(row.id, lease));
    } else {
      const taken = await db
        .updateTable("ticket_live_reads")
        .set({ read_at: now, holder: this.reading })
        .where("ticket_id", "=", row.id)
        .where("read_at", "=", lease.read_at)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) {
        const other = await db.selectFrom("ticket_live_reads").selectAll().where("ticket_id", "=", row.id).executeTakeFirstOrThrow();
        return this.remember(row.id, await this.served(row.id, other));
      }
    }
    const known = cached && cached.lastMessageId === lease.last_message_id ? cached : this.fromRow(row.id, lease);
    const after = known.lastMessageId ?? undefined;
    let fresh: ChannelMessage[] = [];
    if (row.channel_id) {
      try {
        fresh = await captureMentionNames(this.deps.platform, row.guild_id, await this.deps.platform.readMessages(row.channel_id, undefined, after));
      } catch (error) {
        this.deps.log.warn({ err: error, ticket: row.number }, "live read of a ticket failed");
        await db.updateTable("ticket_live_reads").set({ holder: this.holder }).where("ticket_id", "=", row.id).where("holder", "=", this.reading).where("read_at", "=", now).execute();
        return { ...known, readAt: now };
      }
    }
    const seen = new Set(known.messages.map((m) => m.id));
    const merged = [...known.messages, ...fresh.filter((m) => !seen.has(m.id)).reverse()].sort((a, b) => byId(a.id, b.id)).slice(-KEEP);
    const state: LiveState = { readAt: now, lastMessageId: merged.length ? merged[merged.length - 1].id : known.lastMessageId, messages: merged };
    await db
      .updateTable("ticket_live_reads")
      .set({ holder: this.holder, last_message_id: state.lastMessageId, messages_sealed: this.deps.keyring.secrets.seal(JSON.stringify(merged), aadOf(row.id)) })
      .where("ticket_id", "=", row.id)
      .where("holder", "=", this.reading)
      .where("read_at", "=", now)
      .execute();
    if (fresh.length) await this.noteFirstResponse(row, fresh);
    return this.remember(row.id, state);
  }

  /** A staff message the live read saw is the ticket's first response when none was recorded. */
  private async noteFirstResponse(row: TicketRow, fresh: ChannelMessage[]) {
    if (row.first_response_at !== null && row.first_response_at !== undefined) return;
    const added = new Set(await addedMembers(this.deps.db, row.id));
    const staff = fresh.filter((m) => !m.author.bot && m.author.id !== row.opener_id && !added.has(m.author.id)).sort((a, b) => a.timestamp - b.timestamp)[0];
    if (!staff) return;
    await this.deps.db.updateTable("tickets").set({ first_response_at: staff.timestamp }).where("id", "=", row.id).where("first_response_at", "is", null).execute();
  }
}
