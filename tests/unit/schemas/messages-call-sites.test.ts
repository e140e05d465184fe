import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as messages from "../../../src/schemas/messages";

// Every text of src/schemas/messages.ts is used somewhere that shows it or sends it: a call site outside the files
// that only define or translate texts (messages.ts itself, src/i18n). The shared zod schemas of src/schemas count:
// their validation messages are what both the server's 400 and the forms show. A text defined and never used is
// a spec text no screen shows (the spec-coverage count cannot tell, since it also reads messages.ts).

const root = resolve(import.meta.dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.endsWith(join("src", "i18n")) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !path.endsWith(join("src", "schemas", "messages.ts")) ? [path] : [];
  });
}

const code = [...sourceFiles(join(root, "src")), ...sourceFiles(join(root, "server"))].map((f) => readFileSync(f, "utf8")).join("\n");

const texts = Object.entries(messages).flatMap(([group, value]) =>
  group.endsWith("Messages") && value && typeof value === "object" ? Object.keys(value).map((key) => `${group}.${key}`) : [],
);

describe("spec texts (src/schemas/messages.ts)", () => {
  it("finds the texts", () => {
    expect(texts.length).toBeGreaterThan(100);
  });

  it("each has a call site outside src/schemas and src/i18n", () => {
    const unused = texts.filter((name) => {
      const [group, key] = name.split(".");
      // `group.key`, or a destructured/indexed use of the key next to its group's name.
      return !code.includes(name) && !(code.includes(group!) && new RegExp(`\\b${key}\\b`).test(code));
    });
    expect(unused).toEqual([]);
  });
});
