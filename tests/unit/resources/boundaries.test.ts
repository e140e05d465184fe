import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

// docs/architecture.md: a file imports from its own room, from src/schemas, or from a room below it — never sideways into
// another resource's internals. Only src/resources/registry.ts knows the resource folders.

const root = resolve(import.meta.dirname, "../../..");
const src = join(root, "src");
const resourcesDir = join(src, "resources");
const registry = join(resourcesDir, "registry.ts");

type SourceFile = { file: string; text: string };

function sourceFiles(dir: string): SourceFile[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [{ file: path, text: readFileSync(path, "utf8") }] : [];
  });
}

function relativeImports(text: string): string[] {
  const found = text.matchAll(/(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g);
  return [...found].map((m) => m[1] ?? m[2]).filter((s) => s.startsWith("."));
}

/** The resource folder (the engine excepted) a path lies in. */
function resourceFolderOf(path: string): string | undefined {
  const rel = relative(resourcesDir, path);
  if (rel.startsWith("..")) return undefined;
  const [first, ...rest] = rel.split(sep);
  return rest.length > 0 && first !== "engine" ? first : undefined;
}

function violations(files: SourceFile[]): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    const own = resourceFolderOf(file);
    for (const specifier of relativeImports(text)) {
      const target = resolve(dirname(file), specifier);
      const folder = resourceFolderOf(target);
      if (folder && folder !== own && file !== registry) {
        found.push(`${relative(root, file)} imports ${specifier} (internals of resources/${folder})`);
      }
      if (resourceFolderOf(file) === undefined && file.startsWith(join(resourcesDir, "engine")) && target === registry.replace(/\.ts$/, "")) {
        found.push(`${relative(root, file)}: the engine must not know the registry`);
      }
    }
  }
  return found;
}

/** Static imports only (`import x from`, `export … from`); `import()` starts another chunk. */
function staticImports(text: string): string[] {
  return [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm)].map((m) => m[1] ?? m[2]);
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

/** Every module a file pulls in statically, following relative imports. */
function staticClosure(entry: string): { files: string[]; packages: Set<string> } {
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
  return { files: [...seen], packages };
}

describe("import boundaries", () => {
  it("declarations stay light: the registry loads them with the first screen, so no UI library", () => {
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
      .flatMap((file) => [...staticClosure(file).packages].filter((p) => heavy.test(p)).map((p) => `${relative(root, file)} → ${p}`));
    expect(offenders).toEqual([]);
  });

  it("no file imports another resource's internals; only the registry lists resources", () => {
    expect(violations(sourceFiles(src))).toEqual([]);
  });

  it("catches a resource importing another resource, and the shell importing a resource folder", () => {
    const sideways: SourceFile[] = [
      { file: join(resourcesDir, "panels", "PanelsScreen.tsx"), text: 'import { tagsResource } from "../tags/declaration";' },
      { file: join(src, "shell", "Sidebar.tsx"), text: 'const x = import("../resources/tags/declaration");' },
      { file: join(resourcesDir, "tags", "extra.ts"), text: 'import { x } from "./declaration";\nimport { y } from "../engine/derive";' },
    ];
    expect(violations(sideways)).toHaveLength(2);
  });
});
