import { fireEvent, screen, within } from "@testing-library/react";
import { http as rest, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { frameMessages, serverInfoMessages } from "../../../src/schemas/messages";
import type { GuildInfo } from "../../../src/schemas/guild";
import fallbackIcon from "../../../src/resources/server-info/fallback-icon.svg";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

const server = useMswServer();
vi.setConfig({ testTimeout: 30_000 });

const info: GuildInfo = {
  name: "Demo Community",
  id: community,
  icon_url: "/images/guilds/demo-community.svg",
  member_count: 1284,
  roles: 5,
  channels: 9,
  boosts: 7,
  owner: "Demo Admin",
  owner_avatar: "/images/default-avatar.svg",
};

const cardWith = (title: string) => screen.getByText(title).closest(".ant-card") as HTMLElement;

describe("Server info (the guild index)", () => {
  it("shows the icon, name, Guild ID, the four stat cards and the Guild Owner card", async () => {
    renderApp(`/${community}`, server, { handlers: [rest.get(`${API}/guilds/:guildId`, () => HttpResponse.json(info))] });
    expect(await screen.findByRole("heading", { name: "Demo Community" })).toBeInTheDocument();
    expect(screen.getByText(serverInfoMessages.guildId)).toBeInTheDocument();
    expect(screen.getByText(community)).toBeInTheDocument();
    const icon = document.querySelector("img.server-icon") as HTMLImageElement;
    expect(icon.getAttribute("src")).toBe(info.icon_url);
    expect(within(cardWith("Members")).getByText("1,284")).toBeInTheDocument();
    expect(within(cardWith("Roles")).getByText("5")).toBeInTheDocument();
    expect(within(cardWith("Channels")).getByText("9")).toBeInTheDocument();
    expect(within(cardWith("Boosts")).getByText("7")).toBeInTheDocument();
    const owner = cardWith("Guild Owner");
    expect(within(owner).getByText("Demo Admin")).toBeInTheDocument();
    expect(owner.querySelector("img")?.getAttribute("src")).toBe(info.owner_avatar);
  });

  it("falls back to an image when the server has no icon or it fails to load", async () => {
    renderApp(`/${community}`, server, {
      handlers: [rest.get(`${API}/guilds/:guildId`, () => HttpResponse.json({ ...info, icon_url: "/missing.png", owner_avatar: null }))],
    });
    await screen.findByRole("heading", { name: "Demo Community" });
    const icon = document.querySelector("img.server-icon") as HTMLImageElement;
    expect(icon.getAttribute("src")).toBe("/missing.png");
    fireEvent.error(icon);
    expect(icon.getAttribute("src")).not.toBe("/missing.png");
    expect(icon.getAttribute("src")).toBe(fallbackIcon);
    expect(cardWith("Guild Owner").querySelector("img")?.getAttribute("src")).toBe("/images/default-avatar.svg");
  });

  it("shows 'Error Loading Page' with the message when the server cannot be loaded", async () => {
    renderApp(`/${community}`, server, {
      handlers: [rest.get(`${API}/guilds/:guildId`, () => HttpResponse.json({ error: "Guild not found" }, { status: 404 }))],
    });
    expect(await screen.findByText(frameMessages.errorLoadingPage)).toBeInTheDocument();
    expect(screen.getByText("Guild not found")).toBeInTheDocument();
  });
});
