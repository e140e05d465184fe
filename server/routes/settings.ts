import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resourcePermissions } from "../../src/schemas/access";
import { settingsMessages } from "../../src/schemas/messages";
import {
  type SettingsResponse,
  type TicketSettingKey,
  type TicketSettings,
  settingsUpdateSchema,
  ticketSettingsShape,
} from "../../src/schemas/settings";
import { guard, guildIdOf } from "../access/guard";
import { activityActions, recordActivity } from "../activity/record";
import { fromDbJson } from "../db/dialect";
import type { Db } from "../db/schema";
import { HttpError, zodErrorBody } from "../errors";
import { guildParams, validateBodyInHandler } from "../http/support/route-schemas";
import { s } from "../http/support/openapi/components";
import type { GuildChannel } from "../platform/adapter";

// Ticket settings (SPEC §2, §3, §4, §7): GET and PUT /{guildId}/settings. Saves name the revision they were
// made on; a save on top of someone else's newer save is refused with 409 instead of silently overwriting it.

export const settingsText = {
  conflict: "These settings were changed by someone else. Reload to see the latest values.",
  archiveChannelUnknown: "Archive channel must be a text channel of this server",
} as const;

const settingKeys = Object.keys(ticketSettingsShape) as TicketSettingKey[];

/** What a guild that never saved its settings gets. */
export const defaultSettings = (): TicketSettings => ({
  UserTicketLimit: 1,
  AllowUserTicketClose: true,
  EnableUserFeedback: true,
  TicketCloseConfirmation: true,
  TranscriptsPanelPermission: false,
  SupportRepsViewTickets: true,
  SupportRepsTypeInTickets: true,
  AutoCloseEnabled: false,
  CloseOnUserLeave: false,
  ArchiveChannelId: null,
  CloseOnUserLeaveHours: 1,
  CloseOnUserLeaveMinutes: 0,
  SinceLastMessageDays: 3,
  SinceLastMessageHours: 0,
  SinceLastMessageMinutes: 0,
  StoreTranscripts: true,
});

/** The stored settings over the defaults (a key stored later, e.g. StoreTranscripts, falls back to its default). */
export function settingsFromJson(json: string | undefined): TicketSettings {
  const stored = fromDbJson<Record<string, unknown>>(json, {});
  const out = defaultSettings() as Record<string, unknown>;
  for (const key of settingKeys) if (key in stored && stored[key] !== undefined) out[key] = stored[key];
  return out as TicketSettings;
}

/** The guild's settings and revision (0 when never saved). Other modules (transcripts) may read them too. */
export async function readGuildSettings(db: Db, guildId: string): Promise<{ settings: TicketSettings; revision: number }> {
  const row = await db.selectFrom("guild_settings").select(["data_json", "revision"]).where("guild_id", "=", guildId).executeTakeFirst();
  return { settings: settingsFromJson(row?.data_json), revision: row?.revision ?? 0 };
}

/** Text channel name → id for the dropdown; a repeated name is told apart by its id. */
function channelMap(channels: GuildChannel[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of [...channels].sort((a, b) => a.position - b.position)) {
    out[c.name in out ? `${c.name} (${c.id})` : c.name] = c.id;
  }
  return out;
}

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
};

export default async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perms = resourcePermissions.settings;
  const tags = ["Settings"];

  app.get(
    "/:guildId(^\\d+$)/settings",
    { onRequest: guard(perms.list), config: { responseCache: true }, schema: { tags, summary: "Ticket settings", params: guildParams, response: { 200: s.settings } } },
    async (request) => {
    const guildId = guildIdOf(request);
    const guild = await app.platform.getGuild(guildId);
    const { settings, revision } = await readGuildSettings(app.db, guildId);
    const body: SettingsResponse = { ...settings, Channels: channelMap(guild.text_channels), Revision: revision };
    return body;
    },
  );

  app.put(
    "/:guildId(^\\d+$)/settings",
    {
      onRequest: guard(perms.edit),
      // The archive dropdown's 'None' arrives as "": the handler reads it before the shared schema does.
      validatorCompiler: validateBodyInHandler,
      schema: {
        tags,
        summary: "Save ticket settings",
        description: "Only non-null values are sent; a Revision other than the stored one is refused (409).",
        params: guildParams,
        body: s.settingsUpdate,
        response: { 200: s.settingsSaved, 400: s.error, 409: s.error },
      },
    },
    async (request, reply) => {
    const raw = request.body;
    // The archive dropdown's 'None' arrives as "" (null values are never sent, §4): it clears the channel.
    const clearsArchive = !!raw && typeof raw === "object" && (raw as Record<string, unknown>).ArchiveChannelId === "";
    const input = clearsArchive ? { ...(raw as Record<string, unknown>), ArchiveChannelId: null } : raw;
    const parsed = settingsUpdateSchema.safeParse(input);
    if (!parsed.success) return reply.code(400).send(zodErrorBody(parsed.error));
    const guildId = guildIdOf(request);
    const { Revision: expected, ...values } = parsed.data;

    const changes: Partial<TicketSettings> = {};
    for (const key of settingKeys) {
      const value = (values as Partial<TicketSettings>)[key];
      if (value !== null && value !== undefined) (changes as Record<string, unknown>)[key] = value;
    }
    if (clearsArchive) changes.ArchiveChannelId = null;
    if (typeof changes.ArchiveChannelId === "string") {
      const guild = await app.platform.getGuild(guildId);
      if (!guild.text_channels.some((c) => c.id === changes.ArchiveChannelId)) {
        return reply.code(400).send({ error: settingsText.archiveChannelUnknown, errors: [settingsText.archiveChannelUnknown] });
      }
    }

    let revision = 0;
    try {
      revision = await app.db.transaction().execute(async (trx) => {
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
          await trx.insertInto("guild_settings").values({ guild_id: guildId, data_json: JSON.stringify(after), revision: next, updated_at: now }).execute();
        }
        await recordActivity(trx, request, {
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
    return { message: settingsMessages.updatedByServer, Revision: revision };
    },
  );
}
