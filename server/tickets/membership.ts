import { ticketOverwrites } from "./channel-access";
import { type Member, supportRoles } from "./members";
import type { Outcome } from "./outcomes";
import {
  applyOverwrites,
  attempt,
  type EngineDeps,
  type Known,
  notice,
  openTicket,
  publish,
  recordStep,
  settingsOf,
  ticketActions,
} from "./step";
import { addedMembers, type TicketRow } from "./store";

// /add and /remove: members let into a ticket beside its opener and staff. Its staff or its opener may; the opener
// cannot be removed; a channel keeps at most Discord's 100 permission overwrites.

/** Discord keeps at most 100 permission overwrites on a channel. */
const MAX_OVERWRITES = 100;

/** How many overwrites the ticket's channel holds with one more member added. */
async function overwriteCount(deps: EngineDeps, row: TicketRow, teamIds: number[], extraMemberId: string): Promise<number> {
  const added = new Set([...(await addedMembers(deps.db, row.id)), extraMemberId]);
  return ticketOverwrites({
    guildId: row.guild_id,
    botUserId: deps.platform.botUserId,
    openerId: row.opener_id,
    addedIds: [...added],
    supportRoleIds: await supportRoles(deps.db, row.guild_id, teamIds),
    claimedBy: row.claimed_by,
    repsCanView: true,
    repsCanType: true,
  }).length;
}

export async function addMember(
  deps: EngineDeps,
  guildId: string,
  number: number,
  member: Member,
  targetId: string,
  add: boolean,
  known: Known = {},
): Promise<Outcome> {
  const c = await openTicket(deps, guildId, number, member, known);
  if ("refusal" in c) return c.refusal;
  if (!c.staff && c.row.opener_id !== member.id) return { refusal: "noPermission" };
  if (!add && targetId === c.row.opener_id) return { refusal: "cannotRemoveOpener" };
  const target = await deps.platform.getMember(guildId, targetId);
  if (add && !target) return { refusal: "memberNotFound" };
  if (add && (await overwriteCount(deps, c.row, c.teamIds, targetId)) > MAX_OVERWRITES) return { refusal: "tooManyMembers" };
  if (add) {
    await deps.db
      .insertInto("ticket_members")
      .values({ ticket_id: c.row.id, user_id: targetId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  } else {
    await deps.db.deleteFrom("ticket_members").where("ticket_id", "=", c.row.id).where("user_id", "=", targetId).execute();
  }
  const settings = await settingsOf(deps, guildId, known);
  // A thread's members are its audience; a channel's overwrites are written whole.
  const warning = await attempt(deps, c.row, "overwrites", () =>
    c.row.is_thread && c.row.channel_id
      ? deps.platform.setThreadMember(c.row.channel_id, targetId, add)
      : applyOverwrites(deps, c.row, c.teamIds, settings),
  );
  const name = target?.username ?? targetId;
  await recordStep(
    deps,
    member,
    c.row,
    add ? ticketActions.memberAdded : ticketActions.memberRemoved,
    { TicketId: number },
    { TicketId: number, Member: name },
  );
  await notice(deps, c.row, add ? { notice: "memberAdded", user: targetId } : { notice: "memberRemoved", user: targetId });
  // Who sees its channel changed: the views that follow the ticket (the member's, in Try-it) read it again.
  publish(deps, "updated", c.row);
  return { done: add ? "memberAdded" : "memberRemoved", ticket: c.row, warning };
}
