import { demoSignIn } from "../../../scripts/demo-sign-in";
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

// Real server processes for the fault tests: `node --import tsx server/index.ts` as a direct child (so SIGKILL
// reaches the server itself, not an npx wrapper), on a free port, with its own DATA_DIR and, when
// TEST_DATABASE_URL is set, its own PostgreSQL schema.

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
const root = path.resolve(import.meta.dirname, "../../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A place for the data: a temp DATA_DIR, plus a fresh schema when TEST_DATABASE_URL is set. */
export async function faultDatabase(): Promise<{ dataDir: string; env: Record<string, string>; schema?: string; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ticketeer-fault-"));
  const env: Record<string, string> = { DATA_DIR: dataDir, TRANSCRIPT_KEY: randomBytes(32).toString("hex") };
  let schema: string | undefined;
  if (testDatabaseUrl) {
    schema = `f_${randomBytes(6).toString("hex")}`;
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    env.DATABASE_URL = testDatabaseUrl;
    env.DATABASE_SCHEMA = schema;
  }
  return {
    dataDir,
    env,
    schema,
    async drop() {
      if (schema) {
        const client = new pg.Client({ connectionString: testDatabaseUrl });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process wrote to stderr (shown when a test fails). */
  stderr(): string;
  /** SIGKILL, and wait until it is gone. */
  kill9(): Promise<void>;
  /** SIGTERM (graceful), and wait until it is gone. */
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

/** Starts the real server and waits until /api/health answers 200 (at most `timeoutMs`). */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "test",
      LOG_LEVEL: "error",
      AUTH_RATE_LIMIT: "0",
      WRITE_RATE_LIMIT: "0",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  live.add(child);
  let err = "";
  child.stderr!.on("data", (chunk) => {
    err += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => live.delete(child));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before answering: ${err}`);
    try {
      const r = await fetch(`${baseUrl}/api/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer within ${timeoutMs} ms: ${err}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const done = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { baseUrl, child, stderr: () => err, kill9: () => done("SIGKILL"), stop: () => done("SIGTERM") };
}

/** Signs a demo user in through the real demo flow (scripts/demo-sign-in.ts); returns the session token. */
export const httpSignIn = demoSignIn;

export const authJson = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });
