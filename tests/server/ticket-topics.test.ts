import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrations } from "../../server/db/migrations/index";
import { driftOf, resourceMigration } from "../../server/resources/tables";
import { ticketTopicsSpec } from "../fixtures/ticket-topic";
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

// docs/adding-a-resource.md, followed literally, adds "Ticket topics" with its spec (tests/fixtures/ticket-topic.ts,
// what the guide has one write as src/schemas/ticket-topic.ts), one line in the shared registry — here the registry
// with that line added — and the migration `npm run new-resource-migration ticket-topics` writes from the spec
// (tests/fixtures/ticket-topic-migration.ts, here added to the migrations' list as the script adds its line).
// Everything else comes from the declaration: CRUD, validation, 404 across guilds, access per permission, activity
// entries, OpenAPI operations, and the export/import section.

vi.mock("../../src/schemas/resources", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/schemas/resources")>();
  const { ticketTopicsSpec } = await import("../fixtures/ticket-topic");
  const resourceSpecs = [...actual.resourceSpecs, ticketTopicsSpec];
  return { ...actual, resourceSpecs, allResourceSpecs: resourceSpecs };
});
vi.mock("../../server/db/migrations/index", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../server/db/migrations/index")>();
  const next = String(Math.max(...Object.keys(actual.migrations).map((name) => Number(name.slice(0, 3)))) + 1).padStart(3, "0");
  // The list is the one the migrator reads: the line the script adds to server/db/migrations/index.ts.
  actual.migrations[`${next}_ticket_topics`] = await import("../fixtures/ticket-topic-migration");
  return actual;
});

let t: TestApp;
let owner: string;
let staff: string;
let visitor: string;
const url = `/api/${DEMO_COMMUNITY_ID}/ticket-topics`;
type Topic = { TopicId: number; Name: string; Emoji: string; Description: string; Revision: number };

beforeAll(async () => {
  t = await createTestApp();
  [owner, staff, visitor] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID), t.signIn(DEMO_VISITOR_ID)]);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, token: string | null = owner, payload?: unknown) =>
  t.app.inject({ method, url: path, headers: token ? bearer(token) : {}, payload: payload as never });
// The table exists only in this suite (the fixture's): untyped here.
const rows = () =>
  (t.db as never as TestApp["db"])
    .selectFrom("ticket_topics" as never)
    .selectAll()
    .orderBy("id" as never)
    .execute() as Promise<Record<string, unknown>[]>;
const lastActivity = () => t.db.selectFrom("activity").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();

describe("Ticket topics, declared in one spec and one registry line", () => {
  it("its table is made by the migration the script writes from the spec, and is what the spec says", async () => {
    const names = Object.keys(migrations).filter((name) => !name.endsWith("_ticket_topics"));
    const written = resourceMigration(ticketTopicsSpec as never, driftOf(ticketTopicsSpec as never, undefined), names, "../../server/db");
    expect(written?.name).toBe(Object.keys(migrations).at(-1));
    expect(written?.source).toBe(fs.readFileSync(path.join(import.meta.dirname, "../fixtures/ticket-topic-migration.ts"), "utf8"));
    expect((await rows()).length).toBe(0);
  });

  it("CRUD with activity entries, in the declared order", async () => {
    const created = await call("POST", url, owner, { Name: " Billing ", Emoji: "💳", Description: "Invoices and refunds" });
    expect(created.statusCode, created.body).toBe(201);
    const topic = created.json().ticket_topic as Topic;
    expect(created.json()).toEqual({
      message: "Ticket topic created",
      ticket_topic: { TopicId: expect.any(Number), Name: "Billing", Emoji: "💳", Description: "Invoices and refunds", Revision: 1 },
    });
    expect(await lastActivity()).toMatchObject({ action: "Ticket Topic Created", guild_id: DEMO_COMMUNITY_ID, user_id: DEMO_ADMIN_ID });
    await call("POST", url, owner, { Name: "Account" });
    expect(((await call("GET", url)).json().ticket_topics as Topic[]).map((x) => [x.Name, x.Emoji])).toEqual([
      ["Account", ""],
      ["Billing", "💳"],
    ]);

    const saved = await call("PUT", `${url}/${topic.TopicId}`, owner, { Name: "Payments", Emoji: "💰", Description: "", Revision: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().ticket_topic).toMatchObject({ Name: "Payments", Emoji: "💰", Revision: 2 });
    expect(await lastActivity()).toMatchObject({ action: "Ticket Topic Updated" });
    expect((await call("PUT", `${url}/${topic.TopicId}`, owner, { Name: "Stale", Revision: 1 })).statusCode).toBe(409);

    const removed = await call("DELETE", `${url}/${topic.TopicId}`);
    expect(removed.json()).toEqual({ message: "Ticket topic deleted" });
    expect(await lastActivity()).toMatchObject({ action: "Ticket Topic Deleted" });
    expect((await rows()).map((r) => r.name)).toEqual(["Account"]);
  });

  it("refuses invalid bodies with 400 and the schema's message, storing nothing; a clash is 409", async () => {
    const before = await rows();
    for (const [body, message] of [
      [{}, "Name is required"],
      [{ Name: "  " }, "Name is required"],
      [{ Name: "x".repeat(81) }, "Name must be at most 80 characters"],
      [{ Name: "ok", Description: "d".repeat(301) }, "Description must be at most 300 characters"],
    ] as const) {
      const res = await call("POST", url, owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await call("POST", url, owner, { Name: "ACCOUNT" })).statusCode).toBe(409);
    expect(await rows()).toEqual(before);
  });

  it("is scoped to its guild (404 across guilds) and guarded per permission", async () => {
    const [account] = (await call("GET", url)).json().ticket_topics as Topic[];
    expect((await call("GET", `/api/${GAMING_HUB_ID}/ticket-topics`)).json()).toEqual({ ticket_topics: [] });
    expect((await call("PUT", `/api/${GAMING_HUB_ID}/ticket-topics/${account.TopicId}`, owner, { Name: "x" })).statusCode).toBe(404);
    expect((await call("DELETE", `/api/${GAMING_HUB_ID}/ticket-topics/${account.TopicId}`)).statusCode).toBe(404);
    // Staff read them (no list permission declared) but may not change them (EditSettings); a visitor has no access.
    expect((await call("GET", url, staff)).statusCode).toBe(200);
    expect((await call("POST", url, staff, { Name: "Staff" })).statusCode).toBe(403);
    expect((await call("GET", url, visitor)).statusCode).toBe(403);
    expect((await call("GET", url, null)).statusCode).toBe(401);
  });

  it("is in the OpenAPI document, with its operations, schemas and permissions", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const list = doc.paths["/{guildId}/ticket-topics"];
    const one = doc.paths["/{guildId}/ticket-topics/{topicId}"];
    expect(Object.keys(list).sort()).toEqual(["get", "post"]);
    expect(Object.keys(one).sort()).toEqual(["delete", "put"]);
    expect(list.post["x-permissions"]).toEqual(["EditSettings"]);
    expect(JSON.stringify(doc.components.schemas.TicketTopics ?? doc.components.schemas.TicketTopicsInput)).toContain("Emoji");
  });

  it("travels in the configuration file: export includes it, import restores it", async () => {
    const exported = await call("GET", `/api/${DEMO_COMMUNITY_ID}/config/export`);
    expect(exported.statusCode).toBe(200);
    const file = exported.json();
    expect(file.ticket_topics).toEqual([{ Name: "Account", Emoji: "", Description: "" }]);
    // A file with only this section (the others are left as they are).
    const { format, version, exported_at, source_guild } = file;
    const config = {
      format,
      version,
      exported_at,
      source_guild,
      ticket_topics: [{ Name: "Shipping", Emoji: "📦", Description: "Where is my parcel" }, ...file.ticket_topics],
    };
    const preview = await call("POST", `/api/${GAMING_HUB_ID}/config/import/preview`, owner, { config });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().sections.find((s: { section: string }) => s.section === "ticket_topics")).toMatchObject({
      label: "Ticket Topics",
      present: true,
      deletes: 0,
      creates: 2,
    });
    const imported = await call("POST", `/api/${GAMING_HUB_ID}/config/import`, owner, { config });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(
      ((await call("GET", `/api/${GAMING_HUB_ID}/ticket-topics`)).json().ticket_topics as Topic[]).map((x) => [
        x.Name,
        x.Emoji,
        x.Description,
      ]),
    ).toEqual([
      ["Account", "", ""],
      ["Shipping", "📦", "Where is my parcel"],
    ]);
    // The source is untouched.
    expect(((await call("GET", url)).json().ticket_topics as Topic[]).map((x) => x.Name)).toEqual(["Account"]);
  });
});
