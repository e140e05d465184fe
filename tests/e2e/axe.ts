import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./fixtures";

/** Runs axe and fails with a readable list of the serious and critical violations. */
export async function expectNoSeriousViolations(page: Page, label: string, { skipFrames = false, liveStream = false } = {}) {
  // Measure at rest: no request in flight, and entrance animations (antd's Modal zoom) and colour transitions
  // done (the axe tests also ask for reduced motion, which turns antd's motion off). A page holding a live event
  // stream open is never "network idle": its own ready check has waited for its data.
  if (!liveStream) await page.waitForLoadState("networkidle");
  await page.waitForTimeout(400);
  const tags = ["wcag2a", "wcag2aa"];
  // The transcript is a sandboxed (script-less) iframe axe cannot run inside; its title is still checked.
  const builder = skipFrames
    ? new AxeBuilder({ page }).setLegacyMode(true).options({ runOnly: { type: "tag", values: tags }, iframes: false })
    : new AxeBuilder({ page }).withTags(tags);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const text = serious
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 6)
          .map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.split("\n").slice(1).join(" | ")}`)
          .join("\n"),
    )
    .join("\n");
  expect(serious.length, `${label}: axe found ${serious.length} serious/critical violation(s)\n${text}`).toBe(0);
}
