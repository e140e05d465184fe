import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import type { AccessLevel } from "../../../src/schemas/access";
import { authMessages } from "../../../src/schemas/messages";
import { allPermissions, noPermissions, type TeamPermission } from "../../../src/schemas/team";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "./harness";

// A staff member who opens the address of a page they may not use stays in the dashboard: the "no access" page takes
// the page's place inside the frame (sidebar and server list stay), names what is missing and leads back. The page's
// own requests are never made, so no 403 sends them to the public landing page.

const server = useMswServer();

function asStaff(level: AccessLevel, permissions: Record<TeamPermission, boolean>) {
  const requested: string[] = [];
  const handlers = [
    rest.get(`${API}/:guildId/permissions`, () => HttpResponse.json({ level, permissions })),
    // Every request of the screens behind the gate is recorded (and refused, as the server would).
    ...["settings", "config/export", "activity"].map((path) =>
      rest.get(`${API}/:guildId/${path}`, ({ request }) => {
        requested.push(new URL(request.url).pathname);
        return HttpResponse.json({ error: authMessages.accessDenied }, { status: 403 });
      }),
    ),
  ];
  return { handlers, requested };
}

describe("the dashboard's own 'no access' page", { timeout: 20_000 }, () => {
  afterEach(() => changeLocale("en"));

  it("a staff member without ViewSettings opening /{guildId}/settings: which permission is missing, a way back, the frame stays", async () => {
    const user = userEvent.setup();
    const { handlers, requested } = asStaff("staff", { ...noPermissions(), ViewTag: true });
    const { navigation, router } = renderApp(`/${community}/settings`, server, { handlers });
    const page = await screen.findByTestId("no-access");
    expect(within(page).getByRole("heading", { level: 1 })).toHaveTextContent(authMessages.accessDenied);
    expect(page).toHaveTextContent(
      "This page needs the team permission “Allow team to view settings”. None of your staff teams in this server has it: ask the server's owner or an administrator to add it to your team.",
    );
    // The sidebar and the server list stay, with this server selected.
    const aside = screen.getByRole("complementary", { name: "Sidebar" });
    expect(await within(aside).findByRole("link", { name: "Demo Community" })).toHaveAttribute("aria-current", "true");
    expect(await within(aside).findByRole("link", { name: "Tags" })).toBeInTheDocument();
    // Never sent home, and the settings were never asked for.
    expect(router.state.location.pathname).toBe(`/${community}/settings`);
    expect(navigation.calls).toEqual([]);
    expect(requested).toEqual([]);

    await user.click(within(page).getByRole("link", { name: "Back to the server's dashboard" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${community}`));
    expect(screen.queryByTestId("no-access")).toBeNull();
  });

  it("Import / Export for staff, even with every team permission: only the server's managers may open it", async () => {
    const { handlers, requested } = asStaff("staff", allPermissions());
    const { navigation } = renderApp(`/${community}/import-export`, server, { handlers });
    const page = await screen.findByTestId("no-access");
    expect(page).toHaveTextContent(
      "Only the server's owner, administrators and members with the Manage Server permission can open this page; no staff team permission gives access to it.",
    );
    expect(screen.queryByRole("button", { name: "Export configuration" })).toBeNull();
    expect(navigation.calls).toEqual([]);
    expect(requested).toEqual([]);
  });

  it("reads in Spanish when Spanish is on screen", async () => {
    await changeLocale("es");
    const { handlers } = asStaff("staff", noPermissions());
    renderApp(`/${community}/activity`, server, { handlers });
    const page = await screen.findByTestId("no-access");
    expect(within(page).getByRole("heading", { level: 1 })).toHaveTextContent("¡No puedes acceder a este contenido!");
    expect(page).toHaveTextContent("Esta página requiere el permiso de equipo «Permitir al equipo ver la actividad».");
    expect(within(page).getByRole("link", { name: "Volver al panel del servidor" })).toHaveAttribute("href", `/${community}`);
  });

  it("the owner opens the same page as it is", async () => {
    const { handlers } = asStaff("owner", allPermissions());
    renderApp(`/${community}/import-export`, server, { handlers });
    expect(await screen.findByRole("button", { name: "Export configuration" })).toBeInTheDocument();
    expect(screen.queryByTestId("no-access")).toBeNull();
  });
});
