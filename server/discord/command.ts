import type { APIInteraction } from "discord-api-types/v10";
import type { BotCommand } from "../../src/schemas/commands";
import type { Member } from "../tickets/members";
import type { Outcome } from "../tickets/outcomes";
import type { EngineDeps, Known } from "../tickets/step";
import type { TicketRow } from "../tickets/store";
import type { Reply } from "./answers";

// What a command file declares (server/discord/commands/<name>.ts, one file per command): its definition — the data
// Discord registers and the public /commands page, the docs and Try-it show (src/schemas/commands.ts) — and its
// handler. The registry (./command-registry.ts) finds every file of the folder; adding a command is one file plus its
// Spanish (the page's description: src/i18n/locales/es/site.ts, commands.description.{key}).

/** A slash command's options as Discord sent them, flat (a subcommand's own options included). Hostile: check each. */
export type CommandOptions = Record<string, string | number | boolean>;

/** A choice offered while the member types (autocomplete). */
export interface Choice {
  name: string;
  value: string | number;
}

/** Where and by whom a command runs: the interaction's server, channel and member, with what the router read. */
export interface CommandContext {
  deps: EngineDeps;
  guildId: string;
  channelId: string | null;
  member: Member;
  options: CommandOptions;
  /** The server's settings, read once for the interaction (its language): hand them to the steps. */
  known: Known;
  /** The interaction itself (a message command reads its target message from it). */
  interaction: APIInteraction;
}

/** A command run in a ticket's channel: the ticket, read once by the router. */
export interface TicketCommandContext extends CommandContext {
  ticket: TicketRow;
}

/** A command run in the member's direct messages with the bot: only the user is known (no server, no member). */
export interface DmCommandContext {
  deps: EngineDeps;
  user: { id: string; username: string };
  channelId: string | null;
  known: Known;
  interaction: APIInteraction;
}

/** A step's outcome (the router words it), or an answer the command words itself. */
export type CommandAnswer = Outcome | Reply;

type Handlers<C> = {
  run(context: C): Promise<CommandAnswer>;
  /** Choices for the focused option as the member types; nothing for a member who may not use the command there. */
  autocomplete?(context: C, focused: string, typed: string): Promise<Choice[]>;
};

export type TicketCommand = BotCommand & { where: "ticket" } & Handlers<TicketCommandContext>;
export type DmCommand = BotCommand & { where: "dm" } & Handlers<DmCommandContext>;
export type GuildCommand = BotCommand & { where: "guild" } & Handlers<CommandContext>;
export type CommandFile = TicketCommand | GuildCommand | DmCommand;

/** A command file's default export (typed, so its handler gets the context its `where` promises). */
export function defineCommand<C extends CommandFile>(command: C): C {
  return command;
}
