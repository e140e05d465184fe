import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenApiDocument } from "../../server/http/support/openapi/document";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, GAMING_HUB_ID, type TestApp, bearer, createTestApp } from "./helpers";

// The list route the resource engine generates (server/resources/routes.ts) sorts by one of the spec's fields and
// filters by equality on its input fields — the parameters the dashboard's data provider sends for refine's sorters
// and filters (resourceListParams in src/schemas/resource-spec.ts) — besides its pages; all of it in the OpenAPI
// document.

let t: TestApp;
let owner: string;
const reasons = `/api/${DEMO_COMMUNITY_ID}/close-reasons`;
const blacklist = `/api/${DEMO_COMMUNITY_ID}/blacklist`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn(DEMO_ADMIN_ID);
  for (const [Label, Position] of [
    ["Resolved", 2],
    ["Duplicate", 0],
    ["Spam", 2],
    ["Answered", 1],
  ] as const) {
    expect((await call("POST", reasons, { Label, Position })).statusCode).toBe(201);
  }
  expect((await call("POST", `/api/${GAMING_HUB_ID}/close-reasons`, { Label: "Elsewhere", Position: 2 })).statusCode).toBe(201);
  expect((await call("POST", blacklist, { Kind: "User", TargetId: "555555555555555555" })).statusCode).toBe(201);
  expect((await call("POST", blacklist, { Kind: "Role", TargetId: "812345678901234604" })).statusCode).toBe(201);
  expect((await call("POST", blacklist, { Kind: "User", TargetId: "555555555555555556", Reason: "Raids" })).statusCode).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: "GET" | "POST", path: string, payload?: unknown) =>
  t.app.inject({ method, url: path, headers: bearer(owner), payload: payload as never });
const labels = async (query: string) =>
  ((await call("GET", `${reasons}${query}`)).json().close_reasons as { Label: string }[]).map((r) => r.Label);

describe("a generated list route: sort, order and equality filters", () => {
  it("keeps the spec's order without them (Position, then the id)", async () => {
    expect(await labels("")).toEqual(["Duplicate", "Answered", "Resolved", "Spam"]);
  });

  it("sorts by one field, ascending by default or descending, equal values by id", async () => {
    expect(await labels("?sort=Label")).toEqual(["Answered", "Duplicate", "Resolved", "Spam"]);
    expect(await labels("?sort=Label&order=desc")).toEqual(["Spam", "Resolved", "Duplicate", "Answered"]);
    expect(await labels("?sort=Position&order=desc")).toEqual(["Resolved", "Spam", "Answered", "Duplicate"]);
    expect(await labels("?sort=ReasonId&order=desc")).toEqual(["Answered", "Spam", "Duplicate", "Resolved"]);
  });

  it("filters by equality on input fields (text exactly, numbers as numbers), in the guild only, and pages the result with its total", async () => {
    expect(await labels("?Position=2")).toEqual(["Resolved", "Spam"]);
    expect(await labels("?Label=Spam")).toEqual(["Spam"]);
    expect(await labels("?Label=spam")).toEqual([]);
    expect(await labels("?Position=2&Label=Spam")).toEqual(["Spam"]);
    const page = (await call("GET", `${reasons}?Position=2&sort=Label&order=desc&page=2&per_page=1`)).json();
    expect(page).toMatchObject({ close_reasons: [{ Label: "Resolved" }], total: 2, page: 2, per_page: 1 });
  });

  it("filters an enum field and sorts by the computed creation time (blacklist)", async () => {
    const targets = async (query: string) =>
      ((await call("GET", `${blacklist}${query}`)).json().blacklist as { TargetId: string }[]).map((e) => e.TargetId);
    expect(await targets("?Kind=User&sort=CreatedAt&order=asc")).toEqual(["555555555555555555", "555555555555555556"]);
    expect(await targets("?Kind=Role")).toEqual(["812345678901234604"]);
    expect(await targets("?Reason=Raids")).toEqual(["555555555555555556"]);
  });

  it("refuses a field it cannot sort by, an unknown order and a filter value of the wrong type (400), and ignores unknown parameters", async () => {
    for (const query of ["?sort=Nope", "?sort=Label&order=up", "?Position=two", "?sort=guild_id"]) {
      const answer = await call("GET", `${reasons}${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error).toEqual(expect.any(String));
    }
    expect(await labels("?Nope=1")).toEqual(["Duplicate", "Answered", "Resolved", "Spam"]);
  });

  it("documents the parameters in the OpenAPI document", async () => {
    await t.app.ready();
    const doc = t.app.swagger() as unknown as OpenApiDocument;
    const op = (
      doc.paths["/{guildId}/close-reasons"] as Record<string, { parameters?: { name: string; in: string; schema?: { enum?: string[] } }[] }>
    ).get;
    const query = Object.fromEntries((op.parameters ?? []).filter((p) => p.in === "query").map((p) => [p.name, p.schema]));
    expect(Object.keys(query).sort()).toEqual(["Label", "Position", "Text", "order", "page", "per_page", "sort"]);
    expect(query.sort?.enum).toEqual(["ReasonId", "Label", "Text", "Position"]);
    expect(query.order?.enum).toEqual(["asc", "desc"]);
  });
});
