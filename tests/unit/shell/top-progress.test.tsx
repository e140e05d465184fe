import { screen, waitFor } from "@testing-library/react";
import { delay, http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "./harness";

// Progress and feedback: a slim progress bar (role=progressbar) with aria-busy on <main> while a
// request takes longer than ~150 ms; nothing once everything has arrived.

const server = useMswServer();

describe("top progress bar", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows while a slow request is in flight, marks main busy, and goes away when it is done", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    renderApp(`/${community}/tags`, server, {
      handlers: [
        rest.get(`${API}/${community}/tags`, async () => {
          await gate;
          return HttpResponse.json({ tags: [] });
        }),
      ],
    });
    const bar = await screen.findByRole("progressbar", { name: "Loading" }, { timeout: 15_000 });
    expect(bar).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveAttribute("aria-busy", "true");
    release();
    await waitFor(() => expect(screen.queryByRole("progressbar")).not.toBeInTheDocument(), { timeout: 4000 });
    expect(screen.getByRole("main")).not.toHaveAttribute("aria-busy");
  }, 30_000);

  it("a request answered at once never shows the bar", async () => {
    const seen: boolean[] = [];
    const observer = new MutationObserver(() => seen.push(document.querySelector("[role=progressbar]") !== null));
    observer.observe(document.body, { childList: true, subtree: true });
    renderApp(`/${community}/tags`, server, {
      handlers: [rest.get(`${API}/${community}/tags`, async () => HttpResponse.json({ tags: [] }))],
    });
    await screen.findByRole("main");
    await delay(400);
    observer.disconnect();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.includes(true)).toBe(false);
  }, 30_000);
});
