import type { FastifyBaseLogger } from "fastify";
import { avatarUrl } from "../../src/schemas/auth";
import type { SinglePanel } from "../../src/schemas/panel";
import type { TicketSettings } from "../../src/schemas/settings";
import type { TicketEvent } from "../../src/schemas/ticket";
import { type ActivityActor, recordActivityOf } from "../activity/record";
import type { TranscriptKeyring } from "../crypto";
import type { Db } from "../db/schema";
import { findSinglePanel } from "../panels/store";
import type { PlatformAdapter } from "../platform/adapter";
import type { GuildClock } from "../platform/clock";
import { readGuildSettings } from "../settings/store";
import { ticketOverwrites } from "./channel-access";
import type { TicketEventBus } from "./events";
import { isTicketStaff, type Member, type MemberAccess, memberAccess, supportRoles } from "./members";
import type { Notice, TicketMessages } from "./messages";
import type { BotAction, Refusal } from "./outcomes";
import { type DiagnoseMissing, explainRefusal, type RefusalPlace } from "./refusals";
import { addedMembers, type ChannelUrlOf, findTicket, type TicketRow, toTicketSummary } from "./store";

// What every step of the ticket core shares (docs/ticket-engine.md): its dependencies, what the door already read for
// it, the open ticket it acts on with who the member is for it, and the platform calls that follow a step — outside
// any database transaction. A step answers an outcome (./outcomes.ts), never a throw for anything a member can cause.

export const ticketActions = {
  opened: "Ticket Opened",
  claimed: "Ticket Claimed",
  unclaimed: "Ticket Unclaimed",
  transferred: "Ticket Transferred",
  /** A transfer of an unclaimed ticket: nobody handed it over. */
  assigned: "Ticket Assigned",
  memberAdded: "Ticket Member Added",
  memberRemoved: "Ticket Member Removed",
  renamed: "Ticket Renamed",
  closed: "Ticket Closed",
  /** A close whose transcript did not fit the guild's storage quota (TRANSCRIPT_QUOTA_MB). */
  transcriptNotStored: "Transcript Not Stored",
  /** The scheduler repaired a ticket a crash left in 'opening' or 'closing' (server/tickets/repair.ts). */
  recovered: "Ticket Recovered",
  /** Moved to another panel (./move.ts). */
  moved: "Ticket Moved",
} as const;

export interface EngineDeps {
  db: Db;
  platform: PlatformAdapter;
  /** Each server's "now" (../platform/clock.ts): every time-based step and stamp of a server reads its clock. */
  clock: GuildClock;
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
  /** The door's words for what a step posts and stores (./messages.ts). */
  messages: TicketMessages;
  /** The gateway, when it runs (DISCORD_GATEWAY=1): a server's events then arrive as they happen (./conversation.ts). */
  gateway?: GatewayCoverage;
  /**
   * Drops what this instance's live read holds of a ticket (its conversation, its row): set by the help desk
   * (server/helpdesk/service.ts) and called when a ticket closes or its opener's data is erased.
   */
  forgetLive?: (ticketRowId: number) => void;
}

/** What the steps know of the gateway (server/gateway/ implements it). */
export interface GatewayCoverage {
  /**
   * Since when (epoch ms) the server's events have arrived without a break, while its shard is connected now; null
   * while they do not arrive (no gateway for it, its shard down or being taken over).
   */
  coveredSince(guildId: string): Promise<number | null>;
}

/**
 * What the door has read already for a step (each is read again only when missing): the server's settings, and the
 * ticket's row as it just read it (the steps change a row only from the state they read, so a row read moments ago by
 * the same request is as good as a fresh one).
 */
export interface Known {
  settings?: TicketSettings;
  row?: TicketRow;
  /** The language the door speaks to the member (a member's words are matched against the tags in it). */
  language?: "en" | "es";
}

/** The server's settings: as the door read them, else read now. */
export const settingsOf = async (deps: EngineDeps, guildId: string, known: Known = {}): Promise<TicketSettings> =>
  known.settings ?? (await readGuildSettings(deps.db, guildId)).settings;

/** The ticket's row: as the door read it (when it is this ticket), else read now. */
export const ticketOf = async (deps: EngineDeps, guildId: string, number: number, known: Known = {}): Promise<TicketRow | undefined> =>
  known.row && known.row.guild_id === guildId && known.row.number === number ? known.row : findTicket(deps.db, guildId, number);

export const actorOf = (member: Member, origin: string): ActivityActor => ({
  id: member.id,
  username: member.username,
  avatar: member.avatar && member.avatar.startsWith("/") ? member.avatar : avatarUrl({ user_id: member.id, avatar: member.avatar }),
  ip: origin,
});

/** The bot as the member who closes a ticket on its own (auto-close, a member who left, a channel deleted in Discord). */
export const botMember = (deps: Pick<EngineDeps, "platform">): Member => ({
  id: deps.platform.botUserId,
  username: "Ticketeer",
  avatar: null,
  roles: [],
  permissions: "0",
  owner: false,
});

/** The bot as the actor of what it did on its own (a refusal it met, a sweep's repair). */
export const botActor = (deps: EngineDeps): ActivityActor => ({
  id: deps.platform.botUserId,
  username: "Ticketeer",
  avatar: null,
  ip: deps.origin,
});

export function publish(deps: EngineDeps, type: TicketEvent["type"], row: TicketRow) {
  deps.events.publish({ type, guildId: row.guild_id, ticket: toTicketSummary(row, deps.channelUrl) });
}

/** The panel of a ticket (null when deleted or none) and its support teams. */
export async function panelOf(
  deps: EngineDeps,
  guildId: string,
  panelId: number | null,
): Promise<{ panel: SinglePanel | null; teamIds: number[] }> {
  const panel = panelId === null ? undefined : await findSinglePanel(deps.db, guildId, panelId);
  return panel ? { panel, teamIds: panel.SupportTeams.map(Number) } : { panel: null, teamIds: [] };
}

/** An open ticket a step acts on, and what the member is for it. */
export interface OpenTicket {
  row: TicketRow;
  panel: SinglePanel | null;
  teamIds: number[];
  access: MemberAccess;
  staff: boolean;
}

/** The open ticket a step acts on and what the member is for it; a refusal when the step cannot go on. */
export async function openTicket(
  deps: EngineDeps,
  guildId: string,
  number: number,
  member: Member,
  known: Known = {},
): Promise<OpenTicket | { refusal: Refusal }> {
  const row = await ticketOf(deps, guildId, number, known);
  if (!row || row.status === "closed") return { refusal: { refusal: "ticketGone" } as Refusal };
  if (row.status === "closing") return { refusal: { refusal: "closeBusy" } as Refusal };
  if (row.status !== "open") return { refusal: { refusal: "ticketGone" } as Refusal };
  const { panel, teamIds } = await panelOf(deps, guildId, row.panel_id);
  const access = await memberAccess(deps.db, guildId, member);
  const staff = isTicketStaff(access, teamIds);
  return { row, panel, teamIds, access, staff };
}

/** Runs a platform call of a step on an open ticket: what the platform refused (null when it went through). */
export async function attempt(deps: EngineDeps, row: TicketRow, action: BotAction, run: () => Promise<unknown>): Promise<Refusal | null> {
  try {
    await run();
    return null;
  } catch (error) {
    deps.log.warn({ err: error, guildId: row.guild_id, action }, "platform refused a ticket step");
    const place: RefusalPlace = {
      channelId: row.channel_id,
      channelName: null,
      isCategory: false,
      purpose: "tickets",
      panelName: row.panel_name,
    };
    return (await explainRefusal(deps, row.guild_id, action, error, place)) ?? { refusal: "failed" };
  }
}

/** The ticket channel's overwrites as the ticket now is: opener, added members, the support roles of `teamIds`, claimer. */
export async function overwritesOf(deps: EngineDeps, row: TicketRow, teamIds: number[], settings: TicketSettings) {
  return ticketOverwrites({
    guildId: row.guild_id,
    botUserId: deps.platform.botUserId,
    openerId: row.opener_id,
    addedIds: await addedMembers(deps.db, row.id),
    supportRoleIds: await supportRoles(deps.db, row.guild_id, teamIds),
    claimedBy: row.claimed_by,
    repsCanView: settings.SupportRepsViewTickets !== false,
    repsCanType: settings.SupportRepsTypeInTickets !== false,
  });
}

/** The ticket channel's overwrites as the ticket now is, written to the channel. */
export async function applyOverwrites(deps: EngineDeps, row: TicketRow, teamIds: number[], settings: TicketSettings) {
  if (!row.channel_id) return;
  if (row.is_thread) {
    // A private thread has no overwrites: its members see it. The claimer joins; nobody is shut out.
    if (row.claimed_by) await deps.platform.setThreadMember(row.channel_id, row.claimed_by, true);
    return;
  }
  await deps.platform.editChannel(row.channel_id, { overwrites: await overwritesOf(deps, row, teamIds, settings) });
}

/** What happened, told by the bot in the ticket's channel (pinging nobody): best effort, the step is done. */
export async function notice(deps: EngineDeps, row: TicketRow, notice: Notice) {
  if (!row.channel_id) return;
  try {
    await deps.platform.sendMessage(row.channel_id, deps.messages.notice(notice));
  } catch (error) {
    deps.log.warn({ err: error }, "ticket notice not sent");
  }
}

/** The activity entry of a member's step on a ticket at its server's time, scoped to the ticket's panel (TranscriptsPanelPermission). */
export async function recordStep(deps: EngineDeps, member: Member, row: TicketRow, action: string, before: unknown, after: unknown) {
  await recordActivityOf(deps.db, actorOf(member, deps.origin), {
    guildId: row.guild_id,
    action,
    before,
    after,
    scopePanelId: row.panel_id ?? 0,
    at: await deps.clock.now(row.guild_id),
  });
}
