#!/usr/bin/env bash
# Flakiness has a test of its own: run the browser tier RUNS times in a row (default 3) while a CPU-bound
# load keeps every core busy, and report every failure with the step it failed at. A browser test that
# waits on the app (not on luck) passes under load too; one that fails here would fail CI some day.
#
#   bash scripts/stress-e2e.sh                 # 3 runs, one busy loop per core
#   RUNS=1 LOAD=4 bash scripts/stress-e2e.sh   # 1 run, four busy loops
#   bash scripts/stress-e2e.sh -k play         # extra arguments go to pytest
#
# Exits 0 only when every run passed. Reports and per-run JUnit files go to test-artifacts/stress/.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.venv/bin}
RUNS=${RUNS:-3}
LOAD=${LOAD:-$(nproc)}
OUT=test-artifacts/stress
mkdir -p "$OUT"
rm -f "$OUT"/run-*.xml

load_pids=()
stop_load() {
  for pid in "${load_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${load_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap stop_load EXIT
for _ in $(seq "$LOAD"); do
  python3 -c 'while True: pass' &  # a busy loop at normal priority: it competes for a core with the tests
  load_pids+=("$!")
done
echo "stress: $LOAD busy loops (pids ${load_pids[*]}) on $(nproc) cores; $RUNS runs of the browser tier"

failed_runs=0
for run in $(seq "$RUNS"); do
  echo "== run $run of $RUNS ($(uptime | sed 's/.*load average/load average/'))"
  SECONDS=0
  set +e
  "$BIN/python" -m pytest -m browser tests/e2e -q -p no:cacheprovider --junitxml="$OUT/run-$run.xml" "$@" \
    > "$OUT/run-$run.log" 2>&1
  status=$?
  set -e
  echo "   run $run: exit $status in $((SECONDS / 60)) min $((SECONDS % 60)) s ($(tail -n 1 "$OUT/run-$run.log"))"
  [ "$status" -eq 0 ] || failed_runs=$((failed_runs + 1))
done
stop_load

# Every failure of every run, with the step it names (the browser tests' failures start "step '...'").
"$BIN/python" - "$OUT" "$RUNS" <<'EOF' | tee "$OUT/report.txt"
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

out, runs = Path(sys.argv[1]), int(sys.argv[2])
total = 0
for run in range(1, runs + 1):
    path = out / f"run-{run}.xml"
    if not path.exists():
        print(f"run {run}: no report (pytest did not finish); see {out}/run-{run}.log")
        total += 1
        continue
    cases = ET.parse(path).getroot().iter("testcase")
    failures = [(case, problem) for case in cases for problem in case if problem.tag in ("failure", "error")]
    print(f"run {run}: {len(failures)} failure(s)")
    for case, problem in failures:
        message = problem.get("message") or (problem.text or "").strip().splitlines()[-1:]
        print(f"  {case.get('classname')}::{case.get('name')} ({problem.tag}): {str(message)[:600]}")
    total += len(failures)
print(f"stress: {total} failure(s) in {runs} run(s)")
EOF
[ "$failed_runs" -eq 0 ]
