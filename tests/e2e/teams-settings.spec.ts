import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page, test } from "./fixtures";
import { DEMO_COMMUNITY_ID, signIn, uniqueName } from "./helpers";

// Staff teams (drag and drop with the mouse and the keyboard, permissions that change what a staff member sees)
// and settings (the change toast, the conflict when someone else saved first). SPEC §2, §4, §8.

const teamsUrl = `/${DEMO_COMMUNITY_ID}/teams`;
const settingsUrl = `/${DEMO_COMMUNITY_ID}/settings`;

const list = (page: Page, title: "Available Roles" | "Team Roles") =>
  page.locator(".card").filter({ has: page.locator(".card-title", { hasText: title }) });
const roleIn = (page: Page, title: "Available Roles" | "Team Roles", role: string) =>
  list(page, title).locator("li.role-item", { hasText: role });
const dropZone = (page: Page, which: "available" | "team") => page.getByTestId(`drop-${which}`);

async function sessionToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === "session_token");
  if (!cookie) throw new Error("no session cookie");
  return cookie.value;
}

async function api(request: APIRequestContext, token: string, method: "GET" | "PUT", path: string, data?: unknown) {
  const response = await request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  return response.json();
}

async function createAndSelectTeam(page: Page, name: string) {
  await page.goto(teamsUrl);
  await page.getByLabel("Team Name").fill(name);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText(`Team ${name} successfully created!`)).toBeVisible();
  // The new team is selected.
  await expect(list(page, "Team Roles")).toBeVisible();
  await expect(page.locator(".teams-select")).toContainText(name);
}

async function pickTeam(page: Page, name: string) {
  await page.locator(".teams-select").click();
  await page.keyboard.type(name);
  await page.locator(".ant-select-item-option", { hasText: name }).first().click();
  await expect(list(page, "Team Roles")).toBeVisible();
}

/** Drags with the real mouse: press on the handle, move past the 5 px threshold, then across to the target. */
async function mouseDrag(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 3, { steps: 12 });
  await page.mouse.up();
}

/**
 * Drags with the keyboard: focus the handle, Space, then one arrow key at a time (25 px each) towards the other
 * list until the live region announces the role is over it, then Space.
 */
async function keyboardDrag(page: Page, role: string, target: "Available Roles" | "Team Roles") {
  const handle = page.getByRole("button", { name: `Drag ${role}` });
  await handle.focus();
  await page.keyboard.press("Space");
  // The pick-up announcement may already have been replaced by the first "is over".
  await expect(page.getByText(new RegExp(`^(Picked up ${role}\\.|${role} is over .+\\.)$`))).toHaveCount(1);
  const over = page.getByText(`${role} is over ${target}.`);
  const key = target === "Team Roles" ? "ArrowRight" : "ArrowLeft";
  for (let presses = 0; presses < 60 && (await over.count()) === 0; presses++) {
    await page.keyboard.press(key);
    await over.waitFor({ state: "attached", timeout: 150 }).catch(() => undefined);
  }
  await expect(over).toHaveCount(1);
  await page.keyboard.press("Space");
}

test.describe("staff teams", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "Demo Admin");
  });

  test("drags a role into a team and out again with the mouse", async ({ page }) => {
    const team = uniqueName("Mouse Team");
    await createAndSelectTeam(page, team);
    await expect(list(page, "Team Roles").getByText("No roles found.")).toBeVisible();

    // Not a drag: a press without moving 5 px leaves the role where it is.
    const handle = roleIn(page, "Available Roles", "VIP").getByRole("button", { name: "Drag VIP" });
    await handle.click();
    await expect(roleIn(page, "Available Roles", "VIP")).toBeVisible();

    // While dragging, the other list shows its drop hint.
    const from = (await handle.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 10, { steps: 4 });
    await expect(dropZone(page, "team").getByText("Drop role here to add it to the team")).toBeVisible();
    const target = (await dropZone(page, "team").boundingBox())!;
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 3, { steps: 12 });
    await page.mouse.up();

    await expect(page.getByText("Role successful added to the team!")).toBeVisible();
    await expect(roleIn(page, "Team Roles", "VIP")).toBeVisible();
    await expect(roleIn(page, "Available Roles", "VIP")).toHaveCount(0);

    await mouseDrag(page, roleIn(page, "Team Roles", "VIP").getByRole("button", { name: "Drag VIP" }), dropZone(page, "available"));
    await expect(page.getByText("Role successful removed from the team!")).toBeVisible();
    await expect(roleIn(page, "Available Roles", "VIP")).toBeVisible();
    await expect(roleIn(page, "Team Roles", "VIP")).toHaveCount(0);

    // It stuck on the server.
    await page.reload();
    await pickTeam(page, team);
    await expect(roleIn(page, "Available Roles", "VIP")).toBeVisible();
  });

  test("drags a role into a team and out again with the keyboard", async ({ page }) => {
    const team = uniqueName("Keyboard Team");
    await createAndSelectTeam(page, team);

    await keyboardDrag(page, "Moderator", "Team Roles");
    await expect(page.getByText("Role successful added to the team!")).toBeVisible();
    await expect(roleIn(page, "Team Roles", "Moderator")).toBeVisible();

    await keyboardDrag(page, "Moderator", "Available Roles");
    await expect(page.getByText("Role successful removed from the team!")).toBeVisible();
    await expect(roleIn(page, "Available Roles", "Moderator")).toBeVisible();
    await expect(roleIn(page, "Team Roles", "Moderator")).toHaveCount(0);

    // Escape cancels a keyboard drag.
    const handle = roleIn(page, "Available Roles", "Member").getByRole("button", { name: "Drag Member" });
    await handle.focus();
    await page.keyboard.press("Space");
    for (let i = 0; i < 12; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Escape");
    await expect(roleIn(page, "Available Roles", "Member")).toBeVisible();
    await expect(roleIn(page, "Team Roles", "Member")).toHaveCount(0);
  });

  test("granting ViewActivity to the Support Team gives Demo Staff the Activity entry", async ({ page, browser }) => {
    const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const staff = await staffContext.newPage();
    try {
      await signIn(staff, "Demo Staff");
      await staff.goto(`/${DEMO_COMMUNITY_ID}/tags`);
      const nav = staff.getByRole("region", { name: "Navigation" });
      await expect(nav.getByRole("link", { name: "Tags" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Activity" })).toHaveCount(0);
      await expect(nav.getByRole("link", { name: "Staff Teams" })).toHaveCount(0);

      await page.goto(teamsUrl);
      await pickTeam(page, "Support Team");
      await page.getByRole("button", { name: "Permissions" }).click();
      const dialog = page.locator(".ant-modal-content").filter({ hasText: "Configure access levels and permissions for this team" });
      await expect(dialog.getByText("Configure access levels and permissions for this team")).toBeVisible();
      await expect(dialog.getByRole("switch")).toHaveCount(26);
      const viewActivity = dialog.getByRole("switch", { name: "Allow team to view activity" });
      await expect(viewActivity).not.toBeChecked();
      const saved = page.waitForResponse((r) => r.url().includes("/permissions") && r.request().method() === "PUT");
      await viewActivity.click();
      await expect(viewActivity).toBeChecked();
      expect((await saved).ok()).toBe(true);

      try {
        // The staff member moves on: the sidebar follows without signing out.
        await nav.getByRole("link", { name: "Dashboard" }).click();
        await expect(nav.getByRole("link", { name: "Activity" })).toBeVisible();
        await nav.getByRole("link", { name: "Activity" }).click();
        await expect(staff).toHaveURL(new RegExp(`/${DEMO_COMMUNITY_ID}/activity`));
      } finally {
        const restored = page.waitForResponse((r) => r.url().includes("/permissions") && r.request().method() === "PUT");
        await viewActivity.click();
        await expect(viewActivity).not.toBeChecked();
        expect((await restored).ok()).toBe(true);
      }
      // Without the permission the staff member has no Activity entry (one still on the activity page gets the "no
      // access" page once the change shows, so go to the tags directly).
      await expect(async () => {
        await staff.goto(`/${DEMO_COMMUNITY_ID}/tags`);
        await expect(nav.getByRole("link", { name: "Tags" })).toBeVisible({ timeout: 3000 });
      }).toPass();
      await expect(nav.getByRole("link", { name: "Activity" })).toHaveCount(0);
    } finally {
      await staffContext.close();
    }
  });
});

test.describe("settings", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "Demo Admin");
    await page.goto(settingsUrl);
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
  });

  test("saves and lists each change old → new in the toast", async ({ page }) => {
    for (const card of ["General", "Claiming", "Auto Close"]) await expect(page.locator(".card-title", { hasText: card })).toBeVisible();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("No settings have been changed.")).toBeVisible();

    const limit = page.getByRole("spinbutton", { name: "Open tickets per user" });
    const before = Number(await limit.inputValue());
    const after = before + 2;
    await limit.fill(String(after));
    const feedback = page.getByRole("switch", { name: "Ask users for feedback after a ticket closes" });
    const feedbackBefore = (await feedback.getAttribute("aria-checked")) === "true";
    await feedback.click();
    await page.getByRole("button", { name: "Save Changes" }).click();

    const toast = page.locator(".ant-notification-notice").filter({ hasText: "Settings updated successfully" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(`Open tickets per user: ${before} → ${after}`);
    await expect(toast).toContainText(`Ask users for feedback after a ticket closes: ${feedbackBefore ? "On → Off" : "Off → On"}`);

    await page.reload();
    await expect(page.getByRole("spinbutton", { name: "Open tickets per user" })).toHaveValue(String(after));
  });

  test("a save on top of someone else's save shows the conflict message", async ({ page, context, request }) => {
    const token = await sessionToken(context);
    const current = await api(request, token, "GET", settingsUrl);
    // Someone else saves while the page is open.
    await api(request, token, "PUT", settingsUrl, { UserTicketLimit: (current.UserTicketLimit ?? 1) + 5, Revision: current.Revision });

    const limit = page.getByRole("spinbutton", { name: "Open tickets per user" });
    await limit.fill(String((current.UserTicketLimit ?? 1) + 1));
    await page.getByRole("button", { name: "Save Changes" }).click();
    const toast = page.locator(".ant-notification-notice").filter({ hasText: "Error updating settings" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("These settings were changed by someone else. Reload to see the latest values.");

    // Reloading shows the other save; saving again works.
    await page.reload();
    await expect(limit).toHaveValue(String((current.UserTicketLimit ?? 1) + 5));
  });
});
