import { expect, test } from "@playwright/test";
import { DEMO_COMMUNITY_ID, signIn } from "./helpers";

// The whole loop on the demo platform: Demo Staff opens a ticket from a panel in the Try-it view; Demo Admin's
// Tickets screen, open in another browser, shows it without a reload; the admin claims and closes it there with a
// preset close reason; the Statistics screen counts it.

test("a ticket opened in the Try-it view is live on another browser's Tickets screen, claimed, closed and counted", async ({ browser }) => {
  const adminContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const staff = await staffContext.newPage();
  await signIn(admin, "Demo Admin");
  await signIn(staff, "Demo Staff");

  // A preset close reason for the close dialog.
  const reason = `Solved ${Date.now().toString(36)}`;
  const created = await admin.request.post(`/api/${DEMO_COMMUNITY_ID}/close-reasons`, {
    data: { Label: reason },
    headers: { authorization: `Bearer ${(await adminContext.cookies()).find((c) => c.name === "session_token")!.value}` },
  });
  expect(created.status()).toBe(201);

  await admin.goto(`/${DEMO_COMMUNITY_ID}/statistics`);
  const closedFigure = admin.locator(".stats-figure", { hasText: /^Closed/ }).locator(".stats-figure-value");
  const closedBefore = Number(await closedFigure.textContent());

  await admin.goto(`/${DEMO_COMMUNITY_ID}/tickets`);
  await expect(admin.getByTestId("live-status")).toHaveText("Live");
  const rowsBefore = await admin.locator(".ant-table-row").count();

  await staff.goto(`/${DEMO_COMMUNITY_ID}/try-it?channel=812345678901234714`);
  await staff.getByRole("button", { name: /Open a ticket/ }).click();
  await expect(staff.getByTestId("ephemeral").filter({ hasText: "Your ticket is open" })).toBeVisible();
  await expect(staff.locator(".try-it-channel.is-active")).toContainText("ticket-");
  const channelName = (await staff.locator(".try-it-channel.is-active").textContent())!.replace(/[#\s]|ticket$/g, "");
  const number = channelName.replace(/^ticket-?/, "").replace(/ticket$/, "");

  // Within 2 s on the admin's screen, without a reload.
  const row = admin.locator(".ant-table-row", { hasText: `#${number}` });
  await expect(row).toBeVisible({ timeout: 2000 });
  await expect(row).toContainText("Demo Staff");
  expect(await admin.locator(".ant-table-row").count()).toBe(rowsBefore + 1);

  await row.getByRole("button", { name: "Claim" }).click();
  await expect(admin.getByText("You claimed this ticket.")).toBeVisible();
  await expect(row).toContainText("Demo Admin");
  // The claim reaches the staff member's channel as the bot's notice.
  await expect(staff.getByTestId("message").filter({ hasText: "Ticket claimed by" })).toBeVisible();

  await row.getByRole("button", { name: "Close" }).click();
  const dialog = admin.getByRole("dialog", { name: `Close ticket #${number}` });
  await dialog.locator(".ant-select").click();
  await admin.locator(".ant-select-item-option", { hasText: reason }).click();
  await dialog.getByRole("button", { name: "Close", exact: true }).and(dialog.locator(".ant-btn-dangerous")).click();
  await expect(admin.getByText(`Ticket #${number} closed.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await admin.goto(`/${DEMO_COMMUNITY_ID}/statistics`);
  await expect(closedFigure).toHaveText(String(closedBefore + 1));
  await admin.goto(`/${DEMO_COMMUNITY_ID}/transcripts/${number}`);
  await expect(admin.getByRole("heading", { name: `Ticket #${number}` })).toBeVisible();

  await adminContext.close();
  await staffContext.close();
});
