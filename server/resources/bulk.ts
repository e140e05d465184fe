import { bulkMessages } from "../../src/schemas/bulk";
import { guildLimitReached } from "../../src/schemas/limits";
import { bulkActivity, type ResourceSpec } from "../../src/schemas/resource-spec";
import { type ActivityActor, recordActivityOf } from "../activity/record";
import { keepForUndo, takeUndo } from "../db/bulk-undo";
import type { SchemaFreeDb } from "../db/dialect";
import type { Db } from "../db/schema";
import { HttpError, notFound } from "../errors";
import { type ResourceStore, type Row, specTable } from "./store";

// The grid's bulk delete of a spec'd resource and its Undo (src/schemas/bulk.ts). A delete takes every named row of
// the guild or none: an id the guild does not have (another server's, one deleted meanwhile) refuses the request and
// nothing is deleted. The rows go in one transaction with one activity entry naming how many ("Tags Deleted",
// Before: {Count, <list key>}), and are kept as they were stored — every column, the creation time that orders the
// list, the revision — in `bulk_undo` under the hash of a random token answered to the caller. `restore` with that
// token (the same caller and guild, within bulkUndoKeepMs) puts them back in one transaction, checked again: the
// caller's create permission (the route), the guild's limit, each unique name (another record may have taken it
// since), one entry ("Tags Restored"). The client sends only the token, never rows: nothing it makes up is inserted.

const loose = (db: Db) => db as unknown as SchemaFreeDb;

export interface BulkDeleted {
  ids: (string | number)[];
  undoToken: string;
}

export interface ResourceBulk {
  /** Deletes the guild's records of these ids (all or none) and keeps them for an Undo. */
  remove(guildId: string, ids: readonly (string | number)[], actor: ActivityActor): Promise<BulkDeleted>;
  /** Puts back what the delete of `token` took, exactly; 410 once the Undo's time is over or it was used. */
  restore(guildId: string, token: string, actor: ActivityActor): Promise<{ ids: (string | number)[] }>;
}

export function resourceBulk(db: Db, spec: ResourceSpec, store: ResourceStore): ResourceBulk {
  const { toItem, assertUnique, clashesAs409 } = specTable(spec);
  const activity = bulkActivity(spec);
  const idOf = (row: Row) => (spec.key.kind === "serial" ? Number(row.id) : row.id);
  return {
    remove: (guildId, ids, actor) =>
      db.transaction().execute(async (trx) => {
        const wanted = [...new Set(ids)];
        const rows = (await loose(trx)
          .selectFrom(spec.table)
          .selectAll()
          .where("guild_id", "=", guildId)
          .where("id", "in", wanted)
          .orderBy("created_at", "asc")
          .orderBy("id", "asc")
          .execute()) as Row[];
        if (rows.length !== wanted.length) throw notFound(spec.api.messages.notFound);
        await loose(trx).deleteFrom(spec.table).where("guild_id", "=", guildId).where("id", "in", wanted).execute();
        const undoToken = await keepForUndo(trx, { guildId, resource: spec.name, userId: actor.id, rows });
        const items = rows.map(toItem);
        await recordActivityOf(trx, actor, {
          guildId,
          action: activity.deleted,
          before: { Count: rows.length, [spec.api.listKey]: items },
        });
        return { ids: rows.map(idOf), undoToken };
      }),

    restore: (guildId, token, actor) =>
      db.transaction().execute(async (trx) => {
        const kept = await takeUndo<Row[]>(trx, token, { guildId, resource: spec.name, userId: actor.id });
        if (!kept) throw new HttpError(410, bulkMessages.undoExpired);
        const rows = kept.map((row) => ({ ...row, guild_id: guildId }));
        const items = rows.map(toItem);
        if ((await store.count(trx, guildId)) + rows.length > spec.limit.max)
          throw new HttpError(409, guildLimitReached(spec.limit.max, spec.limit.things));
        for (const item of items) await assertUnique(trx, guildId, item);
        await clashesAs409(items[0] ?? {}, () => loose(trx).insertInto(spec.table).values(rows).execute());
        await recordActivityOf(trx, actor, {
          guildId,
          action: activity.restored,
          after: { Count: rows.length, [spec.api.listKey]: items },
        });
        return { ids: rows.map(idOf) };
      }),
  };
}
