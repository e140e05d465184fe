// Writes the migration that makes a spec'd resource's table what its spec says (docs/adding-a-resource.md):
//   npm run new-resource-migration <name>      (the resource's name in src/schemas/resources.ts, e.g. close-reasons)
// It runs every migration on a database of its own in memory, compares the table they make with the spec, and writes
// server/db/migrations/NNN_<table>[_add_<columns>].ts with its line in server/db/migrations/index.ts: the table, or
// the columns of the spec's new fields. A column dropped, renamed or retyped is refused: that migration is written by
// hand, so no data is lost without someone deciding it.
import fs from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import * as prettier from "prettier";
import { allResourceSpecs, isTableSpec } from "../src/schemas/resources";
import { migrateToLatest } from "../server/db/client";
import { tableColumns } from "../server/db/resource-tables";
import type { Db } from "../server/db/schema";
import { driftOf, ResourceSchemaError, resourceMigration } from "../server/resources/tables";

const name = process.argv[2];
const specs = allResourceSpecs.filter(isTableSpec);
const spec = specs.find((s) => s.name === name);
if (!spec) {
  console.error(`usage: npm run new-resource-migration <name>, the name of a spec'd resource: ${specs.map((s) => s.name).join(", ")}`);
  process.exit(2);
}

const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new BetterSqlite3(":memory:") }) }) as unknown as Db;
await migrateToLatest({ db, dialect: "sqlite" });
const drift = driftOf(spec, await tableColumns(db, "sqlite", spec.table));
await db.destroy();

let migration;
try {
  migration = resourceMigration(spec, drift);
} catch (error) {
  if (!(error instanceof ResourceSchemaError)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (!migration) {
  console.log(`The migrations already make ${spec.table} as the spec of "${spec.name}" says: nothing to write.`);
  process.exit(0);
}

const dir = path.resolve(import.meta.dirname, "../server/db/migrations");
const file = path.join(dir, `${migration.name}.ts`);
// Laid out as `npm run format` would leave it, so `npm run format:check` passes with the new file.
fs.writeFileSync(file, await prettier.format(migration.source, { ...(await prettier.resolveConfig(file)), filepath: file }));
const indexFile = path.join(dir, "index.ts");
const index = fs.readFileSync(indexFile, "utf8");
const module = `m${migration.name.slice(0, 3)}`;
const lastImport = [...index.matchAll(/^import \* as m\d+ from "\.\/[\w]+";$/gm)].at(-1)!;
const lastEntry = [...index.matchAll(/^ {2}"\d{3}_\w+": m\d+,$/gm)].at(-1)!;
const edited =
  index.slice(0, lastImport.index + lastImport[0].length) +
  `\nimport * as ${module} from "./${migration.name}";` +
  index.slice(lastImport.index + lastImport[0].length, lastEntry.index + lastEntry[0].length) +
  `\n  "${migration.name}": ${module},` +
  index.slice(lastEntry.index + lastEntry[0].length);
fs.writeFileSync(indexFile, edited);
console.log(`wrote server/db/migrations/${migration.name}.ts and its line in server/db/migrations/index.ts`);
