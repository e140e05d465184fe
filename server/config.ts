import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { isLoopbackHost, PROXY_SECRET_MIN_LENGTH } from "./proxy-secret";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
  }
}

// Environment of the reference API, parsed once at start-up. Unknown variables are ignored; a malformed one
// stops the process with a message naming it.

const flag = z
  .string()
  .optional()
  .transform((v) => v !== undefined && ["1", "true", "yes", "on"].includes(v.trim().toLowerCase()));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Listen address; by default every interface with Discord, only this machine on the demo platform. */
  HOST: optionalText,
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalText,
  /** PostgreSQL schema to use (search_path); tests give each file its own. */
  DATABASE_SCHEMA: optionalText.refine((v) => v === undefined || /^[a-z_][a-z0-9_]{0,62}$/.test(v), "must be a lowercase identifier"),
  PUBLIC_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(v), "must be an http(s) URL"),
  NODE_ENV: z.string().default("development"),
  DEMO_MODE: flag,
  DISCORD_CLIENT_ID: optionalText,
  DISCORD_CLIENT_SECRET: optionalText,
  DISCORD_BOT_TOKEN: optionalText,
  /** How long one live-ticket event stream lasts before the browser reconnects (seconds). */
  TICKET_STREAM_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  /** How long a Discord interaction's step may run before it is answered deferred (ms; Discord waits 3 s). */
  INTERACTION_DEFER_MS: z.coerce.number().int().min(0).max(2500).default(400),
  /** The application's public key (developer portal → General Information): interactions are verified with it. */
  DISCORD_PUBLIC_KEY: optionalText.refine((v) => v === undefined || /^[0-9a-fA-F]{64}$/.test(v), "must be 64 hexadecimal characters"),
  DISCORD_API_BASE: z.string().url().default("https://discord.com/api/v10"),
  /** A @discordjs/proxy every instance sends the bot's requests through (scripts/discord-proxy.ts), so they share Discord's limits. */
  DISCORD_REST_PROXY: optionalText.refine(
    (v) => v === undefined || (/^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v)),
    "must be an http(s) URL",
  ),
  /** The secret the shared REST proxy asks of every request (the proxy's own DISCORD_PROXY_SECRET). */
  DISCORD_PROXY_SECRET: optionalText.refine(
    (v) => v === undefined || v.length >= PROXY_SECRET_MIN_LENGTH,
    `must be at least ${PROXY_SECRET_MIN_LENGTH} characters`,
  ),
  /** Refused answers (401/403/429) in ten minutes past which the bot stops sending for a while (Discord bans at 10,000). */
  DISCORD_INVALID_REQUEST_LIMIT: z.coerce.number().int().min(0).max(9_000).default(5_000),
  /** Discord mode: also connect to Discord's gateway (server/gateway/): events as they happen instead of polling. */
  DISCORD_GATEWAY: flag,
  /** How long a dead instance's shards wait before another instance takes them over (ms). */
  GATEWAY_LEASE_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  /** Days a server that removed the bot keeps its data before it is deleted (unless the bot returns). */
  GUILD_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_DAYS: z.coerce.number().positive().max(365).default(7),
  /** Minting a bot key, importing a configuration and changing team permissions need a sign-in this recent
   * (counted from the sign-in or the last such action); 0 turns the check off. */
  REAUTH_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(15),
  TRANSCRIPT_KEY: optionalText,
  /** Which X-Forwarded-For entries to believe: a hop count, or the proxies' addresses (see trustProxySetting). */
  TRUST_PROXY: optionalText,
  /** Sign-in requests per minute and IP (0 disables the limit). */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(0).default(120),
  /** Writes (POST/PUT/PATCH/DELETE under /api) per minute and caller (0 disables the limit). */
  WRITE_RATE_LIMIT: z.coerce.number().int().min(0).default(300),
  /** Interactions (Discord's, and the Try-it view's) per member (a user in a server) per minute (0 disables the limit). */
  INTERACTION_RATE_LIMIT: z.coerce.number().int().min(0).default(30),
  /** Interactions per server per minute (0 disables the limit). */
  INTERACTION_GUILD_RATE_LIMIT: z.coerce.number().int().min(0).default(600),
  /** Transcripts a guild's bot key may store per minute (0 disables the limit). */
  INGEST_RATE_LIMIT: z.coerce.number().int().min(0).default(30),
  /** Storage per guild for sealed transcripts, in MB. */
  TRANSCRIPT_QUOTA_MB: z.coerce.number().int().min(1).default(512),
  /** Hosts or addresses a webhook may reach although they are private (a test suite's receiver): `localhost,127.0.0.1`. */
  WEBHOOK_ALLOW_HOSTS: optionalText,
  /** How long one webhook request may take (ms). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Reads of signed-in callers per minute (0 disables the limit). */
  READ_RATE_LIMIT: z.coerce.number().int().min(0).default(1200),
  /** Reads that write an activity entry (transcript views, exports) per minute and caller, on top of the above. */
  AUDITED_READ_RATE_LIMIT: z.coerce.number().int().min(0).default(60),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
});

export interface Config {
  port: number;
  host: string;
  /** HOST was given (the demo platform then listens where it says). */
  hostExplicit: boolean;
  dataDir: string;
  databaseUrl?: string;
  databaseSchema?: string;
  /** Public origin of the app, without a trailing slash. */
  publicUrl: string;
  /** True when PUBLIC_URL was given: redirects then use absolute URLs on that origin. */
  publicUrlExplicit: boolean;
  nodeEnv: string;
  isProduction: boolean;
  demoMode: boolean;
  discord?: { clientId: string; clientSecret: string; botToken: string };
  discordApiBase: string;
  /** The shared REST proxy's URL, or null: this instance talks to Discord itself. */
  discordRestProxy: string | null;
  /** Sent to the REST proxy with every request (required when the proxy is not on this machine). */
  discordProxySecret: string | null;
  discordInvalidRequestLimit: number;
  /** DISCORD_GATEWAY=1 (Discord mode only): the gateway runs beside the HTTP interactions. */
  discordGateway: boolean;
  /** A dead instance's shards are taken over after this long, plus one heartbeat (a quarter of it). */
  gatewayLeaseMs: number;
  /** Days a server that removed the bot keeps its data. */
  guildRetentionDays: number;
  /** Hex Ed25519 public key of the Discord application; without it POST /api/interactions answers 401. */
  discordPublicKey: string | null;
  ticketStreamSeconds: number;
  /** How long a Discord interaction's step may run before it is answered "deferred" and finished by webhook. */
  interactionDeferMs: number;
  sessionDays: number;
  reauthMinutes: number;
  transcriptKey?: string;
  /** Fastify's trustProxy: false, a number of proxy hops, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  authRateLimit: number;
  writeRateLimit: number;
  readRateLimit: number;
  ingestRateLimit: number;
  /** Interactions per member per minute (server/http/support/interaction-limits.ts); 0: no limit. */
  interactionRateLimit: number;
  /** Interactions per server per minute; 0: no limit. */
  interactionGuildRateLimit: number;
  transcriptQuotaMb: number;
  /** WEBHOOK_ALLOW_HOSTS, lower case, without brackets (server/webhooks/addresses.ts). */
  webhookAllowHosts: string[];
  webhookTimeoutMs: number;
  auditedReadRateLimit: number;
  logLevel: string;
}

export class ConfigError extends Error {}

/** WEBHOOK_ALLOW_HOSTS: comma-separated host names or addresses, lower case, an IPv6 address without brackets. */
const parseAllowHosts = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((h) =>
      h
        .trim()
        .replace(/^\[(.*)\]$/, "$1")
        .toLowerCase(),
    )
    .filter(Boolean);

const namedRanges = new Set(["loopback", "linklocal", "uniquelocal"]);
const isAddressOrRange = (entry: string) => {
  if (namedRanges.has(entry)) return true;
  const [address, prefix, extra] = entry.split("/");
  if (extra !== undefined || !isIP(address)) return false;
  if (prefix === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  // Written as the proxy library reads it: no leading zeros ("/08" would stop the server at start).
  return /^(0|[1-9]\d{0,2})$/.test(prefix) && Number(prefix) <= max;
};

/** An IPv4 address as a 32-bit number. */
const ipv4Value = (address: string) => address.split(".").reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);

/** An IPv6 address (isIP already said it is one) as a 128-bit number. */
function ipv6Value(address: string): bigint {
  let text = address.split("%")[0]!;
  // A dotted IPv4 tail (::ffff:1.2.3.4) is the last two groups.
  let tail: bigint[] = [];
  const lastColon = text.lastIndexOf(":");
  const last = text.slice(lastColon + 1);
  if (last.includes(".")) {
    const v4 = ipv4Value(last);
    tail = [v4 >> 16n, v4 & 0xffffn];
    text = text.slice(0, lastColon + 1);
    if (!text.endsWith("::")) text = text.slice(0, -1);
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => BigInt(parseInt(g, 16))));
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const zeros = rest === undefined ? [] : Array.from({ length: 8 - left.length - right.length - tail.length }, () => 0n);
  return [...left, ...zeros, ...right, ...tail].reduce((n, g) => (n << 16n) | g, 0n);
}

const V4_MAPPED = 0xffffn << 32n;

/**
 * True when the entries together trust every IPv4 or every IPv6 address (0.0.0.0/0, ::/0, 0.0.0.0/1 with
 * 128.0.0.0/1, ::ffff:0:0/96 — every IPv4 address as IPv4-mapped IPv6 —): any client could then pick its IP.
 */
export function trustsEveryAddress(entries: string[]): boolean {
  const v4: [bigint, bigint][] = [];
  const v6: [bigint, bigint][] = [];
  const range = (value: bigint, prefix: number, bits: number): [bigint, bigint] => {
    const size = 1n << BigInt(bits - prefix);
    const start = (value / size) * size;
    return [start, start + size - 1n];
  };
  for (const entry of entries) {
    if (namedRanges.has(entry)) continue;
    const [address, prefixText] = entry.split("/") as [string, string | undefined];
    if (isIP(address) === 4) {
      v4.push(range(ipv4Value(address), prefixText === undefined ? 32 : Number(prefixText), 32));
      continue;
    }
    const prefix = prefixText === undefined ? 128 : Number(prefixText);
    const [start, end] = range(ipv6Value(address), prefix, 128);
    v6.push([start, end]);
    // IPv4-mapped addresses are IPv4 addresses to the proxy check.
    if (start <= V4_MAPPED && end >= V4_MAPPED + 0xffffffffn) v4.push([0n, 0xffffffffn]);
    else if (start >= V4_MAPPED && end <= V4_MAPPED + 0xffffffffn) v4.push([start - V4_MAPPED, end - V4_MAPPED]);
  }
  const covers = (ranges: [bigint, bigint][], last: bigint) => {
    let next = 0n;
    for (const [start, end] of ranges.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      if (start > next) return false;
      if (end + 1n > next) next = end + 1n;
      if (next > last) return true;
    }
    return false;
  };
  return covers(v4, 0xffffffffn) || covers(v6, (1n << 128n) - 1n);
}

/**
 * TRUST_PROXY: which X-Forwarded-For entries describe real hops. Unset (or 0): none, the socket's address is the
 * client. A number n: the last n entries were added by our own proxies (the client is the entry before them). A list
 * of addresses, CIDR ranges or loopback/linklocal/uniquelocal: entries added by those proxies. "true" is refused:
 * trusting every entry lets any client choose its IP (and escape per-IP limits, and forge the audit log); so are
 * ranges that together hold every address (0.0.0.0/0, ::/0, 0.0.0.0/1 with 128.0.0.0/1).
 */
export function trustProxySetting(value: string | undefined): Config["trustProxy"] {
  if (value === undefined || value === "0" || value.toLowerCase() === "false") return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (entries.length > 0 && entries.every(isAddressOrRange)) {
    if (trustsEveryAddress(entries)) {
      throw new ConfigError(
        `Invalid configuration: TRUST_PROXY=${value} trusts every address, so any client could choose its own IP; list only your proxies' addresses or ranges (e.g. 10.0.0.0/8), or give their number (e.g. 1)`,
      );
    }
    return entries;
  }
  throw new ConfigError(
    "Invalid configuration: TRUST_PROXY must be the number of proxies in front of this server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1); trusting every X-Forwarded-For would let clients choose their own IP",
  );
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  const discordVars = [e.DISCORD_CLIENT_ID, e.DISCORD_CLIENT_SECRET, e.DISCORD_BOT_TOKEN];
  const discordCount = discordVars.filter(Boolean).length;
  if (discordCount > 0 && discordCount < 3) {
    throw new ConfigError(
      "Invalid configuration: Discord mode needs DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and DISCORD_BOT_TOKEN together",
    );
  }
  // A proxy beyond this machine answers only requests carrying its secret (server/platform/rest-proxy.ts).
  if (e.DISCORD_REST_PROXY && !e.DISCORD_PROXY_SECRET && !isLoopbackHost(new URL(e.DISCORD_REST_PROXY).hostname)) {
    throw new ConfigError(
      "Invalid configuration: DISCORD_REST_PROXY on another machine needs DISCORD_PROXY_SECRET, the secret the proxy was started with",
    );
  }
  if (e.DISCORD_GATEWAY && discordCount < 3) {
    throw new ConfigError(
      "Invalid configuration: DISCORD_GATEWAY=1 needs Discord mode (DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and DISCORD_BOT_TOKEN)",
    );
  }
  const isProduction = e.NODE_ENV === "production";
  if (isProduction && discordCount === 0 && !e.DEMO_MODE) {
    throw new ConfigError(
      "Invalid configuration: NODE_ENV=production needs Discord (DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DISCORD_BOT_TOKEN and DISCORD_PUBLIC_KEY) or DEMO_MODE=1 to run the demo platform, where anyone who can reach the server signs in as Demo Admin",
    );
  }
  return {
    port: e.PORT,
    // Anyone who can reach a demo server can sign in as Demo Admin: only this machine, unless HOST says otherwise.
    host: e.HOST ?? (discordCount === 3 ? "0.0.0.0" : "127.0.0.1"),
    hostExplicit: e.HOST !== undefined,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    publicUrlExplicit: e.PUBLIC_URL !== undefined,
    nodeEnv: e.NODE_ENV,
    isProduction,
    demoMode: e.DEMO_MODE,
    discord:
      discordCount === 3
        ? { clientId: e.DISCORD_CLIENT_ID!, clientSecret: e.DISCORD_CLIENT_SECRET!, botToken: e.DISCORD_BOT_TOKEN! }
        : undefined,
    discordApiBase: e.DISCORD_API_BASE.replace(/\/+$/, ""),
    discordRestProxy: e.DISCORD_REST_PROXY?.replace(/\/+$/, "") ?? null,
    discordProxySecret: e.DISCORD_PROXY_SECRET ?? null,
    discordInvalidRequestLimit: e.DISCORD_INVALID_REQUEST_LIMIT,
    discordGateway: e.DISCORD_GATEWAY,
    gatewayLeaseMs: e.GATEWAY_LEASE_MS,
    guildRetentionDays: e.GUILD_RETENTION_DAYS,
    discordPublicKey: e.DISCORD_PUBLIC_KEY ?? null,
    ticketStreamSeconds: e.TICKET_STREAM_SECONDS,
    interactionDeferMs: e.INTERACTION_DEFER_MS,
    sessionDays: e.SESSION_DAYS,
    reauthMinutes: e.REAUTH_MINUTES,
    transcriptKey: e.TRANSCRIPT_KEY,
    trustProxy: trustProxySetting(e.TRUST_PROXY),
    authRateLimit: e.AUTH_RATE_LIMIT,
    writeRateLimit: e.WRITE_RATE_LIMIT,
    readRateLimit: e.READ_RATE_LIMIT,
    ingestRateLimit: e.INGEST_RATE_LIMIT,
    interactionRateLimit: e.INTERACTION_RATE_LIMIT,
    interactionGuildRateLimit: e.INTERACTION_GUILD_RATE_LIMIT,
    transcriptQuotaMb: e.TRANSCRIPT_QUOTA_MB,
    webhookAllowHosts: parseAllowHosts(e.WEBHOOK_ALLOW_HOSTS),
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    auditedReadRateLimit: e.AUDITED_READ_RATE_LIMIT,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
  };
}

/** The demo sign-in is available with the demo platform, outside production unless DEMO_MODE=1. */
export const demoSignInAllowed = (config: Config) => !config.discord && (!config.isProduction || config.demoMode);
