import { http as rest, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createHttpClient, HttpError } from "../../../src/providers/http";
import { authMessages } from "../../../src/schemas/messages";
import { API, fakeNavigation, memoryTokens, testHttp, useMswServer } from "./helpers";

const server = useMswServer();

describe("http client", () => {
  it("sends the session token as a bearer token and returns the JSON body", async () => {
    let authorization: string | null = null;
    server.use(
      rest.get(`${API}/guilds`, ({ request }) => {
        authorization = request.headers.get("authorization");
        return HttpResponse.json({ guilds: [] });
      }),
    );
    const { client } = testHttp("abc");
    await expect(client.get("/guilds")).resolves.toEqual({ guilds: [] });
    expect(authorization).toBe("Bearer abc");
  });

  it("normalises a failure to HttpError with the server's {error} as the message", async () => {
    server.use(
      rest.post(`${API}/1234567890123456/tags`, () => HttpResponse.json({ error: "Tag exists", errors: ["dup"] }, { status: 409 })),
    );
    const { client, navigation } = testHttp();
    const error = await client.post("/1234567890123456/tags", {}).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 409, message: "Tag exists", details: ["dup"] });
    expect(navigation.calls).toEqual([]);
  });

  it("a network failure is an HttpError with status 0", async () => {
    server.use(rest.get(`${API}/guilds`, () => HttpResponse.error()));
    const { client } = testHttp();
    await expect(client.get("/guilds")).rejects.toMatchObject({ statusCode: 0 });
  });

  it("§4: a protected call without a token removes the token and redirects to / without calling the server", async () => {
    const { client, tokens, navigation } = testHttp(null);
    tokens.value = "";
    await expect(client.get("/guilds")).rejects.toMatchObject({ statusCode: 401, message: authMessages.notAuthenticated });
    expect(tokens.value).toBeNull();
    expect(navigation.calls).toEqual([{ kind: "assign", url: "/" }]);
  });

  it("a public call goes out without a token", async () => {
    server.use(
      rest.get(`${API}/api/auth/login`, ({ request }) => HttpResponse.json({ url: request.headers.get("authorization") ?? "none" })),
    );
    const { client } = testHttp(null);
    await expect(client.get("/api/auth/login", { auth: false })).resolves.toEqual({ url: "none" });
  });

  it("§4: a 401 logs out (token removed) and goes home with the session-expired notice", async () => {
    server.use(rest.get(`${API}/1234567890123456/tags`, () => HttpResponse.json({ error: "Unauthorized" }, { status: 401 })));
    const { client, tokens, navigation } = testHttp();
    await expect(client.get("/1234567890123456/tags")).rejects.toMatchObject({ statusCode: 401 });
    expect(tokens.value).toBeNull();
    expect(navigation.calls).toEqual([{ kind: "goHome", notice: "sessionExpired" }]);
  });

  it("§4: a 403 goes home with the access-denied notice and does NOT log out", async () => {
    server.use(rest.get(`${API}/1234567890123456/tags`, () => HttpResponse.json({ error: "Forbidden" }, { status: 403 })));
    const { client, tokens, navigation } = testHttp("keep-me");
    await expect(client.get("/1234567890123456/tags")).rejects.toMatchObject({ statusCode: 403, message: "Forbidden" });
    expect(tokens.value).toBe("keep-me");
    expect(navigation.calls).toEqual([{ kind: "goHome", notice: "accessDenied" }]);
  });

  it("a 403 asking for a recent sign-in keeps the user on the page and offers to sign in again", async () => {
    server.use(
      rest.post(`${API}/1234567890123456/bot-key`, () =>
        HttpResponse.json({ error: "For your security, please sign in again to do this.", code: "reauthenticate" }, { status: 403 }),
      ),
    );
    const tokens = memoryTokens("keep-me");
    const navigation = fakeNavigation();
    const offered: string[] = [];
    const client = createHttpClient({ baseUrl: "/api", tokens, navigation, onReauthenticate: (message) => offered.push(message) });
    await expect(client.post("/1234567890123456/bot-key")).rejects.toMatchObject({ statusCode: 403 });
    expect(navigation.calls).toEqual([]);
    expect(tokens.value).toBe("keep-me");
    expect(offered).toEqual(["For your security, please sign in again to do this."]);
  });

  it("a caller can take over 401/403 handling (user fetch, guild list, logout)", async () => {
    server.use(rest.get(`${API}/guilds`, () => HttpResponse.json({ error: "no" }, { status: 401 })));
    const { client, tokens, navigation } = testHttp("t");
    await expect(client.get("/guilds", { onUnauthorized: "caller" })).rejects.toMatchObject({ statusCode: 401 });
    expect(tokens.value).toBe("t");
    expect(navigation.calls).toEqual([]);
  });

  it("sends JSON bodies and query strings", async () => {
    let seen: unknown;
    let query = "";
    server.use(
      rest.put(`${API}/x`, async ({ request }) => {
        seen = await request.json();
        query = new URL(request.url).search;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { client } = testHttp();
    await expect(
      client.request("/x", { method: "PUT", body: { a: 1 }, query: { page: 2, empty: "", none: undefined } }),
    ).resolves.toBeUndefined();
    expect(seen).toEqual({ a: 1 });
    expect(query).toBe("?page=2");
  });
});
