import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SUPPORT_ROLE_ID } from "../../../server/platform/demo-fixtures";
import { type TestApp, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, bearer, createTestApp } from "../helpers";

// Each step reads what it needs once and hands it on (docs/ticket-engine.md): the statements a panel click and a
// dashboard reply send to the database are counted by table — the server's settings, the ticket rows, the staff
// teams (a member's access).

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
let t: TestApp;
let staff: string;
let counting = false;
const reads = { settings: 0, tickets: 0, teams: 0 };

/** A select reading `table` (Kysely quotes every table name it writes). */
const readsTable = (text: string, table: string) => /^\s*select\b/i.test(text) && text.includes(`from "${table}"`);

function onQuery(text: string) {
  if (!counting) return;
  if (readsTable(text, "guild_settings")) reads.settings++;
  // Rows, not the open limit's count (made inside the open's transaction, on purpose).
  if (readsTable(text, "tickets") && !/^\s*select count\(/i.test(text)) reads.tickets++;
  if (readsTable(text, "teams")) reads.teams++;
}

/** The reads `work` makes. */
async function counted(work: () => Promise<unknown>) {
  Object.assign(reads, { settings: 0, tickets: 0, teams: 0 });
  counting = true;
  try {
    await work();
  } finally {
    counting = false;
  }
  return { ...reads };
}

const staffMember = {
  user: { id: DEMO_STAFF_ID, username: "Demo Staff", global_name: null, avatar: null, discriminator: "0" },
  roles: [DEMO_SUPPORT_ROLE_ID],
  permissions: "0",
  nick: null,
};

/** A click on a panel's button, as Discord delivers it. */
const panelClick = (panelId: number) => ({
  type: 3,
  id: "1",
  application_id: "1",
  token: "x",
  version: 1,
  guild_id: G,
  channel: { id: SUPPORT_CHANNEL, type: 0 },
  channel_id: SUPPORT_CHANNEL,
  member: staffMember,
  message: { id: "1" },
  data: { custom_id: `panel:${panelId}`, component_type: 2 },
});

beforeAll(async () => {
  t = await createTestApp({ onQuery });
  staff = await t.signIn(DEMO_STAFF_ID);
});
afterAll(async () => {
  await t?.close();
});

describe("what a step reads", () => {
  it("a panel click reads the server's settings once and no ticket row", async () => {
    const panel = await t.db
      .selectFrom("panels")
      .select("id")
      .where("guild_id", "=", G)
      .where("name", "=", "General Support")
      .executeTakeFirstOrThrow();
    let answer: unknown;
    const count = await counted(async () => (answer = await t.app.discord.router.handle(panelClick(panel.id) as never)));
    expect(answer).toMatchObject({ kind: "message", ok: true });
    // The settings the router reads for the bot's language go to the step; the open's rules read no ticket row.
    expect(count).toEqual({ settings: 1, tickets: 0, teams: 1 });
  });

  it("a dashboard reply reads the ticket row once and works out the member's access once", async () => {
    const row = await t.db
      .selectFrom("tickets")
      .select("number")
      .where("guild_id", "=", G)
      .where("status", "=", "open")
      .orderBy("number", "desc")
      .executeTakeFirstOrThrow();
    let status = 0;
    const count = await counted(async () => {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/${G}/tickets/${row.number}/reply`,
        headers: bearer(staff),
        payload: { content: "On it." },
      });
      status = res.statusCode;
    });
    expect(status).toBe(200);
    // The route reads the row (is its panel visible to the caller?) and hands it to the step, which answers with the row
    // it wrote; the guard's access (the caller's teams) goes with the member. The settings: TranscriptsPanelPermission.
    expect(count).toEqual({ settings: 1, tickets: 1, teams: 1 });
  });
});
