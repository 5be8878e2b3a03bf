#!/usr/bin/env bash
# Soak run of the convergence simulator (Tests/OursSyncTests/Simulation): many seeds, in
# batches of `swift test` runs, then the figures for the README's "Reliability" section.
#
#   Scripts/soak.sh [SEEDS] [FIRST_SEED]     defaults: 10000 seeds from seed 1
#
# Environment: OURS_SOAK_BATCH (seeds per `swift test` run, default 1000; a crash loses one
# batch, not the soak), OURS_SOAK_JOBS (runs at once, default 1: each run already uses every
# core), OURS_SOAK_CONFIGURATION (release, the default, or debug as in CI).
# Exits non-zero when any seed fails; each failure is printed with its seed and shrunk trace.
set -euo pipefail
cd "$(dirname "$0")/.."

seeds=${1:-10000}
first=${2:-1}
batch=${OURS_SOAK_BATCH:-1000}
jobs=${OURS_SOAK_JOBS:-1}
configuration=${OURS_SOAK_CONFIGURATION:-release}
logs=$(mktemp -d "${TMPDIR:-/tmp}/ours-soak.XXXXXX")
start=$(date +%s)

# The tests import the engine with @testable, which an optimized build allows only when asked.
flags=(-c "$configuration")
if [ "$configuration" = release ]; then flags+=(-Xswiftc -enable-testing); fi

echo "Building the tests ($configuration)..."
swift build --build-tests "${flags[@]}" >"$logs/build.log" 2>&1 || { cat "$logs/build.log"; exit 1; }

run_batch() {
  local from=$1 count=$2
  local flags
  read -r -a flags <<<"$flags_text"
  if OURS_SIM_FIRST_SEED=$from OURS_SIM_SEEDS=$count swift test "${flags[@]}" --skip-build \
    --filter 'ConvergenceSimulationTests/randomSeeds' >"$logs/batch-$from.log" 2>&1; then
    echo "seeds $from…$((from + count - 1)): passed"
  else
    echo "seeds $from…$((from + count - 1)): FAILED (log: $logs/batch-$from.log)"
  fi
}
export -f run_batch
export logs
export flags_text="${flags[*]}"

batches=()
for ((offset = 0; offset < seeds; offset += batch)); do
  count=$((seeds - offset < batch ? seeds - offset : batch))
  batches+=("$((first + offset)) $count")
done
printf '%s\n' "${batches[@]}" | xargs -P "$jobs" -L 1 bash -c 'run_batch "$0" "$1"'

# Every batch prints one summary line per group of seeds it ran: key=value counts to add up.
totals=$(cat "$logs"/batch-*.log | awk '
  /^SIM-SUMMARY/ { for (i = 2; i <= NF; i++) { split($i, kv, "="); if (kv[1] != "failedSeeds") total[kv[1]] += kv[2] } }
  END { for (key in total) printf "%s=%d\n", key, total[key] }' | sort)
total() { echo "$totals" | awk -F= -v key="$1" '$1 == key { print $2 }' | grep . || echo 0; }
ran=$(total seeds)
operations=$(total operations)
devices=$(total devices)
writes=$(total writes)
failed=$(total failures)
missing=$((seeds - ran))
# The summary lines list the failing seeds: a report itself may be too long to read back.
failed_seeds=$(cat "$logs"/batch-*.log | grep -o 'failedSeeds=[0-9,]*' | cut -d= -f2 | tr ',' '\n' | grep . | sort -n | paste -sd, - || true)
elapsed=$(($(date +%s) - start))

echo
echo "Convergence simulator soak ($configuration, seeds $first…$((first + seeds - 1)), ${elapsed} s):"
echo "  seeds:       $ran"
echo "  operations:  $operations (about $((ran > 0 ? operations / ran : 0)) per seed)"
echo "  devices:     $devices device runs (2 to 5 per seed, about $(awk "BEGIN { printf \"%.1f\", $devices / ($ran > 0 ? $ran : 1) }") on average)"
echo "  writes checked: $writes (acknowledged by the app, and hand edits)"
echo "  what happened: $(echo "$totals" | grep -vE '^(seeds|operations|devices|writes|failures)=' | paste -sd ' ' -)"
echo "  failures:    $failed"
if [ "$missing" -gt 0 ]; then echo "  seeds that did not report (a batch crashed): $missing"; fi
if [ -n "$failed_seeds" ]; then
  echo "  failing seeds: $failed_seeds"
  echo "  full reports: ${TMPDIR:-/tmp}/ours-sim-<generator>-seed-<seed>.txt"
fi
echo "  logs: $logs"

if [ "$failed" -gt 0 ] || [ "$missing" -gt 0 ]; then exit 1; fi
