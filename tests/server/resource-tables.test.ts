import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineResourceSpec, type ResourceSpec } from "../../src/schemas/resource-spec";
import { allResourceSpecs, isTableSpec } from "../../src/schemas/resources";
import { migrateToLatest } from "../../server/db/client";
import { type DialectName, dialectHelpers } from "../../server/db/dialect";
import { migrations } from "../../server/db/migrations/index";
import { tableColumns } from "../../server/db/resource-tables";
import { plannedColumns } from "../../server/resources/columns";
import { checkResourceTables, driftOf, ResourceSchemaError, resourceMigration } from "../../server/resources/tables";
import { createTestApp, createTestDatabase, type TestApp } from "./helpers";

// A spec'd resource's table is made by a migration, the one source of the schema: `npm run new-resource-migration`
// writes it from the spec (server/resources/tables.ts), the server refuses to start on a table that is not what its
// spec says, and a database whose tables the server used to make at start migrates without losing a row. On SQLite
// and PostgreSQL.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const specs = allResourceSpecs.filter(isTableSpec);
const probe = (fields: z.ZodRawShape) =>
  defineResourceSpec({
    name: "engine-probe",
    table: "engine_probe",
    key: { field: "ProbeId", kind: "serial" },
    input: z.object(fields),
    record: z.object({ ...fields, ProbeId: z.number() }),
    unique: [{ fields: ["Name"], message: () => "taken" }],
    permissions: {},
    activity: { created: "c", updated: "u", deleted: "d" },
    limit: { max: 10, things: "probes" },
    order: [],
    api: { listKey: "probes", oneKey: "probe", messages: { created: "", updated: "", deleted: "", notFound: "", stale: "" } },
    doc: { tag: "Tags", summary: "probes" },
  }) as unknown as ResourceSpec;

const columnsOf = async (db: Kysely<any>, dialect: DialectName, table: string) =>
  (await tableColumns(db, dialect, table))?.map((c) => c.name);
const driftIn = async (spec: ResourceSpec) => driftOf(spec, await tableColumns(t.db, t.app.dbDialect, spec.table));

/** Writes the migration the script would, imports it and runs it, as the migrator does. */
async function runWritten(spec: ResourceSpec): Promise<string> {
  const written = resourceMigration(
    spec,
    await driftIn(spec),
    Object.keys(migrations),
    path.resolve(import.meta.dirname, "../../server/db"),
  );
  if (!written) throw new Error("nothing written");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ticketeer-written-")), `${written.name}.ts`);
  fs.writeFileSync(file, written.source);
  const migration = (await import(file)) as { up(db: Kysely<any>, d: ReturnType<typeof dialectHelpers>): Promise<void> };
  await t.db.transaction().execute((trx) => migration.up(trx, dialectHelpers(t.app.dbDialect)));
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return written.name;
}

describe("a resource's table comes from its migration", () => {
  it("the migrations make every registered resource's table as its spec says: nothing is left to write", async () => {
    for (const spec of specs) expect(resourceMigration(spec, await driftIn(spec)), spec.name).toBeUndefined();
    await expect(checkResourceTables(t.db, t.app.dbDialect)).resolves.toBeUndefined();
  });

  it("a spec without its table stops the server with the command that writes it; the written migration makes it", async () => {
    const spec = probe({ Name: z.string() });
    await expect(checkResourceTables(t.db, t.app.dbDialect, [spec])).rejects.toThrow(
      'Resource "engine-probe" has no table engine_probe: run `npm run new-resource-migration engine-probe` to write the migration that makes it, ' +
        "then start again.",
    );
    expect(await runWritten(spec)).toMatch(/^\d{3}_engine_probe$/);
    expect(await columnsOf(t.db, t.app.dbDialect, "engine_probe")).toEqual([
      "id",
      "guild_id",
      "name",
      "created_at",
      "updated_at",
      "revision",
    ]);
    await expect(checkResourceTables(t.db, t.app.dbDialect, [spec])).resolves.toBeUndefined();
    // Its unique index compares the name without case.
    const row = (name: string) => ({ guild_id: "1", name, created_at: 1 });
    await t.db
      .insertInto("engine_probe" as never)
      .values(row("kept") as never)
      .execute();
    await expect(
      t.db
        .insertInto("engine_probe" as never)
        .values(row("KEPT") as never)
        .execute(),
    ).rejects.toThrow();
  });

  it("a new field stops the server until the written migration adds its column; the rows are kept", async () => {
    const spec = probe({ Name: z.string(), Active: z.boolean().default(true), Weight: z.number().int().max(10) });
    await expect(checkResourceTables(t.db, t.app.dbDialect, [spec])).rejects.toThrow(
      'Resource "engine-probe": the table engine_probe has no column active, weight: run `npm run new-resource-migration engine-probe` to write the ' +
        "migration that adds them",
    );
    expect(await runWritten(spec)).toMatch(/^\d{3}_engine_probe_add_active_weight$/);
    await expect(checkResourceTables(t.db, t.app.dbDialect, [spec])).resolves.toBeUndefined();
    const kept = (await t.db
      .selectFrom("engine_probe" as never)
      .selectAll()
      .execute()) as { name: string; revision: number }[];
    expect(kept.map((r) => [r.name, r.revision])).toEqual([["kept", 1]]);
  });

  it("what would lose or reinterpret data is never written for you: the server and the script name the migration to write", async () => {
    const dropped = probe({ Name: z.string(), Active: z.boolean() });
    const message = new RegExp(
      '^Resource "engine-probe": the table engine_probe has a column weight that the spec no longer declares\\. .*write a migration ' +
        "\\(server/db/migrations/\\d{3}_engine_probe_drop_weight\\.ts, and its line in server/db/migrations/index\\.ts\\) that drops or renames weight, " +
        "then start again\\.$",
    );
    await expect(checkResourceTables(t.db, t.app.dbDialect, [dropped])).rejects.toThrow(message);
    await expect(checkResourceTables(t.db, t.app.dbDialect, [dropped])).rejects.toBeInstanceOf(ResourceSchemaError);
    await expect(driftIn(dropped).then((drift) => resourceMigration(dropped, drift))).rejects.toThrow(message);
    const retyped = probe({ Name: z.number().int().max(10), Active: z.boolean(), Weight: z.number().int().max(10) });
    await expect(checkResourceTables(t.db, t.app.dbDialect, [retyped])).rejects.toThrow(
      /has name as (text|TEXT) where the spec needs integer\./,
    );
    const kept = ["id", "guild_id", "name", "created_at", "updated_at", "revision", "active", "weight"];
    expect(await columnsOf(t.db, t.app.dbDialect, "engine_probe")).toEqual(kept);
  });
});

/** What the server did at start before migrations made the spec'd tables: created a missing one, added a column. */
async function formerStartUp(db: Kysely<any>, dialect: DialectName) {
  for (const spec of specs) {
    const columns = plannedColumns(spec);
    const existing = await tableColumns(db, dialect, spec.table);
    if (existing) {
      for (const column of columns.filter((c) => !existing.some((e) => e.name === c.name))) {
        const definition = column.name === "revision" ? sql`integer not null default 1` : sql.raw(column.type);
        await sql`alter table ${sql.id(spec.table)} add column ${sql.id(column.name)} ${definition}`.execute(db);
      }
      continue;
    }
    let builder = db.schema.createTable(spec.table);
    for (const column of columns) {
      if (column.name === "id") {
        builder =
          spec.key.kind === "uuid"
            ? builder.addColumn("id", "text", (c) => c.primaryKey())
            : dialect === "postgres"
              ? builder.addColumn("id", "serial", (c) => c.primaryKey())
              : builder.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
      } else if (column.name === "guild_id" || column.name === "created_at") {
        builder = builder.addColumn(column.name, sql.raw(column.type), (c) => c.notNull());
      } else if (column.name === "revision") {
        builder = builder.addColumn("revision", "integer", (c) => c.notNull().defaultTo(1));
      } else {
        builder = builder.addColumn(column.name, sql.raw(column.type));
      }
    }
    await builder.execute();
    await sql`create index ${sql.id(`${spec.table}_guild`)} on ${sql.id(spec.table)} (guild_id, id)`.execute(db);
    for (const unique of spec.unique ?? []) {
      const parts = unique.fields.map((field) => {
        const column = columns.find((c) => c.field === field)!;
        return column.type === "text" ? sql`lower(${sql.id(column.name)})` : sql.id(column.name);
      });
      const name = `${spec.table}_${unique.fields.map((f) => f.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase()).join("_")}_unique`;
      await sql`create unique index ${sql.id(name)} on ${sql.id(spec.table)} (guild_id, ${sql.join(parts)})`.execute(db);
    }
  }
}

const indexesOf = async (db: Kysely<any>, dialect: DialectName, table: string) =>
  dialect === "postgres"
    ? (
        await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table} order by 1`.execute(db)
      ).rows
    : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table} order by 1`.execute(db))
        .rows;

describe("a database whose tables the server made at start", () => {
  it("migrates without losing a row, to the schema the migrations make", async () => {
    const former = await createTestDatabase();
    const fresh = await createTestDatabase();
    try {
      const { db, dialect } = former.handle;
      await migrateToLatest(former.handle, "027_demo_clocks");
      await formerStartUp(db, dialect);
      // One row in each table, every field filled.
      const stored = new Map<string, Record<string, unknown>>();
      for (const spec of specs) {
        const row: Record<string, unknown> = { guild_id: "42", created_at: 1000, updated_at: 2000, revision: 3 };
        if (spec.key.kind === "uuid") row.id = randomUUID();
        for (const column of plannedColumns(spec).filter((c) => c.field))
          row[column.name] = column.type === "text" ? `${spec.name} ${column.name}` : 7;
        const inserted = await db
          .insertInto(spec.table as never)
          .values(row as never)
          .returningAll()
          .executeTakeFirstOrThrow();
        stored.set(spec.table, inserted as Record<string, unknown>);
      }

      const ran = await migrateToLatest(former.handle);
      expect(ran).toEqual(Object.keys(migrations).filter((name) => name > "027_demo_clocks"));
      for (const spec of specs)
        expect(
          await db
            .selectFrom(spec.table as never)
            .selectAll()
            .execute(),
          spec.table,
        ).toEqual([stored.get(spec.table)]);
      await expect(checkResourceTables(db, dialect)).resolves.toBeUndefined();

      // The same columns, types and indexes as a database the migrations made from the start.
      await migrateToLatest(fresh.handle);
      for (const spec of specs) {
        expect(await tableColumns(db, dialect, spec.table), spec.table).toEqual(await tableColumns(fresh.handle.db, dialect, spec.table));
        expect(await indexesOf(db, dialect, spec.table), spec.table).toEqual(await indexesOf(fresh.handle.db, dialect, spec.table));
      }
    } finally {
      await former.close();
      await fresh.close();
    }
  });

  it("one whose table is not what its migration makes is refused, storing nothing", async () => {
    const former = await createTestDatabase();
    try {
      const { db } = former.handle;
      await migrateToLatest(former.handle, "027_demo_clocks");
      const table = db.schema.createTable("close_reasons").addColumn("id", "integer", (c) => c.primaryKey());
      await table.addColumn("guild_id", "text").addColumn("label", "text").execute();
      await expect(migrateToLatest(former.handle)).rejects.toThrow(
        "close_reasons failed: The resource table close_reasons has no column text, has no column position, has no column created_at, " +
          "has no column updated_at, has no column revision: write the migration that makes it what its spec says by hand.",
      );
      expect(await columnsOf(db, former.handle.dialect, "close_reasons")).toEqual(["id", "guild_id", "label"]);
      expect(await columnsOf(db, former.handle.dialect, "ticket_labels")).toBeUndefined();
    } finally {
      await former.close();
    }
  });
});
