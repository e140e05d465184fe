import { type APIApplicationCommand, ApplicationCommandOptionType, ApplicationCommandType } from "discord-api-types/v10";

/** A command as Discord's bulk overwrite takes it (server/discord/application-commands.ts builds them). */
export type ApplicationCommandBody = Record<string, unknown>;

/** Registered commands as the registry labels them: "/close"; a command with subcommands is each "/panel resend". */
export function commandLabels(commands: readonly APIApplicationCommand[]): string[] {
  return commands.flatMap((command) => {
    // A message context-menu command (type 3) is named as the registry names it, without a slash.
    if (command.type === ApplicationCommandType.Message) return [command.name];
    const subcommands = (command.options ?? []).flatMap((o) =>
      o.type === ApplicationCommandOptionType.Subcommand
        ? [`/${command.name} ${o.name}`]
        : o.type === ApplicationCommandOptionType.SubcommandGroup
          ? (o.options ?? []).map((sub) => `/${command.name} ${o.name} ${sub.name}`)
          : [],
    );
    return subcommands.length > 0 ? subcommands : [`/${command.name}`];
  });
}
