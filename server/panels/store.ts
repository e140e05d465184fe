import type { Kysely, Selectable } from "kysely";
import type { MultiPanel } from "../../src/schemas/multi-panel";
import type { SinglePanel } from "../../src/schemas/panel";
import { fromDbJson } from "../db/dialect";
import type { Database, PanelsTable } from "../db/schema";

// Rows of `panels` ↔ the §3 shapes. A panel's references live in columns (form_id, team_id, the member
// table); everything else of the shape is data_json. Reads always take the references from the columns, so
// a team deleted elsewhere (team_id set null) can never leave a stale id in an answer.

export type PanelRow = Selectable<PanelsTable>;
type Db = Kysely<Database>;

export type StoredSinglePanel = SinglePanel & { PanelId: number; MessageId: string | null; Revision: number };
export type StoredMultiPanel = MultiPanel & { PanelId: number; MessageId: string | null; Revision: number };

/** What data_json keeps of a single panel: the shape without id, references and bookkeeping. */
export function singlePanelData(panel: SinglePanel) {
  const { PanelId: _id, FormId: _form, SupportTeams: _teams, MessageId: _message, Revision: _rev, ...data } = panel;
  return data;
}

/** What data_json keeps of a multi-panel. */
export function multiPanelData(panel: MultiPanel) {
  const { PanelId: _id, Panels: _panels, MessageId: _message, Revision: _rev, ...data } = panel;
  return data;
}

export function toSinglePanel(row: PanelRow): StoredSinglePanel {
  const data = fromDbJson<Record<string, unknown>>(row.data_json, {});
  return {
    ...(data as Omit<SinglePanel, "PanelId" | "FormId" | "SupportTeams">),
    PanelId: row.id,
    FormId: row.form_id ?? null,
    SupportTeams: row.team_id === null ? [] : [String(row.team_id)],
    MessageId: row.message_id,
    Revision: row.revision,
  } as StoredSinglePanel;
}

export function toMultiPanel(row: PanelRow, memberIds: number[]): StoredMultiPanel {
  const data = fromDbJson<Record<string, unknown>>(row.data_json, {});
  return {
    ...(data as Omit<MultiPanel, "PanelId" | "Panels">),
    PanelId: row.id,
    Panels: memberIds.map(String),
    MessageId: row.message_id,
    Revision: row.revision,
  } as StoredMultiPanel;
}

/** Member panel ids of the given multi-panels, in their order. */
export async function membersOf(db: Db, multiPanelIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(multiPanelIds.map((id) => [id, []]));
  if (multiPanelIds.length === 0) return out;
  const rows = await db
    .selectFrom("multi_panel_members")
    .select(["multi_panel_id", "panel_id"])
    .where("multi_panel_id", "in", multiPanelIds)
    .orderBy("multi_panel_id")
    .orderBy("position")
    .execute();
  for (const r of rows) out.get(r.multi_panel_id)?.push(r.panel_id);
  return out;
}

/** One panel of the guild (either kind), or undefined. */
export async function findPanel(db: Db, guildId: string, panelId: number): Promise<PanelRow | undefined> {
  return db.selectFrom("panels").selectAll().where("guild_id", "=", guildId).where("id", "=", panelId).executeTakeFirst();
}

/** One single panel of the guild as stored, or undefined (a multi-panel's id names none). */
export async function findSinglePanel(db: Db, guildId: string, panelId: number): Promise<StoredSinglePanel | undefined> {
  const row = await db
    .selectFrom("panels")
    .selectAll()
    .where("guild_id", "=", guildId)
    .where("id", "=", panelId)
    .where("kind", "=", "single")
    .executeTakeFirst();
  return row ? toSinglePanel(row) : undefined;
}

/** The answer shape of one panel row. */
export async function toApiPanel(db: Db, row: PanelRow): Promise<StoredSinglePanel | StoredMultiPanel> {
  if (row.kind === "multi") return toMultiPanel(row, (await membersOf(db, [row.id])).get(row.id) ?? []);
  return toSinglePanel(row);
}

/** Multi-panels of the guild that show the given single panel: "Title" (#id) labels. */
export async function multiPanelsUsing(db: Db, guildId: string, panelId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("multi_panel_members")
    .innerJoin("panels", "panels.id", "multi_panel_members.multi_panel_id")
    .select(["panels.id", "panels.name"])
    .where("panels.guild_id", "=", guildId)
    .where("multi_panel_members.panel_id", "=", panelId)
    .orderBy("panels.id")
    .execute();
  return rows.map((r) => `"${r.name || "Untitled"}" (#${r.id})`);
}

/** The name column of a multi-panel: its title (SPEC §2 lists multi-panels by title). */
export const multiPanelName = (panel: MultiPanel) => panel.PanelTitle.trim();

/** A new single panel: its form and support team in columns (`teamId`: checked or remapped), the rest in data_json. */
export async function insertSinglePanel(db: Db, guildId: string, panel: SinglePanel, teamId: number | null, now: number): Promise<number> {
  const row = await db
    .insertInto("panels")
    .values({
      guild_id: guildId,
      kind: "single",
      name: panel.PanelName,
      form_id: panel.FormId,
      team_id: teamId,
      data_json: JSON.stringify(singlePanelData(panel)),
      message_id: null,
      revision: 1,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new multi-panel showing `memberIds` in that order. */
export async function insertMultiPanel(db: Db, guildId: string, panel: MultiPanel, memberIds: number[], now: number): Promise<number> {
  const row = await db
    .insertInto("panels")
    .values({
      guild_id: guildId,
      kind: "multi",
      name: multiPanelName(panel),
      form_id: null,
      team_id: null,
      data_json: JSON.stringify(multiPanelData(panel)),
      message_id: null,
      revision: 1,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("multi_panel_members")
    .values(memberIds.map((panel_id, position) => ({ multi_panel_id: row.id, panel_id, position })))
    .execute();
  return row.id;
}
