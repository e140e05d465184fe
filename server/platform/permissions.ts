import type { PermissionOverwrite } from "./adapter";

// Discord's permission algorithm (developers/topics/permissions.mdx, "Permission Overwrites"), for one member:
// base permissions are @everyone's plus the member's roles' (everything for the owner or an Administrator); in a
// channel, @everyone's overwrite applies first, then the member's roles' overwrites together (deny, then allow), then
// the member's own overwrite. Administrator bypasses every overwrite. Bit sets are bigint; Discord sends strings.

/** Every bit: what the owner and an Administrator hold. */
export const ALL_PERMISSIONS = (1n << 64n) - 1n;
const ADMINISTRATOR = 1n << 3n;

/** Who the member is in the guild. */
export interface MemberInGuild {
  guildId: string;
  ownerId: string;
  userId: string;
  /** The member's role ids (without @everyone). */
  roleIds: readonly string[];
  /** Every role's permission bits by role id; @everyone's id is the guild's id. */
  rolePermissions: ReadonlyMap<string, string>;
}

const bits = (value: string | undefined): bigint => {
  try {
    return value === undefined ? 0n : BigInt(value);
  } catch {
    return 0n;
  }
};

/** The member's permissions server-wide. */
export function basePermissions(member: MemberInGuild): bigint {
  if (member.userId === member.ownerId) return ALL_PERMISSIONS;
  let permissions = bits(member.rolePermissions.get(member.guildId));
  for (const roleId of member.roleIds) permissions |= bits(member.rolePermissions.get(roleId));
  return (permissions & ADMINISTRATOR) === ADMINISTRATOR ? ALL_PERMISSIONS : permissions;
}

/** The member's permissions in a channel with these overwrites, from their base permissions. */
export function channelPermissions(
  base: bigint,
  member: Pick<MemberInGuild, "guildId" | "userId" | "roleIds">,
  overwrites: readonly PermissionOverwrite[],
): bigint {
  if ((base & ADMINISTRATOR) === ADMINISTRATOR) return ALL_PERMISSIONS;
  let permissions = base;
  const everyone = overwrites.find((o) => o.type === 0 && o.id === member.guildId);
  if (everyone) permissions = (permissions & ~bits(everyone.deny)) | bits(everyone.allow);
  let allow = 0n;
  let deny = 0n;
  const roles = new Set(member.roleIds);
  for (const o of overwrites) {
    if (o.type !== 0 || o.id === member.guildId || !roles.has(o.id)) continue;
    allow |= bits(o.allow);
    deny |= bits(o.deny);
  }
  permissions = (permissions & ~deny) | allow;
  const own = overwrites.find((o) => o.type === 1 && o.id === member.userId);
  if (own) permissions = (permissions & ~bits(own.deny)) | bits(own.allow);
  return permissions;
}
