import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http as rest, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { frameMessages, teamMessages } from "../../../src/schemas/messages";
import { noPermissions, permissionWords, teamPermissionKeys, type TeamPermissions } from "../../../src/schemas/team";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";
import { captureToasts } from "./toasts";

const server = useMswServer();
const toasts = captureToasts();
vi.setConfig({ testTimeout: 30_000 });

const roles = [
  { RoleId: "812345678901234601", RoleName: "Admin" },
  { RoleId: "812345678901234602", RoleName: "Moderator" },
  { RoleId: "812345678901234603", RoleName: "Support" },
  { RoleId: "812345678901234604", RoleName: "VIP" },
];

interface FakeTeam {
  TeamId: string;
  TeamName: string;
  Roles: { RoleId: string; RoleName: string }[];
  Permissions: TeamPermissions;
}

/** An in-memory teams API; `fail` makes the next matching call fail after a short delay. */
function fakeTeamsApi() {
  const state = {
    teams: [
      { TeamId: "1", TeamName: "Support Team", Roles: [roles[2]], Permissions: { ...noPermissions(), ViewTag: true } },
      { TeamId: "2", TeamName: "Moderators", Roles: [], Permissions: noPermissions() },
    ] as FakeTeam[],
    calls: [] as { method: string; path: string; body: unknown }[],
    fail: null as null | { method: string; path: RegExp; status: number; body: unknown },
  };
  const record = async (request: Request, answerAfterMs = 30) => {
    const body = request.method === "GET" ? undefined : await request.json().catch(() => undefined);
    const path = new URL(request.url).pathname.replace(/^\/api/, "");
    state.calls.push({ method: request.method, path, body });
    const fail = state.fail;
    if (fail && fail.method === request.method && fail.path.test(path)) {
      state.fail = null;
      await delay(60);
      return { body, failure: HttpResponse.json(fail.body as object, { status: fail.status }) };
    }
    await delay(answerAfterMs);
    return { body, failure: null };
  };
  const team = (id: string) => state.teams.find((t) => t.TeamId === id)!;
  const handlers = [
    rest.get(`${API}/:guildId/teams`, () => HttpResponse.json({ teams: state.teams, roles })),
    rest.post(`${API}/:guildId/teams`, async ({ request }) => {
      // Long enough for the test to see 'Creating…' on a loaded machine.
      const { body, failure } = await record(request, 300);
      if (failure) return failure;
      const name = (body as { team_name: string }).team_name;
      const created = { TeamId: String(state.teams.length + 10), TeamName: name, Roles: [], Permissions: noPermissions() };
      state.teams.push(created);
      return HttpResponse.json({ message: "Team created successfully", team: created });
    }),
    rest.post(`${API}/:guildId/teams/:teamId/roles`, async ({ request, params }) => {
      const { body, failure } = await record(request);
      if (failure) return failure;
      const role = roles.find((r) => r.RoleId === (body as { RoleId: string }).RoleId)!;
      team(params.teamId as string).Roles.push(role);
      return HttpResponse.json({ message: teamMessages.roleAddQueued });
    }),
    rest.delete(`${API}/:guildId/teams/:teamId/roles`, async ({ request, params }) => {
      const { body, failure } = await record(request);
      if (failure) return failure;
      const t = team(params.teamId as string);
      t.Roles = t.Roles.filter((r) => r.RoleId !== (body as { RoleId: string }).RoleId);
      return HttpResponse.json({ message: teamMessages.roleRemoveQueued });
    }),
    rest.put(`${API}/:guildId/teams/:teamId/permissions`, async ({ request, params }) => {
      const { body, failure } = await record(request);
      if (failure) return failure;
      Object.assign(team(params.teamId as string).Permissions, (body as { Permissions: object }).Permissions);
      return HttpResponse.json({ message: "Team permissions updated successfully" });
    }),
    rest.delete(`${API}/:guildId/teams/:teamId`, async ({ request, params }) => {
      // Slow enough for the pending label ('Deleting...') to be seen.
      const { failure } = await record(request, 500);
      if (failure) return failure;
      state.teams = state.teams.filter((t) => t.TeamId !== params.teamId);
      return HttpResponse.json({ message: "Team deleted successfully" });
    }),
  ];
  return { state, handlers };
}

/** Picks a team in the searchable 'Select team...' dropdown. */
async function selectTeam(name: string) {
  // The team select of the 'Team Management' card (the top bar has a language picker too).
  const card = (await screen.findByText(teamMessages.teamManagement)).closest(".card") as HTMLElement;
  const combobox = within(card).getByRole("combobox");
  fireEvent.mouseDown(combobox);
  fireEvent.click(await screen.findByTitle(name));
  await screen.findByText("Team Roles");
}

/** The Team Permissions dialog (found by its subtitle; the confirmation is another dialog). */
const permissionsDialog = async () =>
  (await screen.findByText(teamMessages.permissionsSubtitle)).closest(".ant-modal-content") as HTMLElement;

const listOf = (title: "Available Roles" | "Team Roles") => screen.getByText(title).closest(".card") as HTMLElement;
const namesIn = (title: "Available Roles" | "Team Roles") =>
  within(listOf(title))
    .queryAllByRole("listitem")
    .map((li) => li.textContent);

describe("Staff Teams screen", () => {
  it("creates a team (blank names do nothing), toasts, and selects it", async () => {
    const api = fakeTeamsApi();
    const user = userEvent.setup();
    renderApp(`/${community}/teams`, server, { handlers: api.handlers });
    expect(await screen.findByText(teamMessages.createTeam)).toBeInTheDocument();
    expect(screen.getByText(teamMessages.teamManagement)).toBeInTheDocument();
    const input = screen.getByLabelText("Team Name");
    const create = screen.getByRole("button", { name: /Create/ });

    await user.type(input, "   ");
    expect(create).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(api.state.calls).toEqual([]);

    await user.clear(input);
    await user.type(input, "  Billing ");
    await user.click(create);
    expect(await screen.findByRole("button", { name: new RegExp(teamMessages.creating) })).toBeInTheDocument();
    await waitFor(() => expect(toasts.map((t) => t.message)).toContain(teamMessages.created("Billing")));
    expect(api.state.calls[0]).toMatchObject({ method: "POST", body: { team_name: "Billing", roles: [] } });
    expect(input).toHaveValue("");
    // The new team is selected: its (empty) role list is shown.
    expect(await screen.findByText("Team Roles")).toBeInTheDocument();
    expect(screen.getByTitle("Billing")).toBeInTheDocument();
  });

  it("shows 'Failed to create team' with the server's text", async () => {
    const api = fakeTeamsApi();
    api.state.fail = { method: "POST", path: /\/teams$/, status: 409, body: { error: 'A team named "Support Team" already exists' } };
    const user = userEvent.setup();
    renderApp(`/${community}/teams`, server, { handlers: api.handlers });
    await user.type(await screen.findByLabelText("Team Name"), "Support Team");
    await user.click(screen.getByRole("button", { name: /Create/ }));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({
          type: "error",
          message: teamMessages.createFailed,
          description: 'A team named "Support Team" already exists',
        }),
      ),
    );
    expect(screen.getByLabelText("Team Name")).toHaveValue("Support Team");
  });

  it("moves a role at once with the add button, and puts it back when the server refuses", async () => {
    const api = fakeTeamsApi();
    const user = userEvent.setup();
    renderApp(`/${community}/teams`, server, { handlers: api.handlers });
    await selectTeam("Support Team");
    expect(namesIn("Team Roles")).toEqual(["Support"]);
    expect(namesIn("Available Roles")).toEqual(["Admin", "Moderator", "VIP"]);

    await user.click(screen.getByRole("button", { name: "Add VIP to the team" }));
    // Optimistic: moved before the server answers.
    expect(namesIn("Team Roles")).toEqual(["Support", "VIP"]);
    await waitFor(() => expect(toasts.map((t) => t.message)).toContain(teamMessages.added));
    expect(api.state.calls.at(-1)).toMatchObject({
      method: "POST",
      path: `/${community}/teams/1/roles`,
      body: { RoleId: roles[3].RoleId },
    });

    api.state.fail = { method: "POST", path: /\/roles$/, status: 500, body: { error: "Internal server error" } };
    await user.click(screen.getByRole("button", { name: "Add Admin to the team" }));
    expect(namesIn("Team Roles")).toEqual(["Admin", "Support", "VIP"]);
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ type: "error", message: teamMessages.addFailed })));
    await waitFor(() => expect(namesIn("Team Roles")).toEqual(["Support", "VIP"]));
    expect(namesIn("Available Roles")).toEqual(["Admin", "Moderator"]);

    await user.click(screen.getByRole("button", { name: "Remove Support from the team" }));
    expect(namesIn("Available Roles")).toEqual(["Admin", "Moderator", "Support"]);
    await waitFor(() => expect(toasts.map((t) => t.message)).toContain(teamMessages.removed));
    expect(api.state.calls.at(-1)).toMatchObject({ method: "DELETE", body: { RoleId: roles[2].RoleId } });
  });

  it("treats an unexpected reply as a failure ('Failed to add or removed this role from the team')", async () => {
    const api = fakeTeamsApi();
    server.use(rest.post(`${API}/:guildId/teams/:teamId/roles`, () => HttpResponse.json({ message: "Something else" })));
    const user = userEvent.setup();
    renderApp(`/${community}/teams`, server, { handlers: api.handlers.filter((_, i) => i !== 2) });
    await selectTeam("Moderators");
    await user.click(screen.getByRole("button", { name: "Add VIP to the team" }));
    await waitFor(() => expect(toasts.map((t) => t.message)).toContain(teamMessages.unknownReply));
    await waitFor(() => expect(namesIn("Team Roles")).toEqual([]));
  });

  it("filters each list with 'Search roles...' and shows 'No roles found.'", async () => {
    const api = fakeTeamsApi();
    const user = userEvent.setup();
    renderApp(`/${community}/teams`, server, { handlers: api.handlers });
    await selectTeam("Moderators");
    expect(within(listOf("Team Roles")).getByText(teamMessages.noRoles)).toBeInTheDocument();
    const search = within(listOf("Available Roles")).getByPlaceholderText(teamMessages.searchRoles);
    await user.type(search, "MOD");
    expect(namesIn("Available Roles")).toEqual(["Moderator"]);
    await user.type(search, "zzz");
    expect(within(listOf("Available Roles")).getByText(teamMessages.noRoles)).toBeInTheDocument();
  });

  it("the permissions dialog: subtitle, 26 'Allow team to ...' switches, optimistic toggles reverting on failure, bulk toggle", async () => {
    const api = fakeTeamsApi();
    const user = userEvent.setup();
    renderApp(`/${community}/teams`, server, { handlers: api.handlers });
    await selectTeam("Support Team");
    await user.click(screen.getByRole("button", { name: /Permissions/ }));
    const dialog = await permissionsDialog();
    expect(within(dialog).getByText(teamMessages.permissionsSubtitle)).toBeInTheDocument();
    const switches = within(dialog).getAllByRole("switch");
    expect(switches).toHaveLength(26);
    for (const key of teamPermissionKeys)
      expect(within(dialog).getByRole("switch", { name: teamMessages.allowTeamTo(permissionWords(key)) })).toBeInTheDocument();

    const createTag = within(dialog).getByRole("switch", { name: "Allow team to create tags" });
    expect(createTag).not.toBeChecked();
    await user.click(createTag);
    expect(createTag).toBeChecked();
    await waitFor(() => expect(api.state.calls.at(-1)).toMatchObject({ method: "PUT", body: { Permissions: { CreateTag: true } } }));

    api.state.fail = { method: "PUT", path: /permissions$/, status: 500, body: { error: "Internal server error" } };
    const viewActivity = within(dialog).getByRole("switch", { name: "Allow team to view activity" });
    await user.click(viewActivity);
    expect(viewActivity).toBeChecked();
    await waitFor(() => expect(toasts.map((t) => t.message)).toContain(teamMessages.permissionsFailed));
    await waitFor(() => expect(viewActivity).not.toBeChecked());
    expect(createTag).toBeChecked();

    await user.click(within(dialog).getByRole("button", { name: "Enable all permissions" }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole("switch")
          .every((s) => s.getAttribute("aria-checked") === "true"),
      ).toBe(true),
    );
    const bulk = api.state.calls.at(-1)!;
    expect(Object.keys((bulk.body as { Permissions: object }).Permissions)).toHaveLength(24);
    await user.click(within(dialog).getByRole("button", { name: "Disable all permissions" }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole("switch")
          .every((s) => s.getAttribute("aria-checked") === "false"),
      ).toBe(true),
    );
  });

  it("Delete Team asks first, shows 'Deleting...', then clears the selected team", async () => {
    const api = fakeTeamsApi();
    const user = userEvent.setup();
    renderApp(`/${community}/teams`, server, { handlers: api.handlers });
    await selectTeam("Moderators");
    await user.click(screen.getByRole("button", { name: /Permissions/ }));
    await user.click(within(await permissionsDialog()).getByRole("button", { name: /Delete Team/ }));
    expect(await screen.findByText(teamMessages.deleteConfirm)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(api.state.calls.filter((c) => c.method === "DELETE")).toEqual([]);

    await user.click(within(await permissionsDialog()).getByRole("button", { name: /Delete Team/ }));
    const confirm = (await screen.findByText(teamMessages.deleteConfirm)).closest(".ant-modal-content") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: teamMessages.deleteTeam }));
    expect(await within(confirm).findByRole("button", { name: /Deleting\.\.\./ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Team Roles")).not.toBeInTheDocument());
    expect(api.state.calls.at(-1)).toMatchObject({ method: "DELETE", path: `/${community}/teams/2` });
    expect(screen.getByText(teamMessages.selectTeam)).toBeInTheDocument();
  });

  it("shows 'Failed to delete team' with the server's reason and keeps the team", async () => {
    const api = fakeTeamsApi();
    api.state.fail = { method: "DELETE", path: /\/teams\/\d+$/, status: 409, body: { error: 'This team is used by the panel "Help".' } };
    const user = userEvent.setup();
    renderApp(`/${community}/teams`, server, { handlers: api.handlers });
    await selectTeam("Moderators");
    await user.click(screen.getByRole("button", { name: /Permissions/ }));
    await user.click(within(await permissionsDialog()).getByRole("button", { name: /Delete Team/ }));
    const confirm = (await screen.findByText(teamMessages.deleteConfirm)).closest(".ant-modal-content") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: teamMessages.deleteTeam }));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ message: teamMessages.deleteFailed, description: 'This team is used by the panel "Help".' }),
      ),
    );
    expect(screen.getByText("Team Roles")).toBeInTheDocument();
  });

  it("hides what a staff member may not do", async () => {
    const api = fakeTeamsApi();
    const staffAccess = rest.get(`${API}/:guildId/permissions`, () =>
      HttpResponse.json({ level: "staff", permissions: { ...noPermissions(), ViewTeam: true } }),
    );
    const user = userEvent.setup();
    renderApp(`/${community}/teams`, server, { handlers: [...api.handlers, staffAccess] });
    await selectTeam("Support Team");
    expect(screen.queryByText(teamMessages.createTeam)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add VIP to the team" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Drag VIP" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: /Permissions/ }));
    const dialog = await permissionsDialog();
    expect(
      within(dialog)
        .getAllByRole("switch")
        .every((s) => (s as HTMLButtonElement).disabled),
    ).toBe(true);
    expect(within(dialog).queryByRole("button", { name: /Delete Team/ })).not.toBeInTheDocument();
  });

  it("shows the 'Error Loading Page' card when the teams cannot be loaded", async () => {
    renderApp(`/${community}/teams`, server, {
      handlers: [rest.get(`${API}/:guildId/teams`, () => HttpResponse.json({ error: "Guild not found" }, { status: 404 }))],
    });
    expect(await screen.findByText(frameMessages.errorLoadingPage)).toBeInTheDocument();
    expect(screen.getByText("Guild not found")).toBeInTheDocument();
  });
});
