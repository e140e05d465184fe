// What a bot command is: the definition each command file declares (server/discord/commands/, one file per command,
// with its handler) — the bot registers exactly those with Discord, and the public /commands page, the docs and
// Try-it read them as data (./command-list.ts). Plain types and helpers, no zod: the public site imports it.

/** Who may run a command (checked by the engine on every run, whatever Discord's own settings say). */
export const commandAccessKinds = ["everyone", "ticket", "staff", "admin"] as const;
export type CommandAccess = (typeof commandAccessKinds)[number];

export type CommandCategory = "Tickets" | "Staff" | "Forms & tags" | "Setup";

/** Option types of Discord's application commands (the numbers Discord uses). */
export const optionTypes = { subcommand: 1, string: 3, integer: 4, user: 6 } as const;
export type CommandOptionType = Exclude<keyof typeof optionTypes, "subcommand">;

/** Option names follow Discord's rule for slash commands: lowercase letters, digits, "-" and "_". */
export interface BotCommandOption {
  name: string;
  /** At most 100 characters (Discord's limit). */
  description: string;
  type: CommandOptionType;
  required?: boolean;
  /** Choices come from the server while the user types (tags, close reasons). */
  autocomplete?: boolean;
  minLength?: number;
  maxLength?: number;
  minValue?: number;
  /** Spanish (es-ES) for Discord's name_localizations and description_localizations: every option has it. */
  es: Localized;
}

/** A command's or option's name and description in Spanish, as Discord shows them to an es-ES client. */
export interface Localized {
  /** Discord's rule: 1–32 lowercase letters, digits, "-" and "_"; omitted when the name stays. */
  name?: string;
  /** At most 100 characters. */
  description: string;
}

export interface BotCommand {
  /** Stable key of the command's texts (the dictionaries' commands.description.{key}). */
  key: string;
  /** Where it stands in every list of commands (the /commands page, Try-it's menu): lowest first. */
  order: number;
  /** The top-level command name Discord registers ("panel" for /panel resend). */
  name: string;
  /** The subcommand, for commands registered as a group ("resend" of /panel). */
  subcommand?: string;
  /** Shown in Discord's command picker: at most 100 characters. */
  description: string;
  /** The longer explanation of the /commands page. */
  details: string;
  options: readonly BotCommandOption[];
  access: CommandAccess;
  category: CommandCategory;
  /** Where it runs: anywhere in a server, only in a ticket's channel, or only in a direct message with the bot (DM tickets). */
  where: "guild" | "ticket" | "dm";
  /** Spanish (es-ES): Discord's name_localizations and description_localizations; every command has it. */
  es: Localized;
  /**
   * "message": a message context-menu command (Discord's type 3: right-click a message → Apps), named in words and
   * without options or a description on Discord; otherwise a slash command.
   */
  type?: "message";
}

/** "/close", "/panel resend". */
export const commandLabel = (command: Pick<BotCommand, "name" | "subcommand" | "type">) =>
  command.type === "message" ? command.name : `/${command.name}${command.subcommand ? ` ${command.subcommand}` : ""}`;

/** "/close [reason]", "/tag {name}": required options in braces, optional ones in brackets. */
export const commandUsage = (command: BotCommand) =>
  [commandLabel(command), ...command.options.map((o) => (o.required ? `{${o.name}}` : `[${o.name}]`))].join(" ");
