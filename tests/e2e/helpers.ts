import { expect, type Page } from "./fixtures";
import { panelMessages } from "../../src/schemas/messages";

/** Demo guild ids (server/platform/demo-fixtures.ts). */
export const DEMO_COMMUNITY_ID = "812345678901234567";
export const GAMING_HUB_ID = "823456789012345678";

export type DemoUserName = "Demo Admin" | "Demo Staff" | "Demo Visitor";

/** Signs in through the real demo sign-in page; ends on /dashboard with the session cookie set. */
export async function signIn(page: Page, user: DemoUserName = "Demo Admin"): Promise<void> {
  await page.goto("/api/api/auth/demo");
  await page.getByRole("button", { name: `Sign in as ${user}` }).click();
  await page.waitForURL(/\/dashboard/);
  await expect(page.getByText("Your Servers")).toBeVisible();
}

/** A name no other test (or earlier run on the same database) uses. */
export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * Waits until every toast has gone (they sit top right, over menus that open there). The pointer moves away
 * first: hovering a toast pauses its timer.
 */
export async function waitForToastsToClose(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await expect(page.locator(".ant-notification-notice")).toHaveCount(0, { timeout: 15_000 });
}

/** The last toast that holds `text`. */
export const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).last();

/** A row of the Panels list by its panel's name. */
export const panelRow = (page: Page, name: string) =>
  page.locator(".panel-row").filter({ has: page.locator(".panel-row-name", { hasText: name }) });

/** Opens the select labelled `label` and picks `option`. */
export async function pick(page: Page, label: string | RegExp, option: string) {
  // The select itself, not its input: a chosen value's label lies over the input.
  await page.locator(".ant-select", { has: page.getByLabel(label) }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/**
 * Creates a panel in #support of the Demo Community through the dashboard's editor; `extras` fills more of the
 * editor before it is saved. Ends on the Panels list with the new row shown.
 */
export async function createPanel(page: Page, name: string, extras?: (page: Page) => Promise<void>) {
  const listUrl = `/${DEMO_COMMUNITY_ID}/panels`;
  await page.goto(listUrl);
  await page.getByRole("link", { name: "Create panel" }).click();
  await expect(page).toHaveURL(`${listUrl}/create-single`);
  await page.getByLabel("Panel Name").fill(name);
  await pick(page, "Panel Channel", "#support");
  await page.getByLabel("Title", { exact: true }).first().fill(`${name} — need **help**?`);
  await page.getByLabel("Title", { exact: true }).nth(1).fill("Welcome aboard");
  await extras?.(page);
  await page.getByRole("button", { name: panelMessages.saveChanges }).click();
  await expect(toast(page, panelMessages.created)).toBeVisible();
  await expect(page).toHaveURL(listUrl);
  await expect(panelRow(page, name)).toBeVisible();
}
