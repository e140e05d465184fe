import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { resolve } from "node:path";
import { botCommandsPlugin } from "./scripts/bot-commands";

/** Test files that mock a module: they run isolated (tests/unit/test-setup.test.ts lists every file that calls vi.mock). */
const serverFilesWithMocks = ["tests/server/ticket-topics.test.ts"];
const unitFilesWithMocks = ["tests/unit/resources/registry.test.tsx", "tests/unit/resources/ticket-topics.test.tsx"];

const unit = {
  environment: "jsdom" as const,
  setupFiles: ["tests/unit/fresh-page.ts", "tests/unit/setup.ts"],
  // refine's router bindings must share the app's copy of react-router (Node would load its CJS build).
  // @rjsf/core too: its index imports @rjsf/validator-ajv8, which only the alias above resolves.
  server: { deps: { inline: [/@refinedev\//, /@rjsf\//] } },
};

export default defineConfig({
  plugins: [react(), botCommandsPlugin()],
  resolve: {
    // @rjsf/core's index re-exports a test helper importing ajv; the dashboard validates with zod instead
    // (ajv compiles code at run time, which the CSP forbids). See src/resources/engine/no-ajv-validator.ts.
    alias: { "@rjsf/validator-ajv8": resolve(import.meta.dirname, "src/resources/engine/no-ajv-validator.ts") },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          exclude: unitFilesWithMocks,
          ...unit,
          // The files of a worker share one jsdom and the packages' modules (isolate: false): a file no longer builds
          // its own DOM and imports antd, React and refine again, which was half of the suite's time. Each file still
          // starts as a fresh page load (tests/unit/fresh-page.ts: the app's own modules anew, storage and cookies cleared).
          // A worker per core comes from the command line (npm run test:unit: --maxWorkers=100%; vitest's default leaves
          // one core free, a single worker on CI's two): a file waits on timers and lazy chunks a quarter of its time, so
          // the other worker fills it. In this file it would differ from unit-mocks', which vitest refuses.
          isolate: false,
        },
      },
      {
        extends: true,
        // The files that replace a module (vi.mock) need a module graph of their own.
        test: { name: "unit-mocks", include: unitFilesWithMocks, ...unit },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          exclude: serverFilesWithMocks,
          environment: "node",
          setupFiles: ["tests/server/setup.ts"],
          // API suites share one database per file; files run in parallel workers. Each file builds its own app and
          // database, so the files of a worker share one module graph (isolate: false): the server's modules are
          // imported once per worker instead of once per file, which was most of the suite's time.
          isolate: false,
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      {
        extends: true,
        test: {
          // The files that replace a module (vi.mock) need a module graph of their own.
          name: "server-mocks",
          include: serverFilesWithMocks,
          environment: "node",
          setupFiles: ["tests/server/setup.ts"],
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
    ],
  },
});
