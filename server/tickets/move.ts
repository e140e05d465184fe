import { sql } from "kysely";
import type { SinglePanel } from "../../src/schemas/panel";
import { toSinglePanel } from "../panels/store";
import { ticketChannelName } from "./channel-access";
import { can, isTicketStaff, type Member, type MemberAccess, memberAccess, stillStaff } from "./members";
import { inPanelCategory } from "./open";
import { isRefusal, type Outcome, type Refusal } from "./outcomes";
import {
  attempt,
  type EngineDeps,
  type Known,
  notice,
  type OpenTicket,
  openTicket,
  overwritesOf,
  panelOf,
  publish,
  recordStep,
  settingsOf,
  ticketActions,
} from "./step";
import { type TicketRow, updateTicketIf } from "./store";
import { ticketWebhook } from "./webhook";

// Moving a ticket to another panel (a member opened "General" for a billing question): the ticket takes the target
// panel's category (its overflow category when Discord says the first is full), its overwrites and support team, its
// naming scheme and its waiting alert; it keeps its number, channel, conversation, members, labels and priority, and
// its claim while the claimer is staff of the target (else it is unclaimed, and the channel's notice says so).
//
// Who: staff of the ticket who are staff of the target panel too and hold AnswerTicket (the team permission of those
// who work tickets from the dashboard; managers hold every one) — docs/decisions/016-moving-tickets.md.
//
// Discord lets a channel's name change twice every ten minutes. The move never fails on that limit: the category and
// overwrites move at once (a PATCH without a name is not held by it), and a rename Discord holds back is left on the
// ticket (`pending_name`, `rename_due_at`) for the minute sweep (`sweepPendingRenames`), which renames the channel
// once Discord allows it; the mover is told when.
//
// Nothing half-made: the row moves first (a compare-and-set on its revision), then the channel; when Discord refuses to
// move the channel (a full category, a missing permission) the row goes back as it was.

/** Who may move a ticket of these teams anywhere: staff of it holding AnswerTicket. */
const mayMove = (access: MemberAccess, teamIds: number[]) => isTicketStaff(access, teamIds) && can(access, "AnswerTicket");

/** The panels a member may move this ticket to: the server's enabled single panels but its own, of their support team. */
export async function moveTargets(deps: EngineDeps, row: TicketRow, member: Member): Promise<{ PanelId: number; PanelName: string }[]> {
  if (row.status !== "open" || row.is_thread) return [];
  const access = await memberAccess(deps.db, row.guild_id, member);
  if (!mayMove(access, (await panelOf(deps, row.guild_id, row.panel_id)).teamIds)) return [];
  const rows = await deps.db
    .selectFrom("panels")
    .selectAll()
    .where("guild_id", "=", row.guild_id)
    .where("kind", "=", "single")
    .orderBy("id")
    .limit(500)
    .execute();
  return rows
    .map(toSinglePanel)
    .filter((p) => p.PanelId !== row.panel_id && !p.PanelMessage.DisablePanel && isTicketStaff(access, p.SupportTeams.map(Number)))
    .map((p) => ({ PanelId: p.PanelId, PanelName: p.PanelName }));
}

/** The target panel, or why the ticket cannot go there. */
async function targetOf(deps: EngineDeps, c: OpenTicket, panelId: number): Promise<{ panel: SinglePanel; teamIds: number[] } | Refusal> {
  if (!c.staff) return { refusal: "staffOnly" };
  if (!can(c.access, "AnswerTicket")) return { refusal: "noPermission" };
  if (c.row.panel_id === panelId) return { refusal: "moveSamePanel", panelName: c.row.panel_name };
  // Discord cannot move a thread to another channel: a thread ticket stays under its panel's channel.
  if (c.row.is_thread) return { refusal: "moveThread" };
  const { panel, teamIds } = await panelOf(deps, c.row.guild_id, panelId);
  if (!panel) return { refusal: "moveTargetGone" };
  if (panel.PanelMessage.DisablePanel) return { refusal: "moveTargetDisabled", panelName: panel.PanelName };
  if (!isTicketStaff(c.access, teamIds)) return { refusal: "moveNoAccess", panelName: panel.PanelName };
  return { panel, teamIds };
}

export async function move(
  deps: EngineDeps,
  guildId: string,
  number: number,
  member: Member,
  panelId: number,
  known: Known = {},
): Promise<Outcome> {
  const c = await openTicket(deps, guildId, number, member, known);
  if ("refusal" in c) return c.refusal;
  const target = await targetOf(deps, c, panelId);
  if (isRefusal(target)) return target;
  const { panel, teamIds } = target;
  const before = c.row;
  if (!before.channel_id) return { refusal: "ticketGone" };
  const channelId = before.channel_id;
  const settings = await settingsOf(deps, guildId, known);
  const keepsClaim = before.claimed_by === null || (await stillStaff(deps, guildId, before.claimed_by, teamIds));
  const set = {
    panel_id: panelId,
    panel_name: panel.PanelName,
    ...(keepsClaim ? {} : { claimed_by: null, claimed_by_name: null }),
    // Its new team was never alerted: the target's waiting alert applies, measured from the opening as always.
    ...(before.first_response_at === null ? { waiting_alert_at: null } : {}),
    pending_name: null,
    rename_due_at: null,
    revision: before.revision + 1,
    last_activity_at: await deps.clock.now(guildId),
  };
  if (!(await updateTicketIf(deps.db, before, { status: "open", revision: before.revision }, set))) return { refusal: "stale" };
  const row: TicketRow = { ...before, ...set };

  const overwrites = await overwritesOf(deps, row, teamIds, settings);
  const placed = await inPanelCategory(deps, guildId, panel, "move", (parentId) =>
    deps.platform.editChannel(channelId, { parentId, overwrites }),
  );
  if (isRefusal(placed)) {
    // As it was (its revision moves on: it was written twice).
    const undo = { ...Object.fromEntries(Object.keys(set).map((k) => [k, before[k as keyof typeof set]])), revision: row.revision + 1 };
    await updateTicketIf(deps.db, row, { status: "open", revision: row.revision }, undo);
    if (placed.refusal === "categoryFull") return { refusal: "moveCategoryFull", panelName: panel.PanelName };
    return placed.refusal === "openFailed" ? { refusal: "moveFailed" } : placed;
  }

  const renamed = await renameForPanel(
    deps,
    row,
    channelId,
    ticketChannelName(panel.NamingScheme ?? "ticket-%id%", number, row.opener_name),
  );
  const unclaimed = keepsClaim ? null : before.claimed_by;
  await recordStep(
    deps,
    member,
    row,
    ticketActions.moved,
    { TicketId: number, PanelName: before.panel_name, ClaimedBy: before.claimed_by_name },
    {
      TicketId: number,
      PanelName: panel.PanelName,
      ClaimedBy: row.claimed_by_name,
      ...(renamed.later ? { RenameAt: renamed.later.at } : {}),
    },
  );
  await ticketWebhook(deps, deps.db, "ticket.moved", row, member, { from: before.panel_name, to: panel.PanelName });
  await notice(deps, row, { notice: "moved", by: member.id, from: before.panel_name, to: panel.PanelName, unclaimed });
  const after = renamed.later ? { ...row, pending_name: renamed.later.name, rename_due_at: renamed.later.at } : row;
  publish(deps, "updated", after);
  return {
    done: "moved",
    ticket: after,
    from: before.panel_name,
    to: panel.PanelName,
    unclaimed: unclaimed === null ? null : (before.claimed_by_name ?? unclaimed),
    renameLater: renamed.later ? { name: renamed.later.name, inMs: renamed.later.inMs } : null,
    warning: renamed.warning,
  };
}

/**
 * The channel takes the target's naming scheme. Held back by Discord's rename limit, the name waits on the ticket for
 * the sweep; any other refusal is the move's warning (the move itself is done).
 */
async function renameForPanel(
  deps: EngineDeps,
  row: TicketRow,
  channelId: string,
  name: string,
): Promise<{ warning: Refusal | null; later: { name: string; at: number; inMs: number } | null }> {
  const current = await deps.platform.getChannel(channelId).catch(() => null);
  if (current?.name === name) return { warning: null, later: null };
  const refused = await attempt(deps, row, "rename", () => deps.platform.editChannel(channelId, { name }));
  if (refused?.refusal !== "rateLimited") return { warning: refused, later: null };
  const inMs = refused.retryAfterMs;
  const at = Date.now() + inMs;
  await deps.db
    .updateTable("tickets")
    .set({ pending_name: name, rename_due_at: at })
    .where("id", "=", row.id)
    .where("status", "=", "open")
    .execute();
  return { warning: null, later: { name, at, inMs } };
}

/** How many held-back renames one server gets per sweep, and all servers together: a fair share, in turns. */
export const RENAMES_PER_GUILD = 2;
const RENAMES_PER_SWEEP = 50;
/** A rename Discord refused for another reason (a permission) is tried again after this long. */
const RENAME_RETRY_MS = 10 * 60_000;

/**
 * The minute sweep's renames Discord held back (`now`: the real instant; rate limits run on real time): the open
 * tickets whose rename is due, at most RENAMES_PER_GUILD of a server and RENAMES_PER_SWEEP in all, in turns (every
 * server's oldest, then every server's second), so one server's many moves never hold another's rename back.
 */
export async function sweepPendingRenames(deps: EngineDeps, now = Date.now()): Promise<number> {
  const { rows } = await sql<TicketRow>`
    select * from (
      select t.*, row_number() over (partition by t.guild_id order by t.rename_due_at, t.id) as rn
      from tickets t
      where t.rename_due_at <= ${now} and t.pending_name is not null and t.status = 'open' and t.channel_id is not null
    ) as due
    where rn <= ${RENAMES_PER_GUILD}
    order by rn, rename_due_at, id
    limit ${RENAMES_PER_SWEEP}`.execute(deps.db);
  let renamed = 0;
  for (const row of rows) {
    const name = row.pending_name!;
    const refused = await attempt(deps, row, "rename", () => deps.platform.editChannel(row.channel_id!, { name }));
    const pending = deps.db.updateTable("tickets").where("id", "=", row.id).where("pending_name", "=", name);
    if (refused) {
      const wait = refused.refusal === "rateLimited" ? refused.retryAfterMs : RENAME_RETRY_MS;
      await pending.set({ rename_due_at: now + wait }).execute();
      continue;
    }
    await pending.set({ pending_name: null, rename_due_at: null }).execute();
    publish(deps, "updated", { ...row, pending_name: null, rename_due_at: null });
    renamed++;
  }
  return renamed;
}
