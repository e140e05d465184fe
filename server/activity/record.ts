import type { FastifyRequest } from "fastify";
import { type Insertable, type Kysely, sql } from "kysely";
import { ticketScopedActions } from "../db/migrations/021_hardening";
import { workflowScopedActions } from "../db/migrations/023_ticket_workflow";
import { avatarUrl } from "../../src/schemas/auth";
import { prepared } from "../db/prepared";
import type { Database } from "../db/schema";

// Every mutation writes one activity entry: who (id, name, avatar), from where (IP), when (epoch seconds),
// what (action) and the state before and after. Pass the transaction of the mutation so both commit together.

/** Action names shown in the Activity Logs. Add yours here. */
export const activityActions = {
  tagCreated: "Tag Created",
  tagDeleted: "Tag Deleted",
  teamCreated: "Team Created",
  teamDeleted: "Team Deleted",
  teamRoleAdded: "Team Role Added",
  teamRoleRemoved: "Team Role Removed",
  teamPermissionsUpdated: "Team Permissions Updated",
  settingsUpdated: "Settings Updated",
} as const;

export interface ActivityInput {
  action: string;
  /** Defaults to the route's :guildId. */
  guildId?: string;
  before?: unknown;
  after?: unknown;
  /**
   * The panel of the ticket or transcript the entry is about (0: a ticket of no panel); leave it out for anything
   * else. Staff limited to their panels (TranscriptsPanelPermission) see only their panels' entries.
   */
  scopePanelId?: number | null;
  /** When it happened (epoch ms): a ticket step's server time (server/platform/clock.ts); the real now by default. */
  at?: number;
}

/** Who did something that is not a signed-in request (a bot key, the bot acting for a Discord user). */
export interface ActivityActor {
  id: string;
  username: string;
  /** Avatar URL, or null. */
  avatar: string | null;
  /** Where it came from: an IP, or "discord" for the bot's interactions. */
  ip: string;
}

/** The signed-in caller of a request as the actor of what it does. */
export function requestActor(request: FastifyRequest): ActivityActor {
  const user = request.user;
  if (!user) throw new Error("an activity entry needs a signed-in request");
  return { id: user.id, username: user.username, avatar: avatarUrl({ user_id: user.id, avatar: user.avatar }), ip: request.ip };
}

/** An activity entry of the request's signed-in user, in the route's guild unless `input` names one. */
export async function recordActivity(db: Kysely<Database>, request: FastifyRequest, input: ActivityInput): Promise<void> {
  const actor = requestActor(request);
  const guildId = input.guildId ?? (request.params as { guildId?: string }).guildId;
  if (!guildId) throw new Error("recordActivity needs a guildId");
  await recordActivityOf(db, actor, { ...input, guildId });
}

/** The ticket an entry names: its After's TicketId, else its Before's (the activity's ticket_id column). */
export function ticketNumberOf(input: Pick<ActivityInput, "after" | "before">): number | undefined {
  for (const side of [input.after, input.before]) {
    const id = (side as { TicketId?: unknown } | null | undefined)?.TicketId;
    if (typeof id === "number" && Number.isInteger(id) && id >= 0 && id <= 2_147_483_647) return id;
  }
  return undefined;
}
const scopedActions: ReadonlySet<string> = new Set([...ticketScopedActions, ...workflowScopedActions]);

/** An activity entry of an actor that is not the request's signed-in user. */
export async function recordActivityOf(
  db: Kysely<Database>,
  actor: ActivityActor,
  input: ActivityInput & { guildId: string },
): Promise<void> {
  const row = {
    guild_id: input.guildId,
    user_id: actor.id,
    username: actor.username,
    avatar: actor.avatar,
    action: input.action,
    ip: actor.ip,
    timestamp: Math.floor((input.at ?? Date.now()) / 1000),
    before_json: input.before === undefined ? null : JSON.stringify(input.before),
    after_json: input.after === undefined ? null : JSON.stringify(input.after),
    ticket_id: ticketNumberOf(input) ?? null,
  };
  const ticketId = input.scopePanelId === undefined && scopedActions.has(input.action) ? ticketNumberOf(input) : undefined;
  // An entry about a ticket or transcript carries its panel (TranscriptsPanelPermission), read from the ticket it
  // names in the same statement; any other entry carries none.
  if (ticketId !== undefined) await insertScopedActivityQuery.execute(db, { ...row, ticketId }, undefined);
  else await insertActivityQuery.execute(db, { ...row, scope_panel_id: input.scopePanelId ?? null }, undefined);
}

type ActivityRowValues = Insertable<Database["activity"]> & {
  avatar: string | null;
  before_json: string | null;
  after_json: string | null;
  ticket_id: number | null;
};

// One insert per mutation: compiled once (server/db/prepared.ts).
const insertActivityQuery = prepared((db, row: ActivityRowValues & { scope_panel_id: number | null }) =>
  db.insertInto("activity").values({ ...row }),
);

// … and the one of an entry about a ticket: its panel from the ticket (else the transcript) of that number; 0 when
// neither names one (a ticket of no panel: shown only to those who see every panel).
const insertScopedActivityQuery = prepared((db, v: ActivityRowValues & { ticketId: number }) => {
  const { ticketId, ...row } = v;
  return db.insertInto("activity").values({
    ...row,
    scope_panel_id: sql<number>`coalesce(
      (select coalesce(t.panel_id, 0) from tickets t where t.guild_id = ${row.guild_id} and t.number = ${ticketId}),
      (select coalesce(x.panel_id, 0) from transcripts x where x.guild_id = ${row.guild_id} and x.ticket_id = ${ticketId}),
      0)`,
  });
});
