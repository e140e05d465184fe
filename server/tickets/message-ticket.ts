import { isTicketStaff, type Member, memberAccess } from "./members";
import { open } from "./open";
import type { Outcome } from "./outcomes";
import { type EngineDeps, type Known, settingsOf } from "./step";

// A ticket from a message: the message context-menu command "Open ticket about this message" opens a
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

export async function openFromMessage(
  deps: EngineDeps,
  guildId: string,
  member: Member,
  target: TargetMessage,
  known: Known = {},
): Promise<Outcome> {
  const settings = await settingsOf(deps, guildId, known);
  const forAuthor = settings.MessageTicketOpener !== "member" && target.author.id !== member.id;
  let opener: Member = member;
  if (forAuthor) {
    if (target.author.bot) return { refusal: "messageTicketBot" };
    if (!isTicketStaff(await memberAccess(deps.db, guildId, member), [])) return { refusal: "messageTicketStaffOnly" };
    const author = await deps.platform.getMember(guildId, target.author.id).catch(() => null);
    if (!author) return { refusal: "memberNotFound" };
    opener = { id: author.id, username: author.username, avatar: author.avatar, roles: author.roles, permissions: "0", owner: false };
  }
  const url =
    deps.platform.kind === "discord"
      ? `https://discord.com/channels/${guildId}/${target.channelId}/${target.id}`
      : `${deps.publicUrl}${deps.channelUrl(guildId, target.channelId)}`;
  return open(
    deps,
    {
      guildId,
      member: opener,
      panelId: null,
      subject: deps.messages.subjectAboutMessage(target.author.username).slice(0, 100),
      notice: { notice: "aboutMessage", authorId: target.author.id, content: target.content, url },
    },
    { ...known, settings },
  );
}
