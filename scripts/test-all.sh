#!/usr/bin/env bash
# The one test command (`npm test`): lint, typecheck, unit tests, the server integration suite on
# SQLite and again on PostgreSQL, the fault suite, then Playwright end-to-end specs in Chromium against the built app.
# On a fresh machine it installs what it needs (node modules, Debian's chromium, postgresql and
# redis-server) and starts a throwaway PostgreSQL cluster and Redis server. It ends with one line: "N passed, N failed[, N skipped]".
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=$(mktemp -d /tmp/astro-test.XXXXXX)
chmod 755 "$WORK"
PASSED=0 FAILED=0 SKIPPED=0
FAILED_STEPS=()
# One line per failed test, printed again at the end so the last lines of a run name them.
FAILURES="$WORK/failures.txt"
: > "$FAILURES"

log() { printf '\n==> %s\n' "$*"; }
die() { printf 'test-all: %s\n' "$*" >&2; echo "0 passed, 1 failed"; exit 1; }

PG_BIN=""
cleanup() {
  if [ -n "$PG_BIN" ] && [ -f "$WORK/pg/postmaster.pid" ]; then
    as_postgres "$PG_BIN/pg_ctl" -D "$WORK/pg" -m fast -w stop >/dev/null 2>&1 || true
  fi
  if [ -f "$WORK/redis/redis.pid" ]; then kill "$(cat "$WORK/redis/redis.pid")" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

apt_install() {
  if [ "$(id -u)" -ne 0 ]; then die "missing $*: install it (Debian packages: $*) or run this as root"; fi
  if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq >/dev/null || die "apt-get update failed"; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null || die "could not install $*"
}

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Adds a step's counts: add_counts <name> <passed> <failed> <skipped>
add_counts() {
  PASSED=$((PASSED + $2)); FAILED=$((FAILED + $3)); SKIPPED=$((SKIPPED + $4))
  if [ "$3" -gt 0 ]; then FAILED_STEPS+=("$1"); fi
  printf -- '--- %s: %s passed, %s failed, %s skipped\n' "$1" "$2" "$3" "$4"
}

# A whole-command check (lint, typecheck, build) counts as one test.
run_check() {
  local name=$1; shift
  log "$name"
  if "$@"; then add_counts "$name" 1 0 0; else add_counts "$name" 0 1 0; echo "$name › (the whole step)" >> "$FAILURES"; fi
}

# A step that may not outlive its time limit (a build that finishes but leaves a timer or a server
# open would otherwise sit there silently): within <seconds> <name> <command...>
within() {
  local seconds=$1 name=$2; shift 2
  timeout --kill-after=10 "$seconds" "$@"
  local code=$?
  if [ "$code" -eq 124 ] || [ "$code" -eq 137 ]; then
    printf 'test-all: step "%s" was still running after %s s and was stopped (%s)\n' "$name" "$seconds" "$*" >&2
  fi
  return "$code"
}

# Vitest with a JSON report, so the counts are exact; a crash with no report counts as one failure.
run_vitest() {
  local name=$1; shift
  local report="$WORK/$name.json"
  log "$name"
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$report"
  local code=$?
  if [ -s "$report" ]; then
    read -r p f s < <(node --import tsx scripts/test-report.ts vitest "$name" "$report" "$FAILURES")
    if [ "$code" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; echo "$name › (exit $code with no failed test in its report)" >> "$FAILURES"; fi
    add_counts "$name" "$p" "$f" "$s"
  else
    add_counts "$name" 0 1 0
    echo "$name › (no report: the run stopped before writing it)" >> "$FAILURES"
  fi
}

# --- what the tests need -------------------------------------------------------------------------
log "dependencies"
# Only when the installed modules were not installed from this very lock file (a hash of it is
# kept beside them; file times say nothing once a checkout or a cache copies files around);
# `npm install` then brings them in line in place, where `npm ci` would delete them all.
LOCK_HASH=$(sha256sum package-lock.json | cut -d' ' -f1)
LOCK_STAMP=node_modules/.installed-from-lock
if [ ! -d node_modules ] || [ "$(cat "$LOCK_STAMP" 2>/dev/null)" != "$LOCK_HASH" ]; then
  npm install --no-audit --no-fund || die "npm install failed"
  echo "$LOCK_HASH" > "$LOCK_STAMP"
fi
if ! command -v chromium >/dev/null 2>&1; then apt_install chromium; fi
CHROMIUM=$(command -v chromium) || die "chromium is missing"
echo "chromium: $($CHROMIUM --version 2>/dev/null)"

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  apt_install postgresql
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
# The first free loopback port from 54329 on (a developer may run another cluster there).
PG_PORT=${TEST_PG_PORT:-}
if [ -z "$PG_PORT" ]; then
  for candidate in $(seq 54329 54399); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then PG_PORT=$candidate; break; fi
  done
  [ -n "$PG_PORT" ] || die "no free port for PostgreSQL in 54329-54399"
fi
mkdir -p "$WORK/pg" && chown postgres "$WORK/pg" 2>/dev/null || true
as_postgres "$PG_BIN/initdb" -D "$WORK/pg" -U postgres -A trust --no-sync >/dev/null || die "initdb failed"
as_postgres "$PG_BIN/pg_ctl" -D "$WORK/pg" -w -l "$WORK/pg/server.log" \
  -o "-p $PG_PORT -k $WORK/pg -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" start >/dev/null \
  || { cat "$WORK/pg/server.log" >&2; die "PostgreSQL did not start"; }
export TEST_DATABASE_URL_PG="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
echo "postgresql: $("$PG_BIN/postgres" --version) on port $PG_PORT"

# Redis for the scale-out tests (shared request limits): a throwaway server on a free port.
if ! command -v redis-server >/dev/null 2>&1; then apt_install redis-server; fi
REDIS_PORT=""
for candidate in $(seq 56379 56449); do
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then REDIS_PORT=$candidate; break; fi
done
[ -n "$REDIS_PORT" ] || die "no free port for Redis in 56379-56449"
mkdir -p "$WORK/redis"
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
  --dir "$WORK/redis" --pidfile "$WORK/redis/redis.pid" --logfile "$WORK/redis/redis.log" >/dev/null \
  || die "Redis did not start"
export TEST_REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
echo "redis: $(redis-server --version | cut -d' ' -f3) on port $REDIS_PORT"

# --- the checks ----------------------------------------------------------------------------------
run_check lint npm run -s lint
run_check typecheck npm run -s typecheck
run_vitest unit --project unit --project web
run_vitest server-sqlite --project server
TEST_DATABASE_URL=$TEST_DATABASE_URL_PG run_vitest server-postgres --project server
# Real server processes under faults (PostgreSQL restarted, SMTP down, a process killed, fuzzing) on
# a throwaway cluster of their own; about 2½ minutes.
run_check faults within 600 faults npm run -s test:faults
# On this 2-core machine the build takes about a minute; a hang shows as a failed step.
run_check build within 300 build npm run -s build

log "e2e"
E2E_REPORT="$WORK/e2e.json"
PLAYWRIGHT_JSON_OUTPUT_NAME=$E2E_REPORT npx playwright test -c apps/web/playwright.config.ts --reporter=list,json
code=$?
if [ -s "$E2E_REPORT" ]; then
  read -r p f s < <(node --import tsx scripts/test-report.ts playwright e2e "$E2E_REPORT" "$FAILURES")
  if [ "$code" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; echo "e2e › (exit $code with no failed test in its report)" >> "$FAILURES"; fi
  add_counts e2e "$p" "$f" "$s"
else
  add_counts e2e 0 1 0
  echo "e2e › (no report: the run stopped before writing it)" >> "$FAILURES"
fi

echo
if [ ${#FAILED_STEPS[@]} -gt 0 ]; then
  echo "failed steps: ${FAILED_STEPS[*]}"
  echo "failed tests:"
  sed 's/^/  /' "$FAILURES"
fi
if [ "$SKIPPED" -gt 0 ]; then echo "$PASSED passed, $FAILED failed, $SKIPPED skipped"; else echo "$PASSED passed, $FAILED failed"; fi
[ "$FAILED" -eq 0 ]
