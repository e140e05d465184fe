import type { TicketSettings } from "../../src/schemas/settings";
import { recordActivityOf } from "../activity/record";
import { recordBotProblem } from "../bot-setup/problems";
import { isUniqueViolation } from "../db/errors";
import type { Db } from "../db/schema";
import type { ChannelMessage } from "../platform/adapter";
import type { TranscriptMessage } from "../transcripts/document";
import {
  indexTranscriptTerms,
  openTranscript,
  prepareTranscript,
  quotaBytesOf,
  storePreparedTranscript,
  transcriptExists,
  TranscriptQuotaExceeded,
} from "../transcripts/store";
import { closingDmOf, sendsClosingDm } from "./closing-dm";
import { conversationForClose } from "./conversation";
import { isTicketStaff, type Member, memberAccess } from "./members";
import { captureMentionNames, toRecordMessage } from "./message-record";
import type { CloseReason } from "./messages";
import type { Outcome } from "./outcomes";
import {
  actorOf,
  attempt,
  botActor,
  botMember,
  type EngineDeps,
  type Known,
  openTicket,
  panelOf,
  publish,
  settingsOf,
  ticketActions,
} from "./step";
import { addedMembers, type TicketRow, updateTicketIf } from "./store";
import { ticketWebhook } from "./webhook";

// Closing a ticket: who may, the confirmation, then nothing half-made — the row becomes 'closing' (so only one close
// runs), the messages are read, the channel deleted; only then the transcript (sealed and indexed in slices), and last
// 'closed' with its activity entry. Afterwards, best effort: the archive post and the rating request.

/** Whether a member may close a ticket: its staff, or its opener when the server lets members close their own. */
export async function mayClose(deps: EngineDeps, row: TicketRow, member: Member, known: Known = {}): Promise<boolean> {
  const { teamIds } = await panelOf(deps, row.guild_id, row.panel_id);
  if (isTicketStaff(await memberAccess(deps.db, row.guild_id, member), teamIds)) return true;
  if (row.opener_id !== member.id) return false;
  return (await settingsOf(deps, row.guild_id, known)).AllowUserTicketClose !== false;
}

/**
 * Who may close, and whether to ask first. `confirmed`: the member already confirmed (or the dashboard's dialog
 * did). `reason` undefined: the confirm button, which closes with the reason given when the close was asked for.
 */
export async function requestClose(
  deps: EngineDeps,
  guildId: string,
  number: number,
  member: Member,
  reason: string | null | undefined,
  confirmed: boolean,
  known: Known = {},
): Promise<Outcome> {
  const c = await openTicket(deps, guildId, number, member, known);
  if ("refusal" in c) return c.refusal;
  const settings = await settingsOf(deps, guildId, known);
  const isOpener = c.row.opener_id === member.id;
  if (!c.staff && !(isOpener && settings.AllowUserTicketClose !== false)) return { refusal: isOpener ? "cannotCloseOwn" : "staffOnly" };
  if (!confirmed && settings.TicketCloseConfirmation !== false) {
    // The reason waits on the open ticket until the member confirms (the confirm button carries no text).
    const waiting = { close_reason: reason?.trim() ? reason.trim().slice(0, 1024) : null };
    await updateTicketIf(deps.db, c.row, { status: "open" }, waiting);
    return { done: "closeAsked", ticket: { ...c.row, ...waiting } };
  }
  // Only one close runs: the row moves to 'closing' from 'open', once. (closing_since is the repair's real time.)
  if (!(await updateTicketIf(deps.db, c.row, { status: "open" }, { status: "closing", closing_since: Date.now() })))
    return { refusal: "closeBusy" };
  const given = reason?.trim() ? reason.trim().slice(0, 1024) : null;
  return finishClose(deps, { ...c.row, status: "closing" }, member, given ?? (reason === undefined ? c.row.close_reason : null), {
    settings,
  });
}

/**
 * The bot closes an open ticket on its own, once (a compare-and-set from 'open'): its channel deleted in Discord, its
 * opener gone or erased. The reason is worded in the server's language, as the scheduler's closes are (no interaction
 * to follow). An opener who erased their data is sent no closing DM: nothing asks them for a rating or a comment again.
 */
export async function closeByBot(deps: EngineDeps, row: TicketRow, reason: CloseReason, known: Known = {}): Promise<Outcome> {
  if (!(await updateTicketIf(deps.db, row, { status: "open" }, { status: "closing", closing_since: Date.now() })))
    return { refusal: "closeBusy" };
  const settings = await settingsOf(deps, row.guild_id, known);
  const closingDm = reason !== "openerErased";
  return deps.messages.inServerLanguage(settings.BotLanguage, () =>
    finishClose(deps, { ...row, status: "closing" }, botMember(deps), deps.messages.closeReason(reason), { settings }, { closingDm }),
  );
}

/** Reads the messages, deletes the channel, then stores transcript and closed state. `closingDm`: false sends none. */
export async function finishClose(
  deps: EngineDeps,
  row: TicketRow,
  closer: Member,
  reason: string | null,
  known: Known = {},
  { closingDm = true }: { closingDm?: boolean } = {},
): Promise<Outcome> {
  const { db, platform } = deps;
  const guildId = row.guild_id;
  const settings = await settingsOf(deps, guildId, known);
  let messages: ChannelMessage[] = [];
  const channelId = row.channel_id;
  if (channelId) {
    const refused =
      (await attempt(deps, row, "read", async () => {
        // What the gateway captured, completed from the channel (./conversation.ts); without it, the whole channel.
        messages = await conversationForClose(deps, row, channelId);
        // The names of what each message mentions, as they read now — before the channel goes, so a mention of it
        // is still named.
        messages = await captureMentionNames(platform, guildId, messages);
      })) ??
      (await attempt(deps, row, "delete", async () =>
        // A ticket's thread is archived and locked, or deleted, as the server chose.
        row.is_thread
          ? platform.closeThread(channelId, settings.ClosedThreads === "delete" ? "delete" : "archive")
          : platform.deleteChannel(channelId),
      ));
    if (refused) {
      await updateTicketIf(db, row, { status: "closing" }, { status: "open", closing_since: null });
      return refused.refusal === "failed" ? { refusal: "closeFailed" } : refused;
    }
  }
  messages.reverse(); // oldest first
  const added = new Set(await addedMembers(db, row.id));
  const firstStaff = messages.find((m) => !m.author.bot && m.author.id !== row.opener_id && !added.has(m.author.id));
  const lastMessage = messages.length ? messages[messages.length - 1] : undefined;
  // A reply from the dashboard (sent as the bot) or a message the live read saw recorded the first response already.
  const recorded = row.first_response_at === null || row.first_response_at === undefined ? null : Number(row.first_response_at);
  const read = firstStaff ? firstStaff.timestamp : null;
  const firstResponse = recorded === null ? read : read === null ? recorded : Math.min(recorded, read);
  const closedAt = await deps.clock.now(guildId);
  const set = {
    status: "closed",
    closed_at: closedAt,
    closed_by: closer.id,
    closed_by_name: closer.username,
    close_reason: reason,
    first_response_at: firstResponse,
    response_ms: firstResponse === null ? null : Math.max(0, firstResponse - Number(row.opened_at)),
    resolution_ms: Math.max(0, closedAt - Number(row.opened_at)),
    last_activity_at: Math.max(Number(row.last_activity_at), lastMessage?.timestamp ?? 0),
    revision: row.revision + 1,
  };
  // A reopened ticket (./reopen.ts) stores its transcript again, whole: the earlier one's messages first.
  const keeps = settings.StoreTranscripts !== false;
  const earlier = row.reopened_at !== null && keeps ? await earlierTranscript(deps, guildId, row.number) : null;
  const store =
    (messages.length > 0 || earlier !== null) && keeps && (earlier !== null || !(await transcriptExists(db, guildId, row.number)));
  // The transcript first, in steps that never hold the event loop or the database for long (a 5,000-message
  // ticket is about 20,000 index entries): sealed and hashed in pieces, its row stored (the quota checked), its
  // index entries in transactions of their own. The ticket becomes 'closed' only after all of it, so a crash
  // between these steps leaves it 'closing' — the scheduler's repair indexes the stored transcript again and
  // finishes the close. Past the quota the ticket still closes; its transcript is not kept (none of it: a part
  // would be a false record).
  let overQuota: TranscriptQuotaExceeded | null = null;
  let stored = false;
  if (store) {
    const meta = {
      TicketId: row.number,
      AuthorId: row.opener_id,
      AuthorUsername: row.opener_name,
      CloseReason: reason,
      PanelId: row.panel_id,
      PanelName: row.panel_name,
      // A reopened ticket keeps what its member gave after an earlier close: the record keeps it too.
      Rating: row.rating ?? null,
      ClosedAt: closedAt,
    };
    const prepared = await prepareTranscript(
      deps.keyring,
      guildId,
      row.number,
      [...(earlier?.messages ?? []), ...messages.map(toRecordMessage)].slice(-5000),
    );
    try {
      const transcriptId = await db.transaction().execute(async (tx) => {
        if (earlier) await dropTranscript(tx, guildId, earlier.id);
        const id = await storePreparedTranscript(tx, guildId, meta, prepared, { bytes: quotaBytesOf(deps.transcriptQuotaMb) });
        if (row.rating_comment)
          await tx.updateTable("transcripts").set({ rating_comment: row.rating_comment }).where("id", "=", id).execute();
        return id;
      });
      await indexTranscriptTerms(db, guildId, transcriptId, row.number, prepared.hashes, true);
      stored = true;
    } catch (error) {
      if (error instanceof TranscriptQuotaExceeded) overQuota = error;
      // Stored meanwhile by the guild's bot key (the ingest): that one stands.
      else if (!isUniqueViolation(error)) throw error;
    }
  }
  const refused = overQuota as TranscriptQuotaExceeded | null;
  await db.transaction().execute(async (tx) => {
    if (refused) {
      await recordActivityOf(tx, botActor(deps), {
        guildId,
        action: ticketActions.transcriptNotStored,
        after: {
          TicketId: row.number,
          QuotaMB: deps.transcriptQuotaMb,
          UsedBytes: refused.usedBytes,
          TranscriptBytes: refused.transcriptBytes,
        },
        at: closedAt,
      });
    }
    await tx.updateTable("tickets").set(set).where("id", "=", row.id).execute();
    await recordActivityOf(tx, actorOf(closer, deps.origin), {
      guildId,
      action: ticketActions.closed,
      before: { TicketId: row.number, Status: "open" },
      after: { TicketId: row.number, Status: "closed", CloseReason: reason },
      at: closedAt,
    });
    const closedRow = { ...row, ...set };
    await ticketWebhook(deps, tx, "ticket.closed", closedRow, closer, {}, closedAt);
    if (stored)
      await ticketWebhook(deps, tx, "transcript.stored", closedRow, botMember(deps), { transcript: { ticket_id: row.number } }, closedAt);
  });
  const closed: TicketRow = { ...row, ...set };
  // What this instance's live read still holds of the conversation: a closed ticket's is never served again.
  deps.forgetLive?.(row.id);
  if (refused) {
    // The owner sees it on Bot setup (best effort: the close is done).
    await recordBotProblem(db, guildId, {
      kind: "transcriptQuota",
      usedBytes: refused.usedBytes,
      quotaBytes: refused.quotaBytes,
      ticketNumber: row.number,
      seenAt: null,
    }).catch((error) => deps.log.warn({ err: error, guildId }, "bot problem not recorded"));
  }
  try {
    await afterClose(deps, closed, stored, settings, closingDm);
  } finally {
    // Told once the closing DM is there: a member's view that follows the ticket finds it when it hears of the close.
    publish(deps, "closed", closed);
  }
  return { done: "closed", ticket: closed, transcriptNotKept: refused ? { quotaMb: deps.transcriptQuotaMb } : null };
}

/** The archive post and the rating request: best effort, after the ticket is closed. */
async function afterClose(deps: EngineDeps, row: TicketRow, stored: boolean, settings: TicketSettings, closingDm: boolean) {
  const { platform } = deps;
  if (settings.ArchiveChannelId) {
    const link = stored ? `${deps.publicUrl}/${row.guild_id}/transcripts/${row.number}` : null;
    await platform.sendMessage(settings.ArchiveChannelId, deps.messages.archive(row, link)).catch((error) => {
      deps.log.warn({ err: error }, "archive post not sent");
    });
  }
  // The closing DM: why it closed, the rating's stars and, while the server lets members reopen, a Reopen button.
  if (closingDm && sendsClosingDm(settings)) {
    await platform
      .sendDirectMessage(row.opener_id, await closingDmOf(deps, row, settings), row.guild_id)
      .catch((error) => deps.log.warn({ err: error }, "rating request not sent"));
  }
}

/** The stored transcript of a reopened ticket (its messages, decrypted), or null. */
async function earlierTranscript(
  deps: EngineDeps,
  guildId: string,
  number: number,
): Promise<{ id: number; messages: TranscriptMessage[] } | null> {
  const row = await deps.db
    .selectFrom("transcripts")
    .select("id")
    .where("guild_id", "=", guildId)
    .where("ticket_id", "=", number)
    .executeTakeFirst();
  if (!row) return null;
  const opened = await openTranscript(deps.db, deps.keyring, guildId, number).catch((error) => {
    deps.log.warn({ err: error, guildId }, "earlier transcript of a reopened ticket not readable");
    return undefined;
  });
  return opened ? { id: row.id, messages: opened.messages } : null;
}

/** Removes a stored transcript and its word index (replaced, in the same transaction, by the whole one). */
async function dropTranscript(tx: Db, guildId: string, transcriptId: number) {
  await tx.deleteFrom("transcript_terms").where("guild_id", "=", guildId).where("transcript_id", "=", transcriptId).execute();
  await tx.deleteFrom("transcripts").where("guild_id", "=", guildId).where("id", "=", transcriptId).execute();
}
