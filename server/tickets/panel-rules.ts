import type { SinglePanel } from "../../src/schemas/panel";
import type { TicketSettings } from "../../src/schemas/settings";
import type { Db } from "../db/schema";
import { type Member } from "./members";
import type { OutsideHours, Refusal } from "./outcomes";
import type { EngineDeps } from "./step";
import { nextOpening, supportHoursAt, zoneOf } from "./support-hours";

// Per-panel rules, beside the server-wide open-ticket limit: roles excluded from the panel, roles
// required to use it, a cooldown after a ticket of the panel closed, and its support hours. Each refusal names what
// stopped the member. The per-panel limit is counted inside the open's transaction (./open-rules.ts), like the
// server's. A panel saved before these fields existed has none of them: no rule.

/** A refusal, or the rules passed — with, when the ticket opens outside support hours, when staff will answer. */
export type PanelVerdict = Refusal | { passed: true; outsideHours: OutsideHours | null };

/** The names of roles as the server has them (an id it no longer has stays the id). */
async function roleNames(deps: EngineDeps, guildId: string, ids: string[]): Promise<string[]> {
  const guild = await deps.platform.getGuild(guildId).catch(() => null);
  return ids.map((id) => guild?.roles.find((r) => r.id === id)?.name ?? id);
}

/** Which rules hold (./open-rules.ts: a reopen skips the cooldown, staff's reopen the support hours too). */
export interface PanelRuleSet {
  cooldown: boolean;
  supportHours: boolean;
}

/** Whether `member` may open a ticket of `panel` now (the server's clock unless `at` is given). */
export async function checkPanelRules(
  deps: EngineDeps,
  guildId: string,
  member: Member,
  panel: SinglePanel,
  settings: TicketSettings,
  at?: number,
  rules: PanelRuleSet = { cooldown: true, supportHours: true },
): Promise<PanelVerdict> {
  const now = at ?? (await deps.clock.now(guildId));
  const excluded = (panel.ExcludedRoles ?? []).filter((id) => member.roles.includes(id));
  if (excluded.length) return { refusal: "excludedRole", roles: await roleNames(deps, guildId, excluded) };
  const required = panel.RequiredRoles ?? [];
  if (required.length && !required.some((id) => member.roles.includes(id))) {
    return { refusal: "requiredRole", roles: await roleNames(deps, guildId, required) };
  }
  const cooldownMs = (panel.CooldownMinutes ?? 0) * 60_000;
  if (rules.cooldown && cooldownMs > 0 && panel.PanelId !== undefined) {
    const last = await lastClosedOf(deps.db, guildId, member.id, panel.PanelId);
    if (last !== null && now - last < cooldownMs) return { refusal: "cooldown", waitMs: last + cooldownMs - now };
  }
  const hours = panel.SupportHours;
  if (rules.supportHours && hours?.Enabled) {
    const zone = zoneOf(settings.TimeZone);
    const state = supportHoursAt(hours, zone, now);
    if (!state.open) {
      const next = nextOpening(hours, zone, state);
      return hours.OutsideHours === "refuse" ? { refusal: "outsideHours", next } : { passed: true, outsideHours: { next } };
    }
  }
  return { passed: true, outsideHours: null };
}

/** When the member's last ticket of the panel closed (epoch ms), or null. */
async function lastClosedOf(db: Db, guildId: string, openerId: string, panelId: number): Promise<number | null> {
  const row = await db
    .selectFrom("tickets")
    .select((eb) => eb.fn.max("closed_at").as("at"))
    .where("guild_id", "=", guildId)
    .where("opener_id", "=", openerId)
    .where("panel_id", "=", panelId)
    .where("status", "=", "closed")
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}
