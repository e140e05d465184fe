import { screen, within } from "@testing-library/react";
import { lazy } from "react";
import { describe, expect, it, vi } from "vitest";
import { toRefineResources } from "../../../src/resources/engine/derive";
import { resourceDeclarations } from "../../../src/resources/registry";
import { useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// Adding a resource is one entry in the registry: this test registers a fake declaration (nothing else changes)
// and finds its route, its refine resource and its sidebar entry.
vi.mock("../../../src/resources/registry", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../../src/resources/registry")>();
  const { defineResource } = await import("../../../src/resources/engine/types");
  const FakeIcon = () => <svg data-testid="fake-icon" />;
  const fake = defineResource({
    name: "fake-things",
    label: "Fake Things",
    icon: FakeIcon,
    route: "fake-things",
    title: "Fake Things",
    pageName: "Fake Things",
    permissions: {},
    screen: lazy(async () => ({ default: ({ guildId }: { guildId: string }) => <p>Fake screen of {guildId}</p> })),
  });
  const resourceDeclarations = [...actual.resourceDeclarations, fake];
  return { ...actual, resourceDeclarations, findDeclaration: (name: string) => resourceDeclarations.find((d) => d.name === name) };
});

const server = useMswServer();

describe("the registry is the one place a resource is added", { timeout: 20_000 }, () => {
  it("a registered declaration becomes a refine resource", () => {
    expect(resourceDeclarations.map((d) => d.name)).toContain("tags");
    expect(resourceDeclarations.at(-1)?.name).toBe("fake-things");
    expect(toRefineResources(resourceDeclarations).at(-1)).toMatchObject({ name: "fake-things", list: "/:guildId/fake-things" });
  });

  it("…gets a route under /:guildId that mounts its screen", async () => {
    renderApp(`/${community}/fake-things`, server);
    expect(await screen.findByText(`Fake screen of ${community}`)).toBeInTheDocument();
  });

  it("…and a sidebar entry after the earlier ones, highlighted when open", async () => {
    renderApp(`/${community}/fake-things`, server);
    const nav = await screen.findByRole("navigation", { name: "Navigation" });
    const entry = await within(nav).findByRole("link", { name: "Fake Things" });
    expect(entry).toHaveAttribute("href", `/${community}/fake-things`);
    expect(entry).toHaveAttribute("aria-current", "page");
    const labels = within(nav)
      .getAllByRole("link")
      .map((a) => a.textContent);
    expect(labels[0]).toBe("Dashboard");
    expect(labels).toContain("Tags");
    expect(labels.at(-1)).toBe("Fake Things");
  });
});
