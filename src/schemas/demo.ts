import { z } from "zod";
import { ticketStatuses } from "./ticket";

// The demo platform's chat, as the Try-it view shows and drives it (docs/ticket-engine.md). Without Discord
// credentials the bot's channels and messages are stored in the database; the Try-it view reads them and sends
// what a Discord client would: messages, button clicks, select choices, modal submits and slash commands. The
// server turns each action into the same interaction Discord would deliver and runs it through the same engine.
// Embeds and components keep Discord's own shapes (discord-api-types), so the view renders what Discord would.

export const demoChannelKinds = ["text", "ticket", "dm"] as const;

export const demoChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(demoChannelKinds),
  /** The category's name, for grouping. */
  category: z.string().nullable(),
  /** Ticket channels: the ticket number. */
  ticketId: z.number().int().nullable(),
  /** Ticket channels: whether the member opened the ticket (its closing DM comes to them). */
  mine: z.boolean().default(false),
  /** Id of the newest message, so the view can tell what is new. */
  lastMessageId: z.string().nullable(),
  /** Whether the member may write here (Send Messages): #rules is read-only for members, as on Discord. */
  canWrite: z.boolean().default(true),
  /** A ticket's private thread names the channel it lives under (Discord lists threads under it). */
  parentChannelId: z.string().nullable().optional(),
});
export type DemoChannel = z.infer<typeof demoChannelSchema>;

/** GET /{guildId}/demo/channels: the channels the caller can see (ticket channels follow their overwrites). */
export const demoChannelsResponseSchema = z.object({ channels: z.array(demoChannelSchema) });

export const demoAuthorSchema = z.object({
  id: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  bot: z.boolean(),
});

/** A message as Discord would deliver it: embeds and components in Discord's JSON shapes (kept as JSON). */
export const demoMessageSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  author: demoAuthorSchema,
  content: z.string(),
  embeds: z.array(z.record(z.string(), z.unknown())),
  components: z.array(z.record(z.string(), z.unknown())),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  editedAt: z.number().nullable(),
  /** Files the bot's answer attaches (an ephemeral answer's: a data: URL, never stored). */
  attachments: z.array(z.object({ name: z.string(), size: z.number().int(), url: z.string() })).optional(),
});
export type DemoMessage = z.infer<typeof demoMessageSchema>;

/**
 * GET /{guildId}/demo/channels/{channelId}/messages (?after=<message id>): oldest first, at most 100, with the
 * display names of the members, roles and channels their text mentions (id → name), as Discord resolves them.
 * `gone`: the channel was a ticket's and the member no longer sees it (closed, or removed from it); no messages.
 */
export const demoMessagesResponseSchema = z.object({
  messages: z.array(demoMessageSchema),
  mentions: z.record(z.string(), z.string()).default({}),
  gone: z.literal(true).optional(),
});
export type DemoMessages = z.infer<typeof demoMessagesResponseSchema>;

// Mentions in message text are read by the shared scanner (./message-parts.ts).
export { splitMentions, type MentionPart } from "./message-parts";

const textOf = (v: unknown) => (typeof v === "string" ? v : "");
const partOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * Every text of a demo message that may hold a mention, as Discord reads them: its content and each embed's title,
 * description, author, footer and fields (a welcome message's form answers are an embed's fields). Read defensively.
 */
export function demoMessageTexts(message: Pick<DemoMessage, "content" | "embeds">): string[] {
  const texts = [message.content];
  for (const e of message.embeds) {
    texts.push(textOf(e.title), textOf(e.description), textOf(partOf(e.author).name), textOf(partOf(e.footer).text));
    for (const f of Array.isArray(e.fields) ? e.fields : []) texts.push(textOf(partOf(f).name), textOf(partOf(f).value));
  }
  return texts.filter(Boolean);
}

export const demoMessageMax = 2000;

/** POST /{guildId}/demo/channels/{channelId}/messages: the signed-in demo user writes in a channel. */
export const demoMessageInputSchema = z.object({
  content: z.string().trim().min(1, "Write a message first").max(demoMessageMax, `Messages are at most ${demoMessageMax} characters`),
});

/**
 * POST /demo/interactions: what the user did. The server fills in who did it (the session) and where (the
 * channel's guild), never the client.
 */
export const demoInteractionInputSchema = z.discriminatedUnion("kind", [
  // A message command from a message's Apps menu ("Open ticket about this message").
  z.object({
    kind: z.literal("messageCommand"),
    channelId: z.string().regex(/^\d{1,21}$/),
    messageId: z.string().regex(/^\d{1,21}$/),
    name: z.string().min(1).max(64),
  }),
  z.object({
    kind: z.literal("button"),
    channelId: z.string().regex(/^\d{1,21}$/),
    messageId: z.string().regex(/^\d{1,21}$/),
    customId: z.string().min(1).max(100),
  }),
  z.object({
    kind: z.literal("select"),
    channelId: z.string().regex(/^\d{1,21}$/),
    messageId: z.string().regex(/^\d{1,21}$/),
    customId: z.string().min(1).max(100),
    values: z.array(z.string().max(100)).min(1).max(25),
  }),
  z.object({
    kind: z.literal("modal"),
    channelId: z.string().regex(/^\d{1,21}$/),
    /** The message whose button opened the modal (Discord's `message` of such a modal submit). */
    messageId: z
      .string()
      .regex(/^\d{1,21}$/)
      .optional(),
    customId: z.string().min(1).max(100),
    /** Input custom id → the text typed. */
    fields: z.record(z.string().max(100), z.string().max(4000)),
  }),
  z.object({
    kind: z.literal("command"),
    channelId: z.string().regex(/^\d{1,21}$/),
    /** "close", or "panel resend" for a subcommand. */
    name: z.string().min(1).max(64),
    options: z.record(z.string().max(32), z.union([z.string().max(6000), z.number(), z.boolean()])).default({}),
  }),
  z.object({
    kind: z.literal("autocomplete"),
    channelId: z.string().regex(/^\d{1,21}$/),
    name: z.string().min(1).max(64),
    /** The option being typed and what was typed so far. */
    focused: z.string().max(32),
    value: z.string().max(100),
    options: z.record(z.string().max(32), z.union([z.string().max(6000), z.number(), z.boolean()])).default({}),
  }),
]);
export type DemoInteractionInput = z.infer<typeof demoInteractionInputSchema>;

/** What the bot answered: a message (ephemeral or not), a modal to show, choices, or nothing to show. */
export const demoInteractionReplySchema = z.object({
  /** A modal in Discord's shape ({custom_id, title, components}) when the bot asked for one. */
  modal: z.record(z.string(), z.unknown()).nullable(),
  /** Messages only the caller sees (ephemeral replies and follow-ups), oldest first. */
  ephemeral: z.array(demoMessageSchema),
  /** Autocomplete: the choices offered. */
  choices: z.array(z.object({ name: z.string(), value: z.union([z.string(), z.number()]) })),
});
export type DemoInteractionReply = z.infer<typeof demoInteractionReplySchema>;

/**
 * GET /{guildId}/demo/events (server-sent events, `event: ticket`): the dashboard's ticket events as the Try-it
 * member may learn them — only of tickets whose channel they see (or saw, for its close), as Discord tells a member of
 * the channels they see — so their view follows the ticket: a closed ticket's channel leaves, a renamed or claimed one
 * is read again. Why it closed is told to its opener and its staff.
 */
export const demoTicketEventSchema = z.object({
  type: z.enum(["opened", "updated", "closed"]),
  guildId: z.string(),
  ticket: z.object({
    TicketId: z.number().int(),
    Status: z.enum(ticketStatuses),
    ChannelId: z.string(),
    OpenerId: z.string(),
    /** Whether the member still sees the channel (false: closed, or no longer theirs to see). */
    Visible: z.boolean(),
    CloseReason: z.string().nullable(),
  }),
});
export type DemoTicketEvent = z.infer<typeof demoTicketEventSchema>;
