import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import {
  savedViewLimits,
  savedViewMessages,
  savedViewStateSchema,
  type SavedView,
  type SavedViewState,
} from "../../src/schemas/saved-view";
import { dialectOf, fromDbJson } from "../db/dialect";
import type { Db } from "../db/schema";
import { HttpError, notFound } from "../errors";

// Saved views: each user's named states of a list (filters, sort, hidden columns), per server. Nobody else reads
// them: a view is shared as a link whose URL carries its whole state, which the reader's own access then filters.

/** Whose views, on which server. */
export interface ViewOwner {
  guildId: string;
  userId: string;
}

type Row = { id: number; list: string; name: string; state_json: string; created_at: number; updated_at: number };

/** A stored state read back through the shared schema: a row that no longer fits shows as an empty state. */
const stateOf = (json: string): SavedViewState => {
  const parsed = savedViewStateSchema.safeParse(fromDbJson(json, null));
  return parsed.success ? parsed.data : { filters: {}, sort: null, hide: [] };
};

const toView = (r: Row): SavedView => ({
  ViewId: Number(r.id),
  List: r.list,
  Name: r.name,
  State: stateOf(r.state_json),
  CreatedAt: Number(r.created_at),
  UpdatedAt: Number(r.updated_at),
});

const columns = ["id", "list", "name", "state_json", "created_at", "updated_at"] as const;

/** Names compare without case ("Open" and "open" are one name). */
const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

export class SavedViewsService {
  constructor(private readonly db: Db) {}

  /** The owner's views of a list, by name. */
  async list(owner: ViewOwner, list: string): Promise<SavedView[]> {
    const rows = await this.mine(this.db, owner).where("list", "=", list).orderBy("name").orderBy("id").execute();
    return rows.map(toView);
  }

  /** One of the owner's views (404 for anyone else's, or one of another server). */
  async get(owner: ViewOwner, viewId: number): Promise<SavedView> {
    const row = await this.mine(this.db, owner).where("id", "=", viewId).executeTakeFirst();
    if (!row) throw notFound(savedViewMessages.notFound);
    return toView(row);
  }

  /** Saves a view; 409 past the quota or on a name the owner already uses for that list (nothing is stored then). */
  async create(owner: ViewOwner, list: string, name: string, state: SavedViewState): Promise<SavedView> {
    return this.db.transaction().execute(async (tx) => {
      // One writer per owner and list at a time, so two saves cannot both take the last place (SQLite: one writer).
      if (dialectOf(tx) === "postgres") {
        await sql`select pg_advisory_xact_lock(hashtext(${`views:${owner.guildId}:${owner.userId}:${list}`}))`.execute(tx);
      }
      const existing = await this.mine(tx, owner).where("list", "=", list).execute();
      if (existing.length >= savedViewLimits.perList) throw new HttpError(409, savedViewMessages.quotaFull(savedViewLimits.perList));
      if (existing.some((r) => sameName(r.name, name))) throw new HttpError(409, savedViewMessages.duplicate);
      const now = Date.now();
      const row = await tx
        .insertInto("saved_views")
        .values({
          guild_id: owner.guildId,
          user_id: owner.userId,
          list,
          name,
          state_json: JSON.stringify(state),
          created_at: now,
          updated_at: now,
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return toView(row);
    });
  }

  /** Renames a view or replaces its state. */
  async update(owner: ViewOwner, viewId: number, change: { name?: string; state?: SavedViewState }): Promise<SavedView> {
    return this.db.transaction().execute(async (tx) => {
      const row = await this.mine(tx, owner).where("id", "=", viewId).executeTakeFirst();
      if (!row) throw notFound(savedViewMessages.notFound);
      const { name, state } = change;
      if (name !== undefined && !sameName(name, row.name)) {
        const others = await this.mine(tx, owner).where("list", "=", row.list).where("id", "!=", viewId).execute();
        if (others.some((r) => sameName(r.name, name))) throw new HttpError(409, savedViewMessages.duplicate);
      }
      const updated = await tx
        .updateTable("saved_views")
        .set({
          ...(name === undefined ? {} : { name }),
          ...(state === undefined ? {} : { state_json: JSON.stringify(state) }),
          updated_at: Date.now(),
        })
        .where("id", "=", viewId)
        .returning(columns)
        .executeTakeFirstOrThrow();
      return toView(updated);
    });
  }

  async remove(owner: ViewOwner, viewId: number): Promise<void> {
    const result = await this.db
      .deleteFrom("saved_views")
      .where("id", "=", viewId)
      .where("guild_id", "=", owner.guildId)
      .where("user_id", "=", owner.userId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound(savedViewMessages.notFound);
  }

  private mine(db: Db, owner: ViewOwner) {
    return db.selectFrom("saved_views").select(columns).where("guild_id", "=", owner.guildId).where("user_id", "=", owner.userId);
  }
}

declare module "fastify" {
  interface FastifyInstance {
    views: SavedViewsService;
  }
}

export function registerSavedViews(app: FastifyInstance): void {
  app.decorate("views", new SavedViewsService(app.db));
}
