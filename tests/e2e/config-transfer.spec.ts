import fs from "node:fs";
import { expect, type Page, test } from "./fixtures";
import { configTransferText as text } from "../../src/schemas/config-export";
import { DEMO_COMMUNITY_ID, GAMING_HUB_ID, signIn, uniqueName } from "./helpers";

// Export Demo Community's configuration from the Import / Export screen, import the file into Gaming Hub through
// the same screen (choosing the channels Gaming Hub names differently), and find the panels in Gaming Hub's
// Ticket Panels list.

const DC_SUPPORT_CHANNEL = "812345678901234714";
const toast = (page: Page, message: string) => page.locator(".ant-notification-notice").filter({ hasText: message }).last();

async function bearerOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === "session_token");
  expect(cookie, "session cookie").toBeTruthy();
  return cookie!.value;
}

/** Opens the select labelled `label` and picks `option`. */
async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label).click();
  const dropdown = page.locator(".ant-select-dropdown:visible");
  await dropdown.locator(`.ant-select-item-option[title="${option}"]`).click();
  await expect(dropdown).toHaveCount(0);
}

test("export Demo Community, import it into Gaming Hub, see its panels there", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  const token = await bearerOf(page);
  // A panel only this run has, so the panels found in Gaming Hub can only have come from the import.
  const name = uniqueName("Imported panel");
  const created = await page.request.post(`/api/${DEMO_COMMUNITY_ID}/panels`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      SinglePanel: {
        PanelName: name,
        PanelMessage: { PanelChannel: DC_SUPPORT_CHANNEL, PanelTitle: "Moved here" },
        WelcomeMessage: { WelcomeTitle: "Hi" },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Export, from the sidebar entry.
  await page.goto(`/${DEMO_COMMUNITY_ID}`);
  await page.getByRole("link", { name: text.pageName }).click();
  await expect(page).toHaveURL(`/${DEMO_COMMUNITY_ID}/import-export`);
  await expect(page.getByRole("heading", { name: text.pageName })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: text.exportButton }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ticketeer-config-demo-community-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(file).toMatchObject({ format: "ticketeer.guild-config", version: 1, source_guild: { name: "Demo Community" } });
  expect(file.panels.map((p: { PanelName: string }) => p.PanelName)).toContain(name);
  await expect(toast(page, text.exported)).toBeVisible();

  // Import into Gaming Hub.
  await page.goto(`/${GAMING_HUB_ID}/import-export`);
  await page
    .locator('.ct-dropzone input[type="file"]')
    .setInputFiles({ name: download.suggestedFilename(), mimeType: "application/json", buffer: fs.readFileSync((await download.path())!) });
  await expect(page.getByText(text.previewTitle)).toBeVisible();
  await expect(page.getByText('Channel "support" has no match in this server', { exact: false })).toBeVisible();
  const importButton = page.getByRole("button", { name: text.importButton });
  await expect(importButton).toBeDisabled();

  // Gaming Hub names its channels differently: choose them.
  await pick(page, "Channel in Gaming Hub for #support", "#help-desk");
  await expect(page.getByText('Channel "support" has no match in this server', { exact: false })).toHaveCount(0);
  await pick(page, "Channel in Gaming Hub for #welcome", "#announcements");
  await expect(importButton).toBeEnabled();

  await importButton.click();
  const dialog = page.getByRole("dialog", { name: text.confirmTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: text.confirmOk }).click();
  await expect(toast(page, text.imported)).toBeVisible();
  await expect(page.getByRole("heading", { name: text.importedPanels })).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(name) })).toBeVisible();

  // The panels are in Gaming Hub's Ticket Panels list.
  await page.goto(`/${GAMING_HUB_ID}/panels`);
  for (const panel of [name, "General Support", "Billing"]) {
    await expect(page.locator(".panel-row-name", { hasText: panel }).first()).toBeVisible();
  }
  await expect(page.locator(".panel-row-name", { hasText: "Help Center" }).first()).toBeVisible();

  // And the API agrees: the imported panel posts in Gaming Hub's #help-desk.
  const list = await page.request.get(`/api/${GAMING_HUB_ID}/panels`, { headers: { authorization: `Bearer ${token}` } });
  const imported = (await list.json()).panels.SinglePanels.find((p: { PanelName: string }) => p.PanelName === name);
  expect(imported.PanelMessage.PanelChannel).toBe("823456789012345714");
});
