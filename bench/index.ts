// `npm run bench` (scripts/bench.sh: builds, then runs this inside a throwaway PostgreSQL when one is installed):
// every figure of the performance issues, printed. Run directly, build first (`npm run build`; or point the servers
// at another build with DIST_DIR); PostgreSQL figures need BENCH_DATABASE_URL (a database the benchmark may create
// schemas in).
//   BENCH_SKIP_LARGE=1      skip the large-data part (it seeds 1.1 M rows per database: minutes)
//   BENCH_SKIP_LIGHTHOUSE=1 skip Lighthouse
//   BENCH_ONLY_FAIR=1       only the fair shares between servers (bench/fair-shares.ts); bench/results.md is left as it is
//   BENCH_ONLY_GATEWAY=1    only the gateway (bench/gateway.ts); bench/results.md is left as it is
import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { measureApi } from "./api";
import { measureBundles } from "./bundles";
import { measureInteractionFairness, measureInteractions, measureLongClose } from "./interactions";
import { measureDiscordLimits } from "./discord-limits";
import { measureFairShares } from "./fair-shares";
import { measureGateway } from "./gateway";
import { measureLiveRead } from "./live-read";
import { measureLargeData } from "./large-data";
import { measureLighthouse } from "./lighthouse";
import { measureStatistics } from "./statistics";

const pg = process.env.BENCH_DATABASE_URL;

// Everything printed also goes to bench/results.md, which the README quotes: committed with the date and machine.
const printed: string[] = [];
const print = console.log.bind(console);
console.log = (...args: unknown[]) => {
  printed.push(args.map(String).join(" "));
  print(...args);
};

if (process.env.BENCH_ONLY_FAIR === "1") {
  await measureFairShares();
  process.exit(0);
}
if (process.env.BENCH_ONLY_GATEWAY === "1") {
  await measureGateway();
  process.exit(0);
}

await measureBundles();
if (process.env.BENCH_SKIP_LIGHTHOUSE !== "1") await measureLighthouse();
await measureApi();
if (pg) await measureApi({ port: 3321, databaseUrl: pg });
else console.log("\n(API under load on PostgreSQL: skipped, BENCH_DATABASE_URL is not set)");
await measureStatistics();
if (pg) await measureStatistics({ databaseUrl: pg });
await measureInteractions();
if (pg) await measureInteractions({ databaseUrl: pg, port: 3332 });
await measureInteractionFairness();
if (pg) await measureInteractionFairness({ databaseUrl: pg, port: 3335 });
await measureLongClose();
if (pg) await measureLongClose({ databaseUrl: pg, port: 3336 });
await measureDiscordLimits();
await measureLiveRead();
await measureGateway();
await measureFairShares();
if (process.env.BENCH_SKIP_LARGE !== "1") {
  await measureLargeData();
  if (pg) await measureLargeData({ databaseUrl: pg });
}

const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}`;
writeFileSync(
  new URL("./results.md", import.meta.url),
  [
    "# Figures of `npm run bench`",
    "",
    `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; machine: ${machine}.`,
    pg ? "PostgreSQL figures included (BENCH_DATABASE_URL was set)." : "SQLite only (BENCH_DATABASE_URL was not set).",
    "Budgets and what each figure means: README.md, section Figures.",
    "",
    "```text",
    ...printed,
    "```",
    "",
  ].join("\n"),
);
print("\nWrote bench/results.md");
