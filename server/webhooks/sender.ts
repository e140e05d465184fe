import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import { webhookLimits } from "../../src/schemas/webhooks";
import { type ActivityActor, recordActivityOf } from "../activity/record";
import type { SecretBox } from "../crypto";
import { fromDbBool } from "../db/dialect";
import type { Db } from "../db/schema";
import { checkTarget, type Resolve, type ResolvedAddress } from "./addresses";
import { bodyAad } from "./queue";
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from "./signature";
import { secretAad, webhookActions } from "./store";

// The sender (docs/webhooks.md): every few seconds (server/http/jobs.ts) a sweep takes the deliveries that are due and
// sends them, each endpoint's in the order they were queued. Fair share: a sweep visits at most GUILDS_PER_SWEEP
// servers, oldest waiting first, and sends at most PER_GUILD deliveries of each, so one server's backlog never holds
// the others'. An instance holds what it sends (locked_until) so two instances on one PostgreSQL never send the same
// delivery at once. A failed attempt is retried after 30 s, 1 min, 2 min, … (doubling, at most 6 h apart) for a day;
// an endpoint failing DISABLE_AFTER attempts in a row is turned off and its owner told (the activity log, the
// Webhooks screen).

export const GUILDS_PER_SWEEP = 50;
export const PER_GUILD = 20;
/** Endpoints sent to at once within a sweep. */
const CONCURRENCY = 4;
const LOCK_MS = 2 * 60_000;
/** Delivered and failed deliveries are kept this long for the screen. */
export const KEEP_MS = 7 * 24 * 60 * 60_000;
/** The part of an endpoint's answer read (and stored in words): enough for a status page, never a flood. */
const RESPONSE_READ_MAX = 16 * 1024;

/** How long after the `attempts`-th failed attempt the next one is due. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);

export interface SenderDeps {
  db: Db;
  secrets: SecretBox;
  log: FastifyBaseLogger;
  /** WEBHOOK_ALLOW_HOSTS. */
  allowHosts: readonly string[];
  resolve: Resolve;
  /** How long one request may take (ms). */
  timeoutMs: number;
  /** The bot, as the actor of an endpoint disabled for its failures. */
  botActor: ActivityActor;
}

type Attempt = { status: number } | { error: string };

/** Connects to the address the check approved, whatever the name resolves to by then. */
const pinnedLookup =
  (address: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };

/** One POST to an endpoint: no redirect followed, at most `timeoutMs`, at most RESPONSE_READ_MAX bytes read. */
export async function postOnce(deps: SenderDeps, url: string, headers: Record<string, string>, body: string): Promise<Attempt> {
  const target = new URL(url);
  const check = await checkTarget(target, deps.allowHosts, deps.resolve);
  if (!check.ok) return { error: check.error };
  const client = target.protocol === "https:" ? https : http;
  return new Promise<Attempt>((resolve) => {
    const request = client.request(
      target,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "Ticketeer-Webhooks/1",
        },
        lookup: pinnedLookup(check.address),
        signal: AbortSignal.timeout(deps.timeoutMs),
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > RESPONSE_READ_MAX) response.destroy();
        });
        const done = () => resolve({ status: response.statusCode ?? 0 });
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    request.on("error", (error: Error) =>
      resolve({
        error:
          error.name === "AbortError" || error.name === "TimeoutError"
            ? "The endpoint did not answer in time."
            : "The endpoint could not be reached.",
      }),
    );
    request.end(body);
  });
}

type DeliveryRow = {
  id: number;
  guild_id: string;
  endpoint_id: number;
  delivery_id: string;
  event: string;
  body_sealed: string;
  attempts: number;
  created_at: number;
};

/** Marks the delivery after an attempt, and the endpoint's run of failures; disables the endpoint past its limit. */
async function settle(deps: SenderDeps, row: DeliveryRow, outcome: Attempt, now: number): Promise<"delivered" | "pending" | "failed"> {
  const ok = "status" in outcome && outcome.status >= 200 && outcome.status < 300;
  const attempts = row.attempts + 1;
  const next = now + retryDelayMs(attempts);
  const status = ok ? "delivered" : next - row.created_at > webhookLimits.retryForMs ? "failed" : "pending";
  const error = ok
    ? null
    : "error" in outcome
      ? outcome.error
      : outcome.status >= 300 && outcome.status < 400
        ? `The endpoint answered ${outcome.status}: redirects are not followed.`
        : `The endpoint answered ${outcome.status}.`;
  await deps.db.transaction().execute(async (tx) => {
    await tx
      .updateTable("webhook_deliveries")
      .set({
        status,
        attempts,
        last_attempt_at: now,
        next_attempt_at: status === "pending" ? next : null,
        response_status: "status" in outcome ? outcome.status : null,
        error,
        locked_until: null,
      })
      .where("id", "=", row.id)
      .execute();
    if (ok) {
      await tx.updateTable("webhook_endpoints").set({ consecutive_failures: 0 }).where("id", "=", row.endpoint_id).execute();
      return;
    }
    const endpoint = await tx
      .updateTable("webhook_endpoints")
      .set({ consecutive_failures: sql<number>`consecutive_failures + 1` })
      .where("id", "=", row.endpoint_id)
      .returning(["consecutive_failures", "enabled", "url"])
      .executeTakeFirst();
    if (!endpoint || !fromDbBool(endpoint.enabled) || endpoint.consecutive_failures < webhookLimits.disableAfterFailures) return;
    const reason = `Turned off after ${endpoint.consecutive_failures} failed attempts in a row; the last: ${error}`;
    await tx
      .updateTable("webhook_endpoints")
      .set({ enabled: 0, disabled_at: now, disabled_reason: reason, updated_at: now })
      .where("id", "=", row.endpoint_id)
      .execute();
    await recordActivityOf(tx, deps.botActor, {
      guildId: row.guild_id,
      action: webhookActions.disabled,
      after: { EndpointId: row.endpoint_id, Url: endpoint.url, Reason: reason },
      at: now,
    });
  });
  return status;
}

/** One attempt at one delivery (held by the caller): sent, signed, and settled. */
export async function attemptDelivery(deps: SenderDeps, row: DeliveryRow, now: number): Promise<"delivered" | "pending" | "failed"> {
  const endpoint = await deps.db.selectFrom("webhook_endpoints").selectAll().where("id", "=", row.endpoint_id).executeTakeFirst();
  if (!endpoint) return "failed";
  const body = deps.secrets.open(row.body_sealed, bodyAad(row.guild_id, row.delivery_id));
  const secret = deps.secrets.open(endpoint.secret_sealed, secretAad(endpoint.guild_id, endpoint.id));
  let outcome: Attempt;
  if (!fromDbBool(endpoint.enabled)) outcome = { error: "The endpoint is turned off." };
  else if (body === null || secret === null) outcome = { error: "The delivery cannot be read with this server's key." };
  else {
    const timestamp = Math.floor(now / 1000);
    outcome = await postOnce(
      deps,
      endpoint.url,
      { [SIGNATURE_HEADER]: signatureHeader(secret, timestamp, body), [EVENT_HEADER]: row.event, [DELIVERY_HEADER]: row.delivery_id },
      body,
    );
  }
  // A turned-off endpoint's deliveries end at once (the owner may redeliver them once it is back on).
  if ("error" in outcome && !fromDbBool(endpoint.enabled)) {
    await deps.db
      .updateTable("webhook_deliveries")
      .set({ status: "failed", error: outcome.error, next_attempt_at: null, locked_until: null })
      .where("id", "=", row.id)
      .execute();
    return "failed";
  }
  return settle(deps, row, outcome, now);
}

const deliveryColumns = ["id", "guild_id", "endpoint_id", "delivery_id", "event", "body_sealed", "attempts", "created_at"] as const;

/** Holds the given deliveries for this instance (those still due and free); returns those it got. */
async function hold(deps: SenderDeps, ids: number[], now: number): Promise<DeliveryRow[]> {
  if (ids.length === 0) return [];
  return deps.db
    .updateTable("webhook_deliveries")
    .set({ locked_until: now + LOCK_MS })
    .where("id", "in", ids)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
    .returning([...deliveryColumns])
    .execute();
}

/** Lets go of deliveries held but not attempted: the next sweep may take them at once. */
async function release(deps: SenderDeps, rows: DeliveryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await deps.db
    .updateTable("webhook_deliveries")
    .set({ locked_until: null })
    .where(
      "id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
}

/** Runs `work` over `items` with at most `limit` at once. */
async function inTurns<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

export interface SweepOutcome {
  delivered: number;
  retrying: number;
  failed: number;
}

/** One sweep of the outbox at `now` (epoch ms; tests pass a later time instead of waiting). */
export async function sweepWebhooks(deps: SenderDeps, now = Date.now()): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { delivered: 0, retrying: 0, failed: 0 };
  const dueQuery = () =>
    deps.db
      .selectFrom("webhook_deliveries")
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]));
  const guilds = await dueQuery()
    .select(["guild_id", (eb) => eb.fn.min("id").as("first")])
    .groupBy("guild_id")
    .orderBy("first")
    .limit(GUILDS_PER_SWEEP)
    .execute();
  const held: DeliveryRow[] = [];
  for (const { guild_id } of guilds) {
    const ids = await dueQuery().select("id").where("guild_id", "=", guild_id).orderBy("id").limit(PER_GUILD).execute();
    held.push(
      ...(await hold(
        deps,
        ids.map((r) => r.id),
        now,
      )),
    );
  }
  const byEndpoint = new Map<number, DeliveryRow[]>();
  for (const row of held.sort((a, b) => a.id - b.id)) byEndpoint.set(row.endpoint_id, [...(byEndpoint.get(row.endpoint_id) ?? []), row]);
  await inTurns([...byEndpoint.values()], CONCURRENCY, async (rows) => {
    for (const row of rows) {
      const status = await attemptDelivery(deps, row, now).catch((error: unknown) => {
        deps.log.warn({ err: error, deliveryId: row.delivery_id }, "webhook delivery attempt failed");
        return "pending" as const;
      });
      if (status === "delivered") outcome.delivered++;
      else if (status === "failed") outcome.failed++;
      else {
        // Waiting for its retry: the endpoint's later deliveries wait behind it (they go out in order), and a slow or
        // failing endpoint holds its turn for one attempt, not for every delivery it has due.
        outcome.retrying++;
        await release(deps, rows.slice(rows.indexOf(row) + 1));
        break;
      }
    }
  });
  await deps.db
    .deleteFrom("webhook_deliveries")
    .where("status", "in", ["delivered", "failed"])
    .where("created_at", "<", now - KEEP_MS)
    .execute();
  return outcome;
}

/** Holds one delivery and attempts it now ("Send test", "Redeliver"); its status after, or null when another holds it. */
export async function sendNow(deps: SenderDeps, id: number, now = Date.now()): Promise<string | null> {
  const [row] = await hold(deps, [id], now);
  return row ? attemptDelivery(deps, row, now) : null;
}
