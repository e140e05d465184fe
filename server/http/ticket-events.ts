import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { guard, guildIdOf } from "../access/guard";
import { resolveGuildAccess } from "../access/resolve";
import { bearerToken } from "../auth/authenticate";
import { findSessionUser } from "../auth/sessions";
import { guildParams } from "./support/route-schemas";
import { securityHeaders } from "./support/security";
import { panelsVisibleTo } from "./support/visible-panels";

// GET /{guildId}/tickets/events: the dashboard's live ticket events (server-sent events `ticket`, from app.ticketEvents:
// server/tickets/events.ts). A stream lasts TICKET_STREAM_SECONDS, then the browser reconnects; it re-checks its
// session and access every few seconds, before every event, and at once when its session or user changes.

const tags = ["Tickets"];
/** How often a live event stream re-checks its session and access (and before every event). */
export const STREAM_RECHECK_MS = 5_000;

export default async function ticketEventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Open event streams, ended when the server closes (a stream never ends on its own).
  const streams = new Set<() => void>();
  app.addHook("onClose", async () => {
    for (const end of [...streams]) end();
  });

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
}
