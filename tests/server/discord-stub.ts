import http from "node:http";
import type { AddressInfo } from "node:net";
import { checkRequest, matchRoute, type RouteMatch, type Violation } from "./discord/contract";
import { InvalidRequestCounter, type RateLimitConfig, RateLimiter } from "./discord/rate-limits";

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The files of a multipart/form-data request (its `body` is then the payload_json part), and its other fields' names. */
  files?: StubFile[];
  fields?: string[];
  /** The route of Discord's API description the path matched (absent for a path Discord does not have). */
  route?: RouteMatch;
  /** The status the stub answered with, once it has (with `global` for a 429 of the global limit). */
  status?: number;
  global?: boolean;
}

/** A file part of a multipart request: its form field (`files[0]`), file name, type and bytes. */
export interface StubFile {
  field: string;
  name: string;
  type: string;
  data: Buffer;
}

export interface StubResponse {
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
}

export type StubHandler = (req: StubRequest) => StubResponse | undefined;

export interface StubOptions {
  /** Holds every answer back that long (the benchmark's fixed Discord latency). */
  latencyMs?: number;
  /** Buckets and the global limit that refuse with 429 (discord/rate-limits.ts); none by default. */
  rateLimits?: RateLimitConfig;
}

export type DiscordStub = Awaited<ReturnType<typeof startDiscordStub>>;

/**
 * A local stand-in for Discord's REST API on 127.0.0.1 and a random port. Each request is first checked against
 * Discord's contract: a request Discord would refuse is answered with Discord's refusal (400 "Invalid Form Body"
 * with its errors tree, 404 for a route Discord does not have, …) and kept in `violations`; `close()` then rejects
 * with the list, so a test that makes the product send such a request fails. Answers carry Discord's rate-limit
 * headers; 429s are completed to Discord's shape (body message/retry_after/global, Retry-After in seconds).
 */
export async function startDiscordStub(routes: StubHandler, { latencyMs = 0, rateLimits }: StubOptions = {}) {
  const calls: StubRequest[] = [];
  const violations: Violation[] = [];
  const failures: string[] = [];
  const limiter = new RateLimiter(rateLimits);
  const invalid = new InvalidRequestCounter();
  const contractTime = { requests: 0, totalMs: 0, maxMs: 0 };
  let override: StubHandler | undefined;

  function answer(call: StubRequest): StubResponse {
    const route = call.route;
    const limits = limiter.take({
      method: call.method,
      template: route?.template ?? call.path,
      params: route?.params ?? {},
      auth: String(call.headers.authorization ?? ""),
    });
    if (limits.limited) return limits.limited;
    // Always on, the benchmark included: after the first compile of an operation a check takes about a tenth of a
    // millisecond (see contractTime), nothing beside Discord's latency.
    const t0 = performance.now();
    const check = checkRequest({
      method: call.method,
      path: call.path,
      query: call.query,
      headers: call.headers,
      body: call.body,
      files: call.files,
      fields: call.fields,
    });
    const ms = performance.now() - t0;
    contractTime.requests++;
    contractTime.totalMs += ms;
    contractTime.maxMs = Math.max(contractTime.maxMs, ms);
    if (check.violation) {
      violations.push(check.violation);
      if (check.violation.answer) return { ...check.violation.answer, headers: limits.headers };
    }
    let out: StubResponse;
    try {
      out = override?.(call) ?? routes(call) ?? { status: 404, json: { message: "404: Not Found", code: 0 } };
    } catch (error) {
      failures.push(`${call.method} ${call.path}: the stub's handler threw ${(error as Error).stack ?? String(error)}`);
      out = { status: 500, json: { message: "500: Internal Server Error", code: 0 } };
    }
    return { ...out, headers: { ...limits.headers, ...lowerKeys(out.headers) } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const url = new URL(req.url ?? "/", "http://stub");
      const path = decodeURIComponent(url.pathname).replace(/^\/api\/v10/, "");
      const raw = Buffer.concat(chunks);
      const form = await multipartOf(String(req.headers["content-type"] ?? ""), raw);
      const call: StubRequest = {
        method: req.method ?? "GET",
        path,
        query: url.searchParams,
        headers: req.headers,
        body: form ? form.payload : raw.toString("utf8"),
        ...(form ? { files: form.files, fields: form.fields } : {}),
        route: matchRoute(path),
      };
      calls.push(call);
      const out = answer(call);
      const status = out.status ?? 200;
      const headers: Record<string, string> = { "content-type": "application/json", ...out.headers };
      let json = out.json;
      if (status === 429) json = completeRateLimit(json, headers);
      invalid.note(status, headers["x-ratelimit-scope"]);
      call.status = status;
      call.global = status === 429 && headers["x-ratelimit-global"] === "true";
      if (status === 204) {
        delete headers["content-type"];
        res.writeHead(204, headers);
        res.end();
        return;
      }
      res.writeHead(status, headers);
      res.end(json === undefined ? "" : JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/api/v10`,
    calls,
    /** Requests Discord would have refused (or that broke a documented rule), with Discord's answer. */
    violations,
    /** How long the contract check took: requests checked, total and slowest ms. */
    contractTime,
    /** Calls matching a method and path. */
    count: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).length,
    setOverride(handler: StubHandler | undefined) {
      override = handler;
    },
    /** Replaces the refusing buckets and global limit (counts start again). */
    setRateLimits(config: RateLimitConfig) {
      limiter.configure(config);
    },
    /** 401, 403 and 429 answers (shared-scope 429s aside) of the last ten minutes: Discord bans an IP at 10,000. */
    invalidRequests: () => invalid.count(),
    /** Stops the server; rejects with every violation (and handler failure) seen, so the test file fails. */
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const lines = [...violations.flatMap((v) => v.problems), ...failures];
      if (lines.length) {
        throw new Error(
          `Discord would have refused (or the stub failed on) ${violations.length + failures.length} request(s):\n- ${lines.join("\n- ")}`,
        );
      }
    },
  };
}

/** A multipart/form-data body read as Discord reads it (reference.mdx, "Uploading Files"); null for any other type. */
async function multipartOf(contentType: string, raw: Buffer) {
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) return null;
  const form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  let payload = "";
  const files: StubFile[] = [];
  const fields: string[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value !== "string") files.push({ field, name: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer()) });
    else if (field === "payload_json") payload = value;
    else fields.push(field);
  }
  return { payload, files, fields };
}

function lowerKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k.toLowerCase()] = v;
  return out;
}

/** A 429 in Discord's shape: message, retry_after (float seconds), global; Retry-After and the scope header. */
function completeRateLimit(json: unknown, headers: Record<string, string>): unknown {
  const body = typeof json === "object" && json !== null ? (json as Record<string, unknown>) : {};
  const retryAfter = typeof body.retry_after === "number" ? body.retry_after : Number(headers["retry-after"] ?? 1);
  const global = body.global === true;
  headers["retry-after"] ??= String(Math.ceil(retryAfter));
  headers["x-ratelimit-scope"] ??= global ? "global" : "user";
  if (global) headers["x-ratelimit-global"] ??= "true";
  return { message: "You are being rate limited.", ...body, retry_after: retryAfter, global };
}
