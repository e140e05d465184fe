// Prerenders the public site into dist/ after `vite build` (npm run build = vite build && tsx scripts/prerender.ts).
//
// 1. Builds src/public-site/entry-server.tsx with Vite in SSR mode into .tmp/ssr (same plugins and env as the
//    client build, so the markup matches what the browser hydrates; the /commands page and the docs read the command
//    files' definitions through scripts/bot-commands.ts).
// 2. Takes dist/site.html, the client build of site.html, as the template: its script, modulepreload and
//    stylesheet tags are kept as they are.
// 3. For every route, renders the page with react-dom/server into <div id="root" data-page="…">, sets the
//    title and description, adds modulepreload links for the page's own chunk (from dist/.vite/manifest.json)
//    and writes dist/<route>/index.html. The browser then hydrates it (src/public-site/entry-client.tsx).
import react from "@vitejs/plugin-react";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import type { PrerenderRoute } from "../src/public-site/routes";
import { botCommandsPlugin } from "./bot-commands";

const root = resolve(import.meta.dirname, "..");
// PRERENDER_DIST lets a build in another folder be prerendered (default dist/, as the server expects).
const dist = resolve(root, process.env.PRERENDER_DIST ?? "dist");
const ssrOut = join(root, ".tmp", "ssr");

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

type ServerEntry = typeof import("../src/public-site/entry-server");

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

async function buildServerEntry(): Promise<ServerEntry> {
  await build({
    root,
    configFile: false,
    logLevel: "warn",
    plugins: [react(), botCommandsPlugin()],
    build: {
      ssr: "src/public-site/entry-server.tsx",
      outDir: ssrOut,
      emptyOutDir: true,
      sourcemap: false,
      minify: false,
      rollupOptions: { output: { entryFileNames: "entry-server.mjs", chunkFileNames: "[name]-[hash].mjs" } },
    },
  });
  return (await import(pathToFileURL(join(ssrOut, "entry-server.mjs")).href)) as ServerEntry;
}

/** The JS files a chunk needs, itself first, following static imports (not dynamic ones). */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((dep) => chunkFiles(manifest, dep, seen))];
}

function chunkCss(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((dep) => chunkCss(manifest, dep, seen))];
}

function pageHead(route: PrerenderRoute, template: string, manifest: Manifest, pageModule: string | undefined): string {
  const tags: string[] = [];
  if (pageModule) {
    if (!manifest[pageModule]) throw new Error(`prerender: ${pageModule} is not in the Vite manifest`);
    for (const file of chunkFiles(manifest, pageModule)) {
      if (!template.includes(`/${file}"`)) tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
    }
    for (const file of chunkCss(manifest, pageModule)) {
      if (!template.includes(`/${file}"`)) tags.push(`<link rel="stylesheet" crossorigin href="/${file}">`);
    }
  }
  if (route.path.includes("__section-not-found")) tags.push(`<meta name="robots" content="noindex">`);
  if (route.redirectTo) {
    const target = escapeHtml(route.redirectTo);
    tags.push(`<meta http-equiv="refresh" content="0; url=${target}">`);
    tags.push(`<script src="/redirect.js" data-to="${target}"></script>`);
  }
  return tags.join("\n    ");
}

function renderDocument(template: string, route: PrerenderRoute, rendered: string, pageTags: string): string {
  // React emits the resources it hoists (an image preload for fetchPriority="high") at the start of its
  // output; they belong in <head>.
  const hoisted = /^(?:<link [^>]*>)+/.exec(rendered)?.[0] ?? "";
  const body = rendered.slice(hoisted.length);
  const head = [hoisted.replace(/\/?>(?=<|$)/g, ">\n    ").trim(), pageTags].filter(Boolean).join("\n    ");
  let html = template
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(route.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(route.description)}" />`);
  if (route.static) {
    // A page without client code: drop the module script and its preloads, keep the stylesheet.
    html = html.replace(/\s*<script type="module"[^>]*><\/script>/g, "").replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
  }
  if (!html.includes('<div id="root"></div>')) throw new Error('prerender: dist/site.html has no <div id="root"></div>');
  return html
    .replace("</head>", head ? `  ${head}\n  </head>` : "</head>")
    .replace('<div id="root"></div>', () => `<div id="root" data-page="${route.page}">${body}</div>`);
}

async function main() {
  const templatePath = join(dist, "site.html");
  const manifestPath = join(dist, ".vite", "manifest.json");
  if (!existsSync(templatePath) || !existsSync(manifestPath)) {
    throw new Error("prerender: run `vite build` first (dist/site.html and dist/.vite/manifest.json are needed)");
  }
  const template = await readFile(templatePath, "utf8");
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as Manifest;

  const server = await buildServerEntry();
  server.validateContent();

  const routes = server.prerenderRoutes();
  for (const route of routes) {
    const body = await server.renderRoute(route);
    const pageModule = route.page === "docs-redirect" ? undefined : server.pageModules[route.page];
    const html = renderDocument(template, route, body, pageHead(route, template, manifest, route.static ? undefined : pageModule));
    const target = join(dist, route.file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, html);
  }
  console.log(`prerender: wrote ${routes.length} pages: ${routes.map((r) => r.file).join(", ")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
