import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import es, { parts } from "../../../src/i18n/locales/es";
import { specTextKeys } from "../../../src/i18n/spec-texts";
import * as messages from "../../../src/schemas/messages";
import { resourceDeclarations } from "../../../src/resources/registry";
import { statusTextKeys } from "../../../src/providers/status-text";
import { navLinks } from "../../../src/public-site/components/SiteLayout";
import { features, steps } from "../../../src/public-site/pages/landing-content";
import { botPermissionKeys } from "../../../src/schemas/bot-permissions";
import { botPermissionTextKey, resourceKey, resourceTextKey } from "../../../src/i18n/keys";

// Every key that src/ passes to t / tr must have a Spanish text, so a string added anywhere without a translation
// fails here; so must every fixed text of the spec (messages.ts), which toasts and API errors go through.

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.includes("locales") ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Literal keys of t("key", …) / tr("key", …) calls. */
function literalKeys(source: string): string[] {
  return [...source.matchAll(/\b(?:t|tr)\(\s*"([^"]+)"/g)].map((m) => m[1]);
}

const filesWithKeys = sourceFiles("src")
  .map((file) => ({ file, keys: literalKeys(readFileSync(file, "utf8")) }))
  .filter(({ keys }) => keys.length > 0);

describe("Spanish dictionary", () => {
  it("finds the translated screens", () => {
    expect(filesWithKeys.length).toBeGreaterThan(15);
  });

  it.each(filesWithKeys.map(({ file }) => file))("has every key of %s", (file) => {
    const keys = filesWithKeys.find((f) => f.file === file)!.keys;
    expect(keys.filter((key) => !(key in es))).toEqual([]);
  });

  it("has every fixed text of the spec", () => {
    expect(specTextKeys.size).toBeGreaterThan(100);
    expect([...specTextKeys.values()].filter((key) => !(key in es))).toEqual([]);
  });

  it("has every spec text with placeholders, under spec.<group>.<name>", () => {
    const keys = Object.entries(messages).flatMap(([exportName, group]) =>
      typeof group === "object" && group !== null && exportName.endsWith("Messages")
        ? Object.entries(group as Record<string, unknown>)
            .filter(([, text]) => typeof text === "function")
            .map(([name]) => `spec.${exportName.slice(0, -"Messages".length)}.${name}`)
        : [],
    );
    expect(keys.length).toBeGreaterThan(5);
    expect(keys.filter((key) => !(key in es))).toEqual([]);
  });

  it("has every key built from data: resources, nav links, landing features and steps, HTTP status texts, the bot's permissions", () => {
    const dynamic = [
      ...resourceDeclarations.map((d) => resourceTextKey(d.name, "label")),
      ...navLinks.map((link) => `site.nav.${link.key}`),
      ...features.flatMap((f) => ["title", "description", "alt"].map((part) => `site.landing.feature.${f.key}.${part}`)),
      ...steps.flatMap((_, i) => [`site.landing.step.${i + 1}.title`, `site.landing.step.${i + 1}.text`]),
      ...statusTextKeys,
      ...botPermissionKeys.flatMap((key) => [botPermissionTextKey(key, "name"), botPermissionTextKey(key, "why")]),
    ];
    expect(dynamic.filter((key) => !(key in es))).toEqual([]);
  });

  it("names every key by the one convention: spec.*, ui.*, shell.*, site.* or a resource's name, segments in lower camel", () => {
    // README "Languages", src/i18n/keys.ts. A resource is a declaration of the registry or a folder of src/resources.
    const resources = new Set([
      ...resourceDeclarations.map((d) => resourceKey(d.name)),
      ...readdirSync("src/resources")
        .filter((name) => name !== "engine" && statSync(join("src/resources", name)).isDirectory())
        .map(resourceKey),
    ]);
    const owners = new Set(["spec", "ui", "shell", "site", ...resources]);
    const strays = Object.keys(es).filter((key) => {
      const [owner, ...rest] = key.split(".");
      return !owners.has(owner) || rest.length === 0 || !key.split(".").every((segment) => /^[a-z0-9][A-Za-z0-9]*$/.test(segment));
    });
    expect(strays).toEqual([]);
  });

  it("defines each key in one part only", () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [part, dictionary] of Object.entries(parts)) {
      for (const key of Object.keys(dictionary)) {
        if (seen.has(key)) twice.push(`${key} (${seen.get(key)}, ${part})`);
        seen.set(key, part);
      }
    }
    expect(twice).toEqual([]);
  });

  it("has no empty translation and keeps the placeholders of the English", () => {
    for (const [key, text] of Object.entries(es)) {
      expect(text.trim(), key).not.toBe("");
    }
    expect(es["shell.error.failedToFetchPage"]).toContain("{page}");
    expect(es["site.landing.stats"]).toContain("{users}");
    expect(es["site.landing.stats"]).toContain("{communities}");
  });
});
