import { defineConfig } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (/usr/bin/chromium) against the built app served by the real
// server on a fresh embedded database. `npm test` builds first.
// Each worker has a server of its own (tests/e2e/fixtures.ts): worker i talks to port E2E_PORT + i, with its own data.
const port = Number(process.env.E2E_PORT ?? 3100);
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
export const e2ePort = (parallelIndex: number) => port + parallelIndex;
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers,
  // One retry in CI: two long flows (forms, teams) timed out once on a loaded machine; a retry is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, i) => {
    const p = e2ePort(i);
    return {
      // DIST_DIR lets a developer test a private build while another is being written to dist/.
      command: `rm -rf .tmp/e2e-data-${p} && PORT=${p} DATA_DIR=.tmp/e2e-data-${p} NODE_ENV=test npx tsx server/index.ts`,
      url: `http://localhost:${p}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
    };
  }),
});
