// What a first visit downloads, per screen: every JS and CSS response a cold browser fetches until the page is
// idle, gzipped. Run after `npm run build`. Prints figures beside their budgets; a broken budget makes the run
// exit non-zero once everything is printed.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { resourceDeclarations } from "../src/resources/registry";
import { demo, kb, signIn, startServer } from "./lib";

const budgets = { landing: 90 * 1024, firstDashboard: 250 * 1024, editor: 450 * 1024, statistics: 350 * 1024, route: 300 * 1024 };

type Screen = { name: string; path: string; signedIn: boolean; ready: string; budget: number };
const g = demo.community;

// `ready`: what must be on screen before the count stops (network idle alone can come while the session check is
// still deciding, before the screen's lazy chunks are even requested). Editors: their generated <form>.
// Every dashboard route is listed: one per resource of the registry (the same list that makes the routes and the
// sidebar), plus the screens under them that are routes of their own (editors, a transcript).
const routeBudgets: Record<string, { budget: number; ready?: string }> = {
  statistics: { budget: budgets.statistics, ready: ".stats-figure" },
};
const subScreens: Screen[] = [
  { name: "single-panel editor", path: `/${g}/panels/create-single`, signedIn: true, ready: "main form", budget: budgets.editor },
  { name: "multi-panel editor", path: `/${g}/panels/create-multi`, signedIn: true, ready: "main form", budget: budgets.editor },
  { name: "form editor", path: `/${g}/forms/create`, signedIn: true, ready: "main form", budget: budgets.editor },
  { name: "transcript view", path: `/${g}/transcripts/1001`, signedIn: true, ready: "main h1", budget: budgets.route },
  // A ticket's page (the demo history's tickets; the header shows even for a ticket that is gone)
  { name: "ticket page", path: `/${g}/tickets/1`, signedIn: true, ready: "main h1", budget: budgets.route },
];
const screens: Screen[] = [
  { name: "landing /", path: "/", signedIn: false, ready: "h1", budget: budgets.landing },
  { name: "docs /docs/quick-setup", path: "/docs/quick-setup", signedIn: false, ready: "h1", budget: budgets.landing },
  { name: "server picker /dashboard", path: "/dashboard", signedIn: true, ready: "main h1", budget: budgets.firstDashboard },
  { name: "server info", path: `/${g}`, signedIn: true, ready: "main h1", budget: budgets.route },
  ...resourceDeclarations.map((d) => ({
    name: d.route,
    path: `/${g}/${d.route}`,
    signedIn: true,
    ready: routeBudgets[d.route]?.ready ?? "main h1",
    budget: routeBudgets[d.route]?.budget ?? budgets.route,
  })),
  ...subScreens,
];

export async function measureBundles(port = 3310) {
  const server = await startServer(port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  const rows: { name: string; js: number; css: number; files: number; rendered: boolean; budget: number }[] = [];
  try {
    const token = await signIn(server.baseUrl, demo.admin);
    // BUNDLES_ONLY=tags,statistics: a few screens by name (while working on them).
    const only = process.env.BUNDLES_ONLY?.split(",");
    for (const screen of screens.filter((s) => !only || only.includes(s.name))) {
      const context = await browser.newContext();
      if (screen.signedIn) {
        await context.addCookies([{ name: "session_token", value: token, url: server.baseUrl }]);
      }
      const page = await context.newPage();
      const bodies: Promise<{ type: string; size: number; url: string }>[] = [];
      // A live stream (the Tickets screen's events) never finishes: it does not count as a request in flight.
      const counted = (r: { url(): string; resourceType(): string }) => r.resourceType() !== "eventsource" && !r.url().endsWith("/events");
      let inFlight = 0;
      page.on("request", (r) => void (counted(r) && inFlight++));
      page.on("requestfinished", (r) => void (counted(r) && inFlight--));
      page.on("requestfailed", (r) => void (counted(r) && inFlight--));
      page.on("response", (response) => {
        const type = response.request().resourceType();
        if (type !== "script" && type !== "stylesheet") return;
        bodies.push(
          response
            .body()
            .then((b) => ({ type, size: gzipSync(b, { level: 9 }).length, url: response.url() }))
            .catch(() => ({ type, size: 0, url: response.url() })),
        );
      });
      await page.goto(server.baseUrl + screen.path, { waitUntil: "load" });
      const rendered = await page
        .locator(screen.ready)
        .first()
        .waitFor({ timeout: 20_000 })
        .then(
          () => true,
          () => false,
        );
      // Then quiet: no request in flight for 500 ms.
      for (let quietSince = Date.now(), end = Date.now() + 10_000; Date.now() < end; await page.waitForTimeout(50)) {
        if (inFlight > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= 500) break;
      }
      const sizes = await Promise.all(bodies);
      // BUNDLES_FILES=1: each file of the visit with its gzipped size, largest first (what to look at when over budget).
      if (process.env.BUNDLES_FILES === "1")
        for (const s of [...sizes].sort((a, b) => b.size - a.size))
          console.log(`  ${screen.name}: ${kb(s.size)} ${new URL(s.url).pathname}`);
      rows.push({
        name: screen.name,
        js: sizes.filter((s) => s.type === "script").reduce((a, s) => a + s.size, 0),
        css: sizes.filter((s) => s.type === "stylesheet").reduce((a, s) => a + s.size, 0),
        files: sizes.length,
        rendered,
        budget: screen.budget,
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log("\nWhat a first visit downloads (gzip -9 of each JS/CSS response until network idle)");
  console.log("screen".padEnd(30), "JS".padStart(10), "CSS".padStart(10), "files".padStart(6), "  JS budget");
  for (const r of rows) {
    const verdict = `${kb(r.budget).padStart(9)} ${r.js <= r.budget ? "met" : "OVER"}`;
    const note = r.rendered ? "" : "  (screen did not render: figures incomplete)";
    console.log(r.name.padEnd(30), kb(r.js).padStart(10), kb(r.css).padStart(10), String(r.files).padStart(6), " ", verdict + note);
  }
  // A broken budget fails the run (after every figure is printed).
  const over = rows.filter((r) => r.js > r.budget);
  if (over.length) {
    console.log(`Budgets broken: ${over.map((r) => r.name).join(", ")}`);
    process.exitCode = 1;
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await measureBundles();
