// The bot's commands as plain data, made by the bundler from the command files (server/discord/commands/, one file per
// command: scripts/bot-commands.ts, a plugin of vite.config.ts and vitest.config.ts). Read through ./command-list.ts.
declare module "virtual:bot-commands" {
  export const botCommands: readonly import("./commands").BotCommand[];
}
