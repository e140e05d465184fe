import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textsIn } from "../../server/discord/texts";

// The bot's Spanish says everything its English says: for any values a text is given — a member's mention, a
// ticket number, a name, a link — the Spanish text shows each value the English shows, and it is not the English.

const en = textsIn("en") as unknown as Record<string, unknown>;
const es = textsIn("es") as unknown as Record<string, unknown>;

/** A value nothing else in a text can produce: a word of its own between marks. */
const value = fc.stringMatching(/^[a-z]{6,12}$/).map((word) => `‹${word}›`);
/** Arguments of each shape a text takes: words, numbers (above 1, so plurals show), a list, a yes/no. */
const shapes = (n: number): fc.Arbitrary<unknown[]>[] => [
  fc.array(value, { minLength: n, maxLength: n }),
  fc.array(fc.integer({ min: 2, max: 999_999 }), { minLength: n, maxLength: n }),
  fc.tuple(fc.constantFrom("open", "rename", "send"), fc.array(value, { minLength: 1, maxLength: 3 })),
  fc.tuple(fc.integer({ min: 0, max: 6 }), value, value, fc.boolean()),
  fc.tuple(fc.integer({ min: 2, max: 999 }), value),
  fc.tuple(value, fc.integer({ min: 2, max: 999 })),
  fc.tuple(value, value, fc.integer({ min: 2, max: 72 }), fc.option(value, { nil: null })),
  fc.tuple(value, fc.integer({ min: 2, max: 9999 }), fc.option(value, { nil: null })),
];
/** Texts that are one word, the same in both languages. */
const sameWord = new Set(["archivePanel"]);
const shown = (text: string) => [...text.matchAll(/‹[a-z]+›|\d+/g)].map((m) => m[0]).sort();

describe("the bot's Spanish texts", () => {
  it("has every text the English has, each translated", () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const [key, english] of Object.entries(en))
      if (typeof english === "string" && !sameWord.has(key)) expect(es[key], key).not.toBe(english);
  });

  it("shows every value the English shows, for any values", () => {
    for (const [key, english] of Object.entries(en)) {
      if (typeof english !== "function") continue;
      const spanish = es[key] as (...args: unknown[]) => string;
      // The shapes this text takes: those its English answers with text for.
      const fits = shapes(english.length).filter((shape) =>
        fc.sample(shape, 5).every((args) => {
          try {
            return typeof (english as (...a: unknown[]) => unknown)(...(args as unknown[])) === "string";
          } catch {
            return false;
          }
        }),
      );
      expect(fits.length, `${key}: no argument shape fits`).toBeGreaterThan(0);
      for (const shape of fits) {
        fc.assert(
          fc.property(shape, (args) => {
            const a = args as unknown[];
            let said: string;
            try {
              said = (english as (...a: unknown[]) => string)(...a);
            } catch {
              // Values the text does not take (a rating of 6 stars): nothing to compare.
              return fc.pre(false);
            }
            expect(shown(spanish(...a)), `${key}(${JSON.stringify(a)})`).toEqual(shown(said));
            expect(spanish(...a), key).not.toBe(said);
          }),
          { numRuns: 25 },
        );
      }
    }
  });
});
