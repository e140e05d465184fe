import { expect, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { DEMO_COMMUNITY_ID, signIn } from "./helpers";

// Demo Staff is in the Support Team of Demo Community (tags, panels, forms, transcripts and tickets; no settings, no
// activity, not a manager). Opening the address of a page they may not use keeps them in the dashboard: the "no access"
// page stands in the page's place, the sidebar (built from their permissions) and the server list stay.

test.describe("a staff member on a page they may not use", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, "Demo Staff");
  });

  test("opening /settings directly shows the 'no access' page in the frame, naming the permission, with a way back", async ({ page }) => {
    const forbidden: string[] = [];
    page.on("response", (r) => {
      if (r.status() === 403) forbidden.push(r.url());
    });
    await page.goto(`/${DEMO_COMMUNITY_ID}/settings`);
    const noAccess = page.getByTestId("no-access");
    await expect(noAccess.getByRole("heading", { name: "You can't access this content!" })).toBeVisible();
    await expect(noAccess).toContainText("This page needs the team permission “Allow team to view settings”.");
    // Still in the dashboard: the address, the sidebar and its server, no toast, no 403 from the page's requests.
    await expect(page).toHaveURL(new RegExp(`/${DEMO_COMMUNITY_ID}/settings$`));
    const nav = page.getByRole("region", { name: "Navigation" });
    await expect(nav.getByRole("link", { name: "Tags" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Servers" }).getByRole("link", { name: "Demo Community" })).toBeVisible();
    // The sidebar offers only what they may open.
    for (const hidden of ["Settings", "Staff Teams", "Activity", "Blacklist", "Import / Export"])
      await expect(nav.getByRole("link", { name: hidden })).toHaveCount(0);
    await expect(page.locator(".ant-notification-notice")).toHaveCount(0);
    expect(forbidden).toEqual([]);
    await expectNoSeriousViolations(page, "no access page");

    await noAccess.getByRole("link", { name: "Back to the server's dashboard" }).click();
    await expect(page).toHaveURL(new RegExp(`/${DEMO_COMMUNITY_ID}$`));
    await expect(page.getByText("Guild ID")).toBeVisible();
  });

  test("Import / Export is for the server's managers: its address shows why, in English and in Spanish", async ({ page }) => {
    await page.goto(`/${DEMO_COMMUNITY_ID}/import-export`);
    const noAccess = page.getByTestId("no-access");
    await expect(noAccess).toContainText(
      "Only the server's owner, administrators and members with the Manage Server permission can open this page",
    );
    await expect(page.getByRole("button", { name: "Export configuration" })).toHaveCount(0);

    await page
      .getByRole("combobox", { name: /language|idioma/i })
      .first()
      .selectOption("es");
    await expect(noAccess.getByRole("heading", { name: "¡No puedes acceder a este contenido!" })).toBeVisible();
    await expect(noAccess).toContainText(
      "Solo el propietario del servidor, los administradores y los miembros con el permiso Gestionar servidor",
    );
    await expect(noAccess.getByRole("link", { name: "Volver al panel del servidor" })).toBeVisible();
  });
});
