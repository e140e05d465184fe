import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ticketAssignInputSchema,
  ticketDetailSchema,
  ticketMemberInputSchema,
  ticketMessagesQuerySchema,
  ticketMessagesResponseSchema,
  ticketMoveInputSchema,
  ticketNoteInputSchema,
  ticketNoteResponseSchema,
  priorityStatisticsQuerySchema,
  priorityStatisticsSchema,
  ticketRenameInputSchema,
  ticketReplyInputSchema,
  ticketReplyResponseSchema,
  ticketTriageInputSchema,
  waitingStatisticsSchema,
} from "../../src/schemas/helpdesk";
import { authMessages } from "../../src/schemas/messages";
import type { TicketSettings } from "../../src/schemas/settings";
import type { TeamPermission } from "../../src/schemas/team";
import { ticketActionResponseSchema, ticketSnoozeInputSchema } from "../../src/schemas/ticket";
import { guard, guildIdOf } from "../access/guard";
import { HttpError } from "../errors";
import { addNote } from "../helpdesk/notes";
import { replyAsStaff } from "../helpdesk/reply";
import { snooze, unsnooze } from "../helpdesk/snooze";
import { triage } from "../helpdesk/triage";
import { priorityFigures } from "../statistics/priorities";
import { waitingFigures } from "../statistics/waiting";
import { transfer } from "../tickets/claim";
import { addMember } from "../tickets/membership";
import { move, moveTargets } from "../tickets/move";
import type { Outcome } from "../tickets/outcomes";
import { rename } from "../tickets/rename";
import { memberOfSession } from "../tickets/session-member";
import { type TicketRow, toTicketSummary } from "../tickets/store";
import { named, s as components } from "./support/openapi/components";
import { inBotLanguage } from "./support/bot-language";
import { doneOf } from "./support/outcome-status";
import { guildParams } from "./support/route-schemas";
import { panelsVisibleTo } from "./support/visible-panels";

// The ticket page of the dashboard (app.helpdesk: server/helpdesk/): a ticket's facts, its conversation read live,
// replies as the staff member, private notes, priority and labels, assign, members, rename and move. Viewing needs
// ViewTranscripts and the ticket's panel (TranscriptsPanelPermission); replying and moving AnswerTicket, notes
// AnnotateTicket (each on its own: who may answer a ticket may read it); every step also re-checks that the caller is
// staff of the ticket (the core's rule). The ticket's row is read once per request and handed to the step; the steps'
// outcomes are answered through one table (./support/outcome-status.ts).

const tags = ["Tickets"];
const ticketParams = z.object({ guildId: z.string(), ticketId: z.coerce.number().int().min(0).max(2_147_483_647) });
const s = {
  detail: named("TicketDetail", ticketDetailSchema),
  messages: named("TicketMessages", ticketMessagesResponseSchema),
  note: named("TicketNoteResponse", ticketNoteResponseSchema),
  reply: named("TicketReplyResponse", ticketReplyResponseSchema),
  action: ticketActionResponseSchema,
};

/** A range of whole UTC days, `to` included, as [from, to) in epoch ms. */
function utcDays(query: { from: string; to: string }): { from: number; to: number } {
  const from = Date.parse(`${query.from}T00:00:00Z`);
  const to = Date.parse(`${query.to}T00:00:00Z`) + 86_400_000;
  if (!Number.isFinite(from) || !Number.isFinite(to) || from >= to) throw new HttpError(400, "The range must start on or before its end");
  return { from, to };
}

export default async function helpdeskRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const member = (request: FastifyRequest) => memberOfSession(app.platform, request.user!, guildIdOf(request), request.resolved);
  const deps = () => app.tickets.deps;

  /** The ticket of the path, when the caller may see its panel. */
  const visibleTicket = async (request: FastifyRequest): Promise<TicketRow> => {
    const row = await app.helpdesk.ticket(guildIdOf(request), (request.params as { ticketId: number }).ticketId);
    const panels = await panelsVisibleTo(app, request);
    if (panels !== "all" && (row.panel_id === null || !panels.includes(row.panel_id))) throw new HttpError(403, authMessages.accessDenied);
    return row;
  };

  app.get(
    "/:guildId(^\\d+$)/tickets/:ticketId",
    {
      onRequest: guard("ViewTranscripts"),
      schema: {
        tags,
        summary: "A ticket: its facts, activity, notes and what the caller may do",
        params: ticketParams,
        response: { 200: s.detail },
      },
    },
    async (request) => {
      const row = await visibleTicket(request);
      const permissions = request.access!.permissions;
      const caller = await member(request);
      const staff = await app.helpdesk.isStaff(row, caller);
      const may = { reply: staff && permissions.AnswerTicket, note: staff && permissions.AnnotateTicket, act: staff };
      return app.helpdesk.detail(row, may, staff ? await moveTargets(deps(), row, caller) : []);
    },
  );

  app.get(
    "/:guildId(^\\d+$)/tickets/:ticketId/messages",
    {
      onRequest: guard("ViewTranscripts"),
      schema: {
        tags,
        summary: "A ticket's conversation, read live: the messages after `after` (the newest 100 without it), oldest first",
        description: "The server reads the channel at most once per ticket per poll (3 s on Discord), however many staff watch it.",
        params: ticketParams,
        querystring: ticketMessagesQuerySchema,
        response: { 200: s.messages },
      },
    },
    async (request) => app.helpdesk.messages(await visibleTicket(request), request.query.after),
  );

  app.post(
    "/:guildId(^\\d+$)/tickets/:ticketId/reply",
    {
      onRequest: guard("AnswerTicket"),
      schema: {
        tags,
        summary: "Reply in the ticket as the staff member (the bot's message under their name)",
        params: ticketParams,
        body: ticketReplyInputSchema,
        response: { 200: s.reply, 409: components.error },
      },
    },
    async (request) => {
      const row = await visibleTicket(request);
      const { message, done } = await inBotLanguage(app, request, async (settings) =>
        doneOf(await replyAsStaff(deps(), row.guild_id, row.number, await member(request), request.body.content, { row, settings })),
      );
      return { message, message_id: done.done === "replied" ? done.messageId : "" };
    },
  );

  app.post(
    "/:guildId(^\\d+$)/tickets/:ticketId/notes",
    {
      onRequest: guard("AnnotateTicket"),
      schema: {
        tags,
        summary: "Add a private staff note (never shown to the member)",
        params: ticketParams,
        body: ticketNoteInputSchema,
        response: { 200: s.note, 409: components.error },
      },
    },
    async (request) => {
      const row = await visibleTicket(request);
      const { message, done } = await inBotLanguage(app, request, async (settings) =>
        doneOf(await addNote(deps(), row.guild_id, row.number, await member(request), request.body.body, { row, settings })),
      );
      if (done.done !== "noteAdded") throw new HttpError(409, message);
      return { message, note: done.note };
    },
  );

  /** A step on the ticket of the path (its row read once, handed to the step), answered with the ticket as it left it. */
  type Step<B extends z.ZodType> = (
    request: FastifyRequest,
    row: TicketRow,
    body: z.infer<B>,
    settings: TicketSettings,
  ) => Promise<Outcome>;
  const step = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    run: Step<B>,
    method: "post" | "put" = "post",
    permission: TeamPermission = "ViewTranscripts",
  ) =>
    app.route({
      method: method.toUpperCase() as "POST" | "PUT",
      url: `/:guildId(^\\d+$)/tickets/:ticketId/${path}`,
      onRequest: guard(permission),
      schema: { tags, summary, params: ticketParams, body, response: { 200: s.action, 409: components.error } },
      handler: async (request) => {
        const row = await visibleTicket(request);
        const { message, done } = await inBotLanguage(app, request, async (settings) =>
          doneOf(await run(request, row, request.body as z.infer<B>, settings)),
        );
        return { message, ticket: toTicketSummary("ticket" in done ? done.ticket : row, app.tickets.channelUrl) };
      },
    });

  app.get(
    "/:guildId(^\\d+$)/statistics/priorities",
    {
      onRequest: guard("ViewTranscripts"),
      schema: {
        tags,
        summary: "Tickets per priority: open now, and closed in the range (UTC days) with their median first response",
        params: guildParams,
        querystring: priorityStatisticsQuerySchema,
        response: { 200: named("PriorityStatistics", priorityStatisticsSchema) },
      },
    },
    async (request) => {
      const { from, to } = utcDays(request.query);
      return { priorities: await priorityFigures(app.db, guildIdOf(request), from, to, await panelsVisibleTo(app, request)) };
    },
  );

  app.get(
    "/:guildId(^\\d+$)/statistics/waiting",
    {
      onRequest: guard("ViewTranscripts"),
      schema: {
        tags,
        summary:
          "Time waiting on staff and on members of the tickets closed in the range (UTC days); open tickets waiting on each side now",
        params: guildParams,
        querystring: priorityStatisticsQuerySchema,
        response: { 200: named("WaitingStatistics", waitingStatisticsSchema) },
      },
    },
    async (request) => {
      const { from, to } = utcDays(request.query);
      return waitingFigures(app.db, guildIdOf(request), from, to, await panelsVisibleTo(app, request));
    },
  );

  step(
    "snooze",
    "Snooze a ticket for some minutes or until a time (at most 30 days): out of Needs attention until then",
    ticketSnoozeInputSchema,
    async (request, row, body, settings) =>
      snooze(
        deps(),
        row.guild_id,
        row.number,
        await member(request),
        body.Until !== undefined ? { until: body.Until } : { minutes: body.Minutes! },
        {
          row,
          settings,
        },
      ),
  );
  step("unsnooze", "End a ticket's snooze now", z.object({}), async (request, row, _body, settings) =>
    unsnooze(deps(), row.guild_id, row.number, await member(request), { row, settings }),
  );

  step(
    "triage",
    "Set a ticket's priority and labels",
    ticketTriageInputSchema,
    async (request, row, body, settings) => triage(deps(), row.guild_id, row.number, await member(request), body, { row, settings }),
    "put",
  );
  step(
    "assign",
    "Assign a ticket to a staff member (claim it on their behalf)",
    ticketAssignInputSchema,
    async (request, row, body, settings) =>
      transfer(deps(), row.guild_id, row.number, await member(request), body.userId, { row, settings }),
  );
  step("members", "Add a member to the ticket, or remove one", ticketMemberInputSchema, async (request, row, body, settings) =>
    addMember(deps(), row.guild_id, row.number, await member(request), body.userId, body.add, { row, settings }),
  );
  step("rename", "Rename the ticket's channel", ticketRenameInputSchema, async (request, row, body, settings) =>
    rename(deps(), row.guild_id, row.number, await member(request), body.name, { row, settings }),
  );
  // Those who work tickets move them (AnswerTicket); the core checks the rest: staff of the ticket and of the target
  // panel (tickets/move.ts).
  step(
    "move",
    "Move a ticket to another panel (its category, overwrites, team and naming scheme)",
    ticketMoveInputSchema,
    async (request, row, body, settings) => move(deps(), row.guild_id, row.number, await member(request), body.panelId, { row, settings }),
    "post",
    "AnswerTicket",
  );
}
