import { authMessages, transcriptMessages } from "../../src/schemas/messages";
import { type ActivityActor, recordActivityOf } from "../activity/record";
import { TranscriptDecryptError, type TranscriptKeyring } from "../crypto";
import type { Db } from "../db/schema";
import { HttpError, notFound } from "../errors";
import { escapeHtml, renderTranscriptHtml, TRANSCRIPT_CSP, type TranscriptTheme } from "./render";
import { openTranscript } from "./store";

// The transcripts list's bulk actions (src/schemas/bulk.ts). Every transcript named is checked first — one of this
// server's, of a panel the caller may read (TranscriptsPanelPermission) — and one that is not refuses the request:
// nothing is deleted, nothing downloaded. A delete is final (the sealed bodies and their word index go, as the
// retention sweep deletes them), in one transaction with one activity entry naming how many; the dashboard asks first,
// as an Undo would have to keep sealed copies. A download is one HTML document: each transcript, rendered as its own
// view renders it, in a sandboxed frame of its own (its styles and content policy stay its own), with one entry.

export const transcriptBulkActions = {
  deleted: "Transcripts Deleted",
  downloaded: "Transcripts Downloaded",
} as const;

type VisiblePanels = "all" | number[];

/** The transcripts of these ticket numbers, each of the guild and of a visible panel; else 404 / 403. */
async function checkedTranscripts(db: Db, guildId: string, ids: readonly number[], visible: VisiblePanels) {
  const wanted = [...new Set(ids)];
  const rows = await db
    .selectFrom("transcripts")
    .select(["id", "ticket_id", "panel_id"])
    .where("guild_id", "=", guildId)
    .where("ticket_id", "in", wanted)
    .orderBy("ticket_id")
    .execute();
  if (rows.length !== wanted.length) throw notFound(transcriptMessages.notFound);
  if (visible !== "all" && rows.some((r) => r.panel_id === null || !visible.includes(r.panel_id)))
    throw new HttpError(403, authMessages.accessDenied);
  return rows;
}

/** The panel an entry about these transcripts is scoped to: theirs when they share one, else none (0). */
const scopeOf = (rows: { panel_id: number | null }[]) => {
  const panels = new Set(rows.map((r) => r.panel_id ?? 0));
  return panels.size === 1 ? [...panels][0] : 0;
};

export async function deleteTranscripts(db: Db, guildId: string, ids: readonly number[], visible: VisiblePanels, actor: ActivityActor) {
  return db.transaction().execute(async (trx) => {
    const rows = await checkedTranscripts(trx, guildId, ids, visible);
    await trx
      .deleteFrom("transcripts")
      .where("guild_id", "=", guildId)
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
    const TicketIds = rows.map((r) => r.ticket_id);
    await recordActivityOf(trx, actor, {
      guildId,
      action: transcriptBulkActions.deleted,
      before: { Count: rows.length, TicketIds },
      scopePanelId: scopeOf(rows),
    });
    return rows.length;
  });
}

export async function downloadTranscripts(
  deps: { db: Db; keyring: TranscriptKeyring },
  guildId: string,
  ids: readonly number[],
  visible: VisiblePanels,
  theme: TranscriptTheme,
  actor: ActivityActor,
): Promise<{ count: number; html: string }> {
  const rows = await checkedTranscripts(deps.db, guildId, ids, visible);
  const frames: string[] = [];
  for (const row of rows) {
    const opened = await openTranscript(deps.db, deps.keyring, guildId, row.ticket_id).catch((error: unknown) => {
      if (error instanceof TranscriptDecryptError || error instanceof SyntaxError) return undefined;
      throw error;
    });
    if (!opened) throw notFound(transcriptMessages.notFound);
    const html = await renderTranscriptHtml({ guildId, ...opened.meta }, opened.messages, theme);
    frames.push(
      `<section><h2>Ticket #${row.ticket_id}</h2><iframe sandbox title="Ticket #${row.ticket_id}" srcdoc="${escapeHtml(html)}"></iframe></section>`,
    );
  }
  await recordActivityOf(deps.db, actor, {
    guildId,
    action: transcriptBulkActions.downloaded,
    after: { Count: rows.length, TicketIds: rows.map((r) => r.ticket_id) },
    scopePanelId: scopeOf(rows),
  });
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${TRANSCRIPT_CSP}">
<title>${rows.length} transcripts</title>
<style>body{font-family:system-ui,sans-serif;margin:16px}iframe{width:100%;height:80vh;border:1px solid #d0d7de;border-radius:8px}</style>
</head>
<body>
${frames.join("\n")}
</body>
</html>`;
  return { count: rows.length, html };
}
