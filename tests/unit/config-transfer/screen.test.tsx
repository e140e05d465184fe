import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ConfigImportPreview, configTransferText as text } from "../../../src/schemas/config-export";
import { allPermissions } from "../../../src/schemas/team";
import { exportFileName } from "../../../src/resources/config-transfer/transfer";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";
import { captureToasts } from "../teams/toasts";
import { sampleFile } from "./sample";

// The Import / Export screen against a fake API: export downloads the file, a dropped file is previewed, the
// mapping can be chosen per row (asking for a new preview), the import runs after a confirmation and links to
// the imported panels; staff are kept out by the route's 'no access' page.

const server = useMswServer();
const toasts = captureToasts();
vi.setConfig({ testTimeout: 30_000 });

const SUPPORT = "812345678901234714";
const HELP_DESK = "823456789012345714";

function previewFor(mapping: Record<string, Record<string, string | null>> | undefined): ConfigImportPreview {
  const chosen = mapping?.channels?.[SUPPORT] ?? null;
  return {
    source_guild: { id: "812345678901234567", name: "Demo Community" },
    target_guild: { id: community, name: "Target Server" },
    exported_at: "2026-11-22T10:00:00.000Z",
    sections: [
      { section: "settings", label: "Settings", present: true, deletes: 0, creates: 0, updates: 2 },
      { section: "tags", label: "Tags", present: true, deletes: 3, creates: 1, updates: 0 },
      { section: "blacklist", label: "Blacklist", present: false, deletes: 0, creates: 0, updates: 0 },
    ],
    mapping: [
      {
        kind: "channels",
        source_id: SUPPORT,
        source_name: "support",
        target_id: chosen,
        target_name: chosen ? "help-desk" : null,
        matched: chosen ? "manual" : "none",
        required: true,
        used_by: ['Panel "General Support" › channel'],
      },
      {
        kind: "roles",
        source_id: "812345678901234604",
        source_name: "VIP",
        target_id: null,
        target_name: null,
        matched: "none",
        required: false,
        used_by: ['Team "Mods"'],
      },
    ],
    targets: {
      roles: [{ id: "823456789012345604", name: "Gamer" }],
      channels: [{ id: HELP_DESK, name: "help-desk" }],
      categories: [],
      emojis: [],
    },
    warnings: ['Role "VIP" has no match in this server and is left out of: Team "Mods"'],
    problems: chosen ? [] : ['Channel "support" has no match in this server; choose one for: Panel "General Support" › channel'],
    can_import: chosen !== null,
  };
}

function fakeApi() {
  const state = {
    previews: [] as { config: unknown; mapping?: Record<string, Record<string, string | null>> }[],
    imports: [] as unknown[],
    exports: 0,
  };
  const handlers = [
    rest.get(`${API}/:guildId/config/export`, () => {
      state.exports += 1;
      return HttpResponse.json(sampleFile());
    }),
    rest.post(`${API}/:guildId/config/import/preview`, async ({ request }) => {
      const body = (await request.json()) as (typeof state.previews)[number];
      state.previews.push(body);
      return HttpResponse.json(previewFor(body.mapping));
    }),
    rest.post(`${API}/:guildId/config/import`, async ({ request }) => {
      state.imports.push(await request.json());
      return HttpResponse.json({
        message: "Configuration imported",
        sections: previewFor({ channels: { [SUPPORT]: HELP_DESK } }).sections,
        warnings: ['Role "VIP" has no match in this server and is left out of: Team "Mods"'],
        panels: [
          { PanelId: 41, Name: "General Support", Kind: "single" },
          { PanelId: 43, Name: "Help Center", Kind: "multi" },
        ],
      });
    }),
  ];
  return { state, handlers };
}

const jsonFile = (value: unknown, name = "config.json") =>
  new File([typeof value === "string" ? value : JSON.stringify(value)], name, { type: "application/json" });
const dropInput = () => document.querySelector<HTMLInputElement>('.ct-dropzone input[type="file"]')!;

describe("Import / Export screen", () => {
  let created: Blob[] = [];
  beforeEach(() => {
    created = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return "blob:config";
    });
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it("exports: fetches the file with the session and saves it as a download", async () => {
    const api = fakeApi();
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    renderApp(`/${community}/import-export`, server, { handlers: api.handlers });
    await userEvent.click(await screen.findByRole("button", { name: text.exportButton }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(api.state.exports).toBe(1);
    expect(clicks[0].download).toBe(exportFileName("Demo Community"));
    expect(clicks[0].href).toBe("blob:config");
    expect(JSON.parse(await created[0].text())).toEqual(sampleFile());
    expect(toasts.map((t) => t.message)).toContain(text.exported);
  });

  it("previews a dropped file, maps an unmatched channel, imports after confirming and links to the panels", async () => {
    const api = fakeApi();
    renderApp(`/${community}/import-export`, server, { handlers: api.handlers });
    expect(await screen.findByText(text.dropzone)).toBeInTheDocument();
    await userEvent.upload(dropInput(), jsonFile(sampleFile()));

    expect(await screen.findByText("config.json")).toBeInTheDocument();
    await waitFor(() => expect(api.state.previews).toHaveLength(1));
    expect(api.state.previews[0]).toEqual({ config: sampleFile(), mapping: {} });
    // Sections with their change, the mapping table with the unmapped rows, problems and warnings.
    expect(await screen.findByText("3 removed, 1 created")).toBeInTheDocument();
    expect(screen.getByText("2 values change")).toBeInTheDocument();
    expect(screen.getByText("Not in the file: kept as it is")).toBeInTheDocument();
    expect(screen.getByText(`${text.unmapped} (${text.required})`)).toBeInTheDocument();
    expect(screen.getByText(/Channel "support" has no match/)).toBeInTheDocument();
    expect(screen.getByText(/Role "VIP" has no match/)).toBeInTheDocument();
    const importButton = screen.getByRole("button", { name: text.importButton });
    expect(importButton).toBeDisabled();

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Channel in Target Server for #support" }));
    fireEvent.click(await screen.findByTitle("#help-desk"));
    await waitFor(() => expect(api.state.previews).toHaveLength(2));
    expect(api.state.previews[1].mapping).toEqual({ channels: { [SUPPORT]: HELP_DESK } });
    await waitFor(() => expect(screen.getByRole("button", { name: text.importButton })).toBeEnabled());
    expect(screen.queryByText(/Channel "support" has no match/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: text.importButton }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(text.confirmTitle)).toBeInTheDocument();
    expect(within(dialog).getByText(text.confirmDescription("Settings, Tags"))).toBeInTheDocument();
    expect(api.state.imports).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: text.confirmOk }));

    expect(await screen.findByText(text.importedPanels)).toBeInTheDocument();
    expect(api.state.imports).toEqual([{ config: sampleFile(), mapping: { channels: { [SUPPORT]: HELP_DESK } } }]);
    expect(screen.getByRole("link", { name: /General Support/ })).toHaveAttribute("href", `/${community}/panels/edit-single/41`);
    expect(screen.getByRole("link", { name: /Help Center/ })).toHaveAttribute("href", `/${community}/panels/edit-multi/43`);
    expect(toasts.map((t) => t.message)).toContain("Configuration imported");
  });

  it("a file that is not JSON is refused in the browser; the server's 400 lists its problems", async () => {
    const api = fakeApi();
    renderApp(`/${community}/import-export`, server, { handlers: api.handlers });
    await screen.findByText(text.dropzone);
    await userEvent.upload(dropInput(), jsonFile("{ not json", "broken.json"));
    expect(await screen.findByText(text.notJson)).toBeInTheDocument();
    expect(api.state.previews).toHaveLength(0);

    server.use(
      rest.post(`${API}/:guildId/config/import/preview`, () =>
        HttpResponse.json(
          { error: "The file cannot be imported: x", errors: ["Unsupported configuration version 2: this server reads version 1"] },
          { status: 400 },
        ),
      ),
    );
    await userEvent.upload(dropInput(), jsonFile({ ...sampleFile(), version: 2 }));
    expect(await screen.findByText(text.previewFailed)).toBeInTheDocument();
    expect(screen.getByText("Unsupported configuration version 2: this server reads version 1")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: text.importButton })).not.toBeInTheDocument();
  });

  it("staff are kept out: the 'no access' page says who may use it, and nothing is exported", async () => {
    const api = fakeApi();
    renderApp(`/${community}/import-export`, server, {
      handlers: [
        ...api.handlers,
        rest.get(`${API}/:guildId/permissions`, () => HttpResponse.json({ level: "staff", permissions: allPermissions() })),
      ],
    });
    const page = await screen.findByTestId("no-access");
    expect(page).toHaveTextContent(
      "Only the server's owner, administrators and members with the Manage Server permission can open this page",
    );
    expect(screen.queryByRole("button", { name: text.exportButton })).toBeNull();
    expect(api.state.exports).toBe(0);
  });

  it("says so when the access check fails", async () => {
    renderApp(`/${community}/import-export`, server, {
      handlers: [rest.get(`${API}/:guildId/permissions`, () => HttpResponse.json({ error: "Guild not found" }, { status: 404 }))],
    });
    expect(await screen.findByTestId("no-access")).toHaveTextContent(
      "Your access to this page could not be checked. Reload the page to try again.",
    );
  });
});
