// `npm start`: build the client when it is missing or older than its sources, then serve app + API in this
// one process on the embedded defaults (PORT 3000, DATA_DIR ./data, demo platform, demo data seeded once).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { register } from "tsx/esm/api";

const root = new URL("..", import.meta.url).pathname;
const stamp = join(root, "dist", "app.html");

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sources = ["src", "public", "site.html", "app.html", "vite.config.ts", "scripts/prerender.ts", "server/discord/commands"]
  .map((p) => join(root, p))
  .filter(existsSync);
const stale = !existsSync(stamp) || sources.some((p) => newestMtime(p) > statSync(stamp).mtimeMs);
if (stale) {
  console.log("Building the client (dist/ is missing or older than its sources)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

register();
await import("../server/index.ts");
