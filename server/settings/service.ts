import type { FastifyInstance } from "fastify";
import type { SettingsResponse, TicketSettings } from "../../src/schemas/settings";
import { type ActivityActor, activityActions, recordActivityOf } from "../activity/record";
import { isUniqueViolation } from "../db/errors";
import type { Db } from "../db/schema";
import { HttpError } from "../errors";
import type { PlatformAdapter } from "../platform/adapter";
import { channelsByName } from "../platform/channel-names";
import { readGuildSettings, settingKeys, settingsFromJson } from "./store";

// Ticket settings (SPEC §2, §3, §4, §7). A save names the revision it was made on; a save on top of someone else's
// newer save is refused with 409 instead of silently overwriting it.

export const settingsText = {
  conflict: "These settings were changed by someone else. Reload to see the latest values.",
  archiveChannelUnknown: "Archive channel must be a text channel of this server",
} as const;

export class SettingsService {
  constructor(private readonly deps: { db: Db; platform: PlatformAdapter }) {}

  /** What the Settings screen shows: the settings, the server's text channels by name, the revision. */
  async forScreen(guildId: string): Promise<SettingsResponse> {
    const guild = await this.deps.platform.getGuild(guildId);
    const { settings, revision } = await readGuildSettings(this.deps.db, guildId);
    return { ...settings, Channels: channelsByName(guild.text_channels), Revision: revision };
  }

  /**
   * Stores `changes` on top of revision `expected` (any revision when undefined) with its activity entry; returns
   * the revision now stored. 400 for an archive channel the server does not have, 409 when someone saved meanwhile.
   */
  async save(guildId: string, changes: Partial<TicketSettings>, expected: number | undefined, actor: ActivityActor): Promise<number> {
    const { db, platform } = this.deps;
    if (typeof changes.ArchiveChannelId === "string") {
      const guild = await platform.getGuild(guildId);
      if (!guild.text_channels.some((c) => c.id === changes.ArchiveChannelId)) {
        throw new HttpError(400, settingsText.archiveChannelUnknown, [settingsText.archiveChannelUnknown]);
      }
    }
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("guild_settings")
          .select(["data_json", "revision"])
          .where("guild_id", "=", guildId)
          .executeTakeFirst();
        const current = row?.revision ?? 0;
        if (expected !== undefined && expected !== current) throw new HttpError(409, settingsText.conflict);
        const before = settingsFromJson(row?.data_json);
        const after: TicketSettings = { ...before, ...changes };
        const changed = settingKeys.filter((k) => before[k] !== after[k]);
        if (changed.length === 0) return current;
        const next = current + 1;
        const now = Date.now();
        if (row) {
          // Compare-and-set: a concurrent save that got in first makes this one touch no row.
          const result = await trx
            .updateTable("guild_settings")
            .set({ data_json: JSON.stringify(after), revision: next, updated_at: now })
            .where("guild_id", "=", guildId)
            .where("revision", "=", current)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, settingsText.conflict);
        } else {
          await trx
            .insertInto("guild_settings")
            .values({ guild_id: guildId, data_json: JSON.stringify(after), revision: next, updated_at: now })
            .execute();
        }
        await recordActivityOf(trx, actor, {
          guildId,
          action: activityActions.settingsUpdated,
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, after[k]])),
        });
        return next;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, settingsText.conflict);
      throw error;
    }
  }
}

declare module "fastify" {
  interface FastifyInstance {
    settings: SettingsService;
  }
}

export function registerSettings(app: FastifyInstance): void {
  app.decorate("settings", new SettingsService({ db: app.db, platform: app.platform }));
}
