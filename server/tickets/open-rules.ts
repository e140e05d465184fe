import { channelLimits } from "../../src/schemas/bot-setup";
import type { SinglePanel } from "../../src/schemas/panel";
import type { TicketSettings } from "../../src/schemas/settings";
import type { Db } from "../db/schema";
import { guildMemberOf, type Member } from "./members";
import { isRefusal, type OutsideHours, type Refusal, type Whom } from "./outcomes";
import { checkPanelRules, type PanelVerdict } from "./panel-rules";
import type { EngineDeps } from "./step";

// The rules every way a ticket opens or reopens obeys, in one place (docs/ticket-engine.md, "Who may do what"): the
// opener is still a member of the server, not blacklisted (by id or by one of their roles), passes the panel's rules
// (./panel-rules.ts: roles excluded and required, cooldown, support hours), and is below the server's
// UserTicketLimit and the panel's own limit — those two counted inside the transaction that makes the row 'opening'
// (a new one, or a closed one moved back), so two clicks at once cannot both pass. A reopen is the same ticket
// coming back, so the cooldown its own close started does not hold it; staff reopening from the dashboard are the
// help desk at work, so the panel's support hours do not either, and refusals name the opener rather than "you".
// Before a form is shown (a panel's button, a multi-panel's choice, /form), the same rules and the limits are asked
// once more (openRefusal), so a form is never refused after it was filled in.

/** How the ticket opens: a new ticket, the opener's reopen (closing DM), staff's reopen (dashboard). */
export type OpenKind = "open" | "reopen" | "staffReopen";

export interface OpenRulesInput {
  guildId: string;
  /** The opener; a user id when only that is known (the DM, the dashboard): looked up, and must still be a member. */
  opener: Member | string;
  /** null: no panel (/new, /form, a ticket from a message): no panel rules. */
  panel: SinglePanel | null;
  settings: TicketSettings;
  now: number;
  kind: OpenKind;
}

export type OpenVerdict = Refusal | { passed: true; opener: Member; outsideHours: OutsideHours | null };

/** Whom a refusal names: the member opening, or — staff reopening from the dashboard — the ticket's opener. */
const whomOf = (kind: OpenKind): Whom => (kind === "staffReopen" ? "opener" : "member");

/** Whether the member, by id or one of their roles, is on the server's blacklist. */
export async function isBlacklisted(deps: Pick<EngineDeps, "db">, guildId: string, member: Pick<Member, "id" | "roles">): Promise<boolean> {
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

/**
 * The checks before the row: membership, blacklist, the panel's rules; when the ticket opens outside support hours,
 * when staff will answer. The limits follow inside the transaction (limitRefusal).
 */
export async function checkOpenRules(deps: EngineDeps, input: OpenRulesInput): Promise<OpenVerdict> {
  const { guildId, panel, kind } = input;
  const whom = whomOf(kind);
  const opener = typeof input.opener === "string" ? await guildMemberOf(deps.platform, guildId, input.opener) : input.opener;
  if (!opener) return { refusal: "notMember", whom };
  if (await isBlacklisted(deps, guildId, opener)) return { refusal: "blacklisted", whom };
  if (!panel) return { passed: true, opener, outsideHours: null };
  const rules = { cooldown: kind === "open", supportHours: kind !== "staffReopen" };
  const verdict = await checkPanelRules(deps, guildId, opener, panel, input.settings, input.now, rules);
  return isRefusal(verdict) ? verdict : { passed: true, opener, outsideHours: verdict.outsideHours };
}

/** The opener's tickets being opened or open: all of the server's, or those of one panel. */
async function openTicketsOf(tx: Db, guildId: string, openerId: string, panelId?: number): Promise<number> {
  let query = tx
    .selectFrom("tickets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("guild_id", "=", guildId)
    .where("opener_id", "=", openerId)
    .where("status", "in", ["opening", "open"]);
  if (panelId !== undefined) query = query.where("panel_id", "=", panelId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * UserTicketLimit, then the panel's PanelTicketLimit, counted in the transaction that makes the row 'opening': a
 * refusal when the opener is at one. The transaction must first hold the server's open lock (the ticket counter's
 * row: see lockOpens), so concurrent opens and reopens of the server count one after the other.
 */
export async function limitRefusal(
  tx: Db,
  input: { guildId: string; openerId: string; panel: SinglePanel | null; settings: TicketSettings; kind: OpenKind },
): Promise<Refusal | null> {
  const whom = whomOf(input.kind);
  const limit = input.settings.UserTicketLimit ?? 0;
  if (limit > 0 && (await openTicketsOf(tx, input.guildId, input.openerId)) >= limit) return { refusal: "openLimit", limit, whom };
  const panel = input.panel;
  const panelLimit = panel?.PanelTicketLimit ?? 0;
  if (!panel || panelLimit <= 0 || panel.PanelId === undefined) return null;
  if ((await openTicketsOf(tx, input.guildId, input.openerId, panel.PanelId)) < panelLimit) return null;
  return { refusal: "panelLimit", limit: panelLimit, panelName: panel.PanelName, whom };
}

/**
 * Takes the server's open lock inside a transaction without taking a number: on PostgreSQL the ticket counter's row
 * lock queues this transaction behind every open of the server in flight (an open takes it by numbering its ticket).
 */
export async function lockOpens(tx: Db, guildId: string): Promise<void> {
  await tx
    .updateTable("guild_ticket_counters")
    .set((eb) => ({ last_number: eb.ref("last_number") }))
    .where("guild_id", "=", guildId)
    .execute();
}

/**
 * Everything that does not depend on what the member would type, asked before a form is shown: a disabled panel, the
 * rules above, the limits (counted again inside the open's transaction), and with `room` whether the ticket's
 * category (or the server) has room for one more channel as the platform last told (Bot setup's facts: read fresh on
 * the demo, cached about 30 s on Discord) — an open without a form learns that from the channel's creation, which
 * also moves to the overflow category and tells Bot setup.
 */
export async function openRefusal(
  deps: EngineDeps,
  guildId: string,
  member: Member,
  panel: SinglePanel | null,
  settings: TicketSettings,
  options: { room?: boolean } = {},
): Promise<PanelVerdict> {
  if (panel?.PanelMessage.DisablePanel) return { refusal: "panelDisabled" };
  const verdict = await checkOpenRules(deps, {
    guildId,
    opener: member,
    panel,
    settings,
    now: await deps.clock.now(guildId),
    kind: "open",
  });
  if (isRefusal(verdict)) return verdict;
  const limit = await limitRefusal(deps.db, { guildId, openerId: member.id, panel, settings, kind: "open" });
  if (limit) return limit;
  const full = options.room ? await roomRefusal(deps, guildId, panel, settings) : null;
  return full ?? { passed: true, outsideHours: verdict.outsideHours };
}

/** Whether a panel opens tickets as private threads: its own choice, or the server's default. */
export const usesThreads = (panel: SinglePanel, settings: { TicketThreads?: boolean | null }) =>
  panel.ThreadMode === "thread" || ((panel.ThreadMode ?? "server") === "server" && settings.TicketThreads === true);

/** A full server, or a full ticket category without an overflow category that has room; null when there is room or nobody can tell. */
async function roomRefusal(
  deps: EngineDeps,
  guildId: string,
  panel: SinglePanel | null,
  settings: TicketSettings,
): Promise<Refusal | null> {
  // A private thread takes no channel of a category.
  if (panel && usesThreads(panel, settings)) return null;
  const facts = await deps.platform.botSetupFacts(guildId).catch(() => null);
  if (!facts) return null;
  if (facts.channelCount >= channelLimits.perServer) return { refusal: "serverFull" };
  const category = panel?.TicketCategory ?? null;
  if (category === null) return null;
  const full = (id: string) => (facts.channelsPerCategory[id] ?? 0) >= channelLimits.perCategory;
  const overflow = panel?.OverflowCategory ?? null;
  return full(category) && (overflow === null || full(overflow)) ? { refusal: "categoryFull" } : null;
}
