import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authMessages } from "../../src/schemas/messages";
import { ticketActionResponseSchema, ticketCloseSchema, ticketListQuerySchema, ticketListResponseSchema } from "../../src/schemas/ticket";
import { guard, guildIdOf } from "../access/guard";
import { HttpError } from "../errors";
import { claim, unclaim } from "../tickets/claim";
import { requestClose } from "../tickets/close";
import type { Outcome } from "../tickets/outcomes";
import { reopen } from "../tickets/reopen";
import { memberOfSession } from "../tickets/session-member";
import type { Known } from "../tickets/step";
import { findTicket, listTickets, toTicketSummary } from "../tickets/store";
import { named, s as components } from "./support/openapi/components";
import { inBotLanguage } from "./support/bot-language";
import { doneOf } from "./support/outcome-status";
import { guildParams } from "./support/route-schemas";
import { panelsVisibleTo } from "./support/visible-panels";

// The dashboard's side of the ticket core (docs/ticket-engine.md, "The API the dashboard uses"): the open queue and
// the same claim / unclaim / reopen / close steps the Discord buttons run (the same checks, the same activity
// entries), their outcomes answered through one table (./support/outcome-status.ts). The live event stream is
// ./ticket-events.ts, the statistics ./statistics.ts.

const tags = ["Tickets"];
const ticketParams = z.object({ guildId: z.string(), ticketId: z.coerce.number().int().min(0).max(2_147_483_647) });
const s = {
  ticketList: named("TicketList", ticketListResponseSchema),
  ticketAction: named("TicketActionResponse", ticketActionResponseSchema),
};

export default async function ticketRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => app.tickets.deps;
  const member = (request: FastifyRequest, guildId: string) => memberOfSession(app.platform, request.user!, guildId, request.resolved);

  app.get(
    "/:guildId(^\\d+$)/tickets",
    {
      onRequest: guard("ViewTranscripts"),
      schema: {
        tags,
        summary: "Tickets of the server (open ones by default)",
        params: guildParams,
        querystring: ticketListQuerySchema,
        response: { 200: s.ticketList },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listTickets(app.db, guildIdOf(request), q, request.user!.id, await panelsVisibleTo(app, request));
      return { tickets: rows.map((r) => toTicketSummary(r, app.tickets.channelUrl)), total, page: q.page, per_page: q.per_page };
    },
  );

  /** A step on a ticket the caller may see: its row, read here once, goes to the step. */
  type Step = (request: FastifyRequest, guildId: string, ticketId: number, known: Known) => Promise<Outcome>;
  const action = (path: string, summary: string, run: Step, body = false) =>
    app.post(
      `/:guildId(^\\d+$)/tickets/:ticketId/${path}`,
      {
        onRequest: guard("ViewTranscripts"),
        schema: {
          tags,
          summary,
          params: ticketParams,
          ...(body ? { body: ticketCloseSchema } : {}),
          response: { 200: s.ticketAction, 409: components.error },
        },
      },
      async (request) => {
        const guildId = guildIdOf(request);
        const { ticketId } = request.params as { ticketId: number };
        const before = await findTicket(app.db, guildId, ticketId);
        if (!before || before.status === "opening") throw new HttpError(404, "Ticket not found");
        const panels = await panelsVisibleTo(app, request);
        if (panels !== "all" && (before.panel_id === null || !panels.includes(before.panel_id)))
          throw new HttpError(403, authMessages.accessDenied);
        const { message, done } = await inBotLanguage(app, request, async (settings) =>
          doneOf(await run(request, guildId, ticketId, { row: before, settings })),
        );
        return { message, ticket: toTicketSummary("ticket" in done ? done.ticket : before, app.tickets.channelUrl) };
      },
    );

  action("claim", "Claim a ticket", async (request, guildId, n, known) => claim(deps(), guildId, n, await member(request, guildId), known));
  action("unclaim", "Release a claimed ticket", async (request, guildId, n, known) =>
    unclaim(deps(), guildId, n, await member(request, guildId), known),
  );
  // Staff reopen a ticket closed within the server's ReopenWithinDays (from its transcript's screen).
  action("reopen", "Reopen a closed ticket (same number, a new channel)", async (request, guildId, n, known) =>
    reopen(deps(), guildId, n, { kind: "staff", member: await member(request, guildId) }, known),
  );
  action(
    "close",
    "Close a ticket (its transcript is stored)",
    async (request, guildId, n, known) => {
      const reason = (request.body as { reason?: string })?.reason ?? null;
      return requestClose(deps(), guildId, n, await member(request, guildId), reason, true, known);
    },
    true,
  );
}
