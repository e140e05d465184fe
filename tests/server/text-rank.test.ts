import { describe, expect, it } from "vitest";
import { buildIndex, MEMBER_TEXT_MAX, QUERY_TERMS_MAX, queryTerms, rank, tokenize } from "../../server/tickets/text-rank";

// The ranking behind a panel's suggestions (server/tickets/text-rank.ts): words folded (case, accents, plurals), stop
// words of English and Spanish left out, tags ranked by BM25 over their name (counted twice) and content; and a
// member's text read once, a bounded number of characters, however long or hostile it is.

const english = [
  { id: "1", name: "refund-policy", content: "Refunds are handled case by case. Share your order id and we will get back to you." },
  { id: "2", name: "password-reset", content: "To reset your password, open Settings, then Account, and choose Forgot password." },
  { id: "3", name: "shipping", content: "Orders ship within two days. Tracking numbers arrive by e-mail." },
  { id: "4", name: "rules", content: "Be kind, stay on topic, no spam. Moderators have the final say." },
];
const spanish = [
  { id: "1", name: "reembolsos", content: "Los reembolsos se tramitan en cinco días. Indica tu número de pedido." },
  { id: "2", name: "contraseña", content: "Para cambiar la contraseña, ve a Ajustes y pulsa «Olvidé mi contraseña»." },
  { id: "3", name: "envíos", content: "Los pedidos se envían en dos días laborables." },
  { id: "4", name: "razones", content: "Las razones de un baneo se explican en el canal de moderación." },
];

const ranked = (docs: typeof english, language: "en" | "es", text: string) =>
  rank(buildIndex(docs, language), queryTerms(text, language)).map((r) => [r.name, Math.round(r.score * 1000) / 1000]);

describe("words", () => {
  it("English: lower case, split at anything but letters and digits, stop words out, plurals singular", () => {
    expect(tokenize("How do I get REFUNDS for my orders #10452? Policies, passes!", "en")).toEqual([
      "refund",
      "order",
      "10452",
      "policy",
      "passe",
    ]);
  });

  it("Spanish: accents and ñ folded, stop words out, -s and -es plurals singular", () => {
    expect(tokenize("¿Cómo cambio mi CONTRASEÑA? Quiero los reembolsos de las devoluciones, razones y papeles", "es")).toEqual([
      "cambio",
      "contrasena",
      "reembolso",
      "devolucion",
      "razon",
      "papel",
    ]);
    // "Contrasena" typed without the tilde is the same word.
    expect(tokenize("contrasena", "es")).toEqual(tokenize("Contraseña", "es"));
  });
});

describe("ranking", () => {
  it("English: the tags sharing the member's words, best first by BM25", () => {
    // "refund" is in one tag (its name counted twice, its content once: tf 3), "order" in two. Shipping's score is
    // ln 2 exactly: idf ln(1 + (4 − 2 + 0.5) / (2 + 0.5)), and tf 1 in a tag of the average length weighs 1.
    expect(ranked(english, "en", "How do I get a refund for my order?")).toEqual([
      ["refund-policy", 2.524],
      ["shipping", 0.693],
    ]);
    expect(rank(buildIndex(english, "en"), ["order"]).find((r) => r.name === "shipping")!.score).toBeCloseTo(Math.log(2), 12);
    expect(ranked(english, "en", "I forgot my PASSWORD")).toEqual([["password-reset", 3.167]]);
    // Three at most, even when every tag shares a word.
    expect(ranked(english, "en", "refund password orders rules")).toEqual([
      ["refund-policy", 2.524],
      ["password-reset", 2.006],
      ["rules", 1.745],
    ]);
  });

  it("Spanish: accents, capitals and plurals do not stand between the words and the tags", () => {
    expect(ranked(spanish, "es", "Quiero el REEMBOLSO de mi pedido")).toEqual([
      ["reembolsos", 2.502],
      ["envíos", 0.731],
    ]);
    expect(ranked(spanish, "es", "¿como cambio mi contrasena?")).toEqual([["contraseña", 1.994]]);
    expect(ranked(spanish, "es", "¿Cuál es la razón?")).toEqual([["razones", 1.944]]);
  });

  it("nothing shared, only stop words, or an empty text: no tag", () => {
    expect(ranked(english, "en", "My screen flickers constantly")).toEqual([]);
    expect(ranked(english, "en", "Hello, can you help me please?")).toEqual([]);
    expect(ranked(spanish, "es", "hola, necesito ayuda por favor")).toEqual([]);
    expect(ranked(english, "en", "")).toEqual([]);
  });
});

describe("a member's text is read a bounded number of characters, once", () => {
  it("past MEMBER_TEXT_MAX nothing is read, whatever follows", () => {
    const hostile = `${"é".repeat(MEMBER_TEXT_MAX)}${"refund ".repeat(100_000)}`;
    expect(tokenize(hostile, "en")).toEqual(tokenize(hostile.slice(0, MEMBER_TEXT_MAX), "en"));
    expect(tokenize(hostile, "en")).toEqual(["e".repeat(32)]);
    // A run of a million letters is one word, cut to its length; a million separators are no word.
    expect(tokenize("a".repeat(1_000_000), "en")).toEqual(["a".repeat(32)]);
    expect(tokenize("!?".repeat(500_000), "en")).toEqual([]);
    // Accents piled on one letter count towards the cap and fold away: "xy refund" after them is never read.
    expect(tokenize(`x${"\u0301".repeat(MEMBER_TEXT_MAX * 2)}y refund`, "en")).toEqual([]);
    expect(tokenize(`x${"\u0301".repeat(10)}y refund`, "en")).toEqual(["xy", "refund"]);
  });

  it("at most QUERY_TERMS_MAX distinct words rank, the first ones", () => {
    const words = Array.from({ length: 1000 }, (_, i) => `word${i}`).join(" ");
    const terms = queryTerms(words, "en");
    expect(terms).toHaveLength(QUERY_TERMS_MAX);
    expect(terms.at(-1)).toBe(`word${QUERY_TERMS_MAX - 1}`);
  });
});
