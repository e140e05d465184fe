import type { FastifyInstance } from "fastify";
import { botInviteUrl } from "../../src/schemas/bot-permissions";
import type { BotSetupResponse } from "../../src/schemas/bot-setup";
import { fromDbJson } from "../db/dialect";
import type { Db } from "../db/schema";
import type { PlatformAdapter } from "../platform/adapter";
import { readGuildSettings } from "../settings/store";
import { findBotProblems, type PanelPlaces } from "./check";
import { disallowedIntentsRefusal } from "./gateway";
import { recordedBotProblems } from "./problems";

// Bot setup for one guild: the platform's facts (cached by the adapter) beside what the guild asks of the bot — its
// panels' channels and categories, the archive channel, its transcript storage — and the refusals the bot recorded.

export interface BotSetupDeps {
  db: Db;
  platform: PlatformAdapter;
  transcriptQuotaMb: number;
  /** The commands the bot registers, as Discord lists them (the wiring hands in the command files' labels). */
  commandLabels: readonly string[];
}

/** Bot setup as the app's service (app.botSetup). */
export class BotSetupService {
  constructor(private readonly deps: BotSetupDeps) {}

  /** What keeps the bot from working on the guild; `fresh` re-reads the platform unless its facts are a few seconds old. */
  check(guildId: string, options: { fresh?: boolean } = {}): Promise<BotSetupResponse> {
    return checkBotSetup(this.deps, guildId, options);
  }
}

declare module "fastify" {
  interface FastifyInstance {
    botSetup: BotSetupService;
  }
}

export function registerBotSetup(app: FastifyInstance, commandLabels: readonly string[]): void {
  app.decorate(
    "botSetup",
    new BotSetupService({ db: app.db, platform: app.platform, transcriptQuotaMb: app.config.transcriptQuotaMb, commandLabels }),
  );
}

export async function checkBotSetup(
  deps: BotSetupDeps,
  guildId: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<BotSetupResponse> {
  const [facts, panels, { settings }, recorded, usedBytes, gatewayRefusal] = await Promise.all([
    deps.platform.botSetupFacts(guildId, { fresh }),
    panelPlaces(deps.db, guildId),
    readGuildSettings(deps.db, guildId),
    recordedBotProblems(deps.db, guildId),
    storedTranscriptBytes(deps.db, guildId),
    deps.platform.kind === "discord" ? disallowedIntentsRefusal(deps.db) : null,
  ]);
  const problems = findBotProblems({
    facts,
    panels,
    archiveChannelId: settings.ArchiveChannelId ?? null,
    transcripts: { usedBytes, quotaBytes: deps.transcriptQuotaMb * 1024 * 1024 },
    recorded,
    commandLabels: deps.commandLabels,
    gatewayRefusal,
  });
  return { platform: deps.platform.kind, checkedAt: facts.readAt, inviteUrl: botInviteUrl(facts.applicationId, guildId), problems };
}

/** Every panel's channel and, for single panels, its ticket and overflow categories. */
async function panelPlaces(db: Db, guildId: string): Promise<PanelPlaces[]> {
  const rows = await db.selectFrom("panels").select(["kind", "name", "data_json"]).where("guild_id", "=", guildId).orderBy("id").execute();
  return rows.map((row) => {
    const data = fromDbJson<Record<string, unknown>>(row.data_json, {});
    const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
    if (row.kind === "multi")
      return { name: row.name, channelId: text(data.PanelChannelId), ticketCategoryId: null, overflowCategoryId: null };
    const message = (data.PanelMessage ?? {}) as Record<string, unknown>;
    return {
      name: row.name,
      channelId: text(message.PanelChannel),
      ticketCategoryId: text(data.TicketCategory),
      overflowCategoryId: text(data.OverflowCategory),
    };
  });
}

/** The guild's stored transcripts in bytes, as the quota measures them (transcript_counts, kept by triggers). */
async function storedTranscriptBytes(db: Db, guildId: string): Promise<number> {
  const row = await db.selectFrom("transcript_counts").select("bytes").where("guild_id", "=", guildId).executeTakeFirst();
  return Number(row?.bytes ?? 0);
}
