import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { postLoginPathKey } from "../../../src/providers/session";
import { frameMessages } from "../../../src/schemas/messages";
import { http as rest, HttpResponse } from "msw";
import { API, useMswServer } from "../providers/helpers";
import { community, demoUser, renderApp } from "./harness";

const server = useMswServer();

describe("routes", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it("§2: an invalid guild id shows the error screen with 'Route not found: {guildId}'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // React reports the thrown route error
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderApp("/123", server);
    expect(await screen.findByRole("heading", { name: frameMessages.errorHeading })).toBeInTheDocument();
    expect(screen.getByText(frameMessages.routeNotFound("123"))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: frameMessages.goBackHome })).toHaveAttribute("href", "/");
  });

  it("the check happens before the session: /abc/tags fails the same way signed out", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderApp("/abc/tags", server, { signedIn: false });
    expect(await screen.findByText(frameMessages.routeNotFound("abc"))).toBeInTheDocument();
  });

  it("§2: an unknown path under a server shows NOT FOUND", async () => {
    renderApp(`/${community}/no/such/page`, server);
    expect(await screen.findByRole("heading", { name: frameMessages.notFound })).toBeInTheDocument();
  });

  it("a deep path whose first segment is not a guild id fails on the guild id", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderApp("/foo/bar/baz", server, { signedIn: false });
    expect(await screen.findByText(frameMessages.routeNotFound("foo"))).toBeInTheDocument();
  });

  it("§2: a path outside every route shows NOT FOUND", async () => {
    renderApp("/", server, { signedIn: false });
    expect(await screen.findByRole("heading", { name: frameMessages.notFound })).toBeInTheDocument();
  });

  it("§2: signed out, a protected page redirects to /login remembering where the user was", async () => {
    const { router } = renderApp(`/${community}/tags?x=1`, server, { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(sessionStorage.getItem(postLoginPathKey)).toBe(`/${community}/tags?x=1`);
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeInTheDocument();
  });

  it("while authentication loads the protected page shows nothing", async () => {
    // The session check is held open: until it answers, neither the shell nor the page may render.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    const held = rest.get(`${API}/api/auth/user`, async () => {
      asked = true;
      await gate;
      return HttpResponse.json({ authenticated: true, expires_at: new Date(Date.now() + 86_400_000).toISOString(), user: demoUser });
    });
    const { container } = renderApp("/dashboard", server, { handlers: [held] });
    await waitFor(() => expect(asked).toBe(true));
    expect(container.querySelector(".app-shell")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Your Servers" })).toBeNull();
    release();
    expect(await screen.findByRole("heading", { name: "Your Servers" })).toBeInTheDocument();
  });
});
