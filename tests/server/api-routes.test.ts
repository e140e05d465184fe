import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiOf } from "../../server/http/openapi";
import { routeListMarkdown } from "../../server/http/support/openapi/route-list";
import { type TestApp, createTestApp } from "./helpers";

// docs/api-routes.md is generated from the OpenAPI document (scripts/api-routes.ts): this fails when a route was
// added, removed or changed without writing it again.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await t.app.ready();
});
afterAll(async () => {
  await t?.close();
});

describe("docs/api-routes.md", () => {
  it("is the route table of the current OpenAPI document (npx tsx scripts/api-routes.ts writes it)", () => {
    const file = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/api-routes.md"), "utf8");
    expect(file).toBe(routeListMarkdown(openApiOf(t.app).document));
    expect(file).toContain("| PATCH /{guildId}/forms/{formId}/fields/{fieldId}/position | EditForm; key: config:write | Move a field |");
  });
});
