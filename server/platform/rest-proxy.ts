import http from "node:http";
import type { AddressInfo } from "node:net";
import { proxyRequests } from "@discordjs/proxy";
import { DefaultRestOptions, REST } from "@discordjs/rest";
import { splitApiBase } from "./discord";
import { InvalidRequestGuard } from "./invalid-requests";
import { isLoopbackHost, PROXY_SECRET_HEADER, PROXY_SECRET_MIN_LENGTH, sameSecret } from "../proxy-secret";

// One REST proxy that every instance sends the bot's requests through (DISCORD_REST_PROXY): @discordjs/proxy, the
// proxy the discord.js project maintains for exactly this, keeps Discord's per-route buckets and its global limit of
// 50 requests a second in one place, so two or ten instances together stay within what Discord allows one bot. It
// forwards each instance's Authorization header. A wait longer than MAX_WAIT_MS is answered at once with 429 and
// Retry-After instead of holding the request (a channel renamed twice in ten minutes waits ten minutes); the
// instance tells the member when to try again. It also counts Discord's invalid-request answers for all instances
// and stops forwarding (503) past its line, well before Discord's ban at 10,000 in ten minutes.
//
// It trusts no stranger: with a secret (DISCORD_PROXY_SECRET) every request must carry it (PROXY_SECRET_HEADER), or
// it is answered 401 — never forwarded, so it neither reaches Discord nor counts towards the invalid-request limit
// a stranger could otherwise spend for the bot. It forwards only the bot's own token: a request with any other
// Authorization (or none) is refused (403) the same way. Without a secret it listens only on this machine.

const MAX_WAIT_MS = 10_000;
/**
 * Requests forwarded per second, spaced evenly. Discord allows a bot 50 a second; bursts of 50 each time a client's
 * one-second window turns over can still meet 51 in one of Discord's windows (the two are never aligned), so the proxy
 * spaces requests 1/45 s apart instead, and counts what it really sent: a request leaves only when fewer than 45 left
 * in the second before it. A busy event loop that fires several delayed timers at once therefore cannot send a burst.
 */
const PACE_PER_SECOND = 45;

export interface DiscordProxyOptions {
  /** Discord's API base with its version (DISCORD_API_BASE). */
  upstream: string;
  /** The bot's token (DISCORD_BOT_TOKEN): the only Authorization forwarded. */
  botToken: string;
  /** DISCORD_PROXY_SECRET: required of every request; required itself to listen beyond this machine. */
  secret?: string;
  port?: number;
  host?: string;
  invalidRequestLimit?: number;
  /** Requests forwarded per second (default 45, under Discord's 50). */
  perSecond?: number;
}

export interface RunningDiscordProxy {
  url: string;
  guard: InvalidRequestGuard;
  close(): Promise<void>;
}

/** A refusal of the proxy itself (JSON in Discord's error shape); nothing is forwarded or counted. */
function refuse(res: http.ServerResponse, status: number, message: string) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ message, code: 0 }));
}

export async function startDiscordProxy(options: DiscordProxyOptions): Promise<RunningDiscordProxy> {
  const host = options.host ?? "127.0.0.1";
  const secret = options.secret ?? null;
  if (secret !== null && secret.length < PROXY_SECRET_MIN_LENGTH) {
    throw new Error(`DISCORD_PROXY_SECRET must be at least ${PROXY_SECRET_MIN_LENGTH} characters`);
  }
  if (secret === null && !isLoopbackHost(host)) {
    throw new Error(
      `The Discord REST proxy listens on ${host} only with DISCORD_PROXY_SECRET set (anyone who reaches it could spend the bot's invalid-request budget)`,
    );
  }
  if (!options.botToken) throw new Error("The Discord REST proxy needs the bot's token (DISCORD_BOT_TOKEN): it forwards no other");
  const botAuthorization = `Bot ${options.botToken}`;
  const guard = new InvalidRequestGuard(options.invalidRequestLimit ?? 5_000);
  const perSecond = options.perSecond ?? PACE_PER_SECOND;
  const spacing = 1000 / perSecond;
  /** When the requests of the last second really left, oldest first. */
  const sent: number[] = [];
  let queue = Promise.resolve();
  /** Waits for this request's turn, in the order they leave for Discord: `spacing` ms after the one before it, and never more than `perSecond` in any second. */
  const turn = () => {
    const mine = queue.then(async () => {
      for (;;) {
        const now = Date.now();
        while (sent.length > 0 && sent[0] <= now - 1000) sent.shift();
        const last = sent.at(-1);
        const wait = Math.max(last === undefined ? 0 : last + spacing - now, sent.length >= perSecond ? sent[0] + 1000 - now : 0);
        if (wait <= 0) {
          sent.push(now);
          return;
        }
        await new Promise<void>((resolve) => setTimeout(resolve, Math.ceil(wait)));
      }
    });
    queue = mine;
    return mine;
  };
  const rest = new REST({
    ...splitApiBase(options.upstream),
    rejectOnRateLimit: (limit) => Math.max(limit.retryAfter, limit.timeToReset) > MAX_WAIT_MS,
    userAgentAppendix: "Ticketeer proxy",
    // Spaced where requests leave for Discord, after the buckets: a bucket's queue released at its reset is spaced too.
    timeout: 60_000,
    makeRequest: async (url, init) => {
      await turn();
      return DefaultRestOptions.makeRequest(url, init);
    },
  });
  rest.on("response", (_request, response) => {
    const headers = response.headers as { get?: (name: string) => string | null } | undefined;
    guard.note(response.status, headers?.get?.("x-ratelimit-scope") ?? null);
  });
  const forward = proxyRequests(rest);
  const server = http.createServer((req, res) => {
    if (secret !== null && !sameSecret(req.headers[PROXY_SECRET_HEADER], secret)) return refuse(res, 401, "401: Unauthorized");
    if (!sameSecret(req.headers.authorization, botAuthorization))
      return refuse(res, 403, "This proxy forwards only the bot's own requests");
    if (guard.backingOff()) {
      res.writeHead(503, { "content-type": "application/json", "retry-after": String(Math.ceil(guard.retryAfterMs() / 1000)) });
      res.end(JSON.stringify({ message: "Paused: too many refused requests to Discord recently", code: 0 }));
      return;
    }
    Promise.resolve(forward(req, res)).catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(":") ? `[${address}]` : address}:${port}/api/v10`,
    guard,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
