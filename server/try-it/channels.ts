import type { FastifyInstance } from "fastify";
import {
  type DemoChannel,
  type DemoMessage,
  type DemoMessages,
  type DemoTicketEvent,
  demoMessageTexts,
  splitMentions,
} from "../../src/schemas/demo";
import type { TicketEvent } from "../../src/schemas/ticket";
import { fromDbJson } from "../db/dialect";
import type { Db } from "../db/schema";
import { HttpError, notFound } from "../errors";
import {
  ADMINISTRATOR,
  hasBit,
  MANAGE_GUILD,
  type PermissionOverwrite,
  type PlatformAdapter,
  type PlatformUser,
} from "../platform/adapter";
import { DemoClock } from "../platform/clock";
import { DEMO_BOT, DemoPlatform } from "../platform/demo";
import { demoChannelOverwrites } from "../platform/demo-fixtures";
import { canView, permissionsIn, SEND_MESSAGES } from "../tickets/channel-access";
import { noteActivity } from "../tickets/last-activity";
import { noteWriter } from "../tickets/waiting-on";
import { findTicketByChannel } from "../tickets/store";
import { directMessage, messageInTicket } from "../discord/dm";
import { iconUrlOf } from "../helpdesk/reply";
import type { EngineDeps } from "../tickets/step";
import type { DemoTargetMessage } from "./interaction";
import { isTicketStaff, type Member, memberAccess } from "../tickets/members";
import { findSinglePanel } from "../panels/store";
import { readGuildSettings } from "../settings/store";

// The Try-it view (docs/ticket-engine.md): on the demo platform the dashboard plays the Discord client. What the
// signed-in demo user sees — the channels their permissions let them into, with their permissions there — and writes.
// Who acts and where come from the session and the channel, never from the client.

/** Try-it's refusal to post where the member may only read (Discord's own words). */
export const demoCannotSend = "You do not have permission to send messages in this channel.";

/** A channel the member sees, with their permissions in it (what Discord puts in an interaction's member.permissions). */
export type SeenChannel = DemoChannel & { permissions: bigint };

const isManager = (m: Member) => m.owner || hasBit(m.permissions, ADMINISTRATOR) || hasBit(m.permissions, MANAGE_GUILD);
/** The owner and Administrator hold every permission in every channel. */
const isAllPowerful = (m: Member) => m.owner || hasBit(m.permissions, ADMINISTRATOR);

/**
 * Whether the member sees a ticket's channel or private thread: by its overwrites, as on Discord. Manage Server sees
 * every ticket channel (the engine's manager) but, as on Discord, follows a channel's overwrites; a private thread's
 * members see it (the owner and Administrator see every thread).
 */
function seesTicketChannel(row: { kind: string; overwrites_json: string }, guildId: string, member: Member): boolean {
  const overwrites = fromDbJson<PermissionOverwrite[]>(row.overwrites_json, []);
  return canView(overwrites, guildId, member.id, member.roles, row.kind === "thread" ? isAllPowerful(member) : isManager(member));
}

const baseBits = (m: Member) => {
  try {
    return BigInt(m.permissions);
  } catch {
    return 0n;
  }
};

export class TryItView {
  constructor(private readonly deps: { db: Db; platform: PlatformAdapter; tickets: EngineDeps }) {}

  /** The demo platform; 404 on any other (there is no Try-it view with Discord). */
  private demo(): DemoPlatform {
    if (!(this.deps.platform instanceof DemoPlatform)) throw notFound();
    return this.deps.platform;
  }

  /** The demo platform's clocks, one per server (404 on any other platform: Discord runs on the real clock). */
  clock(): DemoClock {
    const clock = this.demo().clock;
    if (!(clock instanceof DemoClock)) throw notFound();
    return clock;
  }

  /** The demo user as the engine's member, from the fixtures. */
  async memberOf(guildId: string, user: PlatformUser): Promise<Member> {
    const membership = await this.demo().membershipOf(guildId, user.id);
    if (!membership) throw new HttpError(403, "Not a member of this server");
    return {
      id: user.id,
      username: user.username,
      avatar: user.avatar,
      roles: [...membership.roles],
      permissions: membership.permissions,
      owner: membership.owner,
    };
  }

  /** The channels the user sees in the guild. */
  async channels(guildId: string, user: PlatformUser): Promise<DemoChannel[]> {
    this.demo();
    return (await this.visibleChannels(guildId, await this.memberOf(guildId, user))).map(({ permissions: _bits, ...channel }) => channel);
  }

  /** One channel the user sees (404 otherwise), with who they are and every channel they see. */
  async channel(guildId: string, user: PlatformUser, channelId: string) {
    const member = await this.memberOf(guildId, user);
    const visible = await this.visibleChannels(guildId, member);
    const channel = visible.find((c) => c.id === channelId);
    if (!channel) throw new HttpError(404, "Channel not found");
    return { member, channel, visible };
  }

  /**
   * A channel's messages, oldest first: the newest 100, or the next 100 after `after`; and the names they mention. A
   * ticket's channel the member no longer sees (closed, or they were removed) is `gone`: the view's poll may reach it
   * before the event that tells why, and is answered, not refused.
   */
  /** The message of a channel the member sees that a message command targets, or 404. */
  async targetMessage(channelId: string, messageId: string): Promise<DemoTargetMessage> {
    const target = await this.deps.db
      .selectFrom("demo_messages")
      .select(["id", "content", "author_id", "author_name", "author_bot"])
      .where("id", "=", messageId)
      .where("channel_id", "=", channelId)
      .executeTakeFirst();
    if (!target) throw new HttpError(404, "Message not found");
    return {
      id: target.id,
      content: target.content,
      authorId: target.author_id,
      authorName: target.author_name,
      authorBot: Boolean(target.author_bot),
    };
  }

  async messages(guildId: string, user: PlatformUser, channelId: string, after: string | undefined): Promise<DemoMessages> {
    const seen = await this.channel(guildId, user, channelId).catch(async (error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 404 && (await this.wasTicketChannel(guildId, channelId))) return null;
      throw error;
    });
    if (!seen) return { messages: [], mentions: {}, gone: true };
    const { visible } = seen;
    const query = this.deps.db.selectFrom("demo_messages").selectAll().where("channel_id", "=", channelId);
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
    return { messages, mentions: await this.mentionNames(guildId, messages, visible) };
  }

  /** Whether the server takes DM tickets (Settings → DM tickets). */
  private async takesDmTickets(guildId: string): Promise<boolean> {
    return (await readGuildSettings(this.deps.db, guildId)).settings.DmTickets === true;
  }

  /** Whether a ticket of the guild has, or had until it closed, this channel. */
  private async wasTicketChannel(guildId: string, channelId: string): Promise<boolean> {
    const row = await this.deps.db
      .selectFrom("tickets")
      .select("id")
      .where("guild_id", "=", guildId)
      .where("channel_id", "=", channelId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Writes as the user where they may (403 where they may only read); the ticket's silence ends. Returns the message id. */
  async post(guildId: string, user: PlatformUser, channelId: string, content: string): Promise<string> {
    const { member, channel } = await this.channel(guildId, user, channelId);
    // As Discord: a member without Send Messages there reads the channel but cannot write in it.
    if (!channel.canWrite) throw new HttpError(403, demoCannotSend);
    const { id, createdAt } = await this.demo().postAsUser(
      channelId,
      { id: member.id, username: member.username, avatar: member.avatar, bot: false },
      content,
    );
    const deps = this.deps.tickets;
    const author = { name: member.username, iconUrl: iconUrlOf(deps, member.avatar) };
    // What Discord's gateway would tell the bot (server/gateway/events.ts): a DM goes to the DM tickets' flow, and
    // staff's message in a DM ticket's channel is relayed to its member.
    if (channel.kind === "dm") {
      await directMessage(deps, {
        channelId,
        author: { id: member.id, username: member.username, avatarUrl: author.iconUrl },
        content,
        attachments: [],
        at: createdAt,
      });
      return id;
    }
    // The silence ends when the message was written, on the server's clock (a later skip measures from there).
    await noteActivity(deps, channelId, createdAt);
    const ticket = await findTicketByChannel(this.deps.db, channelId);
    if (ticket?.guild_id === guildId && ticket.status === "open") {
      // Whose turn it is now, as the gateway's message would tell it.
      await noteWriter(deps, ticket, { id: member.id, bot: false }, createdAt);
      await messageInTicket(deps, ticket, { authorId: member.id, bot: false, author, content, attachments: [] });
    }
    return id;
  }

  /** The ticket channels and threads the member sees now (what their view may hear about). */
  async ticketChannelsSeen(guildId: string, member: Member): Promise<Set<string>> {
    const rows = await this.deps.db
      .selectFrom("demo_channels")
      .select(["id", "kind", "overwrites_json"])
      .where("guild_id", "=", guildId)
      .where("kind", "in", ["text", "thread"])
      .execute();
    return new Set(rows.filter((r) => seesTicketChannel(r, guildId, member)).map((r) => r.id));
  }

  /**
   * What the member's view learns of a ticket event, as Discord tells a member only of the channels they see: the
   * ticket's number, state and channel, and why it closed for its opener and its staff. `seen` (kept by the stream,
   * from ticketChannelsSeen) holds the channels they saw: a close, or a channel they no longer see, is told to them
   * once; a ticket they never saw is never told.
   */
  async eventFor(guildId: string, member: Member, event: TicketEvent, seen: Set<string>): Promise<DemoTicketEvent | null> {
    const channelId = event.ticket.ChannelId;
    if (!channelId) return null;
    let sees = false;
    if (event.type !== "closed") {
      const row = await this.deps.db
        .selectFrom("demo_channels")
        .select(["kind", "overwrites_json"])
        .where("id", "=", channelId)
        .where("guild_id", "=", guildId)
        .executeTakeFirst();
      sees = row !== undefined && row.kind !== "archived-thread" && seesTicketChannel(row, guildId, member);
    }
    if (!sees && !seen.has(channelId)) return null;
    if (sees) seen.add(channelId);
    else seen.delete(channelId);
    const told =
      event.ticket.OpenerId === member.id ||
      isTicketStaff(await memberAccess(this.deps.db, guildId, member), await teamsOfPanel(this.deps.db, guildId, event.ticket.PanelId));
    return {
      type: event.type,
      guildId,
      ticket: {
        TicketId: event.ticket.TicketId,
        Status: event.ticket.Status,
        ChannelId: channelId,
        OpenerId: event.ticket.OpenerId,
        Visible: sees,
        CloseReason: told ? event.ticket.CloseReason : null,
      },
    };
  }

  /** Every channel the member sees: the server's text channels, ticket channels their overwrites let them into, their DMs. */
  private async visibleChannels(guildId: string, member: Member): Promise<SeenChannel[]> {
    const platform = this.demo();
    const guild = await platform.getGuild(guildId);
    const categoryName = new Map(guild.categories.map((c) => [c.id, c.name]));
    // Ticket channels, and tickets' private threads still open, listed under their channel.
    const tickets = await this.deps.db
      .selectFrom("demo_channels")
      .selectAll()
      .where("guild_id", "=", guildId)
      .where("kind", "in", ["text", "thread"])
      .orderBy("id")
      .execute();
    const openTickets = await this.deps.db
      .selectFrom("tickets")
      .select(["channel_id", "number", "opener_id"])
      .where("guild_id", "=", guildId)
      .where("status", "in", ["open", "closing"])
      .execute();
    const ticketNumbers = new Map(openTickets.map((t) => [t.channel_id, t.number]));
    const mine = new Set(openTickets.filter((t) => t.opener_id === member.id).map((t) => t.channel_id));
    // Reading creates nothing, but where the server takes DM tickets: the direct messages appear once the bot has
    // written one, or at once when the member can open a ticket by writing to the bot.
    const dm =
      (await platform.existingDirectChannelOf(member.id)) ??
      ((await this.takesDmTickets(guildId)) ? await platform.directChannelOf(member.id) : null);
    const ids = [...guild.text_channels.map((c) => c.id), ...tickets.map((t) => t.id), ...(dm ? [dm] : [])];
    const last = new Map<string, string>();
    for (const id of ids) {
      const row = await this.deps.db
        .selectFrom("demo_messages")
        .select("id")
        .where("channel_id", "=", id)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      if (row) last.set(id, row.id);
    }
    const allPowerful = isAllPowerful(member);
    const inChannel = (overwrites: PermissionOverwrite[]) =>
      permissionsIn(overwrites, guildId, member.id, member.roles, baseBits(member), allPowerful);
    const writable = (bits: bigint) => (bits & (SEND_MESSAGES | ADMINISTRATOR)) !== 0n;
    const threadsUnder = (channelId: string) => tickets.filter((t) => t.kind === "thread" && t.parent_id === channelId);
    const threadRow = (t: (typeof tickets)[number], category: string | null) => {
      const permissions = inChannel(fromDbJson<PermissionOverwrite[]>(t.overwrites_json, []));
      return {
        id: t.id,
        name: t.name,
        kind: "ticket" as const,
        category,
        ticketId: ticketNumbers.get(t.id) ?? null,
        mine: mine.has(t.id),
        lastMessageId: last.get(t.id) ?? null,
        canWrite: writable(permissions),
        permissions,
        parentChannelId: t.parent_id,
      };
    };
    return [
      ...guild.text_channels.flatMap((c) => {
        const permissions = inChannel(demoChannelOverwrites(guildId, c.id));
        const category = c.parent_id ? (categoryName.get(c.parent_id) ?? null) : null;
        return [
          {
            id: c.id,
            name: c.name,
            kind: "text" as const,
            category,
            ticketId: null,
            mine: false,
            lastMessageId: last.get(c.id) ?? null,
            canWrite: writable(permissions),
            permissions,
          },
          ...threadsUnder(c.id)
            .filter((t) => seesTicketChannel(t, guildId, member))
            .map((t) => threadRow(t, category)),
        ];
      }),
      ...tickets
        .filter((t) => t.kind === "text")
        .filter((t) => seesTicketChannel(t, guildId, member))
        .map((t) => {
          const permissions = inChannel(fromDbJson<PermissionOverwrite[]>(t.overwrites_json, []));
          return {
            id: t.id,
            name: t.name,
            kind: "ticket" as const,
            category: t.parent_id ? (categoryName.get(t.parent_id) ?? "Tickets") : "Tickets",
            ticketId: ticketNumbers.get(t.id) ?? null,
            mine: mine.has(t.id),
            lastMessageId: last.get(t.id) ?? null,
            canWrite: writable(permissions),
            permissions,
          };
        }),
      ...(dm
        ? [
            {
              id: dm,
              name: DEMO_BOT.username,
              kind: "dm" as const,
              category: "Direct messages",
              ticketId: null,
              mine: false,
              lastMessageId: last.get(dm) ?? null,
              canWrite: true,
              permissions: baseBits(member),
            },
          ]
        : []),
    ];
  }

  /**
   * Names of what the messages mention, in their text and their embeds, as Discord resolves them: the guild's members
   * and roles, and the channels the reader can see (a private ticket's name is not told to someone outside it).
   */
  private async mentionNames(guildId: string, messages: DemoMessage[], visible: DemoChannel[]): Promise<Record<string, string>> {
    const wanted = new Map<string, "@" | "@&" | "#">();
    for (const m of messages) {
      for (const text of demoMessageTexts(m))
        for (const part of splitMentions(text)) if (!("text" in part)) wanted.set(part.id, part.sigil);
    }
    if (wanted.size === 0) return {};
    const platform = this.demo();
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
}

/** The support teams of a ticket's panel ([] for none or a deleted panel: every team's staff). */
async function teamsOfPanel(db: Db, guildId: string, panelId: number | null): Promise<number[]> {
  const panel = panelId === null ? undefined : await findSinglePanel(db, guildId, panelId);
  return panel ? panel.SupportTeams.map(Number) : [];
}

declare module "fastify" {
  interface FastifyInstance {
    tryIt: TryItView;
  }
}

export function registerTryIt(app: FastifyInstance): void {
  app.decorate("tryIt", new TryItView({ db: app.db, platform: app.platform, tickets: app.tickets.deps }));
}
