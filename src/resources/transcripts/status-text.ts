import { statusOf } from "../../providers/http";

// §8 words failures with the response's status text ('Failed to fetch transcript: Not Found'); the http client
// keeps the status code, so the standard reason phrase is looked up here.
const reasons: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  409: "Conflict",
  413: "Payload Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** "Not Found", "Internal Server Error", … ; "Network Error" when no response arrived. */
export function statusTextOf(error: unknown): string {
  const status = statusOf(error);
  if (!status) return "Network Error";
  return reasons[status] ?? `HTTP ${status}`;
}

/** The message of an error, when it adds something to its status text. */
export function detailOf(error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  return message && message !== statusTextOf(error) ? message : "";
}
