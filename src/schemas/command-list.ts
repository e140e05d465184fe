import { botCommands as generated } from "virtual:bot-commands";
import type { BotCommand } from "./commands";

// Every command of the bot, as plain data: the definitions of the command files (server/discord/commands/, one file per
// command), made at build time by the bundler (scripts/bot-commands.ts) — so the public /commands page, the docs and
// Try-it's command menu read the very declarations the bot registers with Discord, and no server code reaches the
// browser. For the client only: the server reads the command files themselves (server/discord/command-registry.ts).

/** Every command, in the order every list shows them (the /commands page, Try-it's menu). */
export const botCommands: readonly BotCommand[] = generated;

/** The slash commands (what a member types after "/"); the message commands are in a message's Apps menu. */
export const slashCommands = botCommands.filter((c) => c.type !== "message");
export const messageCommands = botCommands.filter((c) => c.type === "message");
