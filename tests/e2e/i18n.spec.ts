import { expect, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { DEMO_COMMUNITY_ID, signIn } from "./helpers";

// Translations: the dashboard and the public site switch to Spanish and back to the spec's English.

test("the dashboard switches to Español and back to the spec's English", async ({ page }) => {
  await signIn(page);
  await page.goto(`/${DEMO_COMMUNITY_ID}`);
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await expect(sidebar.getByRole("button", { name: "Servers" })).toBeVisible();

  await page.getByRole("combobox", { name: "Language" }).selectOption("es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const barra = page.getByRole("complementary", { name: "Barra lateral" });
  await expect(barra.getByRole("button", { name: "Servidores" })).toBeVisible();
  await expect(barra.getByRole("button", { name: "Navegación" })).toBeVisible();
  await expect(barra.getByRole("link", { name: "Etiquetas" })).toBeVisible();
  await expect(barra.getByRole("link", { name: "Configuración" })).toBeVisible();

  // The choice is remembered across a reload.
  await page.reload();
  await expect(page.getByRole("complementary", { name: "Barra lateral" }).getByRole("button", { name: "Servidores" })).toBeVisible();
  await page.getByRole("complementary", { name: "Barra lateral" }).locator(".sb-user").click();
  await expect(page.getByRole("menuitem", { name: "Cerrar sesión" })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("combobox", { name: "Idioma" }).selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(sidebar.getByRole("button", { name: "Servers" })).toBeVisible();
  await expect(sidebar.getByRole("button", { name: "Navigation" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Tags" })).toBeVisible();
  await sidebar.locator(".sb-user").click();
  await expect(page.getByRole("menuitem", { name: "Sign Out" })).toBeVisible();
});

test("the public site switches to Español and back", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Commands" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Support your community on autopilot");

  await page.getByRole("combobox", { name: "Language" }).selectOption("es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const principal = page.getByRole("navigation", { name: "Principal" });
  await expect(principal.getByRole("link", { name: "Comandos" })).toBeVisible();
  await expect(principal.getByRole("link", { name: "Estado" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Atiende a tu comunidad en piloto automático");
  await expect(page.getByRole("button", { name: "Iniciar sesión", exact: true })).toBeVisible();

  // Prerendered in English, then switched after the dictionary loads.
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Comandos" })).toBeVisible();

  await page.getByRole("combobox", { name: "Idioma" }).selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(nav.getByRole("link", { name: "Commands" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});

test.describe("every screen in Spanish", () => {
  test.use({ reducedMotion: "reduce" });

  const guild = `/${DEMO_COMMUNITY_ID}`;
  // Each dashboard screen with something only its loaded data puts there: a heading also renders on an error card.
  const screens: [path: string, heading: string, data?: string][] = [
    ["/dashboard", "Tus servidores", "text=Demo Community"],
    [`${guild}/settings`, "Configuración", "button:has-text('Guardar cambios')"],
    [`${guild}/teams`, "Equipos de staff", "text=Selecciona un equipo para gestionar sus roles y permisos."],
    [`${guild}/tags`, "Etiquetas", ".dt-row"],
    [`${guild}/panels`, "Paneles de tickets", "text=General Support"],
    [`${guild}/panels/create-single`, "Crear panel", "main form"],
    [`${guild}/panels/create-multi`, "Crear multipanel", "main form"],
    [`${guild}/forms`, "Formularios", ".form-card"],
    [`${guild}/forms/create`, "Crear formulario", "main form"],
    [`${guild}/tickets`, "Tickets", "[data-testid=live-status]"],
    [`${guild}/statistics`, "Estadísticas", ".stats-figure"],
    [`${guild}/try-it`, "Pruébalo", "[data-testid=message]"],
    [`${guild}/transcripts`, "Transcripciones", ".dt-row"],
    [`${guild}/activity`, "Registros de actividad", ".dt-row"],
    [`${guild}/blacklist`, "Lista negra", "main table"],
    [`${guild}/import-export`, "Importar / Exportar", "main .card"],
    ["/docs/quick-setup", "1 Configuración rápida"],
    ["/legal/tos", "Términos del servicio"],
    ["/legal/privacy", "Política de privacidad"],
    ["/commands", "Comandos"],
    ["/status", "Estado del sistema"],
    ["/faq", "Preguntas frecuentes"],
  ];

  test("each dashboard screen and public page shows its Spanish heading and passes axe", async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page);
    await page.addInitScript(() => localStorage.setItem("lang", "es"));
    for (const [path, heading, data] of screens) {
      await page.goto(path);
      await expect(page.locator("html"), path).toHaveAttribute("lang", "es");
      await expect(page.getByRole("heading", { level: 1 }).first(), path).toHaveText(heading);
      if (data) await expect(page.locator(data).first(), `${path}: its data`).toBeVisible();
      await expectNoSeriousViolations(page, `${path} (es)`, {
        liveStream: path.endsWith("/tickets") || path.endsWith("/statistics") || path.endsWith("/try-it"),
      });
    }
  });
});
