import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { avatarUrl } from "../src/schemas/auth";
import { noPermissions, type TeamPermissions } from "../src/schemas/team";
import { activityActions } from "./activity/record";
import { loadConfig } from "./config";
import { createDatabase, migrateToLatest } from "./db/client";
import { dialectOf } from "./db/dialect";
import type { Db } from "./db/schema";
import { seedDemoForms } from "./forms/seed";
import { seedPanels } from "./panels/seed";
import { seedDemoTranscripts } from "./transcripts/demo";
import { seedDemoTicketHistory } from "./tickets/demo-history";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_SUPPORT_ROLE_ID, GAMING_HUB_ID, demoUsers } from "./platform/demo-fixtures";

// Demo data. Each step runs once per database (remembered in the meta table as `seed:<name>`), so later
// starts keep what users changed, and a step added later still runs once on existing databases.
// To add demo data for a new resource: append a step (with a new name) to `seedSteps`.

export interface SeedStep {
  name: string;
  run(db: Db): Promise<void>;
}

const DAY_S = 86_400;
const admin = demoUsers.find((u) => u.id === DEMO_ADMIN_ID)!;

const seedTags: Record<string, [string, string][]> = {
  [DEMO_COMMUNITY_ID]: [
    ["welcome", "Welcome to Demo Community! Please read #rules and open a ticket in #support if you need help."],
    ["rules", "Be kind, stay on topic, no spam or self-promotion. Moderators have the final say."],
    ["refund-policy", "Refunds are handled case by case. Share your order id in this ticket and we will get back to you."],
    ["escalate", "I have escalated your ticket to a senior member of staff. Thanks for your patience!"],
  ],
  [GAMING_HUB_ID]: [
    ["server-ip", "Our game server is play.gaminghub.example on the default port."],
    ["report-cheater", "Please send the player's name, the time and a clip or screenshot. We review every report."],
    ["patch-notes", "Patch notes are posted in #announcements after every update."],
  ],
};

const supportTeamPermissions = (): TeamPermissions => ({
  ...noPermissions(),
  ViewTag: true,
  ViewSinglePanel: true,
  ViewMultiPanel: true,
  ViewForm: true,
  ViewTranscripts: true,
});

export const seedSteps: SeedStep[] = [
  {
    name: "tags",
    async run(db) {
      const base = Date.now() - 30 * DAY_S * 1000;
      let i = 0;
      for (const [guildId, tags] of Object.entries(seedTags)) {
        for (const [name, content] of tags) {
          await db
            .insertInto("tags")
            .values({ id: crypto.randomUUID(), guild_id: guildId, name, content, created_at: base + i++ * 60_000 })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      }
    },
  },
  {
    name: "support-team",
    async run(db) {
      const team = await db
        .insertInto("teams")
        .values({
          guild_id: DEMO_COMMUNITY_ID,
          name: "Support Team",
          permissions_json: JSON.stringify(supportTeamPermissions()),
          created_at: Date.now(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.insertInto("team_roles").values({ team_id: team.id, role_id: DEMO_SUPPORT_ROLE_ID, role_name: "Support" }).execute();
    },
  },
  {
    name: "activity",
    async run(db) {
      const now = Math.floor(Date.now() / 1000);
      const entry = (guildId: string, action: string, daysAgo: number, after: unknown) => ({
        guild_id: guildId,
        user_id: admin.id,
        username: admin.username,
        avatar: avatarUrl({ user_id: admin.id, avatar: admin.avatar }),
        action,
        ip: "127.0.0.1",
        timestamp: now - daysAgo * DAY_S,
        before_json: null,
        after_json: JSON.stringify(after),
      });
      await db
        .insertInto("activity")
        .values([
          entry(DEMO_COMMUNITY_ID, activityActions.teamCreated, 30, { TeamName: "Support Team", Roles: ["Support"] }),
          entry(DEMO_COMMUNITY_ID, activityActions.tagCreated, 29, { TagName: "welcome" }),
          entry(DEMO_COMMUNITY_ID, activityActions.tagCreated, 28, { TagName: "rules" }),
          entry(GAMING_HUB_ID, activityActions.tagCreated, 20, { TagName: "server-ip" }),
        ])
        .execute();
    },
  },
  { name: "forms", run: seedDemoForms },
  { name: "panels", run: seedPanels },
  { name: "transcripts", run: (db) => seedDemoTranscripts(db) },
  // Every demo transcript gets its ticket and its activity, so Tickets, Statistics,
  // Transcripts and the activity log agree (server/tickets/demo-history.ts).
  { name: "ticket-history", run: async (db) => void (await seedDemoTicketHistory(db)) },
  // The help desk: the demo's Support Team answers tickets and keeps notes from the dashboard.
  {
    name: "helpdesk-permissions",
    run: async (db) => {
      const team = await db
        .selectFrom("teams")
        .select(["id", "permissions_json"])
        .where("guild_id", "=", DEMO_COMMUNITY_ID)
        .where("name", "=", "Support Team")
        .executeTakeFirst();
      if (!team) return;
      const permissions = { ...JSON.parse(team.permissions_json || "{}"), AnswerTicket: true, AnnotateTicket: true };
      await db
        .updateTable("teams")
        .set({ permissions_json: JSON.stringify(permissions) })
        .where("id", "=", team.id)
        .execute();
    },
  },
];

/** Runs the seed steps this database has not run yet; returns their names. */
export async function runSeeds(db: Db, steps: SeedStep[] = seedSteps): Promise<string[]> {
  const done = new Set((await db.selectFrom("meta").select("key").where("key", "like", "seed:%").execute()).map((r) => r.key));
  const ran: string[] = [];
  for (const step of steps) {
    const key = `seed:${step.name}`;
    if (done.has(key)) continue;
    const didRun = await db.transaction().execute(async (trx) => {
      // Several processes starting on one PostgreSQL at once: one runs the step, the others wait here, then find
      // it done (without the lock, the loser's meta insert fails and its start-up crashes).
      if (dialectOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
      if (await trx.selectFrom("meta").select("key").where("key", "=", key).executeTakeFirst()) return false;
      await step.run(trx);
      await trx.insertInto("meta").values({ key, value: new Date().toISOString() }).execute();
      return true;
    });
    if (didRun) ran.push(step.name);
  }
  return ran;
}

// `npm run seed`: migrate the configured database and run pending seed steps.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const config = loadConfig();
  const handle = createDatabase(config);
  try {
    await migrateToLatest(handle);
    const ran = await runSeeds(handle.db);
    console.log(
      ran.length ? `Seeded: ${ran.join(", ")} (${handle.location})` : `Nothing to seed: demo data already present (${handle.location})`,
    );
  } finally {
    await handle.destroy();
  }
}
