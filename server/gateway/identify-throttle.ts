import type { IIdentifyThrottler } from "@discordjs/ws";
import type { APIGatewayBotInfo } from "discord-api-types/v10";
import type { Db } from "../db/schema";

// Identifies within Discord's limits, across every instance of the bot (gateway.mdx, "Max Concurrency" and the
// session start limit): a shard's bucket is shard_id % max_concurrency, and a bucket identifies at most once every
// 5 seconds — claimed by compare-and-set on gateway_identify, so two instances never identify in one bucket within the
// window (Discord would answer INVALID_SESSION). Before identifying, GET /gateway/bot says how many session starts are
// left today: none left, the identify waits for the reset (Discord resets the bot's token past the limit).

export interface IdentifyThrottleOptions {
  /** GET /gateway/bot, read fresh (the session start limit changes with every identify, on any instance). */
  gatewayInfo: () => Promise<APIGatewayBotInfo>;
  /** The window per bucket (Discord's 5 s and a margin). */
  intervalMs?: number;
  now?: () => number;
  /** Waits `ms` or until `signal` aborts (then rejects). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Told when session starts run low or out. */
  warn?: (message: string, detail: Record<string, unknown>) => void;
}

/** Discord's 5 s, and half a second more: its window counts from when it receives an IDENTIFY, ours from the grant. */
export const IDENTIFY_INTERVAL_MS = 5500;
export const NO_SESSION_STARTS = "no session starts left today: the gateway waits for Discord's reset";

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });

export class DatabaseIdentifyThrottler implements IIdentifyThrottler {
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Identifies that went through, in this process (what the tests and the log look at). */
  readonly granted: { shardId: number; bucket: number; at: number }[] = [];

  constructor(
    private readonly db: Db,
    private readonly options: IdentifyThrottleOptions,
  ) {
    this.intervalMs = options.intervalMs ?? IDENTIFY_INTERVAL_MS;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
  }

  async waitForIdentify(shardId: number, signal: AbortSignal): Promise<void> {
    for (;;) {
      const info = await this.options.gatewayInfo();
      const limit = info.session_start_limit;
      if (limit.remaining <= 0) {
        this.options.warn?.(NO_SESSION_STARTS, { resetAfterMs: limit.reset_after });
        await this.sleep(Math.max(1000, limit.reset_after), signal);
        continue;
      }
      if (limit.remaining <= Math.ceil(limit.total / 10)) {
        this.options.warn?.("few session starts left today", { remaining: limit.remaining, total: limit.total });
      }
      const bucket = shardId % Math.max(1, limit.max_concurrency);
      const wait = await this.takeBucket(bucket);
      if (wait === 0) {
        this.granted.push({ shardId, bucket, at: this.now() });
        return;
      }
      await this.sleep(wait, signal);
    }
  }

  /** 0 when the bucket is this identify's now; else how long until its window has passed. */
  private async takeBucket(bucket: number): Promise<number> {
    const now = this.now();
    await this.db
      .insertInto("gateway_identify")
      .values({ bucket, identified_at: 0 })
      .onConflict((oc) => oc.column("bucket").doNothing())
      .execute();
    const taken = await this.db
      .updateTable("gateway_identify")
      .set({ identified_at: now })
      .where("bucket", "=", bucket)
      .where("identified_at", "<=", now - this.intervalMs)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return 0;
    const row = await this.db.selectFrom("gateway_identify").select("identified_at").where("bucket", "=", bucket).executeTakeFirst();
    return Math.max(1, Number(row?.identified_at ?? now) + this.intervalMs - now);
  }
}
