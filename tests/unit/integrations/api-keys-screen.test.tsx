import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import { apiKeyText as text } from "../../../src/resources/api-keys/ApiKeysScreen";
import type { ApiKey } from "../../../src/schemas/api-keys";
import { allPermissions } from "../../../src/schemas/team";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// The API keys screen (docs/API.md "API keys"): the owner's keys with their scopes and last use, minting one (shown
// once), revoking one after a second click; the owner's only; in English and Spanish.

const server = useMswServer();
vi.setConfig({ testTimeout: 30_000 });

const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  Id: 3,
  Name: "Zapier",
  Prefix: "tk_AbCdEfGh",
  Scopes: ["tickets:read", "transcripts:read"],
  CreatedAt: 1_764_000_000_000,
  CreatedBy: "Demo Admin",
  LastUsedAt: null,
  RevokedAt: null,
  ...over,
});

function fakeApi() {
  const state = { created: [] as unknown[], revoked: [] as string[] };
  const handlers = [
    rest.get(`${API}/:guildId/api-keys`, () => HttpResponse.json({ keys: [key(), key({ Id: 2, Name: "Old", RevokedAt: 1 })], scopes: [] })),
    rest.post(`${API}/:guildId/api-keys`, async ({ request }) => {
      state.created.push(await request.json());
      return HttpResponse.json({ message: "created", key: key({ Id: 4 }), token: "tk_secret_shown_once" }, { status: 201 });
    }),
    rest.delete(`${API}/:guildId/api-keys/:id`, ({ params }) => {
      state.revoked.push(String(params.id));
      return HttpResponse.json({ message: "API key revoked", key: key({ RevokedAt: 2 }) });
    }),
  ];
  return { state, handlers };
}

describe("API keys screen", () => {
  afterEach(async () => {
    await changeLocale("en");
  });

  it("lists keys by name, first characters, scopes and last use; a revoked one says so", async () => {
    renderApp(`/${community}/api-keys`, server, { handlers: fakeApi().handlers });
    const row = (await screen.findByText("Zapier")).closest("tr")!;
    expect(within(row).getByText("tk_AbCdEfGh…")).toBeInTheDocument();
    expect(within(row).getByText("Read tickets, Read transcripts")).toBeInTheDocument();
    expect(within(row).getByText(text.never)).toBeInTheDocument();
    expect(within(screen.getByText("Old").closest("tr")!).getByText(text.revoked)).toBeInTheDocument();
  });

  it("mints a key with the chosen scopes and shows it once", async () => {
    const api = fakeApi();
    renderApp(`/${community}/api-keys`, server, { handlers: api.handlers });
    await screen.findByText("Zapier");
    const create = screen.getByRole("button", { name: text.create });
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText(text.name), "Sheets");
    await userEvent.click(screen.getByRole("checkbox", { name: "Act on tickets (claim, close, reply, notes…)" }));
    await userEvent.click(create);
    expect(await screen.findByDisplayValue("tk_secret_shown_once")).toBeInTheDocument();
    expect(api.state.created).toEqual([{ Name: "Sheets", Scopes: ["tickets:read", "tickets:write"] }]);
  });

  it("revokes only on the second click", async () => {
    const api = fakeApi();
    renderApp(`/${community}/api-keys`, server, { handlers: api.handlers });
    await userEvent.click(await screen.findByRole("button", { name: text.revoke }));
    expect(api.state.revoked).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: text.confirmRevoke }));
    await waitFor(() => expect(api.state.revoked).toEqual(["3"]));
  });

  it("is the owner's: an Administrator gets the 'no access' page", async () => {
    renderApp(`/${community}/api-keys`, server, {
      handlers: [
        ...fakeApi().handlers,
        rest.get(`${API}/:guildId/permissions`, () => HttpResponse.json({ level: "administrator", permissions: allPermissions() })),
      ],
    });
    expect(await screen.findByTestId("no-access")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: text.create })).toBeNull();
  });

  it("speaks Spanish", async () => {
    await changeLocale("es");
    renderApp(`/${community}/api-keys`, server, { handlers: fakeApi().handlers });
    expect(await screen.findByRole("button", { name: "Crear clave" })).toBeInTheDocument();
    expect(await screen.findAllByText("Leer tickets, Leer transcripciones")).toHaveLength(2);
    expect(screen.getByText("Revocada")).toBeInTheDocument();
  });
});
