import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { docsMessages } from "../../../src/schemas/messages";
import { pageModules, prerenderRoutes, renderRoute, validateContent } from "../../../src/public-site/entry-server";
import { pageForPath } from "../../../src/public-site/page-ids";
import { hero } from "../../../src/public-site/pages/landing-content";
import { ThemeToggle } from "../../../src/public-site/components/ThemeToggle";

afterEach(() => {
  cleanup();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe("prerendering", () => {
  it("writes every file the server serves", () => {
    const files = prerenderRoutes().map((r) => r.file);
    expect(files).toEqual(
      expect.arrayContaining([
        "index.html",
        "docs/index.html",
        "docs/quick-setup/index.html",
        "docs/automation/index.html",
        "docs/__section-not-found/index.html",
        "legal/tos/index.html",
        "legal/privacy/index.html",
        "commands/index.html",
        "status/index.html",
        "faq/index.html",
      ]),
    );
    const docsIndex = prerenderRoutes().find((r) => r.path === "/docs")!;
    expect(docsIndex).toMatchObject({ page: "docs-redirect", static: true, redirectTo: "/docs/quick-setup" });
    for (const route of prerenderRoutes())
      if (route.page !== "docs-redirect") expect(pageModules[route.page]).toMatch(/^src\/public-site\//);
  });

  it("renders the landing headline and the not-found section into static HTML", async () => {
    expect(() => validateContent()).not.toThrow();
    const routes = prerenderRoutes();
    const landing = await renderRoute(routes.find((r) => r.path === "/")!);
    expect(landing).toContain(hero.headline);
    expect(landing).toContain("Powering <strong");
    const notFound = await renderRoute(routes.find((r) => r.file === "docs/__section-not-found/index.html")!);
    expect(notFound).toContain(docsMessages.sectionNotFound);
    const redirect = await renderRoute(routes.find((r) => r.path === "/docs")!);
    expect(redirect).toContain('href="/docs/quick-setup"');
  });

  it("maps paths to pages for the dev server", () => {
    expect(pageForPath("/")).toBe("landing");
    expect(pageForPath("/docs/anything")).toBe("docs");
    expect(pageForPath("/docs/")).toBe("docs-redirect");
    expect(pageForPath("/legal/tos/")).toBe("tos");
    expect(pageForPath("/status")).toBe("status");
  });
});

describe("theme toggle", () => {
  it("switches the theme on <html>, remembers it and updates its label", async () => {
    render(<ThemeToggle />);
    const button = await screen.findByRole("button", { name: "Switch to dark theme" });
    await userEvent.click(button);
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(localStorage.getItem("theme")).toBe("dark");
    await userEvent.click(screen.getByRole("button", { name: "Switch to light theme" }));
    expect(document.documentElement.dataset.theme).toBe("light");
    expect(localStorage.getItem("theme")).toBe("light");
  });
});
