import type { FastifyInstance } from "fastify";
import { diagnoseMissing } from "../bot-setup/diagnose";
import { keyringFor } from "../crypto";
import { TicketEngine } from "./engine";
import { InteractionHandler } from "./interactions";
import type { GatewayCoverage } from "./step";
import type { ChannelUrlOf } from "./store";

// Wires the ticket engine into the app: one engine and one interaction handler per process, reached by
// /api/interactions (Discord), the Try-it routes (demo), the tickets API (dashboard) and the scheduler.

export interface TicketsDecoration {
  engine: TicketEngine;
  handler: InteractionHandler;
  channelUrl: ChannelUrlOf;
}

declare module "fastify" {
  interface FastifyInstance {
    tickets: TicketsDecoration;
    /** The gateway as the engine sees it, decorated by the wiring when DISCORD_GATEWAY=1 (server/gateway/). */
    gatewayCoverage?: GatewayCoverage;
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
    gateway: app.gatewayCoverage,
  });
  app.decorate("tickets", { engine, handler: new InteractionHandler(engine), channelUrl });
}
