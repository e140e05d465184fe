import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { guard, guildIdOf } from "../access/guard";
import { resolveGuildAccess } from "../access/resolve";
import { ticketEventStreams } from "./support/event-stream";
import { guildParams } from "./support/route-schemas";
import { panelsVisibleTo } from "./support/visible-panels";

// GET /{guildId}/tickets/events: the dashboard's live ticket events (server-sent events `ticket`, from app.ticketEvents:
// server/tickets/events.ts), for staff with ViewTranscripts, of the panels they may see. The stream itself — its
// lifetime, re-checks and headers — is ./support/event-stream.ts.

const tags = ["Tickets"];

export default async function ticketEventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const stream = ticketEventStreams(app);

  app.get(
    "/:guildId(^\\d+$)/tickets/events",
    {
      onRequest: guard("ViewTranscripts"),
      schema: {
        tags,
        summary: "Live ticket events (server-sent events, event: ticket)",
        params: guildParams,
        response: {
          200: {
            description:
              "A stream of `event: ticket` with TicketEvent JSON as data; it ends after TICKET_STREAM_SECONDS and the browser reconnects",
            content: { "text/event-stream": { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const guildId = guildIdOf(request);
      let panels = await panelsVisibleTo(app, request);
      stream(request, reply, guildId, {
        /** The session still gives ViewTranscripts here; the panels it may see now. */
        async allowed(user) {
          const access = await resolveGuildAccess(app, user, guildId);
          if (!access?.permissions.ViewTranscripts) return false;
          request.user = user;
          request.access = access;
          panels = await panelsVisibleTo(app, request);
          return true;
        },
        render: (event) => (panels !== "all" && (event.ticket.PanelId === null || !panels.includes(event.ticket.PanelId)) ? null : event),
      });
    },
  );
}
