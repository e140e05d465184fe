import type { FastifyInstance } from "fastify";
import { diagnoseMissing } from "../bot-setup/diagnose";
import { keyringFor } from "../crypto";
import { TicketEngine } from "./engine";
import type { ChannelUrlOf } from "./store";

// Wires the ticket engine into the app: one engine per process, reached by its doors — Discord's interactions and the
// Try-it view (server/discord/), the dashboard's routes (server/http/) — and by the scheduler.

export interface TicketsDecoration {
  engine: TicketEngine;
  channelUrl: ChannelUrlOf;
}

declare module "fastify" {
  interface FastifyInstance {
    tickets: TicketsDecoration;
  }
}

export function registerTicketEngine(app: FastifyInstance): void {
  const demo = app.platform.kind === "demo";
  const channelUrl: ChannelUrlOf = demo
    ? (guildId, channelId) => `/${guildId}/try-it?channel=${channelId}`
    : (guildId, channelId) => `https://discord.com/channels/${guildId}/${channelId}`;
  const engine = new TicketEngine({
    db: app.db,
    platform: app.platform,
    clock: app.clock,
    keyring: keyringFor(app.config),
    events: app.ticketEvents,
    log: app.log,
    publicUrl: app.config.publicUrl,
    channelUrl,
    origin: demo ? "demo" : "discord",
    diagnose: (guildId, channelId, needed) => diagnoseMissing(app.platform, guildId, channelId, needed),
    transcriptQuotaMb: app.config.transcriptQuotaMb,
  });
  app.decorate("tickets", { engine, channelUrl });
}
