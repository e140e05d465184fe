import { randomBytes } from "node:crypto";
import { bulkMessages, bulkUndoKeepMs } from "../../src/schemas/bulk";
import { guildLimitReached } from "../../src/schemas/limits";
import { bulkActivity, type ResourceSpec } from "../../src/schemas/resource-spec";
import { type ActivityActor, recordActivityOf } from "../activity/record";
import { hashToken } from "../auth/sessions";
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
  const undoRow = (trx: Db, guildId: string, token: string, userId: string) =>
    trx
      .selectFrom("bulk_undo")
      .selectAll()
      .where("token_hash", "=", hashToken(token))
      .where("guild_id", "=", guildId)
      .where("resource", "=", spec.name)
      .where("user_id", "=", userId)
      .where("expires_at", ">", Date.now())
      .executeTakeFirst();

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
        const now = Date.now();
        const undoToken = randomBytes(32).toString("base64url");
        await trx.deleteFrom("bulk_undo").where("expires_at", "<=", now).execute();
        await trx
          .insertInto("bulk_undo")
          .values({
            token_hash: hashToken(undoToken),
            guild_id: guildId,
            resource: spec.name,
            user_id: actor.id,
            rows_json: JSON.stringify(rows),
            expires_at: now + bulkUndoKeepMs,
          })
          .execute();
        const items = rows.map(toItem);
        await recordActivityOf(trx, actor, { guildId, action: activity.deleted, before: { Count: rows.length, [spec.api.listKey]: items } });
        return { ids: rows.map(idOf), undoToken };
      }),

    restore: async (guildId, token, actor) => {
      const kept = await undoRow(db, guildId, token, actor.id);
      if (!kept) throw new HttpError(410, bulkMessages.undoExpired);
      const rows = (JSON.parse(kept.rows_json) as Row[]).map((row) => ({ ...row, guild_id: guildId }));
      const items = rows.map(toItem);
      return clashesAs409(items[0] ?? {}, () =>
        db.transaction().execute(async (trx) => {
          // Taken in the transaction: two Undos of one token restore once.
          const taken = await trx.deleteFrom("bulk_undo").where("token_hash", "=", kept.token_hash).executeTakeFirst();
          if (Number(taken.numDeletedRows) !== 1) throw new HttpError(410, bulkMessages.undoExpired);
          if ((await store.count(trx, guildId)) + rows.length > spec.limit.max)
            throw new HttpError(409, guildLimitReached(spec.limit.max, spec.limit.things));
          for (const item of items) await assertUnique(trx, guildId, item);
          await loose(trx).insertInto(spec.table).values(rows).execute();
          await recordActivityOf(trx, actor, { guildId, action: activity.restored, after: { Count: rows.length, [spec.api.listKey]: items } });
          return { ids: rows.map(idOf) };
        }),
      );
    },
  };
}
