import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  myTicketMessageInputSchema,
  myTicketMessageResponseSchema,
  myTicketMessagesQuerySchema,
  myTicketMessagesResponseSchema,
  myTicketParamsSchema,
  myTicketsMessages,
  myTicketsResponseSchema,
} from "../../src/schemas/my-tickets";
import { botIsIn } from "../access/bot-presence";
import { authenticate } from "../auth/authenticate";
import { HttpError, notFound } from "../errors";
import { guildsShowingMemberTickets, memberTicketsOf, ownTicket, writeAsMember } from "../helpdesk/member-tickets";
import type { TicketRow } from "../tickets/store";
import { named, s } from "./support/openapi/components";

// "My tickets": any signed-in user's own tickets across the servers that allow it (Settings → MemberTickets), with no
// dashboard access needed. Every request checks again that the caller is still a member of the server, that the bot
// is there, that the server lets members see their tickets and that the ticket is theirs (its opener); anything else
// is answered 404, as a ticket that does not exist, so a member learns nothing of another member's tickets.

const tags = ["My tickets"];

export default async function myTicketRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** The caller's servers (still a member, the bot there) that show members their tickets. */
  const allowedGuilds = async (request: FastifyRequest) => {
    const guilds = await app.platform.listUserGuilds(request.user!);
    const present = await Promise.all(guilds.map((g) => botIsIn(app, g.id)));
    return guildsShowingMemberTickets(
      app.db,
      guilds.filter((_, i) => present[i]),
    );
  };

  /** The caller's own ticket of the path, in a server that allows it; 404 otherwise. */
  const ownTicketOf = async (request: FastifyRequest): Promise<TicketRow> => {
    const { guildId, ticketId } = request.params as z.infer<typeof myTicketParamsSchema>;
    const allowed = (await allowedGuilds(request)).some((g) => g.id === guildId);
    const row = allowed ? await ownTicket(app.db, guildId, ticketId, request.user!.id) : undefined;
    if (!row) throw notFound(myTicketsMessages.notFound);
    return row;
  };

  app.get(
    "/my-tickets",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The caller's own tickets, open and closed, across the servers that let members see them",
        response: { 200: named("MyTickets", myTicketsResponseSchema) },
      },
    },
    async (request) => memberTicketsOf(app.db, await allowedGuilds(request), request.user!.id),
  );

  app.get(
    "/my-tickets/:guildId/:ticketId/messages",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The conversation of the caller's own open ticket, read live (as on the staff's ticket page)",
        params: myTicketParamsSchema,
        querystring: myTicketMessagesQuerySchema,
        response: { 200: named("MyTicketMessages", myTicketMessagesResponseSchema), 404: s.error },
      },
    },
    async (request) => app.helpdesk.messages(await ownTicketOf(request), request.query.after),
  );

  app.post(
    "/my-tickets/:guildId/:ticketId/messages",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Write into the caller's own open ticket: the bot's message under their name, pinging nobody",
        params: myTicketParamsSchema,
        body: myTicketMessageInputSchema,
        response: { 200: myTicketMessageResponseSchema, 404: s.error, 409: s.error, 502: s.error },
      },
    },
    async (request) => {
      const row = await ownTicketOf(request);
      const outcome = await writeAsMember(app.tickets.deps, row, request.user!, request.body.content);
      if (outcome === "closed") throw new HttpError(409, myTicketsMessages.closed);
      if (outcome === "refused") throw new HttpError(502, myTicketsMessages.notSent);
      return { message: myTicketsMessages.sent };
    },
  );

  app.get(
    "/my-tickets/:guildId/:ticketId/transcript",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The transcript of the caller's own closed ticket, as HTML",
        params: myTicketParamsSchema,
        querystring: s.transcriptViewQuery,
        response: { 200: s.transcript, 404: s.error },
      },
    },
    async (request) => {
      const row = await ownTicketOf(request);
      const theme = request.query.theme === "dark" ? "dark" : "light";
      return { transcript_html: await app.transcripts.viewOwn(row.guild_id, row.number, request.user!.id, theme) };
    },
  );
}
