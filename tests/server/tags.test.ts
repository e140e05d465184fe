import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tagMessages } from "../../src/schemas/messages";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, GAMING_HUB_ID, type TestApp, bearer, createTestApp } from "./helpers";

describe("tags", () => {
  let t: TestApp;
  let token: string;
  const url = `/api/${DEMO_COMMUNITY_ID}/tags`;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.signIn(DEMO_ADMIN_ID);
  });
  afterAll(async () => {
    await t?.close();
  });

  const counts = async () => ({
    tags: (await t.db.selectFrom("tags").select("id").execute()).length,
    activity: (await t.db.selectFrom("activity").select("id").execute()).length,
  });
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { ...bearer(token), ...headers },
      payload: payload as object,
      remoteAddress: "203.0.113.7",
    });

  let before: { tags: number; activity: number };
  beforeEach(async () => {
    before = await counts();
  });

  it("lists the seeded tags of the guild only", async () => {
    const res = await t.app.inject({ method: "GET", url, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const names = res.json().tags.map((x: { TagName: string }) => x.TagName);
    expect(names).toEqual(["welcome", "rules", "refund-policy", "escalate"]);
    for (const tag of res.json().tags) expect(tag.TagId).toMatch(/^[0-9a-f-]{36}$/);
  });

  const invalid: [string, unknown, string][] = [
    ["empty name", { TagName: "", Content: "x" }, tagMessages.nameRequired],
    ["blank name", { TagName: "   ", Content: "x" }, tagMessages.nameRequired],
    ["missing name", { Content: "x" }, tagMessages.nameRequired],
    ["name too long", { TagName: "n".repeat(256), Content: "x" }, tagMessages.nameTooLong],
    ["empty content", { TagName: "n", Content: "" }, tagMessages.contentRequired],
    ["missing content", { TagName: "n" }, tagMessages.contentRequired],
    ["content too long", { TagName: "n", Content: "c".repeat(2049) }, tagMessages.contentTooLong],
    ["both missing", {}, `${tagMessages.nameRequired}, ${tagMessages.contentRequired}`],
    ["wrong types", { TagName: 5, Content: true }, `${tagMessages.nameRequired}, ${tagMessages.contentRequired}`],
  ];
  for (const [name, payload, message] of invalid) {
    it(`400 for ${name}, nothing stored`, async () => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
      expect(await counts()).toEqual(before);
    });
  }

  it("400 for a body that is not JSON, nothing stored", async () => {
    const res = await post("{not json", { "content-type": "application/json" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTypeOf("string");
    const empty = await t.app.inject({ method: "POST", url, headers: bearer(token) });
    expect(empty.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("stores a valid tag (trimmed, limits inclusive) and records the activity with the IP", async () => {
    const name = "n".repeat(255);
    const content = "c".repeat(2048);
    const res = await post({ TagName: `  ${name} `, Content: content });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBeTypeOf("string");
    const list = (await t.app.inject({ method: "GET", url, headers: bearer(token) })).json().tags;
    const tag = list.find((x: { TagName: string }) => x.TagName === name);
    expect(tag).toMatchObject({ TagName: name, Content: content });
    const entry = await t.db.selectFrom("activity").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      guild_id: DEMO_COMMUNITY_ID,
      user_id: DEMO_ADMIN_ID,
      username: "Demo Admin",
      action: "Tag Created",
      ip: "203.0.113.7",
    });
    expect(Math.abs(entry.timestamp - Date.now() / 1000)).toBeLessThan(10);
    expect(JSON.parse(entry.after_json!)).toMatchObject({ TagId: tag.TagId, TagName: name });
  });

  it("409 for a name already used in the guild (any case), allowed in another guild", async () => {
    const res = await post({ TagName: "WELCOME", Content: "again" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain("WELCOME");
    expect(await counts()).toEqual(before);
    const other = await t.app.inject({
      method: "POST",
      url: `/api/${GAMING_HUB_ID}/tags`,
      headers: bearer(token),
      payload: { TagName: "welcome", Content: "hi" },
    });
    expect(other.statusCode).toBe(201);
  });

  it("deletes a tag, records it, and 404s for unknown or foreign tags", async () => {
    const created = await post({ TagName: "to-delete", Content: "bye" });
    const tagId = created.json().tag.TagId;
    const foreign = await t.app.inject({ method: "DELETE", url: `/api/${GAMING_HUB_ID}/tags/${tagId}`, headers: bearer(token) });
    expect(foreign.statusCode).toBe(404);
    const res = await t.app.inject({ method: "DELETE", url: `${url}/${tagId}`, headers: bearer(token), remoteAddress: "198.51.100.2" });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeTypeOf("string");
    expect(await t.db.selectFrom("tags").select("id").where("id", "=", tagId).executeTakeFirst()).toBeUndefined();
    const entry = await t.db.selectFrom("activity").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: "Tag Deleted", ip: "198.51.100.2" });
    expect(JSON.parse(entry.before_json!)).toMatchObject({ TagId: tagId, TagName: "to-delete", Content: "bye" });

    const again = await t.app.inject({ method: "DELETE", url: `${url}/${tagId}`, headers: bearer(token) });
    expect(again.statusCode).toBe(404);
    const garbage = await t.app.inject({ method: "DELETE", url: `${url}/not-a-uuid`, headers: bearer(token) });
    expect(garbage.statusCode).toBe(404);
  });
});
