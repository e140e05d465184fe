import { formMessages } from "../../schemas/messages";

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

export type CommandCategory = "Tickets" | "Staff" | "Forms & tags" | "Setup";

export interface BotCommand {
  /** Stable key of the command's texts in the dictionaries: commands.description.{key}. */
  key: string;
  name: string;
  description: string;
  usage: string;
  access: CommandAccess;
  category: CommandCategory;
}

/** The bot's slash commands, as listed on /commands. */
export const botCommands: BotCommand[] = [
  { key: "help", name: "/help", description: "Show what the bot can do and links to the documentation.", usage: "/help", access: "everyone", category: "Setup" },
  { key: "new", name: "/new", description: "Open a ticket without going through a panel, with an optional subject.", usage: "/new [subject]", access: "everyone", category: "Tickets" },
  { key: "close", name: "/close", description: "Close the current ticket. A transcript is saved and sent to the member who opened it.", usage: "/close [reason]", access: "ticket", category: "Tickets" },
  { key: "add", name: "/add", description: "Give another member access to the current ticket.", usage: "/add {member}", access: "ticket", category: "Tickets" },
  { key: "remove", name: "/remove", description: "Take a member's access to the current ticket away.", usage: "/remove {member}", access: "ticket", category: "Tickets" },
  { key: "rename", name: "/rename", description: "Rename the ticket channel, for example to reflect the topic.", usage: "/rename {name}", access: "staff", category: "Staff" },
  { key: "claim", name: "/claim", description: "Claim the ticket so the team knows you are handling it.", usage: "/claim", access: "staff", category: "Staff" },
  { key: "unclaim", name: "/unclaim", description: "Release a ticket you claimed so someone else can pick it up.", usage: "/unclaim", access: "staff", category: "Staff" },
  { key: "transfer", name: "/transfer", description: "Hand a claimed ticket over to another member of staff.", usage: "/transfer {member}", access: "staff", category: "Staff" },
  { key: "tag", name: "/tag", description: "Send a canned reply (tag) into the current channel.", usage: "/tag {name}", access: "staff", category: "Forms & tags" },
  {
    key: "form",
    name: formMessages.command("").trim(),
    description: "Open a form for the member: its answers are collected before the ticket opens. Copy the command with the form's id from the Forms page.",
    usage: formMessages.command("{formId}"),
    access: "everyone",
    category: "Forms & tags",
  },
  { key: "transcript", name: "/transcript", description: "Get the link to the transcript of a closed ticket by its number.", usage: "/transcript {ticketId}", access: "staff", category: "Staff" },
  { key: "panelResend", name: "/panel resend", description: "Post a panel again, for example after its message was deleted.", usage: "/panel resend {panelId}", access: "admin", category: "Setup" },
  { key: "settings", name: "/settings", description: "Show this server's ticket settings and a link to change them in the dashboard.", usage: "/settings", access: "admin", category: "Setup" },
  { key: "stats", name: "/stats", description: "Show ticket statistics of the server: open tickets, response times and average rating.", usage: "/stats", access: "staff", category: "Staff" },
];

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
type Translate = (key: string, fallback: string) => string;

/** The access names in the language on screen. */
export function localizedAccess(t: Translate): Record<CommandAccess, string> {
  return {
    everyone: t("commands.access.everyone", commandAccess.everyone),
    ticket: t("commands.access.ticket", commandAccess.ticket),
    staff: t("commands.access.staff", commandAccess.staff),
    admin: t("commands.access.admin", commandAccess.admin),
  };
}

/** Who each access name covers, in the language on screen. */
export function localizedAccessHelp(t: Translate): Record<CommandAccess, string> {
  return {
    everyone: t("commands.accessHelp.everyone", accessHelp.everyone),
    ticket: t("commands.accessHelp.ticket", accessHelp.ticket),
    staff: t("commands.accessHelp.staff", accessHelp.staff),
    admin: t("commands.accessHelp.admin", accessHelp.admin),
  };
}

/** The key of a command's description: commands.description.{key} (tests/unit/i18n/site-pages.test.tsx checks each). */
export const commandDescriptionKey = (command: Pick<BotCommand, "key">) => `commands.description.${command.key}`;

/** The commands with their descriptions in the language on screen (names and usage stay as they are). */
export function localizedCommands(commands: BotCommand[], t: Translate): BotCommand[] {
  return commands.map((command) => ({ ...command, description: t(commandDescriptionKey(command), command.description) }));
}
