import { expect } from "vitest";
import { cookieHeader, type TestApp } from "../helpers";
import type { FakeDiscord } from "./fake-discord";

/** A user signs in to the dashboard through Discord's OAuth (the fake's authorize step); returns the session token. */
export async function discordSignIn(t: TestApp, fake: FakeDiscord, userId: string): Promise<string> {
  const login = await t.app.inject({ method: "GET", url: "/api/api/auth/login" });
  const cookie = cookieHeader(login);
  const authorize = new URL(login.json().url);
  const code = fake.authorizationCode(userId, authorize.searchParams.get("redirect_uri"));
  const back = await t.app.inject({
    method: "GET",
    url: `/api/api/auth/callback?code=${code}&state=${encodeURIComponent(authorize.searchParams.get("state")!)}`,
    headers: { cookie },
  });
  const oneTime = new URL(back.headers.location as string, "http://localhost").searchParams.get("token")!;
  const exchanged = await t.app.inject({ method: "POST", url: "/api/api/auth/exchange", headers: { cookie }, payload: { code: oneTime } });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  return exchanged.json().token;
}
