import fs from "node:fs";
import path from "node:path";
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

const NOT_BUILT = "The web app is not built yet. Run `npm run build`, then reload this page.\n";

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export async function registerStatic(app: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  await app.register(fastifyStatic, { root, serve: false, suppressWarning: true });

  const send = (reply: FastifyReply, relative: string, status = 200) => {
    const hashed = relative.startsWith("assets/");
    reply.code(status);
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

    if (relative !== "" && isFile(path.join(root, relative))) return send(reply, relative);
    const index = relative === "" ? "index.html" : `${relative}/index.html`;
    if (isFile(path.join(root, index))) return send(reply, index);

    // A missing asset or file (a name with an extension) is a plain 404, never the SPA's HTML.
    const last = relative.split("/").pop() ?? "";
    if (relative.startsWith("assets/") || /\.[a-z0-9]{1,8}$/i.test(last)) {
      return reply.code(404).type("text/plain; charset=utf-8").send("Not found\n");
    }
    if (relative === "docs" || relative.startsWith("docs/")) {
      const notFoundSection = "docs/__section-not-found/index.html";
      if (isFile(path.join(root, notFoundSection))) return send(reply, notFoundSection, 404);
    }
    return send(reply, "app.html");
  });
}
