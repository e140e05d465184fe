import { clampText } from "../../src/schemas/discord-limits";
import { readGuildSettings } from "../settings/store";
import { isTicketStaff, type Member, memberAccess } from "./members";
import { open } from "./open";
import { type EngineDeps, type Reply, say } from "./step";
import { botTexts } from "./texts";

// A ticket from a message (issue 22): the message context-menu command "Open ticket about this message" opens a
// ticket — no panel, like /new — for the message's author, or for the member who used it (MessageTicketOpener). The
// new channel quotes the message and links back to it. Opening for someone else is staff's to do; the opener is
// checked like any opener (blacklist, limits), as the member they are.

/** The message an interaction targets (data.resolved.messages[data.target_id]), as read from hostile JSON. */
export interface TargetMessage {
  id: string;
  channelId: string;
  content: string;
  author: { id: string; username: string; bot: boolean };
}

const QUOTE_MAX = 1500;

export async function openFromMessage(deps: EngineDeps, guildId: string, member: Member, target: TargetMessage): Promise<Reply> {
  const { settings } = await readGuildSettings(deps.db, guildId);
  const forAuthor = settings.MessageTicketOpener !== "member" && target.author.id !== member.id;
  let opener: Member = member;
  if (forAuthor) {
    if (target.author.bot) return say(botTexts.messageTicketBot);
    if (!isTicketStaff(await memberAccess(deps.db, guildId, member), [])) return say(botTexts.messageTicketStaffOnly);
    const author = await deps.platform.getMember(guildId, target.author.id).catch(() => null);
    if (!author) return say(botTexts.memberNotFound);
    opener = { id: author.id, username: author.username, avatar: author.avatar, roles: author.roles, permissions: "0", owner: false };
  }
  const link =
    deps.platform.kind === "discord" ? `https://discord.com/channels/${guildId}/${target.channelId}/${target.id}` : `${deps.publicUrl}${deps.channelUrl(guildId, target.channelId)}`;
  const quoted = clampText(target.content || "…", QUOTE_MAX)
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  return open(deps, {
    guildId,
    member: opener,
    panelId: null,
    subject: botTexts.messageTicketSubject(target.author.username).slice(0, 100),
    quote: botTexts.messageQuote(target.author.id, quoted, link),
  });
}
