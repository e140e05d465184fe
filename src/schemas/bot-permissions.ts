// The Discord permissions the bot uses, declared once: the invite link asks for exactly these (never
// Administrator), ticket-channel overwrites grant only these, Bot setup checks them server-wide and where each is
// needed, and the docs list them with why. Bits are Discord's (developers/topics/permissions.mdx); the names are
// those Discord's client shows.

/** Where a permission is needed: server-wide, in each panel's channel, in each ticket category, in the archive channel. */
export type PermissionPlace = "server" | "panelChannel" | "ticketCategory" | "archiveChannel";

export interface BotPermission {
  /** Discord's bit, as a decimal string (bit sets travel as strings in Discord's JSON). */
  bit: string;
  /** The name Discord's client shows (Server Settings → Roles). */
  discordName: string;
  /** Why the bot needs it, in the owner's words (English; Spanish in src/i18n/locales/es). */
  why: string;
  places: readonly PermissionPlace[];
}

const bit = (n: number) => (1n << BigInt(n)).toString();

export const botPermissions = {
  ViewChannel: {
    bit: bit(10),
    discordName: "View Channels",
    why: "See the panel channels, the ticket categories and the tickets it opens.",
    places: ["server", "panelChannel", "ticketCategory", "archiveChannel"],
  },
  ManageChannels: {
    bit: bit(4),
    discordName: "Manage Channels",
    why: "Create a channel for each ticket, rename it, and delete it when the ticket closes.",
    places: ["server", "ticketCategory"],
  },
  ManageRoles: {
    bit: bit(28),
    discordName: "Manage Roles",
    why: "Set who can see a ticket channel: the opener, added members and the panel's support team (claiming changes it).",
    places: ["server", "ticketCategory"],
  },
  SendMessages: {
    bit: bit(11),
    discordName: "Send Messages",
    why: "Post panels, welcome messages, tags and notices, and let ticket members write.",
    places: ["server", "panelChannel", "ticketCategory", "archiveChannel"],
  },
  EmbedLinks: {
    bit: bit(14),
    discordName: "Embed Links",
    why: "Panels, welcome messages, tags and archive posts are embeds.",
    places: ["server", "panelChannel", "ticketCategory", "archiveChannel"],
  },
  AttachFiles: {
    bit: bit(15),
    discordName: "Attach Files",
    why: "Let ticket members attach files (a bot can only grant in a channel what it holds itself).",
    places: ["server", "ticketCategory"],
  },
  ReadMessageHistory: {
    bit: bit(16),
    discordName: "Read Message History",
    why: "Read a ticket's messages for its transcript and its first response time.",
    places: ["server", "ticketCategory"],
  },
  // Tickets as private threads of a panel's channel (thread mode).
  CreatePrivateThreads: {
    bit: bit(36),
    discordName: "Create Private Threads",
    why: "Open a ticket as a private thread of the panel's channel (thread mode).",
    places: ["server", "panelChannel"],
  },
  SendMessagesInThreads: {
    bit: bit(38),
    discordName: "Send Messages in Threads",
    why: "Post the welcome message and notices in ticket threads.",
    places: ["server", "panelChannel"],
  },
  ManageThreads: {
    bit: bit(34),
    discordName: "Manage Threads",
    why: "Add and remove members of ticket threads, rename them, and archive, lock or delete them when the ticket closes.",
    places: ["server", "panelChannel"],
  },
} as const satisfies Record<string, BotPermission>;

export type BotPermissionKey = keyof typeof botPermissions;
export const botPermissionKeys = Object.keys(botPermissions) as BotPermissionKey[];

/** Every permission the bot uses, as one bit set (the invite's `permissions`). */
export const botPermissionBits: string = botPermissionKeys.reduce((all, key) => all | BigInt(botPermissions[key].bit), 0n).toString();

/** The permissions needed in a place. */
export const permissionsFor = (place: PermissionPlace): BotPermissionKey[] =>
  botPermissionKeys.filter((key) => (botPermissions[key].places as readonly PermissionPlace[]).includes(place));

/** The keys of the bot's permissions missing from a bit set. */
export function missingPermissions(granted: string | bigint, needed: readonly BotPermissionKey[] = botPermissionKeys): BotPermissionKey[] {
  let have: bigint;
  try {
    have = typeof granted === "bigint" ? granted : BigInt(granted);
  } catch {
    have = 0n;
  }
  if ((have & 8n) === 8n) return []; // Administrator holds everything
  return needed.filter((key) => (have & BigInt(botPermissions[key].bit)) === 0n);
}

/** The bot's invite: its scopes and exactly the permissions above. */
export function botInviteUrl(clientId: string, guildId?: string): string {
  const params = new URLSearchParams({ client_id: clientId, permissions: botPermissionBits, scope: "bot applications.commands" });
  if (guildId) {
    params.set("guild_id", guildId);
    params.set("disable_guild_select", "true");
  }
  return `https://discord.com/oauth2/authorize?${params}`;
}
