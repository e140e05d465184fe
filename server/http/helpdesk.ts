import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ticketAssignInputSchema,
  ticketDetailSchema,
  ticketMemberInputSchema,
  ticketMessagesQuerySchema,
  ticketMessagesResponseSchema,
  ticketNoteInputSchema,
  ticketNoteResponseSchema,
  priorityStatisticsQuerySchema,
  priorityStatisticsSchema,
  ticketRenameInputSchema,
  ticketReplyInputSchema,
  ticketReplyResponseSchema,
  ticketTriageInputSchema,
} from "../../src/schemas/helpdesk";
import { authMessages } from "../../src/schemas/messages";
import { ticketActionResponseSchema } from "../../src/schemas/ticket";
import { guard, guildIdOf } from "../access/guard";
import { HttpError } from "../errors";
import { memberOfSession } from "../tickets/session-member";
import type { Reply } from "../tickets/step";
import { findTicket, type TicketRow, toTicketSummary } from "../tickets/store";
import { botTexts } from "../tickets/texts";
import { priorityFigures } from "../statistics/priorities";
import { named, s as components } from "./support/openapi/components";
import { guildParams } from "./support/route-schemas";
import { panelsVisibleTo } from "./support/visible-panels";

// The ticket page of the dashboard (issue 23, app.helpdesk: server/tickets/helpdesk.ts): a ticket's facts, its
// conversation read live, replies as the staff member, private notes, priority and labels, assign, members and
// rename. Viewing needs ViewTranscripts and the ticket's panel (TranscriptsPanelPermission); replying AnswerTicket and
// notes AnnotateTicket (each on its own: who may answer a ticket may read it); every step also re-checks that the caller is staff of the ticket (the engine's rule).

const tags = ["Tickets"];
const ticketParams = z.object({ guildId: z.string(), ticketId: z.coerce.number().int().min(0).max(2_147_483_647) });
const s = {
  detail: named("TicketDetail", ticketDetailSchema),
  messages: named("TicketMessages", ticketMessagesResponseSchema),
  note: named("TicketNoteResponse", ticketNoteResponseSchema),
  reply: named("TicketReplyResponse", ticketReplyResponseSchema),
  action: ticketActionResponseSchema,
};

/** A step's refusal as an HTTP answer (the bot's own words): 403 when not allowed, 409 when the ticket moved on. */
function answerOf(reply: Reply): string {
  if (reply.kind !== "message") throw new HttpError(409, "This ticket needs an answer in Discord.");
  if (reply.ok) return reply.message.content ?? "";
  const text = reply.message.content ?? "";
  const forbidden: string[] = [botTexts.staffOnly, botTexts.noPermission, botTexts.onlyClaimer, botTexts.cannotCloseOwn, botTexts.transferTargetNotStaff];
  const invalid: string[] = [botTexts.labelUnknown, botTexts.memberNotFound, botTexts.cannotRemoveOpener, botTexts.renameInvalid];
  throw new HttpError(forbidden.includes(text) ? 403 : invalid.includes(text) ? 400 : 409, text);
}

export default async function helpdeskRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const member = (request: FastifyRequest) => memberOfSession(app.platform, request.user!, guildIdOf(request));

  /** The ticket of the path, when the caller may see its panel. */
  const visibleTicket = async (request: FastifyRequest): Promise<TicketRow> => {
    const row = await app.helpdesk.ticket(guildIdOf(request), (request.params as { ticketId: number }).ticketId);
    const panels = await panelsVisibleTo(app, request);
    if (panels !== "all" && (row.panel_id === null || !panels.includes(row.panel_id))) throw new HttpError(403, authMessages.accessDenied);
    return row;
  };
  const summaryOf = async (request: FastifyRequest) =>
    toTicketSummary((await findTicket(app.db, guildIdOf(request), (request.params as { ticketId: number }).ticketId))!, app.tickets.channelUrl);

  app.get(
    "/:guildId(^\\d+$)/tickets/:ticketId",
    { onRequest: guard("ViewTranscripts"), schema: { tags, summary: "A ticket: its facts, activity, notes and what the caller may do", params: ticketParams, response: { 200: s.detail } } },
    async (request) => {
      const row = await visibleTicket(request);
      const permissions = request.access!.permissions;
      const staff = await app.helpdesk.isStaff(row, await member(request));
      return app.helpdesk.detail(row, { reply: staff && permissions.AnswerTicket, note: staff && permissions.AnnotateTicket, act: staff });
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
    { onRequest: guard("AnswerTicket"), schema: { tags, summary: "Reply in the ticket as the staff member (the bot's message under their name)", params: ticketParams, body: ticketReplyInputSchema, response: { 200: s.reply, 409: components.error } } },
    async (request) => {
      const row = await visibleTicket(request);
      const { reply, messageId } = await app.helpdesk.reply(row.guild_id, row.number, await member(request), request.body.content);
      return { message: answerOf(reply), message_id: messageId ?? "" };
    },
  );

  app.post(
    "/:guildId(^\\d+$)/tickets/:ticketId/notes",
    { onRequest: guard("AnnotateTicket"), schema: { tags, summary: "Add a private staff note (never shown to the member)", params: ticketParams, body: ticketNoteInputSchema, response: { 200: s.note, 409: components.error } } },
    async (request) => {
      const row = await visibleTicket(request);
      const { reply, note } = await app.helpdesk.addNote(row.guild_id, row.number, await member(request), request.body.body);
      const message = answerOf(reply);
      return { message, note: note! };
    },
  );

  const step = <B extends z.ZodType>(path: string, summary: string, body: B, run: (request: FastifyRequest, row: TicketRow, body: z.infer<B>) => Promise<Reply>, method: "post" | "put" = "post") =>
    app.route({
      method: method.toUpperCase() as "POST" | "PUT",
      url: `/:guildId(^\\d+$)/tickets/:ticketId/${path}`,
      onRequest: guard("ViewTranscripts"),
      schema: { tags, summary, params: ticketParams, body, response: { 200: s.action, 409: components.error } },
      handler: async (request) => {
        const row = await visibleTicket(request);
        const message = answerOf(await run(request, row, request.body as z.infer<B>));
        return { message, ticket: await summaryOf(request) };
      },
    });

  app.get(
    "/:guildId(^\\d+$)/statistics/priorities",
    {
      onRequest: guard("ViewTranscripts"),
      schema: { tags, summary: "Tickets per priority: open now, and closed in the range (UTC days) with their median first response", params: guildParams, querystring: priorityStatisticsQuerySchema, response: { 200: named("PriorityStatistics", priorityStatisticsSchema) } },
    },
    async (request) => {
      const from = Date.parse(`${request.query.from}T00:00:00Z`);
      const to = Date.parse(`${request.query.to}T00:00:00Z`) + 86_400_000;
      if (!Number.isFinite(from) || !Number.isFinite(to) || from >= to) throw new HttpError(400, "The range must start on or before its end");
      return { priorities: await priorityFigures(app.db, guildIdOf(request), from, to, await panelsVisibleTo(app, request)) };
    },
  );

  step("triage", "Set a ticket's priority and labels", ticketTriageInputSchema, async (request, row, body) => app.helpdesk.triage(row.guild_id, row.number, await member(request), body), "put");
  step("assign", "Assign a ticket to a staff member (claim it on their behalf)", ticketAssignInputSchema, async (request, row, body) =>
    app.tickets.engine.transfer(row.guild_id, row.number, await member(request), body.userId),
  );
  step("members", "Add a member to the ticket, or remove one", ticketMemberInputSchema, async (request, row, body) =>
    app.tickets.engine.addMember(row.guild_id, row.number, await member(request), body.userId, body.add),
  );
  step("rename", "Rename the ticket's channel", ticketRenameInputSchema, async (request, row, body) => app.tickets.engine.rename(row.guild_id, row.number, await member(request), body.name));
}
