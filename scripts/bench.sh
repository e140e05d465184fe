#!/usr/bin/env bash
# `npm run bench`: builds the client, then prints every figure (bench/index.ts) and writes bench/results.md — on the
# SQLite default, and on PostgreSQL too when PostgreSQL is installed (a throwaway cluster of scripts/with-postgres.sh)
# or BENCH_DATABASE_URL names a database. BENCH_POSTGRES=0 measures SQLite only.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build
has_postgres() {
  command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1
}
if [ -n "${BENCH_DATABASE_URL:-}" ] || [ "${BENCH_POSTGRES:-}" = "0" ] || ! has_postgres; then
  exec npx tsx bench/index.ts
fi
exec bash scripts/with-postgres.sh bash -c 'BENCH_DATABASE_URL="$TEST_DATABASE_URL" exec npx tsx bench/index.ts'
