import { expect, test } from "./fixtures";
import { DEMO_COMMUNITY_ID, signIn, toast } from "./helpers";

// The grid's bulk delete in a browser: three tags selected and deleted in one go, then Undo from the toast puts them
// back, exactly as they were.

test("select three tags, delete them, Undo brings them back", async ({ page, context }) => {
  await signIn(page, "Demo Admin");
  const auth = { authorization: `Bearer ${(await context.cookies()).find((c) => c.name === "session_token")!.value}` };
  const stamp = Date.now().toString(36);
  const names = ["one", "two", "three"].map((n) => `bulk-${stamp}-${n}`);
  for (const name of names) {
    const created = await page.request.post(`/api/${DEMO_COMMUNITY_ID}/tags`, {
      data: { TagName: name, Content: `about ${name}` },
      headers: auth,
    });
    expect(created.status()).toBe(201);
  }
  const listed = async () =>
    ((await (await page.request.get(`/api/${DEMO_COMMUNITY_ID}/tags`, { headers: auth })).json()).tags as { TagName: string }[])
      .map((t) => t.TagName)
      .filter((n) => n.startsWith(`bulk-${stamp}`));
  const before = await (await page.request.get(`/api/${DEMO_COMMUNITY_ID}/tags`, { headers: auth })).json();

  await page.goto(`/${DEMO_COMMUNITY_ID}/tags?q=${encodeURIComponent(`bulk-${stamp}`)}`);
  const rows = page.locator("tr.dt-row");
  await expect(rows).toHaveCount(3);
  for (let i = 1; i <= 3; i++) await page.getByRole("checkbox", { name: `Select row ${i}` }).click();
  await expect(page.getByText("3 selected")).toBeVisible();
  await page.getByRole("group", { name: "Bulk actions" }).getByRole("button", { name: "Delete selected" }).click();

  const deleted = toast(page, "3 deleted");
  await expect(deleted).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect.poll(listed).toEqual([]);

  await deleted.getByRole("button", { name: "Undo" }).click();
  await expect(toast(page, "3 restored")).toBeVisible();
  await expect(rows).toHaveCount(3);
  for (const name of names) await expect(rows.filter({ hasText: name })).toHaveCount(1);
  // The same records: ids, fields and the list's order.
  await expect.poll(async () => await (await page.request.get(`/api/${DEMO_COMMUNITY_ID}/tags`, { headers: auth })).json()).toEqual(before);
});
