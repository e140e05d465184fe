#!/usr/bin/env bash
# Usage: scripts/with-postgres.sh <command...>
# Runs the command with TEST_DATABASE_URL pointing at PostgreSQL. When TEST_DATABASE_URL is already set it is
# used as is; otherwise a throwaway cluster is created in /tmp (initdb + pg_ctl, port 5433 or the next free
# one, socket in its own directory), a database `ticketeer_test` created, the command run, and the cluster
# stopped and deleted, whatever the command's outcome. Needs Debian's `postgresql` package (or initdb/pg_ctl
# on PATH). Works as root (the server then runs as the `postgres` system user) and as a normal user.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command...>" >&2
  exit 2
fi

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  exec "$@"
fi

find_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/pg_ctl" ]; then
    echo "$dir"
    return
  fi
  # Elsewhere: the directory of the real pg_ctl on PATH (following symlinks), which also holds createdb.
  if command -v pg_ctl >/dev/null 2>&1; then
    dir=$(dirname "$(readlink -f "$(command -v pg_ctl)")")
    if [ -x "$dir/initdb" ] && [ -x "$dir/createdb" ]; then
      echo "$dir"
      return
    fi
  fi
  echo "PostgreSQL is not installed. On Debian: apt-get install -y postgresql" >&2
  return 1
}
if ! BIN=$(find_bin); then
  # npm test on a machine without PostgreSQL: say so and skip only this run (CI installs the package).
  # In CI (CI=true) the PostgreSQL run is mandatory: a missing PostgreSQL fails.
  if [ "${PG_OPTIONAL:-}" = "1" ] && [ "${CI:-}" != "true" ]; then
    echo "with-postgres: skipping the PostgreSQL run of: $*" >&2
    exit 0
  fi
  exit 1
fi

port_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}
PORT=${PGTEST_PORT:-5433}
while ! port_free "$PORT"; do PORT=$((PORT + 1)); done

WORK=$(mktemp -d /tmp/ticketeer-pg.XXXXXX)
DATA="$WORK/data"
SOCK="$WORK/sock"
mkdir -p "$SOCK"

# As root, PostgreSQL refuses to run: use the postgres system user.
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "Running as root but there is no 'postgres' user to run the server (install the postgresql package)." >&2
    exit 1
  fi
  chown -R postgres:postgres "$WORK"
  chmod 755 "$WORK"
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

cleanup() {
  as_pg "$BIN/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

as_pg "$BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log" >&2; exit 1; }
as_pg "$BIN/pg_ctl" -D "$DATA" -l "$WORK/server.log" -w -t 30 \
  -o "-p $PORT -k $SOCK -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || { cat "$WORK/server.log" >&2; exit 1; }
as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres ticketeer_test

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/ticketeer_test"
echo "with-postgres: temporary PostgreSQL at $TEST_DATABASE_URL" >&2
set +e
"$@"
status=$?
set -e
exit $status
