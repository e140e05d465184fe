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
  name: string;
  description: string;
  usage: string;
  access: CommandAccess;
  category: CommandCategory;
}

/** The bot's slash commands, as listed on /commands. */
export const botCommands: BotCommand[] = [
  { name: "/help", description: "Show what the bot can do and links to the documentation.", usage: "/help", access: "everyone", category: "Setup" },
  { name: "/new", description: "Open a ticket without going through a panel, with an optional subject.", usage: "/new [subject]", access: "everyone", category: "Tickets" },
  { name: "/close", description: "Close the current ticket. A transcript is saved and sent to the member who opened it.", usage: "/close [reason]", access: "ticket", category: "Tickets" },
  { name: "/add", description: "Give another member access to the current ticket.", usage: "/add {member}", access: "ticket", category: "Tickets" },
  { name: "/remove", description: "Take a member's access to the current ticket away.", usage: "/remove {member}", access: "ticket", category: "Tickets" },
  { name: "/rename", description: "Rename the ticket channel, for example to reflect the topic.", usage: "/rename {name}", access: "staff", category: "Staff" },
  { name: "/claim", description: "Claim the ticket so the team knows you are handling it.", usage: "/claim", access: "staff", category: "Staff" },
  { name: "/unclaim", description: "Release a ticket you claimed so someone else can pick it up.", usage: "/unclaim", access: "staff", category: "Staff" },
  { name: "/transfer", description: "Hand a claimed ticket over to another member of staff.", usage: "/transfer {member}", access: "staff", category: "Staff" },
  { name: "/tag", description: "Send a canned reply (tag) into the current channel.", usage: "/tag {name}", access: "staff", category: "Forms & tags" },
  {
    name: formMessages.command("").trim(),
    description: "Open a form for the member: its answers are collected before the ticket opens. Copy the command with the form's id from the Forms page.",
    usage: formMessages.command("{formId}"),
    access: "everyone",
    category: "Forms & tags",
  },
  { name: "/transcript", description: "Get the link to the transcript of a closed ticket by its number.", usage: "/transcript {ticketId}", access: "staff", category: "Staff" },
  { name: "/panel resend", description: "Post a panel again, for example after its message was deleted.", usage: "/panel resend {panelId}", access: "admin", category: "Setup" },
  { name: "/settings", description: "Show this server's ticket settings and a link to change them in the dashboard.", usage: "/settings", access: "admin", category: "Setup" },
  { name: "/stats", description: "Show ticket statistics of the server: open tickets, response times and average rating.", usage: "/stats", access: "staff", category: "Staff" },
];

/** Commands matching every word of the query in their name, description, usage or access (case-insensitive). */
export function searchCommands(commands: BotCommand[], query: string): BotCommand[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return commands;
  return commands.filter((command) => {
    const haystack = [command.name, command.description, command.usage, commandAccess[command.access], command.category]
      .join(" ")
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
