import { statusOf } from "./http";

// §8 words some failures with the response's status text ('Failed to fetch transcript: Not Found',
// 'Failed to fetch: Not Found'); the http client keeps the status code, so the standard reason phrase is
// looked up here, with its dictionary key (shell.http.<name>).
const reasons: Record<number, readonly [key: string, english: string]> = {
  400: ["badRequest", "Bad Request"],
  401: ["unauthorized", "Unauthorized"],
  403: ["forbidden", "Forbidden"],
  404: ["notFound", "Not Found"],
  408: ["requestTimeout", "Request Timeout"],
  409: ["conflict", "Conflict"],
  413: ["payloadTooLarge", "Payload Too Large"],
  429: ["tooManyRequests", "Too Many Requests"],
  500: ["internalServerError", "Internal Server Error"],
  502: ["badGateway", "Bad Gateway"],
  503: ["serviceUnavailable", "Service Unavailable"],
  504: ["gatewayTimeout", "Gateway Timeout"],
};
const networkError = ["networkError", "Network Error"] as const;

/** The dictionary keys of every status text (for the translation coverage test). */
export const statusTextKeys = [networkError, ...Object.values(reasons)].map(([key]) => `shell.http.${key}`);

/** "Not Found", "Internal Server Error", … ; "Network Error" when no response arrived. */
export function statusTextOf(error: unknown): string {
  const status = statusOf(error);
  if (!status) return networkError[1];
  return reasons[status]?.[1] ?? `HTTP ${status}`;
}

/** The message of an error, when it adds something to its status text. */
export function detailOf(error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  return message && message !== statusTextOf(error) ? message : "";
}

/** The status text in the current language (`tr` of the screen); English is statusTextOf's. */
export function localStatusText(error: unknown, tr: (key: string, fallback: string) => string): string {
  const status = statusOf(error);
  const reason = status ? reasons[status] : networkError;
  return reason ? tr(`shell.http.${reason[0]}`, reason[1]) : statusTextOf(error);
}
