import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  demoChannelsResponseSchema,
  demoInteractionInputSchema,
  demoInteractionReplySchema,
  demoMessageInputSchema,
  demoMessagesResponseSchema,
} from "../../src/schemas/demo";
import { demoClockSchema, demoSkipAheadSchema, demoSkippedAheadSchema } from "../../src/schemas/demo-clock";
import { guard, guildIdOf, managerLevels, requireManager } from "../access/guard";
import { resolveGuildAccess } from "../access/resolve";
import { recordActivityOf, requestActor } from "../activity/record";
import { demoInteraction, toDemoReply } from "../try-it/interaction";
import { sweep } from "../tickets/scheduler";
import { sweepSnoozedTickets } from "../helpdesk/snooze";
import { sweepWaitingTickets } from "../helpdesk/waiting";
import { ticketEventStreams } from "./support/event-stream";
import { named } from "./support/openapi/components";
import { guildParams } from "./support/route-schemas";

// The Try-it view's API (docs/ticket-engine.md), over app.tryIt (server/try-it/): the channels the signed-in demo user
// can see and their messages, writing a message, and clicks, choices, modal submits and slash commands turned into the
// interaction Discord would deliver — run through the same router as /api/interactions, under the same limits.

const tags = ["Try it"];
const channelParams = z.object({ guildId: z.string(), channelId: z.string().regex(/^\d{1,21}$/) });
const s = {
  channels: named("DemoChannels", demoChannelsResponseSchema),
  messages: named("DemoMessages", demoMessagesResponseSchema),
  reply: named("DemoInteractionReply", demoInteractionReplySchema),
  posted: named("DemoMessagePosted", z.object({ id: z.string() })),
  skipped: named("DemoSkippedAhead", demoSkippedAheadSchema),
  clock: named("DemoClock", demoClockSchema),
};

/** The activity entry of a skip (by the staff member who ran it). */
export const skippedAheadAction = "Demo Clock Skipped Ahead";

export default async function demoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const stream = ticketEventStreams(app);

  // The member's view follows the tickets by the dashboard's events, told only of the channels the member sees.
  app.get(
    "/:guildId(^\\d+$)/demo/events",
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: "Try it: live events of the tickets the demo user sees (server-sent events, event: ticket)",
        params: guildParams,
        response: {
          200: {
            description:
              "A stream of `event: ticket` with DemoTicketEvent JSON as data; it ends after TICKET_STREAM_SECONDS and the browser reconnects",
            content: { "text/event-stream": { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const guildId = guildIdOf(request);
      let member = await app.tryIt.memberOf(guildId, request.user!);
      const seen = await app.tryIt.ticketChannelsSeen(guildId, member);
      stream(request, reply, guildId, {
        /** Still allowed in the guild, and still its member (their roles read again). */
        async allowed(user) {
          if (!(await resolveGuildAccess(app, user, guildId))) return false;
          member = await app.tryIt.memberOf(guildId, user);
          return true;
        },
        render: (event) => app.tryIt.eventFor(guildId, member, event, seen),
      });
    },
  );

  app.get(
    "/:guildId(^\\d+$)/demo/channels",
    {
      onRequest: guard(),
      schema: { tags, summary: "Try it: the channels the demo user sees", params: guildParams, response: { 200: s.channels } },
    },
    async (request) => ({ channels: await app.tryIt.channels(guildIdOf(request), request.user!) }),
  );

  app.get(
    "/:guildId(^\\d+$)/demo/channels/:channelId/messages",
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: "Try it: a channel's messages, oldest first",
        params: channelParams,
        querystring: z.object({
          after: z
            .string()
            .regex(/^\d{1,21}$/)
            .optional(),
        }),
        response: { 200: s.messages },
      },
    },
    async (request) => app.tryIt.messages(guildIdOf(request), request.user!, request.params.channelId, request.query.after),
  );

  app.post(
    "/:guildId(^\\d+$)/demo/channels/:channelId/messages",
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: "Try it: write a message",
        params: channelParams,
        body: demoMessageInputSchema,
        response: { 201: s.posted },
      },
    },
    async (request, reply) => {
      const id = await app.tryIt.post(guildIdOf(request), request.user!, request.params.channelId, request.body.content);
      return reply.code(201).send({ id });
    },
  );

  // The server's demo clock (server/platform/clock.ts): how far "Skip ahead" moved it, read by every member of Try-it.
  app.get(
    "/:guildId(^\\d+$)/demo/clock",
    { onRequest: guard(), schema: { tags, summary: "Try it: this server's demo clock", params: guildParams, response: { 200: s.clock } } },
    async (request) => {
      const guildId = guildIdOf(request);
      const clock = app.tryIt.clock();
      const offsetMs = await clock.offsetOf(guildId);
      return { offsetMs, now: Date.now() + offsetMs, canSkip: managerLevels.includes(request.access!.level) };
    },
  );

  // Time-based steps (the inactivity warning, a close request's deadline, auto-close, waiting alerts) shown without
  // waiting: this server's clock moves `hours` ahead — skips add up — and its scheduled work runs once at its new time.
  // Only the demo has it. Managers only: it closes tickets of every panel, which only they may all close. A write
  // (the write limit counts it), with an activity entry naming who ran it; the tickets it closes say so in their reason.
  app.post(
    "/:guildId(^\\d+$)/demo/skip-ahead",
    {
      onRequest: [guard(), requireManager],
      schema: {
        tags,
        summary: "Try it: move this server's demo clock ahead and run its scheduled work",
        params: guildParams,
        body: demoSkipAheadSchema,
        response: { 200: s.skipped },
      },
    },
    async (request) => {
      const guildId = guildIdOf(request);
      const clock = app.tryIt.clock();
      const by = requestActor(request);
      const offsetMs = await clock.skip(guildId, request.body.hours * 3_600_000);
      const real = Date.now();
      const done = await sweep(app, real, { guildId, skippedBy: by.username });
      const alerted = await sweepWaitingTickets(app.tickets.deps, real, guildId);
      const woken = await sweepSnoozedTickets(app.tickets.deps, real, guildId);
      const now = real + offsetMs;
      const closed = done.closed + done.requestsClosed;
      await recordActivityOf(app.db, by, {
        guildId,
        action: skippedAheadAction,
        after: {
          Hours: request.body.hours,
          ClockAheadHours: offsetMs / 3_600_000,
          ServerTime: now,
          Closed: closed,
          Warned: done.warned,
          Alerted: alerted,
          // Snoozed tickets it brought back, when any.
          ...(woken ? { Woken: woken } : {}),
        },
        at: now,
      });
      return { closed, warned: done.warned, alerted, woken, clock: { offsetMs, now, canSkip: true } };
    },
  );

  app.post(
    "/:guildId(^\\d+$)/demo/interactions",
    {
      onRequest: guard(),
      // Counted by the interactions' own limits (per member and per server), not the dashboard's write limit.
      config: { interaction: true },
      schema: {
        tags,
        summary: "Try it: a click, choice, form or slash command",
        params: guildParams,
        body: demoInteractionInputSchema,
        response: { 200: s.reply },
      },
    },
    async (request) => {
      const guildId = guildIdOf(request);
      const input = request.body;
      const { member, channel } = await app.tryIt.channel(guildId, request.user!, input.channelId);
      // A message command targets a message of this channel (the one the member sees).
      const targeted = input.kind === "messageCommand" ? await app.tryIt.targetMessage(channel.id, input.messageId) : undefined;
      const interaction = demoInteraction(app.discord.router.commands, guildId, member, channel, input, targeted);
      const outcome = (await app.interactionLimits.check(interaction)) ?? (await app.discord.router.handle(interaction));
      return toDemoReply(outcome, channel.id, await app.clock.now(guildId));
    },
  );
}
