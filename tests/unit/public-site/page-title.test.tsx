import { act, cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import { pageLoaders } from "../../../src/public-site/pages";
import { prerenderRoutes } from "../../../src/public-site/routes";

// The <title> the prerender writes is the one the page sets again on the client in English (so hydration does
// not change it), and it follows the language on screen.

const routes = prerenderRoutes().filter((route) => !route.static);

beforeEach(() => {
  // The pages' own requests (stats, health, session) stay pending: only the title matters here.
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise(() => {})),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => changeLocale("en"));
  localStorage.clear();
});

describe("public page titles", { timeout: 20_000 }, () => {
  it.each(routes.map((route) => [route.path, route] as const))("%s keeps its prerendered English title", async (_path, route) => {
    const { default: Page } = await pageLoaders[route.page as keyof typeof pageLoaders]();
    document.title = "before";
    render(<Page path={route.path} />);
    await waitFor(() => expect(document.title).toBe(route.title));
  });

  it("follows Spanish", async () => {
    const { default: Page } = await pageLoaders.faq();
    render(<Page path="/faq" />);
    await waitFor(() => expect(document.title).toBe("FAQ · Ticketeer"));
    await act(() => changeLocale("es"));
    await waitFor(() => expect(document.title).toBe("Preguntas frecuentes · Ticketeer"));
  });

  it("names a docs section in Spanish once its content has loaded", async () => {
    const { default: Page } = await pageLoaders.docs();
    render(<Page path="/docs/quick-setup" />);
    await waitFor(() => expect(document.title).toBe("1 Quick Setup · Docs · Ticketeer"));
    await act(() => changeLocale("es"));
    await waitFor(() => expect(document.title).toBe("1 Configuración rápida · Documentación · Ticketeer"));
  });
});
