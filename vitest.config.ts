import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { resolve } from "node:path";
import { botCommandsPlugin } from "./scripts/bot-commands";

/** API test files that mock a module: they run isolated (a tests/unit check lists every file that calls vi.mock). */
const serverFilesWithMocks = ["tests/server/ticket-topics.test.ts"];

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
          environment: "jsdom",
          setupFiles: ["tests/unit/setup.ts"],
          // refine's router bindings must share the app's copy of react-router (Node would load its CJS build).
          // @rjsf/core too: its index imports @rjsf/validator-ajv8, which only the alias above resolves.
          server: { deps: { inline: [/@refinedev\//, /@rjsf\//] } },
        },
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
