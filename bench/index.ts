// `npm run bench`: every figure of the performance issue, printed. Build first (`npm run build`; or point the
// servers at another build with DIST_DIR). PostgreSQL figures need BENCH_DATABASE_URL (a database the benchmark may
// create schemas in, e.g. `scripts/with-postgres.sh bash -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL npm run bench'`).
//   BENCH_SKIP_LARGE=1      skip the large-data part (it seeds 1.1 M rows per database: minutes)
//   BENCH_SKIP_LIGHTHOUSE=1 skip Lighthouse
import { measureApi } from "./api";
import { measureBundles } from "./bundles";
import { measureLargeData } from "./large-data";
import { measureLighthouse } from "./lighthouse";
import { measureStatistics } from "./statistics";

const pg = process.env.BENCH_DATABASE_URL;

await measureBundles();
if (process.env.BENCH_SKIP_LIGHTHOUSE !== "1") await measureLighthouse();
await measureApi();
if (pg) await measureApi({ port: 3321, databaseUrl: pg });
else console.log("\n(API under load on PostgreSQL: skipped, BENCH_DATABASE_URL is not set)");
await measureStatistics();
if (pg) await measureStatistics({ databaseUrl: pg });
if (process.env.BENCH_SKIP_LARGE !== "1") {
  await measureLargeData();
  if (pg) await measureLargeData({ databaseUrl: pg });
}
