import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "./helpers";

function writeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ticketeer-dist-"));
  const files: Record<string, string> = {
    "index.html": "<h1>landing</h1>",
    "app.html": "<div id=root>spa</div>",
    "legal/tos/index.html": "<h1>tos</h1>",
    "docs/index.html": "<h1>docs</h1>",
    "docs/quick-setup/index.html": "<h1>quick setup</h1>",
    "docs/__section-not-found/index.html": "<h1>Section not found</h1>",
    "assets/app-3f2a1b.js": "console.log(1)",
    "images/logo.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
  };
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  fs.writeFileSync(path.join(os.tmpdir(), "ticketeer-secret.txt"), "secret");
  return dir;
}

describe("static files and the SPA", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = writeDist();
    t = await createTestApp({ distDir: dist, seed: false });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("serves prerendered pages from dist/x/y/index.html", async () => {
    for (const [url, body] of [
      ["/", "landing"],
      ["/legal/tos", "tos"],
      ["/legal/tos/", "tos"],
      ["/docs", "docs"],
      ["/docs/quick-setup", "quick setup"],
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      expect(res.body, url).toContain(body);
    }
  });

  it("answers unknown docs sections with the section-not-found page", async () => {
    const res = await get("/docs/no-such-section");
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("Section not found");
  });

  it("serves hashed assets with a long cache, and other files as they are", async () => {
    const asset = await get("/assets/app-3f2a1b.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toMatch(/max-age=31536000/);
    expect(asset.headers["cache-control"]).toMatch(/immutable/);
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    const svg = await get("/images/logo.svg");
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-type"]).toMatch(/image\/svg\+xml/);
    expect((await get("/assets/missing-123.js")).statusCode).toBe(404);
    expect((await get("/images/missing.png")).statusCode).toBe(404);
  });

  it("answers every other page path with the SPA (200)", async () => {
    for (const url of ["/dashboard", "/812345678901234567", "/812345678901234567/tags", "/123", "/no/such/page", "/dashboard?token=abc"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("spa");
      expect(res.headers["content-type"]).toMatch(/text\/html/);
    }
  });

  it("unknown API paths are JSON 404s, whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      for (const url of ["/api", "/api/nope", "/api/api/auth/nope", "/api/812345678901234567/nothing"]) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ error: "Not found" });
      }
    }
  });

  it("does not leave dist/", async () => {
    for (const url of ["/../ticketeer-secret.txt", "/%2e%2e/ticketeer-secret.txt", "/assets/..%2f..%2fticketeer-secret.txt"]) {
      const res = await get(url);
      expect(res.body, url).not.toContain("secret");
    }
  });

  it("sends the security headers on pages and API answers", async () => {
    for (const url of ["/", "/dashboard", "/api/health", "/api/nope"]) {
      const res = await get(url);
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'self' https://discord.com");
      expect(csp).not.toContain("unsafe-eval");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });
});

describe("without a build", () => {
  it("still serves the API and answers pages with 503", async () => {
    const t = await createTestApp({ seed: false });
    try {
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      const page = await t.app.inject({ method: "GET", url: "/dashboard" });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain("npm run build");
    } finally {
      await t.close();
    }
  });
});
