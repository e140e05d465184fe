import { expect, test } from "./fixtures";
import { DEMO_COMMUNITY_ID, signIn } from "./helpers";

// The data grid in a browser: keyboard only from the page to a record, and a sort chosen from the header kept in
// the URL across a reload.

test("keyboard only: Tab reaches the rows, the arrows move between them, Enter opens the record", async ({ page, context }) => {
  await signIn(page, "Demo Admin");
  const auth = { authorization: `Bearer ${(await context.cookies()).find((c) => c.name === "session_token")!.value}` };
  const stamp = Date.now().toString(36);
  for (const label of [`Kbd A ${stamp}`, `Kbd B ${stamp}`]) {
    const created = await page.request.post(`/api/${DEMO_COMMUNITY_ID}/close-reasons`, { data: { Label: label }, headers: auth });
    expect(created.status()).toBe(201);
  }
  await page.goto(`/${DEMO_COMMUNITY_ID}/close-reasons?q=${encodeURIComponent(`Kbd `)}`);
  const rows = page.locator("tr.dt-row");
  await expect(rows.filter({ hasText: `Kbd B ${stamp}` })).toBeVisible();
  // Tab from the top of the page until a row has the focus: one row is in the tab order, the others by arrows.
  const focusedRow = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.closest("tr.dt-row")?.textContent ?? null);
  for (let i = 0; i < 80 && (await page.evaluate(() => !document.activeElement?.matches("tr.dt-row"))); i++)
    await page.keyboard.press("Tab");
  await expect.poll(focusedRow).toContain("Kbd");
  const first = await focusedRow();
  await page.keyboard.press("ArrowDown");
  await expect.poll(focusedRow).not.toBe(first);
  const second = (await focusedRow())!;
  const label = second.includes(`Kbd A ${stamp}`) ? `Kbd A ${stamp}` : `Kbd B ${stamp}`;
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Edit close reason" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Label")).toHaveValue(label);
  // Escape closes the dialog from within it (its opening animation may not have moved the focus in yet).
  await dialog.getByLabel("Label").focus();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // ? lists the shortcuts.
  await rows.first().focus();
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toContainText("Open the row");
});

test("a sort chosen from the header is in the URL and survives a reload", async ({ page }) => {
  await signIn(page, "Demo Admin");
  await page.goto(`/${DEMO_COMMUNITY_ID}/close-reasons`);
  await page.getByRole("columnheader", { name: "Label" }).getByRole("button").click();
  await expect(page).toHaveURL(/sort=Label&order=asc/);
  await page.getByRole("columnheader", { name: "Label" }).getByRole("button").click();
  await expect(page).toHaveURL(/sort=Label&order=desc/);
  // After a reload the server is asked for that order, and the header says it.
  const asked = page.waitForRequest((r) => r.url().includes("/close-reasons?") && /sort=Label&order=desc/.test(r.url()));
  await page.reload();
  await asked;
  await expect(page.getByRole("columnheader", { name: "Label" })).toHaveAttribute("aria-sort", "descending");
});
