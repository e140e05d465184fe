import type { FastifyInstance } from "fastify";
import { diagnoseMissing } from "../bot-setup/diagnose";
import { keyringFor } from "../crypto";
import type { TicketMessages } from "./messages";
import type { EngineDeps } from "./step";
import type { ChannelUrlOf } from "./store";

// Wires the ticket core into the app: its dependencies, once per process, for its doors — Discord's interactions and
// the Try-it view (server/discord/, server/try-it/), the dashboard's routes (server/http/) — and the scheduler. Each
// step is a function of these (`claim(app.tickets.deps, …)`); the door that wires it gives the words (`messages`).

export interface TicketsDecoration {
  deps: EngineDeps;
  channelUrl: ChannelUrlOf;
}

declare module "fastify" {
  interface FastifyInstance {
    tickets: TicketsDecoration;
  }
}

export function registerTicketEngine(app: FastifyInstance, messages: TicketMessages): void {
  const demo = app.platform.kind === "demo";
  const channelUrl: ChannelUrlOf = demo
    ? (guildId, channelId) => `/${guildId}/try-it?channel=${channelId}`
    : (guildId, channelId) => `https://discord.com/channels/${guildId}/${channelId}`;
  const deps: EngineDeps = {
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
    messages,
  };
  app.decorate("tickets", { deps, channelUrl });
}
