import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface StubResponse {
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
}

export type StubHandler = (req: StubRequest) => StubResponse | undefined;

/**
 * A local stand-in for Discord's REST API on 127.0.0.1 and a random port. `latencyMs` holds every answer back that
 * long (the benchmark's fixed Discord latency).
 */
export async function startDiscordStub(routes: StubHandler, { latencyMs = 0 }: { latencyMs?: number } = {}) {
  const calls: StubRequest[] = [];
  let override: StubHandler | undefined;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", async () => {
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const url = new URL(req.url ?? "/", "http://stub");
      const path = decodeURIComponent(url.pathname).replace(/^\/api\/v10/, "");
      const call: StubRequest = { method: req.method ?? "GET", path, query: url.searchParams, headers: req.headers, body };
      calls.push(call);
      const answer = override?.(call) ?? routes(call) ?? { status: 404, json: { message: "Unknown", code: 0 } };
      const headers: Record<string, string> = { "content-type": "application/json", ...answer.headers };
      // Discord sends a 429's wait both in the body and in Retry-After (the header is what clients read).
      const retryAfter = (answer.json as { retry_after?: unknown } | undefined)?.retry_after;
      if (answer.status === 429 && typeof retryAfter === "number" && !headers["retry-after"]) headers["retry-after"] = String(retryAfter);
      if (answer.status === 204) {
        res.writeHead(204, answer.headers);
        res.end();
        return;
      }
      res.writeHead(answer.status ?? 200, headers);
      res.end(answer.json === undefined ? "" : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/api/v10`,
    calls,
    /** Calls matching a method and path. */
    count: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).length,
    setOverride(handler: StubHandler | undefined) {
      override = handler;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
