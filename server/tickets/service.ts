import type { FastifyBaseLogger } from "fastify";
import type { APIEmbed } from "discord-api-types/v10";
import type { FormAnswer, TicketEvent } from "../../src/schemas/ticket";
import type { SinglePanel } from "../../src/schemas/panel";
import type { TicketSettings } from "../../src/schemas/settings";
import { avatarUrl } from "../../src/schemas/auth";
import { recordActivityOf, type ActivityActor } from "../activity/record";
import type { Db } from "../db/schema";
import { clampText, discordLimits, embedTextLength } from "../../src/schemas/discord-limits";
import { welcomeContentText } from "../../src/schemas/send-limits";
import { buildEmbed } from "../panels/message";
import { toSinglePanel } from "../panels/store";
import type { BotMessage, ChannelMessage, PlatformAdapter } from "../platform/adapter";
import { fitEmbeds, fitMessage } from "../platform/message-fit";
import { snowflakeTime } from "../platform/snowflake";
import { readGuildSettings } from "../settings/store";
import type { TranscriptKeyring } from "../crypto";
import type { TranscriptMessage } from "../transcripts/document";
import {
  indexTranscriptTerms,
  prepareTranscript,
  quotaBytesOf,
  storePreparedTranscript,
  storesTranscripts,
  transcriptExists,
  TranscriptQuotaExceeded,
} from "../transcripts/store";
import { channelName, ticketChannelName, ticketOverwrites } from "./channel-access";
import { customIds } from "./custom-ids";
import type { TicketEventBus } from "./events";
import { isTicketStaff, memberAccess, type Member, supportRoles } from "./members";
import { addedMembers, type ChannelUrlOf, findTicket, type TicketRow, toTicketSummary, updateTicketIf } from "./store";
import { botTexts } from "./texts";
import { type BotAction, type DiagnoseMissing, explainRefusal, type RefusalPlace } from "./refusals";
import { PlatformRefusedError } from "../errors";
import { channelLimits } from "../../src/schemas/bot-setup";
import { clearBotProblems, recordBotProblem } from "../bot-setup/problems";

// The ticket engine's steps (docs/ticket-engine.md): open, claim, unclaim, transfer, add, remove, rename, close,
// rate. Each re-reads what it needs and re-checks who may do it; each answers a Reply (what the acting member is
// told) and never throws for anything a member can cause. No platform call runs inside a database transaction.

export const ticketActions = {
  opened: "Ticket Opened",
  claimed: "Ticket Claimed",
  unclaimed: "Ticket Unclaimed",
  transferred: "Ticket Transferred",
  memberAdded: "Ticket Member Added",
  memberRemoved: "Ticket Member Removed",
  renamed: "Ticket Renamed",
  closed: "Ticket Closed",
  /** A close whose transcript did not fit the guild's storage quota (TRANSCRIPT_QUOTA_MB). */
  transcriptNotStored: "Transcript Not Stored",
  /** The scheduler repaired a ticket a crash left in 'opening' or 'closing' (server/tickets/scheduler.ts). */
  recovered: "Ticket Recovered",
} as const;

/** What the acting member is told (ephemeral), or a modal to show. */
export type Reply =
  | { kind: "message"; message: BotMessage; ok: boolean }
  | { kind: "modal"; modal: Record<string, unknown> };

export const say = (content: string, ok = false): Reply => ({
  kind: "message",
  ok,
  // A reply may quote what a member or an owner wrote (a tag's or a panel's name): never past Discord's 2,000.
  message: { content: clampText(content, discordLimits.content), allowed_mentions: { parse: [] } },
});

/** Messages read at close: up to this many pages of 100 (a transcript holds at most 5000 messages). */
const MAX_PAGES = 50;
const BUTTON = 2;
/** Discord keeps at most 100 permission overwrites on a channel. */
const MAX_OVERWRITES = 100;
const ACTION_ROW = 1;

export interface EngineDeps {
  db: Db;
  platform: PlatformAdapter;
  keyring: TranscriptKeyring;
  events: TicketEventBus;
  log: FastifyBaseLogger;
  /** Where the dashboard lives (links in bot messages). */
  publicUrl: string;
  channelUrl: ChannelUrlOf;
  /** "discord", or "demo" on the demo platform: the activity log's "IP" of the bot's steps. */
  origin: string;
  /** Which permissions the bot lacks where Discord refused it (Bot setup's facts); none when it cannot tell. */
  diagnose?: DiagnoseMissing;
  /** TRANSCRIPT_QUOTA_MB: a close keeps its transcript only when it fits. */
  transcriptQuotaMb: number;
}

export interface OpenRequest {
  guildId: string;
  member: Member;
  /** null: /new or /form without a panel. */
  panelId: number | null;
  subject?: string | null;
  answers?: FormAnswer[];
}

const actorOf = (member: Member, origin: string): ActivityActor => ({
  id: member.id,
  username: member.username,
  avatar: member.avatar && member.avatar.startsWith("/") ? member.avatar : avatarUrl({ user_id: member.id, avatar: member.avatar }),
  ip: origin,
});

class Refusal extends Error {}

/** A step's answer, with what Discord refused on the way (the step itself went through). */
const withNote = (text: string, note: string | null) => (note ? `${text}\n${note}` : text);
const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
};

export class TicketEngine {
  constructor(readonly deps: EngineDeps) {}

  private get db() {
    return this.deps.db;
  }
  private get platform() {
    return this.deps.platform;
  }

  private publish(type: TicketEvent["type"], row: TicketRow) {
    this.deps.events.publish({ type, guildId: row.guild_id, ticket: toTicketSummary(row, this.deps.channelUrl) });
  }

  /** The panel of a ticket (null when deleted or none) and its support teams. */
  private async panelOf(guildId: string, panelId: number | null): Promise<{ panel: SinglePanel | null; teamIds: number[] }> {
    if (panelId === null) return { panel: null, teamIds: [] };
    const row = await this.db.selectFrom("panels").selectAll().where("guild_id", "=", guildId).where("id", "=", panelId).where("kind", "=", "single").executeTakeFirst();
    if (!row) return { panel: null, teamIds: [] };
    const panel = toSinglePanel(row);
    return { panel, teamIds: panel.SupportTeams.map(Number) };
  }

  async isBlacklisted(guildId: string, member: Member): Promise<boolean> {
    const hit = await this.db
      .selectFrom("blacklist")
      .select("id")
      .where("guild_id", "=", guildId)
      .where((eb) =>
        eb.or([
          eb.and([eb("kind", "=", "User"), eb("target_id", "=", member.id)]),
          ...(member.roles.length ? [eb.and([eb("kind", "=", "Role"), eb("target_id", "in", member.roles)])] : []),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return hit !== undefined;
  }

  /** Checks a panel can be used to open a ticket; returns its data or a refusal. */
  async usablePanel(guildId: string, panelId: number): Promise<{ panel: SinglePanel } | { refusal: Reply }> {
    const { panel } = await this.panelOf(guildId, panelId);
    if (!panel) return { refusal: say(botTexts.panelGone) };
    if (panel.PanelMessage.DisablePanel) return { refusal: say(botTexts.panelDisabled) };
    return { panel };
  }

  // ---- open -------------------------------------------------------------------------------------------------

  async open(request: OpenRequest): Promise<Reply> {
    const { guildId, member } = request;
    if (await this.isBlacklisted(guildId, member)) return say(botTexts.blacklisted);
    let panel: SinglePanel | null = null;
    let teamIds: number[] = [];
    if (request.panelId !== null) {
      const usable = await this.usablePanel(guildId, request.panelId);
      if ("refusal" in usable) return usable.refusal;
      panel = usable.panel;
      teamIds = panel.SupportTeams.map(Number);
    }
    const { settings } = await readGuildSettings(this.db, guildId);
    const now = Date.now();
    let row: TicketRow;
    try {
      row = await this.db.transaction().execute(async (tx) => {
        // The counter's upsert comes first: on PostgreSQL its row lock queues concurrent opens of the guild, so the
        // count below sees every ticket committed before it (two fast clicks open one ticket).
        const counter = await tx
          .insertInto("guild_ticket_counters")
          // A guild's first ticket follows the transcripts stored before the engine numbered tickets (bot-key ingest).
          .values({
            guild_id: guildId,
            last_number: tx
              .selectFrom("transcripts")
              .select((eb) => eb(eb.fn.coalesce(eb.fn.max("ticket_id"), eb.lit(0)), "+", 1).as("n"))
              .where("guild_id", "=", guildId),
          })
          .onConflict((oc) => oc.column("guild_id").doUpdateSet((eb) => ({ last_number: eb("guild_ticket_counters.last_number", "+", 1) })))
          .returning("last_number")
          .executeTakeFirstOrThrow();
        const limit = settings.UserTicketLimit ?? 0;
        if (limit > 0) {
          const { n } = await tx
            .selectFrom("tickets")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("guild_id", "=", guildId)
            .where("opener_id", "=", member.id)
            .where("status", "in", ["opening", "open"])
            .executeTakeFirstOrThrow();
          if (Number(n) >= limit) throw new Refusal(botTexts.limitReached(limit));
        }
        return tx
          .insertInto("tickets")
          .values({
            guild_id: guildId,
            number: counter.last_number,
            panel_id: request.panelId,
            panel_name: panel?.PanelName ?? "Unknown",
            opener_id: member.id,
            opener_name: member.username,
            subject: request.subject?.trim() ? request.subject.trim().slice(0, 100) : null,
            status: "opening",
            channel_id: null,
            claimed_by: null,
            claimed_by_name: null,
            form_answers_json: request.answers?.length ? JSON.stringify(request.answers) : null,
            opened_at: now,
            last_activity_at: now,
            first_response_at: null,
            closed_at: null,
            closed_by: null,
            closed_by_name: null,
            close_reason: null,
            rating: null,
            response_ms: null,
            resolution_ms: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    } catch (error) {
      if (error instanceof Refusal) return say(error.message);
      throw error;
    }

    const roles = await supportRoles(this.db, guildId, teamIds);
    const channel = {
      name: ticketChannelName(panel?.NamingScheme ?? "ticket-%id%", row.number, member.username),
      topic: request.subject?.trim() ? request.subject.trim().slice(0, 100) : undefined,
      overwrites: ticketOverwrites({
        guildId, botUserId: this.platform.botUserId, openerId: member.id, addedIds: [], supportRoleIds: roles, claimedBy: null,
        repsCanView: settings.SupportRepsViewTickets !== false, repsCanType: settings.SupportRepsTypeInTickets !== false,
      }),
    };
    const opened = await this.createChannel(guildId, panel, channel);
    if ("refusal" in opened) {
      await this.db.deleteFrom("tickets").where("id", "=", row.id).execute();
      return say(opened.refusal);
    }
    const channelId = opened.channelId;
    await this.db.transaction().execute(async (tx) => {
      await tx.updateTable("tickets").set({ status: "open", channel_id: channelId }).where("id", "=", row.id).execute();
      await recordActivityOf(tx, actorOf(member, this.deps.origin), {
        guildId,
        action: ticketActions.opened,
        after: { TicketId: row.number, PanelName: row.panel_name, Subject: row.subject },
      });
    });
    row = { ...row, status: "open", channel_id: channelId };
    try {
      await this.platform.sendMessage(channelId, this.welcomeMessage(row, panel, request.answers ?? []));
    } catch (error) {
      this.deps.log.warn({ err: error, guildId }, "welcome message not sent");
    }
    this.publish("opened", row);
    return say(botTexts.opened(channelId), true);
  }

  /**
   * The ticket's channel in the panel's category; when Discord says the category is full, in the panel's overflow
   * category. A refusal becomes the member's answer, and what the owner should fix is recorded for Bot setup.
   */
  private async createChannel(
    guildId: string,
    panel: SinglePanel | null,
    channel: { name: string; topic?: string; overwrites: ReturnType<typeof ticketOverwrites> },
  ): Promise<{ channelId: string } | { refusal: string }> {
    const categories = [panel?.TicketCategory ?? null, panel?.OverflowCategory ?? null].filter((c, i, all) => i === 0 || (c !== null && c !== all[0]));
    for (let i = 0; i < categories.length; i++) {
      const parentId = categories[i];
      try {
        const channelId = await this.platform.createTicketChannel(guildId, { ...channel, parentId });
        if (parentId !== null && i === 0) await clearBotProblems(this.db, guildId, "categoryFull", parentId).catch(() => undefined);
        return { channelId };
      } catch (error) {
        this.deps.log.warn({ err: error, guildId }, "ticket channel could not be created");
        if (error instanceof PlatformRefusedError && (error.reason === "categoryFull" || error.reason === "serverFull")) {
          await this.recordFull(guildId, error.reason, parentId, panel, categories[i + 1] ?? null);
          if (error.reason === "categoryFull" && i + 1 < categories.length) continue;
        }
        const explained = await explainRefusal(this.deps, guildId, "open", error, await this.placeOf(guildId, parentId, true, "tickets", panel));
        return { refusal: explained ?? botTexts.openFailed };
      }
    }
    return { refusal: botTexts.openFailed };
  }

  /** Bot setup learns that a category (or the server) is full, and which panel met it. */
  private async recordFull(guildId: string, reason: "categoryFull" | "serverFull", categoryId: string | null, panel: SinglePanel | null, overflowId: string | null) {
    if (reason === "serverFull" || categoryId === null) {
      await recordBotProblem(this.db, guildId, { kind: "serverChannelsFull", channels: channelLimits.perServer, limit: channelLimits.perServer, seenAt: null }).catch(() => undefined);
      return;
    }
    const guild = await this.platform.getGuild(guildId).catch(() => null);
    const nameOf = (id: string | null) => (id === null ? null : (guild?.categories.find((c) => c.id === id)?.name ?? id));
    await recordBotProblem(this.db, guildId, {
      kind: "categoryFull",
      categoryId,
      categoryName: nameOf(categoryId) ?? categoryId,
      channels: channelLimits.perCategory,
      limit: channelLimits.perCategory,
      panelNames: panel ? [panel.PanelName] : [],
      overflowCategoryName: nameOf(overflowId),
      seenAt: null,
    }).catch(() => undefined);
  }

  /** Where an action happened, named for the owner. */
  private async placeOf(guildId: string, channelId: string | null, isCategory: boolean, purpose: RefusalPlace["purpose"], panel: SinglePanel | null): Promise<RefusalPlace> {
    let channelName: string | null = null;
    if (channelId !== null) {
      const guild = await this.platform.getGuild(guildId).catch(() => null);
      channelName = [...(guild?.categories ?? []), ...(guild?.text_channels ?? [])].find((c) => c.id === channelId)?.name ?? null;
    }
    return { channelId, channelName, isCategory, purpose, panelName: panel?.PanelName ?? null };
  }

  /** Runs a platform call of a step on an open ticket; a refusal becomes the member's answer (null when it went through). */
  private async attempt(row: TicketRow, action: BotAction, run: () => Promise<unknown>): Promise<string | null> {
    try {
      await run();
      return null;
    } catch (error) {
      this.deps.log.warn({ err: error, guildId: row.guild_id, action }, "platform refused a ticket step");
      const place: RefusalPlace = { channelId: row.channel_id, channelName: null, isCategory: false, purpose: "tickets", panelName: row.panel_name };
      return (await explainRefusal(this.deps, row.guild_id, action, error, place)) ?? botTexts.somethingWrong;
    }
  }

  /** The panel's welcome embed, the form's answers, the opener and the panel's role mentioned, Close and Claim. */
  welcomeMessage(row: TicketRow, panel: SinglePanel | null, answers: FormAnswer[]): BotMessage {
    const w = panel?.WelcomeMessage;
    const embed = (w
      ? buildEmbed({
          title: w.WelcomeTitle, url: w.WelcomeTitleURL, description: w.WelcomeDescription, color: w.WelcomeColor,
          author: w.WelcomeAuthor, authorIconUrl: w.WelcomeAuthorIconURL, authorUrl: w.WelcomeAuthorURL,
          footer: w.WelcomeFooter, footerIconUrl: w.WelcomeFooterIconURL, imageUrl: w.WelcomeImageURL, thumbnailUrl: w.WelcomeThumbnailURL,
          fields: [],
        })
      : undefined) as APIEmbed | undefined;
    let welcome: APIEmbed = embed ?? { description: botTexts.welcomeFallback, color: 0x5865f2 };
    if (row.subject) welcome = { ...welcome, fields: [...(welcome.fields ?? []), { name: "Subject", value: row.subject }] };
    // What the member answered is what staff need: the answers keep their room and the welcome embed gives way to
    // them within the 6,000 characters of a message's embeds (the editor holds the welcome embed to 6,000 alone).
    const [answersEmbed] = answers.length
      ? fitEmbeds([{ title: "Answers", color: 0x5865f2, fields: answers.map((a) => ({ name: a.Label || "—", value: a.Value || "—" })) }])
      : [];
    const [fitted] = fitEmbeds([welcome], discordLimits.embedTotal - (answersEmbed ? embedTextLength([answersEmbed]) : 0));
    // Together once more: a form of more fields than the Forms screen allows must not leave them over 6,000.
    const embeds = fitEmbeds(answersEmbed ? [fitted, answersEmbed] : [fitted]);
    const mentionRole = panel?.MentionRoleId ?? null;
    // The mentions come first, so a WelcomeContent stored before its limit loses only its end.
    const content = clampText(welcomeContentText(row.opener_id, mentionRole, w?.WelcomeContent ?? ""), discordLimits.content);
    return {
      content,
      embeds,
      components: [
        {
          type: ACTION_ROW,
          components: [
            { type: BUTTON, style: 4, label: botTexts.closeButton, custom_id: customIds.close(row.number), emoji: { name: "🔒" } },
            { type: BUTTON, style: 2, label: botTexts.claimButton, custom_id: customIds.claim(row.number), emoji: { name: "🙋" } },
          ],
        },
      ],
      // Exactly the opener and the panel's role: WelcomeContent may hold @everyone or other roles, which stay silent.
      allowed_mentions: { parse: [], users: [row.opener_id], roles: mentionRole ? [mentionRole] : [] },
    };
  }

  // ---- the steps on an open ticket --------------------------------------------------------------------------

  /** The open ticket and what the member is for it; a Reply when the step cannot go on. */
  private async context(guildId: string, number: number, member: Member) {
    const row = await findTicket(this.db, guildId, number);
    if (!row || row.status === "closed") return { refusal: say(botTexts.ticketGone) };
    if (row.status === "closing") return { refusal: say(botTexts.closeBusy) };
    if (row.status !== "open") return { refusal: say(botTexts.ticketGone) };
    const { panel, teamIds } = await this.panelOf(guildId, row.panel_id);
    const access = await memberAccess(this.db, guildId, member);
    const staff = isTicketStaff(access, teamIds);
    return { row, panel, teamIds, access, staff };
  }

  /** How many overwrites the ticket's channel holds with one more member added. */
  private async overwriteCount(row: TicketRow, teamIds: number[], extraMemberId: string): Promise<number> {
    const added = new Set([...(await addedMembers(this.db, row.id)), extraMemberId]);
    return ticketOverwrites({
      guildId: row.guild_id, botUserId: this.platform.botUserId, openerId: row.opener_id, addedIds: [...added],
      supportRoleIds: await supportRoles(this.db, row.guild_id, teamIds), claimedBy: row.claimed_by, repsCanView: true, repsCanType: true,
    }).length;
  }

  private async applyOverwrites(row: TicketRow, teamIds: number[], settings: TicketSettings) {
    if (!row.channel_id) return;
    await this.platform.editChannel(row.channel_id, {
      overwrites: ticketOverwrites({
        guildId: row.guild_id,
        botUserId: this.platform.botUserId,
        openerId: row.opener_id,
        addedIds: await addedMembers(this.db, row.id),
        supportRoleIds: await supportRoles(this.db, row.guild_id, teamIds),
        claimedBy: row.claimed_by,
        repsCanView: settings.SupportRepsViewTickets !== false,
        repsCanType: settings.SupportRepsTypeInTickets !== false,
      }),
    });
  }

  /** A message from the bot into the ticket channel that pings nobody. */
  private async notice(row: TicketRow, content: string) {
    if (!row.channel_id) return;
    try {
      await this.platform.sendMessage(row.channel_id, fitMessage({ content, allowed_mentions: { parse: [] } }));
    } catch (error) {
      this.deps.log.warn({ err: error }, "ticket notice not sent");
    }
  }

  /** The bot as the actor of what it did on its own (a refusal it met, a sweep's repair). */
  botActor(): ActivityActor {
    return { id: this.platform.botUserId, username: "Ticketeer", avatar: null, ip: this.deps.origin };
  }

  private async recordStep(member: Member, row: TicketRow, action: string, before: unknown, after: unknown) {
    await recordActivityOf(this.db, actorOf(member, this.deps.origin), { guildId: row.guild_id, action, before, after });
  }

  async claim(guildId: string, number: number, member: Member): Promise<Reply> {
    const c = await this.context(guildId, number, member);
    if ("refusal" in c) return c.refusal!;
    if (!c.staff) return say(botTexts.staffOnly);
    if (c.row.claimed_by) return say(botTexts.alreadyClaimed(c.row.claimed_by === member.id ? "you" : (c.row.claimed_by_name ?? "someone")));
    const now = Date.now();
    const set = { claimed_by: member.id, claimed_by_name: member.username, revision: c.row.revision + 1, last_activity_at: now };
    if (!(await updateTicketIf(this.db, c.row, { status: "open", claimedBy: null }, set))) return say(botTexts.alreadyClaimed("someone"));
    const row = { ...c.row, ...set };
    const { settings } = await readGuildSettings(this.db, guildId);
    const refused = await this.attempt(row, "overwrites", () => this.applyOverwrites(row, c.teamIds, settings));
    await this.recordStep(member, row, ticketActions.claimed, { TicketId: number, ClaimedBy: null }, { TicketId: number, ClaimedBy: member.username });
    await this.notice(row, botTexts.claimed(member.id));
    this.publish("updated", row);
    return say(withNote(botTexts.claimedReply, refused), true);
  }

  async unclaim(guildId: string, number: number, member: Member): Promise<Reply> {
    const c = await this.context(guildId, number, member);
    if ("refusal" in c) return c.refusal!;
    if (!c.staff) return say(botTexts.staffOnly);
    if (!c.row.claimed_by) return say(botTexts.notClaimed);
    if (c.row.claimed_by !== member.id && !c.access.manager) return say(botTexts.onlyClaimer);
    const set = { claimed_by: null, claimed_by_name: null, revision: c.row.revision + 1, last_activity_at: Date.now() };
    if (!(await updateTicketIf(this.db, c.row, { status: "open", claimedBy: c.row.claimed_by }, set))) return say(botTexts.notClaimed);
    const row = { ...c.row, ...set };
    const { settings } = await readGuildSettings(this.db, guildId);
    const refused = await this.attempt(row, "overwrites", () => this.applyOverwrites(row, c.teamIds, settings));
    await this.recordStep(member, row, ticketActions.unclaimed, { TicketId: number, ClaimedBy: c.row.claimed_by_name }, { TicketId: number, ClaimedBy: null });
    await this.notice(row, botTexts.unclaimed(member.id));
    this.publish("updated", row);
    return say(withNote(botTexts.unclaimedReply, refused), true);
  }

  async transfer(guildId: string, number: number, member: Member, targetId: string): Promise<Reply> {
    const c = await this.context(guildId, number, member);
    if ("refusal" in c) return c.refusal!;
    if (!c.staff) return say(botTexts.staffOnly);
    // The unclaim rule: a claimed ticket changes hands by its claimer or a manager (an unclaimed one, by any staff).
    if (c.row.claimed_by && c.row.claimed_by !== member.id && !c.access.manager) return say(botTexts.onlyClaimer);
    const target = await this.platform.getMember(guildId, targetId);
    if (!target) return say(botTexts.memberNotFound);
    const guild = await this.platform.getGuild(guildId).catch(() => null);
    const targetMember: Member = { ...target, permissions: "0", owner: guild?.owner.id === target.id };
    if (!isTicketStaff(await memberAccess(this.db, guildId, targetMember), c.teamIds)) return say(botTexts.transferTargetNotStaff);
    const set = { claimed_by: target.id, claimed_by_name: target.username, revision: c.row.revision + 1, last_activity_at: Date.now() };
    if (!(await updateTicketIf(this.db, c.row, { status: "open", claimedBy: c.row.claimed_by }, set))) return say(botTexts.somethingWrong);
    const row = { ...c.row, ...set };
    const { settings } = await readGuildSettings(this.db, guildId);
    const refused = await this.attempt(row, "overwrites", () => this.applyOverwrites(row, c.teamIds, settings));
    await this.recordStep(member, row, ticketActions.transferred, { TicketId: number, ClaimedBy: c.row.claimed_by_name }, { TicketId: number, ClaimedBy: target.username });
    await this.notice(row, botTexts.transferred(c.row.claimed_by ?? member.id, target.id));
    this.publish("updated", row);
    return say(withNote(botTexts.transferredReply(target.username), refused), true);
  }

  async addMember(guildId: string, number: number, member: Member, targetId: string, add: boolean): Promise<Reply> {
    const c = await this.context(guildId, number, member);
    if ("refusal" in c) return c.refusal!;
    if (!c.staff && c.row.opener_id !== member.id) return say(botTexts.noPermission);
    if (!add && targetId === c.row.opener_id) return say(botTexts.cannotRemoveOpener);
    const target = await this.platform.getMember(guildId, targetId);
    if (add && !target) return say(botTexts.memberNotFound);
    if (add && (await this.overwriteCount(c.row, c.teamIds, targetId)) > MAX_OVERWRITES) return say(botTexts.tooManyMembers);
    if (add) {
      await this.db.insertInto("ticket_members").values({ ticket_id: c.row.id, user_id: targetId }).onConflict((oc) => oc.doNothing()).execute();
    } else {
      await this.db.deleteFrom("ticket_members").where("ticket_id", "=", c.row.id).where("user_id", "=", targetId).execute();
    }
    const { settings } = await readGuildSettings(this.db, guildId);
    const refused = await this.attempt(c.row, "overwrites", () => this.applyOverwrites(c.row, c.teamIds, settings));
    const name = target?.username ?? targetId;
    await this.recordStep(member, c.row, add ? ticketActions.memberAdded : ticketActions.memberRemoved, { TicketId: number }, { TicketId: number, Member: name });
    await this.notice(c.row, add ? botTexts.memberAdded(targetId) : botTexts.memberRemoved(targetId));
    return say(withNote(add ? botTexts.memberAddedReply : botTexts.memberRemovedReply, refused), true);
  }

  async rename(guildId: string, number: number, member: Member, raw: string): Promise<Reply> {
    const c = await this.context(guildId, number, member);
    if ("refusal" in c) return c.refusal!;
    if (!c.staff) return say(botTexts.staffOnly);
    const name = channelName(raw);
    if (!name || !c.row.channel_id) return say(botTexts.renameInvalid);
    const channelId = c.row.channel_id;
    const refused = await this.attempt(c.row, "rename", () => this.platform.editChannel(channelId, { name }));
    if (refused) return say(refused);
    await this.recordStep(member, c.row, ticketActions.renamed, { TicketId: number }, { TicketId: number, Channel: name });
    return say(botTexts.renamed(name), true);
  }

  // ---- close ------------------------------------------------------------------------------------------------

  /** Whether a member may close a ticket: its staff, or its opener when the server lets members close their own. */
  async mayClose(row: TicketRow, member: Member): Promise<boolean> {
    const { teamIds } = await this.panelOf(row.guild_id, row.panel_id);
    if (isTicketStaff(await memberAccess(this.db, row.guild_id, member), teamIds)) return true;
    if (row.opener_id !== member.id) return false;
    return (await readGuildSettings(this.db, row.guild_id)).settings.AllowUserTicketClose !== false;
  }

  /**
   * Who may close, and whether to ask first. `confirmed`: the member already confirmed (or the dashboard's dialog
   * did). `reason` undefined: the confirm button, which closes with the reason given when the close was asked for.
   */
  async requestClose(guildId: string, number: number, member: Member, reason: string | null | undefined, confirmed: boolean): Promise<Reply> {
    const c = await this.context(guildId, number, member);
    if ("refusal" in c) return c.refusal!;
    const { settings } = await readGuildSettings(this.db, guildId);
    const isOpener = c.row.opener_id === member.id;
    if (!c.staff && !(isOpener && settings.AllowUserTicketClose !== false)) return say(isOpener ? botTexts.cannotCloseOwn : botTexts.staffOnly);
    if (!confirmed && settings.TicketCloseConfirmation !== false) {
      // The reason waits on the open ticket until the member confirms (the confirm button carries no text).
      await updateTicketIf(this.db, c.row, { status: "open" }, { close_reason: reason?.trim() ? reason.trim().slice(0, 1024) : null });
      return {
        kind: "message",
        ok: true,
        message: {
          content: botTexts.confirmClose,
          components: [{ type: ACTION_ROW, components: [{ type: BUTTON, style: 4, label: botTexts.confirmCloseButton, custom_id: customIds.closeConfirm(number) }] }],
          allowed_mentions: { parse: [] },
        },
      };
    }
    // Only one close runs: the row moves to 'closing' from 'open', once.
    if (!(await updateTicketIf(this.db, c.row, { status: "open" }, { status: "closing", closing_since: Date.now() }))) return say(botTexts.closeBusy);
    const given = reason?.trim() ? reason.trim().slice(0, 1024) : null;
    return this.finishClose({ ...c.row, status: "closing" }, member, given ?? (reason === undefined ? c.row.close_reason : null));
  }

  /** Reads the messages, deletes the channel, then stores transcript and closed state in one transaction. */
  async finishClose(row: TicketRow, closer: Member, reason: string | null): Promise<Reply> {
    const guildId = row.guild_id;
    const messages: ChannelMessage[] = [];
    const channelId = row.channel_id;
    if (channelId) {
      const refused =
        (await this.attempt(row, "read", async () => {
          let before: string | undefined;
          for (let page = 0; page < MAX_PAGES; page++) {
            const batch = await this.platform.readMessages(channelId, before);
            messages.push(...batch);
            if (batch.length < 100) break;
            before = batch[batch.length - 1].id;
          }
        })) ?? (await this.attempt(row, "delete", () => this.platform.deleteChannel(channelId)));
      if (refused) {
        await updateTicketIf(this.db, row, { status: "closing" }, { status: "open", closing_since: null });
        return say(refused === botTexts.somethingWrong ? botTexts.closeFailed : refused);
      }
    }
    messages.reverse(); // oldest first
    const added = new Set(await addedMembers(this.db, row.id));
    const firstStaff = messages.find((m) => !m.author.bot && m.author.id !== row.opener_id && !added.has(m.author.id));
    const lastMessage = messages.length ? messages[messages.length - 1] : undefined;
    const closedAt = Date.now();
    const set = {
      status: "closed",
      closed_at: closedAt,
      closed_by: closer.id,
      closed_by_name: closer.username,
      close_reason: reason,
      first_response_at: firstStaff ? firstStaff.timestamp : null,
      response_ms: firstStaff ? Math.max(0, firstStaff.timestamp - Number(row.opened_at)) : null,
      resolution_ms: Math.max(0, closedAt - Number(row.opened_at)),
      last_activity_at: Math.max(Number(row.last_activity_at), lastMessage?.timestamp ?? 0),
      revision: row.revision + 1,
    };
    const store = messages.length > 0 && (await storesTranscripts(this.db, guildId)) && !(await transcriptExists(this.db, guildId, row.number));
    // The transcript first, in steps that never hold the event loop or the database for long (a 5,000-message
    // ticket is about 20,000 index entries): sealed and hashed in pieces, its row stored (the quota checked), its
    // index entries in transactions of their own. The ticket becomes 'closed' only after all of it, so a crash
    // between these steps leaves it 'closing' — the scheduler's repair indexes the stored transcript again and
    // finishes the close. Past the quota the ticket still closes; its transcript is not kept (none of it: a part
    // would be a false record).
    let overQuota: TranscriptQuotaExceeded | null = null;
    let stored = false;
    if (store) {
      const meta = {
        TicketId: row.number,
        AuthorId: row.opener_id,
        AuthorUsername: row.opener_name,
        CloseReason: reason,
        PanelId: row.panel_id,
        PanelName: row.panel_name,
        Rating: null,
        ClosedAt: closedAt,
      };
      const prepared = await prepareTranscript(this.deps.keyring, guildId, row.number, messages.slice(-5000).map(toTranscriptMessage));
      try {
        const transcriptId = await this.db.transaction().execute((tx) => storePreparedTranscript(tx, guildId, meta, prepared, { bytes: quotaBytesOf(this.deps.transcriptQuotaMb) }));
        await indexTranscriptTerms(this.db, guildId, transcriptId, row.number, prepared.hashes, true);
        stored = true;
      } catch (error) {
        if (error instanceof TranscriptQuotaExceeded) overQuota = error;
        // Stored meanwhile by the guild's bot key (the ingest): that one stands.
        else if (!isUniqueViolation(error)) throw error;
      }
    }
    const refused = overQuota as TranscriptQuotaExceeded | null;
    await this.db.transaction().execute(async (tx) => {
      if (refused) {
        await recordActivityOf(tx, this.botActor(), {
          guildId,
          action: ticketActions.transcriptNotStored,
          after: { TicketId: row.number, QuotaMB: this.deps.transcriptQuotaMb, UsedBytes: refused.usedBytes, TranscriptBytes: refused.transcriptBytes },
        });
      }
      await tx.updateTable("tickets").set(set).where("id", "=", row.id).execute();
      await recordActivityOf(tx, actorOf(closer, this.deps.origin), {
        guildId,
        action: ticketActions.closed,
        before: { TicketId: row.number, Status: "open" },
        after: { TicketId: row.number, Status: "closed", CloseReason: reason },
      });
    });
    const closed: TicketRow = { ...row, ...set };
    this.publish("closed", closed);
    if (refused) {
      // The owner sees it on Bot setup (best effort: the close is done).
      await recordBotProblem(this.db, guildId, { kind: "transcriptQuota", usedBytes: refused.usedBytes, quotaBytes: refused.quotaBytes, ticketNumber: row.number, seenAt: null }).catch(
        (error) => this.deps.log.warn({ err: error, guildId }, "bot problem not recorded"),
      );
    }
    await this.afterClose(closed, stored);
    return refused ? say(botTexts.closedWithoutTranscript(row.number, this.deps.transcriptQuotaMb), true) : say(botTexts.closed(row.number), true);
  }

  /** The archive post and the rating request: best effort, after the ticket is closed. */
  private async afterClose(row: TicketRow, stored: boolean) {
    const { settings } = await readGuildSettings(this.db, row.guild_id);
    const link = `${this.deps.publicUrl}/${row.guild_id}/transcripts/${row.number}`;
    if (settings.ArchiveChannelId) {
      const embed: APIEmbed = {
        title: botTexts.archived(row.number, row.opener_name),
        color: 0x5865f2,
        fields: [
          { name: "Panel", value: row.panel_name, inline: true },
          { name: "Closed by", value: row.closed_by_name ?? "—", inline: true },
          { name: "Reason", value: row.close_reason ?? "No reason specified" },
          ...(stored ? [{ name: "Transcript", value: link }] : []),
        ],
      };
      await this.platform.sendMessage(settings.ArchiveChannelId, fitMessage({ embeds: [embed], allowed_mentions: { parse: [] } })).catch((error) => {
        this.deps.log.warn({ err: error }, "archive post not sent");
      });
    }
    if (settings.EnableUserFeedback !== false) {
      const guildName = (await this.platform.getGuild(row.guild_id).catch(() => null))?.name ?? "the server";
      await this.platform
        .sendDirectMessage(row.opener_id, {
          content: botTexts.ratingPrompt(guildName, row.number),
          components: [
            {
              type: ACTION_ROW,
              components: [1, 2, 3, 4, 5].map((r) => ({ type: BUTTON, style: 2, label: "★".repeat(r), custom_id: customIds.rate(row.guild_id, row.number, r) })),
            },
          ],
          allowed_mentions: { parse: [] },
        })
        .catch((error) => this.deps.log.warn({ err: error }, "rating request not sent"));
    }
  }

  /** The opener's 1–5 answer: stored once on the ticket and its transcript. */
  async rate(guildId: string, number: number, userId: string, rating: number): Promise<Reply> {
    const row = await findTicket(this.db, guildId, number);
    if (!row || row.status !== "closed" || row.opener_id !== userId) return say(botTexts.invalidButton);
    const result = await this.db.transaction().execute(async (tx) => {
      const updated = await tx.updateTable("tickets").set({ rating }).where("id", "=", row.id).where("rating", "is", null).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await tx.updateTable("transcripts").set({ rating }).where("guild_id", "=", guildId).where("ticket_id", "=", number).execute();
      return true;
    });
    return result ? say(botTexts.ratingThanks(rating), true) : say(botTexts.ratingAlready);
  }

  /** A member wrote in a ticket channel (the demo platform sees every message; Discord's are read at close). */
  async noteActivity(channelId: string, at: number) {
    const row = await this.db.selectFrom("tickets").selectAll().where("channel_id", "=", channelId).where("status", "=", "open").executeTakeFirst();
    if (!row) return;
    await this.db.updateTable("tickets").set({ last_activity_at: at }).where("id", "=", row.id).execute();
    this.publish("updated", { ...row, last_activity_at: at });
  }

  /** The time of a channel's newest message, from its snowflake (0 when none). */
  static lastMessageTime(lastMessageId: string | null): number {
    if (!lastMessageId) return 0;
    try {
      return snowflakeTime(lastMessageId);
    } catch {
      return 0;
    }
  }
}

function toTranscriptMessage(m: ChannelMessage): TranscriptMessage {
  return {
    author: (m.author.username || "Unknown").slice(0, 100),
    author_id: m.author.id,
    content: m.content.slice(0, 4000),
    timestamp: Math.max(0, Math.floor(m.timestamp)),
    embeds: m.embeds.slice(0, 10).map((e) => ({
      title: e.title?.slice(0, 256),
      description: e.description?.slice(0, 4096),
      color: e.color === undefined ? undefined : `#${e.color.toString(16).padStart(6, "0")}`,
    })),
    attachments: m.attachments.slice(0, 10).filter((a) => a.url.length <= 2048 && URL.canParse(a.url)).map((a) => ({ name: a.name.slice(0, 200), url: a.url })),
  };
}

