import { ApplicationFlags, PermissionFlagsBits } from "discord-api-types/v10";
import { botPermissionBits } from "../../../src/schemas/bot-permissions";
import { loadCommands } from "../../../server/discord/command-registry";
import type { StubRequest, StubResponse } from "../discord-stub";
import { contractProblems } from "./discord-contract";

// One Discord server as Bot setup reads it, served by the local stub (tests/server/discord-stub.ts): an owner and a
// staff member who sign in, the bot's member and role, a panel channel, a ticket category, an overflow category and
// an archive channel. Each test changes the world (an overwrite, a permission, the flags, the fill of a category)
// and asks Bot setup. Every answer is full-size and checked against Discord's OpenAPI document (contractProblems).

/** The bot's commands, from its command files. */
const botCommands = (await loadCommands()).definitions();

export const GUILD = "760000000000000001";
export const OWNER = "760000000000000002";
export const STAFF = "760000000000000003";
/** The application's id, which is also its bot's user id. */
export const APP = "761000000000000000";
export const BOT_ROLE = "760000000000000010";
export const TEAM_ROLE = "760000000000000011";
export const TICKETS = "760000000000000100";
export const OVERFLOW = "760000000000000101";
export const ARCHIVE_CATEGORY = "760000000000000102";
export const PANEL_CHANNEL = "760000000000000200";
export const ARCHIVE_CHANNEL = "760000000000000201";

const P = PermissionFlagsBits;
/** What Discord gives @everyone in a new server (the part that matters here). */
export const EVERYONE_DEFAULT = P.ViewChannel | P.SendMessages | P.EmbedLinks | P.AttachFiles | P.ReadMessageHistory | P.AddReactions;

export interface Overwrite {
  id: string;
  type: 0 | 1;
  allow: bigint;
  deny: bigint;
}

export interface World {
  everyone: bigint;
  /** The bot's managed role (what the invite granted). */
  botRole: bigint;
  overwrites: Record<string, Overwrite[]>;
  /** Ticket channels (and others) in each category, beyond the fixed channels. */
  extraChannelsIn: Record<string, number>;
  /** Voice channels outside any category (to fill the server). */
  extraVoiceChannels: number;
  applicationFlags: number;
  /** Registered global commands: name → its subcommands ([] for a plain command). */
  commands: Map<string, string[]>;
}

/** Everything as the docs ask: the invite's permissions, the intent on, every command registered. */
export function healthyWorld(): World {
  const commands = new Map<string, string[]>();
  for (const c of botCommands) commands.set(c.name, [...(commands.get(c.name) ?? []), ...(c.subcommand ? [c.subcommand] : [])]);
  return {
    everyone: EVERYONE_DEFAULT,
    botRole: BigInt(botPermissionBits),
    overwrites: {},
    extraChannelsIn: {},
    extraVoiceChannels: 0,
    applicationFlags: ApplicationFlags.GatewayMessageContentLimited | ApplicationFlags.ApplicationCommandBadge,
    commands,
  };
}

// ---- Discord's objects, full size (the fields Discord's document requires) ----

const user = (id: string, username: string) => ({
  id,
  username,
  avatar: null,
  discriminator: "0",
  public_flags: 0,
  flags: 0,
  global_name: null,
  primary_guild: null,
  bot: id === APP,
});

const role = (id: string, name: string, permissions: bigint, position: number, managed = false) => ({
  id,
  name,
  permissions: permissions.toString(),
  position,
  color: 0,
  colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
  hoist: false,
  managed,
  mentionable: false,
  icon: null,
  unicode_emoji: null,
  flags: 0,
  ...(managed ? { tags: { bot_id: APP } } : {}),
});

function guild(world: World) {
  return {
    id: GUILD,
    name: "Stub Support",
    icon: null,
    description: null,
    home_header: null,
    splash: null,
    discovery_splash: null,
    features: [],
    banner: null,
    owner_id: OWNER,
    application_id: null,
    region: "deprecated",
    afk_channel_id: null,
    afk_timeout: 300,
    system_channel_id: null,
    system_channel_flags: 0,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: 0,
    roles: [
      role(GUILD, "@everyone", world.everyone, 0),
      role(BOT_ROLE, "Ticketeer", world.botRole, 2, true),
      role(TEAM_ROLE, "Helpers", 0n, 1),
    ],
    default_message_notifications: 0,
    mfa_level: 0,
    explicit_content_filter: 0,
    max_presences: null,
    max_members: 500000,
    max_stage_video_channel_users: 50,
    max_video_channel_users: 25,
    vanity_url_code: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: "en-US",
    rules_channel_id: null,
    safety_alerts_channel_id: null,
    public_updates_channel_id: null,
    premium_progress_bar_enabled: false,
    nsfw: false,
    nsfw_level: 0,
    emojis: [],
    stickers: [],
    incidents_data: null,
  };
}

function channel(world: World, id: string, name: string, type: 0 | 2 | 4, position: number, parentId: string | null) {
  const base = {
    id,
    type,
    guild_id: GUILD,
    name,
    position,
    parent_id: parentId,
    flags: 0,
    nsfw: false,
    permission_overwrites: (world.overwrites[id] ?? []).map((o) => ({
      id: o.id,
      type: o.type,
      allow: o.allow.toString(),
      deny: o.deny.toString(),
    })),
  };
  if (type === 0) return { ...base, last_message_id: null, rate_limit_per_user: 0, topic: null };
  if (type === 2) return { ...base, last_message_id: null, bitrate: 64000, user_limit: 0, rtc_region: null, rate_limit_per_user: 0 };
  return base;
}

function channels(world: World) {
  const out = [
    channel(world, TICKETS, "Support Tickets", 4, 0, null),
    channel(world, OVERFLOW, "Overflow", 4, 1, null),
    channel(world, ARCHIVE_CATEGORY, "Archive", 4, 2, null),
    channel(world, PANEL_CHANNEL, "support", 0, 0, null),
    channel(world, ARCHIVE_CHANNEL, "ticket-logs", 0, 1, ARCHIVE_CATEGORY),
  ];
  let next = 760000000000100000n;
  for (const [parentId, n] of Object.entries(world.extraChannelsIn)) {
    for (let i = 0; i < n; i++) out.push(channel(world, String(next++), `ticket-${i + 1}`, 0, i, parentId));
  }
  for (let i = 0; i < world.extraVoiceChannels; i++) out.push(channel(world, String(next++), `voice-${i + 1}`, 2, i, null));
  return out;
}

const member = (userId: string, roles: string[]) => ({
  avatar: null,
  banner: null,
  communication_disabled_until: null,
  flags: 0,
  joined_at: "2026-01-02T03:04:05.000000+00:00",
  nick: null,
  pending: false,
  premium_since: null,
  roles,
  user: user(userId, userId === APP ? "Ticketeer" : "member"),
  mute: false,
  deaf: false,
});

const application = (world: World) => ({
  id: APP,
  name: "Ticketeer",
  icon: null,
  description: "",
  type: null,
  bot: user(APP, "Ticketeer"),
  verify_key: "a".repeat(64),
  flags: world.applicationFlags,
  flags_new: String(world.applicationFlags),
  redirect_uris: [],
  interactions_endpoint_url: null,
  role_connections_verification_url: null,
  owner: user(OWNER, "owner"),
  approximate_guild_count: 1,
  approximate_user_install_count: 0,
  approximate_user_authorization_count: 0,
  explicit_content_filter: 0,
  team: null,
  eligible_oauth2_scopes: [],
  bot_public: true,
  bot_require_code_grant: false,
});

function commands(world: World) {
  let id = 761000000000001000n;
  return [...world.commands].map(([name, subcommands]) => ({
    id: String(id++),
    application_id: APP,
    version: String(id++),
    default_member_permissions: null,
    // A message command is type 3, with no description.
    ...(botCommands.some((c) => c.name === name && c.type === "message")
      ? { type: 3, name, description: "" }
      : { type: 1, name, description: `${name} command` }),
    dm_permission: false,
    contexts: [0],
    integration_types: [0],
    options: subcommands.map((sub) => ({ type: 1, name: sub, description: `${name} ${sub}` })),
  }));
}

// ---- the stub's routes ----

/** Sign-in: the code names who signs in. */
const tokens: Record<string, string> = { "owner-code": "owner-token", "staff-code": "staff-token" };
const userOfToken: Record<string, string> = { "Bearer owner-token": OWNER, "Bearer staff-token": STAFF };

/** The stub's answers for this world; every answer of the bot's reads is checked against Discord's document into `problems`. */
export function worldRoutes(world: World, problems: string[]) {
  const answer = (req: StubRequest): StubResponse | undefined => {
    const auth = String(req.headers.authorization ?? "");
    if (req.method === "POST" && req.path === "/oauth2/token") {
      const token = tokens[new URLSearchParams(req.body).get("code") ?? ""];
      return token
        ? {
            json: {
              access_token: token,
              refresh_token: `${token}-refresh`,
              expires_in: 604800,
              token_type: "Bearer",
              scope: "identify guilds",
            },
          }
        : { status: 400, json: { error: "invalid_grant" } };
    }
    const signedIn = userOfToken[auth];
    if (req.method === "GET" && req.path === "/users/@me" && signedIn)
      return { json: user(signedIn, signedIn === OWNER ? "owner" : "staff") };
    if (req.method === "GET" && req.path === "/users/@me/guilds") {
      if (auth === "Bot bot-token")
        return {
          json: [
            {
              id: GUILD,
              name: "Stub Support",
              icon: null,
              banner: null,
              owner: false,
              permissions: "0",
              features: [],
              approximate_member_count: 3,
              approximate_presence_count: 1,
            },
          ],
        };
      if (signedIn === OWNER)
        return {
          json: [{ id: GUILD, name: "Stub Support", icon: null, banner: null, owner: true, permissions: "2251799813685247", features: [] }],
        };
      if (signedIn === STAFF)
        return {
          json: [
            { id: GUILD, name: "Stub Support", icon: null, banner: null, owner: false, permissions: String(P.ViewChannel), features: [] },
          ],
        };
      return { status: 401, json: { message: "401: Unauthorized", code: 0 } };
    }
    if (auth !== "Bot bot-token") return { status: 401, json: { message: "401: Unauthorized", code: 0 } };
    if (req.method !== "GET") return undefined;
    switch (req.path) {
      case `/guilds/${GUILD}`:
        return { json: { ...guild(world), approximate_member_count: 3, approximate_presence_count: 1 } };
      case `/guilds/${GUILD}/channels`:
        return { json: channels(world) };
      case `/guilds/${GUILD}/members/${APP}`:
        return { json: member(APP, [BOT_ROLE]) };
      case `/guilds/${GUILD}/members/${STAFF}`:
        return { json: member(STAFF, [TEAM_ROLE]) };
      case "/applications/@me":
        return { json: application(world) };
      case `/applications/${APP}/commands`:
        return { json: commands(world) };
      case `/users/${OWNER}`:
        return { json: user(OWNER, "owner") };
    }
    return undefined;
  };
  return (req: StubRequest): StubResponse | undefined => {
    const out = answer(req);
    // The bot's reads are what Bot setup relies on: they must be Discord's shapes. (Sign-in has its own suite.)
    if (out && req.headers.authorization === "Bot bot-token")
      problems.push(...contractProblems(req.method, req.path, out.status ?? 200, out.json));
    return out;
  };
}
