import { cleanup } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { HomeNotice, Navigation } from "../../../src/providers/go-home";
import { createHttpClient } from "../../../src/providers/http";
import type { TokenStore } from "../../../src/providers/session";

export const API = `${location.origin}/api`;

/** msw server for one test file; any request without a handler fails the test. */
export function useMswServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  // Requests MSW is still answering: the handlers must outlive them, or a request a screen sent just before the
  // test ended (a refetch after a redirect) finds none and fails the next test.
  let inFlight = 0;
  let settled: (() => void)[] = [];
  server.events.on("request:start", () => void inFlight++);
  server.events.on("request:end", () => {
    inFlight--;
    if (inFlight === 0) settled.splice(0).forEach((done) => done());
  });
  afterEach(async () => {
    // Unmount first, so nothing new is asked; then let what was asked finish (a handler held back on purpose,
    // by delay(), is not waited for beyond a second), then drop the test's handlers.
    cleanup();
    if (inFlight > 0) {
      await Promise.race([new Promise<void>((done) => settled.push(done)), new Promise((done) => setTimeout(done, 1000))]);
      settled = [];
    }
    server.resetHandlers();
  });
  afterAll(() => server.close());
  return server;
}

export function memoryTokens(initial: string | null = "token-1"): TokenStore & { value: string | null } {
  const store = {
    value: initial,
    get: () => store.value,
    set: (token: string) => {
      store.value = token;
    },
    remove: () => {
      store.value = null;
    },
  };
  return store;
}

export type NavigationCall =
  { kind: "goHome"; notice?: HomeNotice } | { kind: "assign"; url: string } | { kind: "replaceUrl"; url: string };

export function fakeNavigation(): Navigation & { calls: NavigationCall[] } {
  const calls: NavigationCall[] = [];
  return {
    calls,
    goHome: (notice) => void calls.push(notice ? { kind: "goHome", notice } : { kind: "goHome" }),
    assign: (url) => void calls.push({ kind: "assign", url }),
    replaceUrl: (url) => void calls.push({ kind: "replaceUrl", url }),
  };
}

export function testHttp(tokenValue: string | null = "token-1") {
  const tokens = memoryTokens(tokenValue);
  const navigation = fakeNavigation();
  const client = createHttpClient({ baseUrl: "/api", tokens, navigation });
  return { tokens, navigation, client };
}

export const future = () => new Date(Date.now() + 3_600_000).toISOString();
export const past = () => new Date(Date.now() - 60_000).toISOString();
