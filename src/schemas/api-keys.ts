import { z } from "zod";

// Scoped API keys (docs/API.md "API keys"): an owner mints a key for one server with scopes; a third party sends it as
// `Authorization: Bearer tk_…`. Every guild route needs one scope, derived from the route itself (`scopeOfRoute`), so
// the list below is checked against the server's route table (tests/server/api-keys.test.ts) and every OpenAPI
// operation names its scope (`x-required-scope`).

export const apiKeyScopes = [
  "tickets:read",
  "tickets:write",
  "transcripts:read",
  "statistics:read",
  "activity:read",
  "config:read",
  "config:write",
] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const API_KEY_PREFIX = "tk_";
export const apiKeyLimits = { perGuild: 25, nameMax: 60 } as const;

/** What the scope derivation reads of a route (the server's route table entry). */
export interface ScopedRoute {
  method: string;
  /** Without parameter patterns: `/api/:guildId/tickets/:ticketId/claim`. */
  path: string;
  guarded: boolean;
  /** Only some access levels (owner-only routes). */
  levels?: readonly string[];
  botKey: boolean;
  recentSignIn: boolean;
}

/** The first path word after the guild id → the family of its scope; a word not listed is sessions only. */
const families: Record<string, "tickets" | "transcripts" | "statistics" | "activity" | "config"> = {
  tickets: "tickets",
  transcripts: "transcripts",
  "transcript-panels": "transcripts",
  statistics: "statistics",
  "activity.csv": "activity",
  activity: "activity",
  settings: "config",
  "bot-setup": "config",
  teams: "config",
  panels: "config",
  "panel-properties": "config",
  forms: "config",
  blacklist: "config",
  tags: "config",
  "close-reasons": "config",
  labels: "config",
};

/**
 * The scope a key needs for a route, or null: no key may call it (not a guild route, owner-only, a recent sign-in, the
 * bot key's ingest, or a family not open to keys — the keys themselves, webhooks, the bot key, configuration transfer,
 * data rights, the demo platform). A read family without a write scope (transcripts, statistics, activity) is read-only
 * for keys.
 */
export function scopeOfRoute(route: ScopedRoute): ApiKeyScope | null {
  if (!route.guarded || route.levels || route.botKey || route.recentSignIn) return null;
  const words = route.path.split("/").filter(Boolean);
  // /api/:guildId/<word>/…
  if (words[0] !== "api" || words[1] !== ":guildId") return null;
  const family = families[words[2] ?? ""];
  if (!family) return null;
  const write = !["GET", "HEAD"].includes(route.method.toUpperCase());
  const scope = `${family}:${write ? "write" : "read"}`;
  return (apiKeyScopes as readonly string[]).includes(scope) ? (scope as ApiKeyScope) : null;
}

export const apiKeyCreateSchema = z.object({
  Name: z.string().trim().min(1, "Name the key").max(apiKeyLimits.nameMax),
  Scopes: z
    .array(z.enum(apiKeyScopes))
    .min(1, "Choose at least one scope")
    .max(apiKeyScopes.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, "Each scope once"),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** The key's first characters (`tk_ab12cd34`), to tell keys apart; the rest is never shown again. */
  Prefix: z.string(),
  Scopes: z.array(z.enum(apiKeyScopes)),
  CreatedAt: z.number(),
  CreatedBy: z.string(),
  /** Epoch ms of its last accepted request, or null. */
  LastUsedAt: z.number().nullable(),
  /** Epoch ms, or null while it works. */
  RevokedAt: z.number().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeysResponseSchema = z.object({ keys: z.array(apiKeySchema) });
export const apiKeyCreatedSchema = z.object({
  message: z.string(),
  key: apiKeySchema,
  token: z.string().describe("Shown once: send it as `Authorization: Bearer <token>`"),
});
