import {
  ChannelType,
  type DiscordWorld,
  type FakeChannel,
  type FakeGuild,
  type FakeMember,
  type FakeMessage,
  type FakeRole,
  type FakeUser,
  type Json,
  THREADS,
} from "./fake-world";

// The fake Discord's things as Discord's API sends them (the shapes of resources/*.mdx, trimmed to the fields a
// client reads).

const iso = (ms: number) => new Date(ms).toISOString();

export function applicationJson(world: DiscordWorld): Json {
  const bot = world.user(world.applicationId);
  return {
    id: world.applicationId,
    name: bot.username,
    icon: null,
    description: "",
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: "0".repeat(64),
    flags: world.applicationFlags,
    bot: userJson(bot),
  };
}

export function userJson(user: FakeUser): Json {
  return {
    id: user.id,
    username: user.username,
    global_name: user.globalName,
    avatar: user.avatar,
    discriminator: "0",
    public_flags: 0,
    ...(user.bot ? { bot: true } : {}),
  };
}

export function memberJson(world: DiscordWorld, member: FakeMember): Json {
  return {
    user: userJson(world.user(member.userId)),
    nick: member.nick,
    avatar: null,
    roles: member.roles,
    joined_at: iso(member.joinedAt),
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
  };
}

export function guildJson(guild: FakeGuild, counts: boolean): Json {
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [...guild.roles.values()].map(roleJson),
    emojis: guild.emojis.map((e) => ({
      id: e.id,
      name: e.name,
      animated: e.animated,
      roles: [],
      require_colons: true,
      managed: false,
      available: true,
    })),
    features: [],
    mfa_level: 0,
    system_channel_id: null,
    premium_tier: 0,
    premium_subscription_count: guild.premiumSubscriptionCount,
    preferred_locale: "en-US",
    nsfw_level: 0,
    ...(counts ? { approximate_member_count: guild.members.size, approximate_presence_count: 0 } : {}),
  };
}

export function channelJson(world: DiscordWorld, channel: FakeChannel): Json {
  const last = world.messagesIn(channel.id).at(-1);
  if (channel.type === ChannelType.DM) {
    return {
      id: channel.id,
      type: channel.type,
      last_message_id: last?.id ?? null,
      flags: 0,
      recipients: [userJson(world.user(channel.recipientId!))],
    };
  }
  const common = {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId,
    name: channel.name,
    parent_id: channel.parentId,
    last_message_id: last?.id ?? null,
    flags: 0,
    rate_limit_per_user: 0,
  };
  if (THREADS.has(channel.type)) {
    return {
      ...common,
      owner_id: channel.ownerId,
      member_count: channel.threadMembers?.size ?? 0,
      message_count: world.messagesIn(channel.id).length,
      total_message_sent: world.messagesIn(channel.id).length,
      thread_metadata: {
        archived: channel.archived === true,
        auto_archive_duration: 4320,
        archive_timestamp: iso(Date.now()),
        locked: channel.locked === true,
        invitable: channel.invitable !== false,
      },
    };
  }
  return {
    ...common,
    position: channel.position,
    topic: channel.topic,
    nsfw: false,
    permission_overwrites: channel.overwrites.map((o) => ({ id: o.id, type: o.type, allow: String(o.allow), deny: String(o.deny) })),
  };
}

/**
 * A message as the bot reads it: without the Message Content intent, members' content comes back empty. Over REST the
 * application's flags say whether it has the intent; on the gateway, the intents the session identified with.
 */
export function messageJson(
  world: DiscordWorld,
  m: FakeMessage,
  channel: FakeChannel,
  messageContent = world.hasMessageContentIntent(),
): Json {
  // gateway.mdx, Message Content Intent: apps without it "receive empty values in fields that contain
  // user-inputted content", except messages the app sends, DMs with the app, and messages that mention it.
  const blank =
    !messageContent && m.authorId !== world.applicationId && channel.type !== ChannelType.DM && !m.mentions.includes(world.applicationId);
  const author = world.users.get(m.authorId);
  return {
    id: m.id,
    type: 0,
    channel_id: m.channelId,
    ...(channel.guildId ? { guild_id: channel.guildId } : {}),
    author: author ? userJson(author) : { id: m.authorId, username: "Deleted User", global_name: null, avatar: null, discriminator: "0" },
    content: blank ? "" : m.content,
    embeds: blank ? [] : m.embeds,
    components: blank ? [] : m.components,
    attachments: blank ? [] : m.attachments,
    mentions: m.mentions.filter((id) => world.users.has(id)).map((id) => userJson(world.user(id))),
    mention_roles: [],
    mention_everyone: false,
    pinned: false,
    tts: false,
    timestamp: iso(m.timestamp),
    edited_timestamp: m.editedAt === null ? null : iso(m.editedAt),
    flags: 0,
  };
}

export function roleJson(r: FakeRole): Json {
  return {
    id: r.id,
    name: r.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: r.position,
    permissions: String(r.permissions),
    managed: r.managed,
    mentionable: r.mentionable,
    flags: 0,
  };
}
