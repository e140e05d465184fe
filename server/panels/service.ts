import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { MultiPanel } from "../../src/schemas/multi-panel";
import type { SinglePanel } from "../../src/schemas/panel";
import type { PanelProperties } from "../../src/schemas/panel-properties";
import { guildLimits } from "../../src/schemas/limits";
import { type ActivityActor, recordActivityOf } from "../activity/record";
import { isForeignKeyViolation } from "../db/errors";
import { assertBelowGuildLimit } from "../db/guild-limits";
import type { Db } from "../db/schema";
import { HttpError, notFound } from "../errors";
import type { PlatformAdapter } from "../platform/adapter";
import { channelsByName } from "../platform/channel-names";
import { checkMultiPanelReferences, checkSinglePanelReferences } from "./references";
import { postPanel, sendPanel } from "./send";
import {
  findPanel,
  insertMultiPanel,
  insertSinglePanel,
  membersOf,
  multiPanelData,
  multiPanelName,
  multiPanelsUsing,
  type PanelRow,
  singlePanelData,
  type StoredMultiPanel,
  type StoredSinglePanel,
  toApiPanel,
  toMultiPanel,
  toSinglePanel,
} from "./store";
import { panelActions, panelText } from "./text";

// Ticket panels and multi-panels (SPEC §2, §3, §5, §7): what the editor offers, the list, create, update, delete and
// resend. References must stay inside the guild (./references.ts); an update naming an older Revision is refused
// (409) so two editors never silently overwrite each other. A panel's message goes out after it is stored, never
// inside the transaction.

export class PanelsService {
  constructor(private readonly deps: { db: Db; platform: PlatformAdapter; log: FastifyBaseLogger }) {}

  /** What the panel editor offers: the server's channels, categories, emojis and roles, the guild's teams and forms. */
  async properties(guildId: string): Promise<PanelProperties> {
    const { db, platform } = this.deps;
    const guild = await platform.getGuild(guildId);
    const [teams, forms] = await Promise.all([
      db.selectFrom("teams").select(["id", "name"]).where("guild_id", "=", guildId).orderBy("name").orderBy("id").execute(),
      db.selectFrom("forms").select(["id", "name"]).where("guild_id", "=", guildId).orderBy("name").orderBy("id").execute(),
    ]);
    return {
      channels: { text: channelsByName(guild.text_channels), categories: channelsByName(guild.categories) },
      emojis: guild.emojis.map((e) => ({ id: e.id, name: e.name, url: e.url })),
      roles: guild.roles.map((r) => ({ RoleId: r.id, RoleName: r.name })),
      support_teams: teams.map((t) => ({ TeamId: String(t.id), TeamName: t.name })),
      forms: forms.map((f) => ({ FormId: f.id, FormName: f.name })),
    };
  }

  /** The guild's panels and multi-panels, each kind only when asked for (the caller may view it). */
  async list(
    guildId: string,
    kinds: { singles: boolean; multis: boolean },
  ): Promise<{ SinglePanels: StoredSinglePanel[]; MultiPanels: StoredMultiPanel[] }> {
    const { db } = this.deps;
    const rows = await db.selectFrom("panels").selectAll().where("guild_id", "=", guildId).orderBy("id").execute();
    const singles = kinds.singles ? rows.filter((r) => r.kind === "single").map(toSinglePanel) : [];
    const multiRows = kinds.multis ? rows.filter((r) => r.kind === "multi") : [];
    const members = await membersOf(
      db,
      multiRows.map((r) => r.id),
    );
    return { SinglePanels: singles, MultiPanels: multiRows.map((r) => toMultiPanel(r, members.get(r.id) ?? [])) };
  }

  /** One panel of the guild (either kind); 404 when there is none. */
  async find(guildId: string, panelId: number): Promise<PanelRow> {
    const row = await findPanel(this.deps.db, guildId, panelId);
    if (!row) throw notFound(panelText.notFound);
    return row;
  }

  /** The answer shape of a panel row. */
  toApi(row: PanelRow): Promise<StoredSinglePanel | StoredMultiPanel> {
    return toApiPanel(this.deps.db, row);
  }

  /** Stores a new single panel, then posts its message; `warning` when the message could not be sent. */
  async createSingle(guildId: string, panel: SinglePanel, actor: ActivityActor): Promise<{ panelId: number; warning?: string }> {
    const guild = await this.deps.platform.getGuild(guildId);
    const panelId = await this.deps.db.transaction().execute(async (trx) => {
      await assertBelowGuildLimit(trx, "panels", guildId, guildLimits.panels, "panels", "single");
      const { teamId } = await checkSinglePanelReferences(trx, guild, panel);
      const id = await insertSinglePanel(trx, guildId, panel, teamId, Date.now());
      await recordActivityOf(trx, actor, {
        guildId,
        action: panelActions.created,
        after: toSinglePanel((await findPanel(trx, guildId, id))!),
      });
      return id;
    });
    return { panelId, ...(await this.postAfterCreate(guildId, panelId)) };
  }

  /** Stores a new multi-panel, then posts its message; `warning` when the message could not be sent. */
  async createMulti(guildId: string, panel: MultiPanel, actor: ActivityActor): Promise<{ panelId: number; warning?: string }> {
    const guild = await this.deps.platform.getGuild(guildId);
    const panelId = await this.deps.db.transaction().execute(async (trx) => {
      await assertBelowGuildLimit(trx, "panels", guildId, guildLimits.multiPanels, "multi-panels", "multi");
      const memberIds = await checkMultiPanelReferences(trx, guild, panel);
      const id = await insertMultiPanel(trx, guildId, panel, memberIds, Date.now());
      await recordActivityOf(trx, actor, {
        guildId,
        action: panelActions.multiCreated,
        after: toMultiPanel((await findPanel(trx, guildId, id))!, memberIds),
      });
      return id;
    });
    return { panelId, ...(await this.postAfterCreate(guildId, panelId)) };
  }

  /** After a create: post the message; a failure keeps the panel and says so (Resend posts it later). */
  private async postAfterCreate(guildId: string, panelId: number): Promise<{ warning?: string }> {
    try {
      await postPanel(this.deps.db, this.deps.platform, guildId, (await findPanel(this.deps.db, guildId, panelId))!);
      return {};
    } catch (error) {
      this.deps.log.warn({ err: error }, "panel message not sent");
      return { warning: panelText.sendFailed(error instanceof Error ? error.message : String(error)) };
    }
  }

  async updateSingle(guildId: string, existing: PanelRow, panel: SinglePanel, actor: ActivityActor): Promise<void> {
    const guild = await this.deps.platform.getGuild(guildId);
    await this.deps.db.transaction().execute(async (trx) => {
      const current = await this.current(trx, guildId, existing, panel.Revision);
      const { teamId } = await checkSinglePanelReferences(trx, guild, panel);
      const before = toSinglePanel(current);
      await this.bump(trx, current, {
        name: panel.PanelName,
        form_id: panel.FormId,
        team_id: teamId,
        data_json: JSON.stringify(singlePanelData(panel)),
      });
      const after = toSinglePanel((await findPanel(trx, guildId, current.id))!);
      await recordActivityOf(trx, actor, { guildId, action: panelActions.updated, before, after });
    });
  }

  async updateMulti(guildId: string, existing: PanelRow, panel: MultiPanel, actor: ActivityActor): Promise<void> {
    const guild = await this.deps.platform.getGuild(guildId);
    await this.deps.db.transaction().execute(async (trx) => {
      const current = await this.current(trx, guildId, existing, panel.Revision);
      const memberIds = await checkMultiPanelReferences(trx, guild, panel);
      const before = toMultiPanel(current, (await membersOf(trx, [current.id])).get(current.id) ?? []);
      await this.bump(trx, current, { name: multiPanelName(panel), data_json: JSON.stringify(multiPanelData(panel)) });
      await trx.deleteFrom("multi_panel_members").where("multi_panel_id", "=", current.id).execute();
      await trx
        .insertInto("multi_panel_members")
        .values(memberIds.map((id, position) => ({ multi_panel_id: current.id, panel_id: id, position })))
        .execute();
      const after = toMultiPanel((await findPanel(trx, guildId, current.id))!, memberIds);
      await recordActivityOf(trx, actor, { guildId, action: panelActions.multiUpdated, before, after });
    });
  }

  /** The panel as stored now, inside the update's transaction: gone (404) or of another revision than edited (409). */
  private async current(trx: Db, guildId: string, existing: PanelRow, revision: number | undefined): Promise<PanelRow> {
    const current = await findPanel(trx, guildId, existing.id);
    if (!current) throw notFound(panelText.notFound);
    if (revision !== undefined && revision !== current.revision) throw new HttpError(409, panelText.stale);
    return current;
  }

  /** Writes the panel's new values on the revision read (compare-and-set), moving the revision on. */
  private async bump(
    trx: Db,
    current: PanelRow,
    set: { name: string; data_json: string; form_id?: number | null; team_id?: number | null },
  ) {
    const updated = await trx
      .updateTable("panels")
      .set({ ...set, revision: current.revision + 1, updated_at: Date.now() })
      .where("id", "=", current.id)
      .where("revision", "=", current.revision)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, panelText.stale);
  }

  /** Deletes a panel (a single panel only when no multi-panel shows it: 409 naming them). */
  async remove(guildId: string, existing: PanelRow, actor: ActivityActor): Promise<void> {
    const { db } = this.deps;
    try {
      await db.transaction().execute(async (trx) => {
        const current = await findPanel(trx, guildId, existing.id);
        if (!current) throw notFound(panelText.notFound);
        const before = await toApiPanel(trx, current);
        if (current.kind === "single") {
          const users = await multiPanelsUsing(trx, guildId, current.id);
          if (users.length) throw new HttpError(409, panelText.usedByMultiPanels(users));
        }
        // Members go with their multi-panel (on delete cascade), explicitly too for clarity on both databases.
        await trx.deleteFrom("multi_panel_members").where("multi_panel_id", "=", current.id).execute();
        await trx.deleteFrom("panels").where("guild_id", "=", guildId).where("id", "=", current.id).execute();
        await recordActivityOf(trx, actor, {
          guildId,
          action: current.kind === "multi" ? panelActions.multiDeleted : panelActions.deleted,
          before,
        });
      });
    } catch (error) {
      // A multi-panel that started using the panel meanwhile: the foreign key refuses, answer as above.
      if (!isForeignKeyViolation(error)) throw error;
      throw new HttpError(409, panelText.usedByMultiPanels(await multiPanelsUsing(db, guildId, existing.id)));
    }
  }

  /** Posts the panel's message again and keeps its id, with the activity entry. */
  async resend(guildId: string, row: PanelRow, actor: ActivityActor): Promise<void> {
    const { messageId, channelId } = await sendPanel(this.deps.db, this.deps.platform, guildId, row);
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable("panels").set({ message_id: messageId }).where("guild_id", "=", guildId).where("id", "=", row.id).execute();
      await recordActivityOf(trx, actor, {
        guildId,
        action: row.kind === "multi" ? panelActions.multiResent : panelActions.resent,
        before: { PanelId: row.id, MessageId: row.message_id },
        after: { PanelId: row.id, Name: row.name, ChannelId: channelId, MessageId: messageId },
      });
    });
  }
}

declare module "fastify" {
  interface FastifyInstance {
    panels: PanelsService;
  }
}

export function registerPanels(app: FastifyInstance): void {
  app.decorate("panels", new PanelsService({ db: app.db, platform: app.platform, log: app.log }));
}
