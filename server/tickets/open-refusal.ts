import { channelLimits } from "../../src/schemas/bot-setup";
import type { SinglePanel } from "../../src/schemas/panel";
import type { TicketSettings } from "../../src/schemas/settings";
import type { Db } from "../db/schema";
import type { Member } from "./members";
import { checkPanelRules, panelLimitRefusal, type PanelVerdict } from "./panel-rules";
import type { EngineDeps } from "./step";
import { botTexts } from "./texts";

// Whether a member may open a ticket now, asked once for every way a ticket opens — a panel's button or a
// multi-panel's choice (before its form is shown), /new, /form (before its modal), a ticket about a message — and
// for a reopen: everything that does not depend on what the member would type. A form is never shown to be refused
// after it was filled in. The open itself counts the limits again inside its transaction (two clicks at once).

export interface OpenCheckOptions {
  /** The clock of the check (support hours, the cooldown). */
  now?: number;
  /**
   * Also whether the ticket's category (or the server) has room for one more channel, as the platform last told
   * (Bot setup's facts: read fresh on the demo, cached about 30 s on Discord). Asked before a form is shown, where
   * the answers would otherwise be typed for nothing; an open without a form learns it from the channel's creation,
   * which also moves to the overflow category and tells Bot setup.
   */
  room?: boolean;
  /** A reopen: the ticket's own row id, which neither counts toward the cooldown nor the limits. */
  reopening?: number;
}

/**
 * The refusal a member meets opening a ticket of `panel` (null: one without a panel) — disabled panel, blacklist,
 * the panel's roles, cooldown and support hours, the server's and the panel's open-ticket limits, and with `room`
 * a full category — or the notice of an open outside support hours (null when none).
 */
export async function openRefusal(
  deps: EngineDeps,
  guildId: string,
  member: Member,
  panel: SinglePanel | null,
  settings: TicketSettings,
  options: OpenCheckOptions = {},
): Promise<PanelVerdict> {
  if (panel?.PanelMessage.DisablePanel) return { refusal: botTexts.panelDisabled };
  if (await isBlacklisted(deps, guildId, member)) return { refusal: botTexts.blacklisted };
  const verdict = panel ? await checkPanelRules(deps, guildId, member, panel, settings, options.now ?? Date.now(), options.reopening) : { notice: null };
  if ("refusal" in verdict) return verdict;
  const limit = (await userLimitRefusal(deps.db, guildId, member.id, settings, options.reopening)) ?? (await panelLimitRefusal(deps.db, guildId, member.id, panel, options.reopening));
  if (limit) return { refusal: limit };
  const full = options.room ? await roomRefusal(deps, guildId, panel, settings) : null;
  return full ? { refusal: full } : verdict;
}

/** Whether the member (their id, or one of their roles) is on the server's blacklist. */
export async function isBlacklisted(deps: Pick<EngineDeps, "db">, guildId: string, member: Member): Promise<boolean> {
  const hit = await deps.db
    .selectFrom("blacklist")
    .select("id")
    .where("guild_id", "=", guildId)
    .where((eb) =>
      eb.or([
        eb.and([eb("kind", "=", "User"), eb("target_id", "=", member.id)]),
        ...(member.roles.length ? [eb.and([eb("kind", "=", "Role"), eb("target_id", "in", member.roles)])] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}

/** The server's open-ticket limit (UserTicketLimit, 0: none): a refusal when the member is at it. `db` may be the open's transaction. */
export async function userLimitRefusal(db: Db, guildId: string, openerId: string, settings: TicketSettings, except?: number): Promise<string | null> {
  const limit = settings.UserTicketLimit ?? 0;
  if (limit <= 0) return null;
  let query = db
    .selectFrom("tickets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("guild_id", "=", guildId)
    .where("opener_id", "=", openerId)
    .where("status", "in", ["opening", "open"]);
  if (except !== undefined) query = query.where("id", "!=", except);
  const { n } = await query.executeTakeFirstOrThrow();
  return Number(n) >= limit ? botTexts.limitReached(limit) : null;
}

/** Whether a panel opens tickets as private threads: its own choice, or the server's default. */
export const usesThreads = (panel: SinglePanel, settings: { TicketThreads?: boolean | null }) =>
  panel.ThreadMode === "thread" || ((panel.ThreadMode ?? "server") === "server" && settings.TicketThreads === true);

/** A full server, or a full ticket category without an overflow category that has room; null when there is room or nobody can tell. */
async function roomRefusal(deps: EngineDeps, guildId: string, panel: SinglePanel | null, settings: TicketSettings): Promise<string | null> {
  // A private thread takes no channel of a category.
  if (panel && usesThreads(panel, settings)) return null;
  const facts = await deps.platform.botSetupFacts(guildId).catch(() => null);
  if (!facts) return null;
  if (facts.channelCount >= channelLimits.perServer) return botTexts.serverFull;
  const category = panel?.TicketCategory ?? null;
  if (category === null) return null;
  const full = (id: string) => (facts.channelsPerCategory[id] ?? 0) >= channelLimits.perCategory;
  const overflow = panel?.OverflowCategory ?? null;
  return full(category) && (overflow === null || full(overflow)) ? botTexts.categoryFull : null;
}
