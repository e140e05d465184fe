// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// How the suites are set up, held so that a new test file cannot quietly break it.
const root = join(import.meta.dirname, "../..");
const filesUnder = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

describe("end-to-end specs", () => {
  // Each end-to-end worker has a server of its own (tests/e2e/fixtures.ts). A spec that imported Playwright's own
  // `test` would talk to the first worker's server from the second worker and share its database with another file.
  it("take test and expect from ./fixtures, never from @playwright/test", () => {
    const offenders = filesUnder("tests/e2e")
      .filter((f) => f.endsWith(".ts") && !f.endsWith("fixtures.ts"))
      .filter((f) => readFileSync(join(root, f), "utf8").includes('from "@playwright/test"'));
    expect(offenders).toEqual([]);
  });
});

// The API and unit suites share one module graph per worker (isolate: false in vitest.config.ts); a file that replaces
// a module would replace it for the files after it, so such files run in an isolated project, listed by name.
describe.each(["tests/server", "tests/unit"])("%s files", (dir) => {
  it("that mock a module are listed to run isolated", () => {
    const config = readFileSync(join(root, "vitest.config.ts"), "utf8");
    const mocking = filesUnder(dir)
      .filter((f) => /\.test\.tsx?$/.test(f) && /\bvi\.(mock|doMock)\(/.test(readFileSync(join(root, f), "utf8")))
      .map((f) => relative(root, join(root, f)));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((f) => !config.includes(`"${f}"`))).toEqual([]);
  });
});
