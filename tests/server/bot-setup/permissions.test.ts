import { PermissionFlagsBits as P } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, basePermissions, channelPermissions } from "../../../server/platform/permissions";

// Discord's permission algorithm as developers/topics/permissions.mdx writes it ("Permission Overwrites"), which
// Bot setup uses to tell what the bot may do in each channel.

describe("Discord's permission algorithm (server/platform/permissions.ts)", () => {
  const member = { guildId: "1", ownerId: "9", userId: "5", roleIds: ["2", "3"] };
  const roles = (everyone: bigint, two: bigint, three = 0n) =>
    new Map([
      ["1", String(everyone)],
      ["2", String(two)],
      ["3", String(three)],
    ]);
  const ow = (id: string, type: 0 | 1, allow: bigint, deny: bigint) => ({ id, type, allow: String(allow), deny: String(deny) });

  it("base: @everyone plus the member's roles; everything for the owner and for Administrator", () => {
    expect(basePermissions({ ...member, rolePermissions: roles(P.ViewChannel, P.ManageRoles) })).toBe(P.ViewChannel | P.ManageRoles);
    expect(basePermissions({ ...member, ownerId: "5", rolePermissions: roles(0n, 0n) })).toBe(ALL_PERMISSIONS);
    expect(basePermissions({ ...member, rolePermissions: roles(0n, 0n, P.Administrator) })).toBe(ALL_PERMISSIONS);
    // A role the member does not hold gives nothing.
    expect(basePermissions({ ...member, roleIds: ["3"], rolePermissions: roles(0n, P.ManageRoles) })).toBe(0n);
  });

  it("overwrites: @everyone, then the roles together (deny, then allow), then the member; Administrator bypasses them", () => {
    const base = P.ViewChannel | P.SendMessages | P.ManageRoles;
    expect(channelPermissions(base, member, [ow("1", 0, 0n, P.ViewChannel)])).toBe(P.SendMessages | P.ManageRoles);
    // A role's allow wins over @everyone's deny; between two roles, an allow wins over a deny.
    expect(channelPermissions(base, member, [ow("1", 0, 0n, P.ViewChannel), ow("2", 0, P.ViewChannel, 0n)])).toBe(base);
    expect(channelPermissions(base, member, [ow("2", 0, 0n, P.ManageRoles), ow("3", 0, P.ManageRoles, 0n)])).toBe(base);
    expect(channelPermissions(base, member, [ow("2", 0, 0n, P.ManageRoles)])).toBe(P.ViewChannel | P.SendMessages);
    // The member's own overwrite comes last, either way.
    expect(channelPermissions(base, member, [ow("2", 0, P.EmbedLinks, 0n), ow("5", 1, 0n, P.EmbedLinks | P.SendMessages)])).toBe(
      P.ViewChannel | P.ManageRoles,
    );
    expect(channelPermissions(base, member, [ow("2", 0, 0n, P.SendMessages), ow("5", 1, P.SendMessages, 0n)])).toBe(base);
    // An overwrite of a role the member lacks, or a member overwrite of someone else, changes nothing.
    expect(channelPermissions(base, member, [ow("7", 0, 0n, base), ow("6", 1, 0n, base)])).toBe(base);
    expect(channelPermissions(P.Administrator, member, [ow("1", 0, 0n, ALL_PERMISSIONS)])).toBe(ALL_PERMISSIONS);
  });
});
