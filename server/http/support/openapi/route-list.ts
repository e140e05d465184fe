import type { OpenApiDocument } from "./document";

// The route table of docs/api-routes.md, written from the OpenAPI document (scripts/api-routes.ts writes the file,
// tests/server/api-routes.test.ts checks it is current): every operation by tag, with who may call it and what it is.

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  "x-permissions"?: string[];
  "x-required-scope"?: string | null;
  requestBody?: unknown;
};

const methods = ["get", "post", "put", "patch", "delete"] as const;

function whoMay(op: Operation): string {
  const scope = op["x-required-scope"];
  return scope ? `${sessionWhoMay(op)}; key: ${scope}` : sessionWhoMay(op);
}

function sessionWhoMay(op: Operation): string {
  if (Array.isArray(op.security) && op.security.length === 0) return "none";
  if (op.security?.some((s) => s && typeof s === "object" && "botKey" in s)) return "bot key";
  const permissions = op["x-permissions"] ?? [];
  return permissions.length ? permissions.join(" or ") : "session";
}

export function routeListMarkdown(document: OpenApiDocument): string {
  const rows = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      const line = `| ${method.toUpperCase()} ${path} | ${whoMay(op)} | ${(op.summary ?? "").replace(/\|/g, "\\|")} |`;
      rows.set(tag, [...(rows.get(tag) ?? []), line]);
    }
  }
  const order = document.tags.map((t) => t.name);
  const tags = [...rows.keys()].sort((a, b) => (order.indexOf(a) + 1 || 999) - (order.indexOf(b) + 1 || 999) || a.localeCompare(b));
  const sections = tags.map((tag) =>
    [`## ${tag}`, "", "| Method and path | Who may call it | What it does |", "|---|---|---|", ...rows.get(tag)!, ""].join("\n"),
  );
  return [
    "# API routes",
    "",
    "Generated from the OpenAPI document by `npx tsx scripts/api-routes.ts` — do not edit by hand;",
    "`tests/server/api-routes.test.ts` fails when it is out of date. Paths are relative to `<origin>/api`; bodies, answers",
    "and errors are in the document itself (`GET /api/openapi.json`, readable at `GET /api/reference`).",
    "",
    ...sections,
  ].join("\n");
}
