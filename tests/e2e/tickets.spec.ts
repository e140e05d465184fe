import { expect, type Page, test } from "./fixtures";
import { createPanel, DEMO_COMMUNITY_ID, pick, signIn, uniqueName } from "./helpers";

// The whole loop on the demo platform: Demo Staff opens a ticket from a panel in the Try-it view; Demo Admin's
// Tickets screen, open in another browser, shows it without a reload; the admin claims and closes it there with a
// preset close reason; the Statistics screen counts it.

/** Other specs toggle the server's settings; these loops need feedback, close confirmation and stored transcripts on. */
async function settingsForTheLoop(page: Page, headers: Record<string, string>) {
  const saved = await page.request.put(`/api/${DEMO_COMMUNITY_ID}/settings`, {
    headers,
    data: { EnableUserFeedback: true, TicketCloseConfirmation: true, StoreTranscripts: true },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test("a ticket opened in the Try-it view is live on another browser's Tickets screen, claimed, closed and counted", async ({ browser }) => {
  const adminContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const staff = await staffContext.newPage();
  await signIn(admin, "Demo Admin");
  await signIn(staff, "Demo Staff");

  const auth = { authorization: `Bearer ${(await adminContext.cookies()).find((c) => c.name === "session_token")!.value}` };
  await settingsForTheLoop(admin, auth);
  // A preset close reason for the close dialog.
  const reason = `Solved ${Date.now().toString(36)}`;
  const created = await admin.request.post(`/api/${DEMO_COMMUNITY_ID}/close-reasons`, { data: { Label: reason }, headers: auth });
  expect(created.status()).toBe(201);

  await admin.goto(`/${DEMO_COMMUNITY_ID}/statistics`);
  const closedFigure = admin.locator(".stats-figure", { hasText: /^Closed/ }).locator(".stats-figure-value");
  const closedBefore = Number(await closedFigure.textContent());

  await admin.goto(`/${DEMO_COMMUNITY_ID}/tickets`);
  await expect(admin.getByTestId("live-status")).toHaveText("Live");
  const rowsBefore = await admin.locator(".dt-row").count();

  await staff.goto(`/${DEMO_COMMUNITY_ID}/try-it?channel=812345678901234714`);
  await staff.getByRole("button", { name: /Open a ticket/ }).click();
  await expect(staff.getByTestId("ephemeral").filter({ hasText: "Your ticket is open" })).toBeVisible();
  await expect(staff.locator(".try-it-channel.is-active")).toContainText("ticket-");
  const channelName = (await staff.locator(".try-it-channel.is-active").textContent())!.replace(/[#\s]|ticket$/g, "");
  const number = channelName.replace(/^ticket-?/, "").replace(/ticket$/, "");

  // Within 2 s on the admin's screen, without a reload.
  const row = admin.locator(".dt-row", { hasText: `#${number}` });
  await expect(row).toBeVisible({ timeout: 2000 });
  await expect(row).toContainText("Demo Staff");
  expect(await admin.locator(".dt-row").count()).toBe(rowsBefore + 1);

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

test("the demo loop with a form: a panel made in the dashboard, the opener answers its form, staff claim and close with a reason in the Try-it view, the opener rates, the dashboard shows it", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const staff = await staffContext.newPage();
  await signIn(admin, "Demo Admin");
  await signIn(staff, "Demo Staff");
  const auth = { authorization: `Bearer ${(await adminContext.cookies()).find((c) => c.name === "session_token")!.value}` };
  await settingsForTheLoop(admin, auth);

  // A form of the server with fields, and a new panel in #support that asks it, made in the dashboard's editor.
  const forms = (await (await admin.request.get(`/api/${DEMO_COMMUNITY_ID}/forms`, { headers: auth })).json()) as {
    forms: { FormId: number; FormName: string; Fields: { Label: string; Required: boolean; MinLength: number }[] }[];
  };
  const form = forms.forms.find((f) => f.Fields.length > 0)!;
  const panelName = uniqueName("Refunds");
  const button = `Refund ${panelName.slice(-6)}`;
  await createPanel(admin, panelName, async (page) => {
    await page.getByLabel("Button Text").fill(button);
    await pick(page, /^Form$/, form.FormName);
  });

  await admin.goto(`/${DEMO_COMMUNITY_ID}/try-it?channel=812345678901234714`);
  await admin.getByRole("button", { name: button }).click();
  const modal = admin.getByRole("dialog", { name: form.FormName });
  for (const field of form.Fields) {
    await modal.getByLabel(field.Label).fill("x".repeat(Math.max(3, field.MinLength)) + " answer");
  }
  await modal.getByRole("button", { name: "Submit" }).click();
  await expect(admin.getByTestId("ephemeral").filter({ hasText: "Your ticket is open" })).toBeVisible();
  await expect(admin.locator(".try-it-channel.is-active")).toContainText("ticket");
  const channelId = new URL(admin.url()).searchParams.get("channel")!;
  await expect(admin.getByTestId("message").first()).toContainText("Answers");
  await admin.getByLabel("Message").fill("Where is my invoice?");
  await admin.getByRole("button", { name: "Send" }).click();
  await expect(admin.getByTestId("message").filter({ hasText: "Where is my invoice?" })).toBeVisible();

  // Demo Staff claims, answers and closes with /close and a reason, confirming it.
  await staff.goto(`/${DEMO_COMMUNITY_ID}/try-it?channel=${channelId}`);
  await staff.getByRole("button", { name: /Claim/ }).click();
  await expect(staff.getByTestId("ephemeral").filter({ hasText: "You claimed this ticket." })).toBeVisible();
  await staff.getByLabel("Message").fill("Sent it again.");
  await staff.getByRole("button", { name: "Send" }).click();
  await expect(staff.getByTestId("message").filter({ hasText: "Sent it again." })).toBeVisible();
  const reason = `Invoice resent ${Date.now().toString(36)}`;
  await staff.getByLabel("Message").fill("/close");
  await staff
    .getByRole("listbox", { name: "Slash commands" })
    .getByRole("option", { name: /^\/close \[reason\]/ })
    .click();
  await staff.getByRole("combobox", { name: "reason" }).fill(reason);
  await staff.getByRole("button", { name: "Send" }).click();
  await staff.getByTestId("ephemeral").getByRole("button", { name: "Close ticket" }).click();
  const closed = staff.getByTestId("ephemeral").filter({ hasText: /Ticket #\d+ closed\./ });
  await expect(closed).toBeVisible();
  const number = (await closed.textContent())!.match(/#(\d+)/)![1];

  // The opener rates in the bot's direct message.
  await admin.goto(`/${DEMO_COMMUNITY_ID}/try-it`);
  await admin.getByTestId("channel-Ticketeer").click();
  const prompt = admin.getByTestId("message").filter({ hasText: `Rate your ticket #${number}` });
  await prompt.getByRole("button", { name: "★★★★★", exact: true }).click();
  await expect(admin.getByTestId("ephemeral").filter({ hasText: "Thanks for your feedback" })).toBeVisible();

  // The dashboard: the transcript's row with its rating and reason, its messages, and the activity entry.
  await admin.goto(`/${DEMO_COMMUNITY_ID}/transcripts`);
  await admin.getByRole("spinbutton", { name: "Ticket ID" }).fill(number);
  const row = admin.locator(".dt-row").filter({ hasText: reason });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("5 ★");
  await expect(row).toContainText(panelName);
  await admin.goto(`/${DEMO_COMMUNITY_ID}/transcripts/${number}`);
  const frame = admin.frameLocator("iframe");
  await expect(frame.getByText("Where is my invoice?")).toBeVisible();
  await expect(frame.getByText("Sent it again.")).toBeVisible();
  await admin.goto(`/${DEMO_COMMUNITY_ID}/activity`);
  await expect(admin.getByRole("cell", { name: "Ticket Closed" }).first()).toBeVisible();

  // The panel goes again, so that reruns on one database stay under the server's panel limit.
  const panels = (await (await admin.request.get(`/api/${DEMO_COMMUNITY_ID}/panels`, { headers: auth })).json()) as {
    panels: { SinglePanels: { PanelId: number; PanelName: string }[] };
  };
  const made = panels.panels.SinglePanels.find((p) => p.PanelName === panelName)!;
  expect((await admin.request.delete(`/api/${DEMO_COMMUNITY_ID}/panels/${made.PanelId}`, { headers: auth })).status()).toBe(200);

  await adminContext.close();
  await staffContext.close();
});
