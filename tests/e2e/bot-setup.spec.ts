import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "./fixtures";
import { everyProblem, everyProblemEnglish, everyProblemSpanish } from "../fixtures/bot-setup-answers";
import { expectNoSeriousViolations } from "./axe";
import { DEMO_COMMUNITY_ID, signIn } from "./helpers";

// Server info's Bot setup card in Chromium against the real server. The e2e server runs the demo platform, whose bot
// is set up as the docs ask (it holds its permissions, the intent is on, its commands are registered): its real
// answer is the all-good state, checked first. No Discord is reachable from here, so to show every kind of problem
// the browser's call to GET /api/{guildId}/bot-setup is answered by page.route with a list holding each kind
// (tests/fixtures/bot-setup-answers.ts, the answer's schema being the server's own) — the card, its texts, its
// layout and its accessibility are what is under test there. Screenshots go to /tmp/setup-shots/.

const shots = "/tmp/setup-shots";
mkdirSync(shots, { recursive: true });
const serverInfo = `/${DEMO_COMMUNITY_ID}`;

const card = (page: Page) => page.locator(".bot-setup-card");

/** Serves every kind of problem instead of the demo's answer (fresh or not). */
async function serveEveryProblem(page: Page) {
  await page.route(
    (url) => url.pathname === `/api/${DEMO_COMMUNITY_ID}/bot-setup`,
    (route) => route.fulfill({ json: everyProblem(DEMO_COMMUNITY_ID) }),
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each problem's lines; the title starts with its severity for screen readers. Retried until the card settles. */
async function expectProblems(root: Locator, lines: string[][]) {
  const items = root.getByRole("listitem");
  await expect(items).toHaveCount(lines.length);
  for (const [i, expected] of lines.entries()) {
    const [title, ...rest] = expected;
    await expect(items.nth(i).locator(".bot-setup-problem-text > p:not(.bot-setup-invite)")).toHaveText([
      new RegExp(`^(Needs fixing:|Warning:|Hay que arreglarlo:|Aviso:) ${escape(title)}$`),
      ...rest,
    ]);
  }
}

/** The page at 1280 and 390 px wide, in the current theme, as PNGs named after the state. */
async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await expect(card(page)).toBeVisible();
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const theme = (page: Page, value: "light" | "dark") =>
  page.addInitScript((t) => {
    localStorage.setItem("theme", t);
  }, value);
const spanish = (page: Page) =>
  page.addInitScript(() => {
    localStorage.setItem("lang", "es");
  });

// Server info holds the live ticket stream open (its ticket strip follows the events): never "network idle".
const live = { liveStream: true };

test.describe("Bot setup card", () => {
  test.use({ reducedMotion: "reduce" });

  for (const mode of ["light", "dark"] as const) {
    test(`the demo platform's real answer: everything in place (${mode})`, async ({ page }) => {
      await theme(page, mode);
      await signIn(page);
      await page.goto(serverInfo);
      const root = card(page);
      await expect(root.getByRole("heading", { name: "Bot setup" })).toBeVisible();
      await expect(root.getByText("Everything the bot needs is in place.")).toBeVisible();
      await expect(
        root.getByText(/^Checked (now|\d+ seconds ago)\. On the demo platform the bot is set up as the docs ask\.$/),
      ).toBeVisible();
      // Check again asks the server again, for fresh facts.
      const fresh = page.waitForRequest((r) => r.url().includes(`/api/${DEMO_COMMUNITY_ID}/bot-setup?fresh=true`));
      await root.getByRole("button", { name: "Check again" }).click();
      await fresh;
      await expect(root.getByText("Everything the bot needs is in place.")).toBeVisible();
      await expect(root.getByRole("button", { name: "Check again" })).toBeEnabled();
      await expectNoSeriousViolations(page, `bot setup, all good, ${mode}`, live);
      await screenshots(page, `all-good-en-${mode}`);
    });
  }

  for (const mode of ["light", "dark"] as const) {
    test(`every kind of problem, with what to do, in English (${mode})`, async ({ page }) => {
      await theme(page, mode);
      await serveEveryProblem(page);
      await signIn(page);
      await page.goto(serverInfo);
      const root = card(page);
      await expect(root.getByText("13 things to fix")).toBeVisible();
      await expectProblems(root, everyProblemEnglish);
      // With the permission missing server-wide ("… or invite it again with the link below").
      const invite = root.getByRole("listitem").first().getByRole("link", { name: "Invite Ticketeer again with the permissions it needs" });
      await expect(invite).toHaveAttribute("href", everyProblem(DEMO_COMMUNITY_ID).inviteUrl);
      await expect(invite).toHaveAttribute("target", "_blank");
      await expectNoSeriousViolations(page, `bot setup, every problem, ${mode}`, live);
      await screenshots(page, `problems-en-${mode}`);
    });
  }

  test("every kind of problem in Spanish, chosen in the top bar", async ({ page }) => {
    await serveEveryProblem(page);
    await signIn(page);
    await page.goto(serverInfo);
    await expect(card(page).getByText("13 things to fix")).toBeVisible();
    await page.getByRole("combobox", { name: "Language" }).selectOption("es");
    const root = card(page);
    await expect(root.getByRole("heading", { name: "Configuración del bot" })).toBeVisible();
    await expect(root.getByText("13 cosas por arreglar")).toBeVisible();
    await expectProblems(root, everyProblemSpanish);
    await expect(root.getByRole("link", { name: "Invita de nuevo a Ticketeer con los permisos que necesita" })).toBeVisible();
    await expect(root.getByRole("button", { name: "Comprobar de nuevo" })).toBeVisible();
    await expectNoSeriousViolations(page, "bot setup, every problem, Spanish", live);
  });

  for (const mode of ["light", "dark"] as const) {
    test(`Spanish screenshots, the problems and the all-good state (${mode})`, async ({ page }) => {
      await theme(page, mode);
      await signIn(page);
      await spanish(page);
      await page.goto(serverInfo);
      await expect(card(page).getByText("El bot tiene todo lo que necesita.")).toBeVisible();
      await screenshots(page, `all-good-es-${mode}`);
      await serveEveryProblem(page);
      await card(page).getByRole("button", { name: "Comprobar de nuevo" }).click();
      await expect(card(page).getByText("13 cosas por arreglar")).toBeVisible();
      await expectProblems(card(page), everyProblemSpanish);
      await expectNoSeriousViolations(page, `bot setup, Spanish, ${mode}`, live);
      await screenshots(page, `problems-es-${mode}`);
    });
  }
});
