import type { QueryClientConfig } from "@tanstack/react-query";
import { limits, retryDelay } from "../schemas/limits";
import { statusOf } from "./http";

/**
 * TanStack Query retries every failed query 3 times by default, which would delay the 401/403 rules of §4 by
 * seconds. 401 and 403 are never retried, nor other client errors or a malformed answer (the answer will not
 * change); network failures and 5xx are retried up to 3 times with the delays of §7.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  // An answer that came (2xx) but is not what the contract says will come again the same way.
  if (status !== undefined && status >= 200 && status < 400) return false;
  if (status === 401 || status === 403) return false;
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) return false;
  return failureCount < limits.authRetries;
}

export const queryClientConfig: QueryClientConfig = {
  defaultOptions: {
    queries: {
      retry: shouldRetryQuery,
      retryDelay: (attempt) => retryDelay(attempt),
      gcTime: limits.cacheGcMs,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
};
