import type { FastifyInstance } from "fastify";
import { DemoPlatform } from "../platform/demo";
import { applicationCommands } from "./application-commands";
import type { CommandRegistry } from "./command-registry";
import { InteractionRouter } from "./router";

// The Discord door: one interaction router per process over the ticket core and the command files, reached by
// Discord's endpoint (server/http/interactions.ts) and the Try-it view (server/http/try-it.ts).

export interface DiscordDoor {
  router: InteractionRouter;
}

declare module "fastify" {
  interface FastifyInstance {
    discord: DiscordDoor;
  }
}

/** Registers app.discord over the ticket core (after registerTicketEngine). The demo platform has the commands at once. */
export function registerDiscordDoor(app: FastifyInstance, commands: CommandRegistry): void {
  app.decorate("discord", { router: new InteractionRouter(app.tickets.deps, commands) });
  if (app.platform instanceof DemoPlatform) app.platform.registerCommands(applicationCommands(commands.definitions()));
}
