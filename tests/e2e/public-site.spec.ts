import { expect, test, type Page } from "./fixtures";
import { authMessages, docsMessages, landingMessages } from "../../src/schemas/messages";
import { botPermissionBits } from "../../src/schemas/bot-permissions";
import { demoApplicationId as demoDiscordClientId } from "../../src/schemas/demo-guild";
import { hero } from "../../src/public-site/pages/landing-content";

// The public site: prerendered pages hydrated in the browser, against the real server (playwright.config.ts).

/** What the dashboard does to send a user home with a notice: a state on the "/" entry, then a load. */
async function arriveHomeWith(page: Page, state: Record<string, boolean>) {
  await page.goto("/");
  // Wait for the reloaded document's own load event (the old one's state would answer at once).
  await Promise.all([
    page.waitForEvent("load"),
    page.evaluate((s) => {
      history.pushState(s, "", "/");
      location.reload();
    }, state),
  ]);
}

/**
 * Reloads the landing page and shows it brought no notice back: the page hydrated (its effects ran: the stats strip
 * shows the server's figures), the history entry holds no state for it to read (a notice is shown only from one, so
 * none can come later), and no alert is on screen.
 */
async function reloadWithoutNotice(page: Page) {
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(hero.headline);
  const stats = (await (await page.request.get("/api/stats")).json()) as { total_member_count: number; total_guilds: number };
  await expect(page.getByTestId("stats-text")).toHaveText(
    `Powering ${stats.total_member_count.toLocaleString("en-US")} users across ${stats.total_guilds.toLocaleString("en-US")} communities`,
  );
  expect(await page.evaluate(() => history.state)).toBeNull();
  await expect(page.getByRole("alert")).toHaveCount(0);
}

test.describe("public site", () => {
  const routes: [string, RegExp | string][] = [
    ["/", hero.headline],
    ["/docs/quick-setup", /Quick Setup/],
    ["/docs/inviting-the-bot", /Inviting The Bot/],
    ["/docs/bot-configuration", /Bot Configuration/],
    ["/docs/advanced-usage", /Advanced Usage/],
    ["/docs/configuration", /Configuration/],
    ["/docs/custom-themes", /Custom Themes/],
    ["/docs/automation", /Automation/],
    ["/legal/tos", "Terms of Service"],
    ["/legal/privacy", "Privacy Policy"],
    ["/commands", "Commands"],
    ["/status", "System status"],
    ["/faq", "Frequently asked questions"],
  ];
  for (const [path, heading] of routes) {
    test(`${path} renders its heading inside the shared frame`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error" && /react|hydrat/i.test(message.text())) errors.push(message.text());
      });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
      await page.waitForLoadState("networkidle");
      expect(errors).toEqual([]);
    });
  }

  test("the landing page shows the stats strip and the Invite link", async ({ page }) => {
    const stats = (await (await page.request.get("/api/stats")).json()) as { total_member_count: number; total_guilds: number };
    // The demo's real figures (1,284 + 5,632 members, 2 servers), not the zeros shown before the stats arrive.
    expect(stats.total_guilds).toBeGreaterThan(0);
    await page.goto("/");
    await expect(page.getByTestId("stats-text")).toHaveText(
      `Powering ${stats.total_member_count.toLocaleString("en-US")} users across ${stats.total_guilds.toLocaleString("en-US")} communities`,
    );
    const invite = page.getByRole("link", { name: authMessages.invite }).first();
    // Exactly the permissions the bot uses (src/schemas/bot-permissions.ts), never Administrator (8).
    await expect(invite).toHaveAttribute(
      "href",
      `https://discord.com/oauth2/authorize?client_id=${demoDiscordClientId}&permissions=${botPermissionBits}&scope=bot+applications.commands`,
    );
    await expect(page.getByRole("button", { name: authMessages.signIn })).toBeVisible();
  });

  test("/docs redirects to the first section", async ({ page }) => {
    await page.goto("/docs");
    await expect(page).toHaveURL(/\/docs\/quick-setup$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Quick Setup/);
  });

  test("docs Previous and Next follow the flattened order", async ({ page }) => {
    await page.goto("/docs/quick-setup");
    const pager = page.getByRole("navigation", { name: "Previous and next sections" });
    await expect(pager.getByRole("link", { name: /Previous/ })).toHaveCount(0);
    await pager.getByRole("link", { name: /Next/ }).click();
    await expect(page).toHaveURL(/\/docs\/inviting-the-bot$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/1\.1\s+Inviting The Bot/);
    await page.getByRole("navigation", { name: "Previous and next sections" }).getByRole("link", { name: /Next/ }).click();
    await expect(page).toHaveURL(/\/docs\/bot-configuration$/);
    await page
      .getByRole("navigation", { name: "Previous and next sections" })
      .getByRole("link", { name: /Previous/ })
      .click();
    await expect(page).toHaveURL(/\/docs\/inviting-the-bot$/);
    await page.goto("/docs/automation");
    await expect(page.getByRole("navigation", { name: "Previous and next sections" }).getByRole("link", { name: /Next/ })).toHaveCount(0);
  });

  test("an unknown docs section shows 'Section not found' with the section tree", async ({ page }) => {
    await page.goto("/docs/no-such-section");
    await expect(page.getByRole("heading", { name: docsMessages.sectionNotFound })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: /Quick Setup/ })).toBeVisible();
  });

  test("the session-expired toast appears from navigation state and not again on reload", async ({ page }) => {
    await arriveHomeWith(page, { sessionExpired: true });
    const toast = page.getByRole("alert").filter({ hasText: authMessages.sessionExpiredTitle });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(authMessages.sessionExpiredDescription);
    await expect(toast.getByRole("button", { name: authMessages.goToLogin })).toBeVisible();
    expect(await page.evaluate(() => history.state)).toBeNull();
    await reloadWithoutNotice(page);
  });

  test("Go to Login returns to / replacing the history entry", async ({ page }) => {
    await arriveHomeWith(page, { sessionExpired: true });
    const before = await page.evaluate(() => history.length);
    await page.getByRole("button", { name: authMessages.goToLogin }).click();
    await page.waitForLoadState("load");
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => history.length)).toBe(before);
  });

  test("the access-denied toast appears from navigation state and not again on reload", async ({ page }) => {
    await arriveHomeWith(page, { accessDenied: true });
    await expect(page.getByRole("alert").filter({ hasText: authMessages.accessDenied })).toBeVisible();
    await reloadWithoutNotice(page);
  });

  test("a 375 px viewport shows the small-screen menu instead of the links", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const mainNav = page.getByRole("navigation", { name: "Main" });
    await expect(mainNav).toBeHidden();
    await expect(page.getByRole("link", { name: "Dashboard" })).toBeHidden();
    const button = page.getByRole("button", { name: "Open menu" });
    await expect(button).toBeVisible();
    await button.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    for (const name of ["Commands", "Status", "Docs", "FAQ"]) await expect(menu.getByRole("link", { name })).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await button.click();
    await menu.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test("a wide viewport shows the links, the Dashboard link included, and no menu button", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const mainNav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Commands", "Status", "Docs", "FAQ", "Dashboard"]) await expect(mainNav.getByRole("link", { name })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });

  test("the prerendered HTML of / holds the headline without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(hero.headline);
    await expect(page.getByTestId("stats-text")).toHaveText(landingMessages.stats("0", "0"));
    await expect(page.getByRole("heading", { name: "Panels", level: 3 })).toBeVisible();
    await context.close();
  });

  test("the theme toggle switches to dark and remembers it across pages", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await page.goto("/faq");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  });

  test("commands are searchable", async ({ page }) => {
    await page.goto("/commands");
    await page.getByRole("searchbox", { name: "Search commands" }).fill("form");
    await expect(page.getByRole("heading", { name: "/form", level: 3 })).toBeVisible();
    await expect(page.getByText("/form {form_id}")).toBeVisible();
    await expect(page.getByRole("heading", { name: "/claim", level: 3 })).toHaveCount(0);
    // The message command of a message's Apps menu is listed too, under its own heading.
    await page.getByRole("searchbox", { name: "Search commands" }).fill("message");
    const messageCommands = page.getByRole("region", { name: "Message commands" });
    await expect(messageCommands.getByRole("heading", { name: "Open ticket about this message", level: 3 })).toBeVisible();
    await expect(messageCommands.getByText("Apps → Open ticket about this message", { exact: true })).toBeVisible();
  });

  test("the status page shows the live health with latency and the last check", async ({ page }) => {
    await page.goto("/status");
    await expect(page.getByRole("status").filter({ hasText: "All systems operational" })).toBeVisible();
    await expect(page.locator(".status-item", { hasText: "Latency" })).toContainText(/\d+ ms/);
    await expect(page.locator(".status-item", { hasText: "Last check" })).toContainText(/\d{1,2}:\d{2}:\d{2}/);
  });

  test("signed in: the Dashboard button and the avatar menu with Sign Out", async ({ page, context }) => {
    await page.goto("/");
    await page.getByRole("button", { name: authMessages.signIn }).click();
    // On the sign-in page (same origin and tab), before the app back from it consumes the saved path.
    await expect(page.getByRole("button", { name: /^Sign in as / }).first()).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem("postLoginPath"))).toBe("/dashboard");
    await page
      .getByRole("button", { name: /^Sign in as / })
      .first()
      .click();
    // The dashboard trades the redirect's one-time code for the session and keeps it in its cookie.
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === "session_token")).toBe(true);

    await page.goto("/");
    await expect(page.getByRole("link", { name: authMessages.dashboard }).last()).toHaveAttribute("href", "/dashboard");
    await page.getByRole("button", { name: /^Account menu for / }).click();
    const menu = page.getByRole("menu", { name: "Account" });
    await expect(menu).toBeVisible();
    await menu.getByRole("menuitem", { name: authMessages.signOut }).click();
    await expect(page.getByRole("button", { name: authMessages.signIn })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect((await context.cookies()).find((c) => c.name === "session_token")).toBeUndefined();
  });

  test("an expired session cookie is removed with a toast", async ({ page, context, baseURL }) => {
    await page.route("**/api/api/auth/user", (route) =>
      route.fulfill({
        json: {
          authenticated: true,
          expires_at: new Date(Date.now() - 60_000).toISOString(),
          user: { user_id: "1", username: "x", avatar: null },
        },
      }),
    );
    await context.addCookies([{ name: "session_token", value: "stale", url: baseURL! }]);
    await page.goto("/");
    await expect(page.getByRole("alert").filter({ hasText: authMessages.sessionExpiredToast })).toBeVisible();
    await expect(page.getByRole("button", { name: authMessages.signIn })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === "session_token")).toBeUndefined();
  });

  test("an expired session on another public page goes to / with the session-expired notice", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "session_token", value: "stale", url: baseURL! }]);
    await page.goto("/faq");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(authMessages.sessionExpiredTitle)).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === "session_token")).toBeUndefined();
  });

  test("FAQ answers open and close", async ({ page }) => {
    await page.goto("/faq");
    const question = page.getByText("What does a lifetime subscription mean?");
    await question.click();
    await expect(page.getByText(/A fixed 15 years from the date of purchase/)).toBeVisible();
    await question.click();
    await expect(page.getByText(/A fixed 15 years from the date of purchase/)).toBeHidden();
  });
});
