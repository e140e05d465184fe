import { demoCommunityId } from "../../src/schemas/demo-guild";
import type { GuildChannel, GuildEmoji, GuildRole, PermissionOverwrite } from "./adapter";

// The demo world served when no Discord credentials are configured. Ids are fixed (docs/API.md lists them);
// every image is a local path, so the demo works without internet access.

export const DEMO_ADMIN_ID = "900000000000000001";
export const DEMO_STAFF_ID = "900000000000000002";
export const DEMO_VISITOR_ID = "900000000000000003";
export const DEMO_COMMUNITY_ID = demoCommunityId;
export const GAMING_HUB_ID = "823456789012345678";

/** Support role of Demo Community: the seed puts it into the "Support Team". */
export const DEMO_SUPPORT_ROLE_ID = "812345678901234603";

const demoAvatar = "/images/default-avatar.svg";

export interface DemoUser {
  id: string;
  username: string;
  avatar: string;
  /** Shown on the demo sign-in page. */
  description: string;
}

export const demoUsers: DemoUser[] = [
  { id: DEMO_ADMIN_ID, username: "Demo Admin", avatar: demoAvatar, description: "Owner of Demo Community and Gaming Hub" },
  { id: DEMO_STAFF_ID, username: "Demo Staff", avatar: demoAvatar, description: "Support Team member in Demo Community" },
  { id: DEMO_VISITOR_ID, username: "Demo Visitor", avatar: demoAvatar, description: "Member of both servers without any dashboard access" },
];

export interface DemoGuild {
  id: string;
  name: string;
  icon_url: string;
  owner_id: string;
  member_count: number;
  boosts: number;
  roles: GuildRole[];
  categories: GuildChannel[];
  text_channels: GuildChannel[];
  /** Voice, stage and forum channels: only counted (the dashboard never picks them). */
  other_channel_count?: number;
  emojis: GuildEmoji[];
}

const emoji = (id: string, name: string): GuildEmoji => ({ id, name, url: `/images/guilds/emojis/${name}.svg` });

export const demoGuilds: DemoGuild[] = [
  {
    id: DEMO_COMMUNITY_ID,
    name: "Demo Community",
    icon_url: "/images/guilds/demo-community.svg",
    owner_id: DEMO_ADMIN_ID,
    member_count: 1284,
    boosts: 7,
    other_channel_count: 3,
    roles: [
      { id: "812345678901234601", name: "Admin", position: 5 },
      { id: "812345678901234602", name: "Moderator", position: 4 },
      { id: DEMO_SUPPORT_ROLE_ID, name: "Support", position: 3 },
      { id: "812345678901234604", name: "VIP", position: 2 },
      { id: "812345678901234605", name: "Member", position: 1 },
    ],
    categories: [
      { id: "812345678901234701", name: "Community", position: 0 },
      { id: "812345678901234702", name: "Support", position: 1 },
      { id: "812345678901234703", name: "Archive", position: 2 },
    ],
    text_channels: [
      { id: "812345678901234711", name: "welcome", position: 0, parent_id: "812345678901234701" },
      { id: "812345678901234712", name: "rules", position: 1, parent_id: "812345678901234701" },
      { id: "812345678901234713", name: "general", position: 2, parent_id: "812345678901234701" },
      { id: "812345678901234714", name: "support", position: 3, parent_id: "812345678901234702" },
      { id: "812345678901234715", name: "ticket-logs", position: 4, parent_id: "812345678901234703" },
      { id: "812345678901234716", name: "transcripts", position: 5, parent_id: "812345678901234703" },
    ],
    emojis: [emoji("812345678901234801", "ticket"), emoji("812345678901234802", "check"), emoji("812345678901234803", "wave")],
  },
  {
    id: GAMING_HUB_ID,
    name: "Gaming Hub",
    icon_url: "/images/guilds/gaming-hub.svg",
    owner_id: DEMO_ADMIN_ID,
    member_count: 5632,
    boosts: 14,
    roles: [
      { id: "823456789012345601", name: "Admin", position: 4 },
      { id: "823456789012345602", name: "Moderator", position: 3 },
      { id: "823456789012345603", name: "Helper", position: 2 },
      { id: "823456789012345604", name: "Gamer", position: 1 },
    ],
    categories: [
      { id: "823456789012345701", name: "Info", position: 0 },
      { id: "823456789012345702", name: "Gaming", position: 1 },
      { id: "823456789012345703", name: "Help", position: 2 },
    ],
    text_channels: [
      { id: "823456789012345711", name: "announcements", position: 0, parent_id: "823456789012345701" },
      { id: "823456789012345712", name: "lfg", position: 1, parent_id: "823456789012345702" },
      { id: "823456789012345713", name: "clips", position: 2, parent_id: "823456789012345702" },
      { id: "823456789012345714", name: "help-desk", position: 3, parent_id: "823456789012345703" },
      { id: "823456789012345715", name: "bug-reports", position: 4, parent_id: "823456789012345703" },
    ],
    emojis: [emoji("823456789012345801", "gg"), emoji("823456789012345802", "controller")],
  },
];

/** Every permission bit (what an owner effectively has). */
const ALL_PERMISSIONS = "2251799813685247";
/** View channels, send messages, embed links, attach files, read history, add reactions: no management. */
const MEMBER_PERMISSIONS = String(0x400 + 0x800 + 0x4000 + 0x8000 + 0x10000 + 0x40);

export interface DemoMembership {
  userId: string;
  guildId: string;
  owner: boolean;
  permissions: string;
  roles: string[];
}

export const demoMemberships: DemoMembership[] = [
  { userId: DEMO_ADMIN_ID, guildId: DEMO_COMMUNITY_ID, owner: true, permissions: ALL_PERMISSIONS, roles: ["812345678901234601"] },
  { userId: DEMO_ADMIN_ID, guildId: GAMING_HUB_ID, owner: true, permissions: ALL_PERMISSIONS, roles: ["823456789012345601"] },
  {
    userId: DEMO_STAFF_ID,
    guildId: DEMO_COMMUNITY_ID,
    owner: false,
    permissions: MEMBER_PERMISSIONS,
    roles: [DEMO_SUPPORT_ROLE_ID, "812345678901234605"],
  },
  { userId: DEMO_VISITOR_ID, guildId: DEMO_COMMUNITY_ID, owner: false, permissions: MEMBER_PERMISSIONS, roles: ["812345678901234605"] },
  // A member of both servers without any dashboard access: "My tickets" lists their tickets of both.
  { userId: DEMO_VISITOR_ID, guildId: GAMING_HUB_ID, owner: false, permissions: MEMBER_PERMISSIONS, roles: ["823456789012345604"] },
];

// The guild of the large-data benchmark (scripts/seed-large.ts: 100,000 transcripts, 1,000,000 activity entries).
// The demo platform always knows it (getGuild), but lists it among Demo Admin's guilds only once its data exists:
// the seed writes the meta row LARGE_GUILD_SEEDED_META last. Ordinary demo databases never show it.
export const LARGE_GUILD_ID = "834567890123456789";
export const LARGE_GUILD_SEEDED_META = "seed:large-guild";

export const largeGuild: DemoGuild = {
  id: LARGE_GUILD_ID,
  name: "Large Guild",
  icon_url: "/images/guilds/demo-community.svg",
  owner_id: DEMO_ADMIN_ID,
  member_count: 250_000,
  boosts: 30,
  roles: [
    { id: "834567890123456601", name: "Admin", position: 3 },
    { id: "834567890123456602", name: "Support", position: 2 },
    { id: "834567890123456603", name: "Member", position: 1 },
  ],
  categories: [{ id: "834567890123456701", name: "Tickets", position: 0 }],
  text_channels: [
    { id: "834567890123456711", name: "support", position: 0, parent_id: "834567890123456701" },
    { id: "834567890123456712", name: "transcripts", position: 1, parent_id: "834567890123456701" },
  ],
  emojis: [],
};

export const largeGuildMembership: DemoMembership = {
  userId: DEMO_ADMIN_ID,
  guildId: LARGE_GUILD_ID,
  owner: true,
  permissions: ALL_PERMISSIONS,
  roles: ["834567890123456601"],
};

/**
 * Channels of the demo guilds where members read and only managers write (#rules, #announcements): @everyone is
 * denied Send Messages there, as on a Discord server. The Try-it view and the interactions it sends follow them.
 */
export const demoReadOnlyChannelIds: ReadonlySet<string> = new Set(["812345678901234712", "823456789012345711"]);

/** The permission overwrites of a demo guild's fixed text channel. */
export function demoChannelOverwrites(guildId: string, channelId: string): PermissionOverwrite[] {
  return demoReadOnlyChannelIds.has(channelId) ? [{ id: guildId, type: 0, allow: "0", deny: String(1n << 11n) }] : [];
}
