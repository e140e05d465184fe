import { z } from "zod";

// A member's and an owner's rights over their data (server/retention/): the exports are JSON documents, the erasures
// need a typed confirmation and answer with counts only (never the erased data).

/** What a member types to erase their data. */
export const MEMBER_ERASE_CONFIRMATION = "ERASE";

/** POST /me/data/erase. */
export const memberEraseSchema = z.object({
  confirm: z.literal(MEMBER_ERASE_CONFIRMATION, { error: `Type ${MEMBER_ERASE_CONFIRMATION} to confirm` }),
});

/** POST /{guildId}/data/erase: the owner types the server's id. */
export const guildEraseSchema = z.object({
  confirm: z.string({ error: "Type the server's id to confirm" }).max(32),
});

const row = z.record(z.string(), z.unknown());

/** GET /me/data/export. */
export const memberExportSchema = z.object({
  exported_at: z.number(),
  user_id: z.string(),
  profile: row.nullable(),
  tickets: z.array(row),
  transcripts: z.array(row),
  activity: z.array(row),
  /** The lists' views they saved (server/views/). */
  saved_views: z.array(row),
});

/** GET /{guildId}/data/export. */
export const guildExportSchema = z.object({
  exported_at: z.number(),
  guild_id: z.string(),
  tables: z.record(z.string(), z.array(row)),
});

/** What a member's erasure changed. */
export const memberErasureSchema = z.object({
  transcripts: z.number().int(),
  messages: z.number().int(),
  tickets: z.number().int(),
  openTickets: z.number().int(),
  servers: z.array(z.string()),
});
export type MemberErasure = z.infer<typeof memberErasureSchema>;

export const dataRightsMessages = {
  guildEraseConfirm: "Type the server's id to confirm",
  guildErased: "Everything of this server was erased",
} as const;
