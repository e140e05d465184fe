import { expect, test, type Page } from "./fixtures";
import { DEMO_COMMUNITY_ID, signIn } from "./helpers";

// Saved views in a browser: the transcripts filtered by panel and sorted by rating, with a column hidden, saved under a
// name; a reload keeps it; its link opened in another browser by another member of the server's staff shows the same
// rows in the same order with the same columns; and from there, keyboard only, a row opens its transcript.

const PANEL = "General Support";

/** The ticket numbers of the rows on screen, in order. */
const ticketsShown = (page: Page) =>
  page.locator("tr.dt-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-row-key") ?? ""));

/** The transcripts list as the view says: the panel picked, best rated first, no Close Reason column. */
async function expectTheView(page: Page, tickets?: string[]) {
  await expect(page.getByLabel("Ticket Type")).toHaveValue(PANEL);
  await expect(page.getByRole("columnheader", { name: "Rating" })).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("columnheader", { name: "Close Reason" })).toHaveCount(0);
  await expect(page.locator("tr.dt-row").first()).toBeVisible();
  if (tickets) await expect.poll(() => ticketsShown(page)).toEqual(tickets);
}

test("a saved view of transcripts survives a reload, and its link shows another staff member the same list", async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, "Demo Admin");
  await page.goto(`/${DEMO_COMMUNITY_ID}/transcripts`);
  await expect(page.locator("tr.dt-row").first()).toBeVisible();

  await page.getByLabel("Ticket Type").selectOption(PANEL);
  await expect(page).toHaveURL(/panel=General\+Support/);
  const rating = page.getByRole("columnheader", { name: "Rating" }).getByRole("button");
  await rating.click();
  await expect(page).toHaveURL(/sort=rating&order=asc/);
  // The order is the server's: the page asked for it is the one shown.
  const asked = page.waitForResponse((r) => /\/transcripts\?.*sort=rating&order=desc/.test(r.url()) && r.ok());
  await rating.click();
  await asked;
  await page.getByRole("button", { name: "Columns" }).click();
  // A click, then the URL: the box follows the URL, which the router updates after the click returns.
  await page.getByRole("checkbox", { name: "Close Reason" }).click();
  await expect(page).toHaveURL(/hide=reason/);
  await expect(page.getByRole("checkbox", { name: "Close Reason" })).not.toBeChecked();
  await expectTheView(page);
  const tickets = await ticketsShown(page);
  expect(tickets.length).toBeGreaterThan(1);

  const name = `Rated ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "Views" }).click();
  await page.getByRole("menuitem", { name: "Save current view as…" }).click();
  await page.getByRole("textbox", { name: "View name" }).fill(name);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `View: ${name}` })).toBeVisible();
  await expect(page).toHaveURL(/view=\d+/);

  await page.reload();
  await expectTheView(page, tickets);
  await expect(page.getByRole("button", { name: `View: ${name}` })).toBeVisible();

  await page.getByRole("button", { name: `View: ${name}` }).click();
  await page.getByRole("menuitem", { name: "Copy link" }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain(`/${DEMO_COMMUNITY_ID}/transcripts?`);

  // Another browser, another member of the server's staff: the same rows, order and columns (their own views list
  // does not hold the admin's view).
  const staffContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await signIn(staff, "Demo Staff");
    await staff.goto(link);
    await expectTheView(staff, tickets);
    await expect(staff.getByRole("button", { name: "Views" })).toBeVisible();

    // Keyboard only: Tab reaches the rows, the arrows move, Enter opens the transcript.
    for (let i = 0; i < 80 && (await staff.evaluate(() => !document.activeElement?.matches("tr.dt-row"))); i++)
      await staff.keyboard.press("Tab");
    await expect.poll(() => staff.evaluate(() => document.activeElement?.getAttribute("data-row-key"))).toBe(tickets[0]);
    await staff.keyboard.press("ArrowDown");
    await expect.poll(() => staff.evaluate(() => document.activeElement?.getAttribute("data-row-key"))).toBe(tickets[1]);
    await staff.keyboard.press("Enter");
    await expect(staff).toHaveURL(new RegExp(`/${DEMO_COMMUNITY_ID}/transcripts/${tickets[1]}$`));
  } finally {
    await staffContext.close();
  }
});
