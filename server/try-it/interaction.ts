import { type APIInteraction, ApplicationCommandOptionType, ComponentType, InteractionType } from "discord-api-types/v10";
import type { DemoInteractionInput, DemoInteractionReply } from "../../src/schemas/demo";
import { HttpError } from "../errors";
import { DEMO_BOT } from "../platform/demo";
import { nextSnowflake } from "../platform/snowflake";
import type { CommandRegistry } from "../discord/command-registry";
import type { Answer } from "../discord/router";
import type { Member } from "../tickets/members";
import type { SeenChannel } from "./channels";

// A click, choice, modal submit or slash command in the Try-it view as the interaction Discord would deliver — run
// through the same handler as /api/interactions — and the handler's answer as the view shows it.

/**
 * The interaction Discord would send for this input of `member` in `channel` (400 for a command that is not one of
 * `commands`).
 */
export function demoInteraction(
  commands: CommandRegistry,
  guildId: string,
  member: Member,
  channel: SeenChannel,
  input: DemoInteractionInput,
  target?: DemoTargetMessage,
): APIInteraction {
  const user = { id: member.id, username: member.username, avatar: null, discriminator: "0", global_name: member.username };
  const base = {
    id: nextSnowflake(),
    application_id: DEMO_BOT.id,
    token: "demo",
    version: 1,
    channel: { id: channel.id, type: 0 },
    channel_id: channel.id,
    locale: "en-US",
    app_permissions: "0",
    entitlements: [],
    authorizing_integration_owners: {},
    attachment_size_limit: 0,
    ...(channel.kind === "dm"
      ? { user }
      : {
          guild_id: guildId,
          member: {
            user,
            roles: member.roles,
            permissions: String(channel.permissions),
            nick: null,
            joined_at: "",
            deaf: false,
            mute: false,
            flags: 0,
          },
        }),
  };
  let interaction: Record<string, unknown>;
  if (input.kind === "button" || input.kind === "select") {
    // The message may be an ephemeral answer (never stored), as on Discord: the engine trusts nothing in it
    // anyway and re-reads everything the custom id names.
    interaction = {
      ...base,
      type: InteractionType.MessageComponent,
      message: { id: input.messageId },
      data:
        input.kind === "button"
          ? { custom_id: input.customId, component_type: ComponentType.Button }
          : { custom_id: input.customId, component_type: ComponentType.StringSelect, values: input.values },
    };
  } else if (input.kind === "messageCommand") {
    // Discord's message command: the target message resolved in the interaction (application-commands.mdx).
    const command = commands.find(input.name);
    if (!command || command.type !== "message" || !target) throw new HttpError(400, "Unknown command");
    interaction = {
      ...base,
      type: InteractionType.ApplicationCommand,
      data: {
        id: "0",
        name: command.name,
        type: 3,
        target_id: target.id,
        resolved: {
          messages: {
            [target.id]: {
              id: target.id,
              channel_id: channel.id,
              content: target.content,
              author: {
                id: target.authorId,
                username: target.authorName,
                global_name: target.authorName,
                bot: target.authorBot,
                avatar: null,
                discriminator: "0",
              },
            },
          },
        },
      },
    };
  } else if (input.kind === "modal") {
    interaction = {
      ...base,
      type: InteractionType.ModalSubmit,
      ...(input.messageId ? { message: { id: input.messageId } } : {}),
      data: {
        custom_id: input.customId,
        components: Object.entries(input.fields)
          .slice(0, 5)
          .map(([custom_id, value]) => ({ type: 1, components: [{ type: 4, custom_id, value }] })),
      },
    };
  } else {
    const [name, subcommand] = input.name.split(" ");
    const command = commands.find(name, subcommand);
    if (!command) throw new HttpError(400, "Unknown command");
    const options = Object.entries(input.options).map(([optionName, value]) => {
      const declared = command.options.find((o) => o.name === optionName);
      const type =
        declared?.type === "integer"
          ? ApplicationCommandOptionType.Integer
          : declared?.type === "user"
            ? ApplicationCommandOptionType.User
            : ApplicationCommandOptionType.String;
      return { name: optionName, type, value, ...(input.kind === "autocomplete" && optionName === input.focused ? { focused: true } : {}) };
    });
    if (input.kind === "autocomplete" && !(input.focused in input.options)) {
      options.push({ name: input.focused, type: ApplicationCommandOptionType.String, value: input.value, focused: true });
    } else if (input.kind === "autocomplete") {
      const focused = options.find((o) => o.name === input.focused);
      if (focused) focused.value = input.value;
    }
    interaction = {
      ...base,
      type: input.kind === "command" ? InteractionType.ApplicationCommand : InteractionType.ApplicationCommandAutocomplete,
      data: {
        id: "0",
        name,
        type: 1,
        options: subcommand ? [{ type: ApplicationCommandOptionType.Subcommand, name: subcommand, options }] : options,
      },
    };
  }
  return interaction as unknown as APIInteraction;
}

/** The message a Try-it message command targets, as stored. */
export interface DemoTargetMessage {
  id: string;
  content: string;
  authorId: string;
  authorName: string;
  authorBot: boolean;
}

/** The router's answer as the Try-it view shows it: a modal, choices, or an ephemeral message of the bot (written `at`, the server's time). */
export function toDemoReply(outcome: Answer, channelId: string, at: number): DemoInteractionReply {
  if (outcome.kind === "choices") return { modal: null, ephemeral: [], choices: outcome.choices };
  if (outcome.kind === "modal") return { modal: outcome.modal, ephemeral: [], choices: [] };
  const m = outcome.message;
  return {
    modal: null,
    choices: [],
    ephemeral: [
      {
        id: nextSnowflake(),
        channelId,
        author: { id: DEMO_BOT.id, username: DEMO_BOT.username, avatar: DEMO_BOT.avatar, bot: true },
        content: m.content ?? "",
        embeds: (m.embeds ?? []) as Record<string, unknown>[],
        components: (m.components ?? []) as Record<string, unknown>[],
        createdAt: at,
        editedAt: null,
        ...(outcome.files?.length
          ? {
              attachments: outcome.files.map((f) => ({
                name: f.name,
                size: f.data.length,
                url: `data:${f.contentType};base64,${f.data.toString("base64")}`,
              })),
            }
          : {}),
      },
    ],
  };
}
