#!/usr/bin/env bash
# The test command behind `make test` (and so .ci/run): installs the system pieces the tests need when
# they are missing (Chromium for the browser tests, PostgreSQL for the store tests), starts a throwaway
# PostgreSQL on loopback, then runs lint, type checks and the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin

apt_install() {
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq >/dev/null && APT_UPDATED=1; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    echo "warning: cannot install $* (not root or no apt-get); dependent tests will skip" >&2
  fi
}

[ -x /usr/bin/chromium ] || apt_install chromium fonts-dejavu-core
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  apt_install postgresql
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi

# A throwaway PostgreSQL cluster on 127.0.0.1, removed at exit.
PGDATA_DIR=""
cleanup() {
  if [ -n "$PGDATA_DIR" ]; then
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$PGDATA_DIR"
  fi
}
trap cleanup EXIT
if [ -z "${SKAT_TRAINER_TEST_PG_URL:-}" ] && [ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ] && id postgres >/dev/null 2>&1; then
  PGDATA_DIR=$(mktemp -d /tmp/skat-pg.XXXXXX)
  chown postgres "$PGDATA_DIR"
  PG_PORT=${SKAT_TEST_PG_PORT:-55432}
  runuser -u postgres -- "$PG_BIN/initdb" -D "$PGDATA_DIR" -A trust -U postgres >/dev/null
  runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -w -l "$PGDATA_DIR/log" \
    -o "-p $PG_PORT -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off" start >/dev/null
  export SKAT_TRAINER_TEST_PG_URL="postgresql+psycopg://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "PostgreSQL for the store tests: $SKAT_TRAINER_TEST_PG_URL"
fi

echo "== ruff"
$BIN/ruff check trainer tests benchmarks streamlit_app.py
$BIN/ruff format --check trainer tests benchmarks streamlit_app.py
echo "== mypy"
$BIN/mypy
# pytest exit 5 = no tests collected: that is a failure of the suite, not a pass (so any non-zero fails).
if [ "$#" -gt 0 ]; then  # tests named on the command line: run just those, as given
  echo "== pytest $*"
  exec $BIN/python -m pytest "$@"
fi
# Everything but the browser tests on every core (pytest-xdist; each test has its own store), then the
# browser tests alone: they start app servers and Chromium and wait on the app, so they get the machine.
# Both always run; the script fails if either did.
set +e
echo "== pytest: everything but the browser tests (${TEST_WORKERS:-auto} workers)"
SECONDS=0
$BIN/python -m pytest -m "not browser" -n "${TEST_WORKERS:-auto}"
unit=$?
echo "   (${SECONDS} s)"
echo "== pytest: browser tests (Chromium)"
SECONDS=0
$BIN/python -m pytest -m browser tests/e2e
browser=$?
echo "   (${SECONDS} s)"
set -e
[ "$unit" -eq 0 ] && [ "$browser" -eq 0 ]
