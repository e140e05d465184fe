import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The dashboard runs on react-router's declarative <BrowserRouter> (src/App.tsx): about 19 KB gzipped lighter
// on every screen than the data router. The unit harness renders the
// routes in a data router (createMemoryRouter), where the hooks below work; in the browser they throw and every
// screen shows the error screen. This check is what catches them.
const dataRouterOnly = [
  "useNavigation",
  "useRouteError",
  "useLoaderData",
  "useRouteLoaderData",
  "useActionData",
  "useFetcher",
  "useFetchers",
  "useBlocker",
  "unstable_usePrompt",
  "useRevalidator",
  "useMatches",
  "useSubmit",
  "useAsyncValue",
  "useAsyncError",
  "ScrollRestoration",
  "createBrowserRouter",
  "RouterProvider",
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the dashboard's router", () => {
  it("no dashboard file imports an API that needs a data router", () => {
    const offending = sourceFiles("src")
      .filter((file) => !file.startsWith(join("src", "public-site")))
      .flatMap((file) => {
        const source = readFileSync(file, "utf8");
        const imports = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"react-router"/g)].flatMap((m) =>
          m[1].split(",").map(
            (name) =>
              name
                .trim()
                .replace(/^type\s+/, "")
                .split(/\s+as\s+/)[0],
          ),
        );
        return imports.filter((name) => dataRouterOnly.includes(name)).map((name) => `${file}: ${name}`);
      });
    expect(offending).toEqual([]);
  });

  it("src/App.tsx renders the declarative router", () => {
    const app = readFileSync("src/App.tsx", "utf8");
    expect(app).toMatch(/<BrowserRouter>/);
  });
});
