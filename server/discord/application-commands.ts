import type { FastifyInstance } from "fastify";
import { type BotCommand, type Localized, optionTypes } from "../../src/schemas/commands";
import { DiscordPlatform } from "../platform/discord";

// The command files (./commands/, read by ./command-registry.ts) as Discord's application commands: registered at
// start in Discord mode (index.ts); on the demo platform, as the app starts (./plugin.ts).

/** Discord's locale of the registry's Spanish (reference.mdx: "es-ES"; "es-419" falls back to the default). */
const SPANISH = "es-ES";

/** Discord's interaction contexts: servers only (0) — "guild" and "ticket" commands; the bot's DMs only (1) — "dm" ones. */
const IN_SERVERS = [0];
const IN_BOT_DMS = [1];
/** Installed to a server (0): a DM command is offered to the members of the servers the bot is in. */
const GUILD_INSTALL = [0];

/** name_localizations and description_localizations of a command or option with Spanish. */
const localizations = (es: Localized | undefined) =>
  es
    ? { ...(es.name ? { name_localizations: { [SPANISH]: es.name } } : {}), description_localizations: { [SPANISH]: es.description } }
    : {};

/** One command of the registry as Discord's bulk overwrite takes it. */
function optionsOf(command: BotCommand) {
  return command.options.map((o) => ({
    type: optionTypes[o.type],
    name: o.name,
    description: o.description,
    ...localizations(o.es),
    required: o.required === true,
    ...(o.autocomplete ? { autocomplete: true } : {}),
    ...(o.minLength !== undefined ? { min_length: o.minLength } : {}),
    ...(o.maxLength !== undefined ? { max_length: o.maxLength } : {}),
    ...(o.minValue !== undefined ? { min_value: o.minValue } : {}),
  }));
}

/** The commands as Discord's application commands: groups ("/panel resend") become subcommands of one command. */
export function applicationCommands(commands: readonly BotCommand[]): Record<string, unknown>[] {
  const out = new Map<string, Record<string, unknown>>();
  for (const command of commands) {
    const { name, description, es } = command;
    if (command.type === "message") {
      // A message context-menu command (application-commands.mdx: type 3, no description, no options).
      out.set(name, { name, ...(es?.name ? { name_localizations: { [SPANISH]: es.name } } : {}), type: 3, contexts: IN_SERVERS });
    } else if (command.subcommand) {
      const group = out.get(name) ?? {
        name,
        description: `${name} commands`,
        description_localizations: { [SPANISH]: `Comandos de ${name}` },
        type: 1,
        contexts: IN_SERVERS,
        options: [] as unknown[],
      };
      const subcommand = {
        type: optionTypes.subcommand,
        name: command.subcommand,
        description,
        ...localizations(es),
        options: optionsOf(command),
      };
      (group.options as unknown[]).push(subcommand);
      out.set(name, group);
    } else if (command.where === "dm") {
      out.set(name, {
        name,
        description,
        ...localizations(es),
        type: 1,
        contexts: IN_BOT_DMS,
        integration_types: GUILD_INSTALL,
        options: optionsOf(command),
      });
    } else {
      out.set(name, { name, description, ...localizations(es), type: 1, contexts: IN_SERVERS, options: optionsOf(command) });
    }
  }
  return [...out.values()];
}

/** At start in Discord mode: register the slash commands (bulk overwrite, so a restart changes nothing). */
export async function registerSlashCommands(app: FastifyInstance): Promise<void> {
  if (!(app.platform instanceof DiscordPlatform)) return;
  const commands = app.discord.router.commands.definitions();
  try {
    await app.platform.registerCommands(applicationCommands(commands));
    app.log.info(`registered ${commands.length} slash commands`);
  } catch (error) {
    app.log.warn({ err: error }, "slash commands not registered (the bot keeps answering the ones Discord has)");
  }
}
