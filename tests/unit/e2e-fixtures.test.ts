// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Each end-to-end worker has a server of its own (tests/e2e/fixtures.ts). A spec that imported Playwright's own `test`
// would talk to the first worker's server from the second worker and share its database with another file.
const dir = join(import.meta.dirname, "../e2e");

describe("end-to-end specs", () => {
  it("take test and expect from ./fixtures, never from @playwright/test", () => {
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && f !== "fixtures.ts")
      .filter((f) => readFileSync(join(dir, f), "utf8").includes('from "@playwright/test"'));
    expect(offenders).toEqual([]);
  });
});
