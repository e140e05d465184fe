import { beforeEach, describe, expect, it } from "vitest";
import { bulkIdsMax, bulkMessages } from "../../src/schemas/bulk";
import { emptyField } from "../../src/schemas/form";
import { noPermissions } from "../../src/schemas/team";
import { DEMO_COMMUNITY_ID, GAMING_HUB_ID, type Json, apiOn, appForSuite } from "./helpers";

// The grid's bulk actions on the server: one request, every row checked (guild, permission), all or nothing, one
// activity entry, and an Undo that puts the rows back exactly.
describe("bulk actions of a generated resource (tags)", () => {
  const suite = appForSuite();
  const api = apiOn(() => suite.t);
  const url = (guild = DEMO_COMMUNITY_ID) => `/api/${guild}/tags`;
  const bulk = (body: unknown, who = "admin", guild = DEMO_COMMUNITY_ID) => api("POST", `${url(guild)}/bulk`, suite.tokens[who], body);
  const tagRows = () => suite.t.db.selectFrom("tags").selectAll().orderBy("guild_id").orderBy("created_at").orderBy("id").execute();
  const activityCount = async () => (await suite.t.db.selectFrom("activity").select("id").execute()).length;
  const setSupportPermissions = (permissions: Record<string, boolean>) =>
    suite.t.db
      .updateTable("teams")
      .set({ permissions_json: JSON.stringify({ ...noPermissions(), ...permissions }) })
      .where("guild_id", "=", DEMO_COMMUNITY_ID)
      .where("name", "=", "Support Team")
      .execute();
  const makeTags = async (prefix: string, n: number, guild = DEMO_COMMUNITY_ID) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await api("POST", url(guild), suite.tokens.admin, { TagName: `${prefix}-${i}`, Content: `content ${i}` });
      expect(res.status).toBe(201);
      ids.push(res.body.tag.TagId);
    }
    return ids;
  };

  beforeEach(async () => {
    await setSupportPermissions({ ViewTag: true, CreateTag: true, DeleteTag: true });
  });

  it("deletes the selected tags in one request, with one activity entry naming the count", async () => {
    const ids = await makeTags("bulk", 3);
    const entries = await activityCount();
    const res = await bulk({ action: "delete", ids });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 3, message: "Deleted 3 tags" });
    expect([...res.body.ids].sort()).toEqual([...ids].sort());
    expect(res.body.undoToken).toMatch(/^[\w-]{40,}$/);
    const left = (await tagRows()).map((r) => r.id);
    for (const id of ids) expect(left).not.toContain(id);
    expect(await activityCount()).toBe(entries + 1);
    const entry = await suite.t.db.selectFrom("activity").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ guild_id: DEMO_COMMUNITY_ID, action: "Tags Deleted" });
    const before = JSON.parse(entry.before_json!);
    expect(before.Count).toBe(3);
    expect(before.tags.map((t: Json) => t.TagName)).toEqual(["bulk-0", "bulk-1", "bulk-2"]);
  });

  it("refuses ids of another server: nothing is deleted anywhere", async () => {
    const mine = await makeTags("mine", 2);
    const [foreign] = await makeTags("foreign", 1, GAMING_HUB_ID);
    const rows = await tagRows();
    const entries = await activityCount();
    const res = await bulk({ action: "delete", ids: [...mine, foreign] });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("Tag not found");
    // The other server's own route does not take this server's ids either.
    const there = await bulk({ action: "delete", ids: [foreign, mine[0]] }, "admin", GAMING_HUB_ID);
    expect(there.status).toBe(404);
    expect(await tagRows()).toEqual(rows);
    expect(await activityCount()).toBe(entries);
  });

  it("403 for a member without the delete permission (or, for a restore, the create permission), nothing changed", async () => {
    const ids = await makeTags("perm", 2);
    await setSupportPermissions({ ViewTag: true, CreateTag: true });
    const rows = await tagRows();
    const entries = await activityCount();
    const refused = await bulk({ action: "delete", ids }, "staff");
    expect(refused.status).toBe(403);
    expect(await bulk({ action: "delete", ids }, "visitor")).toMatchObject({ status: 403 });
    expect(await tagRows()).toEqual(rows);
    expect(await activityCount()).toBe(entries);

    await setSupportPermissions({ ViewTag: true, DeleteTag: true });
    const deleted = await bulk({ action: "delete", ids }, "staff");
    expect(deleted.status).toBe(200);
    const restore = await bulk({ action: "restore", token: deleted.body.undoToken }, "staff");
    expect(restore.status).toBe(403);
    expect((await tagRows()).filter((r) => ids.includes(r.id))).toEqual([]);
  });

  it("restore brings back identical rows (ids, fields, times, order), once, and only for whoever deleted them", async () => {
    const ids = await makeTags("undo", 3);
    const rows = await tagRows();
    const list = (await api("GET", url(), suite.tokens.admin)).body.tags;
    const deleted = await bulk({ action: "delete", ids: [ids[2], ids[0], ids[1]] });
    expect(deleted.status).toBe(200);
    const token = deleted.body.undoToken;
    // Another member with the same permissions, or another server, cannot use the token.
    expect((await bulk({ action: "restore", token }, "staff")).status).toBe(410);
    expect((await bulk({ action: "restore", token }, "admin", GAMING_HUB_ID)).status).toBe(410);
    const entries = await activityCount();
    const restored = await bulk({ action: "restore", token });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ count: 3, message: "Restored 3 tags" });
    expect(await tagRows()).toEqual(rows);
    expect((await api("GET", url(), suite.tokens.admin)).body.tags).toEqual(list);
    expect(await activityCount()).toBe(entries + 1);
    const entry = await suite.t.db.selectFrom("activity").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry.action).toBe("Tags Restored");
    expect(JSON.parse(entry.after_json!).Count).toBe(3);
    const again = await bulk({ action: "restore", token });
    expect(again).toMatchObject({ status: 410, body: { error: bulkMessages.undoExpired } });
    expect(await tagRows()).toEqual(rows);
  });

  it("restore is checked again: a name taken since refuses it and nothing comes back", async () => {
    const ids = await makeTags("taken", 2);
    const deleted = await bulk({ action: "delete", ids });
    await makeTags("taken", 1);
    const rows = await tagRows();
    const res = await bulk({ action: "restore", token: deleted.body.undoToken });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain("taken-0");
    expect(await tagRows()).toEqual(rows);
  });

  it(`caps a request at ${bulkIdsMax} ids and refuses a forged body, nothing changed`, async () => {
    const rows = await tagRows();
    const tooMany = Array.from({ length: bulkIdsMax + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const res = await bulk({ action: "delete", ids: tooMany });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(bulkMessages.tooMany);
    for (const body of [
      { action: "delete", ids: [] },
      { action: "explode", ids: [rows[0].id] },
      { action: "restore", token: "short" },
      { action: "restore", rows: [{ TagId: rows[0].id }] },
      { action: "delete", allMatching: { TagName: 5 } },
      { action: "delete", ids: [rows[0].id], allMatching: {} },
      { action: "delete" },
    ])
      expect((await bulk(body)).status, JSON.stringify(body)).toBe(400);
    expect(await tagRows()).toEqual(rows);
  });

  it("deletes every tag matching the list's filter (allMatching)", async () => {
    await makeTags("match", 1);
    const res = await bulk({ action: "delete", allMatching: { TagName: "match-0" } });
    expect(res).toMatchObject({ status: 200, body: { count: 1 } });
    expect((await tagRows()).some((r) => r.name === "match-0")).toBe(false);
  });
});

describe("bulk delete of forms (a declared resource) and its Undo", () => {
  const suite = appForSuite();
  const api = apiOn(() => suite.t);
  const url = `/api/${DEMO_COMMUNITY_ID}/forms`;
  const snapshot = async () => ({
    forms: await suite.t.db.selectFrom("forms").selectAll().orderBy("id").execute(),
    fields: await suite.t.db.selectFrom("form_fields").selectAll().orderBy("id").execute(),
  });
  const makeForm = async (name: string) => {
    const res = await api("POST", url, suite.tokens.admin, {
      FormName: name,
      fields: ["First", "Second"].map((Label) => ({ ...emptyField(), Label })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.FormId as number;
  };

  it("deletes unused forms with their fields, refuses a form a panel uses, and Undo puts them back exactly", async () => {
    const ids = [await makeForm("Bulk A"), await makeForm("Bulk B")];
    const before = await snapshot();
    const used = await suite.t.db
      .selectFrom("panels")
      .select("form_id")
      .where("guild_id", "=", DEMO_COMMUNITY_ID)
      .where("form_id", "is not", null)
      .executeTakeFirstOrThrow();
    const refused = await api("POST", `${url}/bulk`, suite.tokens.admin, { action: "delete", ids: [...ids, used.form_id] });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain("used by the panel");
    expect(await snapshot()).toEqual(before);

    const deleted = await api("POST", `${url}/bulk`, suite.tokens.admin, { action: "delete", ids });
    expect(deleted).toMatchObject({ status: 200, body: { count: 2, message: "Deleted 2 forms" } });
    const gone = await snapshot();
    expect(gone.forms.some((f) => ids.includes(f.id))).toBe(false);
    expect(gone.fields.some((f) => ids.includes(f.form_id))).toBe(false);
    const entry = await suite.t.db.selectFrom("activity").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry.action).toBe("Forms Deleted");
    expect(JSON.parse(entry.before_json!).Count).toBe(2);

    const restored = await api("POST", `${url}/bulk`, suite.tokens.admin, { action: "restore", token: deleted.body.undoToken });
    expect(restored).toMatchObject({ status: 200, body: { count: 2 } });
    expect(await snapshot()).toEqual(before);
  });
});
