// Shared by the benchmarks: start the real server on a throwaway database and sign in through the demo flow.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { demoSignIn } from "../scripts/demo-sign-in";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RunningServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Keep the data directory (and use this one) instead of a fresh temporary one. */
  dataDir?: string;
}

const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});
// Interrupted (Ctrl-C, timeout): exit through the handler above so no server is left behind.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

/**
 * A database for a benchmark: with a PostgreSQL URL, a fresh schema in it (dropped by `drop()`), else nothing
 * (the server then uses SQLite in its DATA_DIR). `env` goes to startServer.
 */
export async function benchDatabase(
  databaseUrl?: string,
): Promise<{ env: Record<string, string>; schema?: string; drop(): Promise<void> }> {
  if (!databaseUrl) return { env: {}, drop: async () => {} };
  const { default: pg } = await import("pg");
  const schema = `bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    env: { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema },
    schema,
    async drop() {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

/** True when nothing listens on 127.0.0.1:port. */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

/**
 * Starts `server/index.ts` as a direct child of this process (node + the tsx loader, no npx in between, so the
 * pid is the server's and a kill reaches it), on a private port and a throwaway DATA_DIR unless one is given.
 */
export async function startServer(port: number, env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  if (!(await portFree(port))) throw new Error(`port ${port} is already in use: stop what listens there or choose another port`);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "ticketeer-bench-"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "0",
      WRITE_RATE_LIMIT: "0",
      READ_RATE_LIMIT: "0",
      AUDITED_READ_RATE_LIMIT: "0",
      INTERACTION_RATE_LIMIT: "0",
      INTERACTION_GUILD_RATE_LIMIT: "0",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  const exited = new Promise((r) => child.once("exit", r));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering`);
    try {
      const r = await fetch(`${baseUrl}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (i === 300) {
      child.kill("SIGKILL");
      throw new Error("server did not start within 60 s");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      children.delete(child);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a demo user in through the real demo page and returns the session token. */
/** A demo user's session token, through the real sign-in (scripts/demo-sign-in.ts). */
export const signIn = demoSignIn;

export const demo = {
  admin: "900000000000000001",
  staff: "900000000000000002",
  visitor: "900000000000000003",
  community: "812345678901234567",
  gamingHub: "823456789012345678",
};

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (USER_HZ, 100 on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** The p-th percentile (0–100) of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 1 : 0) : "-");
