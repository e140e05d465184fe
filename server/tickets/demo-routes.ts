import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type APIInteraction, ApplicationCommandOptionType, ComponentType, InteractionType } from "discord-api-types/v10";
import {
  type DemoChannel,
  type DemoInteractionReply,
  type DemoMessage,
  demoChannelsResponseSchema,
  demoInteractionInputSchema,
  demoInteractionReplySchema,
  demoMessageInputSchema,
  demoMessagesResponseSchema,
  splitMentions,
} from "../../src/schemas/demo";
import { findCommand } from "../../src/schemas/commands";
import { guard, guildIdOf } from "../access/guard";
import { fromDbJson } from "../db/dialect";
import { HttpError, notFound } from "../errors";
import { guildParams } from "../http/support/route-schemas";
import { named } from "../http/support/openapi/components";
import { nextSnowflake } from "../platform/snowflake";
import { DEMO_BOT, DemoPlatform } from "../platform/demo";
import { demoChannelOverwrites } from "../platform/demo-fixtures";
import { ADMINISTRATOR, MANAGE_GUILD, hasBit, type PermissionOverwrite } from "../platform/adapter";
import { canView, permissionsIn, SEND_MESSAGES } from "./channel-access";
import type { Member } from "./members";
import type { Outcome } from "./interactions";

// The Try-it view's API (docs/ticket-engine.md): on the demo platform the dashboard plays the Discord client. It
// reads the channels the signed-in demo user can see and their messages, writes messages, and turns clicks,
// choices, modal submits and slash commands into the interaction Discord would deliver — run through the same
// handler as /api/interactions. Who acts and where come from the session and the channel, never from the client.

const tags = ["Try it"];
/** Try-it's refusal to post where the member may only read (Discord's own words). */
export const demoCannotSend = "You do not have permission to send messages in this channel.";
const channelParams = z.object({ guildId: z.string(), channelId: z.string().regex(/^\d{1,21}$/) });
const s = {
  channels: named("DemoChannels", demoChannelsResponseSchema),
  messages: named("DemoMessages", demoMessagesResponseSchema),
  reply: named("DemoInteractionReply", demoInteractionReplySchema),
  posted: named("DemoMessagePosted", z.object({ id: z.string() })),
};

export default async function demoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const demo = () => {
    if (!(app.platform instanceof DemoPlatform)) throw notFound();
    return app.platform;
  };

  /** The demo user as the engine's member, from the fixtures. */
  async function memberOf(request: FastifyRequest, guildId: string): Promise<Member> {
    const user = request.user!;
    const membership = await demo().membershipOf(guildId, user.id);
    if (!membership) throw new HttpError(403, "Not a member of this server");
    return { id: user.id, username: user.username, avatar: user.avatar, roles: [...membership.roles], permissions: membership.permissions, owner: membership.owner };
  }

  const isManager = (m: Member) => m.owner || hasBit(m.permissions, ADMINISTRATOR) || hasBit(m.permissions, MANAGE_GUILD);

  /** A channel the member sees, with their permissions in it (what Discord puts in an interaction's member.permissions). */
  type SeenChannel = DemoChannel & { permissions: bigint };

  const baseBits = (m: Member) => {
    try {
      return BigInt(m.permissions);
    } catch {
      return 0n;
    }
  };

  /** Every channel the member sees: the server's text channels, ticket channels their overwrites let them into, their DMs. */
  async function visibleChannels(guildId: string, member: Member): Promise<SeenChannel[]> {
    const platform = demo();
    const guild = await platform.getGuild(guildId);
    const categoryName = new Map(guild.categories.map((c) => [c.id, c.name]));
    const tickets = await app.db.selectFrom("demo_channels").selectAll().where("guild_id", "=", guildId).where("kind", "=", "text").orderBy("id").execute();
    const ticketNumbers = new Map(
      (await app.db.selectFrom("tickets").select(["channel_id", "number"]).where("guild_id", "=", guildId).where("status", "in", ["open", "closing"]).execute()).map((t) => [
        t.channel_id,
        t.number,
      ]),
    );
    // Reading never creates anything: the direct messages appear once the bot has written one.
    const dm = await platform.existingDirectChannelOf(member.id);
    const ids = [...guild.text_channels.map((c) => c.id), ...tickets.map((t) => t.id), ...(dm ? [dm] : [])];
    const last = new Map<string, string>();
    for (const id of ids) {
      const row = await app.db.selectFrom("demo_messages").select("id").where("channel_id", "=", id).orderBy("id", "desc").limit(1).executeTakeFirst();
      if (row) last.set(id, row.id);
    }
    const manager = isManager(member);
    // The owner and Administrator hold every permission in every channel; Manage Server sees every ticket (the
    // engine's manager) but, as on Discord, follows a channel's overwrites.
    const allPowerful = member.owner || hasBit(member.permissions, ADMINISTRATOR);
    const inChannel = (overwrites: PermissionOverwrite[]) => permissionsIn(overwrites, guildId, member.id, member.roles, baseBits(member), allPowerful);
    const writable = (bits: bigint) => (bits & (SEND_MESSAGES | ADMINISTRATOR)) !== 0n;
    return [
      ...guild.text_channels.map((c) => {
        const permissions = inChannel(demoChannelOverwrites(guildId, c.id));
        return {
          id: c.id, name: c.name, kind: "text" as const, category: c.parent_id ? (categoryName.get(c.parent_id) ?? null) : null, ticketId: null, lastMessageId: last.get(c.id) ?? null,
          canWrite: writable(permissions), permissions,
        };
      }),
      ...tickets
        .filter((t) => canView(fromDbJson<PermissionOverwrite[]>(t.overwrites_json, []), guildId, member.id, member.roles, manager))
        .map((t) => {
          const permissions = inChannel(fromDbJson<PermissionOverwrite[]>(t.overwrites_json, []));
          return {
            id: t.id, name: t.name, kind: "ticket" as const, category: t.parent_id ? (categoryName.get(t.parent_id) ?? "Tickets") : "Tickets",
            ticketId: ticketNumbers.get(t.id) ?? null, lastMessageId: last.get(t.id) ?? null, canWrite: writable(permissions), permissions,
          };
        }),
      ...(dm ? [{ id: dm, name: DEMO_BOT.username, kind: "dm" as const, category: "Direct messages", ticketId: null, lastMessageId: last.get(dm) ?? null, canWrite: true, permissions: baseBits(member) }] : []),
    ];
  }

  /**
   * Names of what the messages mention, as Discord resolves them: the guild's members and roles, and the channels
   * the reader can see (a private ticket's name is not told to someone outside it).
   */
  async function mentionNames(guildId: string, messages: DemoMessage[], visible: DemoChannel[]): Promise<Record<string, string>> {
    const wanted = new Map<string, "@" | "@&" | "#">();
    for (const m of messages) for (const part of splitMentions(m.content)) if (!("text" in part)) wanted.set(part.id, part.sigil);
    if (wanted.size === 0) return {};
    const platform = demo();
    const guild = await platform.getGuild(guildId);
    const names: Record<string, string> = {};
    for (const [id, sigil] of wanted) {
      const name =
        sigil === "@&"
          ? guild.roles.find((r) => r.id === id)?.name
          : sigil === "#"
            ? visible.find((c) => c.id === id)?.name
            : (await platform.getMember(guildId, id))?.username;
      if (name) names[id] = name;
    }
    return names;
  }

  async function visibleChannel(request: FastifyRequest, guildId: string, channelId: string) {
    const member = await memberOf(request, guildId);
    const visible = await visibleChannels(guildId, member);
    const channel = visible.find((c) => c.id === channelId);
    if (!channel) throw new HttpError(404, "Channel not found");
    return { member, channel, visible };
  }

  app.get(
    "/:guildId(^\\d+$)/demo/channels",
    { onRequest: guard(), schema: { tags, summary: "Try it: the channels the demo user sees", params: guildParams, response: { 200: s.channels } } },
    async (request) => {
      const guildId = guildIdOf(request);
      demo();
      return { channels: (await visibleChannels(guildId, await memberOf(request, guildId))).map(({ permissions: _bits, ...channel }) => channel) };
    },
  );

  app.get(
    "/:guildId(^\\d+$)/demo/channels/:channelId/messages",
    {
      onRequest: guard(),
      schema: { tags, summary: "Try it: a channel's messages, oldest first", params: channelParams, querystring: z.object({ after: z.string().regex(/^\d{1,21}$/).optional() }), response: { 200: s.messages } },
    },
    async (request) => {
      const guildId = guildIdOf(request);
      const { channelId } = request.params;
      const { visible } = await visibleChannel(request, guildId, channelId);
      const query = app.db.selectFrom("demo_messages").selectAll().where("channel_id", "=", channelId);
      const after = request.query.after;
      // Without `after`: the newest 100, oldest first. With it: the next 100 after it.
      const rows = after
        ? await query.where("id", ">", after).orderBy("id", "asc").limit(100).execute()
        : (await query.orderBy("id", "desc").limit(100).execute()).reverse();
      const messages: DemoMessage[] = rows.map((r) => ({
        id: r.id,
        channelId: r.channel_id,
        author: { id: r.author_id, username: r.author_name, avatar: r.author_avatar, bot: Boolean(r.author_bot) },
        content: r.content,
        embeds: fromDbJson<Record<string, unknown>[]>(r.embeds_json, []),
        components: fromDbJson<Record<string, unknown>[]>(r.components_json, []),
        createdAt: Number(r.created_at),
        editedAt: r.edited_at === null ? null : Number(r.edited_at),
      }));
      return { messages, mentions: await mentionNames(guildId, messages, visible) };
    },
  );

  app.post(
    "/:guildId(^\\d+$)/demo/channels/:channelId/messages",
    { onRequest: guard(), schema: { tags, summary: "Try it: write a message", params: channelParams, body: demoMessageInputSchema, response: { 201: s.posted } } },
    async (request, reply) => {
      const guildId = guildIdOf(request);
      const { channelId } = request.params;
      const { member, channel } = await visibleChannel(request, guildId, channelId);
      // As Discord: a member without Send Messages there reads the channel but cannot write in it.
      if (!channel.canWrite) throw new HttpError(403, demoCannotSend);
      const id = await demo().postAsUser(channelId, { id: member.id, username: member.username, avatar: member.avatar, bot: false }, request.body.content);
      await app.tickets.engine.noteActivity(channelId, Date.now());
      return reply.code(201).send({ id });
    },
  );

  app.post(
    "/:guildId(^\\d+$)/demo/interactions",
    {
      onRequest: guard(),
      // Counted by the interactions' own limits (per member and per server), not the dashboard's write limit.
      config: { interaction: true },
      schema: { tags, summary: "Try it: a click, choice, form or slash command", params: guildParams, body: demoInteractionInputSchema, response: { 200: s.reply } },
    },
    async (request) => {
      const guildId = guildIdOf(request);
      const input = request.body;
      const { member, channel } = await visibleChannel(request, guildId, input.channelId);
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
        ...(channel.kind === "dm" ? { user } : { guild_id: guildId, member: { user, roles: member.roles, permissions: String(channel.permissions), nick: null, joined_at: "", deaf: false, mute: false, flags: 0 } }),
      };
      let interaction: Record<string, unknown>;
      if (input.kind === "button" || input.kind === "select") {
        // The message may be an ephemeral answer (never stored), as on Discord: the engine trusts nothing in it
        // anyway and re-reads everything the custom id names.
        interaction = {
          ...base,
          type: InteractionType.MessageComponent,
          message: { id: input.messageId },
          data: input.kind === "button"
            ? { custom_id: input.customId, component_type: ComponentType.Button }
            : { custom_id: input.customId, component_type: ComponentType.StringSelect, values: input.values },
        };
      } else if (input.kind === "modal") {
        interaction = {
          ...base,
          type: InteractionType.ModalSubmit,
          data: {
            custom_id: input.customId,
            components: Object.entries(input.fields).slice(0, 5).map(([custom_id, value]) => ({ type: 1, components: [{ type: 4, custom_id, value }] })),
          },
        };
      } else {
        const [name, subcommand] = input.name.split(" ");
        const command = findCommand(name, subcommand);
        if (!command) throw new HttpError(400, "Unknown command");
        const options = Object.entries(input.options).map(([optionName, value]) => {
          const declared = command.options.find((o) => o.name === optionName);
          const type = declared?.type === "integer" ? ApplicationCommandOptionType.Integer : declared?.type === "user" ? ApplicationCommandOptionType.User : ApplicationCommandOptionType.String;
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
          data: { id: "0", name, type: 1, options: subcommand ? [{ type: ApplicationCommandOptionType.Subcommand, name: subcommand, options }] : options },
        };
      }
      const outcome = (await app.tickets.limits.check(interaction as unknown as APIInteraction)) ?? (await app.tickets.handler.handle(interaction as unknown as APIInteraction));
      return toDemoReply(outcome, channel.id);
    },
  );
}

function toDemoReply(outcome: Outcome, channelId: string): DemoInteractionReply {
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
        createdAt: Date.now(),
        editedAt: null,
      },
    ],
  };
}
