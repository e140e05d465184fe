import { clampText, discordLimits } from "../../src/schemas/discord-limits";
import type { TicketSettings } from "../../src/schemas/settings";
import { toSinglePanel } from "../panels/store";
import { settingsFromJson } from "../settings/store";
import { markRelayed, type RelayedMessage, relayedTicketOf, relayToMember, relayToTicket } from "../tickets/dm-relay";
import { guildMemberOf, type Member } from "../tickets/members";
import { openFromPanel, submitForm } from "../tickets/open";
import type { Outcome } from "../tickets/outcomes";
import { type EngineDeps, type Known, settingsOf } from "../tickets/step";
import type { TicketRow } from "../tickets/store";
import { messageWebhook } from "../tickets/webhook";
import { ACTION_ROW, answerOf, formModal, type Reply, say } from "./answers";
import { customIds } from "./custom-ids";
import { dmLimits } from "./dm-limits";
import { chooseLanguage, speaking, type SpokenLanguage } from "./language";
import { botTexts } from "./texts";

// DM tickets (ModMail; docs/ticket-engine.md, "DM tickets"): the Discord door's one flow for a ticket opened from the
// member's direct messages with the bot, whichever way the DM arrives — the gateway's MESSAGE_CREATE in a DM, the
// `/ticket` command in a DM for a bot on HTTP interactions only, the demo member's DM in Try-it. A DM without a relayed
// ticket is answered with the servers the member shares with the bot where DM tickets are on (a select), then the
// chosen server's panels (a select), then the panel's form (a modal) when it has one; the ticket opens through the
// core's open step, with every rule of a panel's button, and is relayed to the DM (../tickets/dm-relay.ts). Everything
// from the member is hostile: the server and panel are checked again at each step, membership read from Discord.

/** Discord's string select: at most 25 options. */
const SELECT_OPTIONS = 25;
/** Servers with DM tickets on read per lookup: the member's membership is asked of each until 25 are found. */
const SERVERS_SCANNED = 200;
const STRING_SELECT = 3;

/** Who wrote in the DM, as the gateway or Try-it tells it. */
export interface DmAuthor {
  id: string;
  username: string;
  /** The avatar's URL, or null. */
  avatarUrl: string | null;
}

interface DmServer {
  id: string;
  name: string;
  settings: TicketSettings;
}

const isSnowflake = (v: string) => v.length > 0 && v.length <= 21 && [...v].every((c) => c >= "0" && c <= "9");

/** The servers the user shares with the bot where DM tickets are on: at most 25, membership asked of the platform. */
async function dmServers(deps: EngineDeps, userId: string): Promise<DmServer[]> {
  const rows = await deps.db
    .selectFrom("guild_settings")
    .select(["guild_id", "data_json"])
    .where("data_json", "like", '%"DmTickets":true%')
    .orderBy("guild_id")
    .limit(SERVERS_SCANNED)
    .execute();
  const found: DmServer[] = [];
  for (const row of rows) {
    const settings = settingsFromJson(row.data_json);
    if (settings.DmTickets !== true) continue;
    const member = await deps.platform.getMember(row.guild_id, userId).catch(() => null);
    const guild = member ? await deps.platform.getGuild(row.guild_id).catch(() => null) : null;
    if (!guild) continue;
    found.push({ id: row.guild_id, name: guild.name, settings });
    if (found.length === SELECT_OPTIONS) break;
  }
  return found;
}

/** The server's panels a DM may open: its enabled single panels, those DmTicketPanels lists (none listed: every one). */
async function dmPanels(deps: EngineDeps, guildId: string, settings: TicketSettings) {
  const allowed = new Set(settings.DmTicketPanels ?? []);
  const rows = await deps.db
    .selectFrom("panels")
    .selectAll()
    .where("guild_id", "=", guildId)
    .where("kind", "=", "single")
    .orderBy("id")
    .execute();
  return rows
    .map(toSinglePanel)
    .filter((p) => !p.PanelMessage.DisablePanel && (allowed.size === 0 || allowed.has(p.PanelId)))
    .slice(0, SELECT_OPTIONS);
}

const select = (content: string, customId: string, placeholder: string, options: { label: string; value: string }[]): Reply => ({
  kind: "message",
  ok: true,
  message: {
    content,
    components: [
      {
        type: ACTION_ROW,
        components: [
          {
            type: STRING_SELECT,
            custom_id: customId,
            placeholder: clampText(placeholder, 150),
            options: options.map((o) => ({ label: clampText(o.label, 100) || o.value, value: o.value })),
          },
        ],
      },
    ],
    allowed_mentions: { parse: [] },
  },
});

/** The first answer: the servers to choose from, or why there is none. */
function serverChoice(servers: DmServer[]): Reply {
  if (servers.length === 0) return say(botTexts.dmNoServers);
  return select(
    botTexts.dmChooseServer,
    customIds.dmServer(),
    botTexts.dmChooseServerPlaceholder,
    servers.map((s) => ({ label: s.name, value: s.id })),
  );
}

/** `/ticket` in a DM: the servers to choose from (in the language the router speaks: the member's locale). */
export async function chooseServer(deps: EngineDeps, userId: string): Promise<Reply> {
  return serverChoice(await dmLimits(deps).serversOf(userId, () => dmServers(deps, userId)));
}

/** A DM's first answer speaks the one language every listed server sets; else English (a DM carries no locale). */
function firstAnswerLanguage(servers: DmServer[]): SpokenLanguage {
  const languages = new Set(servers.map((s) => s.settings.BotLanguage));
  const [only] = languages;
  return languages.size === 1 ? chooseLanguage(only, undefined) : "en";
}

/**
 * The member's server and what they are there, checked again: DM tickets still on, still a member. `known.settings`
 * (the router read the server's settings for its language) is used when given.
 */
async function memberOfServer(
  deps: EngineDeps,
  guildId: string,
  userId: string,
  known: Known,
): Promise<{ member: Member; server: DmServer } | Reply> {
  if (!isSnowflake(guildId)) return answerOf({ refusal: "stale" });
  const row = known.settings
    ? null
    : await deps.db.selectFrom("guild_settings").select("data_json").where("guild_id", "=", guildId).executeTakeFirst();
  const settings = known.settings ?? settingsFromJson(row?.data_json);
  if (settings.DmTickets !== true) return say(botTexts.dmNoServers);
  const member = await guildMemberOf(deps.platform, guildId, userId).catch(() => null);
  const guild = member ? await deps.platform.getGuild(guildId).catch(() => null) : null;
  if (!member || !guild) return say(botTexts.dmNotMember);
  return { member, server: { id: guildId, name: guild.name, settings } };
}

/** A server chosen: its panels to choose from, in the server's language (else the member's locale). */
export async function chooseServerPanel(deps: EngineDeps, userId: string, guildId: string, locale: unknown): Promise<Reply> {
  const found = await memberOfServer(deps, guildId, userId, {});
  if ("kind" in found) return found;
  const { server } = found;
  return speaking(chooseLanguage(server.settings.BotLanguage, locale), async () => {
    const panels = await dmPanels(deps, server.id, server.settings);
    if (panels.length === 0) return say(botTexts.dmNoPanels);
    return select(
      botTexts.dmChoosePanel(server.name),
      customIds.dmPanel(server.id),
      botTexts.dmChoosePanelPlaceholder,
      panels.map((p) => ({ label: p.PanelName, value: String(p.PanelId) })),
    );
  });
}

/** The member's answer to an open: the ticket relayed to this DM, in words; its form as a modal; or the refusal's words. */
async function afterOpen(deps: EngineDeps, outcome: Outcome, server: DmServer, dmChannelId: string, panelId: number): Promise<Reply> {
  if ("done" in outcome && outcome.done === "formFirst") {
    const modal = formModal(panelId, outcome.form);
    if (modal.kind === "modal") modal.modal.custom_id = customIds.dmForm(server.id, panelId, outcome.form.form.id);
    return modal;
  }
  if ("done" in outcome && outcome.done === "opened") {
    await markRelayed(deps.db, outcome.ticket, dmChannelId);
    return say(botTexts.dmOpened(outcome.ticket.number, clampText(server.name, 100)), true);
  }
  return answerOf(outcome);
}

/** A panel chosen in the DM: its form first, or the ticket opens (the router speaks the server's language here). */
export async function openFromDm(
  deps: EngineDeps,
  userId: string,
  guildId: string,
  panelId: number | null,
  dmChannelId: string | null,
  known: Known,
): Promise<Reply> {
  const found = await memberOfServer(deps, guildId, userId, known);
  if ("kind" in found) return found;
  const { member, server } = found;
  if (panelId === null || !dmChannelId || !(await dmPanels(deps, guildId, server.settings)).some((p) => p.PanelId === panelId))
    return answerOf({ refusal: "stale" });
  return afterOpen(deps, await openFromPanel(deps, guildId, member, panelId, { settings: server.settings }), server, dmChannelId, panelId);
}

/** The panel's form submitted in the DM: the answers open the ticket. */
export async function submitDmForm(
  deps: EngineDeps,
  userId: string,
  guildId: string,
  panelId: number,
  formId: number,
  fields: ReadonlyMap<number, string>,
  dmChannelId: string | null,
  known: Known,
): Promise<Reply> {
  const found = await memberOfServer(deps, guildId, userId, known);
  if ("kind" in found) return found;
  const { member, server } = found;
  if (!dmChannelId || !(await dmPanels(deps, guildId, server.settings)).some((p) => p.PanelId === panelId))
    return answerOf({ refusal: "stale" });
  return afterOpen(
    deps,
    await submitForm(deps, guildId, member, panelId, formId, fields, { settings: server.settings }),
    server,
    dmChannelId,
    panelId,
  );
}

/** The links of a message's attachments: http(s) only, at most 10 (Discord's own limit per message). */
export function attachmentLinks(attachments: unknown): string[] {
  if (!Array.isArray(attachments)) return [];
  return attachments
    .slice(0, 10)
    .map((a) => (a && typeof a === "object" && typeof (a as { url?: unknown }).url === "string" ? (a as { url: string }).url : ""))
    .filter((url) => url.length <= 2048 && (url.startsWith("https://") || url.startsWith("http://")));
}

/**
 * A direct message from a member (the gateway's MESSAGE_CREATE in a DM, or Try-it's): relayed into their open ticket
 * of this DM; else answered in the DM with the servers to choose from. `at`: when it was written (the ticket's activity).
 */
export async function directMessage(
  deps: EngineDeps,
  dm: { channelId: string; author: DmAuthor; content: string; attachments: string[]; at: number },
): Promise<void> {
  const limits = dmLimits(deps);
  const ticket = await relayedTicketOf(deps.db, dm.channelId, dm.author.id);
  const verdict = ticket ? limits.relay(dm.author.id) : limits.prompt(dm.author.id);
  if (!verdict.ok) {
    // Past the member's share: told once how long to wait (in the ticket's server's language), the rest dropped.
    if (verdict.first) {
      const language = ticket ? chooseLanguage((await settingsOf(deps, ticket.guild_id)).BotLanguage, undefined) : "en";
      await answerInDm(
        deps,
        dm.channelId,
        speaking(language, () => say(botTexts.slowDown(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))))),
      );
    }
    return;
  }
  if (ticket) {
    const message: RelayedMessage = {
      author: { name: dm.author.username, iconUrl: dm.author.avatarUrl },
      content: dm.content.slice(0, discordLimits.content),
      attachments: dm.attachments,
    };
    await relayToTicket(deps, ticket, message, dm.at);
    return;
  }
  const servers = await limits.serversOf(dm.author.id, () => dmServers(deps, dm.author.id));
  await answerInDm(
    deps,
    dm.channelId,
    speaking(firstAnswerLanguage(servers), () => serverChoice(servers)),
  );
}

/** The bot's answer in the member's DM; one who blocked the bot right after writing gets nothing, and that is logged. */
async function answerInDm(deps: EngineDeps, channelId: string, answer: Reply): Promise<void> {
  if (answer.kind !== "message") return;
  await deps.platform
    .sendMessage(channelId, answer.message)
    .catch((error: unknown) => deps.log.warn({ err: error }, "DM tickets: the DM not answered"));
}

/** A message in a ticket's channel (gateway or Try-it): a DM ticket relays staff's words — not the bot's, not the opener's — to the member. */
export async function messageInTicket(
  deps: EngineDeps,
  ticket: TicketRow,
  message: { authorId: string; bot: boolean } & RelayedMessage,
): Promise<void> {
  if (!message.bot) await messageWebhook(deps, ticket, { id: message.authorId, username: message.author.name }, message);
  if (!ticket.dm_channel_id || message.bot || message.authorId === ticket.opener_id) return;
  await relayToMember(deps, ticket, { author: message.author, content: message.content, attachments: message.attachments });
}
