import type { FastifyInstance } from "fastify";
import { type BotCommand, botCommands, type Localized, optionTypes } from "../../src/schemas/commands";
import { DiscordPlatform } from "../platform/discord";

// The slash-command registry (src/schemas/commands.ts) as Discord's application commands, registered at start in
// Discord mode (index.ts).

/** Discord's locale of the registry's Spanish (reference.mdx: "es-ES"; "es-419" falls back to the default). */
const SPANISH = "es-ES";

/** name_localizations and description_localizations of a command or option with Spanish. */
const localizations = (es: Localized | undefined) =>
  es ? { ...(es.name ? { name_localizations: { [SPANISH]: es.name } } : {}), description_localizations: { [SPANISH]: es.description } } : {};

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

/** The registry as Discord's application commands: groups ("/panel resend") become subcommands of one command. */
export function applicationCommands(): Record<string, unknown>[] {
  const out = new Map<string, Record<string, unknown>>();
  for (const command of botCommands) {
    if (command.type === "message") {
      // A message context-menu command (application-commands.mdx: type 3, no description, no options).
      out.set(command.name, { name: command.name, ...(command.es?.name ? { name_localizations: { [SPANISH]: command.es.name } } : {}), type: 3, contexts: [0] });
    } else if (command.subcommand) {
      const group = out.get(command.name) ?? {
        name: command.name, description: `${command.name} commands`, description_localizations: { [SPANISH]: `Comandos de ${command.name}` }, type: 1, contexts: [0], options: [] as unknown[],
      };
      (group.options as unknown[]).push({ type: optionTypes.subcommand, name: command.subcommand, description: command.description, ...localizations(command.es), options: optionsOf(command) });
      out.set(command.name, group);
    } else {
      out.set(command.name, { name: command.name, description: command.description, ...localizations(command.es), type: 1, contexts: [0], options: optionsOf(command) });
    }
  }
  return [...out.values()];
}

/** At start in Discord mode: register the slash commands (bulk overwrite, so a restart changes nothing). */
export async function registerSlashCommands(app: FastifyInstance): Promise<void> {
  if (!(app.platform instanceof DiscordPlatform)) return;
  try {
    await app.platform.registerCommands(applicationCommands());
    app.log.info(`registered ${botCommands.length} slash commands`);
  } catch (error) {
    app.log.warn({ err: error }, "slash commands not registered (the bot keeps answering the ones Discord has)");
  }
}
