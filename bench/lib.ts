// Shared by the benchmarks: start the real server on a throwaway database and sign in through the demo flow.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startServer(port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "ticketeer-bench-"));
  const child: ChildProcess = spawn("npx", ["tsx", "server/index.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "test", LOG_LEVEL: "warn", AUTH_RATE_LIMIT: "0", WRITE_RATE_LIMIT: "0", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      const r = await fetch(`${baseUrl}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
    if (i === 149) throw new Error("server did not start");
  }
  return {
    baseUrl,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a demo user in through the real demo page and returns the session token. */
export async function signIn(baseUrl: string, userId: string): Promise<string> {
  const page = await fetch(`${baseUrl}/api/api/auth/demo`);
  const cookie = (page.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
  const html = await page.text();
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1];
  if (!state) throw new Error("no state on the demo page");
  const r = await fetch(`${baseUrl}/api/api/auth/demo`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ user_id: userId, state }).toString(),
  });
  const token = /[?&]token=([^&]+)/.exec(r.headers.get("location") ?? "")?.[1];
  if (!token) throw new Error(`sign-in failed: ${r.status}`);
  return decodeURIComponent(token);
}

export const demo = {
  admin: "900000000000000001",
  staff: "900000000000000002",
  visitor: "900000000000000003",
  community: "812345678901234567",
  gamingHub: "823456789012345678",
};

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
