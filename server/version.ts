import fs from "node:fs";

/** The version of package.json (health answers and the OpenAPI document show it). */
export const appVersion: string = (() => {
  try {
    return (JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version?: string }).version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
})();
