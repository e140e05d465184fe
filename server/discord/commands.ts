import type { BotCommand } from "../../src/schemas/commands";
import { MultiPanelEmptyError, postPanel } from "../panels/send";
import { toMultiPanel, toSinglePanel } from "../panels/store";
import { readGuildSettings } from "../settings/store";
import { canSendIn } from "../tickets/channel-access";
import type { TicketEngine } from "../tickets/engine";
import { formModal } from "../tickets/form-modal";
import { can, type Member, type MemberAccess, memberAccess } from "../tickets/members";
import { guildStatistics, statisticsSummary } from "../statistics/figures";
import { type Reply, say } from "../tickets/step";
import { tagMessage } from "../tickets/tag-message";
import { botTexts } from "../tickets/texts";
import { panelsVisibleToMember } from "../tickets/visibility";

// The slash commands used outside a ticket's channel (/help, /new, /form, /tag, /transcript, /settings, /stats,
// /panel resend). Each checks the team permission the dashboard asks for the same thing.

export type CommandOptions = Record<string, string | number | boolean>;

export const str = (v: unknown, max = 6000) => (typeof v === "string" ? v.slice(0, max) : typeof v === "number" ? String(v) : "");
export const int = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.length <= 10 ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n <= 2_147_483_647 ? n : null;
};

export async function guildCommand(engine: TicketEngine, guildId: string, channelId: string | null, member: Member, command: BotCommand, options: CommandOptions): Promise<Reply> {
  const { db, platform, publicUrl } = engine.deps;
  const access = await memberAccess(db, guildId, member);
  switch (command.key) {
    case "help":
      return say(botTexts.help(`${publicUrl}/docs`), true);
    case "new":
      return engine.open({ guildId, member, panelId: null, subject: str(options.subject, 100) || null });
    case "form": {
      const formId = int(options.form_id);
      if (formId === null) return say(botTexts.formGone);
      const modal = await formModal(db, guildId, 0, formId);
      if (!modal) return say(botTexts.formGone);
      // Refused before the modal is shown, as a panel's form is (no panel: the blacklist, the server's limit, room).
      return (await engine.refusalBeforeForm(guildId, member, null)) ?? modal;
    }
    case "tag": {
      // The bot posts for the member: only where they may write themselves (member.permissions is theirs in this channel).
      if (!canSendIn(member.permissions)) return say(botTexts.tagCannotSend);
      if (!can(access, "ViewTag")) return say(botTexts.noPermission);
      const name = str(options.name, 255).trim();
      const tag = await db.selectFrom("tags").select(["name", "content"]).where("guild_id", "=", guildId).where("name", "=", name).executeTakeFirst();
      if (!tag) return say(botTexts.tagNotFound(name));
      if (!channelId) return say(botTexts.somethingWrong);
      await platform.sendMessage(channelId, tagMessage(tag.content));
      return say(botTexts.tagSent, true);
    }
    case "transcript": {
      if (!can(access, "ViewTranscripts")) return say(botTexts.noPermission);
      const number = int(options.ticket_id);
      if (number === null) return say(botTexts.transcriptMissing(0));
      const exists = await db.selectFrom("transcripts").select("id").where("guild_id", "=", guildId).where("ticket_id", "=", number).executeTakeFirst();
      return exists ? say(botTexts.transcriptLink(number, `${publicUrl}/${guildId}/transcripts/${number}`), true) : say(botTexts.transcriptMissing(number));
    }
    case "panelResend":
      return resendPanel(engine, guildId, access, int(options.panel_id));
    case "settings": {
      if (!can(access, "ViewSettings")) return say(botTexts.noPermission);
      const { settings } = await readGuildSettings(db, guildId);
      const yes = (v: boolean | null | undefined) => (v === false ? "off" : "on");
      const lines = [
        `User ticket limit: ${settings.UserTicketLimit}`,
        `Users can close their own tickets: ${yes(settings.AllowUserTicketClose)}`,
        `Ask for confirmation on close: ${yes(settings.TicketCloseConfirmation)}`,
        `Feedback: ${yes(settings.EnableUserFeedback)}`,
        `Store transcripts: ${yes(settings.StoreTranscripts)}`,
        `Auto-close: ${yes(settings.AutoCloseEnabled ?? false)}`,
        botTexts.settingsLink(`${publicUrl}/${guildId}/settings`),
      ];
      return say(lines.join("\n"), true);
    }
    case "stats": {
      if (!can(access, "ViewTranscripts")) return say(botTexts.noPermission);
      // The last 30 days of the server's clock (server/platform/clock.ts).
      const to = new Date(await engine.deps.clock.now(guildId));
      const from = new Date(to.getTime() - 29 * 86_400_000);
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const panels = await panelsVisibleToMember(db, guildId, access);
      const stats = await guildStatistics(db, guildId, { from: day(from), to: day(to), tz: "UTC" }, panels === "all" ? {} : { panels });
      return say(statisticsSummary(stats), true);
    }
    default:
      return say(botTexts.unknownCommand);
  }
}

/** /panel resend: the panel's message posted again, by a member who may edit that kind of panel. */
async function resendPanel(engine: TicketEngine, guildId: string, access: MemberAccess, panelId: number | null): Promise<Reply> {
  const { db, platform } = engine.deps;
  if (panelId === null) return say(botTexts.panelGone);
  const row = await db.selectFrom("panels").selectAll().where("guild_id", "=", guildId).where("id", "=", panelId).executeTakeFirst();
  if (!row) return say(botTexts.panelGone);
  if (!can(access, row.kind === "multi" ? "EditMultiPanel" : "EditSinglePanel")) return say(botTexts.noPermission);
  const name = row.kind === "multi" ? toMultiPanel(row, []).PanelTitle : toSinglePanel(row).PanelName;
  try {
    await postPanel(db, platform, guildId, row);
    return say(botTexts.panelResent(name), true);
  } catch (error) {
    return say(error instanceof MultiPanelEmptyError ? botTexts.multiPanelEmpty : botTexts.panelResendFailed);
  }
}
