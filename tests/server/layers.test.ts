import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The server's layers (docs/architecture.md, docs/decisions/007-server-layers.md, 010-ticket-core-and-doors.md,
// 011-gateway.md): every import under server/ runs down, never up. Top to bottom:
//   wiring (app.ts, index.ts, seed*.ts) → entry points (http/) → the doors into the ticket core (discord/, gateway/,
//   try-it/) → the domain (one folder per product noun; the ticket core is tickets/, helpdesk/, statistics/)
//   → access/, auth/ → platform/ → db/ → the base (config, errors, crypto, version, proxy-secret)
// and src/schemas, the shared contract, from anywhere. Inside the doors and inside the domain, a folder imports only
// the folders before it in `doorOrder` / `domainOrder`, so neither has cycles — and the core never imports a door. A
// route plugin (a file of http/ whose default export is the plugin) is imported by the wiring alone: Fastify's way,
// thin route plugins over services that nothing else imports.

const root = path.resolve(import.meta.dirname, "../..");
const serverDir = path.join(root, "server");

/** The domain folders, lowest first: each may import only those before it. */
export const domainOrder = [
  "activity",
  "webhooks",
  "settings",
  "teams",
  "forms",
  "panels",
  "bot-setup",
  "transcripts",
  "resources",
  "tickets",
  "helpdesk",
  "statistics",
  "retention",
  "config-transfer",
  "views",
] as const;

/**
 * The doors into the ticket core below the entry points, lowest first: Discord's interactions, Discord's gateway (its
 * events), and Try-it, which plays the Discord client.
 */
export const doorOrder = ["discord", "gateway", "try-it"] as const;

/**
 * Top first. `holds`: a folder (ends in /), a file, or a pattern of top-level files. `order`: the folders of the layer,
 * lowest first, when a folder may import only those before it.
 */
const layers: { name: string; holds: (string | RegExp)[]; order?: readonly string[] }[] = [
  { name: "wiring", holds: ["app.ts", "index.ts", /^seed[\w-]*\.ts$/] },
  { name: "entry points", holds: ["http/"] },
  { name: "doors", holds: doorOrder.map((folder) => `${folder}/`), order: doorOrder },
  { name: "domain", holds: domainOrder.map((folder) => `${folder}/`), order: domainOrder },
  { name: "access", holds: ["access/", "auth/"] },
  { name: "platform", holds: ["platform/"] },
  { name: "database", holds: ["db/"] },
  { name: "base", holds: ["config.ts", "errors.ts", "crypto.ts", "version.ts", "proxy-secret.ts"] },
];

const topOf = (file: string) => (file.includes("/") ? `${file.split("/")[0]}/` : file);

/** The layer index of a server file (0: wiring), or -1 when no layer holds it. */
export function layerOf(file: string): number {
  const top = topOf(file);
  return layers.findIndex((layer) => layer.holds.some((h) => (typeof h === "string" ? h === top : !file.includes("/") && h.test(file))));
}

const rankIn = (order: readonly string[], file: string) => order.indexOf(topOf(file).slice(0, -1));

/**
 * Why `from` may not import `to` (both server-relative, or `to` outside server/ as ../…), or null when it may.
 * `isRoutePlugin`: whether a file is a route plugin.
 */
export function refusal(from: string, to: string, isRoutePlugin: (file: string) => boolean): string | null {
  if (to.startsWith("../")) return to.startsWith("../src/schemas/") ? null : "outside server/, only src/schemas may be imported";
  const [a, b] = [layerOf(from), layerOf(to)];
  if (a < 0) return `${from} is in no layer`;
  if (b < 0) return `${to} is in no layer`;
  if (b < a) return `${layers[a].name} imports ${layers[b].name}, a layer above it`;
  const order = layers[a].order;
  if (a === b && order && rankIn(order, to) > rankIn(order, from)) {
    return `${topOf(from)} imports ${topOf(to)}, which comes after it in the order of the ${layers[a].name}`;
  }
  if (isRoutePlugin(to) && layers[a].name !== "wiring") return "a route plugin is imported only by the wiring";
  return null;
}

/** Every server file's relative imports, as server-relative paths (../… when outside server/). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(serverDir, file), "utf8");
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((i) => i.fileName)
    .filter((spec) => spec.startsWith("."))
    .map((spec) => {
      const target = path.resolve(path.dirname(path.join(serverDir, file)), spec);
      const resolved =
        [`${target}.ts`, path.join(target, "index.ts"), target].find(
          (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
        ) ?? target;
      return path.relative(serverDir, resolved).split(path.sep).join("/");
    });
}

function serverFiles(dir = serverDir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith(".ts") ? [path.relative(serverDir, full).split(path.sep).join("/")] : [];
  });
}

/** A route plugin: a file of http/ whose default export is its plugin function. */
const defaultsToPlugin = (file: string) =>
  file.startsWith("http/") &&
  fs.existsSync(path.join(serverDir, file)) &&
  /^export default async function/m.test(fs.readFileSync(path.join(serverDir, file), "utf8"));

function violations(graph: Record<string, string[]>, isRoutePlugin: (file: string) => boolean = defaultsToPlugin): string[] {
  return Object.entries(graph).flatMap(([from, targets]) =>
    targets.flatMap((to) => {
      const why = refusal(from, to, isRoutePlugin);
      return why ? [`${from} → ${to}: ${why}`] : [];
    }),
  );
}

/**
 * The entry points that query the database themselves, each with why (none now): a file of http/ calls the domain, a
 * door (or auth/, or db/), which holds the queries.
 */
const queriesInEntryPoints: Record<string, string> = {};

/** SQL written in a file: a Kysely query or transaction, a raw sql`` template, a prepared query. */
const writesSql = (text: string) =>
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`|\.transaction\(\)|\bprepared\(/.test(text);

describe("the server's layers", () => {
  const files = serverFiles();
  const graph = Object.fromEntries(files.map((file) => [file, importsOf(file)]));

  it("every file belongs to a layer", () => {
    expect(files.filter((file) => layerOf(file) < 0)).toEqual([]);
  });

  it("every import runs down the layers (and inside the domain, down its order)", () => {
    expect(violations(graph)).toEqual([]);
  });

  it("every domain folder and door is in use and the orders name no folder that is gone", () => {
    const folders = new Set(
      files
        .map(topOf)
        .filter((top) => top.endsWith("/"))
        .map((top) => top.slice(0, -1)),
    );
    expect([...doorOrder, ...domainOrder].filter((folder) => !folders.has(folder))).toEqual([]);
  });

  it("the entry points hold no SQL: the queries are the domain's (those left are listed with their reason)", () => {
    const querying = files.filter((file) => file.startsWith("http/") && writesSql(fs.readFileSync(path.join(serverDir, file), "utf8")));
    expect(querying.sort()).toEqual(Object.keys(queriesInEntryPoints).sort());
    // The check itself.
    const queries = [
      'db.selectFrom("tags")',
      "trx.deleteFrom(spec.table)",
      "sql`select 1`",
      "app.db.transaction().execute(",
      "prepared((db) => db)",
    ];
    expect(queries.map(writesSql)).toEqual([true, true, true, true, true]);
    expect(["app.tags.list(guildId)", "resourceStore(app.db, spec)", "// selectFrom is the domain's"].map(writesSql)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("finds an import that runs upward", () => {
    // The check itself, on imports that must be refused.
    expect(
      violations(
        {
          "db/client.ts": ["tickets/engine.ts"],
          "platform/demo.ts": ["auth/sessions.ts"],
          "settings/store.ts": ["http/settings.ts"],
          "panels/service.ts": ["tickets/engine.ts"],
          "tickets/engine.ts": ["http/support/route-schemas.ts", "../src/resources/registry.ts"],
          "http/support/route-schemas.ts": ["http/settings.ts"],
          "stray.ts": ["config.ts"],
          // The ticket core (tickets/, helpdesk/, statistics/) never imports a door, and tickets/ never its help desk.
          "tickets/claim.ts": ["discord/texts.ts", "try-it/interaction.ts", "helpdesk/triage.ts"],
          "helpdesk/reply.ts": ["discord/render.ts"],
          "statistics/figures.ts": ["http/statistics.ts"],
          "discord/router.ts": ["try-it/interaction.ts", "tickets/claim.ts", "helpdesk/notes.ts"],
          // The gateway is a door too: the core asks it only through EngineDeps.gateway, and Discord's router never calls it.
          "tickets/conversation.ts": ["gateway/coverage.ts"],
          "gateway/events.ts": ["discord/messages.ts", "tickets/close.ts", "try-it/channels.ts"],
        },
        (file) => file === "http/settings.ts",
      ),
    ).toEqual([
      "db/client.ts → tickets/engine.ts: database imports domain, a layer above it",
      "platform/demo.ts → auth/sessions.ts: platform imports access, a layer above it",
      "settings/store.ts → http/settings.ts: domain imports entry points, a layer above it",
      "panels/service.ts → tickets/engine.ts: panels/ imports tickets/, which comes after it in the order of the domain",
      "tickets/engine.ts → http/support/route-schemas.ts: domain imports entry points, a layer above it",
      "tickets/engine.ts → ../src/resources/registry.ts: outside server/, only src/schemas may be imported",
      "http/support/route-schemas.ts → http/settings.ts: a route plugin is imported only by the wiring",
      "stray.ts → config.ts: stray.ts is in no layer",
      "tickets/claim.ts → discord/texts.ts: domain imports doors, a layer above it",
      "tickets/claim.ts → try-it/interaction.ts: domain imports doors, a layer above it",
      "tickets/claim.ts → helpdesk/triage.ts: tickets/ imports helpdesk/, which comes after it in the order of the domain",
      "helpdesk/reply.ts → discord/render.ts: domain imports doors, a layer above it",
      "statistics/figures.ts → http/statistics.ts: domain imports entry points, a layer above it",
      "discord/router.ts → try-it/interaction.ts: discord/ imports try-it/, which comes after it in the order of the doors",
      "tickets/conversation.ts → gateway/coverage.ts: domain imports doors, a layer above it",
      "gateway/events.ts → try-it/channels.ts: gateway/ imports try-it/, which comes after it in the order of the doors",
    ]);
  });
});
