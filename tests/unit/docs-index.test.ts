import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resourceDeclarations } from "../../src/resources/registry";
import { botCommands } from "../../src/schemas/command-list";
import { ticketSettingsShape } from "../../src/schemas/settings";

// docs/index.md maps every screen, setting and bot command to its declaration and code: it names each of them.

const index = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/index.md"), "utf8");

describe("docs/index.md", () => {
  it("names every screen of the sidebar, every setting and every bot command", () => {
    const missing = [
      ...resourceDeclarations
        .filter((d) => d.inSidebar !== false)
        .map((d) => d.label)
        .filter((label) => !index.includes(label)),
      ...Object.keys(ticketSettingsShape).filter((key) => !index.includes(key)),
      ...botCommands.map((c) => `/${c.name}`).filter((name) => !index.includes(name)),
    ];
    expect(missing).toEqual([]);
  });

  it("points only at files that exist", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const paths = [...index.matchAll(/`((?:src|server|docs|tests)\/[\w./-]+)`/g)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => !fs.existsSync(path.join(root, p)))).toEqual([]);
  });
});
