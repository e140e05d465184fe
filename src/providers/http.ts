import type { HttpError as RefineHttpError } from "@refinedev/core";
import { authMessages, frameMessages } from "../schemas/messages";
import { browserNavigation, type Navigation } from "./go-home";
import { offerSignInAgain } from "./reauthenticate";
import { cookieTokenStore, type TokenStore } from "./session";

/** Every failure of the client, whatever caused it (refine's HttpError shape). */
export class HttpError extends Error implements RefineHttpError {
  statusCode: number;
  errors?: Record<string, string[]>;
  /** The `errors` list of an API error body, as sent. */
  details?: string[];

  constructor(statusCode: number, message: string, details?: string[]) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.details = details;
    if (details?.length) this.errors = { _: details };
  }
}

export const statusOf = (error: unknown): number | undefined =>
  error && typeof error === "object" && "statusCode" in error && typeof error.statusCode === "number" ? error.statusCode : undefined;

/**
 * What a response status does beyond failing the call (SPEC §4):
 * - "default": a 401 logs out and goes home with the session-expired notice; a 403 goes home with the
 *   access-denied notice (a 403 never logs out).
 * - "caller": the caller handles it (the user fetch, the guild list, logout).
 */
export type AuthFailurePolicy = "default" | "caller";

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Protected calls carry the bearer token; without one the call does not leave the browser. Default true. */
  auth?: boolean;
  onUnauthorized?: AuthFailurePolicy;
  onForbidden?: AuthFailurePolicy;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface HttpClientDeps {
  baseUrl: string;
  tokens: TokenStore;
  navigation: Navigation;
  fetch?: typeof fetch;
  /**
   * A 403 whose body says `code: "reauthenticate"`: the action needs a recent sign-in. The user stays on the page
   * (this is not an access-denied) and is offered to sign in again (src/providers/reauthenticate.ts).
   */
  onReauthenticate?: (message: string) => void;
}

export interface HttpClient {
  readonly baseUrl: string;
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  delete<T = unknown>(path: string, options?: Omit<RequestOptions, "method">): Promise<T>;
}

/** The URL of an API path (and query) under `baseUrl`; a base relative to the page resolves against its origin. */
export function apiUrl(baseUrl: string, path: string, query?: RequestOptions["query"]): string {
  let base = baseUrl.replace(/\/+$/, "");
  // A base relative to the page ("/api") resolves against its origin (fetch outside a browser needs it).
  if (base.startsWith("/") && typeof location !== "undefined" && location.origin && location.origin !== "null") {
    base = `${location.origin}${base}`;
  }
  let url = `${base}${path.startsWith("/") ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += `${url.includes("?") ? "&" : "?"}${qs}`;
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFromBody(status: number, statusText: string, body: unknown): HttpError {
  if (body && typeof body === "object" && "error" in body && typeof body.error === "string") {
    const details = "errors" in body && Array.isArray(body.errors) ? body.errors.map(String) : undefined;
    return new HttpError(status, body.error, details);
  }
  // No error text: screens fall back to their own wording (e.g. "Failed to fetch Tags page").
  return new HttpError(status, statusText);
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const doFetch = (...args: Parameters<typeof fetch>) => (deps.fetch ?? globalThis.fetch)(...args);

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { method = "GET", body, query, auth = true, signal } = options;
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };

    if (auth) {
      const token = deps.tokens.get();
      if (!token) {
        // §4: a protected call without a token removes the token and redirects to /.
        deps.tokens.remove();
        deps.navigation.assign("/");
        throw new HttpError(401, authMessages.notAuthenticated);
      }
      headers.Authorization = `Bearer ${token}`;
    }
    if (body !== undefined) headers["Content-Type"] = "application/json";

    let response: Response;
    try {
      response = await doFetch(apiUrl(deps.baseUrl, path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "include",
        signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
      // Network failure: statusCode 0 marks it as retryable.
      throw new HttpError(0, cause instanceof Error && cause.message ? cause.message : frameMessages.unknownError);
    }

    const payload = await readBody(response);
    if (response.ok) return payload as T;

    const error = errorFromBody(response.status, response.statusText, payload);
    const reauthenticate =
      response.status === 403 && !!payload && typeof payload === "object" && (payload as { code?: unknown }).code === "reauthenticate";
    if (reauthenticate) {
      deps.onReauthenticate?.(error.message);
    } else if (response.status === 401 && (options.onUnauthorized ?? "default") === "default") {
      deps.tokens.remove();
      deps.navigation.goHome("sessionExpired");
    } else if (response.status === 403 && (options.onForbidden ?? "default") === "default") {
      deps.navigation.goHome("accessDenied");
    }
    throw error;
  }

  return {
    baseUrl: deps.baseUrl,
    request,
    get: (path, options) => request(path, { ...options, method: "GET" }),
    post: (path, body, options) => request(path, { ...options, method: "POST", body }),
    put: (path, body, options) => request(path, { ...options, method: "PUT", body }),
    patch: (path, body, options) => request(path, { ...options, method: "PATCH", body }),
    delete: (path, options) => request(path, { ...options, method: "DELETE" }),
  };
}

export const apiBaseUrl: string = import.meta.env?.VITE_API_BASE ?? "/api";

/** The one client of the dashboard. */
export const http = createHttpClient({
  baseUrl: apiBaseUrl,
  tokens: cookieTokenStore,
  navigation: browserNavigation,
  onReauthenticate: offerSignInAgain,
});
