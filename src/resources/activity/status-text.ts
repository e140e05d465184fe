import { statusOf } from "../../providers/http";

// §8 words the activity failure with the status text ('Failed to fetch: Not Found'); the http client
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

/** The §8 status text in the current language (`tr` of the screen); English is statusTextOf's. */
export function localStatusText(error: unknown, tr: (key: string, fallback: string) => string): string {
  const english = statusTextOf(error);
  switch (statusOf(error) || 0) {
    case 0:
      return tr("activity.status.networkError", english);
    case 400:
      return tr("activity.status.badRequest", english);
    case 401:
      return tr("activity.status.unauthorized", english);
    case 403:
      return tr("activity.status.forbidden", english);
    case 404:
      return tr("activity.status.notFound", english);
    case 408:
      return tr("activity.status.requestTimeout", english);
    case 409:
      return tr("activity.status.conflict", english);
    case 413:
      return tr("activity.status.payloadTooLarge", english);
    case 429:
      return tr("activity.status.tooManyRequests", english);
    case 500:
      return tr("activity.status.internalServerError", english);
    case 502:
      return tr("activity.status.badGateway", english);
    case 503:
      return tr("activity.status.serviceUnavailable", english);
    case 504:
      return tr("activity.status.gatewayTimeout", english);
    default:
      return english;
  }
}
