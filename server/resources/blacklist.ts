import { blacklistApiMessages } from "../../src/schemas/blacklist";
import { badRequest } from "../errors";
import type { ResourceHooks } from "./resource";

// The blacklist's checks on the platform: a role must be one of the server's (never @everyone), a user never the
// owner. Role entries are answered with the role's current name; the list still answers when the platform does not.

export const blacklistHooks: ResourceHooks = {
  async check(input, { app, guildId }) {
    const guild = await app.platform.getGuild(guildId);
    if (input.Kind === "Role") {
      if (input.TargetId === guildId) throw badRequest(blacklistApiMessages.everyoneRole);
      if (!guild.roles.some((r) => r.id === input.TargetId)) throw badRequest(blacklistApiMessages.unknownRole);
    } else if (input.TargetId === guild.owner.id) {
      throw badRequest(blacklistApiMessages.owner);
    }
  },
  async present(items, { app, request, guildId }) {
    let roles = new Map<string, string>();
    if (items.some((i) => i.Kind === "Role")) {
      try {
        roles = new Map((await app.platform.getGuild(guildId)).roles.map((r) => [r.id, r.name]));
      } catch (error) {
        request.log.warn({ err: error }, "blacklist: role names unavailable");
      }
    }
    return items.map((item) => ({ ...item, TargetName: item.Kind === "Role" ? (roles.get(String(item.TargetId)) ?? null) : null }));
  },
};
