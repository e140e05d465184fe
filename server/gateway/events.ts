import { type APIMessage, type GatewayDispatchPayload, GatewayDispatchEvents } from "discord-api-types/v10";
import { attachmentLinks, directMessage, messageInTicket } from "../discord/dm";
import { fromDiscordMessage } from "../platform/message-read";
import { snowflakeTime } from "../platform/snowflake";
import { readGuildSettings } from "../settings/store";
import { closeByBot } from "../tickets/close";
import { recordDeletion, recordEdit, recordMessage } from "../tickets/conversation";
import { noteMessage } from "../tickets/last-activity";
import { captureMentionNames } from "../tickets/message-record";
import type { CloseReason } from "../tickets/messages";
import { isRefusal } from "../tickets/outcomes";
import { leaveGraceMs } from "../tickets/scheduler";
import { type EngineDeps, type Known, publish } from "../tickets/step";
import { findTicketByChannel, hasTicketOpening, openTicketsOf, type TicketRow } from "../tickets/store";
import { recordDeparture, recordReturn } from "./retention";

// The gateway's door (docs/decisions/011-gateway.md): what each dispatch means to the product. A door into the ticket
// core like the Discord interactions and the dashboard's routes: it maps events onto the core's steps and never writes
// a ticket around them.
//   MESSAGE_CREATE / MESSAGE_UPDATE / MESSAGE_DELETE(_BULK) in a ticket's channel or thread → the message stored as it
//     arrives (sealed; edits and deletions kept as the ticket's audit trail), its first response and last activity
//     (which ends an inactivity warning), and a ticket event so the ticket page shows it at once;
//   CHANNEL_DELETE / THREAD_DELETE of an open ticket's channel → the ticket closed as "deleted in Discord", its
//     transcript from what was captured;
//   GUILD_MEMBER_REMOVE → the member's tickets closed when the server closes them on leave (and the ticket has been
//     silent for its grace; otherwise the minute sweep closes it when the grace is over);
//   GUILD_DELETE (not an outage) → the server marked inactive, its retention clock started; GUILD_CREATE → back.
//   MESSAGE_CREATE in a direct message with the bot → the DM tickets' flow of the Discord door (../discord/dm.ts): relayed
//     into the member's DM ticket, or answered with the servers to open one in; staff's message in a DM ticket's
//     channel is relayed to the member.
// Every call into the ticket core is one of the small functions at the end of this file, so the door can follow the
// core's steps when they change.

export interface DoorDeps {
  core: EngineDeps;
  /** How long a server that removed the bot keeps its data (GUILD_RETENTION_DAYS). */
  retentionMs: number;
  /** The real clock (the departure's date; a deletion's time). */
  now: () => number;
  /** How long a message in a brand-new channel waits for the ticket opening in it to name its channel. */
  openingWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** What a dispatch does: `key` claims it in the inbox (null: applying it twice changes nothing), `apply` does it. */
export interface DoorAction {
  key: string | null;
  apply(): Promise<void>;
}

/** Where a dispatch came from, for the keys of events without an id of their own. */
export interface DispatchOrigin {
  shardId: number;
  sessionId: string;
}

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const SNOWFLAKE = /^\d{1,21}$/;
const id = (v: unknown) => (typeof v === "string" && SNOWFLAKE.test(v) ? v : undefined);

/** The events of one channel, or of one server for server-wide events, are applied in order; null: no order needed. */
export function orderKeyOf(payload: GatewayDispatchPayload): string | null {
  const d = (payload.d ?? {}) as Json;
  switch (payload.t) {
    case GatewayDispatchEvents.MessageCreate:
    case GatewayDispatchEvents.MessageUpdate:
    case GatewayDispatchEvents.MessageDelete:
    case GatewayDispatchEvents.MessageDeleteBulk:
      return id(d.channel_id) ? `channel:${d.channel_id}` : null;
    case GatewayDispatchEvents.ChannelDelete:
    case GatewayDispatchEvents.ThreadDelete:
      return id(d.id) ? `channel:${d.id}` : null;
    case GatewayDispatchEvents.GuildMemberRemove:
      return id(d.guild_id) ? `guild:${d.guild_id}` : null;
    case GatewayDispatchEvents.GuildCreate:
    case GatewayDispatchEvents.GuildDelete:
      return id(d.id) ? `guild:${d.id}` : null;
    default:
      return null;
  }
}

/** The door of one gateway runner: the dispatch → action mapping, with what it remembers of channels. */
export class EventDoor {
  /** Channels known to hold no ticket (a ticket's channel is always new, so once known, for good). */
  readonly notTickets = new Map<string, true>();

  constructor(readonly deps: DoorDeps) {}

  actionFor(payload: GatewayDispatchPayload, origin: DispatchOrigin): Promise<DoorAction | null> {
    return actionFor(this, payload, origin);
  }
}

/**
 * What a dispatch means for the product, or null when it concerns nothing it keeps (a message outside every ticket, an
 * event it does not use). Reading what a dispatch is about (a channel's ticket) happens here; changing it, in `apply`.
 * Everything in a dispatch is hostile: fields are read by type, ids checked as snowflakes.
 */
async function actionFor(gate: EventDoor, payload: GatewayDispatchPayload, origin: DispatchOrigin): Promise<DoorAction | null> {
  const door = gate.deps;
  const d = (payload.d ?? {}) as Json;
  const bySequence = `seq:${origin.shardId}:${origin.sessionId}:${payload.s}`;
  switch (payload.t) {
    case GatewayDispatchEvents.MessageCreate: {
      // A direct message: no server. The bot's own (its answers in the DM) are not the member's.
      if (!id(d.guild_id) && isMessage(d) && id(d.channel_id) && (d.author as Json).bot !== true) {
        return { key: `message:${d.id}`, apply: () => directMessageArrived(door, d as unknown as APIMessage) };
      }
      const ticket = await ticketOf(gate, d);
      if (!ticket || !isMessage(d)) return null;
      return { key: `message:${d.id}`, apply: () => messageArrived(door, ticket, d as unknown as APIMessage) };
    }
    case GatewayDispatchEvents.MessageUpdate: {
      const ticket = await ticketOf(gate, d);
      if (!ticket || !isMessage(d)) return null;
      const edited = str(d.edited_timestamp) ? Date.parse(str(d.edited_timestamp)!) : Number.NaN;
      // An edit by its author carries its time; an update without one (an embed unfurled) is told by its sequence.
      const key = Number.isFinite(edited) ? `edit:${d.id}:${edited}` : bySequence;
      return { key, apply: () => messageChanged(door, ticket, d as unknown as APIMessage, Number.isFinite(edited) ? edited : null) };
    }
    case GatewayDispatchEvents.MessageDelete: {
      const ticket = await ticketOf(gate, d);
      const messageId = id(d.id);
      if (!ticket || !messageId) return null;
      return { key: `delete:${messageId}`, apply: () => messagesDeleted(door, ticket, [messageId]) };
    }
    case GatewayDispatchEvents.MessageDeleteBulk: {
      const ticket = await ticketOf(gate, d);
      const ids = Array.isArray(d.ids)
        ? d.ids
            .map(id)
            .filter((x): x is string => x !== undefined)
            .slice(0, 100)
        : [];
      if (!ticket || ids.length === 0) return null;
      return { key: bySequence, apply: () => messagesDeleted(door, ticket, ids) };
    }
    case GatewayDispatchEvents.ChannelDelete:
    case GatewayDispatchEvents.ThreadDelete: {
      const channelId = id(d.id);
      const guildId = id(d.guild_id);
      if (!channelId || !guildId) return null;
      const ticket = await findTicketByChannel(door.core.db, channelId);
      if (!ticket || ticket.guild_id !== guildId || ticket.status !== "open") return null;
      return { key: `channel-delete:${channelId}`, apply: () => channelDeleted(door, ticket) };
    }
    case GatewayDispatchEvents.GuildMemberRemove: {
      const guildId = id(d.guild_id);
      const userId = id((d.user as Json | undefined)?.id);
      if (!guildId || !userId) return null;
      return { key: bySequence, apply: () => memberLeft(door, guildId, userId) };
    }
    case GatewayDispatchEvents.GuildDelete: {
      const guildId = id(d.id);
      // "If the unavailable field is not set, the user was removed from the guild"; set, it is an outage.
      if (!guildId || d.unavailable !== undefined) return null;
      return { key: bySequence, apply: () => recordDeparture(door.core.db, guildId, door.now(), door.retentionMs) };
    }
    case GatewayDispatchEvents.GuildCreate: {
      const guildId = id(d.id);
      if (!guildId || d.unavailable === true) return null;
      return { key: null, apply: async () => void (await recordReturn(door.core.db, guildId)) };
    }
    default:
      return null;
  }
}

const isMessage = (d: Json) =>
  id(d.id) !== undefined &&
  typeof d.author === "object" &&
  d.author !== null &&
  id((d.author as Json).id) !== undefined &&
  str(d.timestamp) !== undefined;

const NOT_TICKETS_KEPT = 50_000;

/** A channel made longer ago than this is no ticket being opened now (a channel's id carries its creation time). */
const NEW_CHANNEL_MS = 60_000;

/**
 * The ticket whose channel a message event is in (a DM is the DM tickets' flow). A message in a channel the bot
 * has just made may come before the ticket opening in it names its channel: while the channel is new and its server
 * has a ticket opening, the event waits for it a moment (only that channel's events wait).
 */
async function ticketOf(gate: EventDoor, d: Json): Promise<TicketRow | null> {
  const door = gate.deps;
  const { notTickets } = gate;
  const channelId = id(d.channel_id);
  const guildId = id(d.guild_id);
  if (!channelId || !guildId || notTickets.has(channelId)) return null;
  const { db } = door.core;
  const isNew = door.now() - snowflakeTime(channelId) < NEW_CHANNEL_MS;
  const waitUntil = door.now() + (door.openingWaitMs ?? 5000);
  let opening: boolean;
  for (;;) {
    // Whether a ticket is opening is read before the channel's ticket: one that finishes opening between the two reads
    // (its row naming the channel) is found by the second, never taken for no ticket.
    opening = isNew && (await hasTicketOpening(db, guildId));
    const ticket = await findTicketByChannel(db, channelId);
    if (ticket) return ticket.guild_id === guildId ? ticket : null;
    if (!opening || door.now() >= waitUntil) break;
    await (door.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))))(100);
  }
  // Known for good to hold no ticket: an old channel, or a new one while nothing opens in its server.
  if (!opening) {
    if (notTickets.size >= NOT_TICKETS_KEPT) notTickets.delete(notTickets.keys().next().value!);
    notTickets.set(channelId, true);
  }
  return null;
}

// ---- the calls into the ticket core ----------------------------------------------------------------------------

/** A message in a ticket: stored with the names it mentions now; a person's message is activity and maybe the first response. */
async function messageArrived(door: DoorDeps, ticket: TicketRow, raw: APIMessage): Promise<void> {
  const { core } = door;
  const [message] = await captureMentionNames(core.platform, ticket.guild_id, [fromDiscordMessage(raw)]);
  if (!(await recordMessage(core, ticket, message))) return;
  await noteMessage(core, ticket, message);
  await messageInTicket(core, ticket, {
    authorId: message.author.id,
    bot: message.author.bot,
    author: { name: authorName(raw), iconUrl: avatarUrl(raw) },
    content: raw.content ?? "",
    attachments: attachmentLinks(raw.attachments),
  });
}

/** The name a message's author goes by in the server (nickname, display name, username). */
const authorName = (raw: APIMessage) =>
  str((raw as { member?: { nick?: unknown } }).member?.nick) || str(raw.author.global_name) || str(raw.author.username) || raw.author.id;

/** The author's avatar on Discord's CDN (cdn.mdx: avatars/{user_id}/{hash}.png), or null. */
const avatarUrl = (raw: APIMessage) => {
  const hash = str(raw.author.avatar);
  return hash && /^(a_)?[0-9a-f]{1,64}$/.test(hash) ? `https://cdn.discordapp.com/avatars/${raw.author.id}/${hash}.png` : null;
};

/** A member's direct message to the bot: relayed into their DM ticket, or the start of one (../discord/dm.ts). */
async function directMessageArrived(door: DoorDeps, raw: APIMessage): Promise<void> {
  const at = Date.parse(raw.timestamp);
  await directMessage(door.core, {
    channelId: raw.channel_id,
    author: { id: raw.author.id, username: authorName(raw), avatarUrl: avatarUrl(raw) },
    content: raw.content ?? "",
    attachments: attachmentLinks(raw.attachments),
    at: Number.isFinite(at) ? at : door.now(),
  });
}

async function messageChanged(door: DoorDeps, ticket: TicketRow, raw: APIMessage, editedAt: number | null): Promise<void> {
  const { core } = door;
  const [message] = await captureMentionNames(core.platform, ticket.guild_id, [fromDiscordMessage(raw)]);
  await recordEdit(core, ticket, message, editedAt);
  publish(core, "updated", ticket);
}

async function messagesDeleted(door: DoorDeps, ticket: TicketRow, messageIds: string[]): Promise<void> {
  const at = door.now();
  for (const messageId of messageIds) await recordDeletion(door.core, ticket, messageId, at);
  publish(door.core, "updated", ticket);
}

/** Closes an open ticket as the bot would, once; a close already under way (or done) is left to finish. */
async function closeAsBot(core: EngineDeps, ticket: TicketRow, reason: CloseReason, known: Known = {}): Promise<void> {
  const outcome = await closeByBot(core, ticket, reason, known);
  if (isRefusal(outcome) && outcome.refusal !== "closeBusy") {
    core.log.warn({ ticket: ticket.number, guildId: ticket.guild_id, refusal: outcome.refusal }, "gateway close refused");
  }
}

/** Staff deleted the ticket's channel (or thread) by hand: the ticket closes with what was captured as its transcript. */
async function channelDeleted(door: DoorDeps, ticket: TicketRow): Promise<void> {
  await closeAsBot(door.core, ticket, "deletedInDiscord");
}

/** A member left: their open tickets close when the server says so and each has been silent for its grace. */
async function memberLeft(door: DoorDeps, guildId: string, userId: string): Promise<void> {
  const { core } = door;
  const { settings } = await readGuildSettings(core.db, guildId);
  const graceMs = leaveGraceMs(settings);
  if (graceMs === null) return;
  const tickets = await openTicketsOf(core.db, guildId, userId);
  const now = await core.clock.now(guildId);
  for (const ticket of tickets) {
    if (now - Number(ticket.last_activity_at) >= graceMs) await closeAsBot(core, ticket, "openerLeft", { settings });
  }
}
