import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeReasonsSpec } from "../../src/schemas/close-reason";
import { guildLimitReached, guildLimits } from "../../src/schemas/limits";
import { authMessages } from "../../src/schemas/messages";
import {
  DEMO_ADMIN_ID,
  DEMO_COMMUNITY_ID,
  DEMO_STAFF_ID,
  DEMO_VISITOR_ID,
  GAMING_HUB_ID,
  type TestApp,
  bearer,
  createTestApp,
} from "./helpers";

// The server's resource engine (server/resources/): Close reasons exist only as their spec
// (src/schemas/close-reason.ts) and a registry line, and get guarded CRUD routes, guild scoping, revisions, unique
// names, a per-guild limit and activity entries; its table is made by its migration (tests/server/resource-tables.test.ts).

let t: TestApp;
let owner: string;
let staff: string;
let visitor: string;
const url = `/api/${DEMO_COMMUNITY_ID}/close-reasons`;
type Reason = { ReasonId: number; Label: string; Text: string; Position: number; Revision: number };

beforeAll(async () => {
  t = await createTestApp();
  [owner, staff, visitor] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID), t.signIn(DEMO_VISITOR_ID)]);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, token: string | null = owner, payload?: unknown) =>
  t.app.inject({ method, url: path, headers: token ? bearer(token) : {}, payload: payload as never, remoteAddress: "198.51.100.9" });
const rows = () => t.db.selectFrom("close_reasons").selectAll().orderBy("id").execute();
const lastActivity = () => t.db.selectFrom("activity").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();

describe("close reasons on the engine", () => {
  it("creates (201), lists in Position order, records the activity", async () => {
    expect((await call("GET", url)).json()).toEqual({ close_reasons: [] });
    const resolved = await call("POST", url, owner, { Label: "  Resolved ", Text: "Fixed.", Position: 2 });
    expect(resolved.statusCode).toBe(201);
    expect(resolved.json()).toEqual({
      message: "Close reason created",
      close_reason: { ReasonId: expect.any(Number), Label: "Resolved", Text: "Fixed.", Position: 2, Revision: 1 },
    });
    const entry = await lastActivity();
    expect(entry).toMatchObject({
      action: "Close Reason Created",
      guild_id: DEMO_COMMUNITY_ID,
      user_id: DEMO_ADMIN_ID,
      ip: "198.51.100.9",
    });
    expect(JSON.parse(entry.after_json!)).toEqual(resolved.json().close_reason);
    await call("POST", url, owner, { Label: "Duplicate" });
    const list = (await call("GET", url)).json().close_reasons as Reason[];
    expect(list.map((r) => [r.Label, r.Position, r.Text])).toEqual([
      ["Duplicate", 0, ""],
      ["Resolved", 2, "Fixed."],
    ]);
    // Another guild sees none of them; ?page gives a page with its total.
    expect((await call("GET", `/api/${GAMING_HUB_ID}/close-reasons`)).json()).toEqual({ close_reasons: [] });
    expect((await call("GET", `${url}?page=2&per_page=1`)).json()).toEqual({ close_reasons: [list[1]], total: 2, page: 2, per_page: 1 });
  });

  it("refuses bad input with the schema's messages and a clashing label (any case) with 409; nothing stored", async () => {
    const before = await rows();
    for (const [body, message] of [
      [{}, "Label is required"],
      [{ Label: "   " }, "Label is required"],
      [{ Label: "x".repeat(101) }, "Label must be at most 100 characters"],
      [{ Label: "ok", Text: "t".repeat(1001) }, "Text must be at most 1000 characters"],
      [{ Label: "ok", Position: -1 }, "Position must be at least 0"],
      [{ Label: "ok", Position: 1.5 }, "Position must be a whole number"],
    ] as const) {
      const res = await call("POST", url, owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const clash = await call("POST", url, owner, { Label: "RESOLVED" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error: 'A close reason labelled "RESOLVED" already exists' });
    expect(await rows()).toEqual(before);
  });

  it("updates with a revision: the current one wins, a stale one is refused (409) and changes nothing", async () => {
    const [first] = (await call("GET", url)).json().close_reasons as Reason[];
    const saved = await call("PUT", `${url}/${first.ReasonId}`, owner, {
      Label: "Duplicate ticket",
      Text: "Already reported",
      Position: 5,
      Revision: first.Revision,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().close_reason).toEqual({
      ReasonId: first.ReasonId,
      Label: "Duplicate ticket",
      Text: "Already reported",
      Position: 5,
      Revision: 2,
    });
    const activity = await lastActivity();
    expect(activity.action).toBe("Close Reason Updated");
    expect(JSON.parse(activity.before_json!)).toMatchObject({ Label: "Duplicate", Revision: 1 });
    expect(JSON.parse(activity.after_json!)).toMatchObject({ Label: "Duplicate ticket", Revision: 2 });
    const before = await rows();
    const stale = await call("PUT", `${url}/${first.ReasonId}`, owner, { Label: "Lost update", Revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(closeReasonsSpec.api.messages.stale);
    expect(await rows()).toEqual(before);
    // Renaming onto another reason's label is a clash too.
    expect((await call("PUT", `${url}/${first.ReasonId}`, owner, { Label: "resolved" })).statusCode).toBe(409);
  });

  it("two updates of one revision at once: exactly one wins, the other stores nothing", async () => {
    const [reason] = (await call("GET", url)).json().close_reasons as Reason[];
    const updates = () =>
      t.db
        .selectFrom("activity")
        .select(["before_json", "after_json"])
        .where("action", "=", "Close Reason Updated")
        .orderBy("id")
        .execute();
    const updatesBefore = (await updates()).length;
    const put = (label: string) => ({ Label: label, Text: reason.Text, Position: reason.Position, Revision: reason.Revision });
    const results = await Promise.all(["Race A", "Race B"].map((label) => call("PUT", `${url}/${reason.ReasonId}`, owner, put(label))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = results.find((r) => r.statusCode === 200)!;
    const winner = won === results[0] ? "Race A" : "Race B";
    expect(won.json()).toEqual({
      message: "Close reason updated",
      close_reason: { ...reason, Label: winner, Revision: reason.Revision + 1 },
    });
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({ error: closeReasonsSpec.api.messages.stale });
    // Stored: the winner's label, one revision on; one activity entry, the winner's.
    const stored = (await call("GET", url)).json().close_reasons.find((r: Reason) => r.ReasonId === reason.ReasonId);
    expect(stored).toEqual({ ...reason, Label: winner, Revision: reason.Revision + 1 });
    const entries = (await updates()).slice(updatesBefore);
    expect(entries.map((e) => [JSON.parse(e.before_json!).Label, JSON.parse(e.after_json!).Label])).toEqual([[reason.Label, winner]]);
  });

  it("404 across guilds and for ids that name nothing; deletes and records it", async () => {
    const [reason] = (await call("GET", url)).json().close_reasons as Reason[];
    for (const path of [
      `/api/${GAMING_HUB_ID}/close-reasons/${reason.ReasonId}`,
      `${url}/999999`,
      `${url}/abc`,
      `${url}/0`,
      `${url}/99999999999`,
    ]) {
      expect((await call("DELETE", path)).statusCode, path).toBe(404);
      expect((await call("PUT", path, owner, { Label: "x" })).statusCode, path).toBe(404);
    }
    const res = await call("DELETE", `${url}/${reason.ReasonId}`);
    expect(res.json()).toEqual({ message: "Close reason deleted" });
    expect((await lastActivity()).action).toBe("Close Reason Deleted");
    expect((await call("DELETE", `${url}/${reason.ReasonId}`)).statusCode).toBe(404);
  });

  it("anyone with access reads them; writing needs EditSettings; anonymous 401, Demo Visitor 403", async () => {
    expect((await call("GET", url, staff)).statusCode).toBe(200);
    for (const [method, path] of [
      ["GET", url],
      ["POST", url],
      ["PUT", `${url}/1`],
      ["DELETE", `${url}/1`],
    ] as const) {
      expect((await call(method, path, null, { Label: "x" })).statusCode).toBe(401);
      const refused = await call(method, path, visitor, { Label: "x" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(authMessages.accessDenied);
    }
    const before = await rows();
    for (const [method, path] of [
      ["POST", url],
      ["PUT", `${url}/1`],
      ["DELETE", `${url}/1`],
    ] as const) {
      expect((await call(method, path, staff, { Label: "staff" })).statusCode).toBe(403);
    }
    expect(await rows()).toEqual(before);
  });

  it("a guild holds at most its limit", async () => {
    const now = Date.now();
    const existing = (await rows()).filter((r) => r.guild_id === GAMING_HUB_ID).length;
    const fill = Array.from({ length: guildLimits.closeReasons - existing }, (_, i) => ({
      guild_id: GAMING_HUB_ID,
      label: `r${i}`,
      text: "",
      position: i,
      created_at: now,
      updated_at: now,
      revision: 1,
    }));
    await t.db
      .insertInto("close_reasons" as never)
      .values(fill as never)
      .execute();
    const res = await call("POST", `/api/${GAMING_HUB_ID}/close-reasons`, owner, { Label: "one more" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(guildLimitReached(guildLimits.closeReasons, "close reasons"));
  });
});
