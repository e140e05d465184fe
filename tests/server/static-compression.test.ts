import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "./helpers";

// Bundles and pages go out compressed when the browser accepts it (brotli, else gzip), unchanged otherwise, with
// the caching headers of the uncompressed answer and Vary: Accept-Encoding.

describe("static files: compression", () => {
  let t: TestApp;
  let dist: string;
  const bundle = `export const big = ${JSON.stringify("ticketeer ".repeat(2000))};\n`;
  const page = `<!doctype html><title>x</title><p>${"landing ".repeat(500)}</p>`;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "ticketeer-dist-"));
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "assets/app-1a2b3c.js"), bundle);
    fs.writeFileSync(path.join(dist, "assets/tiny-1a2b3c.js"), "console.log(1)");
    fs.writeFileSync(path.join(dist, "assets/logo-1a2b3c.png"), Buffer.alloc(4096, 7));
    fs.writeFileSync(path.join(dist, "index.html"), page);
    fs.writeFileSync(path.join(dist, "app.html"), "<div id=root></div>");
    t = await createTestApp({ distDir: dist, seed: false });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("sends brotli when accepted, else gzip, else the file as is", async () => {
    const br = await get("/assets/app-1a2b3c.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);
    expect(br.rawPayload.length).toBeLessThan(bundle.length / 4);

    const gz = await get("/assets/app-1a2b3c.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundle);

    const plain = await get("/assets/app-1a2b3c.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it("compresses pages too, keeping their no-cache; answers 304 to a matching If-None-Match", async () => {
    const first = await get("/", { "accept-encoding": "br" });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers["content-type"]).toMatch(/text\/html/);
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(page);
    const again = await get("/", { "accept-encoding": "br", "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("leaves tiny files and images alone", async () => {
    expect((await get("/assets/tiny-1a2b3c.js", { "accept-encoding": "br" })).headers["content-encoding"]).toBeUndefined();
    expect((await get("/assets/logo-1a2b3c.png", { "accept-encoding": "br" })).headers["content-encoding"]).toBeUndefined();
  });

  it("serves the new content after a rebuild (not the cached compression)", async () => {
    const changed = bundle.replace("ticketeer", "rebuilt!!");
    const file = path.join(dist, "assets/app-1a2b3c.js");
    fs.writeFileSync(file, changed);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const r = await get("/assets/app-1a2b3c.js", { "accept-encoding": "br" });
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(changed);
  });
});
