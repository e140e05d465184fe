import { expect, test, type Page } from "./fixtures";
import { panelMessages } from "../../src/schemas/messages";
import { createPanel, DEMO_COMMUNITY_ID, panelRow as row, pick, signIn, toast, uniqueName } from "./helpers";

// Ticket panels and multi-panels (SPEC §2, §4, §5, §7), in Chromium against the real server and database.

const listUrl = `/${DEMO_COMMUNITY_ID}/panels`;
/** The editor's extras: a button with an emoji (one only) and an embed field, each shown in the preview. */
async function fillExtras(page: Page) {
  await page.getByLabel("Button Text").fill("Open ticket");
  await page.getByLabel("Button Emoji").fill("🎫🐛"); // one emoji only
  await expect(page.getByLabel("Button Emoji")).toHaveValue("🎫");
  await page.getByRole("button", { name: "Add embed field" }).click();
  await page.getByLabel("Field 1 name").fill("Response time");
  await page.getByLabel("Field 1 value").fill("Within an hour");
  const preview = page.getByTestId("panel-preview");
  await expect(preview.getByText("Response time")).toBeVisible();
  await expect(preview.getByText("Within an hour")).toBeVisible();
  await expect(preview.locator("strong", { hasText: "help" })).toBeVisible();
  await expect(preview.getByTestId("preview-button")).toContainText("🎫");
  await expect(preview.getByTestId("preview-button")).toContainText("Open ticket");
}

test.describe("ticket panels", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("create with an emoji and embed fields, edit, resend, build a multi-panel, 409 on delete in use, delete", async ({ page }) => {
    test.setTimeout(120_000);
    const first = uniqueName("E2E panel");
    const second = uniqueName("E2E other");
    const multiTitle = uniqueName("E2E multi");

    await page.goto(listUrl);
    await expect(page.getByRole("heading", { name: panelMessages.title })).toBeVisible();
    await expect(row(page, "General Support")).toBeVisible();

    // Create with an emoji and embed fields; the preview follows; the list shows it.
    await createPanel(page, first, fillExtras);

    // Edit: prefilled (the preview shows the saved embed field), renamed, back to the list.
    const renamed = `${first} edited`;
    await row(page, first).getByRole("link", { name: "Edit" }).click();
    await expect(page.getByRole("heading", { name: "Edit Panel" })).toBeVisible();
    await expect(page.getByLabel("Panel Name")).toHaveValue(first);
    await expect(page.getByTestId("panel-preview").getByText("Response time")).toBeVisible();
    await page.getByLabel("Panel Name").fill(renamed);
    await page.getByRole("button", { name: panelMessages.updateChanges }).click();
    await expect(toast(page, panelMessages.updated)).toBeVisible();
    await expect(page).toHaveURL(listUrl);
    await expect(row(page, renamed)).toBeVisible();

    // Resend.
    await row(page, renamed).getByRole("button", { name: "Resend" }).click();
    await expect(toast(page, panelMessages.resent)).toBeVisible();

    // A multi-panel from two panels.
    await createPanel(page, second);
    await page.getByRole("link", { name: "Create multi-panel" }).click();
    await expect(page.getByRole("heading", { name: panelMessages.createMultiPanel })).toBeVisible();
    const create = page.getByRole("button", { name: panelMessages.createMultiPanel });
    await expect(create).toBeDisabled();
    await pick(page, "Panel Channel", "#general");
    const idOf = async (name: string) => (await page.locator(".ant-select-item-option", { hasText: name }).first().getAttribute("title"))!;
    await page.getByLabel("Panels").click();
    await page.getByLabel("Panels").fill(renamed.slice(0, 20));
    const firstOption = await idOf(renamed);
    await page.locator(`.ant-select-item-option[title="${firstOption}"]`).click();
    await page.getByLabel("Panels").fill(second);
    await page.locator(".ant-select-item-option", { hasText: second }).click();
    await page.keyboard.press("Escape");
    await expect(create).toBeEnabled();
    await page.getByRole("switch", { name: panelMessages.useDropdownMenu }).click();
    await page.getByLabel("Dropdown Placeholder").fill("Pick a topic");
    await page.getByLabel("Title", { exact: true }).fill(multiTitle);
    const dropdown = page.getByTestId("preview-dropdown");
    await expect(dropdown.getByText("Pick a topic")).toBeVisible();
    await expect(dropdown.getByRole("listitem")).toHaveCount(2);
    await create.click();
    await expect(toast(page, panelMessages.created)).toBeVisible();
    await expect(page).toHaveURL(listUrl);
    await expect(row(page, multiTitle)).toBeVisible();

    // Deleting a panel the multi-panel uses: 409, named in the toast; the panel stays.
    await row(page, second).getByRole("button", { name: panelMessages.deletePanel }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(panelMessages.deleteConfirm)).toBeVisible();
    await dialog.getByRole("button", { name: panelMessages.deletePanel }).click();
    await expect(toast(page, panelMessages.deleteFailed)).toBeVisible();
    await expect(toast(page, `This panel is used by the multi-panel "${multiTitle}"`)).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(row(page, second)).toBeVisible();

    // Delete the multi-panel, then the panel it used (now unused).
    for (const name of [multiTitle, second]) {
      await row(page, name).getByRole("button", { name: panelMessages.deletePanel }).click();
      await page.getByRole("dialog").getByRole("button", { name: panelMessages.deletePanel }).click();
      await expect(row(page, name)).toHaveCount(0);
    }
    await expect(toast(page, panelMessages.deleted)).toBeVisible();
  });

  test("the editor refuses invalid input with the spec's messages", async ({ page }) => {
    await page.goto(`${listUrl}/create-single`);
    await expect(page.getByLabel("Panel Name")).toBeVisible();
    await page.getByRole("button", { name: panelMessages.saveChanges }).click();
    await expect(toast(page, "Validation Error: ")).toBeVisible();
    const sectionTop = (section: string) =>
      page
        .locator(".editor-section")
        .filter({ has: page.getByText(section, { exact: true }) })
        .locator(".editor-section-errors");
    await expect(sectionTop("Panel Message").getByRole("alert")).toHaveText(panelMessages.panelMessageRequired);
    await expect(sectionTop("Welcome Message").getByRole("alert")).toHaveText(panelMessages.welcomeMessageRequired);
    await expect(page.getByText(panelMessages.nameRequired, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`${listUrl}/create-single`);
  });
});
