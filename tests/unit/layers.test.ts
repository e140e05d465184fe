import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

// The client's rooms and their one-way order (docs/architecture.md "The dashboard's layers"). A file imports from its
// own room or from a room below it, never upward; the resource folders never import each other (only the registry
// knows them); the public site stands apart. Every import of every file under src/ is read: static, `export … from`,
// side-effect (CSS) and `import()`, type-only imports included.

const root = resolve(import.meta.dirname, "../..");
const src = join(root, "src");

/** Top → bottom. A room may import its own files and any room after it. */
const order = [
  "app", // src/main.tsx, src/App.tsx: wiring only
  "shell", // src/shell: the signed-in frame, routing, the providers' assembly; the only importer of the registry
  "registry", // src/resources/registry.ts: the one list of resources
  "resource", // src/resources/<name>: one folder per resource
  "engine", // src/resources/engine: declarations → screens, the form engine and its widgets
  "ui", // src/ui: the UI kit (cards, fields, the data table, icons, error and not-found blocks)
  "providers", // src/providers: http, data, auth, access, notifications, theme
  "i18n", // src/i18n: t(), the dictionaries, Refine's i18nProvider
  "schemas", // src/schemas: the contract (zod), shared with the server
] as const;
type Room = (typeof order)[number] | "public-site" | "vendor-shims";

/** i18n files the public site may use: not Refine's provider, not antd's locales (the site loads neither). */
const dashboardOnlyI18n = new Set(["i18n/refine.ts", "i18n/antd-locale.ts"]);

export interface Place {
  room: Room;
  /** The resource folder, for files of a resource. */
  folder?: string;
}

/** The room of a path under src/ (undefined: a file outside every room, itself a failure). */
export function placeOf(path: string): Place | undefined {
  const rel = relative(src, path).split(sep).join("/");
  if (rel.startsWith("..")) return undefined;
  const [first, second, ...rest] = rel.split("/");
  if (/^(main|App)(\.tsx?)?$/.test(first)) return { room: "app" };
  if (first === "resources") {
    if (second === undefined) return undefined;
    if (/^registry(\.tsx?)?$/.test(second) && rest.length === 0) return { room: "registry" };
    if (second === "engine") return { room: "engine" };
    return rest.length > 0 ? { room: "resource", folder: second } : undefined;
  }
  const rooms: Record<string, Room> = {
    shell: "shell",
    ui: "ui",
    providers: "providers",
    i18n: "i18n",
    schemas: "schemas",
    "public-site": "public-site",
    "vendor-shims": "vendor-shims",
  };
  return second === undefined ? undefined : rooms[first] ? { room: rooms[first] } : undefined;
}

/** Every module specifier a source text imports: static, re-exported, side-effect and dynamic. */
export function importsOf(text: string): string[] {
  const found = text.matchAll(
    /(?:^|[;\s])(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']|(?:^|[;\s])import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g,
  );
  return [...found].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** Why `file` may not import `specifier`, or undefined when it may. */
export function violationOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined; // packages: the bundle budgets and the light-declarations rule watch those
  const from = placeOf(file);
  const target = resolve(dirname(file), specifier);
  const to = placeOf(target);
  const name = relative(root, file);
  if (!from) return `${name} lies outside every room of src/`;
  if (!to) return `${name} imports ${specifier}, outside every room of src/`;
  if (from.room === "vendor-shims") return `${name} imports ${specifier}: a vendor shim stands alone`;
  if (from.room === "public-site" || to.room === "public-site") {
    if (from.room === "public-site" && to.room === "public-site") return undefined;
    if (from.room === "public-site" && to.room === "schemas") return undefined;
    const i18nFile = relative(src, target)
      .split(sep)
      .join("/")
      .replace(/(\.tsx?)?$/, ".ts");
    if (from.room === "public-site" && to.room === "i18n" && !dashboardOnlyI18n.has(i18nFile)) return undefined;
    return `${name} imports ${specifier}: the public site uses only src/schemas, the framework-free i18n and its own files, and nothing else uses it`;
  }
  if (to.room === "vendor-shims") return `${name} imports ${specifier}: vendor shims are for the bundler's aliases only`;
  if (from.room === "resource" && to.room === "resource" && from.folder !== to.folder) {
    return `${name} imports ${specifier}: resources/${from.folder} reaches into resources/${to.folder} (sideways; only the registry knows the resource folders)`;
  }
  const up = order.indexOf(to.room as (typeof order)[number]) < order.indexOf(from.room as (typeof order)[number]);
  return up ? `${name} imports ${specifier}: ${from.room} may not import ${to.room}, which is above it` : undefined;
}

type SourceFile = { file: string; text: string };

function sourceFiles(dir: string): SourceFile[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|cjs|mjs|js)$/.test(name) ? [{ file: path, text: readFileSync(path, "utf8") }] : [];
  });
}

function violations(files: SourceFile[]): string[] {
  return files.flatMap(({ file, text }) => {
    if (!placeOf(file)) return [`${relative(root, file)} lies outside every room of src/`];
    return importsOf(text).flatMap((specifier) => violationOf(file, specifier) ?? []);
  });
}

/** Static imports only (`import x from`, `export … from`, `import "x"`); `import()` starts another chunk. */
function staticImports(text: string): string[] {
  return [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm)].map(
    (m) => m[1] ?? m[2],
  );
}

function resolveSource(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      /* try the next */
    }
  }
  return undefined;
}

/** The packages a file pulls in statically, following relative imports. */
function staticPackages(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, "utf8"))) {
      if (!specifier.startsWith(".")) {
        packages.add(specifier);
        continue;
      }
      const target = resolveSource(file, specifier);
      if (target) queue.push(target);
    }
  }
  return packages;
}

describe("the client's layers", () => {
  const files = sourceFiles(src);

  it("reads every file of src/ and finds each room", () => {
    const rooms = new Set<string | undefined>(files.map(({ file }) => placeOf(file)?.room));
    expect([...order, "public-site"].filter((room) => !rooms.has(room))).toEqual([]);
    expect(files.length).toBeGreaterThan(200);
  });

  it("no import runs upward or sideways", () => {
    expect(violations(files)).toEqual([]);
  });

  it("nothing but the app's wiring imports the shell, and only the shell imports the registry", () => {
    const importers = (room: Room) =>
      files.filter(({ file, text }) => {
        const from = placeOf(file)?.room;
        return from !== room && importsOf(text).some((s) => s.startsWith(".") && placeOf(resolve(dirname(file), s))?.room === room);
      });
    expect(
      importers("shell")
        .map(({ file }) => relative(root, file))
        .sort(),
    ).toEqual(["src/App.tsx"]);
    expect([...new Set(importers("registry").map(({ file }) => placeOf(file)!.room))]).toEqual(["shell"]);
  });

  it("declarations stay light: the registry loads them with the first screen, so no UI library", () => {
    const resourcesDir = join(src, "resources");
    const heavy = /^(antd|@rjsf\/|@ant-design\/|@dnd-kit\/|@refinedev\/antd)/;
    const offenders = readdirSync(resourcesDir)
      .flatMap((name) => ["declaration.ts", "declaration.tsx"].map((f) => join(resourcesDir, name, f)))
      .filter((file) => {
        try {
          return statSync(file).isFile();
        } catch {
          return false;
        }
      })
      .flatMap((file) => [...staticPackages(file)].filter((p) => heavy.test(p)).map((p) => `${relative(root, file)} → ${p}`));
    expect(offenders).toEqual([]);
  });

  it("catches each kind of wrong import", () => {
    const at = (path: string, text: string): SourceFile => ({ file: join(src, path), text });
    const wrong = [
      at("resources/panels/PanelsScreen.tsx", 'import { tagsResource } from "../tags/declaration";'), // sideways
      at("resources/tags/declaration.ts", 'import { Sidebar } from "../../shell/Sidebar";'), // a resource into the shell
      at("resources/engine/ListScreen.tsx", 'const r = import("../registry");'), // the engine knows the registry
      at("resources/engine/cells.tsx", 'import type { X } from "../tags/declaration";'), // the engine into a resource
      at("ui/blocks.tsx", 'import { ListScreen } from "../resources/engine/ListScreen";'), // the UI kit into the engine
      at("providers/http.ts", 'import { Card } from "../ui/blocks";'), // a provider into the UI kit
      at("i18n/core.ts", 'import { http } from "../providers/http";'), // i18n into the providers
      at("schemas/tag.ts", 'export { t } from "../i18n/core";'), // the contract into i18n
      at("public-site/pages/LandingPage.tsx", 'import { Card } from "../../ui/blocks";'), // the site into the dashboard
      at("public-site/pages/StatusPage.tsx", 'import { useTr } from "../../i18n/refine";'), // the site into Refine's i18n
      at("shell/Sidebar.tsx", 'import { x } from "../public-site/lib/theme";'), // the dashboard into the site
      at("resources/loose.ts", "export const x = 1;"), // a file outside every room
    ];
    expect(violations(wrong)).toHaveLength(wrong.length);
    const right = [
      at("shell/Sidebar.tsx", 'import { resourceDeclarations } from "../resources/registry";\nimport "../ui/ui.css";'),
      at("resources/tags/declaration.ts", 'import { ListIcon } from "../engine/icons";\nimport { tagSchema } from "../../schemas/tag";'),
      at("resources/engine/ListScreen.tsx", 'import { DataTable } from "../../ui/DataTable";\nimport { useTr } from "../../i18n/refine";'),
      at("public-site/pages/StatusPage.tsx", 'import { useT } from "../../i18n/react";\nimport { limits } from "../../schemas/limits";'),
    ];
    expect(violations(right)).toEqual([]);
  });
});
