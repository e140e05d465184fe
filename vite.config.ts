import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { visualizer } from "rollup-plugin-visualizer";
import { botCommandsPlugin } from "./scripts/bot-commands";

const pureWithoutSideEffectsField =
  /\/node_modules\/(papaparse|pluralize|error-stack-parser|stackframe|rc-field-form|@rc-component\/async-validator)\//;

// antd 5's own copy of @ant-design/icons (5.x); @rjsf/antd asks for 6.x, which npm installs beside it.
const antdDir = dirname(createRequire(import.meta.url).resolve("antd/package.json"));
const iconsOfAntd = dirname(createRequire(resolve(antdDir, "package.json")).resolve("@ant-design/icons/package.json"));

// Two kinds of page share one build:
// - site.html: the public site (landing, docs, legal, commands, status, FAQ). Light React only, prerendered
//   to static HTML by scripts/prerender.ts after the client build, then hydrated.
// - app.html: the signed-in dashboard (Refine + antd), every route lazy-loaded.
export default defineConfig({
  plugins: [
    react(),
    // The bot's commands as data (virtual:bot-commands), from the command files of the server.
    botCommandsPlugin(),
    // ANALYZE=1 npx vite build --outDir .tmp/x: writes .tmp/bundle-stats.html (treemap, gzip sizes per module).
    ...(process.env.ANALYZE === "1"
      ? [
          visualizer({
            filename: ".tmp/bundle-stats.html",
            gzipSize: true,
            template: process.env.ANALYZE_TEMPLATE === "raw" ? "raw-data" : "treemap",
          }),
        ]
      : []),
  ],
  resolve: {
    // @rjsf/core's index re-exports a test helper importing ajv; the dashboard validates with zod instead
    // (ajv compiles code at run time, which the CSP forbids). See src/resources/engine/no-ajv-validator.ts.
    alias: {
      "@rjsf/validator-ajv8": resolve(import.meta.dirname, "src/resources/engine/no-ajv-validator.ts"),
      // @rjsf/core renders markdown only where a uiSchema opts in (none does here) and in developer error texts;
      // the parser is ~30 KB gzipped on every editor. See src/vendor-shims/markdown-to-jsx.tsx.
      "markdown-to-jsx/react": resolve(import.meta.dirname, "src/vendor-shims/markdown-to-jsx.tsx"),
      // qs (from @refinedev/core) reaches a WeakMap through ~15 CommonJS modules: ~10 KB gzipped on every
      // dashboard screen. See src/vendor-shims/side-channel.cjs.
      "side-channel": resolve(import.meta.dirname, "src/vendor-shims/side-channel.cjs"),
      // One icon package: the editors' @rjsf/antd uses 7 icons whose names and props are the same in 5.x.
      "@ant-design/icons": iconsOfAntd,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/prerender.ts reads it to preload each public page's own chunk.
    manifest: true,
    rollupOptions: {
      treeshake: {
        // Pure packages that declare no "sideEffects" (CommonJS or rc-* ES modules): without this hint every
        // module they contain is kept even when nothing of it is used. papaparse, pluralize and error-stack-parser
        // come with @refinedev/core (import/export, devtools), rc-field-form with antd's Input (form context).
        // undefined = the package's own "sideEffects" field decides.
        moduleSideEffects: (id: string) => (pureWithoutSideEffectsField.test(id) ? false : undefined),
      },
      input: {
        site: resolve(import.meta.dirname, "site.html"),
        app: resolve(import.meta.dirname, "app.html"),
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
