import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authMessages } from "../../../src/schemas/messages";
import LandingPage from "../../../src/public-site/pages/LandingPage";
import { features, hero } from "../../../src/public-site/pages/landing-content";
import { inviteUrl } from "../../../src/public-site/config";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("landing page", () => {
  it("shows the hero, the Invite link, the login button and the six features with sized lazy images", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ total_member_count: 0, total_guilds: 0 }))),
    );
    render(<LandingPage />);
    expect(screen.getByRole("heading", { level: 1, name: hero.headline })).toBeInTheDocument();
    expect(screen.getByText(hero.tagline)).toBeInTheDocument();
    const invites = screen.getAllByRole("link", { name: authMessages.invite });
    expect(invites[0]).toHaveAttribute("href", inviteUrl());
    expect(invites[0]).toHaveAttribute("target", "_blank");
    expect(invites[0]).toHaveAttribute("rel", "noopener noreferrer");
    expect(await screen.findByRole("button", { name: /Login with Discord/ })).toBeInTheDocument();

    const list = screen.getByRole("heading", { name: "Everything your support team needs" }).closest("section")!;
    const items = within(list).getAllByRole("listitem");
    expect(items.map((li) => within(li).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Panels",
      "Transcripts",
      "Forms",
      "User Feedback",
      "Claiming",
      "Support Teams",
    ]);
    for (const feature of features) {
      const img = screen.getByRole("img", { name: feature.image.alt });
      expect(img).toHaveAttribute("loading", "lazy");
      expect(img).toHaveAttribute("width", String(feature.image.width));
      expect(img).toHaveAttribute("height", String(feature.image.height));
    }
    expect(screen.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/legal/tos");
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/legal/privacy");
    expect(screen.getByText(String(new Date().getFullYear()))).toBeInTheDocument();
  });
});
