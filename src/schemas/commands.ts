// The bot's slash commands: the one registry (docs/ticket-engine.md). The bot registers exactly these with Discord
// (bulk overwrite) and dispatches on their names; the public /commands page and the docs render the same list.
// Plain data, no zod: the public site imports it.

/** Who may run a command (checked by the engine on every run, whatever Discord's own settings say). */
export const commandAccessKinds = ["everyone", "ticket", "staff", "admin"] as const;
export type CommandAccess = (typeof commandAccessKinds)[number];

/** The /commands page's groups, in its order. */
export const commandCategories = ["Tickets", "Staff", "Forms & tags", "Setup"] as const;
export type CommandCategory = (typeof commandCategories)[number];

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
  /** Where it runs: anywhere in a server, or only in a ticket's channel (no command runs in a direct message). */
  where: "guild" | "ticket";
  /** Spanish (es-ES): Discord's name_localizations and description_localizations; every command has it. */
  es: Localized;
  /**
   * "message": a message context-menu command (Discord's type 3: right-click a message → Apps), named in words and
   * without options or a description on Discord; otherwise a slash command.
   */
  type?: "message";
}

const member = (description: string, es: string): BotCommandOption => ({ name: "member", description, type: "user", required: true, es: { name: "miembro", description: es } });

export const botCommands: readonly BotCommand[] = [
  {
    key: "help", name: "help", description: "Show what the bot can do and where its documentation is.",
    details: "Show what the bot can do and links to the documentation.", options: [], access: "everyone", category: "Setup", where: "guild",
    es: { name: "ayuda", description: "Muestra lo que puede hacer el bot y dónde está su documentación." },
  },
  {
    key: "new", name: "new", description: "Open a ticket without going through a panel.",
    details: "Open a ticket without going through a panel, with an optional subject.",
    options: [{ name: "subject", description: "What the ticket is about", type: "string", maxLength: 100, es: { name: "asunto", description: "De qué trata el ticket" } }],
    access: "everyone", category: "Tickets", where: "guild",
    es: { name: "nuevo", description: "Abre un ticket sin pasar por un panel." },
  },
  {
    key: "close", name: "close", description: "Close this ticket; its transcript is saved.",
    details: "Close the current ticket, with a reason (a preset or your own) and details added after it. A transcript is saved and sent to the member who opened it.",
    options: [
      { name: "reason", description: "Why the ticket is closed (pick a preset or type your own)", type: "string", autocomplete: true, maxLength: 1024, es: { name: "motivo", description: "Por qué se cierra el ticket (elige uno predefinido o escribe el tuyo)" } },
      { name: "details", description: "Text added after the reason, e.g. what the member confirmed", type: "string", maxLength: 1024, es: { name: "detalles", description: "Texto que se añade tras el motivo, p. ej. lo que confirmó el miembro" } },
    ],
    access: "ticket", category: "Tickets", where: "ticket",
    es: { name: "cerrar", description: "Cierra este ticket; se guarda su transcripción." },
  },
  {
    key: "closeRequest", name: "closerequest", description: "Ask the member to confirm that this ticket can close.",
    details: "Ask the member who opened the ticket to confirm it can close, with an optional reason and delay; without an answer it closes after the delay.",
    options: [
      { name: "reason", description: "Why the ticket can close", type: "string", maxLength: 1024, es: { name: "motivo", description: "Por qué se puede cerrar el ticket" } },
      { name: "hours", description: "Hours to wait for an answer before closing (default: the server's setting)", type: "integer", minValue: 1, es: { name: "horas", description: "Horas de espera antes de cerrar (por defecto: la configuración del servidor)" } },
    ],
    access: "staff", category: "Staff", where: "ticket",
    es: { name: "pedircierre", description: "Pide al miembro que confirme que este ticket se puede cerrar." },
  },
  {
    key: "messageTicket", name: "Open ticket about this message", type: "message",
    description: "Open a ticket about a message, quoting it and linking back to it.",
    details: "Right-click a message → Apps → Open ticket about this message: a ticket opens for the message's author (or for you, as the server chooses), quoting the message and linking back to it.",
    options: [], access: "everyone", category: "Tickets", where: "guild",
    es: { name: "Abrir ticket sobre este mensaje", description: "Abre un ticket sobre un mensaje, citándolo y enlazándolo." },
  },
  {
    key: "add", name: "add", description: "Give another member access to this ticket.",
    details: "Give another member access to the current ticket.", options: [member("The member to add", "El miembro que añadir")], access: "ticket", category: "Tickets", where: "ticket",
    es: { name: "añadir", description: "Da acceso a este ticket a otro miembro." },
  },
  {
    key: "remove", name: "remove", description: "Take a member's access to this ticket away.",
    details: "Take a member's access to the current ticket away.", options: [member("The member to remove", "El miembro que quitar")], access: "ticket", category: "Tickets", where: "ticket",
    es: { name: "quitar", description: "Quita a un miembro el acceso a este ticket." },
  },
  {
    key: "rename", name: "rename", description: "Rename this ticket's channel.",
    details: "Rename the ticket channel, for example to reflect the topic.",
    options: [{ name: "name", description: "The new channel name", type: "string", required: true, minLength: 1, maxLength: 100, es: { name: "nombre", description: "El nuevo nombre del canal" } }],
    access: "staff", category: "Staff", where: "ticket",
    es: { name: "renombrar", description: "Cambia el nombre del canal de este ticket." },
  },
  {
    key: "claim", name: "claim", description: "Claim this ticket so the team knows you handle it.",
    details: "Claim the ticket so the team knows you are handling it.", options: [], access: "staff", category: "Staff", where: "ticket",
    es: { name: "reclamar", description: "Reclama este ticket para que el equipo sepa que te encargas tú." },
  },
  {
    key: "unclaim", name: "unclaim", description: "Release a ticket you claimed.",
    details: "Release a ticket you claimed so someone else can pick it up.", options: [], access: "staff", category: "Staff", where: "ticket",
    es: { name: "liberar", description: "Libera un ticket que reclamaste." },
  },
  {
    key: "transfer", name: "transfer", description: "Hand this ticket over to another member of staff.",
    details: "Hand a claimed ticket over to another member of staff.", options: [member("The staff member who takes over", "El miembro del staff que se encarga")], access: "staff", category: "Staff", where: "ticket",
    es: { name: "transferir", description: "Pasa este ticket a otro miembro del staff." },
  },
  {
    key: "tag", name: "tag", description: "Send a canned reply (tag) into this channel.",
    details: "Send a canned reply (tag) into the current channel.",
    options: [{ name: "name", description: "The tag to send", type: "string", required: true, autocomplete: true, maxLength: 255, es: { name: "nombre", description: "La etiqueta que enviar" } }],
    access: "staff", category: "Forms & tags", where: "guild",
    es: { name: "etiqueta", description: "Envía una respuesta predefinida (etiqueta) a este canal." },
  },
  {
    key: "form", name: "form", description: "Fill in a form of this server.",
    details: "Open a form for the member: its answers are collected before the ticket opens. Copy the command with the form's id from the Forms page.",
    options: [{ name: "form_id", description: "The form's id (Forms page → Copy command)", type: "integer", required: true, minValue: 1, es: { name: "id_formulario", description: "El id del formulario (página Formularios → Copiar comando)" } }],
    access: "everyone", category: "Forms & tags", where: "guild",
    es: { name: "formulario", description: "Rellena un formulario de este servidor." },
  },
  {
    key: "transcript", name: "transcript", description: "Get the link to a closed ticket's transcript.",
    details: "Get the link to the transcript of a closed ticket by its number.",
    options: [{ name: "ticket_id", description: "The ticket's number", type: "integer", required: true, minValue: 0, es: { name: "id_ticket", description: "El número del ticket" } }],
    access: "staff", category: "Staff", where: "guild",
    es: { name: "transcripcion", description: "Obtén el enlace a la transcripción de un ticket cerrado." },
  },
  {
    key: "panelResend", name: "panel", subcommand: "resend", description: "Post a panel again.",
    details: "Post a panel again, for example after its message was deleted.",
    options: [{ name: "panel_id", description: "The panel's id (#id on the Panels page)", type: "integer", required: true, minValue: 1, es: { name: "id_panel", description: "El id del panel (#id en la página Paneles)" } }],
    access: "admin", category: "Setup", where: "guild",
    es: { name: "reenviar", description: "Vuelve a publicar un panel." },
  },
  {
    key: "settings", name: "settings", description: "Show this server's ticket settings.",
    details: "Show this server's ticket settings and a link to change them in the dashboard.", options: [], access: "admin", category: "Setup", where: "guild",
    es: { name: "ajustes", description: "Muestra la configuración de tickets de este servidor." },
  },
  // ---- issue 23 (the help desk) ----
  {
    key: "note", name: "note", description: "Add a private staff note to this ticket (the member never sees it).",
    details: "Add a private note to the ticket: staff read it on the ticket's page in the dashboard; the member never sees it and it is not in the transcript.",
    options: [{ name: "text", description: "The note", type: "string", required: true, minLength: 1, maxLength: 2000, es: { name: "texto", description: "La nota" } }],
    access: "staff", category: "Staff", where: "ticket",
    es: { name: "nota", description: "Añade una nota privada del staff a este ticket (el miembro nunca la ve)." },
  },
  {
    key: "priority", name: "priority", description: "Set this ticket's priority: low, normal, high or urgent.",
    details: "Set the ticket's priority (low, normal, high or urgent); the dashboard's queue sorts and filters by it.",
    options: [{ name: "level", description: "low, normal, high or urgent", type: "string", required: true, minLength: 3, maxLength: 6, es: { name: "nivel", description: "low (baja), normal, high (alta) o urgent (urgente)" } }],
    access: "staff", category: "Staff", where: "ticket",
    es: { name: "prioridad", description: "Fija la prioridad de este ticket: low, normal, high o urgent." },
  },
  {
    key: "stats", name: "stats", description: "Show ticket statistics of this server.",
    details: "Show ticket statistics of the server: open tickets, response times and average rating.", options: [], access: "staff", category: "Staff", where: "guild",
    es: { name: "estadisticas", description: "Muestra las estadísticas de tickets de este servidor." },
  },
];

/** "/close", "/panel resend". */
export const commandLabel = (command: Pick<BotCommand, "name" | "subcommand" | "type">) =>
  command.type === "message" ? command.name : `/${command.name}${command.subcommand ? ` ${command.subcommand}` : ""}`;

/** "/close [reason]", "/tag {name}": required options in braces, optional ones in brackets. */
export const commandUsage = (command: BotCommand) =>
  [commandLabel(command), ...command.options.map((o) => (o.required ? `{${o.name}}` : `[${o.name}]`))].join(" ");

/** The command (or subcommand) of a name as Discord sends it: "panel" + "resend". */
export const findCommand = (name: string, subcommand?: string) =>
  botCommands.find((c) => c.name === name && (c.subcommand ?? undefined) === (subcommand ?? undefined));

/** The slash commands (what a member types after "/"); the message commands are in a message's Apps menu. */
export const slashCommands = botCommands.filter((c) => c.type !== "message");
export const messageCommands = botCommands.filter((c) => c.type === "message");
