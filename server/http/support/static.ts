import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

// Serves the built client (dist/) on the API's origin:
//   /assets/*                 hashed bundles, cached for a year
//   /x/y                      dist/x/y/index.html when it exists (prerendered public pages)
//   any other existing file   as is (images, icons, docs media)
//   /docs/<unknown section>   dist/docs/__section-not-found/index.html (404)
//   any other GET             dist/app.html (the dashboard SPA renders NOT FOUND itself), 200
//   /api/*                    never here: unknown API paths answer 404 {error: 'Not found'}
// Without dist/ (not built yet) the API still runs and page requests get a 503 saying how to build.

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const NOT_BUILT = "The web app is not built yet. Run `npm run build`, then reload this page.\n";

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

// Text files go out compressed when the browser accepts it (brotli, else gzip): the bundles are 3–4 times smaller
// on the wire. Each file is compressed once per process (off the main thread) and kept in memory while unchanged.
const compressibleTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};
const compressedCache = new Map<string, { stamp: string; body: Promise<Buffer> }>();

async function compressedFile(request: FastifyRequest, file: string) {
  const type = compressibleTypes[path.extname(file).toLowerCase()];
  const accepted = String(request.headers["accept-encoding"] ?? "");
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : undefined;
  if (!type || !encoding) return undefined;
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    return undefined;
  }
  if (stat.size < 1024) return undefined;
  const stamp = `${stat.size.toString(16)}-${Math.trunc(stat.mtimeMs).toString(16)}`;
  const key = `${encoding}:${file}`;
  let entry = compressedCache.get(key);
  if (!entry || entry.stamp !== stamp) {
    const body = fs.promises
      .readFile(file)
      .then((raw) =>
        encoding === "br"
          ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
          : gzip(raw, { level: 9 }),
      );
    entry = { stamp, body };
    compressedCache.set(key, entry);
    body.catch(() => compressedCache.delete(key));
  }
  try {
    return { type, encoding, etag: `W/"${stamp}-${encoding}"`, body: await entry.body };
  } catch {
    return undefined;
  }
}

export async function registerStatic(app: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  await app.register(fastifyStatic, { root, serve: false, suppressWarning: true });

  const send = async (request: FastifyRequest, reply: FastifyReply, relative: string, status = 200) => {
    const hashed = relative.startsWith("assets/");
    reply.code(status);
    const compressed = await compressedFile(request, path.join(root, relative));
    if (compressed) {
      if (hashed) reply.header("cache-control", "public, max-age=31536000, immutable");
      reply.header("vary", "accept-encoding").header("etag", compressed.etag);
      if (status === 200 && request.headers["if-none-match"] === compressed.etag) return reply.code(304).send();
      return reply.type(compressed.type).header("content-encoding", compressed.encoding).send(compressed.body);
    }
    return reply.sendFile(relative, root, hashed ? { maxAge: 31_536_000_000, immutable: true } : { cacheControl: false });
  };

  app.get("/*", async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split("?")[0];
    if (urlPath === "/api" || urlPath.startsWith("/api/")) return reply.code(404).send({ error: "Not found" });

    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return reply.code(400).send({ error: "Bad request" });
    }
    // Resolve inside dist/ only: normalise, refuse NUL and anything that climbs out.
    const relative = path.posix.normalize(decoded).replace(/^\/+/, "").replace(/\/+$/, "");
    if (decoded.includes("\0") || relative.split("/").includes("..")) return reply.code(404).send({ error: "Not found" });

    if (!isFile(path.join(root, "app.html"))) {
      return reply.code(503).header("cache-control", "no-store").type("text/plain; charset=utf-8").send(NOT_BUILT);
    }
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");

    if (relative !== "" && isFile(path.join(root, relative))) return send(request, reply, relative);
    const index = relative === "" ? "index.html" : `${relative}/index.html`;
    if (isFile(path.join(root, index))) return send(request, reply, index);

    // A missing asset or file (a name with an extension) is a plain 404, never the SPA's HTML.
    const last = relative.split("/").pop() ?? "";
    if (relative.startsWith("assets/") || /\.[a-z0-9]{1,8}$/i.test(last)) {
      return reply.code(404).type("text/plain; charset=utf-8").send("Not found\n");
    }
    if (relative === "docs" || relative.startsWith("docs/")) {
      const notFoundSection = "docs/__section-not-found/index.html";
      if (isFile(path.join(root, notFoundSection))) return send(request, reply, notFoundSection, 404);
    }
    return send(request, reply, "app.html");
  });
}
