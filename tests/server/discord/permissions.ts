// Discord's permission bits and its algorithm for a member's permissions in a channel, as topics/permissions.mdx
// gives them ("Permission Overwrites": compute_base_permissions and compute_overwrites). Permissions travel as
// strings of digits ("2048") and are computed here as bigints.

export const Permissions = {
  CREATE_INSTANT_INVITE: 1n << 0n,
  KICK_MEMBERS: 1n << 1n,
  BAN_MEMBERS: 1n << 2n,
  ADMINISTRATOR: 1n << 3n,
  MANAGE_CHANNELS: 1n << 4n,
  MANAGE_GUILD: 1n << 5n,
  ADD_REACTIONS: 1n << 6n,
  VIEW_AUDIT_LOG: 1n << 7n,
  PRIORITY_SPEAKER: 1n << 8n,
  STREAM: 1n << 9n,
  VIEW_CHANNEL: 1n << 10n,
  SEND_MESSAGES: 1n << 11n,
  SEND_TTS_MESSAGES: 1n << 12n,
  MANAGE_MESSAGES: 1n << 13n,
  EMBED_LINKS: 1n << 14n,
  ATTACH_FILES: 1n << 15n,
  READ_MESSAGE_HISTORY: 1n << 16n,
  MENTION_EVERYONE: 1n << 17n,
  USE_EXTERNAL_EMOJIS: 1n << 18n,
  VIEW_GUILD_INSIGHTS: 1n << 19n,
  CONNECT: 1n << 20n,
  SPEAK: 1n << 21n,
  MUTE_MEMBERS: 1n << 22n,
  DEAFEN_MEMBERS: 1n << 23n,
  MOVE_MEMBERS: 1n << 24n,
  USE_VAD: 1n << 25n,
  CHANGE_NICKNAME: 1n << 26n,
  MANAGE_NICKNAMES: 1n << 27n,
  /** "Manage Permissions" in the client when set on a channel. */
  MANAGE_ROLES: 1n << 28n,
  MANAGE_WEBHOOKS: 1n << 29n,
  MANAGE_GUILD_EXPRESSIONS: 1n << 30n,
  USE_APPLICATION_COMMANDS: 1n << 31n,
  REQUEST_TO_SPEAK: 1n << 32n,
  MANAGE_EVENTS: 1n << 33n,
  MANAGE_THREADS: 1n << 34n,
  CREATE_PUBLIC_THREADS: 1n << 35n,
  CREATE_PRIVATE_THREADS: 1n << 36n,
  USE_EXTERNAL_STICKERS: 1n << 37n,
  SEND_MESSAGES_IN_THREADS: 1n << 38n,
  USE_EMBEDDED_ACTIVITIES: 1n << 39n,
  MODERATE_MEMBERS: 1n << 40n,
  VIEW_CREATOR_MONETIZATION_ANALYTICS: 1n << 41n,
  USE_SOUNDBOARD: 1n << 42n,
  CREATE_GUILD_EXPRESSIONS: 1n << 43n,
  CREATE_EVENTS: 1n << 44n,
  USE_EXTERNAL_SOUNDS: 1n << 45n,
  SEND_VOICE_MESSAGES: 1n << 46n,
  SET_VOICE_CHANNEL_STATUS: 1n << 48n,
  SEND_POLLS: 1n << 49n,
  USE_EXTERNAL_APPS: 1n << 50n,
  PIN_MESSAGES: 1n << 51n,
  BYPASS_SLOWMODE: 1n << 52n,
} as const;

export type PermissionName = keyof typeof Permissions;

/** Every documented bit: what an owner or an administrator has. */
export const ALL_PERMISSIONS = Object.values(Permissions).reduce((a, b) => a | b, 0n);

/** The usual permissions of a member without roles (the client's default @everyone), for worlds that need one. */
export const DEFAULT_EVERYONE =
  Permissions.CREATE_INSTANT_INVITE |
  Permissions.ADD_REACTIONS |
  Permissions.STREAM |
  Permissions.VIEW_CHANNEL |
  Permissions.SEND_MESSAGES |
  Permissions.EMBED_LINKS |
  Permissions.ATTACH_FILES |
  Permissions.READ_MESSAGE_HISTORY |
  Permissions.MENTION_EVERYONE |
  Permissions.USE_EXTERNAL_EMOJIS |
  Permissions.CONNECT |
  Permissions.SPEAK |
  Permissions.USE_VAD |
  Permissions.CHANGE_NICKNAME |
  Permissions.USE_APPLICATION_COMMANDS |
  Permissions.CREATE_PUBLIC_THREADS |
  Permissions.CREATE_PRIVATE_THREADS |
  Permissions.SEND_MESSAGES_IN_THREADS |
  Permissions.USE_EXTERNAL_STICKERS;

export interface Overwrite {
  id: string;
  /** 0 role, 1 member. */
  type: 0 | 1;
  allow: bigint;
  deny: bigint;
}

export interface PermissionGuild {
  id: string;
  ownerId: string;
  /** Role id → its permissions; the guild's id is @everyone. */
  rolePermissions: (roleId: string) => bigint | undefined;
}

export interface PermissionMember {
  userId: string;
  roles: readonly string[];
}

/** A permission bit set from Discord's string form, a number, or a bigint ("" and null are none). */
export function bits(value: string | number | bigint | null | undefined): bigint {
  if (value === null || value === undefined || value === "") return 0n;
  return BigInt(value);
}

export const hasAll = (permissions: bigint, wanted: bigint): boolean => (permissions & wanted) === wanted;

/** compute_base_permissions: the owner and administrators have everything. */
export function basePermissions(guild: PermissionGuild, member: PermissionMember): bigint {
  if (member.userId === guild.ownerId) return ALL_PERMISSIONS;
  let permissions = guild.rolePermissions(guild.id) ?? 0n;
  for (const role of member.roles) permissions |= guild.rolePermissions(role) ?? 0n;
  if (hasAll(permissions, Permissions.ADMINISTRATOR)) return ALL_PERMISSIONS;
  return permissions;
}

/** compute_overwrites: @everyone's overwrite, then the member's roles' together, then the member's own. */
export function overwritePermissions(base: bigint, guildId: string, member: PermissionMember, overwrites: readonly Overwrite[]): bigint {
  if (hasAll(base, Permissions.ADMINISTRATOR)) return ALL_PERMISSIONS;
  let permissions = base;
  const everyone = overwrites.find((o) => o.type === 0 && o.id === guildId);
  if (everyone) {
    permissions &= ~everyone.deny;
    permissions |= everyone.allow;
  }
  let allow = 0n;
  let deny = 0n;
  for (const role of member.roles) {
    const o = overwrites.find((x) => x.type === 0 && x.id === role);
    if (o) {
      allow |= o.allow;
      deny |= o.deny;
    }
  }
  permissions &= ~deny;
  permissions |= allow;
  const own = overwrites.find((o) => o.type === 1 && o.id === member.userId);
  if (own) {
    permissions &= ~own.deny;
    permissions |= own.allow;
  }
  return permissions;
}

/** compute_permissions: a member's permissions in a channel with these overwrites. */
export function channelPermissions(guild: PermissionGuild, member: PermissionMember, overwrites: readonly Overwrite[]): bigint {
  return overwritePermissions(basePermissions(guild, member), guild.id, member, overwrites);
}

/** Names of the bits set, for readable failures ("VIEW_CHANNEL | SEND_MESSAGES"). */
export function permissionNames(value: bigint): string {
  const names = (Object.entries(Permissions) as [PermissionName, bigint][]).filter(([, bit]) => (value & bit) !== 0n).map(([name]) => name);
  return names.length ? names.join(" | ") : "none";
}
