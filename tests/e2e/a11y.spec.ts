import { expect, test, type Page } from "./fixtures";
import { frameMessages, tagMessages } from "../../src/schemas/messages";
import { expectNoSeriousViolations } from "./axe";
import { DEMO_COMMUNITY_ID, signIn, uniqueName } from "./helpers";

// Accessibility: every route passes axe (WCAG 2 A/AA) with no serious or critical violation, in the
// light theme, in the dark theme for a few, and at 390 px; the keyboard alone reaches and submits a dialog, and
// focus returns to the control that opened it.

const guild = `/${DEMO_COMMUNITY_ID}`;

type Setup = (page: Page) => Promise<void>;

test.use({ reducedMotion: "reduce" });

async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { name }).first()).toBeVisible();
};
/** Loaded: no skeleton left, and what replaced it is the screen's data, not an error card or the error screen. */
const settled = async (page: Page) => {
  await expect(page.locator(".ant-skeleton-active")).toHaveCount(0);
  await expect(page.getByTestId("skeleton-lines")).toHaveCount(0);
  await expect(page.getByText(frameMessages.errorLoadingPage)).toHaveCount(0);
  await expect(page.getByText(frameMessages.errorHeading)).toHaveCount(0);
  await expect(page.locator("main").first()).not.toBeEmpty();
};

const publicRoutes: [string, Setup][] = [
  ["/", heading(/.+/)],
  ["/docs/quick-setup", heading(/Quick Setup/i)],
  ["/docs/unknown", heading(/.+/)],
  ["/legal/tos", heading(/.+/)],
  ["/legal/privacy", heading(/.+/)],
  ["/commands", heading(/.+/)],
  ["/status", heading(/.+/)],
  ["/faq", heading(/.+/)],
];

const openTeamPermissions: Setup = async (page) => {
  await page.getByLabel("Team Name").fill(uniqueName("A11y team"));
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.locator(".teams-select")).toBeVisible();
  await page.getByRole("button", { name: "Permissions" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
};
const openAddTag: Setup = async (page) => {
  await page.getByRole("button", { name: tagMessages.addNewTag }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
};
const transcriptShown: Setup = async (page) => {
  await expect(page.locator("iframe")).toBeVisible();
  await settled(page);
};

/** Dashboard routes after sign-in as Demo Admin: path, then what to wait for / do before axe runs. */
const dashboardRoutes: [string, string, Setup][] = [
  ["dashboard", "/dashboard", async (p) => void (await expect(p.getByText("Your Servers")).toBeVisible())],
  ["server info", guild, settled],
  ["settings", `${guild}/settings`, settled],
  ["teams + permissions dialog", `${guild}/teams`, openTeamPermissions],
  ["tags + add dialog", `${guild}/tags`, openAddTag],
  ["panels", `${guild}/panels`, settled],
  ["panels/create-single", `${guild}/panels/create-single`, settled],
  ["panels/create-multi", `${guild}/panels/create-multi`, settled],
  ["forms", `${guild}/forms`, settled],
  ["forms/create", `${guild}/forms/create`, settled],
  ["transcripts", `${guild}/transcripts`, settled],
  ["transcript view", `${guild}/transcripts/1001`, transcriptShown],
  ["activity", `${guild}/activity`, settled],
  ["tickets", `${guild}/tickets`, async (p) => void (await expect(p.getByTestId("live-status")).toHaveText("Live"))],
  ["statistics", `${guild}/statistics`, async (p) => void (await expect(p.locator(".stats-figure").first()).toBeVisible())],
  ["try it", `${guild}/try-it`, async (p) => void (await expect(p.getByTestId("message").first()).toBeVisible())],
  ["blacklist", `${guild}/blacklist`, settled],
  ["import-export", `${guild}/import-export`, settled],
  ["not found", `${guild}/no-such-page`, heading(/.+/)],
  ["route not found", "/abc", async (p) => void (await expect(p.getByText(/Route not found/)).toBeVisible())],
];

// Screens that hold the live ticket stream open (the live provider; Try-it, the member's): never "network idle".
const liveRoutes = new Set(["tickets", "statistics", "server info", "try it"]);

const darkRoutes = new Set([
  "/",
  "/docs/quick-setup",
  "dashboard",
  "tickets",
  "statistics",
  "try it",
  "tags + add dialog",
  "teams + permissions dialog",
  "settings",
  "transcript view",
  "panels/create-single",
]);

const dark = (page: Page) =>
  page.addInitScript(() => {
    localStorage.setItem("theme", "dark");
  });

test.describe("axe: public site", () => {
  for (const [path, ready] of publicRoutes) {
    test(`light ${path}`, async ({ page }) => {
      await visit(page, path, ready);
      await expectNoSeriousViolations(page, `light ${path}`);
    });
    if (darkRoutes.has(path))
      test(`dark ${path}`, async ({ page }) => {
        await dark(page);
        await visit(page, path, ready);
        await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
        await expectNoSeriousViolations(page, `dark ${path}`);
      });
  }
  test("390 px /", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/", heading(/.+/));
    await page.getByRole("button", { name: "Open menu" }).click();
    await expectNoSeriousViolations(page, "390 px / with the menu open");
  });
});

test.describe("axe: dashboard", () => {
  test("signed out /login", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button").first()).toBeVisible();
    await expectNoSeriousViolations(page, "/login");
  });

  for (const [name, path, ready] of dashboardRoutes) {
    test(`light ${name}`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page);
      await visit(page, path, ready);
      await expectNoSeriousViolations(page, `light ${name}`, { skipFrames: name === "transcript view", liveStream: liveRoutes.has(name) });
    });
    if (darkRoutes.has(name))
      test(`dark ${name}`, async ({ page }) => {
        await page.setViewportSize({ width: 1440, height: 900 });
        await dark(page);
        await signIn(page);
        await visit(page, path, ready);
        await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
        await expectNoSeriousViolations(page, `dark ${name}`, { skipFrames: name === "transcript view", liveStream: liveRoutes.has(name) });
      });
  }

  for (const [name, path, ready] of dashboardRoutes.filter(([n]) => n === "dashboard" || n === "tags + add dialog")) {
    test(`390 px ${name}`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page);
      await visit(page, path, ready);
      await expectNoSeriousViolations(page, `390 px ${name}`);
    });
  }

  test("390 px sidebar drawer", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto(`${guild}/tags`);
    const trigger = page.getByRole("button", { name: "Toggle sidebar" });
    await trigger.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousViolations(page, "390 px sidebar drawer");
    // Escape closes the drawer and focus goes back to the button that opened it.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

test.describe("keyboard", () => {
  test("tags: open Add New Tag and submit with the keyboard only", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto(`${guild}/tags`);
    await settled(page);
    const add = page.getByRole("button", { name: tagMessages.addNewTag });
    await expect(add).toBeVisible();
    // Tab from the top of the page until the Add New Tag button has focus.
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await add.evaluate((el) => el === document.activeElement);
    }
    expect(reached, "Tab reaches Add New Tag").toBe(true);
    // Visible focus: the focused button draws an outline or a focus ring.
    const ring = await add.evaluate((el) => {
      const s = getComputedStyle(el);
      return (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) || (s.boxShadow !== "none" && s.boxShadow !== "");
    });
    expect(ring, "focused button shows a focus indicator").toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // The dialog moves focus inside itself; type into the fields with Tab between them.
    const name = uniqueName("kbd");
    const fields = dialog.locator("input:not([type=hidden]), textarea");
    await expect(fields.first()).toBeVisible();
    const count = await fields.count();
    for (let i = 0; i < 60; i++) {
      const inside = await dialog.evaluate(
        (d) => d.contains(document.activeElement) && /INPUT|TEXTAREA/.test(document.activeElement!.tagName),
      );
      if (inside) break;
      await page.keyboard.press("Tab");
    }
    for (let i = 0; i < count; i++) {
      await page.keyboard.type(i === 0 ? name : `Content for ${name}`);
      if (i < count - 1) await page.keyboard.press("Tab");
    }
    // Tab to the submit button and press Enter.
    const submit = dialog.getByRole("button", { name: tagMessages.addTag });
    for (let i = 0; i < 20; i++) {
      if (await submit.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press("Tab");
    }
    await expect(submit).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.locator("tbody").getByText(name, { exact: true })).toBeVisible();
  });

  test("focus returns to the trigger after a dialog closes", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto(`${guild}/tags`);
    await settled(page);
    const add = page.getByRole("button", { name: tagMessages.addNewTag });
    await add.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Focus is trapped: many Tabs never leave the dialog.
    for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
  });

  test("public site: the mobile menu closes with Escape and gives focus back", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();
  });
});

test.describe("progress", () => {
  test("a slim progress bar shows while a slow request is in flight and main is busy", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.route(/\/api\/\d+\/tags/, async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.goto(`${guild}/tags`);
    const bar = page.getByRole("progressbar", { name: "Loading" });
    await expect(bar).toBeVisible();
    await expect(page.locator("main")).toHaveAttribute("aria-busy", "true");
    await expect(bar).toBeHidden({ timeout: 10_000 });
    await expect(page.locator("main")).not.toHaveAttribute("aria-busy", "true");
  });
});
