import path from "node:path";
import { z } from "zod";

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
  HOST: z.string().min(1).default("0.0.0.0"),
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
  DISCORD_API_BASE: z.string().url().default("https://discord.com/api/v10"),
  SESSION_DAYS: z.coerce.number().positive().max(365).default(7),
  TRANSCRIPT_KEY: optionalText,
  /** Honour X-Forwarded-For (set when running behind a reverse proxy or load balancer). */
  TRUST_PROXY: flag,
  /** Sign-in requests per minute and IP (0 disables the limit). */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(0).default(120),
  /** Writes (POST/PUT/PATCH/DELETE under /api) per minute and caller (0 disables the limit). */
  WRITE_RATE_LIMIT: z.coerce.number().int().min(0).default(300),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
});

export interface Config {
  port: number;
  host: string;
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
  sessionDays: number;
  transcriptKey?: string;
  trustProxy: boolean;
  authRateLimit: number;
  writeRateLimit: number;
  logLevel: string;
}

export class ConfigError extends Error {}

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
  const isProduction = e.NODE_ENV === "production";
  return {
    port: e.PORT,
    host: e.HOST,
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
    sessionDays: e.SESSION_DAYS,
    transcriptKey: e.TRANSCRIPT_KEY,
    trustProxy: e.TRUST_PROXY,
    authRateLimit: e.AUTH_RATE_LIMIT,
    writeRateLimit: e.WRITE_RATE_LIMIT,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
  };
}

/** The demo sign-in is available with the demo platform, outside production unless DEMO_MODE=1. */
export const demoSignInAllowed = (config: Config) => !config.discord && (!config.isProduction || config.demoMode);
