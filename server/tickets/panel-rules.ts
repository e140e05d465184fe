import type { SinglePanel } from "../../src/schemas/panel";
import type { TicketSettings } from "../../src/schemas/settings";
import type { Db } from "../db/schema";
import { type Member } from "./members";
import { waitText } from "./refusals";
import type { EngineDeps } from "./step";
import { nextOpeningText, supportHoursAt, zoneOf } from "./support-hours";
import { botTexts } from "./texts";

// Per-panel rules (issue 22), beside the server-wide open-ticket limit: roles excluded from the panel, roles
// required to use it, a cooldown after a ticket of the panel closed, and its support hours. Each refusal names what
// stopped the member. The per-panel limit is counted inside the open's transaction (./open.ts), like the server's.
// A panel saved before these fields existed has none of them: no rule.

export type PanelVerdict = { refusal: string } | { notice: string | null };

/** "@Role A, @Role B" from the server's roles (an id it no longer has shows as the id). */
async function roleNames(deps: EngineDeps, guildId: string, ids: string[]): Promise<string> {
  const guild = await deps.platform.getGuild(guildId).catch(() => null);
  return ids.map((id) => `@${guild?.roles.find((r) => r.id === id)?.name ?? id}`).join(", ");
}

/**
 * Whether `member` may open a ticket of `panel` now; a notice for the member when it opens outside support hours.
 * `except`: a ticket (row id) that does not count toward the cooldown (the one being reopened).
 */
export async function checkPanelRules(
  deps: EngineDeps, guildId: string, member: Member, panel: SinglePanel, settings: TicketSettings, now = Date.now(), except?: number,
): Promise<PanelVerdict> {
  const excluded = (panel.ExcludedRoles ?? []).filter((id) => member.roles.includes(id));
  if (excluded.length) return { refusal: botTexts.excludedRole(await roleNames(deps, guildId, excluded)) };
  const required = panel.RequiredRoles ?? [];
  if (required.length && !required.some((id) => member.roles.includes(id))) return { refusal: botTexts.requiredRole(await roleNames(deps, guildId, required)) };
  const cooldownMs = (panel.CooldownMinutes ?? 0) * 60_000;
  if (cooldownMs > 0 && panel.PanelId !== undefined) {
    const last = await lastClosedOf(deps.db, guildId, member.id, panel.PanelId, except);
    if (last !== null && now - last < cooldownMs) return { refusal: botTexts.cooldown(waitText(last + cooldownMs - now)) };
  }
  const hours = panel.SupportHours;
  if (hours?.Enabled) {
    const zone = zoneOf(settings.TimeZone);
    const state = supportHoursAt(hours, zone, now);
    if (!state.open) {
      const next = nextOpeningText(hours, zone, state);
      return hours.OutsideHours === "refuse" ? { refusal: botTexts.outsideHoursRefused(next) } : { notice: botTexts.outsideHoursNotice(next) };
    }
  }
  return { notice: null };
}

/** When the member's last ticket of the panel closed (epoch ms), or null. */
async function lastClosedOf(db: Db, guildId: string, openerId: string, panelId: number, except?: number): Promise<number | null> {
  let query = db
    .selectFrom("tickets")
    .select((eb) => eb.fn.max("closed_at").as("at"))
    .where("guild_id", "=", guildId)
    .where("opener_id", "=", openerId)
    .where("panel_id", "=", panelId)
    .where("status", "=", "closed");
  if (except !== undefined) query = query.where("id", "!=", except);
  const row = await query.executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** The per-panel limit: a refusal when the member is at it. `tx` may be the open's transaction; `except` a ticket not counted. */
export async function panelLimitRefusal(tx: Db, guildId: string, openerId: string, panel: SinglePanel | null, except?: number): Promise<string | null> {
  const limit = panel?.PanelTicketLimit ?? 0;
  if (!panel || limit <= 0 || panel.PanelId === undefined) return null;
  let query = tx
    .selectFrom("tickets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("guild_id", "=", guildId)
    .where("opener_id", "=", openerId)
    .where("panel_id", "=", panel.PanelId)
    .where("status", "in", ["opening", "open"]);
  if (except !== undefined) query = query.where("id", "!=", except);
  const { n } = await query.executeTakeFirstOrThrow();
  return Number(n) >= limit ? botTexts.panelLimitReached(limit, panel.PanelName) : null;
}
