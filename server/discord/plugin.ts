import type { FastifyInstance } from "fastify";
import { InteractionHandler } from "./router";

// The Discord door: one interaction router per process, reached by Discord's endpoint (server/http/interactions.ts)
// and the Try-it view (server/http/try-it.ts), over the ticket engine.

export interface DiscordDoor {
  router: InteractionHandler;
}

declare module "fastify" {
  interface FastifyInstance {
    discord: DiscordDoor;
  }
}

/** Registers app.discord over the ticket engine (after registerTicketEngine). */
export function registerDiscordDoor(app: FastifyInstance): void {
  app.decorate("discord", { router: new InteractionHandler(app.tickets.engine) });
}
