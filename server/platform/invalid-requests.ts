// Discord bans an IP address for a while once it sends 10,000 invalid requests (answered 401, 403 or 429 — a 429
// of scope "shared" excepted) within ten minutes (developers/topics/rate-limits.mdx, "Invalid Request Limit").
// One guard per process that talks to Discord (the server, or the REST proxy when instances share one): it counts
// those answers per minute over a sliding ten minutes, and once `limit` is reached it refuses to send until the
// count falls under it again — well before Discord's 10,000.

const WINDOW_MINUTES = 10;
const MINUTE = 60_000;

export class InvalidRequestGuard {
  /** Counts of the last ten minutes, one slot per minute (slot = minute number % 10). */
  private readonly slots = new Array<number>(WINDOW_MINUTES).fill(0);
  private readonly slotMinute = new Array<number>(WINDOW_MINUTES).fill(-1);

  constructor(
    /** Refused answers in ten minutes past which we stop sending (default 5,000: half of Discord's ban line). */
    readonly limit = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether an answer counts towards Discord's invalid-request limit. */
  static counts(status: number, scope: string | null): boolean {
    if (status === 401 || status === 403) return true;
    return status === 429 && scope !== "shared";
  }

  /** Notes one answer of Discord. */
  note(status: number, scope: string | null): void {
    if (!InvalidRequestGuard.counts(status, scope)) return;
    const minute = Math.floor(this.now() / MINUTE);
    const slot = minute % WINDOW_MINUTES;
    if (this.slotMinute[slot] !== minute) {
      this.slotMinute[slot] = minute;
      this.slots[slot] = 0;
    }
    this.slots[slot]++;
  }

  /** Invalid requests counted in the last ten minutes. */
  count(): number {
    const minute = Math.floor(this.now() / MINUTE);
    let total = 0;
    for (let i = 0; i < WINDOW_MINUTES; i++) if (minute - this.slotMinute[i] < WINDOW_MINUTES) total += this.slots[i];
    return total;
  }

  /** True while we must not send: the count has reached the limit. */
  backingOff(): boolean {
    return this.limit > 0 && this.count() >= this.limit;
  }

  /** Milliseconds until the oldest counted minute leaves the window (when backing off may end). */
  retryAfterMs(): number {
    const now = this.now();
    const minute = Math.floor(now / MINUTE);
    let oldest = minute;
    for (let i = 0; i < WINDOW_MINUTES; i++) {
      if (this.slots[i] > 0 && minute - this.slotMinute[i] < WINDOW_MINUTES) oldest = Math.min(oldest, this.slotMinute[i]);
    }
    return Math.max(0, (oldest + WINDOW_MINUTES) * MINUTE - now);
  }
}
