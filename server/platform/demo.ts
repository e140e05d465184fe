import { type APIApplicationCommand, ApplicationFlags } from "discord-api-types/v10";
import { botPermissionBits } from "../../src/schemas/bot-permissions";
import { channelLimits } from "../../src/schemas/bot-setup";
import { demoApplicationId } from "../../src/schemas/demo-guild";
import { PlatformNotFoundError, PlatformRefusedError } from "../errors";
import type {
  BotGuild,
  BotMessage,
  BotSetupFacts,
  ChannelMessage,
  ChannelPatch,
  GuildMember,
  PanelMessagePayload,
  PermissionOverwrite,
  PlatformAdapter,
  PlatformChannel,
  PlatformGuild,
  PlatformUser,
  TicketChannelInput,
  UserGuild,
} from "./adapter";
import type { Db } from "../db/schema";
import { fromDbJson, toDbBool } from "../db/dialect";
import { mentionedIds } from "../../src/schemas/message-parts";
import { DemoClock, type GuildClock, realClock } from "./clock";
import { type ApplicationCommandBody, commandLabels } from "./command-labels";
import { readEmbed } from "./message-read";
import { nextSnowflake } from "./snowflake";
import {
  type DemoGuild,
  type DemoMembership,
  demoGuilds,
  demoMemberships,
  demoUsers,
  LARGE_GUILD_SEEDED_META,
  largeGuild,
  largeGuildMembership,
} from "./demo-fixtures";

/** The demo platform's bot user: the author of every message the bot sends. */
export const DEMO_BOT = { id: "900000000000000099", username: "Ticketeer", avatar: "/favicon.svg" } as const;
const botAuthor = { ...DEMO_BOT, bot: true };

/** Who writes in a demo channel. */
export interface DemoAuthor {
  id: string;
  username: string;
  avatar: string | null;
  bot: boolean;
}

/**
 * The demo platform: fixed guilds and memberships from demo-fixtures.ts, no network. The channels the bot makes
 * (tickets, direct messages) and every message of every demo channel are rows of the database (demo_channels,
 * demo_messages), read by the dashboard's Try-it view. Each server has a clock of its own (./clock.ts): a message is
 * stamped with its server's time (a direct message with the time of the server it is sent for), while its id stays a
 * snowflake of the real clock, so ids keep increasing in the order messages were written however a clock jumps.
 */
const RENAME_WINDOW_MS = 10 * 60_000;
/** View Channel and Send Messages: what a thread member holds in it (demo). */
const THREAD_VIEW = (1n << 10n) | (1n << 11n) | (1n << 16n);

export class DemoPlatform implements PlatformAdapter {
  /** With the database, the large-data guild is listed once scripts/seed-large.ts has filled it. */
  constructor(private readonly db?: Db) {
    this.clock = db ? new DemoClock(db) : realClock;
  }
  /** Each server's clock (the real one without a database). */
  readonly clock: GuildClock;
  /** The commands the bot registered, as Discord would list them (the app registers them as it starts). */
  private commandNames: string[] = [];
  private largeGuildSeen = false;
  private largeGuildCheckedAt = 0;
  /** When each channel was renamed within the last ten minutes (Discord's limit: twice). */
  private readonly renames = new Map<string, number[]>();

  readonly kind = "demo" as const;
  readonly botUserId = DEMO_BOT.id;
  /** Panel messages "sent" so far (tests and the demo inspect them). */
  readonly sentMessages: { guildId: string; channelId: string; messageId: string; payload: PanelMessagePayload }[] = [];
  private nextMessageId = BigInt("1300000000000000000");

  async listUserGuilds(user: PlatformUser): Promise<UserGuild[]> {
    return (await this.memberships())
      .filter((m) => m.userId === user.id)
      .map((m) => {
        const guild = this.find(m.guildId)!;
        return {
          id: guild.id,
          name: guild.name,
          icon_url: guild.icon_url,
          owner: m.owner,
          permissions: m.permissions,
          roles: [...m.roles],
        };
      });
  }

  async getMemberRoles(guildId: string, userId: string): Promise<string[]> {
    return [...((await this.memberships()).find((m) => m.guildId === guildId && m.userId === userId)?.roles ?? [])];
  }

  async listBotGuilds(): Promise<BotGuild[]> {
    return demoGuilds.map((g) => ({ id: g.id, member_count: g.member_count }));
  }

  async getGuild(guildId: string): Promise<PlatformGuild> {
    const g = this.find(guildId);
    if (!g) throw new PlatformNotFoundError("Guild not found");
    const owner = demoUsers.find((u) => u.id === g.owner_id)!;
    return {
      id: g.id,
      name: g.name,
      icon_url: g.icon_url,
      roles: [...g.roles].sort((a, b) => b.position - a.position),
      text_channels: g.text_channels.map((c) => ({ ...c })),
      categories: g.categories.map((c) => ({ ...c })),
      emojis: g.emojis.map((e) => ({ ...e })),
      member_count: g.member_count,
      channel_count: g.text_channels.length + g.categories.length + (g.other_channel_count ?? 0),
      boosts: g.boosts,
      owner: { id: owner.id, username: owner.username, avatar_url: owner.avatar },
    };
  }

  async applyTeamRole(guildId: string, _teamId: number | string, roleId: string, _op: "add" | "remove"): Promise<void> {
    const g = this.find(guildId);
    if (!g) throw new PlatformNotFoundError("Guild not found");
    if (!g.roles.some((r) => r.id === roleId)) throw new PlatformNotFoundError("Role not found");
  }

  async sendPanelMessage(guildId: string, channelId: string, payload: PanelMessagePayload): Promise<string> {
    const g = this.find(guildId);
    if (!g) throw new PlatformNotFoundError("Guild not found");
    if (!g.text_channels.some((c) => c.id === channelId)) throw new PlatformNotFoundError("Channel not found");
    const messageId = this.db ? (await this.insertMessage(channelId, guildId, botAuthor, payload)).id : String(this.nextMessageId++);
    this.sentMessages.push({ guildId, channelId, messageId, payload });
    return messageId;
  }

  forgetUser(): void {}

  /**
   * The demo bot is set up as an owner would after following the docs: it holds exactly the permissions its invite
   * asks for, everywhere; the Message Content intent is on; every command is registered. Its ticket channels count
   * in their categories, so a demo that opens many tickets sees a category fill up.
   */
  async botSetupFacts(guildId: string): Promise<BotSetupFacts> {
    const g = this.find(guildId);
    if (!g) throw new PlatformNotFoundError("Guild not found");
    const tickets = this.db
      ? await this.db
          .selectFrom("demo_channels")
          .select(["id", "name", "parent_id"])
          .where("guild_id", "=", guildId)
          .where("kind", "=", "text")
          .execute()
      : [];
    const held = botPermissionBits;
    const textChannels = [
      ...g.text_channels.map((c) => ({ id: c.id, name: c.name, parentId: c.parent_id ?? null })),
      ...tickets.map((c) => ({ id: c.id, name: c.name, parentId: c.parent_id })),
    ];
    const channelsPerCategory: Record<string, number> = {};
    for (const c of textChannels) if (c.parentId) channelsPerCategory[c.parentId] = (channelsPerCategory[c.parentId] ?? 0) + 1;
    return {
      applicationId: demoApplicationId,
      serverPermissions: held,
      channels: [
        ...g.categories.map((c) => ({ id: c.id, name: c.name, kind: "category" as const, parentId: null, permissions: held })),
        ...textChannels.map((c) => ({ ...c, kind: "text" as const, permissions: held })),
      ],
      channelsPerCategory,
      channelCount: textChannels.length + g.categories.length + (g.other_channel_count ?? 0),
      // A bot in under 100 servers with the switch on in the developer portal.
      applicationFlags: ApplicationFlags.GatewayMessageContentLimited,
      commandNames: this.commandNames,
      readAt: Date.now(),
    };
  }

  /** Discord's bulk overwrite of the application's commands: on the demo, remembered for Bot setup's check. */
  registerCommands(commands: ApplicationCommandBody[]): void {
    this.commandNames = commandLabels(commands as unknown as APIApplicationCommand[]);
  }

  // ---- the ticket engine ----

  private get store(): Db {
    if (!this.db) throw new Error("the demo platform needs its database for channels and messages");
    return this.db;
  }

  async createTicketChannel(guildId: string, input: TicketChannelInput): Promise<string> {
    const g = this.find(guildId);
    if (!g) throw new PlatformNotFoundError("Guild not found");
    if (input.parentId !== null && !g.categories.some((c) => c.id === input.parentId))
      throw new PlatformNotFoundError("Category not found");
    // Discord's limits, so Try-it meets what a real server meets: 50 channels in a category, 500 in a server.
    const made = await this.store
      .selectFrom("demo_channels")
      .select((eb) => [
        eb.fn.countAll<number>().as("all"),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when("parent_id", "=", input.parentId ?? "")
              .then(1)
              .else(0)
              .end(),
          )
          .as("inParent"),
      ])
      .where("guild_id", "=", guildId)
      .where("kind", "=", "text")
      .executeTakeFirstOrThrow();
    const fixedChannels = g.text_channels.length + g.categories.length;
    if (Number(made.all) + fixedChannels >= channelLimits.perServer)
      throw new PlatformRefusedError("serverFull", "Maximum number of guild channels reached (500)");
    if (input.parentId !== null) {
      const inParent = Number(made.inParent ?? 0) + g.text_channels.filter((c) => c.parent_id === input.parentId).length;
      if (inParent >= channelLimits.perCategory)
        throw new PlatformRefusedError("categoryFull", "Maximum number of channels in category reached (50)");
    }
    const id = nextSnowflake();
    await this.store
      .insertInto("demo_channels")
      .values({
        id,
        guild_id: guildId,
        name: input.name,
        kind: "text",
        parent_id: input.parentId,
        topic: input.topic ?? null,
        overwrites_json: JSON.stringify(input.overwrites),
        recipient_id: null,
        created_at: await this.clock.now(guildId),
      })
      .execute();
    return id;
  }

  // A ticket's private thread, under its channel. Its members are kept as member overwrites (and the
  // roles whose mention added their members, as role overwrites), so who sees it is computed like a channel's.
  async createTicketThread(guildId: string, channelId: string, name: string): Promise<string> {
    const g = this.find(guildId);
    if (!g) throw new PlatformNotFoundError("Guild not found");
    if (!g.text_channels.some((c) => c.id === channelId)) throw new PlatformNotFoundError("Channel not found");
    const id = nextSnowflake();
    const members: PermissionOverwrite[] = [
      { id: guildId, type: 0, allow: "0", deny: String(THREAD_VIEW) },
      { id: this.botUserId, type: 1, allow: String(THREAD_VIEW), deny: "0" },
    ];
    await this.store
      .insertInto("demo_channels")
      .values({
        id,
        guild_id: guildId,
        name,
        kind: "thread",
        parent_id: channelId,
        topic: null,
        overwrites_json: JSON.stringify(members),
        recipient_id: null,
        created_at: await this.clock.now(guildId),
      })
      .execute();
    return id;
  }

  async setThreadMember(threadId: string, userId: string, add: boolean): Promise<void> {
    await this.setThreadAudience(threadId, userId, 1, add);
  }

  /** A role mentioned in a private thread adds its members (Discord's way to bring a team in). */
  async addThreadRole(threadId: string, roleId: string): Promise<void> {
    await this.setThreadAudience(threadId, roleId, 0, true);
  }

  private async setThreadAudience(threadId: string, id: string, type: 0 | 1, add: boolean) {
    const row = await this.store
      .selectFrom("demo_channels")
      .select("overwrites_json")
      .where("id", "=", threadId)
      .where("kind", "=", "thread")
      .executeTakeFirst();
    if (!row) throw new PlatformNotFoundError("Unknown Channel");
    const list = fromDbJson<PermissionOverwrite[]>(row.overwrites_json, []).filter((o) => !(o.id === id && o.type === type));
    if (add) list.push({ id, type, allow: String(THREAD_VIEW), deny: "0" });
    await this.store
      .updateTable("demo_channels")
      .set({ overwrites_json: JSON.stringify(list) })
      .where("id", "=", threadId)
      .execute();
  }

  async closeThread(threadId: string, mode: "archive" | "delete"): Promise<void> {
    if (mode === "delete") return this.deleteChannel(threadId);
    // Archived and locked: it stays under its channel, read-only (Try-it lists only threads still open).
    await this.store.updateTable("demo_channels").set({ kind: "archived-thread" }).where("id", "=", threadId).execute();
  }

  async getChannel(channelId: string): Promise<PlatformChannel | null> {
    const last = await this.store
      .selectFrom("demo_messages")
      .select(["id", "created_at"])
      .where("channel_id", "=", channelId)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    // Its time is its server's clock's (the id's is the real clock's).
    const newest = { lastMessageId: last?.id ?? null, lastMessageAt: last ? Number(last.created_at) : null };
    const row = await this.store.selectFrom("demo_channels").selectAll().where("id", "=", channelId).executeTakeFirst();
    if (row)
      return {
        id: row.id,
        guildId: row.guild_id,
        name: row.name,
        ...newest,
        overwrites: fromDbJson<PermissionOverwrite[]>(row.overwrites_json, []),
      };
    const fixed = this.fixedChannel(channelId);
    return fixed ? { id: fixed.id, guildId: fixed.guildId, name: fixed.name, ...newest, overwrites: [] } : null;
  }

  async editChannel(channelId: string, patch: ChannelPatch): Promise<void> {
    const set: { name?: string; overwrites_json?: string; parent_id?: string | null } = {};
    if (patch.parentId !== undefined) {
      await this.checkRoomIn(channelId, patch.parentId);
      set.parent_id = patch.parentId;
    }
    if (patch.name !== undefined) {
      this.noteRename(channelId);
      set.name = patch.name;
    }
    if (patch.overwrites !== undefined) set.overwrites_json = JSON.stringify(patch.overwrites);
    const result = await this.store.updateTable("demo_channels").set(set).where("id", "=", channelId).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new PlatformNotFoundError("Channel not found");
  }

  async deleteChannel(channelId: string): Promise<void> {
    await this.store.deleteFrom("demo_messages").where("channel_id", "=", channelId).execute();
    await this.store.deleteFrom("demo_channels").where("id", "=", channelId).execute();
  }

  async sendMessage(channelId: string, message: BotMessage): Promise<string> {
    const channel = await this.getChannel(channelId);
    if (!channel) throw new PlatformNotFoundError("Channel not found");
    const { id } = await this.insertMessage(channelId, channel.guildId, botAuthor, message);
    // As Discord: in a private thread, mentioning a role (or a member) the message may ping adds them to it.
    const thread = await this.store.selectFrom("demo_channels").select("kind").where("id", "=", channelId).executeTakeFirst();
    if (thread?.kind === "thread") {
      const content = message.content ?? "";
      for (const roleId of message.allowed_mentions.roles ?? [])
        if (content.includes(`<@&${roleId}>`)) await this.addThreadRole(channelId, roleId);
      for (const userId of message.allowed_mentions.users ?? [])
        if (content.includes(`<@${userId}>`)) await this.setThreadMember(channelId, userId, true);
    }
    return id;
  }

  async editMessage(channelId: string, messageId: string, message: BotMessage): Promise<void> {
    const result = await this.store
      .updateTable("demo_messages")
      .set({
        content: message.content ?? "",
        embeds_json: JSON.stringify(message.embeds ?? []),
        components_json: JSON.stringify(message.components ?? []),
        allowed_mentions_json: JSON.stringify(message.allowed_mentions),
        edited_at: await this.clock.now(await this.guildOfChannel(channelId)),
      })
      .where("channel_id", "=", channelId)
      .where("id", "=", messageId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new PlatformNotFoundError("Message not found");
  }

  async readMessages(channelId: string, before?: string, after?: string): Promise<ChannelMessage[]> {
    let query = this.store.selectFrom("demo_messages").selectAll().where("channel_id", "=", channelId);
    if (before) query = query.where("id", "<", before);
    // Snowflakes of one length compare as text; the oldest 100 after `after`, answered newest first as Discord does.
    if (after && !before) query = query.where("id", ">", after);
    const rows =
      after && !before
        ? (await query.orderBy("id", "asc").limit(100).execute()).reverse()
        : await query.orderBy("id", "desc").limit(100).execute();
    return rows.map((r) => ({
      id: r.id,
      author: { id: r.author_id, username: r.author_name, bot: Number(r.author_bot) === 1 },
      content: r.content,
      embeds: fromDbJson<unknown[]>(r.embeds_json, []).map(readEmbed),
      attachments: [],
      // As Discord's `mentions`: the users the content mentions, with their names.
      mentioned_users: [...mentionedIds([r.content]).users].flatMap((id) =>
        demoUsers.filter((u) => u.id === id).map((u) => ({ id, name: u.username })),
      ),
      timestamp: Number(r.created_at),
      avatar: r.author_avatar,
    }));
  }

  async sendDirectMessage(userId: string, message: BotMessage, guildId?: string): Promise<{ channelId: string; messageId: string } | null> {
    if (!demoUsers.some((u) => u.id === userId)) return null;
    const channelId = await this.directChannelOf(userId);
    return { channelId, messageId: (await this.insertMessage(channelId, guildId ?? null, botAuthor, message)).id };
  }

  async getMember(guildId: string, userId: string): Promise<GuildMember | null> {
    const membership = (await this.memberships()).find((m) => m.guildId === guildId && m.userId === userId);
    const user = demoUsers.find((u) => u.id === userId);
    if (!membership || !user) return null;
    return { id: user.id, username: user.username, avatar: user.avatar, roles: [...membership.roles] };
  }

  async findTextChannels(guildId: string, name: string): Promise<string[]> {
    const rows = await this.store
      .selectFrom("demo_channels")
      .select("id")
      .where("guild_id", "=", guildId)
      .where("kind", "=", "text")
      .where("name", "=", name)
      .execute();
    const fixed =
      [...demoGuilds, largeGuild]
        .find((g) => g.id === guildId)
        ?.text_channels.filter((c) => c.name === name)
        .map((c) => c.id) ?? [];
    return [...rows.map((r) => r.id), ...fixed].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : BigInt(b) < BigInt(a) ? -1 : 0));
  }

  // ---- the Try-it view (not part of the adapter: only the demo has it) ----

  /** The bot's direct-message channel with a user, if the bot ever wrote to them. */
  async existingDirectChannelOf(userId: string): Promise<string | null> {
    const existing = await this.store
      .selectFrom("demo_channels")
      .select("id")
      .where("kind", "=", "dm")
      .where("recipient_id", "=", userId)
      .executeTakeFirst();
    return existing?.id ?? null;
  }

  /** The bot's direct-message channel with a user, made on first use. */
  async directChannelOf(userId: string): Promise<string> {
    const existing = await this.existingDirectChannelOf(userId);
    if (existing) return existing;
    const id = nextSnowflake();
    await this.store
      .insertInto("demo_channels")
      .values({
        id,
        guild_id: null,
        name: "Ticketeer",
        kind: "dm",
        parent_id: null,
        topic: null,
        overwrites_json: "[]",
        recipient_id: userId,
        // A direct-message channel belongs to no server: the real clock.
        created_at: await this.clock.now(null),
      })
      .execute();
    return id;
  }

  /** A message a demo user writes in a channel: its id, and its time on the channel's server's clock. */
  async postAsUser(channelId: string, author: DemoAuthor, content: string): Promise<{ id: string; createdAt: number }> {
    return this.insertMessage(channelId, await this.guildOfChannel(channelId), author, { content, allowed_mentions: { parse: [] } });
  }

  /** The fixed memberships (plus the large guild's once seeded). */
  async membershipOf(guildId: string, userId: string): Promise<DemoMembership | undefined> {
    return (await this.memberships()).find((m) => m.guildId === guildId && m.userId === userId);
  }

  /** The server of a channel (a ticket's or a fixed one), null for a direct message or one unknown. */
  private async guildOfChannel(channelId: string): Promise<string | null> {
    const row = await this.store.selectFrom("demo_channels").select("guild_id").where("id", "=", channelId).executeTakeFirst();
    return row ? row.guild_id : (this.fixedChannel(channelId)?.guildId ?? null);
  }

  private fixedChannel(channelId: string): { id: string; guildId: string; name: string } | undefined {
    for (const g of [...demoGuilds, largeGuild]) {
      const fixed = g.text_channels.find((c) => c.id === channelId);
      if (fixed) return { id: fixed.id, guildId: g.id, name: fixed.name };
    }
    return undefined;
  }

  /** Stores a message, stamped with its server's clock (`guildId`; null: the real clock); its id and time. */
  private async insertMessage(
    channelId: string,
    guildId: string | null,
    author: DemoAuthor,
    message: BotMessage,
  ): Promise<{ id: string; createdAt: number }> {
    const createdAt = await this.clock.now(guildId);
    const id = nextSnowflake();
    await this.store
      .insertInto("demo_messages")
      .values({
        id,
        channel_id: channelId,
        author_id: author.id,
        author_name: author.username,
        author_avatar: author.avatar,
        author_bot: toDbBool(author.bot),
        content: message.content ?? "",
        embeds_json: JSON.stringify(message.embeds ?? []),
        components_json: JSON.stringify(message.components ?? []),
        allowed_mentions_json: JSON.stringify(message.allowed_mentions),
        created_at: createdAt,
        edited_at: null,
      })
      .execute();
    return { id, createdAt };
  }

  /** A channel moving into a category: it must be one of the guild's, with room (Discord's 50 channels a category). */
  private async checkRoomIn(channelId: string, parentId: string | null) {
    const channel = await this.store
      .selectFrom("demo_channels")
      .select(["guild_id", "parent_id"])
      .where("id", "=", channelId)
      .executeTakeFirst();
    if (!channel) throw new PlatformNotFoundError("Channel not found");
    if (parentId === null || parentId === channel.parent_id) return;
    const g = channel.guild_id ? this.find(channel.guild_id) : undefined;
    if (!g || !g.categories.some((c) => c.id === parentId)) throw new PlatformNotFoundError("Category not found");
    const made = await this.store
      .selectFrom("demo_channels")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("guild_id", "=", g.id)
      .where("kind", "=", "text")
      .where("parent_id", "=", parentId)
      .executeTakeFirstOrThrow();
    if (Number(made.n) + g.text_channels.filter((c) => c.parent_id === parentId).length >= channelLimits.perCategory)
      throw new PlatformRefusedError("categoryFull", "Maximum number of channels in category reached (50)");
  }

  /** Discord lets a channel's name change twice every ten minutes; a third change waits for the oldest to age out. */
  private noteRename(channelId: string, now = Date.now()) {
    const recent = (this.renames.get(channelId) ?? []).filter((at) => now - at < RENAME_WINDOW_MS);
    if (recent.length >= 2) {
      throw new PlatformRefusedError("rateLimited", "You are being rate limited.", recent[0] + RENAME_WINDOW_MS - now);
    }
    recent.push(now);
    this.renames.set(channelId, recent);
    if (this.renames.size > 10_000) this.renames.delete(this.renames.keys().next().value!);
  }

  /** A demo guild (fixtures), or undefined. */
  find(guildId: string): DemoGuild | undefined {
    return demoGuilds.find((g) => g.id === guildId) ?? (guildId === largeGuild.id ? largeGuild : undefined);
  }

  /** The fixed memberships, plus the large guild's once its data exists (checked at most every 5 s until then). */
  private async memberships(): Promise<DemoMembership[]> {
    if (!this.largeGuildSeen && this.db && Date.now() - this.largeGuildCheckedAt > 5000) {
      this.largeGuildCheckedAt = Date.now();
      const row = await this.db.selectFrom("meta").select("key").where("key", "=", LARGE_GUILD_SEEDED_META).executeTakeFirst();
      this.largeGuildSeen = row !== undefined;
    }
    return this.largeGuildSeen ? [...demoMemberships, largeGuildMembership] : demoMemberships;
  }
}
