import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { statisticsMaxDays, statisticsQuerySchema, statisticsResponseSchema } from "../../src/schemas/statistics";
import {
  ticketActionResponseSchema,
  ticketCloseSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
} from "../../src/schemas/ticket";
import { authMessages } from "../../src/schemas/messages";
import { guard, guildIdOf } from "../access/guard";
import { HttpError } from "../errors";
import { guildParams } from "../http/support/route-schemas";
import { securityHeaders } from "../http/support/security";
import { bearerToken } from "../auth/authenticate";
import { findSessionUser } from "../auth/sessions";
import { resolveGuildAccess } from "../access/resolve";
import { named, s as components } from "../http/support/openapi/components";

const errorSchema = components.error;
import { memberOfSession } from "./session-member";
import type { Reply } from "./service";
import { findTicket, toTicketSummary } from "./store";
import { botTexts } from "./texts";
import { datesBetween, guildStatistics } from "./statistics";
import { panelsVisibleTo } from "./visibility";

// The dashboard's side of the ticket engine (docs/ticket-engine.md, "The API the dashboard uses"): the open queue,
// the same claim / unclaim / close steps the Discord buttons run (the same checks, the same activity entries),
// the live event stream and the statistics.

const tags = ["Tickets"];
/** How often a live event stream re-checks its session and access (and before every event). */
export const STREAM_RECHECK_MS = 5_000;
const ticketParams = z.object({ guildId: z.string(), ticketId: z.coerce.number().int().min(0).max(2_147_483_647) });
const s = {
  ticketList: named("TicketList", ticketListResponseSchema),
  ticketAction: named("TicketActionResponse", ticketActionResponseSchema),
  statistics: named("Statistics", statisticsResponseSchema),
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
  // Open event streams, ended when the server closes (a stream never ends on its own).
  const streams = new Set<() => void>();
  app.addHook("onClose", async () => {
    for (const end of [...streams]) end();
  });

  app.get(
    "/:guildId(^\\d+$)/tickets",
    { onRequest: guard("ViewTranscripts"), schema: { tags, summary: "Tickets of the server (open ones by default)", params: guildParams, querystring: ticketListQuerySchema, response: { 200: s.ticketList } } },
    async (request) => {
      const guildId = guildIdOf(request);
      const q = request.query;
      const panels = await panelsVisibleTo(app, request);
      let query = app.db.selectFrom("tickets").where("guild_id", "=", guildId);
      if (q.status === "open") query = query.where("status", "in", ["open", "closing"]);
      else if (q.status === "closed") query = query.where("status", "=", "closed");
      else query = query.where("status", "!=", "opening");
      if (q.panel !== undefined) query = query.where("panel_id", "=", q.panel);
      if (q.claimed === "claimed") query = query.where("claimed_by", "is not", null);
      if (q.claimed === "unclaimed") query = query.where("claimed_by", "is", null);
      if (q.mine) query = query.where((eb) => eb.or([eb("claimed_by", "=", request.user!.id), eb("opener_id", "=", request.user!.id)]));
      if (panels !== "all") query = panels.length ? query.where("panel_id", "in", panels) : query.where("id", "<", 0);
      const [rows, total] = await Promise.all([
        query.selectAll().orderBy("number", "desc").limit(q.per_page).offset((q.page - 1) * q.per_page).execute(),
        query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { tickets: rows.map((r) => toTicketSummary(r, app.tickets.channelUrl)), total: Number(total.n), page: q.page, per_page: q.per_page };
    },
  );

  const action = (path: string, summary: string, run: (request: FastifyRequest, guildId: string, ticketId: number) => Promise<Reply>, body = false) =>
    app.post(
      `/:guildId(^\\d+$)/tickets/:ticketId/${path}`,
      {
        onRequest: guard("ViewTranscripts"),
        schema: { tags, summary, params: ticketParams, ...(body ? { body: ticketCloseSchema } : {}), response: { 200: s.ticketAction, 409: errorSchema } },
      },
      async (request) => {
        const guildId = guildIdOf(request);
        const { ticketId } = request.params as { ticketId: number };
        const before = await findTicket(app.db, guildId, ticketId);
        if (!before || before.status === "opening") throw new HttpError(404, "Ticket not found");
        const panels = await panelsVisibleTo(app, request);
        if (panels !== "all" && (before.panel_id === null || !panels.includes(before.panel_id))) throw new HttpError(403, authMessages.accessDenied);
        const message = replyToHttp(await run(request, guildId, ticketId));
        const after = (await findTicket(app.db, guildId, ticketId))!;
        return { message, ticket: toTicketSummary(after, app.tickets.channelUrl) };
      },
    );

  action("claim", "Claim a ticket", async (request, guildId, n) => engine().claim(guildId, n, await memberOfSession(app, request, guildId)));
  action("unclaim", "Release a claimed ticket", async (request, guildId, n) => engine().unclaim(guildId, n, await memberOfSession(app, request, guildId)));
  action(
    "close",
    "Close a ticket (its transcript is stored)",
    async (request, guildId, n) => engine().requestClose(guildId, n, await memberOfSession(app, request, guildId), (request.body as { reason?: string })?.reason ?? null, true),
    true,
  );

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
            description: "A stream of `event: ticket` with TicketEvent JSON as data; it ends after TICKET_STREAM_SECONDS and the browser reconnects",
            content: { "text/event-stream": { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const guildId = guildIdOf(request);
      const token = bearerToken(request)!;
      const signedIn = request.user!;
      let panels = await panelsVisibleTo(app, request);
      /** The session still stands and still gives ViewTranscripts here; the panels it may see now. */
      const stillAllowed = async (): Promise<boolean> => {
        const user = await findSessionUser(app.db, app.secrets, app.sessionCache, token);
        if (!user || user.id !== signedIn.id) return false;
        const access = await resolveGuildAccess(app, user, guildId);
        if (!access?.permissions.ViewTranscripts) return false;
        request.user = user;
        request.access = access;
        panels = await panelsVisibleTo(app, request);
        return true;
      };
      reply.hijack();
      const raw = reply.raw;
      // Written past onSend (hijacked): the security headers every answer carries are added here.
      raw.writeHead(200, {
        ...securityHeaders(app.config),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      raw.write("retry: 3000\n\n");
      // Checks run one after the other, and an event waits for the check before it: after a sign-out or a lost
      // permission, nothing more is written.
      let ended = false;
      let checks: Promise<void> = Promise.resolve();
      const check = (then?: () => void) => {
        checks = checks.then(async () => {
          if (ended) return;
          if (!(await stillAllowed().catch(() => false))) return end();
          then?.();
        });
      };
      const unsubscribe = app.ticketEvents.subscribe(guildId, (event) =>
        check(() => {
          if (panels !== "all" && (event.ticket.PanelId === null || !panels.includes(event.ticket.PanelId))) return;
          raw.write(`event: ticket\ndata: ${JSON.stringify(event)}\n\n`);
        }),
      );
      // Every few seconds (team or role changes), and at once when this session or user changes (sign-out).
      const recheck = setInterval(() => check(), STREAM_RECHECK_MS);
      const unwatch = app.sessionCache.watch((change) => {
        if (change.session === undefined && change.user === undefined) return check();
        if (change.session === signedIn.sessionHash || change.user === signedIn.id) check();
      });
      // A comment every 25 s keeps proxies from closing an idle stream.
      const keepAlive = setInterval(() => raw.write(": keep-alive\n\n"), 25_000);
      // A stream lives a bounded time (memory, proxies): the browser reconnects after `retry`.
      const lifetime = setTimeout(() => end(), app.config.ticketStreamSeconds * 1000);
      const stop = () => {
        ended = true;
        clearInterval(keepAlive);
        clearInterval(recheck);
        clearTimeout(lifetime);
        unsubscribe();
        unwatch();
        streams.delete(end);
      };
      const end = () => {
        stop();
        raw.end();
      };
      streams.add(end);
      request.raw.on("close", stop);
    },
  );

  app.get(
    "/:guildId(^\\d+$)/statistics",
    { onRequest: guard("ViewTranscripts"), schema: { tags, summary: "Ticket statistics over a date range", params: guildParams, querystring: statisticsQuerySchema, response: { 200: s.statistics } } },
    async (request) => {
      const q = request.query;
      if (q.from > q.to) throw new HttpError(400, "The range must start on or before its end");
      if (datesBetween(q.from, q.to).length > statisticsMaxDays) throw new HttpError(400, `The range is at most ${statisticsMaxDays} days`);
      // TranscriptsPanelPermission: limited staff get the figures of their panels' tickets only.
      const panels = await panelsVisibleTo(app, request);
      return guildStatistics(app.db, guildIdOf(request), q, panels === "all" ? {} : { panels });
    },
  );
}
