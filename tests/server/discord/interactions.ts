import { generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { nextSnowflake } from "../../../server/platform/snowflake";
import type { FakeDiscord } from "./fake-discord";
import { ChannelType } from "./fake-world";
import { checkInteractionAnswer, InteractionType } from "./interaction-answers";
import { Permissions } from "./permissions";

// Interactions as Discord delivers them to the product's Interactions Endpoint URL: built with the fields Discord
// sends (receiving-and-responding.mdx, "Interaction Object": member with its permissions in the channel,
// app_permissions, locale, guild_locale, channel, context, …), signed with a test Ed25519 key over timestamp + body
// (the headers X-Signature-Ed25519 and X-Signature-Timestamp), posted with app.inject, and the answer checked as
// Discord would take it (interaction-answers.ts). An answer Discord would refuse fails the test at once.
//
//   const keys = testKeys();               // env: DISCORD_PUBLIC_KEY: keys.publicKeyHex
//   const discord = interactionClient({ app: t.app, applicationId: APP, keys, fake });
//   const answer = await discord.send(discord.click({ user: OPENER, guild: G, channel: PANEL, customId: "panel:1" }));

export interface TestKeys {
  publicKeyHex: string;
  privateKey: KeyObject;
}

/** A fresh Ed25519 key pair; the public key as the hex Discord's developer portal shows. */
export function testKeys(): TestKeys {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  return { publicKeyHex: publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("hex"), privateKey };
}

type Json = Record<string, unknown>;

/** What a bot may do in its DM with a user (Discord computes a fixed set there). */
const DM_APP_PERMISSIONS =
  Permissions.VIEW_CHANNEL |
  Permissions.SEND_MESSAGES |
  Permissions.EMBED_LINKS |
  Permissions.ATTACH_FILES |
  Permissions.READ_MESSAGE_HISTORY |
  Permissions.ADD_REACTIONS;

/** An interaction payload (what Discord POSTs). */
export interface Interaction extends Json {
  id: string;
  application_id: string;
  type: number;
  token: string;
  version: 1;
}

/** The product's answer (an interaction response object). */
export interface InteractionAnswer {
  type: number;
  data?: {
    content?: string;
    flags?: number;
    allowed_mentions?: unknown;
    embeds?: Json[];
    components?: Json[];
    custom_id?: string;
    title?: string;
    choices?: { name: string; value: string | number }[];
  };
}

export interface Where {
  /** The acting user. */
  user: string;
  /** Absent: a DM with the bot. */
  guild?: string;
  channel: string;
  /** The member's roles (default: their roles in the fake, else none). */
  roles?: string[];
  /** The member's permissions in the channel (default: computed by the fake, else "0"). */
  permissions?: string;
  locale?: string;
}

export interface CommandOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  focused?: boolean;
  options?: CommandOption[];
}

export interface InteractionClientOptions {
  app: FastifyInstance;
  applicationId: string;
  keys: TestKeys;
  /** The fake Discord: members, permissions and channels come from it, and interaction tokens are registered. */
  fake?: FakeDiscord;
  guildLocale?: string;
  locale?: string;
}

export type InteractionClient = ReturnType<typeof interactionClient>;

export function interactionClient(options: InteractionClientOptions) {
  const { app, applicationId, keys, fake } = options;

  const userJson = (id: string): Json => {
    const u = fake?.users.get(id);
    return {
      id,
      username: u?.username ?? `user${id.slice(-4)}`,
      global_name: u?.globalName ?? null,
      avatar: u?.avatar ?? null,
      discriminator: "0",
      public_flags: 0,
    };
  };

  /** Where it happens: guild, channel, member (or user in a DM), permissions, locales. */
  function context(w: Where): Json {
    const locale = w.locale ?? options.locale ?? "en-US";
    const channel = fake?.channel(w.channel);
    const channelJson = {
      id: w.channel,
      type: channel?.type ?? (w.guild ? ChannelType.GuildText : ChannelType.DM),
      ...(w.guild ? { guild_id: w.guild, name: channel?.name ?? "channel" } : {}),
    };
    if (!w.guild) {
      return {
        channel: channelJson,
        channel_id: w.channel,
        user: userJson(w.user),
        locale,
        context: 1, // BOT_DM
        authorizing_integration_owners: { "0": applicationId },
        app_permissions: String(DM_APP_PERMISSIONS),
        entitlements: [],
        attachment_size_limit: 10_485_760,
      };
    }
    const member = fake?.guilds.get(w.guild)?.members.get(w.user);
    const permissions = w.permissions ?? (channel && fake ? String(fake.permissionsIn(channel, w.user)) : "0");
    return {
      guild_id: w.guild,
      guild: { id: w.guild, locale: options.guildLocale ?? "en-US", features: [] },
      guild_locale: options.guildLocale ?? "en-US",
      channel: channelJson,
      channel_id: w.channel,
      member: {
        user: userJson(w.user),
        roles: w.roles ?? member?.roles ?? [],
        permissions,
        nick: member?.nick ?? null,
        avatar: null,
        joined_at: new Date(member?.joinedAt ?? Date.now()).toISOString(),
        premium_since: null,
        deaf: false,
        mute: false,
        flags: 0,
        pending: false,
        communication_disabled_until: null,
      },
      app_permissions: fake ? String(fake.botPermissionsIn(w.channel)) : "0",
      locale,
      context: 0, // GUILD
      authorizing_integration_owners: { "0": w.guild },
      entitlements: [],
      attachment_size_limit: 10_485_760,
    };
  }

  const build = (type: number, w: Where | null, data?: Json, extra: Json = {}): Interaction => ({
    id: nextSnowflake(),
    application_id: applicationId,
    type,
    token: `itok-${randomBytes(12).toString("hex")}`,
    version: 1,
    ...(w ? context(w) : {}),
    ...(data ? { data } : {}),
    ...extra,
  });

  /** Posts a body as Discord would: signed over timestamp + body. */
  async function post(body: string, timestamp = String(Math.floor(Date.now() / 1000))): Promise<LightMyRequestResponse> {
    const signature = sign(null, Buffer.from(timestamp + body), keys.privateKey).toString("hex");
    return app.inject({
      method: "POST",
      url: "/api/interactions",
      payload: body,
      headers: { "content-type": "application/json", "x-signature-ed25519": signature, "x-signature-timestamp": timestamp },
    });
  }

  return {
    post,

    /** Sends an interaction; the answer must be 200 and one Discord takes, else the test fails here. */
    async send(interaction: Interaction): Promise<InteractionAnswer> {
      fake?.registerInteraction(interaction.token, {
        channelId: (interaction.channel_id as string | undefined) ?? null,
        guildId: (interaction.guild_id as string | undefined) ?? null,
      });
      const res = await post(JSON.stringify(interaction));
      if (res.statusCode !== 200) throw new Error(`the interaction was answered ${res.statusCode}: ${res.body}`);
      const answer: unknown = res.json();
      const check = checkInteractionAnswer(interaction, answer);
      if (check.problems.length) {
        throw new Error(
          `Discord would refuse the answer to this interaction:\n- ${check.problems.join("\n- ")}\nanswer: ${res.body.slice(0, 2000)}`,
        );
      }
      return answer as InteractionAnswer;
    },

    ping: (): Interaction => build(InteractionType.Ping, null),

    /** A button click (component_type 2) or a select (3, with values) on a message. */
    click: (w: Where & { customId: string; componentType?: number; values?: string[]; messageId?: string }): Interaction =>
      build(
        InteractionType.MessageComponent,
        w,
        { custom_id: w.customId, component_type: w.componentType ?? (w.values ? 3 : 2), ...(w.values ? { values: w.values } : {}) },
        {
          message: {
            id: w.messageId ?? nextSnowflake(),
            channel_id: w.channel,
            type: 0,
            content: "",
            author: userJson(applicationId),
            components: [],
            embeds: [],
          },
        },
      ),

    /** A slash command; a subcommand wraps the options. */
    command: (w: Where & { name: string; subcommand?: string; options?: CommandOption[] }): Interaction =>
      build(InteractionType.ApplicationCommand, w, {
        id: nextSnowflake(),
        name: w.name,
        type: 1,
        options: w.subcommand ? [{ type: 1, name: w.subcommand, options: w.options ?? [] }] : (w.options ?? []),
      }),

    /** Autocomplete of a slash command's option (the one marked focused). */
    autocomplete: (w: Where & { name: string; subcommand?: string; options: CommandOption[] }): Interaction =>
      build(InteractionType.ApplicationCommandAutocomplete, w, {
        id: nextSnowflake(),
        name: w.name,
        type: 1,
        options: w.subcommand ? [{ type: 1, name: w.subcommand, options: w.options }] : w.options,
      }),

    /** A submitted modal: text inputs by custom_id, each in its action row as Discord sends them back. */
    modalSubmit: (w: Where & { customId: string; fields: Record<string, string> }): Interaction =>
      build(InteractionType.ModalSubmit, w, {
        custom_id: w.customId,
        components: Object.entries(w.fields).map(([id, value]) => ({ type: 1, components: [{ type: 4, custom_id: id, value }] })),
      }),

    /** A message context-menu command (type 3) on a message; the target comes with the interaction's data. */
    messageContextMenu: (w: Where & { name: string; target: { id: string; content: string; authorId: string } }): Interaction =>
      build(InteractionType.ApplicationCommand, w, {
        id: nextSnowflake(),
        name: w.name,
        type: 3,
        target_id: w.target.id,
        resolved: {
          messages: {
            [w.target.id]: {
              id: w.target.id,
              channel_id: w.channel,
              type: 0,
              content: w.target.content,
              author: userJson(w.target.authorId),
              embeds: [],
              attachments: [],
              components: [],
              timestamp: new Date().toISOString(),
            },
          },
        },
      }),
  };
}
