import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { avatarUrl, defaultAvatarUrl, sessionCookieName } from "../../../src/schemas/auth";
import { authMessages } from "../../../src/schemas/messages";
import { createAuthStore } from "../../../src/public-site/lib/auth";
import { checkSession, login, logout, postLoginPathKey, resolveSession } from "../../../src/public-site/lib/session";
import { toastStore } from "../../../src/public-site/lib/toast-store";
import { inviteUrl, demoDiscordClientId } from "../../../src/public-site/config";
import { botPermissionBits } from "../../../src/schemas/bot-permissions";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const future = () => new Date(Date.now() + 3_600_000).toISOString();
const past = () => new Date(Date.now() - 1000).toISOString();
const setCookie = (value: string) => (document.cookie = `${sessionCookieName}=${value}; path=/`);
const clearCookie = () => (document.cookie = `${sessionCookieName}=; Max-Age=0; path=/`);

afterEach(() => {
  cleanup();
  clearCookie();
  vi.restoreAllMocks();
});

describe("session check", () => {
  it("signs out without calling the API when there is no token", async () => {
    const fetchImpl = vi.fn();
    await expect(checkSession({ token: null, fetchImpl })).resolves.toEqual({ status: "signed-out" });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("sends the token as a bearer to GET /api/api/auth/user and reads the user", async () => {
    const fetchImpl = vi.fn(async () =>
      json({ authenticated: true, expires_at: future(), user: { user_id: "42", username: "Mia", avatar: "abc" } }),
    );
    const result = await checkSession({ token: "tok", fetchImpl });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/api/auth/user");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tok");
    expect(result).toMatchObject({
      status: "signed-in",
      username: "Mia",
      avatar: avatarUrl({ user_id: "42", avatar: "abc" }),
      fallbackAvatar: defaultAvatarUrl,
    });
  });

  it("reports an expires_at in the past as expired, and a 401 as an invalid token", async () => {
    await expect(checkSession({ token: "t", fetchImpl: async () => json({ authenticated: true, expires_at: past() }) })).resolves.toEqual({
      status: "signed-out",
      expired: true,
    });
    await expect(checkSession({ token: "t", fetchImpl: async () => json({ error: "x" }, 401) })).resolves.toEqual({
      status: "signed-out",
      invalid: true,
    });
    await expect(checkSession({ token: "t", fetchImpl: async () => json({ error: "x" }, 500) })).resolves.toEqual({ status: "signed-out" });
  });

  it("on expiry removes the cookie and shows 'Your session has expired. Please log in again.'", async () => {
    setCookie("old");
    const show = vi.spyOn(toastStore, "show");
    const state = await resolveSession(async () => json({ authenticated: true, expires_at: past() }));
    expect(state).toEqual({ status: "signed-out" });
    expect(document.cookie).not.toContain(`${sessionCookieName}=`);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: authMessages.sessionExpiredToast }));
  });

  it("the auth store signs out at once, without loading the session code, when there are no cookies", () => {
    const load = vi.fn();
    const store = createAuthStore(load, () => false);
    expect(store.get()).toEqual({ status: "loading" });
    store.start();
    expect(store.get()).toEqual({ status: "signed-out" });
    expect(load).not.toHaveBeenCalled();
  });

  it("the auth store loads the session once when cookies exist", async () => {
    const load = vi.fn(async () => ({
      status: "signed-in" as const,
      username: "Mia",
      avatar: "/a.png",
      fallbackAvatar: "/b.svg",
      expiresAt: future(),
    }));
    const store = createAuthStore(load, () => true);
    store.start();
    store.start();
    await vi.waitFor(() => expect(store.get().status).toBe("signed-in"));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("login and logout", () => {
  it("login remembers /dashboard as the post-login path and follows the server's url", async () => {
    const navigate = vi.fn();
    await login(async () => json({ url: "https://discord.com/oauth2/authorize?x=1" }), navigate);
    expect(sessionStorage.getItem(postLoginPathKey)).toBe("/dashboard");
    expect(navigate).toHaveBeenCalledWith("https://discord.com/oauth2/authorize?x=1");
  });

  it("a failing login logs 'HTTP error! status: {code}' to the console only", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const navigate = vi.fn();
    await login(async () => json({}, 503), navigate);
    expect(error).toHaveBeenCalledWith(authMessages.loginHttpError(503));
    expect(navigate).not.toHaveBeenCalled();
  });

  it("logout posts with the bearer token, deletes the cookie and goes to /", async () => {
    setCookie("tok");
    const fetchImpl = vi.fn(async () => json({}));
    const navigate = vi.fn();
    await logout(fetchImpl, navigate);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/api/auth/logout");
    expect(init.method).toBe("POST");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tok");
    expect(document.cookie).not.toContain(`${sessionCookieName}=tok`);
    expect(navigate).toHaveBeenCalledWith("/");
  });
});

describe("signed-in menu", () => {
  it("shows the avatar with a dropdown holding the username and Sign Out", async () => {
    vi.resetModules();
    setCookie("valid");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ authenticated: true, expires_at: future(), user: { user_id: "1", username: "Mia", avatar: null } })),
    );
    const { AuthArea } = await import("../../../src/public-site/components/AuthArea");
    render(<AuthArea />);
    const button = await screen.findByRole("button", { name: "Account menu for Mia" });
    await userEvent.click(button);
    const menu = screen.getByRole("menu", { name: "Account" });
    expect(menu).toHaveTextContent("Mia");
    expect(screen.getByRole("menuitem", { name: authMessages.signOut })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("shows Sign in when signed out", async () => {
    vi.resetModules();
    const { AuthArea } = await import("../../../src/public-site/components/AuthArea");
    render(<AuthArea />);
    expect(await screen.findByRole("button", { name: authMessages.signIn })).toBeInTheDocument();
  });
});

describe("invite link", () => {
  it("carries the client id, exactly the declared permissions (never Administrator) and both scopes", () => {
    const url = new URL(inviteUrl("123"));
    expect(url.origin + url.pathname).toBe("https://discord.com/oauth2/authorize");
    expect(url.searchParams.get("client_id")).toBe("123");
    expect(url.searchParams.get("scope")).toBe("bot applications.commands");
    const bits = BigInt(url.searchParams.get("permissions")!);
    expect(bits).toBe(BigInt(botPermissionBits));
    expect(bits & 8n).toBe(0n);
    // View Channels, Manage Channels, Manage Roles, Send Messages, Embed Links, Attach Files, Read Message History;
    // for thread mode Create Private Threads, Send Messages in Threads, Manage Threads.
    expect(bits).toBe(
      (1n << 10n) |
        (1n << 4n) |
        (1n << 28n) |
        (1n << 11n) |
        (1n << 14n) |
        (1n << 15n) |
        (1n << 16n) |
        (1n << 36n) |
        (1n << 38n) |
        (1n << 34n),
    );
    expect(inviteUrl()).toContain(`client_id=${demoDiscordClientId}`);
  });
});
