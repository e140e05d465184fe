import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { resolve } from "node:path";

// Two kinds of page share one build:
// - site.html: the public site (landing, docs, legal, commands, status, FAQ). Light React only, prerendered
//   to static HTML by scripts/prerender.ts after the client build, then hydrated.
// - app.html: the signed-in dashboard (Refine + antd), every route lazy-loaded.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
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
