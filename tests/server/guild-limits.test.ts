import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guildLimitReached, guildLimits } from "../../src/schemas/limits";
import { DEMO_ADMIN_ID, GAMING_HUB_ID, type TestApp, bearer, createTestApp } from "./helpers";

// Every configuration list the dashboard loads whole is bounded: a server holds at most guildLimits of each, a
// create past the limit is refused (409) and stores nothing, and a configuration file cannot hold more either.

let t: TestApp;
let token: string;
const G = GAMING_HUB_ID;
const now = Date.now();

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  token = await t.signIn(DEMO_ADMIN_ID);
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, payload: unknown) =>
  t.app.inject({ method: "POST", url: `/api/${G}/${path}`, headers: bearer(token), payload: payload as object });
const count = async (table: "tags" | "forms" | "teams" | "panels" | "blacklist") =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("guild_id", "=", G)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function fill<T extends object>(table: "tags" | "forms" | "teams" | "panels" | "blacklist", n: number, row: (i: number) => T) {
  const rows = Array.from({ length: n }, (_, i) => row(i));
  for (let i = 0; i < rows.length; i += 100)
    await t.db
      .insertInto(table)
      .values(rows.slice(i, i + 100) as never)
      .execute();
}

async function expectRefused(path: string, payload: unknown, table: Parameters<typeof count>[0], limit: number, things: string) {
  const before = await count(table);
  expect(before).toBe(limit);
  const res = await post(path, payload);
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().error).toBe(guildLimitReached(limit, things));
  expect(await count(table)).toBe(before);
}

describe("per-server limits", () => {
  it("a configuration file holding more than a server may is refused before anything changes", async () => {
    const file = (await t.app.inject({ method: "GET", url: `/api/${G}/config/export`, headers: bearer(token) })).json();
    const tooMany = { ...file, tags: Array.from({ length: guildLimits.tags + 1 }, (_, i) => ({ TagName: `t${i}`, Content: "c" })) };
    const res = await post("config/import/preview", { config: tooMany });
    expect(res.statusCode).toBe(400);
  });

  it("tags", async () => {
    await fill("tags", guildLimits.tags, (i) => ({ id: randomUUID(), guild_id: G, name: `tag-${i}`, content: "c", created_at: now }));
    await expectRefused("tags", { TagName: "one-more", Content: "x" }, "tags", guildLimits.tags, "tags");
  });

  it("forms", async () => {
    await fill("forms", guildLimits.forms, (i) => ({ guild_id: G, name: `form-${i}`, created_at: now, updated_at: now }));
    await expectRefused("forms", { FormName: "one more", fields: [{ Label: "Q" }] }, "forms", guildLimits.forms, "forms");
  });

  it("staff teams", async () => {
    await fill("teams", guildLimits.teams, (i) => ({ guild_id: G, name: `team-${i}`, permissions_json: "{}", created_at: now }));
    await expectRefused("teams", { team_name: "one more", roles: [] }, "teams", guildLimits.teams, "staff teams");
  });

  it("blacklist entries", async () => {
    await fill("blacklist", guildLimits.blacklist, (i) => ({
      guild_id: G,
      kind: "User",
      target_id: String(900000000000000000n + BigInt(i + 10)),
      reason: "",
      created_at: now,
    }));
    await expectRefused(
      "blacklist",
      { Kind: "User", TargetId: "911111111111111111", Reason: "" },
      "blacklist",
      guildLimits.blacklist,
      "blacklist entries",
    );
  });

  it("panels and multi-panels, each kind on its own", async () => {
    const data = JSON.stringify({});
    await fill("panels", guildLimits.panels, (i) => ({
      guild_id: G,
      kind: "single",
      name: `p-${i}`,
      form_id: null,
      team_id: null,
      data_json: data,
      message_id: null,
      revision: 1,
      created_at: now,
      updated_at: now,
    }));
    const single = {
      SinglePanel: {
        PanelName: "one more",
        PanelMessage: { PanelChannel: "823456789012345714", PanelTitle: "Help" },
        WelcomeMessage: { WelcomeTitle: "Hi" },
      },
    };
    const res = await post("panels", single);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toBe(guildLimitReached(guildLimits.panels, "panels"));
    const singles = await t.db
      .selectFrom("panels")
      .select("id")
      .where("guild_id", "=", G)
      .where("kind", "=", "single")
      .orderBy("id")
      .limit(2)
      .execute();
    await fill("panels", guildLimits.multiPanels, (i) => ({
      guild_id: G,
      kind: "multi",
      name: `m-${i}`,
      form_id: null,
      team_id: null,
      data_json: data,
      message_id: null,
      revision: 1,
      created_at: now,
      updated_at: now,
    }));
    const multi = await post("panels", {
      MultiPanel: { PanelChannelId: "823456789012345714", Panels: singles.map((p) => String(p.id)), PanelTitle: "More" },
    });
    expect(multi.statusCode, multi.body).toBe(409);
    expect(multi.json().error).toBe(guildLimitReached(guildLimits.multiPanels, "multi-panels"));
  });
});
