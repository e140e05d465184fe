import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import es from "../../../src/i18n/locales/es";
import { resourceDeclarations } from "../../../src/resources/registry";
import { navLinks } from "../../../src/public-site/components/SiteLayout";
import { features, steps } from "../../../src/public-site/pages/landing-content";

// The screens that are translated: every key they pass to t / tr must have a Spanish text, so a new string added
// to them without a translation fails here. (Screens not listed show English.)
const coveredFiles = [
  "src/shell/Sidebar.tsx",
  "src/shell/SignedInLayout.tsx",
  "src/shell/MobileSidebar.tsx",
  "src/shell/ServerPicker.tsx",
  "src/shell/LoginPage.tsx",
  "src/shell/NotFound.tsx",
  "src/shell/ErrorScreen.tsx",
  "src/shell/ErrorCard.tsx",
  "src/i18n/LanguageSelect.tsx",
  "src/public-site/components/SiteLayout.tsx",
  "src/public-site/components/AuthArea.tsx",
  "src/public-site/components/ThemeToggle.tsx",
  "src/public-site/components/Toaster.tsx",
  "src/public-site/components/StatsStrip.tsx",
  "src/public-site/pages/LandingPage.tsx",
];

/** Literal keys of t("key", …) / tr("key", …) calls. */
function literalKeys(source: string): string[] {
  return [...source.matchAll(/\b(?:t|tr)\(\s*"([^"]+)"/g)].map((m) => m[1]);
}

describe("Spanish dictionary", () => {
  it.each(coveredFiles)("has every key of %s", (file) => {
    const keys = literalKeys(readFileSync(file, "utf8"));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => !(key in es))).toEqual([]);
  });

  it("has every key built from data: resources, nav links, landing features and steps", () => {
    const dynamic = [
      ...resourceDeclarations.map((d) => `resources.${d.name}`),
      ...navLinks.map((link) => `site.nav.${link.key}`),
      ...features.flatMap((f) => ["title", "description", "alt"].map((part) => `landing.feature.${f.key}.${part}`)),
      ...steps.flatMap((_, i) => [`landing.step.${i + 1}.title`, `landing.step.${i + 1}.text`]),
    ];
    expect(dynamic.filter((key) => !(key in es))).toEqual([]);
  });

  it("has no empty translation and no stray placeholders", () => {
    for (const [key, text] of Object.entries(es)) {
      expect(text.trim(), key).not.toBe("");
    }
    expect(es["error.failedToFetchPage"]).toContain("{page}");
    expect(es["landing.stats"]).toContain("{users}");
    expect(es["landing.stats"]).toContain("{communities}");
  });
});
