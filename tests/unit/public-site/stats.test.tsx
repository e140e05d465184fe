import { cleanup, act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { limits } from "../../../src/schemas/limits";
import { landingMessages } from "../../../src/schemas/messages";
import { statsSchema } from "../../../src/schemas/stats";
import { StatsStrip } from "../../../src/public-site/components/StatsStrip";
import { fetchStats, loadStats, nextFetchDelay, parseStats, statsQueryOptions } from "../../../src/public-site/lib/stats";

afterEach(cleanup);

const jsonResponse = (body: unknown, status = 200, statusText = "OK") =>
  new Response(JSON.stringify(body), { status, statusText, headers: { "content-type": "application/json" } });

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  sessionStorage.clear();
});

describe("stats query", () => {
  it("retries once, is fresh for 5 minutes, refetches every 5 minutes and never on focus or mount", () => {
    expect(statsQueryOptions.retry).toBe(1);
    expect(statsQueryOptions.staleTime).toBe(5 * 60_000);
    expect(statsQueryOptions.refetchInterval).toBe(limits.statsStaleMs);
    expect(statsQueryOptions.refetchOnWindowFocus).toBe(false);
    expect(statsQueryOptions.refetchOnMount).toBe(false);
  });

  it("calls GET /api/stats with JSON headers and an abort signal", async () => {
    const fetchImpl = vi.fn(async () => jsonResponse({ total_member_count: 5, total_guilds: 2 }));
    const controller = new AbortController();
    await expect(fetchStats(controller.signal, fetchImpl)).resolves.toEqual({ total_member_count: 5, total_guilds: 2 });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/stats");
    expect(init.headers).toEqual({ Accept: "application/json", "Content-Type": "application/json" });
    expect(init.signal).toBe(controller.signal);
  });

  it("reads missing or malformed numbers as 0, like the shared schema", () => {
    const samples = [{}, { total_member_count: 12 }, { total_member_count: "x", total_guilds: 3 }, { total_guilds: null }];
    for (const body of samples) expect(parseStats(body)).toEqual(statsSchema.parse(body));
    expect(parseStats(null)).toEqual({ total_member_count: 0, total_guilds: 0 });
  });

  it("retries a failure once, then logs 'Error {status}: {statusText}' to the console only", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchImpl = vi.fn(async () => jsonResponse({ error: "boom" }, 500, "Internal Server Error"));
    const sleep = vi.fn(async () => {});
    await expect(loadStats({ fetchImpl, sleep })).resolves.toBeNull();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(1000);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(landingMessages.statsError(500, "Internal Server Error"));
    expect(error).toHaveBeenCalledWith("Error 500: Internal Server Error");
  });

  it("succeeds on the retry without logging", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchImpl = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({}, 502, "Bad Gateway"))
      .mockResolvedValueOnce(jsonResponse({ total_member_count: 9, total_guilds: 1 }));
    await expect(loadStats({ fetchImpl, sleep: async () => {} })).resolves.toEqual({ total_member_count: 9, total_guilds: 1 });
    expect(error).not.toHaveBeenCalled();
  });

  it("fetches at once without a cache, and only once the cached value is 5 minutes old", () => {
    expect(nextFetchDelay(null, 1000)).toBe(0);
    const cached = { data: { total_member_count: 1, total_guilds: 1 }, at: 10_000 };
    expect(nextFetchDelay(cached, 10_000 + 60_000)).toBe(4 * 60_000);
    expect(nextFetchDelay(cached, 10_000 + 6 * 60_000)).toBe(0);
  });
});

describe("stats strip", () => {
  beforeEach(() => vi.useFakeTimers());

  const text = () => screen.getByTestId("stats-text").textContent;

  it("shows 'Powering N users across M communities', thousands-grouped, animated from 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse({ total_member_count: 1234567, total_guilds: 8901 })),
    );
    render(<StatsStrip />);
    expect(text()).toBe(landingMessages.stats("0", "0"));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(limits.counterAnimationMs);
    });
    expect(text()).toBe(landingMessages.stats("1,234,567", "8,901"));
    vi.unstubAllGlobals();
  });

  it("keeps the counters at 0 when the stats fail", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse({}, 503, "Service Unavailable")),
    );
    render(<StatsStrip />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(text()).toBe(landingMessages.stats("0", "0"));
    expect(error).toHaveBeenCalledWith("Error 503: Service Unavailable");
    vi.unstubAllGlobals();
  });

  it("refetches every 5 minutes and animates from the previous value", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ total_member_count: 100, total_guilds: 10 }))
      .mockResolvedValueOnce(jsonResponse({ total_member_count: 300, total_guilds: 30 }));
    vi.stubGlobal("fetch", fetchMock);
    render(<StatsStrip />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(limits.counterAnimationMs);
    });
    expect(text()).toBe(landingMessages.stats("100", "10"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(limits.statsStaleMs);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(text()).toBe(landingMessages.stats("200", "20"));
    vi.unstubAllGlobals();
  });
});
