import { sql } from "kysely";
import type { FastifyInstance } from "fastify";
import { serverResources } from "./registry";
import { syncResourceTable } from "./storage";

/** Makes or evolves the tables of the registered resources (after the migrations); returns what it changed. */
export async function syncResourceTables(app: Pick<FastifyInstance, "db" | "dbDialect">): Promise<string[]> {
  const sync = async (db: FastifyInstance["db"]) => {
    const changes: string[] = [];
    for (const { spec } of serverResources) changes.push(...(await syncResourceTable(db, app.dbDialect, spec)));
    return changes;
  };
  if (app.dbDialect !== "postgres") return sync(app.db);
  // Instances starting together on one PostgreSQL take turns (DDL is transactional there): the second finds the
  // tables already evolved instead of adding the same column twice.
  return app.db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${RESOURCE_SYNC_LOCK})`.execute(tx);
    return sync(tx);
  });
}

const RESOURCE_SYNC_LOCK = 774_201_002;
