import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toEndpoint, toNavEntries, toRefineResources } from "../../../src/resources/engine/derive";
import { toEditorSchema } from "../../../src/resources/engine/form/editor-schema";
import { toResourceRoutes } from "../../../src/resources/engine/routes";
import { findDeclaration, resourceDeclarations } from "../../../src/resources/registry";
import { closeReasonInputSchema, closeReasonsSpec } from "../../../src/schemas/close-reason";

// The promise of both engines (docs/adding-a-resource.md): Close reasons were added as their spec
// (src/schemas/close-reason.ts, with its UI hints), one line in the shared registry (src/schemas/resources.ts), the
// migration `npm run new-resource-migration close-reasons` wrote from the spec, and their translations. If adding
// them had needed any other file — a migration written by hand, a route file, the API document, the app's wiring, the
// dashboard's engine, router, sidebar or providers — this test fails.

const root = path.resolve(import.meta.dirname, "../../..");
const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [full] : [];
  });
}

/** Places that make a resource exist: none may name close reasons. (Features that use them may: the bot's /close,
 * the ticket screens' close dialog.) */
const machinery = [
  "server/app.ts",
  "server/db",
  "server/http",
  "server/resources",
  "src/App.tsx",
  "src/main.tsx",
  "src/providers",
  "src/shell",
  "src/resources/engine",
  "src/ui",
];
// The resource's names (a ticket's own "close_reason" column is another thing).
const mentionsCloseReasons = (text: string) =>
  /closeReasons|close-reasons|close_reasons|closeReason(Input|Schema|Spec)\b|Close Reasons/.test(text);

describe("Close reasons were added as a spec and one registry line", () => {
  it("no part of either engine, the app's wiring or the API document names them; the migrations only by what the script wrote", () => {
    const files = machinery.flatMap((entry) => {
      const full = path.join(root, entry);
      return fs.statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
    const mentions = files.filter((file) => mentionsCloseReasons(fs.readFileSync(file, "utf8"))).map(rel);
    // Only the migration the script wrote, and the line it added to the migrations' list.
    const written = mentions.filter((file) => /^server\/db\/migrations\/\d{3}_close_reasons\.ts$/.test(file));
    expect(written).toHaveLength(1);
    expect(fs.readFileSync(path.join(root, written[0]), "utf8")).toContain("`npm run new-resource-migration close-reasons`");
    expect(mentions).toEqual([written[0], "server/db/migrations/index.ts"]);
    const name = written[0].slice("server/db/migrations/".length, -3);
    const index = fs.readFileSync(path.join(root, "server/db/migrations/index.ts"), "utf8").split("\n").filter(mentionsCloseReasons);
    expect(index.map((line) => line.trim())).toEqual([
      `import * as m${name.slice(0, 3)} from "./${name}";`,
      `"${name}": m${name.slice(0, 3)},`,
    ]);
  });

  it("the shared registry holds one import and one entry", () => {
    const lines = (file: string) =>
      fs
        .readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .filter((line) => mentionsCloseReasons(line) && !line.trim().startsWith("//"))
        .map((line) => line.trim());
    expect(lines("src/schemas/resources.ts")).toEqual(['import { closeReasonsSpec } from "./close-reason";', "closeReasonsSpec,"]);
  });

  it("the dashboard derives its route, refine resource, sidebar entry, endpoint, permissions and editor from the spec", () => {
    const declaration = findDeclaration("close-reasons")!;
    expect(declaration.screen).toBeUndefined();
    expect(declaration.permissions).toBe(closeReasonsSpec.permissions);
    expect(toRefineResources(resourceDeclarations)).toContainEqual(
      expect.objectContaining({ name: "close-reasons", list: "/:guildId/close-reasons", meta: { label: "Close Reasons" } }),
    );
    expect(toNavEntries(resourceDeclarations, "812345678901234567").find((e) => e.resource === "close-reasons")).toMatchObject({
      label: "Close Reasons",
      to: "/812345678901234567/close-reasons",
    });
    expect(toResourceRoutes(resourceDeclarations).map((r) => r.path)).toContain("close-reasons/*");
    // …with the list route's sort and filter parameters, named once for both sides (resourceListParams).
    expect(toEndpoint(declaration)).toEqual({
      path: "close-reasons",
      listKey: "close_reasons",
      oneKey: "close_reason",
      idKey: "ReasonId",
      list: {
        sort: { sort: "sort", order: "order", fields: ["ReasonId", "Label", "Text", "Position"] },
        filters: ["Label", "Text", "Position"].map((field) => ({ field, operator: "eq", param: field })),
      },
    });
    expect(declaration.edit).toMatchObject({ mode: "dialog", title: "Edit close reason" });
    const { schema, uiSchema } = toEditorSchema(closeReasonInputSchema, declaration.fields);
    expect(schema.properties!.Label).toMatchObject({ title: "Label", maxLength: 100 });
    expect(schema.required).toEqual(["Label"]);
    expect(uiSchema.Text).toMatchObject({ "ui:widget": "textarea" });
    // The list's search: a case-insensitive substring of the label or the text.
    const match = declaration.list!.search!.match;
    expect(match({ Label: "Resolved", Text: "" }, "RESOL")).toBe(true);
    expect(match({ Label: "Spam", Text: "Closed as spam" }, "as sp")).toBe(true);
    expect(match({ Label: "Spam", Text: "" }, "fixed")).toBe(false);
  });
});
