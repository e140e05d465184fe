import type { EngineDeps } from "../tickets/step";

// How much one member's direct messages may make the bot do (server/discord/dm.ts). A DM costs the bot more than a
// click: without a ticket, finding the servers the member shares asks Discord for their membership in each server
// taking DM tickets; with one, every DM is a message posted into the ticket's channel. So, per member and per minute:
// at most DM_PROMPTS_PER_MINUTE server choices (the list itself is kept SERVERS_KEPT_MS, so a second choice asks Discord
// nothing) and DM_RELAYS_PER_MINUTE messages relayed. Past either, the member reads once how long to wait and the
// rest of the window is dropped. Counted per instance: a member's DMs arrive on one gateway shard, held by one instance.

export const DM_PROMPTS_PER_MINUTE = 5;
export const DM_RELAYS_PER_MINUTE = 20;
const WINDOW_MS = 60_000;
const SERVERS_KEPT_MS = 30_000;
/** Members remembered at most (the oldest forgotten first): memory stays bounded however many write. */
const MEMBERS_KEPT = 10_000;

/** Whether the member may go on, or is over the limit (`first`: the first refusal of the window, the one to answer). */
export type DmVerdict = { ok: true } | { ok: false; first: boolean; retryAfterMs: number };

class BoundedMap<V> extends Map<string, V> {
  override set(key: string, value: V): this {
    this.delete(key);
    super.set(key, value);
    if (this.size > MEMBERS_KEPT) this.delete(this.keys().next().value!);
    return this;
  }
}

export class DmLimits {
  private readonly windows = new BoundedMap<{ start: number; hits: number }>();
  private readonly servers = new BoundedMap<{ at: number; list: unknown }>();

  constructor(private readonly now: () => number = Date.now) {}

  private hit(key: string, limit: number): DmVerdict {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.start + WINDOW_MS <= now) w = { start: now, hits: 0 };
    w.hits++;
    this.windows.set(key, w);
    if (w.hits <= limit) return { ok: true };
    return { ok: false, first: w.hits === limit + 1, retryAfterMs: w.start + WINDOW_MS - now };
  }

  /** A server choice for a DM without a ticket. */
  prompt(userId: string): DmVerdict {
    return this.hit(`prompt:${userId}`, DM_PROMPTS_PER_MINUTE);
  }

  /** A DM relayed into the member's ticket. */
  relay(userId: string): DmVerdict {
    return this.hit(`relay:${userId}`, DM_RELAYS_PER_MINUTE);
  }

  /** The member's servers as last found (within SERVERS_KEPT_MS), else found now and kept. */
  async serversOf<T>(userId: string, find: () => Promise<T>): Promise<T> {
    const kept = this.servers.get(userId);
    if (kept && kept.at + SERVERS_KEPT_MS > this.now()) return kept.list as T;
    const list = await find();
    this.servers.set(userId, { at: this.now(), list });
    return list;
  }
}

const limitsOf = new WeakMap<EngineDeps, DmLimits>();

/** The DM limits of one app (its engine's dependencies): each app, each test's app included, counts on its own. */
export function dmLimits(deps: EngineDeps): DmLimits {
  let limits = limitsOf.get(deps);
  if (!limits) {
    limits = new DmLimits();
    limitsOf.set(deps, limits);
  }
  return limits;
}
