import { expect, test, type Page } from "./fixtures";
import { authMessages, frameMessages, pickerMessages, tagMessages } from "../../src/schemas/messages";

// The foundation end to end, in Chromium against the real server and a fresh database: sign-in through the
// protected-route wrapper and the demo sign-in page, the server picker, the sidebar, Tags through the
// generated screens, sign-out, the 403 rule, route validation and NOT FOUND.

const community = "812345678901234567"; // Demo Community (server/platform/demo-fixtures.ts)

/** From a protected page: /login → 'Sign in' → the demo page → back to the page first asked for. */
async function signInFrom(page: Page, path: string, user: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("button", { name: authMessages.signIn }).click();
  await page.getByRole("button", { name: `Sign in as ${user}` }).click();
}

const sessionCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "session_token");

test.describe("foundation", () => {
  test("Demo Admin signs in, picks a server, adds and deletes a tag, signs out", async ({ page }) => {
    test.setTimeout(60_000);
    await signInFrom(page, "/dashboard", "Demo Admin");

    // Back on /dashboard with the token stored and gone from the address bar.
    await expect(page).toHaveURL(/\/dashboard$/);
    // The one-time code is exchanged for the session cookie right after the address bar is cleaned.
    await expect.poll(async () => (await sessionCookie(page))?.value).toBeTruthy();
    await expect(page.getByRole("heading", { name: pickerMessages.heading })).toBeVisible();
    await expect(page.getByRole("heading", { name: pickerMessages.cardTitle })).toBeVisible();

    // Pick Demo Community in the picker.
    await page.getByRole("main").getByRole("link", { name: "Demo Community" }).click();
    await expect(page).toHaveURL(`/${community}`);

    // The sidebar: the selected server now links back to the picker; Tags is under Navigation.
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar.getByRole("link", { name: "Demo Community" })).toHaveAttribute("href", "/dashboard");
    await sidebar.getByRole("navigation").getByRole("link", { name: "Tags" }).click();
    await expect(page).toHaveURL(`/${community}/tags`);
    await expect(page.getByRole("heading", { name: tagMessages.title, level: 1 })).toBeVisible();
    await expect(page.getByText(tagMessages.manageTags)).toBeVisible();

    // An empty submit shows the validation messages and sends nothing.
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith(`/${community}/tags`)) posts++;
    });
    await page.getByRole("button", { name: tagMessages.addNewTag }).click();
    const dialog = page.getByRole("dialog", { name: tagMessages.addNewTag });
    await dialog.getByRole("button", { name: tagMessages.addTag }).click();
    await expect(dialog.getByText(tagMessages.nameRequired)).toBeVisible();
    await expect(dialog.getByText(tagMessages.contentRequired)).toBeVisible();
    expect(posts).toBe(0);

    // Add a tag: the dialog closes and the refetched list shows it.
    const name = `e2e-${Date.now().toString(36)}`;
    await dialog.getByLabel("Tag Name").fill(name);
    await dialog.getByLabel("Tag Content").fill("Added by the end-to-end test.");
    await dialog.getByRole("button", { name: tagMessages.addTag }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toBeVisible();
    expect(posts).toBe(1);

    // The case-sensitive search finds it by name, not by the name in capitals.
    const search = page.getByPlaceholder(tagMessages.search);
    await search.fill(name.toUpperCase());
    await expect(row).toBeHidden();
    await search.fill(name);
    await expect(row).toBeVisible();

    // Delete it.
    await row.getByRole("button", { name: tagMessages.delete }).click();
    await expect(row).toHaveCount(0);

    // Sign out from the sidebar footer menu: the session ends and the browser goes home.
    await sidebar.getByRole("button", { name: /Demo Admin/ }).click();
    await page.getByRole("menuitem", { name: authMessages.signOut }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(async () => (await sessionCookie(page))?.value ?? "").toBe("");
  });

  test("Demo Visitor opening a guild's tags is sent home (access denied) and stays signed in", async ({ page }) => {
    await signInFrom(page, `/${community}/tags`, "Demo Visitor");
    await expect(page).toHaveURL(/\/$/);
    // The landing page reads the notice from the history entry and shows its toast.
    await expect(page.getByText(authMessages.accessDenied)).toBeVisible();
    await expect.poll(async () => (await sessionCookie(page))?.value).toBeTruthy();
  });

  test("an invalid guild route shows 'Route not found: abc'", async ({ page }) => {
    await page.goto("/abc");
    await expect(page.getByRole("heading", { name: frameMessages.errorHeading })).toBeVisible();
    await expect(page.getByText(frameMessages.routeNotFound("abc"))).toBeVisible();
    await expect(page.getByRole("link", { name: frameMessages.goBackHome })).toHaveAttribute("href", "/");
  });

  test("an unknown deep path shows NOT FOUND", async ({ page }) => {
    await signInFrom(page, `/${community}/no/such/page`, "Demo Admin");
    await expect(page).toHaveURL(`/${community}/no/such/page`);
    await expect(page.getByRole("heading", { name: frameMessages.notFound })).toBeVisible();
  });
});
