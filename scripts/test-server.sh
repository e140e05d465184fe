#!/usr/bin/env bash
# The API suite on both databases, side by side: SQLite (the embedded default) and PostgreSQL (a throwaway cluster of
# scripts/with-postgres.sh, optional outside CI). Each line is prefixed with its database; the script fails when
# either run fails. Extra arguments go to vitest (a file filter, --reporter …).
set -uo pipefail
cd "$(dirname "$0")/.."

run() {
  local name=$1
  shift
  "$@" 2>&1 | sed -u "s/^/[$name] /"
  return "${PIPESTATUS[0]}"
}

run sqlite npx vitest run --project server --project server-mocks "$@" &
sqlite=$!
run postgres env PG_OPTIONAL=1 bash scripts/with-postgres.sh npx vitest run --project server --project server-mocks "$@" &
postgres=$!

status=0
wait "$sqlite" || { echo "The API suite failed on SQLite."; status=1; }
wait "$postgres" || { echo "The API suite failed on PostgreSQL."; status=1; }
exit $status
