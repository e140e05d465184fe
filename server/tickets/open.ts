import { channelLimits } from "../../src/schemas/bot-setup";
import type { SinglePanel } from "../../src/schemas/panel";
import type { FormAnswer } from "../../src/schemas/ticket";
import { recordActivityOf } from "../activity/record";
import { clearBotProblems, recordBotProblem } from "../bot-setup/problems";
import { PlatformNotFoundError, PlatformRefusedError, UNKNOWN_MEMBER } from "../errors";
import { ticketChannelName, ticketOverwrites } from "./channel-access";
import { answersOf, formFields } from "./form";
import { type Member, supportRoles } from "./members";
import type { Notice } from "./messages";
import { limitRefusal, openRefusal, checkOpenRules, usesThreads } from "./open-rules";
import { type BotAction, isRefusal, type Outcome, type Refusal } from "./outcomes";
import { explainRefusal, type RefusalPlace } from "./refusals";
import { actorOf, type EngineDeps, type Known, notice, panelOf, publish, settingsOf, ticketActions } from "./step";
import { ticketWebhook } from "./webhook";
import type { TicketRow } from "./store";
import { recordAnswered, storeOffer, suggestTags, takeOffer } from "./suggestions";

// Opening a ticket: from a panel's button (its form first, when it has one), a form's answers, /new or /form.
// Nothing half-made: the row ('opening', inside the transaction that checks the limit), then the channel, then the
// row becomes 'open' with its channel; if the channel cannot be made the row is deleted. The panel is read once per
// click and handed down, and so are the server's settings the door read (`known`).

export interface OpenRequest {
  guildId: string;
  member: Member;
  /** null: /new or /form without a panel. */
  panelId: number | null;
  /** The panel, when the caller has already read it (and found it usable). */
  panel?: SinglePanel;
  subject?: string | null;
  answers?: FormAnswer[];
  /** Told in the new channel after the welcome message (a ticket from a message quotes it). */
  notice?: Notice;
}

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.refusal);
  }
}

// Where they were first written: kept importable from here.
export { isBlacklisted, usesThreads } from "./open-rules";

/** Checks a panel can be used to open a ticket; returns its data or a refusal. */
export async function usablePanel(deps: EngineDeps, guildId: string, panelId: number): Promise<{ panel: SinglePanel } | Refusal> {
  const { panel } = await panelOf(deps, guildId, panelId);
  if (!panel) return { refusal: "panelGone" };
  if (panel.PanelMessage.DisablePanel) return { refusal: "panelDisabled" };
  return { panel };
}

/** A panel's button (or a multi-panel's choice): its form first, when it has one; else the ticket opens. */
export async function openFromPanel(
  deps: EngineDeps,
  guildId: string,
  member: Member,
  panelId: number,
  known: Known = {},
): Promise<Outcome> {
  const usable = await usablePanel(deps, guildId, panelId);
  if (isRefusal(usable)) return usable;
  if (usable.panel.FormId !== null) {
    const form = await formFields(deps.db, guildId, usable.panel.FormId);
    // Everything that does not depend on the answers is refused before the form is shown, not after it was filled in.
    if (form?.fields.length)
      return (await refusalBeforeForm(deps, guildId, member, usable.panel, known)) ?? { done: "formFirst", panelId, form };
  }
  // Without a form, a panel that suggests answers asks for the member's question: its words are what the tags answer.
  if (usable.panel.SuggestAnswers)
    return (await refusalBeforeForm(deps, guildId, member, usable.panel, known)) ?? { done: "questionFirst", panelId };
  return open(deps, { guildId, member, panelId, panel: usable.panel }, known);
}

/** /form: the form of the server to fill in, refused first as a panel's form is (no panel: the blacklist, the server's limit, room). */
export async function openForm(deps: EngineDeps, guildId: string, member: Member, formId: number, known: Known = {}): Promise<Outcome> {
  const form = await formFields(deps.db, guildId, formId);
  if (!form?.fields.length) return { refusal: "formGone" };
  return (await refusalBeforeForm(deps, guildId, member, null, known)) ?? { done: "formFirst", panelId: 0, form };
}

/** /form and a panel's form: the refusal the member would meet once the answers came, or null (the form may be shown). */
export async function refusalBeforeForm(
  deps: EngineDeps,
  guildId: string,
  member: Member,
  panel: SinglePanel | null,
  known: Known = {},
): Promise<Refusal | null> {
  const verdict = await openRefusal(deps, guildId, member, panel, await settingsOf(deps, guildId, known), { room: true });
  return isRefusal(verdict) ? verdict : null;
}

/**
 * A form submitted (panel 0: /form): the answers (by form field id), checked against the form as it is now, open the
 * ticket.
 */
export async function submitForm(
  deps: EngineDeps,
  guildId: string,
  member: Member,
  panelId: number,
  formId: number,
  typed: ReadonlyMap<number, string>,
  known: Known = {},
): Promise<Outcome> {
  const found = await formFields(deps.db, guildId, formId);
  if (!found) return { refusal: "formGone" };
  let panel: SinglePanel | undefined;
  if (panelId !== 0) {
    const usable = await usablePanel(deps, guildId, panelId);
    if (isRefusal(usable)) return usable;
    if (usable.panel.FormId !== formId) return { refusal: "stale" };
    panel = usable.panel;
  }
  const checked = answersOf(found, typed);
  if (isRefusal(checked)) return checked;
  if (panel) return openOrSuggest(deps, { guildId, member, panelId, panel, answers: checked.answers }, known);
  return open(deps, { guildId, member, panelId: null, answers: checked.answers }, known);
}

/** The longest question a panel without a form asks for (its modal's input). */
export const QUESTION_MAX = 500;

/** The question of a panel that suggests answers and has no form: its words, then the suggestions or the ticket. */
export async function submitQuestion(
  deps: EngineDeps,
  guildId: string,
  member: Member,
  panelId: number,
  question: string,
  known: Known = {},
): Promise<Outcome> {
  const usable = await usablePanel(deps, guildId, panelId);
  if (isRefusal(usable)) return usable;
  if (!usable.panel.SuggestAnswers) return { refusal: "stale" };
  const label = deps.messages.questionLabel();
  const value = question.trim();
  if (!value) return { refusal: "formRequired", label };
  if (value.length > QUESTION_MAX) return { refusal: "formLength", label, min: 1, max: QUESTION_MAX };
  return openOrSuggest(deps, { guildId, member, panelId, panel: usable.panel, answers: [{ Label: label, Value: value }] }, known);
}

/**
 * A panel's ticket with the member's answers: when the panel suggests answers and some of the server's tags match
 * them, the tags are offered first (every refusal that does not depend on the answers comes before, as before a form);
 * otherwise the ticket opens.
 */
async function openOrSuggest(
  deps: EngineDeps,
  request: OpenRequest & { panelId: number; panel: SinglePanel; answers: FormAnswer[] },
  known: Known,
): Promise<Outcome> {
  const { guildId, member, panel } = request;
  if (!panel.SuggestAnswers) return open(deps, request, known);
  const refused = await refusalBeforeForm(deps, guildId, member, panel, known);
  if (refused) return refused;
  const language = known.language ?? ((await settingsOf(deps, guildId, known)).BotLanguage === "es" ? "es" : "en");
  const words = request.answers.map((a) => a.Value).join("\n");
  const tags = await suggestTags(deps.db, guildId, language, words);
  if (!tags.length) return open(deps, request, known);
  const key = await storeOffer(deps.db, {
    guildId,
    memberId: member.id,
    panelId: request.panelId,
    panelName: panel.PanelName,
    answers: request.answers,
    tags: tags.map(({ id, name }) => ({ id, name })),
  });
  return { done: "suggested", key, tags };
}

/**
 * The member's answer to suggestions: "Yes, thanks" counts the panel and the tags shown as answered and opens nothing;
 * "No, open a ticket" opens it with the answers kept on the server (the rules of an open checked again). An offer is
 * answered once, only by the member it was made for.
 */
export async function answerSuggestion(
  deps: EngineDeps,
  guildId: string,
  member: Member,
  key: string,
  answered: boolean,
  known: Known = {},
): Promise<Outcome> {
  const offer = await takeOffer(deps.db, guildId, member.id, key);
  if (!offer) return { refusal: "stale" };
  if (!answered) return open(deps, { guildId, member, panelId: offer.panelId, answers: offer.answers }, known);
  await recordAnswered(deps.db, offer, await deps.clock.now(guildId));
  return { done: "suggestionAnswered" };
}

/** Opens a ticket (/new, a form's answers, a ticket about a message, a panel without a form): the panel read unless the request carries it. */
export async function open(deps: EngineDeps, request: OpenRequest, known: Known = {}): Promise<Outcome> {
  let panel: SinglePanel | null = request.panel ?? null;
  if (request.panelId !== null && !panel) {
    const usable = await usablePanel(deps, request.guildId, request.panelId);
    if (isRefusal(usable)) return usable;
    panel = usable.panel;
  }
  return openChecked(deps, request, panel, known);
}

/** The open itself, with the panel read (null: none): the open's rules first (./open-rules.ts). */
async function openChecked(deps: EngineDeps, request: OpenRequest, panel: SinglePanel | null, known: Known): Promise<Outcome> {
  const { guildId, member } = request;
  const { db, platform } = deps;
  const teamIds = panel ? panel.SupportTeams.map(Number) : [];
  const settings = await settingsOf(deps, guildId, known);
  const now = await deps.clock.now(guildId);
  // Blacklist and the panel's rules; the limits are counted below, inside the transaction.
  const verdict = await checkOpenRules(deps, { guildId, opener: member, panel, settings, now, kind: "open" });
  if (isRefusal(verdict)) return verdict;
  let row: TicketRow;
  try {
    row = await db.transaction().execute(async (tx) => {
      // The counter's upsert comes first: on PostgreSQL its row lock queues concurrent opens of the guild, so the
      // count below sees every ticket committed before it (two fast clicks open one ticket).
      const counter = await tx
        .insertInto("guild_ticket_counters")
        // A guild's first ticket follows the transcripts stored before the engine numbered tickets (bot-key ingest).
        .values({
          guild_id: guildId,
          last_number: tx
            .selectFrom("transcripts")
            .select((eb) => eb(eb.fn.coalesce(eb.fn.max("ticket_id"), eb.lit(0)), "+", 1).as("n"))
            .where("guild_id", "=", guildId),
        })
        .onConflict((oc) => oc.column("guild_id").doUpdateSet((eb) => ({ last_number: eb("guild_ticket_counters.last_number", "+", 1) })))
        .returning("last_number")
        .executeTakeFirstOrThrow();
      // Counted again under the counter's lock: two clicks at once open one ticket at the limit.
      const refused = await limitRefusal(tx, { guildId, openerId: member.id, panel, settings, kind: "open" });
      if (refused) throw new Refused(refused);
      return tx
        .insertInto("tickets")
        .values({
          guild_id: guildId,
          number: counter.last_number,
          panel_id: request.panelId,
          panel_name: panel?.PanelName ?? "Unknown",
          opener_id: member.id,
          opener_name: member.username,
          subject: request.subject?.trim() ? request.subject.trim().slice(0, 100) : null,
          status: "opening",
          channel_id: null,
          claimed_by: null,
          claimed_by_name: null,
          form_answers_json: request.answers?.length ? JSON.stringify(request.answers) : null,
          opened_at: now,
          last_activity_at: now,
          // A new ticket waits on its staff.
          waiting_on: "staff",
          waiting_since: now,
          first_response_at: null,
          closed_at: null,
          closed_by: null,
          closed_by_name: null,
          close_reason: null,
          rating: null,
          response_ms: null,
          resolution_ms: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }

  const roles = await supportRoles(db, guildId, teamIds);
  const channel = {
    name: ticketChannelName(panel?.NamingScheme ?? "ticket-%id%", row.number, member.username),
    topic: request.subject?.trim() ? request.subject.trim().slice(0, 100) : undefined,
    overwrites: ticketOverwrites({
      guildId,
      botUserId: platform.botUserId,
      openerId: member.id,
      addedIds: [],
      supportRoleIds: roles,
      claimedBy: null,
      repsCanView: settings.SupportRepsViewTickets !== false,
      repsCanType: settings.SupportRepsTypeInTickets !== false,
    }),
  };
  const asThread = panel !== null && usesThreads(panel, settings);
  const opened = asThread
    ? await createThread(deps, guildId, panel, channel.name, member.id)
    : await createChannel(deps, guildId, panel, channel);
  if (isRefusal(opened)) {
    await db.deleteFrom("tickets").where("id", "=", row.id).execute();
    return opened;
  }
  const channelId = opened.channelId;
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("tickets")
      .set({ status: "open", channel_id: channelId, is_thread: asThread ? 1 : 0 })
      .where("id", "=", row.id)
      .execute();
    await recordActivityOf(tx, actorOf(member, deps.origin), {
      guildId,
      action: ticketActions.opened,
      after: { TicketId: row.number, PanelName: row.panel_name, Subject: row.subject },
      at: now,
    });
    const openedRow = { ...row, status: "open", channel_id: channelId, is_thread: asThread ? 1 : 0 };
    await ticketWebhook(deps, tx, "ticket.opened", openedRow, member, {}, now);
  });
  row = { ...row, status: "open", channel_id: channelId, is_thread: asThread ? 1 : 0 };
  try {
    await platform.sendMessage(channelId, deps.messages.welcome(row, panel, request.answers ?? []));
  } catch (error) {
    deps.log.warn({ err: error, guildId }, "welcome message not sent");
  }
  // A private thread: mentioning the panel's support roles adds their members (Discord's way; no member list needed).
  if (asThread && roles.length) {
    await platform
      .sendMessage(channelId, deps.messages.threadRoles(roles))
      .catch((error) => deps.log.warn({ err: error, guildId }, "support roles not added to the thread"));
  }
  if (request.notice) await notice(deps, row, request.notice);
  if (verdict.outsideHours) await notice(deps, row, { notice: "outsideHours", next: verdict.outsideHours.next });
  publish(deps, "opened", row);
  return { done: "opened", ticket: row, outsideHours: verdict.outsideHours };
}

/**
 * The ticket as a private thread of the panel's channel, the opener added; a refusal is the member's
 * answer. A thread its opener could not join is deleted (the caller undoes the row): nothing half-made. Discord's
 * Unknown Member there means the member left (or was banned) between the click and the thread.
 */
async function createThread(
  deps: EngineDeps,
  guildId: string,
  panel: SinglePanel,
  name: string,
  openerId: string,
): Promise<{ channelId: string } | Refusal> {
  const parent = panel.PanelMessage.PanelChannel;
  let channelId: string | null = null;
  try {
    channelId = await deps.platform.createTicketThread(guildId, parent, name);
    await deps.platform.setThreadMember(channelId, openerId, true);
    return { channelId };
  } catch (error) {
    const made = channelId;
    if (made) {
      await deps.platform
        .closeThread(made, "delete")
        .catch((e) => deps.log.warn({ err: e, guildId, threadId: made }, "thread of an unopened ticket kept"));
    }
    if (error instanceof PlatformNotFoundError && error.platformCode === UNKNOWN_MEMBER) {
      // The answer may never reach them (no longer a member); the log says what happened.
      deps.log.info({ guildId, userId: openerId }, "the opener left the server before their ticket's thread was made");
      return { refusal: "openerLeft" };
    }
    deps.log.warn({ err: error, guildId }, "ticket thread could not be created");
    const explained = await explainRefusal(deps, guildId, "open", error, await placeOf(deps, guildId, parent, false, "tickets", panel));
    return explained ?? { refusal: "openFailed" };
  }
}

/**
 * The ticket's channel in the panel's category; when Discord says the category is full, in the panel's overflow
 * category. A refusal becomes the member's answer, and what the owner should fix is recorded for Bot setup.
 */
export async function createChannel(
  deps: EngineDeps,
  guildId: string,
  panel: SinglePanel | null,
  channel: { name: string; topic?: string; overwrites: ReturnType<typeof ticketOverwrites> },
): Promise<{ channelId: string } | Refusal> {
  const made = await inPanelCategory(deps, guildId, panel, "open", (parentId) =>
    deps.platform.createTicketChannel(guildId, { ...channel, parentId }),
  );
  return isRefusal(made) ? made : { channelId: made.made };
}

/**
 * Puts a ticket's channel in the panel's category (`place`: makes it there, or moves it there); when Discord says the
 * category is full, in the panel's overflow category. Bot setup learns of a full category and of a missing permission.
 */
export async function inPanelCategory<T>(
  deps: EngineDeps,
  guildId: string,
  panel: SinglePanel | null,
  action: BotAction,
  place: (parentId: string | null) => Promise<T>,
): Promise<{ made: T } | Refusal> {
  const categories = [panel?.TicketCategory ?? null, panel?.OverflowCategory ?? null].filter(
    (c, i, all) => i === 0 || (c !== null && c !== all[0]),
  );
  for (let i = 0; i < categories.length; i++) {
    const parentId = categories[i];
    try {
      const made = await place(parentId);
      if (parentId !== null && i === 0) await clearBotProblems(deps.db, guildId, "categoryFull", parentId).catch(() => undefined);
      return { made };
    } catch (error) {
      deps.log.warn({ err: error, guildId, action }, "ticket channel could not be placed");
      if (error instanceof PlatformRefusedError && (error.reason === "categoryFull" || error.reason === "serverFull")) {
        await recordFull(deps, guildId, error.reason, parentId, panel, categories[i + 1] ?? null);
        if (error.reason === "categoryFull" && i + 1 < categories.length) continue;
      }
      const explained = await explainRefusal(deps, guildId, action, error, await placeOf(deps, guildId, parentId, true, "tickets", panel));
      return explained ?? { refusal: "openFailed" };
    }
  }
  return { refusal: "openFailed" };
}

/** Bot setup learns that a category (or the server) is full, and which panel met it. */
async function recordFull(
  deps: EngineDeps,
  guildId: string,
  reason: "categoryFull" | "serverFull",
  categoryId: string | null,
  panel: SinglePanel | null,
  overflowId: string | null,
) {
  if (reason === "serverFull" || categoryId === null) {
    await recordBotProblem(deps.db, guildId, {
      kind: "serverChannelsFull",
      channels: channelLimits.perServer,
      limit: channelLimits.perServer,
      seenAt: null,
    }).catch(() => undefined);
    return;
  }
  const guild = await deps.platform.getGuild(guildId).catch(() => null);
  const nameOf = (id: string | null) => (id === null ? null : (guild?.categories.find((c) => c.id === id)?.name ?? id));
  await recordBotProblem(deps.db, guildId, {
    kind: "categoryFull",
    categoryId,
    categoryName: nameOf(categoryId) ?? categoryId,
    channels: channelLimits.perCategory,
    limit: channelLimits.perCategory,
    panelNames: panel ? [panel.PanelName] : [],
    overflowCategoryName: nameOf(overflowId),
    seenAt: null,
  }).catch(() => undefined);
}

/** Where an action happened, named for the owner. */
async function placeOf(
  deps: EngineDeps,
  guildId: string,
  channelId: string | null,
  isCategory: boolean,
  purpose: RefusalPlace["purpose"],
  panel: SinglePanel | null,
): Promise<RefusalPlace> {
  let channelName: string | null = null;
  if (channelId !== null) {
    const guild = await deps.platform.getGuild(guildId).catch(() => null);
    channelName = [...(guild?.categories ?? []), ...(guild?.text_channels ?? [])].find((c) => c.id === channelId)?.name ?? null;
  }
  return { channelId, channelName, isCategory, purpose, panelName: panel?.PanelName ?? null };
}
