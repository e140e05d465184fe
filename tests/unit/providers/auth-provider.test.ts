import { http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { completeSignIn, createAuthProvider, withAuthRetry } from "../../../src/providers/auth-provider";
import { createBrowserNavigation } from "../../../src/providers/go-home";
import { createHttpClient, HttpError } from "../../../src/providers/http";
import { postLoginPathKey } from "../../../src/providers/session";
import { retryDelay } from "../../../src/schemas/limits";
import { authMessages } from "../../../src/schemas/messages";
import { API, fakeNavigation, future, memoryTokens, past, useMswServer } from "./helpers";

const server = useMswServer();

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

function setup(token: string | null = "token-1") {
  const tokens = memoryTokens(token);
  const navigation = fakeNavigation();
  const notify = vi.fn();
  const sleeps: number[] = [];
  const http = createHttpClient({ baseUrl: "/api", tokens, navigation });
  const auth = createAuthProvider({
    http,
    tokens,
    navigation,
    notify,
    storage: memoryStorage(),
    sleep: async (ms) => void sleeps.push(ms),
  });
  return { tokens, navigation, notify, sleeps, auth, http };
}

const user = { user_id: "900000000000000001", username: "Demo Admin", avatar: "/images/default-avatar.svg" };

describe("return from sign-in (§4)", () => {
  const NOW = Date.parse("2026-11-24T10:00:00Z");
  /** The exchange endpoint answers a session for "good-code" only (the browser's cookie decides on the server). */
  function exchangeAnswers(expiresAt = "2026-11-27T10:00:00.000Z") {
    const bodies: unknown[] = [];
    server.use(
      rest.post(`${API}/api/auth/exchange`, async ({ request }) => {
        const body = (await request.json()) as { code: string };
        bodies.push(body);
        if (body.code !== "good-code-0123456789abcdef")
          return HttpResponse.json({ error: "This sign-in link is not valid in this browser. Please sign in again." }, { status: 401 });
        return HttpResponse.json({ token: "session-token", expires_at: expiresAt });
      }),
    );
    return bodies;
  }
  const deps = (navigation = fakeNavigation(), storage = memoryStorage(), tokens = memoryTokens(null)) => ({
    http: createHttpClient({ baseUrl: "/api", tokens, navigation }),
    tokens,
    navigation,
    storage,
    now: () => NOW,
  });

  it("trades ?token= for the session, keeps it as long as the session lives, cleans the address bar and goes to the saved path", async () => {
    const bodies = exchangeAnswers();
    const d = deps(fakeNavigation(), memoryStorage({ [postLoginPathKey]: "/812345678901234567/tags" }));
    const set = vi.spyOn(d.tokens, "set");
    const consumed = await completeSignIn(d, "http://localhost:3000/dashboard?token=good-code-0123456789abcdef&x=1#h");
    expect(consumed).toBe(true);
    expect(bodies).toEqual([{ code: "good-code-0123456789abcdef" }]);
    expect(d.tokens.value).toBe("session-token");
    // Three days: the session's own lifetime, not a fixed default.
    expect(set).toHaveBeenCalledWith("session-token", 3 * 86_400);
    expect(d.navigation.calls).toEqual([
      { kind: "replaceUrl", url: "/dashboard?x=1#h" },
      { kind: "replaceUrl", url: "/812345678901234567/tags" },
    ]);
    expect(d.storage.map.has(postLoginPathKey)).toBe(false);
  });

  it("a code this browser cannot trade is dropped: no session, home with the session-expired notice", async () => {
    exchangeAnswers();
    const d = deps(fakeNavigation(), memoryStorage({ [postLoginPathKey]: "/812345678901234567/tags" }));
    expect(await completeSignIn(d, "http://localhost:3000/dashboard?token=someone-elses-code-0123456789")).toBe(true);
    expect(d.tokens.value).toBeNull();
    expect(d.navigation.calls).toEqual([
      { kind: "replaceUrl", url: "/dashboard" },
      { kind: "goHome", notice: "sessionExpired" },
    ]);
  });

  it("goes to /dashboard when no path was saved", async () => {
    exchangeAnswers();
    const d = deps();
    await completeSignIn(d, "http://localhost:3000/dashboard?token=good-code-0123456789abcdef");
    expect(d.navigation.calls.at(-1)).toEqual({ kind: "replaceUrl", url: "/dashboard" });
  });

  it("a saved public path is loaded as a page of the public site; a foreign URL is ignored", async () => {
    exchangeAnswers();
    const d = deps(fakeNavigation(), memoryStorage({ [postLoginPathKey]: "/docs/quick-setup" }));
    await completeSignIn(d, "http://localhost:3000/dashboard?token=good-code-0123456789abcdef");
    expect(d.navigation.calls.at(-1)).toEqual({ kind: "assign", url: "/docs/quick-setup" });
    const other = deps(fakeNavigation(), memoryStorage({ [postLoginPathKey]: "//evil.example" }));
    await completeSignIn(other, "http://localhost:3000/dashboard?token=good-code-0123456789abcdef");
    expect(other.navigation.calls.at(-1)).toEqual({ kind: "replaceUrl", url: "/dashboard" });
  });

  it("does nothing without a token in the URL (and asks the server nothing)", async () => {
    const bodies = exchangeAnswers();
    const d = deps();
    expect(await completeSignIn(d, "http://localhost:3000/dashboard")).toBe(false);
    expect(d.navigation.calls).toEqual([]);
    expect(bodies).toEqual([]);
  });
});

describe("check()", () => {
  it("without a token: unauthenticated with 'Not authenticated', no request, no retry", async () => {
    const { auth, navigation, sleeps } = setup(null);
    const result = await auth.check();
    expect(result.authenticated).toBe(false);
    expect(result.redirectTo).toBe("/login");
    expect(result.error?.message).toBe(authMessages.notAuthenticated);
    expect(navigation.calls).toEqual([]);
    expect(sleeps).toEqual([]);
  });

  it("a valid session is authenticated and the identity is the signed-in user (one fetch for both)", async () => {
    let calls = 0;
    server.use(
      rest.get(`${API}/api/auth/user`, ({ request }) => {
        calls++;
        expect(request.headers.get("authorization")).toBe("Bearer token-1");
        return HttpResponse.json({ authenticated: true, expires_at: future(), user });
      }),
    );
    const { auth } = setup();
    await expect(auth.check()).resolves.toEqual({ authenticated: true });
    await expect(auth.getIdentity()).resolves.toEqual(user);
    expect(calls).toBe(1);
  });

  it("§4: expires_at in the past removes the token, empties the user cache, shows the toast and goes to /", async () => {
    let calls = 0;
    server.use(rest.get(`${API}/api/auth/user`, () => (calls++, HttpResponse.json({ authenticated: true, expires_at: past(), user }))));
    const { auth, tokens, notify, navigation } = setup();
    const result = await auth.check();
    expect(result.authenticated).toBe(false);
    expect(result.error?.message).toBe(authMessages.tokenExpired);
    expect(tokens.value).toBeNull();
    expect(notify).toHaveBeenCalledWith({ type: "error", message: authMessages.sessionExpiredToast });
    expect(navigation.calls).toEqual([{ kind: "assign", url: "/" }]);
    // The cache was emptied: a new token fetches again.
    tokens.set("token-2");
    await auth.check();
    expect(calls).toBe(2);
  });

  it("§4: a 401 on the user fetch removes the token and sends the browser to the login URL; never retried", async () => {
    let userCalls = 0;
    server.use(
      rest.get(
        `${API}/api/auth/user`,
        () => (userCalls++, HttpResponse.json({ error: authMessages.authenticationFailed }, { status: 401 })),
      ),
      rest.get(`${API}/api/auth/login`, () => HttpResponse.json({ url: "/api/api/auth/demo" })),
    );
    const { auth, tokens, navigation, sleeps } = setup();
    const result = await auth.check();
    expect(result.authenticated).toBe(false);
    expect(result.error?.message).toBe(authMessages.authenticationFailed);
    expect(tokens.value).toBeNull();
    expect(navigation.calls).toEqual([{ kind: "assign", url: "/api/api/auth/demo" }]);
    expect(userCalls).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it("§7: other failures are retried up to 3 times with delays min(1000 × 2^n, 30000)", async () => {
    let calls = 0;
    server.use(
      rest.get(`${API}/api/auth/user`, () => {
        calls++;
        return calls < 4
          ? HttpResponse.json({ error: "down" }, { status: 503 })
          : HttpResponse.json({ authenticated: true, expires_at: future(), user });
      }),
    );
    const { auth, sleeps } = setup();
    await expect(auth.check()).resolves.toEqual({ authenticated: true });
    expect(calls).toBe(4);
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it("gives up after the third retry: unauthenticated, to /login", async () => {
    let calls = 0;
    server.use(rest.get(`${API}/api/auth/user`, () => (calls++, HttpResponse.error())));
    const { auth, navigation } = setup();
    const result = await auth.check();
    expect(calls).toBe(4);
    expect(result).toMatchObject({ authenticated: false, redirectTo: "/login" });
    expect(navigation.calls).toEqual([]);
  });
});

describe("auth retry timing (fake timers)", () => {
  afterEach(() => vi.useRealTimers());

  it("waits 1 s, 2 s and 4 s between the attempts", async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => {
      throw new HttpError(500, "boom");
    });
    const done = withAuthRetry(load, (ms) => new Promise((r) => setTimeout(r, ms))).catch((e) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3999);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(4);
    await expect(done).resolves.toMatchObject({ statusCode: 500 });
    expect([0, 1, 2, 3, 4, 5].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000]);
  });

  it("never retries a 401 or 'Not authenticated'", async () => {
    vi.useFakeTimers();
    for (const error of [new HttpError(401, "x"), new Error(authMessages.notAuthenticated)]) {
      const load = vi.fn(async () => {
        throw error;
      });
      const done = withAuthRetry(load, (ms) => new Promise((r) => setTimeout(r, ms))).catch((e) => e);
      await vi.advanceTimersByTimeAsync(60_000);
      await expect(done).resolves.toBe(error);
      expect(load).toHaveBeenCalledTimes(1);
    }
  });
});

describe("login, logout, onError", () => {
  it("login fetches the login URL and navigates to it", async () => {
    server.use(
      rest.get(`${API}/api/auth/login`, ({ request }) => {
        expect(request.headers.get("authorization")).toBeNull();
        return HttpResponse.json({ url: "https://discord.com/oauth2/authorize?x" });
      }),
    );
    const { auth, navigation } = setup(null);
    await expect(auth.login({})).resolves.toEqual({ success: true });
    expect(navigation.calls).toEqual([{ kind: "assign", url: "https://discord.com/oauth2/authorize?x" }]);
  });

  it("a login failure is reported on the console only ('HTTP error! status: {code}')", async () => {
    server.use(rest.get(`${API}/api/auth/login`, () => HttpResponse.json({ error: "x" }, { status: 500 })));
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const { auth, navigation } = setup(null);
    await expect(auth.login({})).resolves.toEqual({ success: false });
    expect(spy).toHaveBeenCalledWith(authMessages.loginHttpError(500));
    expect(navigation.calls).toEqual([]);
    spy.mockRestore();
  });

  it("logout posts to the server, clears the token and goes to /", async () => {
    let posted: string | null = null;
    server.use(
      rest.post(`${API}/api/auth/logout`, ({ request }) => {
        posted = request.headers.get("authorization");
        return HttpResponse.json({ message: "Signed out" });
      }),
    );
    const { auth, tokens, navigation } = setup("tok");
    await expect(auth.logout({})).resolves.toMatchObject({ success: true });
    expect(posted).toBe("Bearer tok");
    expect(tokens.value).toBeNull();
    expect(navigation.calls).toEqual([{ kind: "assign", url: "/" }]);
  });

  it("logout still clears the token when the server already forgot the session (401)", async () => {
    server.use(rest.post(`${API}/api/auth/logout`, () => HttpResponse.json({ error: "gone" }, { status: 401 })));
    const { auth, tokens, navigation } = setup("tok");
    await auth.logout({});
    expect(tokens.value).toBeNull();
    expect(navigation.calls).toEqual([{ kind: "assign", url: "/" }]);
  });

  it("onError never logs out (the http layer already applied the 401/403 rules)", async () => {
    const { auth } = setup();
    const result = await auth.onError(new HttpError(403, "Forbidden"));
    expect(result.logout).toBeUndefined();
    expect(result.redirectTo).toBeUndefined();
  });
});

describe("going home with a notice (go-home.ts)", () => {
  it("writes the notice into the history entry of / and reloads, once", () => {
    const pushState = vi.fn();
    const reload = vi.fn();
    const nav = createBrowserNavigation({
      history: { pushState, replaceState: vi.fn(), state: null },
      location: { reload, assign: vi.fn() },
    });
    nav.goHome("accessDenied");
    nav.goHome("sessionExpired");
    expect(pushState).toHaveBeenCalledTimes(1);
    expect(pushState).toHaveBeenCalledWith({ accessDenied: true }, "", "/");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("session expired", () => {
    const pushState = vi.fn();
    const nav = createBrowserNavigation({
      history: { pushState, replaceState: vi.fn(), state: null },
      location: { reload: vi.fn(), assign: vi.fn() },
    });
    nav.goHome("sessionExpired");
    expect(pushState).toHaveBeenCalledWith({ sessionExpired: true }, "", "/");
  });
});
