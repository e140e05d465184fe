// `npm run bench`: every figure of the performance issue, printed. Build first (`npm run build`).
import { measureBundles } from "./bundles";
import { measureApi } from "./api";

await measureBundles();
await measureApi();
if (process.env.BENCH_DATABASE_URL) {
  await measureApi({ port: 3321, env: { DATABASE_URL: process.env.BENCH_DATABASE_URL }, label: "PostgreSQL" });
}
