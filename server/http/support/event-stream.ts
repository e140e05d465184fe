import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TicketEvent } from "../../../src/schemas/ticket";
import { bearerToken } from "../../auth/authenticate";
import type { SessionUser } from "../../auth/session-user";
import { findSessionUser } from "../../auth/sessions";
import { securityHeaders } from "./security";

// A live ticket event stream (server-sent events `ticket`, from app.ticketEvents): the dashboard's
// (GET /{guildId}/tickets/events) and the Try-it member's (GET /{guildId}/demo/events) share it. A stream lasts
// TICKET_STREAM_SECONDS, then the browser reconnects; it re-checks its session and access every few seconds, before
// every event, and at once when its session or user changes.

/** How often a live event stream re-checks its session and access (and before every event). */
export const STREAM_RECHECK_MS = 5_000;

export interface TicketStreamRules {
  /** The session's user may still follow this guild (access re-read; false ends the stream). */
  allowed(user: SessionUser): Promise<boolean>;
  /** What the stream writes for an event (its `data`), or null when this caller is not to learn of it. */
  render(event: TicketEvent): Promise<unknown> | unknown;
}

/** The streams of one route plugin: each is ended when the server closes (a stream never ends on its own). */
export function ticketEventStreams(app: FastifyInstance) {
  const streams = new Set<() => void>();
  app.addHook("onClose", async () => {
    for (const end of [...streams]) end();
  });

  /** Answers a guarded request with the guild's ticket events as `rules` let its caller see them. */
  return function stream(request: FastifyRequest, reply: FastifyReply, guildId: string, rules: TicketStreamRules): void {
    const token = bearerToken(request)!;
    const signedIn = request.user!;
    /** The session still stands, for the same user, and the route's rules still let them follow the guild. */
    const stillAllowed = async (): Promise<boolean> => {
      const user = await findSessionUser(app.db, app.secrets, app.sessionCache, token);
      if (!user || user.id !== signedIn.id) return false;
      return rules.allowed(user);
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
    const check = (then?: () => Promise<void> | void) => {
      checks = checks.then(async () => {
        if (ended) return;
        if (!(await stillAllowed().catch(() => false))) return end();
        await then?.();
      });
    };
    const unsubscribe = app.ticketEvents.subscribe(guildId, (event) =>
      check(async () => {
        const data = await Promise.resolve(rules.render(event)).catch(() => null);
        if (data !== null && data !== undefined && !ended) raw.write(`event: ticket\ndata: ${JSON.stringify(data)}\n\n`);
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
  };
}
