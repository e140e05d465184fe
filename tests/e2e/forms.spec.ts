import { expect, test, type Locator, type Page } from "./fixtures";
import { formMessages } from "../../src/schemas/messages";
import { blacklistTexts } from "../../src/schemas/blacklist";
import { DEMO_COMMUNITY_ID, waitForToastsToClose, signIn, uniqueName } from "./helpers";

// Forms (SPEC §2 Forms, §4, §5) and the declared Blacklist resource, in Chromium against the real server.

const formsUrl = `/${DEMO_COMMUNITY_ID}/forms`;

const fieldCard = (page: Page, n: number) => page.locator(".form-field-card").nth(n - 1);
const labelOf = (page: Page, n: number) => fieldCard(page, n).getByLabel("Field Label");
const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text });
const formCard = (page: Page, name: string): Locator => page.locator(".form-card").filter({ hasText: name });

test.describe("forms", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("create a form with three fields, reorder and clamp them, copy its command, edit and delete it", async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const name = uniqueName("E2E form");

    await page.goto(formsUrl);
    await expect(page.getByRole("heading", { name: formMessages.title })).toBeVisible();
    await page.getByRole("link", { name: formMessages.createForm }).click();
    await expect(page).toHaveURL(`${formsUrl}/create`);
    await expect(page.getByRole("heading", { name: formMessages.createForm })).toBeVisible();

    const submit = page.getByRole("button", { name: formMessages.createForm });
    await expect(submit).toBeDisabled(); // empty name and label
    await page.getByLabel(formMessages.formName).fill(name);
    await expect(submit).toBeDisabled(); // empty label
    await labelOf(page, 1).fill("Alpha");
    await expect(submit).toBeEnabled();

    const addField = page.getByRole("button", { name: formMessages.addField });
    await addField.click();
    await labelOf(page, 2).fill("Beta");
    await addField.click();
    await labelOf(page, 3).fill("Gamma");
    await expect(page.locator(".form-field-card")).toHaveCount(3);

    // Reorder: Gamma up (Alpha, Gamma, Beta), then Alpha down (Gamma, Alpha, Beta).
    await page.getByRole("button", { name: "Move field 3 up" }).click();
    await page.getByRole("button", { name: "Move field 1 down" }).click();
    await expect(labelOf(page, 1)).toHaveValue("Gamma");
    await expect(labelOf(page, 2)).toHaveValue("Alpha");
    await expect(labelOf(page, 3)).toHaveValue("Beta");
    await expect(page.getByRole("button", { name: "Move field 1 up" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move field 3 down" })).toBeDisabled();

    // Clamping (§5): Max length at most 1024 and at least Min length; non-numeric counts as 0.
    const max1 = fieldCard(page, 1).getByLabel("Max length");
    const min1 = fieldCard(page, 1).getByLabel("Min length");
    await max1.fill("5000");
    await expect(max1).toHaveValue("1024");
    await min1.fill("30");
    await max1.fill("10");
    await expect(max1).toHaveValue("30");
    await max1.fill("200");
    await expect(max1).toHaveValue("200");
    await min1.fill("900");
    await expect(min1).toHaveValue("200");
    await min1.fill("5");
    await fieldCard(page, 1).getByLabel("Required").check();

    // At most 5 fields: 'Add Field' disappears at 5; remove brings it back.
    await addField.click();
    await addField.click();
    await expect(page.locator(".form-field-card")).toHaveCount(5);
    await expect(addField).toHaveCount(0);
    await page.getByRole("button", { name: "Remove field 5" }).click();
    await page.getByRole("button", { name: "Remove field 4" }).click();
    await expect(page.locator(".form-field-card")).toHaveCount(3);
    await expect(addField).toBeVisible();

    await submit.click();
    await expect(toast(page, formMessages.created)).toBeVisible();
    await expect(page).toHaveURL(formsUrl);
    const card = formCard(page, name);
    await expect(card.getByText(formMessages.fieldLine(1, "Gamma"), { exact: true })).toBeVisible();
    await expect(card.getByText(formMessages.fieldLine(2, "Alpha"), { exact: true })).toBeVisible();
    await expect(card.getByText(formMessages.fieldLine(3, "Beta"), { exact: true })).toBeVisible();

    // Copy command: '/form {formId}' on the clipboard and its toast.
    await card.getByRole("button", { name: `Actions for ${name}` }).click();
    await page.getByRole("menuitem", { name: formMessages.copyCommand }).click();
    await expect(toast(page, formMessages.commandCopied)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^\/form \d+$/);
    const formId = copied.split(" ")[1];
    await expect(card.getByText(`#${formId}`)).toBeVisible();

    // Edit: the saved values come back in order; an update goes back to the list.
    await waitForToastsToClose(page);
    await card.getByRole("button", { name: `Actions for ${name}` }).click();
    await page.getByRole("menuitem", { name: formMessages.editForm }).click();
    await expect(page).toHaveURL(`${formsUrl}/edit/${formId}`);
    await expect(page.getByRole("link", { name: formMessages.backToForms })).toBeVisible();
    await expect(labelOf(page, 1)).toHaveValue("Gamma");
    await expect(fieldCard(page, 1).getByLabel("Min length")).toHaveValue("5");
    await expect(fieldCard(page, 1).getByLabel("Max length")).toHaveValue("200");
    await expect(fieldCard(page, 1).getByLabel("Required")).toBeChecked();
    await page.getByRole("button", { name: "Move field 3 up" }).click();
    await labelOf(page, 2).fill("Beta (edited)");
    await page.getByRole("button", { name: formMessages.updateForm }).click();
    await expect(toast(page, formMessages.updated)).toBeVisible();
    await expect(page).toHaveURL(formsUrl);
    await expect(card.getByText(formMessages.fieldLine(2, "Beta (edited)"), { exact: true })).toBeVisible();
    await expect(card.getByText(formMessages.fieldLine(3, "Alpha"), { exact: true })).toBeVisible();

    // Delete: immediate, toast, gone from the list.
    await card.getByRole("button", { name: `Actions for ${name}` }).click();
    await page.getByRole("menuitem", { name: formMessages.deleteForm }).click();
    await expect(toast(page, formMessages.deletedByServer)).toBeVisible();
    await expect(formCard(page, name)).toHaveCount(0);
  });

  test("Reset returns the editor to one empty field; an unknown form goes back to the list", async ({ page }) => {
    await page.goto(`${formsUrl}/create`);
    await page.getByLabel(formMessages.formName).fill("Will be reset");
    await labelOf(page, 1).fill("One");
    await page.getByRole("button", { name: formMessages.addField }).click();
    await expect(page.locator(".form-field-card")).toHaveCount(2);
    await page.getByRole("button", { name: formMessages.reset }).click();
    await expect(page.getByLabel(formMessages.formName)).toHaveValue("");
    await expect(page.locator(".form-field-card")).toHaveCount(1);
    await expect(labelOf(page, 1)).toHaveValue("");
    await expect(page.getByRole("button", { name: "Remove field 1" })).toHaveCount(0);

    await page.goto(`${formsUrl}/edit/999999`);
    await expect(toast(page, formMessages.fetchFormFailed)).toBeVisible();
    await expect(page).toHaveURL(formsUrl);
  });
});

test.describe("blacklist (a resource built from its declaration)", () => {
  test("add an entry through the generated dialog and remove it with confirmation", async ({ page }) => {
    await signIn(page);
    await page.goto(`/${DEMO_COMMUNITY_ID}/forms`);
    await page.getByRole("link", { name: blacklistTexts.label }).click();
    await expect(page).toHaveURL(`/${DEMO_COMMUNITY_ID}/blacklist`);
    await expect(page.getByRole("heading", { name: blacklistTexts.label })).toBeVisible();

    const target = `7${Date.now()}`.padEnd(18, "0").slice(0, 18);
    await page.getByRole("button", { name: blacklistTexts.add }).click();
    const dialog = page.getByRole("dialog");
    // The generated form loads with the dialog: submit once its fields are there.
    await expect(dialog.getByLabel("User or role id")).toBeEditable();
    await dialog.getByRole("button", { name: blacklistTexts.submit, exact: true }).click();
    await expect(dialog.getByText("Target id is required")).toBeVisible();

    await dialog.getByLabel("Kind").click();
    await page.locator(".ant-select-item-option[title='User']").click();
    await dialog.getByLabel("User or role id").fill(target);
    await dialog.getByLabel("Reason", { exact: true }).fill("Opens joke tickets");
    await dialog.getByRole("button", { name: blacklistTexts.submit, exact: true }).click();
    await expect(toast(page, "Blacklist entry added")).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole("row").filter({ hasText: target });
    await expect(row).toContainText("Opens joke tickets");
    await expect(row).toContainText("User");

    await row.getByRole("button", { name: blacklistTexts.remove }).click();
    await expect(page.getByText(blacklistTexts.confirmTitle)).toBeVisible();
    await page.locator(".ant-popconfirm").getByRole("button", { name: blacklistTexts.remove }).click();
    await expect(toast(page, "Blacklist entry removed")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: target })).toHaveCount(0);
  });
});
