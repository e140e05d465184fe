import { botPermissions, type BotPermissionKey } from "../../src/schemas/bot-permissions";
import type { PermissionOverwrite } from "../platform/adapter";

// Permission overwrites of a ticket channel (Discord's bit values): @everyone cannot see it; the opener, members
// added with /add, the support roles and the bot can. Claiming takes Send Messages (unless "support reps can type
// in claimed tickets") and View Channel (unless "support reps can view claimed tickets") from the other support
// roles and gives them to the claimer; unclaiming gives them back.
//
// Least privilege: Discord lets a bot allow or deny in an overwrite only permissions it holds itself, and Manage
// Permissions (MANAGE_ROLES in an overwrite) only when it is an administrator — which it is not. So every bit here
// comes from the bot's declared permissions (src/schemas/bot-permissions.ts), and none is Manage Roles.

const bitOf = (key: BotPermissionKey) => BigInt(botPermissions[key].bit);
export const VIEW_CHANNEL = bitOf("ViewChannel");
export const SEND_MESSAGES = bitOf("SendMessages");
export const MANAGE_CHANNELS = bitOf("ManageChannels");

/** What a ticket's members hold in its channel. */
const participant = (["ViewChannel", "SendMessages", "EmbedLinks", "AttachFiles", "ReadMessageHistory"] as const).reduce(
  (all, key) => all | bitOf(key),
  0n,
);
/** The bot: a participant that can also rename and delete the channel (editing overwrites comes from its role's Manage Roles). */
const bot = participant | MANAGE_CHANNELS;

const role = (id: string, allow: bigint, deny = 0n): PermissionOverwrite => ({ id, type: 0, allow: String(allow), deny: String(deny) });
const member = (id: string, allow: bigint, deny = 0n): PermissionOverwrite => ({ id, type: 1, allow: String(allow), deny: String(deny) });

export interface TicketAudience {
  guildId: string;
  botUserId: string;
  openerId: string;
  /** Members added with /add. */
  addedIds: string[];
  supportRoleIds: string[];
  claimedBy: string | null;
  /** The guild's claim settings. */
  repsCanView: boolean;
  repsCanType: boolean;
}

/** The whole overwrite list of a ticket channel in a given state (written whole, so it never drifts). */
export function ticketOverwrites(a: TicketAudience): PermissionOverwrite[] {
  const out: PermissionOverwrite[] = [role(a.guildId, 0n, VIEW_CHANNEL), member(a.botUserId, bot), member(a.openerId, participant)];
  for (const id of a.addedIds) if (id !== a.openerId && id !== a.botUserId) out.push(member(id, participant));
  let denied = 0n;
  if (a.claimedBy) {
    if (!a.repsCanType) denied |= SEND_MESSAGES;
    if (!a.repsCanView) denied |= VIEW_CHANNEL | SEND_MESSAGES;
  }
  for (const id of a.supportRoleIds) out.push(role(id, participant & ~denied, denied));
  if (a.claimedBy && !out.some((o) => o.type === 1 && o.id === a.claimedBy)) out.push(member(a.claimedBy, participant));
  return out;
}

/** Can this member see the channel under these overwrites? (The demo platform's channel list uses it.) */
export function canView(overwrites: PermissionOverwrite[], guildId: string, userId: string, roles: string[], manager: boolean): boolean {
  if (manager) return true;
  let allowed = true;
  const everyone = overwrites.find((o) => o.type === 0 && o.id === guildId);
  if (everyone && (BigInt(everyone.deny) & VIEW_CHANNEL) !== 0n) allowed = false;
  let roleAllow = 0n;
  let roleDeny = 0n;
  for (const o of overwrites) {
    if (o.type === 0 && o.id !== guildId && roles.includes(o.id)) {
      roleAllow |= BigInt(o.allow);
      roleDeny |= BigInt(o.deny);
    }
  }
  if ((roleDeny & VIEW_CHANNEL) !== 0n) allowed = false;
  if ((roleAllow & VIEW_CHANNEL) !== 0n) allowed = true;
  const own = overwrites.find((o) => o.type === 1 && o.id === userId);
  if (own && (BigInt(own.deny) & VIEW_CHANNEL) !== 0n) allowed = false;
  if (own && (BigInt(own.allow) & VIEW_CHANNEL) !== 0n) allowed = true;
  return allowed;
}

/**
 * A member's permissions in a channel, as Discord computes them (and sends as an interaction's member.permissions):
 * the guild-wide bits, then @everyone's overwrite, the member's roles' overwrites together, the member's own. The
 * owner and Administrator hold every bit (`manager`).
 */
export function permissionsIn(
  overwrites: PermissionOverwrite[],
  guildId: string,
  userId: string,
  roles: string[],
  base: bigint,
  manager: boolean,
): bigint {
  if (manager) return base | ADMINISTRATOR_BIT;
  let bits = base;
  const everyone = overwrites.find((o) => o.type === 0 && o.id === guildId);
  if (everyone) bits = (bits & ~BigInt(everyone.deny)) | BigInt(everyone.allow);
  let roleAllow = 0n;
  let roleDeny = 0n;
  for (const o of overwrites) {
    if (o.type === 0 && o.id !== guildId && roles.includes(o.id)) {
      roleAllow |= BigInt(o.allow);
      roleDeny |= BigInt(o.deny);
    }
  }
  bits = (bits & ~roleDeny) | roleAllow;
  const own = overwrites.find((o) => o.type === 1 && o.id === userId);
  if (own) bits = (bits & ~BigInt(own.deny)) | BigInt(own.allow);
  return bits;
}

const ADMINISTRATOR_BIT = 1n << 3n;

/** Send Messages in a channel, from an interaction's member.permissions (Administrator holds every permission). */
export function canSendIn(permissions: string): boolean {
  let bits: bigint;
  try {
    bits = /^\d{1,30}$/.test(permissions) ? BigInt(permissions) : 0n;
  } catch {
    bits = 0n;
  }
  return (bits & (SEND_MESSAGES | ADMINISTRATOR_BIT)) !== 0n;
}

/**
 * A channel name as Discord keeps it: lower case, spaces as "-", at most 100 characters; characters Discord drops
 * are dropped here too (only letters, digits, "-" and "_" stay). Null when nothing is left.
 */
export function channelName(raw: string): string | null {
  let out = "";
  for (const ch of raw.toLowerCase()) {
    if (ch === " " || ch === "-") {
      if (out.length && !out.endsWith("-")) out += "-";
    } else if (ch === "_" || /\p{L}|\p{N}/u.test(ch)) out += ch;
    if (out.length >= 100) break;
  }
  // Dashes are collapsed above, so at most one leads and one trails.
  if (out.startsWith("-")) out = out.slice(1);
  if (out.endsWith("-")) out = out.slice(0, -1);
  return out.length ? out : null;
}

/** The panel's naming scheme with %id% (the ticket number) and %username% filled in. */
export function ticketChannelName(scheme: string, number: number, username: string): string {
  const filled = scheme.split("%id%").join(String(number)).split("%username%").join(username);
  return channelName(filled) ?? `ticket-${number}`;
}
