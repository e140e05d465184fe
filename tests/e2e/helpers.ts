import { expect, type Page } from "@playwright/test";

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
