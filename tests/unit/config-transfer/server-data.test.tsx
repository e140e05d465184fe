import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import { serverDataText as text } from "../../../src/resources/config-transfer/ServerDataCard";
import { allPermissions } from "../../../src/schemas/team";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";
import { captureToasts } from "../teams/toasts";

// The Import / Export page's "Server data" card: the owner exports everything of the server and erases it after typing
// the server's id; an Administrator sees it disabled; in English and Spanish.

const server = useMswServer();
const toasts = captureToasts();
vi.setConfig({ testTimeout: 30_000 });

function fakeApi() {
  const state = { exports: 0, erasures: [] as unknown[] };
  const handlers = [
    rest.get(`${API}/:guildId/data/export`, () => {
      state.exports++;
      return HttpResponse.json({ exported_at: 1, guild_id: community, tables: { tickets: [] } });
    }),
    rest.post(`${API}/:guildId/data/erase`, async ({ request }) => {
      state.erasures.push(await request.json());
      return HttpResponse.json({ message: "Everything of this server was erased" });
    }),
  ];
  return { state, handlers };
}

describe("Server data card", () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => "blob:data");
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await changeLocale("en");
  });

  it("exports, and erases only once the server's id is typed", async () => {
    const api = fakeApi();
    renderApp(`/${community}/import-export`, server, { handlers: api.handlers });
    await userEvent.click(await screen.findByRole("button", { name: text.exportButton }));
    await waitFor(() => expect(api.state.exports).toBe(1));
    expect(toasts.map((t) => t.message)).toContain(text.exported);

    const erase = screen.getByRole("button", { name: text.eraseButton });
    expect(erase).toBeDisabled();
    const input = screen.getByPlaceholderText(community);
    await userEvent.type(input, "123");
    expect(erase).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, community);
    expect(erase).toBeEnabled();
    await userEvent.click(erase);
    await waitFor(() => expect(api.state.erasures).toEqual([{ confirm: community }]));
    expect(toasts.map((t) => t.message)).toContain(text.erased);
  });

  it("is the owner's only: an Administrator sees it disabled, with why", async () => {
    const api = fakeApi();
    renderApp(`/${community}/import-export`, server, {
      handlers: [
        ...api.handlers,
        rest.get(`${API}/:guildId/permissions`, () => HttpResponse.json({ level: "administrator", permissions: allPermissions() })),
      ],
    });
    expect(await screen.findByText(text.ownerOnly)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: text.exportButton })).toBeDisabled();
    expect(screen.getByRole("button", { name: text.eraseButton })).toBeDisabled();
  });

  it("speaks Spanish", async () => {
    await changeLocale("es");
    renderApp(`/${community}/import-export`, server, { handlers: fakeApi().handlers });
    expect(await screen.findByText("Datos del servidor")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Exportar todos los datos" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Borrar todos los datos" })).toBeDisabled();
  });
});
