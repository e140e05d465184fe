import type { FastifyInstance } from "fastify";
import type { MentionNames, TicketDetail, TicketMessagesResponse } from "../../src/schemas/helpdesk";
import { HttpError } from "../errors";
import { closeRequestActions } from "../tickets/close-request";
import { keptOpenAction } from "../tickets/inactivity";
import { toTicketMessage } from "../tickets/message-record";
import { isTicketStaff, type Member, memberAccess } from "../tickets/members";
import { ratingCommentAction } from "../tickets/rate";
import { reopenAction } from "../tickets/reopen";
import { type EngineDeps, panelOf, ticketActions } from "../tickets/step";
import { addedMembers, findTicket, type TicketRow, toTicketSummary } from "../tickets/store";
import { waitingActions } from "../tickets/waiting-on";
import { LiveReader, type LiveReadOptions } from "./live-read";
import { listNotes } from "./notes";
import { helpdeskActions } from "./triage";

// The help desk: what the ticket page of the dashboard reads (its facts, its conversation read live), over the ticket
// core's dependencies. Its steps — a reply (./reply.ts), a note (./notes.ts), priority and labels (./triage.ts) — are
// taken by the page (server/http/helpdesk.ts) and by the /note and /priority commands.

declare module "fastify" {
  interface FastifyInstance {
    helpdesk: HelpDesk;
  }
}

/** The actions whose entries the ticket page lists as its activity: every step of the ticket's life. */
const ticketPageActions = [
  ...Object.values(ticketActions),
  ...Object.values(helpdeskActions),
  ...Object.values(waitingActions),
  ...Object.values(closeRequestActions),
  keptOpenAction,
  ratingCommentAction,
  reopenAction,
];

export class HelpDesk {
  readonly live: LiveReader;

  constructor(
    private readonly deps: EngineDeps,
    live: LiveReadOptions = {},
  ) {
    this.live = new LiveReader(deps, live);
  }

  /** The ticket (not one still opening), or 404. */
  async ticket(guildId: string, number: number): Promise<TicketRow> {
    const row = await findTicket(this.deps.db, guildId, number);
    if (!row || row.status === "opening") throw new HttpError(404, "Ticket not found");
    return row;
  }

  async isStaff(row: TicketRow, member: Member): Promise<boolean> {
    const { teamIds } = await panelOf(this.deps, row.guild_id, row.panel_id);
    return isTicketStaff(await memberAccess(this.deps.db, row.guild_id, member), teamIds);
  }

  async detail(row: TicketRow, may: TicketDetail["may"], moveTargets: TicketDetail["moveTargets"] = []): Promise<TicketDetail> {
    const { db, platform } = this.deps;
    const added = await addedMembers(db, row.id);
    const names: MentionNames = { users: { [row.opener_id]: row.opener_name }, roles: {}, channels: {} };
    if (row.claimed_by) names.users[row.claimed_by] = row.claimed_by_name ?? row.claimed_by;
    const guild = await platform.getGuild(row.guild_id).catch(() => null);
    if (guild) {
      for (const r of guild.roles) names.roles[r.id] = r.name;
      for (const c of guild.text_channels) names.channels[c.id] = c.name;
      names.users[guild.owner.id] = guild.owner.username;
    }
    const addedMembersNamed = await Promise.all(
      added.map(async (id) => ({
        UserId: id,
        Username: names.users[id] ?? (await platform.getMember(row.guild_id, id).catch(() => null))?.username ?? id,
      })),
    );
    for (const m of addedMembersNamed) names.users[m.UserId] = m.Username;
    // Through the (guild_id, ticket_id, id) index (migration 026): this ticket's entries only, newest first; those of
    // an earlier ticket of the same number (an imported transcript) are older than this one's opening.
    const activity = await db
      .selectFrom("activity")
      .select(["action", "username", "timestamp", "user_id"])
      .where("guild_id", "=", row.guild_id)
      .where("ticket_id", "=", row.number)
      .where("action", "in", ticketPageActions)
      .where("timestamp", ">=", Math.floor(Number(row.opened_at) / 1000) - 1)
      .orderBy("id", "desc")
      .limit(50)
      .execute();
    // Staff one may assign to: those who handled the server's tickets lately (the engine checks the pick is staff).
    const handlers = await db
      .selectFrom("activity")
      .select(["user_id", "username"])
      .where("guild_id", "=", row.guild_id)
      .where("action", "in", [ticketActions.claimed, ticketActions.transferred, ticketActions.assigned, helpdeskActions.replied])
      .orderBy("id", "desc")
      .limit(200)
      .execute();
    const staff = new Map<string, string>();
    if (row.claimed_by) staff.set(row.claimed_by, row.claimed_by_name ?? row.claimed_by);
    for (const h of handlers) if (h.user_id !== this.deps.platform.botUserId && !staff.has(h.user_id)) staff.set(h.user_id, h.username);
    for (const a of activity) names.users[a.user_id] ??= a.username;
    return {
      ticket: toTicketSummary(row, this.deps.channelUrl),
      FirstResponseAt: row.first_response_at === null ? null : Number(row.first_response_at),
      AddedMembers: addedMembersNamed,
      activity: activity.map((a) => ({ Action: a.action, Username: a.username, Timestamp: Number(a.timestamp) })),
      notes: may.note ? await listNotes(this.deps, row) : [],
      names,
      staff: [...staff].slice(0, 50).map(([UserId, Username]) => ({ UserId, Username })),
      moveTargets,
      may,
    };
  }

  /** The conversation after `after` (the newest 100 without it), through the live read. */
  async messages(row: TicketRow, after?: string): Promise<TicketMessagesResponse> {
    if (row.status !== "open" || !row.channel_id) return { messages: [], last_message_id: after ?? null, read_at: Date.now(), users: {} };
    const state = await this.live.read(row);
    const picked = after
      ? state.messages.filter((m) => m.id.length > after.length || (m.id.length === after.length && m.id > after))
      : state.messages;
    const users: Record<string, string> = {};
    for (const m of picked) users[m.author.id] = m.author.username;
    return { messages: picked.map(toTicketMessage), last_message_id: state.lastMessageId, read_at: state.readAt, users };
  }
}

/** Registers app.helpdesk over the ticket engine's dependencies (after registerTicketEngine). */
export function registerHelpDesk(app: FastifyInstance): void {
  // On the demo platform a read is a query of the demo's rows: the page may read as often as it asks.
  const helpdesk = new HelpDesk(app.tickets.deps, app.platform.kind === "demo" ? { pollMs: 250, maxReadsPerSecond: 200 } : {});
  app.decorate("helpdesk", helpdesk);
  app.tickets.deps.forgetLive = (ticketRowId) => helpdesk.live.forget(ticketRowId);
}
