import { defineConfig } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (/usr/bin/chromium) against the built app served by the real
// server on a fresh embedded database. `npm test` builds first (scripts/test.mjs).
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    // DIST_DIR lets a developer test a private build while another is being written to dist/.
    command: `rm -rf .tmp/e2e-data-${port} && PORT=${port} DATA_DIR=.tmp/e2e-data-${port} NODE_ENV=test npx tsx server/index.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
