import { commandLabel, commandUsage, type CommandCategory } from "../../schemas/commands";
import { botCommands as registry } from "../../schemas/command-list";

export type { CommandCategory };

export const commandAccess = {
  everyone: "Everyone",
  ticket: "Ticket creator and staff",
  staff: "Support staff",
  admin: "Server managers",
} as const;
export type CommandAccess = keyof typeof commandAccess;

export const accessHelp: Record<CommandAccess, string> = {
  everyone: "Any member of the server.",
  ticket: "The member who opened the ticket, and the staff teams of its panel.",
  staff: "Members of a staff team assigned to the ticket's panel.",
  admin: "The server owner and members with Administrator or Manage Server.",
};

/** A command as the /commands page lists it. */
export interface BotCommand {
  /** Stable key of the command's texts in the dictionaries: commands.description.{key}. */
  key: string;
  name: string;
  description: string;
  usage: string;
  access: CommandAccess;
  category: CommandCategory;
  /** "slash": typed after "/"; "message": a message command, in a message's Apps menu (Discord's type 3). */
  kind: "slash" | "message";
  /** The name an es-ES Discord client shows: a message command is named in words, so the page shows it in Spanish. */
  esName: string;
}

/** Where a message command is found: its usage line (English; the page words it in the language on screen). */
export const messageCommandUsage = (name: string) => `Apps → ${name}`;

/** The bot's commands, from the command files the bot registers with Discord (src/schemas/command-list.ts). */
export const botCommands: BotCommand[] = registry.map((c) => ({
  key: c.key,
  name: commandLabel(c),
  description: c.details,
  usage: c.type === "message" ? messageCommandUsage(c.name) : commandUsage(c),
  access: c.access,
  category: c.category,
  kind: c.type === "message" ? "message" : "slash",
  esName: c.es.name ?? c.name,
}));

/**
 * Commands matching every word of the query in their name, description, usage or access (case-insensitive).
 * `accessLabels` are the access names shown on the page (the English ones by default).
 */
export function searchCommands(
  commands: BotCommand[],
  query: string,
  accessLabels: Readonly<Record<CommandAccess, string>> = commandAccess,
): BotCommand[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return commands;
  return commands.filter((command) => {
    const haystack = [command.name, command.description, command.usage, accessLabels[command.access], command.category]
      .join(" ")
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** A translate function such as useT()'s t: the text of `key` in the language on screen, else `fallback`. */
type Translate = (key: string, fallback: string, params?: Readonly<Record<string, string | number>>) => string;

/** The access names in the language on screen. */
export function localizedAccess(t: Translate): Record<CommandAccess, string> {
  return {
    everyone: t("site.commands.access.everyone", commandAccess.everyone),
    ticket: t("site.commands.access.ticket", commandAccess.ticket),
    staff: t("site.commands.access.staff", commandAccess.staff),
    admin: t("site.commands.access.admin", commandAccess.admin),
  };
}

/** Who each access name covers, in the language on screen. */
export function localizedAccessHelp(t: Translate): Record<CommandAccess, string> {
  return {
    everyone: t("site.commands.accessHelp.everyone", accessHelp.everyone),
    ticket: t("site.commands.accessHelp.ticket", accessHelp.ticket),
    staff: t("site.commands.accessHelp.staff", accessHelp.staff),
    admin: t("site.commands.accessHelp.admin", accessHelp.admin),
  };
}

/** The key of a command's description: commands.description.{key} (tests/unit/i18n/site-pages.test.tsx checks each). */
export const commandDescriptionKey = (command: Pick<BotCommand, "key">) => `site.commands.description.${command.key}`;

/**
 * The commands with their descriptions in the language on screen. A slash command's name and usage stay as typed;
 * a message command, named in words, takes the name Discord shows in that language (`spanish`), in its usage too.
 */
export function localizedCommands(commands: BotCommand[], t: Translate, spanish = false): BotCommand[] {
  return commands.map((command) => {
    const description = t(commandDescriptionKey(command), command.description);
    if (command.kind !== "message") return { ...command, description };
    const name = spanish ? command.esName : command.name;
    return { ...command, description, name, usage: t("site.commands.messageUsage", messageCommandUsage("{name}"), { name }) };
  });
}
