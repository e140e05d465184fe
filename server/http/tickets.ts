import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authMessages } from "../../src/schemas/messages";
import { ticketActionResponseSchema, ticketCloseSchema, ticketListQuerySchema, ticketListResponseSchema } from "../../src/schemas/ticket";
import { guard, guildIdOf } from "../access/guard";
import { HttpError } from "../errors";
import { memberOfSession } from "../tickets/session-member";
import type { Reply } from "../tickets/step";
import { findTicket, listTickets, toTicketSummary } from "../tickets/store";
import { botTexts } from "../tickets/texts";
import { inBotLanguage } from "./support/bot-language";
import { named, s as components } from "./support/openapi/components";
import { guildParams } from "./support/route-schemas";
import { panelsVisibleTo } from "./support/visible-panels";

// The dashboard's side of the ticket engine (docs/ticket-engine.md, "The API the dashboard uses"): the open queue and
// the same claim / unclaim / close steps the Discord buttons run (app.tickets.engine: the same checks, the same
// activity entries). The live event stream is ./ticket-events.ts, the statistics ./statistics.ts.

const tags = ["Tickets"];
const ticketParams = z.object({ guildId: z.string(), ticketId: z.coerce.number().int().min(0).max(2_147_483_647) });
const s = {
  ticketList: named("TicketList", ticketListResponseSchema),
  ticketAction: named("TicketActionResponse", ticketActionResponseSchema),
};

/** A step's refusal as an HTTP answer: the bot's own words, 409 when the ticket moved on, 403 when not allowed. */
function replyToHttp(reply: Reply): string {
  if (reply.kind !== "message") throw new HttpError(409, "This ticket needs an answer in Discord.");
  if (reply.ok) return reply.message.content ?? "";
  const text = reply.message.content ?? "";
  const forbidden: string[] = [botTexts.staffOnly, botTexts.noPermission, botTexts.onlyClaimer, botTexts.cannotCloseOwn];
  throw new HttpError(forbidden.includes(text) ? 403 : 409, text);
}

export default async function ticketRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const engine = () => app.tickets.engine;
  const member = (request: FastifyRequest, guildId: string) => memberOfSession(app.platform, request.user!, guildId);

  app.get(
    "/:guildId(^\\d+$)/tickets",
    { onRequest: guard("ViewTranscripts"), schema: { tags, summary: "Tickets of the server (open ones by default)", params: guildParams, querystring: ticketListQuerySchema, response: { 200: s.ticketList } } },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listTickets(app.db, guildIdOf(request), q, request.user!.id, await panelsVisibleTo(app, request));
      return { tickets: rows.map((r) => toTicketSummary(r, app.tickets.channelUrl)), total, page: q.page, per_page: q.per_page };
    },
  );

  const action = (path: string, summary: string, run: (request: FastifyRequest, guildId: string, ticketId: number) => Promise<Reply>, body = false) =>
    app.post(
      `/:guildId(^\\d+$)/tickets/:ticketId/${path}`,
      {
        onRequest: guard("ViewTranscripts"),
        schema: { tags, summary, params: ticketParams, ...(body ? { body: ticketCloseSchema } : {}), response: { 200: s.ticketAction, 409: components.error } },
      },
      async (request) => {
        const guildId = guildIdOf(request);
        const { ticketId } = request.params as { ticketId: number };
        const before = await findTicket(app.db, guildId, ticketId);
        if (!before || before.status === "opening") throw new HttpError(404, "Ticket not found");
        const panels = await panelsVisibleTo(app, request);
        if (panels !== "all" && (before.panel_id === null || !panels.includes(before.panel_id))) throw new HttpError(403, authMessages.accessDenied);
        const message = await inBotLanguage(app.db, guildId, async () => replyToHttp(await run(request, guildId, ticketId)));
        const after = (await findTicket(app.db, guildId, ticketId))!;
        return { message, ticket: toTicketSummary(after, app.tickets.channelUrl) };
      },
    );

  action("claim", "Claim a ticket", async (request, guildId, n) => engine().claim(guildId, n, await member(request, guildId)));
  action("unclaim", "Release a claimed ticket", async (request, guildId, n) => engine().unclaim(guildId, n, await member(request, guildId)));
  // Issue 22: staff reopen a ticket closed within the server's ReopenWithinDays (from its transcript's screen).
  action("reopen", "Reopen a closed ticket (same number, a new channel)", async (request, guildId, n) => engine().reopen(guildId, n, { kind: "staff", member: await member(request, guildId) }));
  action(
    "close",
    "Close a ticket (its transcript is stored)",
    async (request, guildId, n) => engine().requestClose(guildId, n, await member(request, guildId), (request.body as { reason?: string })?.reason ?? null, true),
    true,
  );
}
