import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toEndpoint, toNavEntries, toRefineResources } from "../../../src/resources/engine/derive";
import { toEditorSchema } from "../../../src/resources/engine/form/editor-schema";
import { formatRelativeTime } from "../../../src/resources/engine/RelativeTime";
import { toResourceRoutes } from "../../../src/resources/engine/routes";
import { findDeclaration, resourceDeclarations } from "../../../src/resources/registry";
import { resourcePermissions } from "../../../src/schemas/access";
import { blacklistInputSchema, blacklistSpec } from "../../../src/schemas/blacklist";
import { resourceListParams } from "../../../src/schemas/resource-spec";

// The engine's promise (docs/adding-a-resource.md): the Blacklist exists on the client only through its spec in
// src/schemas (with its `ui` part) and the shared registry; the dashboard's registry names it once, to place it in
// the sidebar. If adding it had needed a change to the engine, the router, the sidebar or the shell, these tests fail.

const root = path.resolve(import.meta.dirname, "../../..");
const src = path.join(root, "src");
const blacklistResource = findDeclaration("blacklist")!;
const matchesBlacklistSearch = (entry: Record<string, unknown>, query: string) => blacklistResource.list!.search!.match(entry, query);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [full] : [];
  });
}
const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");

describe("adding a resource needs only its spec and the shared registry line", () => {
  it("no client file outside src/schemas and the registry knows about the blacklist", () => {
    const mentions = filesUnder(src)
      .filter((file) => !rel(file).startsWith("src/schemas/")) // the contract (its schema, permissions, export format)
      .filter((file) => /blacklist/i.test(fs.readFileSync(file, "utf8")))
      .map(rel);
    // The Spanish dictionary (its parts under src/i18n/locales/) names every resource's texts (optional: a
    // missing one shows the English text).
    const allowed = ["src/resources/registry.ts"];
    expect(mentions.filter((file) => !allowed.includes(file) && !file.startsWith("src/i18n/locales/"))).toEqual([]);
  });

  it("the dashboard's registry names it once, to place it in the sidebar", () => {
    const registry = fs.readFileSync(path.join(src, "resources/registry.ts"), "utf8");
    const lines = registry.split("\n").filter((line) => /blacklist/i.test(line) && !line.trim().startsWith("//"));
    expect(lines.map((l) => l.trim())).toEqual(['const blacklistResource = placed("blacklist");', "blacklistResource,"]);
    expect(resourceDeclarations.filter((d) => d === blacklistResource)).toHaveLength(1);
  });

  it("the engine derives its route, refine resource, sidebar entry and endpoint from the declaration alone", () => {
    expect(blacklistResource.screen).toBeUndefined(); // no hand-written screen: the generated list and dialog
    expect(toRefineResources(resourceDeclarations)).toContainEqual(
      expect.objectContaining({ name: "blacklist", list: "/:guildId/blacklist", meta: { label: "Blacklist" } }),
    );
    expect(toNavEntries(resourceDeclarations, "812345678901234567").find((e) => e.resource === "blacklist")).toMatchObject({
      label: "Blacklist",
      to: "/812345678901234567/blacklist",
      resource: "blacklist",
    });
    expect(toResourceRoutes(resourceDeclarations).map((r) => r.path)).toContain("blacklist/*");
    // …with the list route's sort and filter parameters, named once for both sides (resourceListParams).
    expect(toEndpoint(blacklistResource)).toEqual({
      path: "blacklist",
      listKey: "blacklist",
      oneKey: "entry",
      idKey: "EntryId",
      list: resourceListParams(blacklistSpec),
    });
    expect(blacklistResource.permissions).toBe(resourcePermissions.blacklist);
  });

  it("its editor is generated from blacklistInputSchema: a select of the kinds, the id and the reason with the schema's hints", () => {
    const { schema, uiSchema } = toEditorSchema(blacklistResource.schema!, blacklistResource.fields);
    expect(blacklistResource.schema).toBe(blacklistInputSchema);
    expect(schema.properties!.Kind).toMatchObject({ enum: ["User", "Role"], title: "Kind" });
    expect(schema.properties!.TargetId).toMatchObject({ title: "User or role id" });
    expect(schema.required).toEqual(["Kind", "TargetId"]);
    expect(uiSchema.Reason).toMatchObject({ "ui:widget": "textarea" });
    expect(uiSchema.TargetId).toHaveProperty("ui:placeholder");
  });
});

describe("blacklist list helpers", () => {
  const entry = { EntryId: 1, Kind: "Role" as const, TargetId: "812345678901234604", TargetName: "VIP", Reason: "Spam", CreatedAt: 0 };
  it("search matches the id, the role name, the reason and the kind, ignoring case", () => {
    for (const q of ["8123", "vip", "SPAM", "role"]) expect(matchesBlacklistSearch(entry, q)).toBe(true);
    expect(matchesBlacklistSearch(entry, "nobody")).toBe(false);
  });
  it("the Added column reads as relative time", () => {
    const now = Date.UTC(2025, 0, 10, 12);
    expect(formatRelativeTime(now - 3_000, now)).toBe("now");
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe("5 minutes ago");
    expect(formatRelativeTime(now - 26 * 3600_000, now)).toBe("yesterday");
    expect(formatRelativeTime(now - 3 * 86_400_000, now)).toBe("3 days ago");
    expect(formatRelativeTime(now + 2 * 3600_000, now)).toBe("in 2 hours");
  });
});
