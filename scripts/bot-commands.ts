import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import type { Plugin } from "vite";

// The bot's commands as data for the client (virtual:bot-commands, read by src/schemas/command-list.ts): the definitions
// of the command files (server/discord/commands/), loaded with tsx at build time — the handlers stay on the server.
// One declaration per command; the build, the dev server and the unit tests read it.

const virtualId = "virtual:bot-commands";
const resolvedId = `\0${virtualId}`;

export function botCommandsPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: "ticketeer:bot-commands",
    configResolved(config) {
      root = config.root;
    },
    resolveId: (source) => (source === virtualId ? resolvedId : null),
    async load(id) {
      if (id !== resolvedId) return null;
      const registryFile = path.join(root, "server/discord/command-registry.ts");
      type Registry = typeof import("../server/discord/command-registry");
      const { commandsFolder, loadCommands } = (await tsImport(pathToFileURL(registryFile).href, import.meta.url)) as Registry;
      for (const name of readdirSync(commandsFolder)) this.addWatchFile(path.join(commandsFolder, name));
      return `export const botCommands = ${JSON.stringify((await loadCommands()).definitions())};\n`;
    },
  };
}
