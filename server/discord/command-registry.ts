import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type BotCommand, commandLabel } from "../../src/schemas/commands";
import type { CommandFile } from "./command";

// The bot's commands: every file of ./commands/ (and, for tests, of any folder handed in), each one command's
// definition and handler (./command.ts). What reads them: Discord's registration (./application-commands.ts), the
// interaction router (./router.ts), Try-it (server/try-it/), Bot setup's check (what Discord should have), and — as
// plain data, through the build (vite.config.ts: virtual:bot-commands) — the public /commands page, the docs and the
// Try-it command menu.

export const commandsFolder = path.join(import.meta.dirname, "commands");

export class CommandRegistry {
  /** In the order every list shows them (their `order`, then their names). */
  readonly commands: readonly CommandFile[];

  constructor(commands: readonly CommandFile[]) {
    const seen = new Map<string, string>();
    for (const command of commands) {
      for (const id of [`key ${command.key}`, `command ${commandLabel(command)}`]) {
        if (seen.has(id)) throw new Error(`Two command files declare the ${id}: ${seen.get(id)} and ${command.name}`);
        seen.set(id, command.name);
      }
    }
    this.commands = [...commands].sort((a, b) => a.order - b.order || commandLabel(a).localeCompare(commandLabel(b)));
  }

  /** The command (or subcommand) of a name as Discord sends it: "panel" + "resend". */
  find(name: string, subcommand?: string): CommandFile | undefined {
    return this.commands.find((c) => c.name === name && (c.subcommand ?? undefined) === (subcommand ?? undefined));
  }

  /** Every command's definition, as plain data (no handler). */
  definitions(): BotCommand[] {
    return this.commands.map(definitionOf);
  }

  /** "/close", "/panel resend", "Open ticket about this message": what Discord lists once they are registered. */
  labels(): string[] {
    return this.commands.map(commandLabel);
  }
}

/** A command file's definition: everything but its handlers. */
export function definitionOf(command: CommandFile): BotCommand {
  const { run: _run, autocomplete: _autocomplete, ...definition } = command;
  return definition;
}

const isCommandFile = (value: unknown): value is CommandFile =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as CommandFile).name === "string" &&
  typeof (value as CommandFile).run === "function";

/** Every command file of `folders` (./commands/ first): the default export of each .ts file. */
export async function loadCommands(extraFolders: readonly string[] = []): Promise<CommandRegistry> {
  const files = [commandsFolder, ...extraFolders].flatMap((folder) =>
    readdirSync(folder)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"))
      .sort()
      .map((name) => path.join(folder, name)),
  );
  const commands = await Promise.all(
    files.map(async (file) => {
      const command = ((await import(pathToFileURL(file).href)) as { default?: unknown }).default;
      if (!isCommandFile(command)) throw new Error(`${file} does not export a command (export default defineCommand({ … }))`);
      return command;
    }),
  );
  return new CommandRegistry(commands);
}
