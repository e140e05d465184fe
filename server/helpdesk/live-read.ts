import { randomUUID } from "node:crypto";
import type { ChannelMessage } from "../platform/adapter";
import { capturedMessages, capturedWhole } from "../tickets/conversation";
import { noteFirstResponse } from "../tickets/last-activity";
import { noteWriter } from "../tickets/waiting-on";
import { captureMentionNames } from "../tickets/message-record";
import type { TicketRow } from "../tickets/store";
import { FairReadShares } from "./read-shares";
import type { EngineDeps } from "../tickets/step";

// The live read of a watched ticket. With the gateway delivering a ticket's whole conversation, the page reads what it
// captured (../tickets/conversation.ts) and Discord is not asked. Otherwise, while staff view a ticket its channel is
// read after its last known message — once per ticket per poll, however many staff watch it:
// - within an instance, one read at a time per ticket (later callers wait for it) and its answer is served to every
//   caller until it is `pollMs` old;
// - across instances, a lease in the database (ticket_live_reads: read_at, holder) taken by compare-and-set: the
//   instance that takes it reads Discord and stores what it read (sealed with the keyring's secret box, as notes are);
//   the others serve that row until it is `pollMs` old;
// - within the shared limits, fairly: an instance reads at most `maxReadsPerSecond` channels a second (a fifth of
//   Discord's global 50/s by default; Discord's own per-channel bucket allows 5 reads per 5 s), divided among the
//   servers whose tickets are watched (./read-shares.ts): one server watching hundreds of tickets never keeps another
//   server's ticket from being read within its poll. A ticket waiting for its server's share is served its last read,
//   a little older; one never read waits for its slot (a first read never answers an empty conversation). Behind the
//   REST proxy every instance shares Discord's buckets.
// On the demo platform the same read is a query of the demo's rows, and the Try-it view's messages also arrive as
// ticket events at once (the page refetches on them).

export interface LiveReadOptions {
  /** How old a read may be before the next watcher's poll reads again (ms). */
  pollMs?: number;
  /** The most channel reads this instance starts per second, for every ticket together. */
  maxReadsPerSecond?: number;
  /** How long a ticket counts as watched after its last poll (ms; default two of the page's 3 s polls). */
  watchMs?: number;
  /** This instance's name in the lease (default: random). */
  holder?: string;
  now?: () => number;
  /**
   * Runs `fn` after `ms` (default: an unref'd timer): while a first read waits for its slot and no poll comes, the
   * shares are looked at again when the next second starts. A test or benchmark moving its own clock passes a no-op
   * (its polls look at them).
   */
  wake?: (fn: () => void, ms: number) => void;
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
  private readonly holder: string;
  private readonly now: () => number;
  private readonly memory = new Map<number, LiveState>();
  /** A watcher's call per ticket (later callers of the same ticket share it). */
  private readonly inflight = new Map<number, Promise<LiveState>>();
  /** The reads of the platform under way, per ticket. */
  private readonly underway = new Map<number, Promise<LiveState>>();
  /** Calls looking at the lease and the shares (before they read, serve or wait). */
  private readonly deciding = new Set<Promise<unknown>>();
  /** Callers of tickets never read, until their read starts. */
  private readonly firstReads = new Map<number, ((read: Promise<LiveState>) => void)[]>();
  private readonly shares: FairReadShares;
  private readonly wake: (fn: () => void, ms: number) => void;
  private awake = false;

  constructor(
    private readonly deps: EngineDeps,
    options: LiveReadOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 3000;
    this.holder = options.holder ?? randomUUID();
    this.now = options.now ?? Date.now;
    this.shares = new FairReadShares(options.maxReadsPerSecond ?? 10, this.pollMs, options.watchMs ?? Math.max(2 * this.pollMs, 6000));
    this.wake = options.wake ?? ((fn, ms) => setTimeout(fn, ms).unref());
  }

  /**
   * The ticket's newest messages: with the gateway delivering its whole conversation, what it captured (no platform
   * read); else read from the platform at most once per poll for every watcher together.
   */
  async read(row: TicketRow): Promise<LiveState> {
    if (await capturedWhole(this.deps, row)) {
      const messages = await capturedMessages(this.deps, row, KEEP);
      return { readAt: this.now(), lastMessageId: messages.length ? messages[messages.length - 1].id : null, messages };
    }
    return this.poll(row);
  }

  private poll(row: TicketRow): Promise<LiveState> {
    const now = this.now();
    const cached = this.memory.get(row.id);
    this.shares.watch(row, now, cached?.readAt ?? 0);
    const running = this.underway.get(row.id) ?? this.inflight.get(row.id);
    if (running || (cached && now - cached.readAt < this.pollMs)) {
      // Every poll is a moment to start the reads other tickets wait for.
      this.pump();
      return running ?? Promise.resolve(cached!);
    }
    const next = this.lookup(row, cached).finally(() => this.inflight.delete(row.id));
    this.inflight.set(row.id, next);
    return next;
  }

  /** Resolves once the reads under way have ended (what a test or benchmark moving its own clock waits for). */
  async settled(): Promise<void> {
    while (this.underway.size || this.deciding.size) await Promise.allSettled([...this.underway.values(), ...this.deciding]);
  }

  /** Forgets a ticket (closed, or a member's data erased from its conversation): its next poll reads it again. */
  forget(ticketRowId: number) {
    this.memory.delete(ticketRowId);
    this.shares.forget(ticketRowId);
    // Its first read will not come: whoever waits for it gets the conversation of a ticket no longer open.
    for (const resolve of this.firstReads.get(ticketRowId) ?? [])
      resolve(Promise.resolve({ readAt: this.now(), lastMessageId: null, messages: [] }));
    this.firstReads.delete(ticketRowId);
  }

  private remember(ticketRowId: number, state: LiveState): LiveState {
    this.memory.set(ticketRowId, state);
    this.shares.noteRead(ticketRowId, state.readAt);
    if (this.memory.size > 5000) this.memory.delete(this.memory.keys().next().value!);
    return state;
  }

  private fromRow(
    ticketRowId: number,
    lease: { read_at: number; last_message_id: string | null; messages_sealed: string | null },
  ): LiveState {
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
  private async served(
    ticketRowId: number,
    lease: { read_at: number; holder: string; last_message_id: string | null; messages_sealed: string | null },
  ): Promise<LiveState> {
    let current = lease;
    for (let waited = 0; current.holder.endsWith(":reading") && current.holder !== this.reading && waited < 1000; waited += 25) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const again = await this.deps.db.selectFrom("ticket_live_reads").selectAll().where("ticket_id", "=", ticketRowId).executeTakeFirst();
      if (!again) break;
      current = again;
    }
    return this.fromRow(ticketRowId, current);
  }

  private leaseOf(ticketRowId: number) {
    return this.deps.db.selectFrom("ticket_live_reads").selectAll().where("ticket_id", "=", ticketRowId).executeTakeFirst();
  }

  /**
   * A stale ticket: another instance's fresh read if there is one; else it waits for its server's share — read now
   * when the share has a slot, else its last read is served (a ticket never read waits for its slot).
   */
  private async lookup(row: TicketRow, cached: LiveState | undefined): Promise<LiveState> {
    const deciding = this.decide(row, cached);
    this.deciding.add(deciding);
    const decided = await deciding.finally(() => this.deciding.delete(deciding));
    return decided.state ?? decided.read;
  }

  private async decide(
    row: TicketRow,
    cached: LiveState | undefined,
  ): Promise<{ state: LiveState; read?: never } | { state?: never; read: Promise<LiveState> }> {
    const lease = await this.leaseOf(row.id);
    if (lease && this.now() - Number(lease.read_at) < this.pollMs)
      return { state: this.remember(row.id, await this.served(row.id, lease)) };
    const known = cached ?? (lease?.messages_sealed ? this.remember(row.id, this.fromRow(row.id, lease)) : undefined);
    this.shares.want(row.id);
    this.pump();
    const started = this.underway.get(row.id);
    if (started) return { read: started };
    if (known) return { state: known };
    // Waits in the same turn as the look at the shares, so no read can start in between unseen.
    const read = new Promise<LiveState>((resolve) => this.firstReads.set(row.id, [...(this.firstReads.get(row.id) ?? []), resolve]));
    this.wakeNextSecond();
    return { read };
  }

  /** Starts the reads the fair shares allow now. */
  private pump() {
    const { tickets, second } = this.shares.take(this.now(), new Set(this.underway.keys()));
    for (const row of tickets) {
      const read = this.refresh(row, second).finally(() => this.underway.delete(row.id));
      this.underway.set(row.id, read);
      // A read started for another ticket's poll may have nobody waiting on it: its failure is logged, not thrown.
      read.catch((error) => this.deps.log.warn({ err: error, ticket: row.number }, "live read of a ticket failed"));
      for (const resolve of this.firstReads.get(row.id) ?? []) resolve(read);
      this.firstReads.delete(row.id);
    }
    if (this.firstReads.size) this.wakeNextSecond();
  }

  /** While a first read waits for its slot, the shares are looked at again when the next second starts. */
  private wakeNextSecond() {
    if (this.awake) return;
    this.awake = true;
    this.wake(
      () => {
        this.awake = false;
        this.pump();
      },
      1001 - (this.now() % 1000),
    );
  }

  /** Reads the channel (the slot taken in `second`), unless another instance has just read it. */
  private async refresh(row: TicketRow, second: number): Promise<LiveState> {
    const { db } = this.deps;
    const now = this.now();
    const cached = this.memory.get(row.id);
    let lease = await this.leaseOf(row.id);
    // Another instance read it, or reads it now: its read is served, and the slot goes back.
    const theirs = async (other: NonNullable<typeof lease>) => {
      this.shares.refund(row.guild_id, second);
      return this.remember(row.id, await this.served(row.id, other));
    };
    if (lease && now - Number(lease.read_at) < this.pollMs) return theirs(lease);
    // Take the lease: one instance wins per poll.
    if (!lease) {
      await db
        .insertInto("ticket_live_reads")
        .values({ ticket_id: row.id, read_at: now, holder: this.reading, last_message_id: null, messages_sealed: null })
        .onConflict((oc) => oc.column("ticket_id").doNothing())
        .execute();
      lease = await db.selectFrom("ticket_live_reads").selectAll().where("ticket_id", "=", row.id).executeTakeFirstOrThrow();
      if (lease.holder !== this.reading || Number(lease.read_at) !== now) return theirs(lease);
    } else {
      const taken = await db
        .updateTable("ticket_live_reads")
        .set({ read_at: now, holder: this.reading })
        .where("ticket_id", "=", row.id)
        .where("read_at", "=", lease.read_at)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) {
        return theirs(await db.selectFrom("ticket_live_reads").selectAll().where("ticket_id", "=", row.id).executeTakeFirstOrThrow());
      }
    }
    const known = cached && cached.lastMessageId === lease.last_message_id ? cached : this.fromRow(row.id, lease);
    const after = known.lastMessageId ?? undefined;
    let fresh: ChannelMessage[] = [];
    if (row.channel_id) {
      try {
        fresh = await captureMentionNames(
          this.deps.platform,
          row.guild_id,
          await this.deps.platform.readMessages(row.channel_id, undefined, after),
        );
      } catch (error) {
        this.deps.log.warn({ err: error, ticket: row.number }, "live read of a ticket failed");
        await db
          .updateTable("ticket_live_reads")
          .set({ holder: this.holder })
          .where("ticket_id", "=", row.id)
          .where("holder", "=", this.reading)
          .where("read_at", "=", now)
          .execute();
        return { ...known, readAt: now };
      }
    }
    const seen = new Set(known.messages.map((m) => m.id));
    const merged = [...known.messages, ...fresh.filter((m) => !seen.has(m.id)).reverse()].sort((a, b) => byId(a.id, b.id)).slice(-KEEP);
    const state: LiveState = {
      readAt: now,
      lastMessageId: merged.length ? merged[merged.length - 1].id : known.lastMessageId,
      messages: merged,
    };
    await db
      .updateTable("ticket_live_reads")
      .set({
        holder: this.holder,
        last_message_id: state.lastMessageId,
        messages_sealed: this.deps.keyring.secrets.seal(JSON.stringify(merged), aadOf(row.id)),
      })
      .where("ticket_id", "=", row.id)
      .where("holder", "=", this.reading)
      .where("read_at", "=", now)
      .execute();
    if (fresh.length) {
      await noteFirstResponse(this.deps, row, fresh);
      // Whose turn it is: the newest person's message read (a step noted its own bot messages already).
      const newest = fresh.filter((m) => !m.author.bot).sort((a, b) => b.timestamp - a.timestamp)[0];
      if (newest) await noteWriter(this.deps, row, newest.author, newest.timestamp);
    }
    return this.remember(row.id, state);
  }
}
