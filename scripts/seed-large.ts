// `npm run seed:large`: fills the "Large Guild" (834567890123456789, owned by Demo Admin) of the configured database
// (DATA_DIR's SQLite, or DATABASE_URL [+ DATABASE_SCHEMA]) with 100,000 transcripts, 1,000,000 activity entries,
// 200 tags and 50 panels, for the large-data benchmark (bench/large-data.ts) and for trying the screens at scale.
//
// Transcripts are sealed with AES-256-GCM and indexed for word search exactly as insertTranscript
// (server/transcripts/store.ts) does, with its own primitives, but written with multi-row statements (insertTranscript
// itself, two statements per transcript, takes 6–7 min for 100,000 on this machine; `--via-store` uses it).
// bench/large-data.ts opens one through the API and searches them. Activity entries, tags and panels are plain
// rows in multi-row inserts. Everything in batches, each in a transaction. The guild shows up in the demo platform once the meta row
// `seed:large-guild` (written last) exists. Runs once per database; `--force` deletes the guild's data and redoes it.
//
//   npm run seed:large                         # SQLite in ./data (stop the server first, or run it beside: WAL)
//   DATABASE_URL=postgres://... npm run seed:large
//   npm run seed:large -- --transcripts 10000 --activity 100000   # smaller
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { avatarUrl } from "../src/schemas/auth";
import { singlePanelSchema } from "../src/schemas/panel";
import { loadConfig } from "../server/config";
import { createDatabase, migrateToLatest } from "../server/db/client";
import type { DialectName } from "../server/db/dialect";
import type { Db } from "../server/db/schema";
import { singlePanelData } from "../server/panels/store";
import { DEMO_ADMIN_ID, LARGE_GUILD_ID, LARGE_GUILD_SEEDED_META, largeGuild } from "../server/platform/demo-fixtures";
import { keyringFor, type TranscriptKeyring } from "../server/crypto";
import { serialiseDocument, transcriptAad, type TranscriptMessage } from "../server/transcripts/document";
import { toEpochMs } from "../server/transcripts/render";
import { transcriptTerms } from "../server/transcripts/search";
import { rememberKeyId } from "../server/transcripts/keys";
import { insertTranscript, type NewTranscript } from "../server/transcripts/store";

export interface LargeSeedOptions {
  transcripts: number;
  activity: number;
  tags: number;
  panels: number;
  /** Write each transcript through insertTranscript itself (slower: two statements per transcript). */
  viaStore?: boolean;
  log?: (line: string) => void;
}

export const largeSeedDefaults: LargeSeedOptions = { transcripts: 100_000, activity: 1_000_000, tags: 200, panels: 50 };

/** Words that the benchmark searches for, with how often they occur (share of transcripts). */
export const largeSearchWords = {
  /** In every ~8th transcript. */
  common: "refund",
  /** In about 1 in 1000. */
  rare: "kaleidoscope",
} as const;

const DAY_MS = 86_400_000;
const SUPPORT_CHANNEL = largeGuild.text_channels[0]!.id;

/** mulberry32: small, fast, deterministic. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)]! };
}

const products = ["Premium", "Starter", "Pro", "Team", "Enterprise", "Gift Card", "Yearly Plan", "Monthly Plan"];
const issues = ["payment", "login", "invite", "role", "ban appeal", "bug report", "crash", "lag", "account", "verification"];
const userWords = [
  "alpha",
  "bravo",
  "charlie",
  "delta",
  "echo",
  "foxtrot",
  "golf",
  "hotel",
  "india",
  "juliet",
  "kilo",
  "lima",
  "mike",
  "nova",
  "oscar",
  "pixel",
  "quartz",
  "river",
  "storm",
  "tango",
];
const userTexts = [
  "Hi, I have a problem with my {issue}, can someone help?",
  "I bought {product} yesterday but nothing changed on my account.",
  "The bot does not answer in the support channel anymore.",
  "Can I get a {refund} for {product}? Order {order}.",
  "My {issue} keeps failing with an error since the last update.",
  "Here is a screenshot of what I see.",
  "Thanks, that fixed it!",
  "I still cannot see the channel after verification.",
  "How long does it usually take?",
  "Someone is spamming links in direct messages.",
];
const staffTexts = [
  "Thanks for reaching out! Could you share your order id?",
  "I have escalated this to the {issue} team.",
  "The {refund} for {product} has been issued, it can take 3-5 business days.",
  "Please try signing out and in again, then tell us if the {issue} problem remains.",
  "We have restored your role. Anything else?",
  "That account has been muted and its messages removed.",
  "Closing this ticket now, feel free to open a new one any time.",
];
const closeReasons = [
  "Resolved",
  "Refund issued",
  "Question answered",
  "Duplicate",
  "No response",
  null,
  "User muted for 24h",
  "Role restored",
];

/** The messages of one generated ticket (4–7 messages, ~25–40 distinct words). */
function ticketMessages(rnd: ReturnType<typeof prng>, ticket: number, user: string, staff: string, start: number): TranscriptMessage[] {
  const order = `ORD-${100000 + ticket}`;
  const fill = (text: string) =>
    text
      .replace("{issue}", rnd.pick(issues))
      .replace("{product}", rnd.pick(products))
      .replace("{order}", order)
      // The common search word in every ~8th ticket, the rare one in every ~1000th.
      .replace("{refund}", ticket % 8 === 0 ? largeSearchWords.common : "replacement");
  const out: TranscriptMessage[] = [
    {
      author: "Ticketeer",
      content: "",
      timestamp: start,
      embeds: [{ title: "Support ticket", description: `Ticket ${ticket} opened by ${user}.` }],
      attachments: [],
    },
  ];
  let t = start;
  const count = rnd.int(3, 6);
  for (let i = 0; i < count; i++) {
    t += rnd.int(1, 30) * 60_000;
    const byUser = i % 2 === 0;
    let content = fill(byUser ? rnd.pick(userTexts) : rnd.pick(staffTexts));
    if (i === 0 && ticket % 8 === 0) content += ` I would like a ${largeSearchWords.common}.`;
    if (i === 0 && ticket % 1000 === 7) content += ` The ${largeSearchWords.rare} theme is broken.`;
    out.push({
      author: byUser ? user : staff,
      author_id: byUser ? undefined : DEMO_ADMIN_ID,
      content,
      timestamp: t,
      embeds: [],
      attachments: [],
    });
  }
  return out;
}

const username = (i: number) => `${userWords[i % userWords.length]}_${userWords[Math.floor(i / userWords.length) % userWords.length]}${i}`;
const userIdOf = (i: number) => String(850000000000000000n + BigInt(i));

/** Inserts rows in chunks (bounded by SQLite's and PostgreSQL's bind-parameter limits). */
async function insertChunks(db: Db, table: "activity" | "tags" | "panels", rows: Record<string, unknown>[], columns: number) {
  const perStatement = Math.max(1, Math.floor(30_000 / columns));
  for (let i = 0; i < rows.length; i += perStatement) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + perStatement) as never)
      .execute();
  }
}

/**
 * The rows insertTranscript (server/transcripts/store.ts) writes, for many transcripts at once: the same sealing
 * (keyring.seal of serialiseDocument, bound to transcriptAad), the same columns, the same word index
 * (transcriptTerms → keyring.termHash), in multi-row statements. `termHashes` memoises the keyed hashes.
 */
async function insertTranscriptsBulk(
  db: Db,
  keyring: TranscriptKeyring,
  guildId: string,
  list: NewTranscript[],
  termHashes: Map<string, string>,
) {
  const createdAt = Date.now();
  const rows = list.map((t) => {
    const sealed = keyring.seal(serialiseDocument(t.messages), transcriptAad(guildId, t.TicketId));
    return {
      guild_id: guildId,
      ticket_id: t.TicketId,
      author_id: t.AuthorId,
      author_username: t.AuthorUsername,
      close_reason: t.CloseReason?.trim() ? t.CloseReason : null,
      panel_id: t.PanelId,
      panel_name: t.PanelName,
      rating: t.Rating,
      closed_at: toEpochMs(t.ClosedAt),
      message_count: t.messages.length,
      body_enc: sealed.ciphertext,
      iv: sealed.iv,
      tag: sealed.tag,
      created_at: createdAt,
    };
  });
  const ids = new Map<number, number>();
  for (let i = 0; i < rows.length; i += 2000) {
    const inserted = await db
      .insertInto("transcripts")
      .values(rows.slice(i, i + 2000))
      .returning(["id", "ticket_id"])
      .execute();
    for (const r of inserted) ids.set(Number(r.ticket_id), Number(r.id));
  }
  const hash = (term: string) => {
    let h = termHashes.get(term);
    if (h === undefined) {
      h = keyring.termHash(guildId, term);
      termHashes.set(term, h);
    }
    return h;
  };
  const terms: { guild_id: string; transcript_id: number; term_hash: string; ticket_id: number }[] = [];
  for (const t of list) {
    const transcriptId = ids.get(t.TicketId)!;
    for (const term_hash of new Set(transcriptTerms(t.messages).map(hash)))
      terms.push({ guild_id: guildId, transcript_id: transcriptId, term_hash, ticket_id: t.TicketId });
  }
  // 4 values a row: 8,000 rows stay under SQLite's 32,766 bound parameters.
  for (let i = 0; i < terms.length; i += 8000)
    await db
      .insertInto("transcript_terms")
      .values(terms.slice(i, i + 8000))
      .execute();
}

async function deleteLargeGuild(db: Db) {
  const g = LARGE_GUILD_ID;
  await db.deleteFrom("meta").where("key", "=", LARGE_GUILD_SEEDED_META).execute();
  await db.deleteFrom("transcript_terms").where("guild_id", "=", g).execute();
  await db.deleteFrom("transcripts").where("guild_id", "=", g).execute();
  await db.deleteFrom("activity").where("guild_id", "=", g).execute();
  await db.deleteFrom("tags").where("guild_id", "=", g).execute();
  await db.deleteFrom("panels").where("guild_id", "=", g).execute();
}

/** Fills the large guild. Returns the seconds each part took. */
export async function seedLarge(db: Db, dialect: DialectName, keyring: TranscriptKeyring, options: Partial<LargeSeedOptions> = {}) {
  const o = { ...largeSeedDefaults, ...options };
  const log = o.log ?? (() => {});
  const g = LARGE_GUILD_ID;
  const now = Date.now();
  const timings: Record<string, number> = {};
  const timed = async (name: string, fn: () => Promise<void>) => {
    const t0 = performance.now();
    await fn();
    timings[name] = (performance.now() - t0) / 1000;
    log(`  ${name}: ${timings[name].toFixed(1)} s`);
  };
  if (dialect === "sqlite") {
    // A bigger page cache for this connection: the word index takes millions of random inserts.
    await sql`pragma cache_size = -262144`.execute(db);
  }
  await deleteLargeGuild(db);

  await timed(`${o.tags} tags`, async () => {
    const rows = Array.from({ length: o.tags }, (_, i) => ({
      id: crypto.randomUUID(),
      guild_id: g,
      name: `large-tag-${String(i + 1).padStart(3, "0")}`,
      content: `Canned reply number ${i + 1}: thanks for your patience, a member of staff will answer shortly.`,
      created_at: now - (o.tags - i) * 60_000,
    }));
    await db.transaction().execute((trx) => insertChunks(trx, "tags", rows, 5));
  });

  const panelNames = Array.from({ length: o.panels }, (_, i) => `Panel ${String(i + 1).padStart(2, "0")}`);
  const panelIds: number[] = [];
  await timed(`${o.panels} panels`, async () => {
    await db.transaction().execute(async (trx) => {
      for (const name of panelNames) {
        const panel = singlePanelSchema.parse({
          PanelName: name,
          PanelMessage: {
            PanelChannel: SUPPORT_CHANNEL,
            PanelTitle: name,
            PanelDescription: `Open a ticket about ${name}.`,
            ButtonText: "Open a ticket",
          },
          WelcomeMessage: { WelcomeTitle: name, WelcomeDescription: "A member of staff will be with you shortly." },
        });
        const row = await trx
          .insertInto("panels")
          .values({
            guild_id: g,
            kind: "single",
            name,
            form_id: null,
            team_id: null,
            data_json: JSON.stringify(singlePanelData(panel)),
            message_id: null,
            revision: 1,
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        panelIds.push(row.id);
      }
    });
  });

  await timed(`${o.transcripts} transcripts (sealed, word index${o.viaStore ? ", via insertTranscript" : ""})`, async () => {
    const rnd = prng(834567);
    const span = 730 * DAY_MS; // two years, oldest first: higher ticket ids are newer
    const batch = 2000;
    const termHashes = new Map<string, string>();
    for (let first = 1; first <= o.transcripts; first += batch) {
      const list: NewTranscript[] = [];
      for (let ticket = first; ticket < Math.min(first + batch, o.transcripts + 1); ticket++) {
        const u = rnd.int(0, 1999);
        const p = rnd.int(-1, o.panels - 1); // -1: a deleted panel ("Unknown")
        const start = now - span + Math.floor((ticket / o.transcripts) * span);
        const messages = ticketMessages(rnd, ticket, username(u), "Demo Admin", start);
        const r = rnd.next();
        list.push({
          TicketId: ticket,
          AuthorId: userIdOf(u),
          AuthorUsername: username(u),
          CloseReason: rnd.pick(closeReasons),
          PanelId: p < 0 ? null : panelIds[p]!,
          PanelName: p < 0 ? "Unknown" : panelNames[p]!,
          Rating: r < 0.3 ? null : rnd.int(1, 5),
          ClosedAt: messages[messages.length - 1]!.timestamp + rnd.int(1, 60) * 60_000,
          messages,
        });
      }
      await db.transaction().execute(async (trx) => {
        // The benchmark's own data set (no tenant's write): no quota.
        if (o.viaStore) for (const t of list) await insertTranscript(trx, keyring, g, t, { bytes: Number.POSITIVE_INFINITY });
        else await insertTranscriptsBulk(trx, keyring, g, list, termHashes);
      });
      if ((first - 1) % (batch * 10) === 0) log(`    transcripts: ${Math.min(first + batch - 1, o.transcripts)}`);
    }
  });

  await timed(`${o.activity} activity entries`, async () => {
    const rnd = prng(1_000_003);
    const actions = [
      "Tag Created",
      "Tag Deleted",
      "Panel Created",
      "Panel Updated",
      "Panel Deleted",
      "Settings Updated",
      "Transcript Viewed",
      "Team Created",
      "Team Role Added",
      "Team Permissions Updated",
      "Form Created",
      "Form Updated",
      "Blacklist Entry Added",
    ];
    // 50 staff members; entries spread evenly over two years, ids ascending with time.
    const staff = Array.from({ length: 50 }, (_, i) => ({
      id: i === 0 ? DEMO_ADMIN_ID : String(860000000000000000n + BigInt(i)),
      name: i === 0 ? "Demo Admin" : `staff_${userWords[i % 20]}_${i}`,
    }));
    const startS = Math.floor((now - 730 * DAY_MS) / 1000);
    const stepS = (730 * 86_400) / o.activity;
    const perTransaction = 50_000;
    for (let first = 0; first < o.activity; first += perTransaction) {
      const rows: Record<string, unknown>[] = [];
      for (let i = first; i < Math.min(first + perTransaction, o.activity); i++) {
        const who = rnd.next() < 0.3 ? staff[0]! : rnd.pick(staff);
        const action = rnd.pick(actions);
        rows.push({
          guild_id: g,
          user_id: who.id,
          username: who.name,
          avatar: avatarUrl({ user_id: who.id, avatar: null }),
          action,
          ip: `10.0.${rnd.int(0, 255)}.${rnd.int(1, 254)}`,
          timestamp: Math.floor(startS + i * stepS),
          before_json:
            action.endsWith("Updated") || action.endsWith("Deleted") ? JSON.stringify({ Name: `item-${i % 997}`, Value: i % 13 }) : null,
          after_json: action.endsWith("Deleted") ? null : JSON.stringify({ Name: `item-${i % 997}`, Value: (i + 1) % 13 }),
        });
      }
      await db.transaction().execute((trx) => insertChunks(trx, "activity", rows, 9));
      if (first % 200_000 === 0) log(`    activity: ${first + rows.length}`);
    }
  });

  // Fresh statistics, so the query planner knows the new row counts at once; on PostgreSQL also the visibility map
  // (what autovacuum does a little later), without which index-only scans still read every row.
  await timed(dialect === "postgres" ? "vacuum analyze" : "analyze", async () => {
    await sql`${sql.raw(dialect === "postgres" ? "vacuum analyze" : "analyze")}`.execute(db);
  });
  await db
    .insertInto("meta")
    .values({ key: LARGE_GUILD_SEEDED_META, value: JSON.stringify({ ...o, log: undefined, seededAt: now }) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify({ ...o, log: undefined, seededAt: now }) }))
    .execute();
  return timings;
}

function argNumber(name: string): number | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} needs a whole number`);
  return n;
}

async function main() {
  const config = loadConfig();
  const handle = createDatabase(config);
  try {
    await migrateToLatest(handle);
    const done = await handle.db.selectFrom("meta").select("value").where("key", "=", LARGE_GUILD_SEEDED_META).executeTakeFirst();
    if (done && !process.argv.includes("--force")) {
      console.log(`The Large Guild is already seeded in ${handle.location} (${done.value}). Use --force to redo it.`);
      return;
    }
    const keyring = keyringFor(config);
    await rememberKeyId(handle.db, keyring);
    const options: Partial<LargeSeedOptions> = {
      transcripts: argNumber("transcripts"),
      activity: argNumber("activity"),
      tags: argNumber("tags"),
      panels: argNumber("panels"),
      viaStore: process.argv.includes("--via-store") || undefined,
    };
    for (const k of Object.keys(options) as (keyof LargeSeedOptions)[]) if (options[k] === undefined) delete options[k];
    console.log(`Seeding the Large Guild (${LARGE_GUILD_ID}) in ${handle.location} ...`);
    const t0 = performance.now();
    await seedLarge(handle.db, handle.dialect, keyring, { ...options, log: (line) => console.log(line) });
    console.log(`Done in ${((performance.now() - t0) / 1000).toFixed(0)} s. Sign in as Demo Admin: the server picker lists "Large Guild".`);
  } finally {
    await handle.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
