import { type APIApplicationCommandInteractionDataOption, type APIInteraction, ApplicationCommandOptionType } from "discord-api-types/v10";
import type { DmMessage } from "../tickets/closing-dm";
import type { Member } from "../tickets/members";
import type { TargetMessage } from "../tickets/message-ticket";
import type { BotCommandOption } from "../../src/schemas/commands";
import type { CommandOptions } from "./command";

// Reading what an interaction carries: everything in it is hostile, so ids are checked without regexes over what
// Discord sends, texts are cut, and anything malformed reads as nothing.

export const str = (v: unknown, max = 6000) => (typeof v === "string" ? v.slice(0, max) : typeof v === "number" ? String(v) : "");

export const int = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.length <= 10 ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n <= 2_147_483_647 ? n : null;
};

/** A Discord id (digits only), or null. */
export const snowflake = (v: unknown): string | null => {
  const s = str(v, 21);
  if (!s.length) return null;
  for (const c of s) if (c < "0" || c > "9") return null;
  return s;
};

/** A command's option naming a member of the server (/add, /remove, /transfer), with its Spanish. */
export const memberOption = (description: string, es: string): BotCommandOption => ({
  name: "member",
  description,
  type: "user",
  required: true,
  es: { name: "miembro", description: es },
});

/** The acting member of an interaction in a guild; for DMs (the rating buttons) only the user is known. */
export function memberOf(interaction: APIInteraction): Member | null {
  const m = interaction.member;
  if (!m?.user) return null;
  return {
    id: m.user.id,
    username: m.nick || m.user.global_name || m.user.username,
    avatar: m.user.avatar,
    roles: Array.isArray(m.roles) ? m.roles.filter((r) => typeof r === "string") : [],
    permissions: typeof m.permissions === "string" ? m.permissions : "0",
    owner: false,
  };
}

/** A slash command's subcommand, its flat options, and the option being typed (autocomplete). */
export function commandParts(options: readonly APIApplicationCommandInteractionDataOption[] | undefined): {
  subcommand?: string;
  options: CommandOptions;
  focused?: string;
} {
  const out: CommandOptions = {};
  let subcommand: string | undefined;
  let focused: string | undefined;
  const visit = (list: readonly APIApplicationCommandInteractionDataOption[]) => {
    for (const o of list.slice(0, 25)) {
      if (o.type === ApplicationCommandOptionType.Subcommand) {
        subcommand = o.name;
        visit(o.options ?? []);
      } else if ("value" in o && (typeof o.value === "string" || typeof o.value === "number" || typeof o.value === "boolean")) {
        out[o.name] = o.value;
        if ("focused" in o && o.focused) focused = o.name;
      }
    }
  };
  visit(options ?? []);
  return { subcommand, options: out, focused };
}

/** The message a message command targets: data.resolved.messages[data.target_id]. */
export function targetMessageOf(data: unknown, channelId: string | null): TargetMessage | null {
  const d = data as { target_id?: unknown; resolved?: { messages?: Record<string, unknown> } };
  const id = snowflake(d.target_id);
  const messages = d.resolved?.messages && typeof d.resolved.messages === "object" ? d.resolved.messages : undefined;
  const raw = id && messages ? (messages[id] as Record<string, unknown> | undefined) : undefined;
  if (!id || !raw || typeof raw !== "object") return null;
  const author = raw.author as { id?: unknown; username?: unknown; global_name?: unknown; bot?: unknown } | undefined;
  const authorId = snowflake(author?.id);
  const inChannel = snowflake(raw.channel_id) ?? channelId;
  if (!authorId || !inChannel) return null;
  return {
    id,
    channelId: inChannel,
    content: str(raw.content, 4000),
    author: { id: authorId, username: str(author?.global_name, 100) || str(author?.username, 100) || authorId, bot: author?.bot === true },
  };
}

/** The message a click (or a modal opened by a click) came from, in a DM: Discord's `message` of the interaction. */
export function dmMessageOf(interaction: APIInteraction, channelId: string | null): DmMessage | null {
  if (interaction.guild_id || !channelId) return null;
  const messageId = snowflake((interaction as { message?: { id?: unknown } }).message?.id);
  return messageId ? { channelId, messageId } : null;
}
