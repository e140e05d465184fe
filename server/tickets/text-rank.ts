// Full-text ranking of a server's tags against a member's words (docs/ticket-engine.md, "Answers before opening"), in
// TypeScript over the server's tags rather than SQLite's FTS5 or PostgreSQL's tsvector: the same ranking on both
// databases (one implementation, one set of tests), accents folded without PostgreSQL's unaccent extension, and Spanish
// and English stop words and plurals that neither database agrees on. A server holds at most 500 tags of 2,000
// characters, and the index of a server's tags is built once per change of its tags (./suggestions.ts caches it).
//
// Everything here reads a member's text once, left to right, a bounded number of characters: no regular expression
// runs over it but a one-character class test, which cannot backtrack.

export type RankLanguage = "en" | "es";

/** How much of a member's words is read: the longest text a modal's input takes (Discord's 4,000). */
export const MEMBER_TEXT_MAX = 4000;
/** Distinct words of a member's text used to rank (the first ones). */
export const QUERY_TERMS_MAX = 32;
/** A word longer than this is cut (no word of either language is; a run of letters is not a word). */
const TERM_MAX = 32;
/** BM25's usual constants. */
const K1 = 1.2;
const B = 0.75;
/** A tag's name counts this many times: a word of its name says more about it than a word of its content. */
const NAME_WEIGHT = 2;

// Folded as tokens are (lower case, no accents), so "qué" is "que".
const stopWords: Record<RankLanguage, ReadonlySet<string>> = {
  en: new Set(
    (
      "a about above after again against all am an and any are as at be because been before being below between both but by can " +
      "could did do does doing down during each few for from further had has have having he her here hers him his how i if in " +
      "into is it its itself just me more most my no nor not now of off on once only or other our ours out over own same she " +
      "should so some such than that the their theirs them then there these they this those through to too under until up very " +
      "was we were what when where which while who whom why will with would you your yours yourself hi hello hey please thanks " +
      "thank help need want get got im ive dont cant"
    ).split(" "),
  ),
  es: new Set(
    (
      "a al algo algun alguna algunas alguno algunos ante antes como con contra cual cuando de del desde donde durante e el ella " +
      "ellas ellos en entre era eran eres es esa esas ese eso esos esta estaba estado estan estar estas este esto estos estoy fue " +
      "fueron ha habia han hasta hay la las le les lo los mas me mi mis mucho muy nada ni no nos nosotros o os otra otras otro " +
      "otros para pero poco por porque que quien se sea ser si sin sobre solo son soy su sus tambien te tengo tiene tienen todo " +
      "todos tu tus un una unas uno unos usted vosotros y ya yo hola gracias favor ayuda necesito quiero puedo"
    ).split(" "),
  ),
};

/** Combining accents (after NFD): dropped, the letter they sat on kept. */
const isCombiningMark = (code: number) => code >= 0x300 && code <= 0x36f;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const isWordChar = (ch: string, code: number) =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code > 0x7f && LETTER_OR_DIGIT.test(ch));

/** "devoluciones" → "devolucion", "contraseñas" → "contrasena", "policies" → "policy", "refunds" → "refund". */
function singular(term: string, language: RankLanguage): string {
  const n = term.length;
  if (n <= 3 || term.endsWith("ss")) return term;
  if (language === "es") {
    // A word ending in a consonant takes -es: "razones", "papeles", "colores", "redes".
    if (n > 4 && term.endsWith("es") && "nlrdj".includes(term[n - 3])) return term.slice(0, -2);
    return term.endsWith("s") ? term.slice(0, -1) : term;
  }
  if (n > 4 && term.endsWith("ies")) return `${term.slice(0, -3)}y`;
  if (term.endsWith("us") || term.endsWith("is")) return term;
  return term.endsWith("s") ? term.slice(0, -1) : term;
}

/**
 * The words of a text, in order: lower case, accents dropped, split at anything that is not a letter or a digit, stop
 * words and one-letter words left out, plurals made singular. Reads at most `max` characters of it.
 */
export function tokenize(text: string, language: RankLanguage, max = MEMBER_TEXT_MAX): string[] {
  const folded = text.slice(0, max).normalize("NFD").toLowerCase();
  const stop = stopWords[language];
  const out: string[] = [];
  let word = "";
  const end = () => {
    if (word.length > 1 && !stop.has(word)) {
      const term = singular(word, language);
      if (!stop.has(term)) out.push(term);
    }
    word = "";
  };
  for (const ch of folded) {
    const code = ch.codePointAt(0)!;
    if (isCombiningMark(code)) continue;
    if (isWordChar(ch, code)) {
      if (word.length < TERM_MAX) word += ch;
    } else if (word) end();
  }
  if (word) end();
  return out;
}

/** A member's words as the distinct terms a ranking asks for (the first QUERY_TERMS_MAX of them). */
export function queryTerms(text: string, language: RankLanguage): string[] {
  const terms: string[] = [];
  for (const term of tokenize(text, language)) {
    if (!terms.includes(term)) terms.push(term);
    if (terms.length === QUERY_TERMS_MAX) break;
  }
  return terms;
}

export interface RankedDoc {
  id: string;
  name: string;
  content: string;
}

interface IndexedDoc extends RankedDoc {
  tf: Map<string, number>;
  length: number;
}

/** The tags of a server, tokenised once: each one's term frequencies, and each term's document frequency. */
export interface RankIndex {
  docs: IndexedDoc[];
  df: Map<string, number>;
  averageLength: number;
}

export function buildIndex(docs: readonly RankedDoc[], language: RankLanguage): RankIndex {
  const df = new Map<string, number>();
  let total = 0;
  const indexed = docs.map((doc) => {
    const tf = new Map<string, number>();
    const add = (term: string, weight: number) => tf.set(term, (tf.get(term) ?? 0) + weight);
    // A tag's own text is bounded by its schema (100 + 2,000 characters); the cap only matters for older rows.
    for (const term of tokenize(doc.name, language, 200)) add(term, NAME_WEIGHT);
    for (const term of tokenize(doc.content, language, MEMBER_TEXT_MAX)) add(term, 1);
    let length = 0;
    for (const [term, n] of tf) {
      length += n;
      df.set(term, (df.get(term) ?? 0) + 1);
    }
    total += length;
    return { ...doc, tf, length };
  });
  return { docs: indexed, df, averageLength: indexed.length ? total / indexed.length : 0 };
}

export interface Ranked extends RankedDoc {
  score: number;
}

/** The documents sharing a term with the query, best first by BM25 (ties by name), at most `limit`. */
export function rank(index: RankIndex, terms: readonly string[], limit = 3): Ranked[] {
  const n = index.docs.length;
  const scored: Ranked[] = [];
  for (const doc of index.docs) {
    let score = 0;
    for (const term of terms) {
      const tf = doc.tf.get(term);
      if (!tf) continue;
      const df = index.df.get(term) ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / (index.averageLength || 1)));
    }
    if (score > 0) scored.push({ id: doc.id, name: doc.name, content: doc.content, score });
  }
  scored.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return scored.slice(0, limit);
}
