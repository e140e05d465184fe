import { act, screen, waitFor } from "@testing-library/react";
import { http as rest, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { noPermissions, type TeamPermissions } from "../../../src/schemas/team";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

const server = useMswServer();
vi.setConfig({ testTimeout: 30_000 });

describe("the sidebar follows a staff team's permission change", () => {
  it("asks for the permissions again on navigation and shows the newly granted entry", async () => {
    let permissions: TeamPermissions = { ...noPermissions(), ViewTag: true };
    let asked = 0;
    const access = rest.get(`${API}/:guildId/permissions`, () => {
      asked += 1;
      return HttpResponse.json({ level: "staff", permissions });
    });
    const tags = rest.get(`${API}/:guildId/tags`, () => HttpResponse.json({ tags: [] }));
    const info = rest.get(`${API}/guilds/:guildId`, () =>
      HttpResponse.json({
        name: "Demo Community",
        id: community,
        icon_url: null,
        member_count: 1,
        roles: 1,
        channels: 1,
        boosts: 0,
        owner: "Demo Admin",
        owner_avatar: null,
      }),
    );
    const { router } = renderApp(`/${community}/tags`, server, { handlers: [access, tags, info] });
    const nav = await screen.findByRole("region", { name: "Navigation" });
    await waitFor(() => expect(nav).toHaveTextContent("Tags"));
    expect(nav).not.toHaveTextContent("Activity");

    // The owner grants ViewActivity to the team; the staff member moves on to another page.
    permissions = { ...permissions, ViewActivity: true };
    const before = asked;
    await act(() => router.navigate(`/${community}`));
    await waitFor(() => expect(nav).toHaveTextContent("Activity"));
    expect(asked).toBeGreaterThan(before);

    permissions = { ...noPermissions(), ViewTag: true };
    await act(() => router.navigate(`/${community}/tags`));
    await waitFor(() => expect(nav).not.toHaveTextContent("Activity"));
  });
});
