import { randomBytes } from "node:crypto";
import type { FormAnswer } from "../../src/schemas/ticket";
import type { Db } from "../db/schema";
import { buildIndex, queryTerms, rank, type RankIndex, type RankLanguage } from "./text-rank";

// Answers before a ticket opens (docs/ticket-engine.md, "Answers before opening"): the server's tags ranked against
// a member's words (./text-rank.ts), the offer that waits for their "Yes, thanks" or "No, open a ticket" — kept here,
// on the server, under a short random key the buttons carry, so the answers are never echoed by the client — and the
// record of a "Yes" that the statistics count. The step that uses them is in ./open.ts.

/** At most this many tags are suggested (one embed each). */
export const SUGGESTED_MAX = 3;
/** An offer waits this long for its answer (an interaction token's life). */
export const OFFER_TTL_MS = 15 * 60_000;
/** Offers kept per member of a server: a new one pushes out the oldest. */
export const OFFERS_PER_MEMBER = 3;
/** The length of an offer's key: 12 random bytes as base64url. */
export const OFFER_KEY_LENGTH = 16;

export interface SuggestedTag {
  id: string;
  name: string;
  content: string;
}

// The index of a server's tags, rebuilt only when its tags change (their count, newest write or revisions change).
const INDEXES_KEPT = 200;
const indexes = new Map<string, { fingerprint: string; index: RankIndex }>();

async function tagIndex(db: Db, guildId: string, language: RankLanguage): Promise<RankIndex> {
  const seen = await db
    .selectFrom("tags")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("n"),
      eb.fn.max("created_at").as("created"),
      eb.fn.max("updated_at").as("updated"),
      eb.fn.sum<number | string | null>("revision").as("revisions"),
    ])
    .where("guild_id", "=", guildId)
    .executeTakeFirstOrThrow();
  const fingerprint = `${seen.n}|${seen.created}|${seen.updated}|${seen.revisions}`;
  const key = `${guildId}|${language}`;
  const cached = indexes.get(key);
  if (cached && cached.fingerprint === fingerprint) {
    // Most recently used last: the first key is the one to drop.
    indexes.delete(key);
    indexes.set(key, cached);
    return cached.index;
  }
  const tags = await db.selectFrom("tags").select(["id", "name", "content"]).where("guild_id", "=", guildId).orderBy("name").execute();
  const index = buildIndex(
    tags.map((t) => ({ id: String(t.id), name: String(t.name), content: String(t.content) })),
    language,
  );
  indexes.delete(key);
  if (indexes.size >= INDEXES_KEPT) indexes.delete(indexes.keys().next().value!);
  indexes.set(key, { fingerprint, index });
  return index;
}

/** The server's tags that answer these words best (at most SUGGESTED_MAX, best first); none when no tag shares a word. */
export async function suggestTags(db: Db, guildId: string, language: RankLanguage, words: string): Promise<SuggestedTag[]> {
  const terms = queryTerms(words, language);
  if (!terms.length) return [];
  return rank(await tagIndex(db, guildId, language), terms, SUGGESTED_MAX).map(({ id, name, content }) => ({ id, name, content }));
}

export interface Offer {
  guildId: string;
  memberId: string;
  panelId: number;
  panelName: string;
  answers: FormAnswer[];
  tags: { id: string; name: string }[];
}

/** Keeps an offer and answers its key; the member's oldest offers beyond OFFERS_PER_MEMBER, and everyone's expired ones, go. */
export async function storeOffer(db: Db, offer: Offer, now = Date.now()): Promise<string> {
  const key = randomBytes(12).toString("base64url");
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom("suggestion_offers")
      .where("created_at", "<", now - OFFER_TTL_MS)
      .execute();
    const kept = await tx
      .selectFrom("suggestion_offers")
      .select("offer_key")
      .where("guild_id", "=", offer.guildId)
      .where("member_id", "=", offer.memberId)
      .orderBy("created_at", "desc")
      .orderBy("offer_key")
      .execute();
    const pushedOut = kept.slice(OFFERS_PER_MEMBER - 1).map((r) => r.offer_key);
    if (pushedOut.length) await tx.deleteFrom("suggestion_offers").where("offer_key", "in", pushedOut).execute();
    await tx
      .insertInto("suggestion_offers")
      .values({
        offer_key: key,
        guild_id: offer.guildId,
        member_id: offer.memberId,
        panel_id: offer.panelId,
        panel_name: offer.panelName,
        answers_json: JSON.stringify(offer.answers),
        tags_json: JSON.stringify(offer.tags),
        created_at: now,
      })
      .execute();
  });
  return key;
}

/** Takes the member's offer once (whoever answers first wins; a key of another member or server, or expired, is none). */
export async function takeOffer(db: Db, guildId: string, memberId: string, key: string, now = Date.now()): Promise<Offer | null> {
  const row = await db
    .deleteFrom("suggestion_offers")
    .where("offer_key", "=", key)
    .where("guild_id", "=", guildId)
    .where("member_id", "=", memberId)
    .where("created_at", ">=", now - OFFER_TTL_MS)
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  return {
    guildId: row.guild_id,
    memberId: row.member_id,
    panelId: row.panel_id,
    panelName: row.panel_name,
    answers: JSON.parse(row.answers_json) as FormAnswer[],
    tags: JSON.parse(row.tags_json) as Offer["tags"],
  };
}

/** A "Yes, thanks": one ticket the suggestions answered, for its panel and each tag shown (at the server's time). */
export async function recordAnswered(db: Db, offer: Offer, at: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { id } = await tx
      .insertInto("suggestion_answers")
      .values({ guild_id: offer.guildId, panel_id: offer.panelId, panel_name: offer.panelName, answered_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (offer.tags.length)
      await tx
        .insertInto("suggestion_answer_tags")
        .values(offer.tags.map((t) => ({ answer_id: id, guild_id: offer.guildId, tag_id: t.id, tag_name: t.name })))
        .execute();
  });
}
