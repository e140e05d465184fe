import type { FormAnswer } from "../../src/schemas/ticket";
import { recordActivityOf } from "../activity/record";
import { fromDbJson } from "../db/dialect";
import type { Db } from "../db/schema";
import { findSinglePanel } from "../panels/store";
import { reindexTranscript } from "../transcripts/store";
import { ticketChannelName } from "./channel-access";
import { botActor, type EngineDeps, publish, ticketActions } from "./step";
import type { TicketRow } from "./store";

// The repair of tickets a crash left between two steps, at the start of every sweep (./scheduler.ts).

/** How long a ticket may sit in 'opening' or 'closing' before the sweep repairs it (no step takes this long). */
export const STUCK_GRACE_MS = 2 * 60_000;
/** Stuck tickets repaired per sweep at most. */
const REPAIRS = 50;

/**
 * Tickets a crash left between two steps, checked against the platform once older than STUCK_GRACE_MS:
 *   - 'opening' (aged by opened_at; it counts toward the opener's limit): its channel was made if the guild has an
 *     unclaimed text channel of the ticket's name — then the open is finished (open, that channel, the welcome
 *     message); otherwise the row is deleted;
 *   - 'closing' (aged by closing_since): its channel gone — the close is finished (closed, by the bot, with the
 *     transcript only if it was stored, its word index completed); its channel still there — back to 'open'.
 * A platform that cannot answer leaves the ticket for the next sweep. Each repair is a compare-and-set from the
 * state read, and writes an activity entry by the bot. `now` is the real instant: closing_since is real time, opened_at
 * its server's (../platform/clock.ts), so an 'opening' ticket is aged on its server's clock.
 */
export async function repairStuckTickets(deps: EngineDeps, now = Date.now()): Promise<number> {
  const { db, platform } = deps;
  const furthest = now + (await deps.clock.maxOffset());
  const stuck = await db
    .selectFrom("tickets")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "opening"), eb("opened_at", "<=", furthest - STUCK_GRACE_MS)]),
        eb.and([eb("status", "=", "closing"), eb.or([eb("closing_since", "is", null), eb("closing_since", "<=", now - STUCK_GRACE_MS)])]),
      ]),
    )
    .orderBy("id")
    .limit(REPAIRS)
    .execute();
  let repaired = 0;
  /** A repair: its compare-and-set and its activity entry (by the bot, at its server's time) in one transaction; false when the row moved on. */
  const repair = async (row: TicketRow, status: string, write: (tx: Db) => Promise<boolean>, extra: Record<string, unknown> = {}) => {
    const at = await deps.clock.now(row.guild_id, now);
    return db.transaction().execute(async (tx) => {
      if (!(await write(tx))) return false;
      await recordActivityOf(tx, botActor(deps), {
        guildId: row.guild_id,
        action: ticketActions.recovered,
        before: { TicketId: row.number, Status: row.status },
        after: { TicketId: row.number, Status: status, ...extra },
        scopePanelId: row.panel_id ?? 0,
        at,
      });
      return true;
    });
  };
  const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
    Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0) === 1;
  for (const row of stuck) {
    try {
      const guildNow = await deps.clock.now(row.guild_id, now);
      if (row.status === "opening") {
        if (Number(row.opened_at) > guildNow - STUCK_GRACE_MS) continue;
        const panel = (row.panel_id === null ? undefined : await findSinglePanel(db, row.guild_id, row.panel_id)) ?? null;
        const name = ticketChannelName(panel?.NamingScheme ?? "ticket-%id%", row.number, row.opener_name);
        const found = await platform.findTextChannels(row.guild_id, name);
        // A channel of that name another ticket holds is not this one's.
        const taken = new Set(
          found.length
            ? (await db.selectFrom("tickets").select("channel_id").where("channel_id", "in", found).execute()).map((r) => r.channel_id)
            : [],
        );
        const channelId = found.find((id) => !taken.has(id)) ?? null;
        if (channelId) {
          const done = await repair(
            row,
            "open",
            async (tx) =>
              changed(
                await tx
                  .updateTable("tickets")
                  .set({ status: "open", channel_id: channelId })
                  .where("id", "=", row.id)
                  .where("status", "=", "opening")
                  .executeTakeFirst(),
              ),
            { Channel: name },
          );
          if (!done) continue;
          const opened: TicketRow = { ...row, status: "open", channel_id: channelId };
          const answers = fromDbJson<FormAnswer[]>(row.form_answers_json, []);
          await platform
            .sendMessage(channelId, deps.messages.welcome(opened, panel, answers))
            .catch((error) => deps.log.warn({ err: error }, "welcome message not sent"));
          publish(deps, "opened", opened);
        } else {
          const done = await repair(row, "removed", async (tx) =>
            changed(await tx.deleteFrom("tickets").where("id", "=", row.id).where("status", "=", "opening").executeTakeFirst()),
          );
          if (!done) continue;
        }
        repaired++;
        continue;
      }
      // 'closing'
      const channel = row.channel_id ? await platform.getChannel(row.channel_id) : null;
      if (channel) {
        const done = await repair(row, "open", async (tx) =>
          changed(
            await tx
              .updateTable("tickets")
              .set({ status: "open", closing_since: null })
              .where("id", "=", row.id)
              .where("status", "=", "closing")
              .executeTakeFirst(),
          ),
        );
        if (!done) continue;
        publish(deps, "updated", { ...row, status: "open", closing_since: null });
      } else {
        // The messages went with the channel: the transcript is there only if the close had stored it — then its
        // word index may be short of the entries the close had not written yet, and is completed.
        const stored = await reindexTranscript(db, deps.keyring, row.guild_id, row.number);
        const set = {
          status: "closed",
          closed_at: guildNow,
          closed_by: platform.botUserId,
          closed_by_name: "Ticketeer",
          resolution_ms: Math.max(0, guildNow - Number(row.opened_at)),
          revision: row.revision + 1,
        };
        const done = await repair(
          row,
          "closed",
          async (tx) =>
            changed(await tx.updateTable("tickets").set(set).where("id", "=", row.id).where("status", "=", "closing").executeTakeFirst()),
          { Transcript: stored },
        );
        if (!done) continue;
        publish(deps, "closed", { ...row, ...set });
      }
      repaired++;
    } catch (error) {
      // The platform could not say (it is down, rate-limited): the next sweep tries again.
      deps.log.warn({ err: error, guildId: row.guild_id, ticket: row.number }, "stuck ticket not repaired");
    }
  }
  return repaired;
}
