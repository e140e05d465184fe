// Writes docs/api-routes.md from the OpenAPI document of the app as it registers its routes (on a throw-away SQLite
// database). Run after adding or changing a route: npx tsx scripts/api-routes.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openApiOf } from "../server/http/openapi";
import { routeListMarkdown } from "../server/http/support/openapi/route-list";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ticketeer-routes-"));
const app = await buildApp({
  config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dir }),
  distDir: path.join(dir, "no-dist"),
});
await app.ready();
const file = path.resolve(import.meta.dirname, "../docs/api-routes.md");
fs.writeFileSync(file, routeListMarkdown(openApiOf(app).document));
await app.close();
fs.rmSync(dir, { recursive: true, force: true });
console.log(`wrote ${path.relative(process.cwd(), file)}`);
