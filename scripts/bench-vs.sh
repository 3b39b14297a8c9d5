#!/usr/bin/env bash
# Benches a base commit against the current working tree in one run, one thread pinned to one
# processor, and prints the ratio base/current per case (above 1: the current tree is faster).
#
#   scripts/bench-vs.sh BASE_COMMIT
#
# Builds BASE_COMMIT in a temporary git worktree and the current tree (mvn package of the
# benchmarks module and what it needs; nothing is installed), then runs JMH's
# StageBenchmark.relax and GenerateBenchmark.generate (threads=1) for every capturable generator
# of the current tree at E = 512 and 4096, alternating base and current ROUNDS times per case so
# that both see the same machine load. Each figure is the median over rounds of JMH's mean.
#
# Environment: GENERATORS (comma list; default: every capturable generator), ENVS (default
# "512 4096"), BENCHES (default "StageBenchmark.relax GenerateBenchmark.generate"), ROUNDS
# (default 2), CPU (the processor to pin to; default 1, or 0 on a one-processor machine),
# JMH_OPTS (default "-wi 1 -w 2 -i 3 -r 2 -f 1"), KEEP=1 keeps the base worktree and the work
# folder (also kept, with build-*.log and jmh.log, whenever a build or a JMH run fails).
# Each run's JVMs get their own java.io.tmpdir under the work folder, so JMH's lock file
# (java.io.tmpdir/jmh.lock) and temporary files are per run: two bench-vs runs, or another
# JMH, do not stop each other (they do share the processors: pin them apart with CPU).
set -euo pipefail

base=${1:?usage: scripts/bench-vs.sh BASE_COMMIT}
root=$(git rev-parse --show-toplevel)
cd "$root"
base_sha=$(git rev-parse --verify "$base^{commit}")
ENVS=${ENVS:-"512 4096"}
BENCHES=${BENCHES:-"StageBenchmark.relax GenerateBenchmark.generate"}
ROUNDS=${ROUNDS:-2}
JMH_OPTS=${JMH_OPTS:-"-wi 1 -w 2 -i 3 -r 2 -f 1"}
if [ -z "${CPU:-}" ]; then
  CPU=$([ "$(nproc)" -gt 1 ] && echo 1 || echo 0)
fi
command -v taskset >/dev/null || { echo "bench-vs: taskset (util-linux) is needed to pin one processor" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-vs.XXXXXX")
mkdir -p "$work/tmp"
cleanup() {
  if [ "${KEEP:-0}" != 1 ] && [ ! -e "$work/keep" ]; then
    git worktree remove --force "$work/base" >/dev/null 2>&1 || true
    rm -rf "$work"
  fi
}
trap cleanup EXIT

echo "bench-vs: base $base_sha in $work/base, current $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' + uncommitted changes')"
git worktree add --detach "$work/base" "$base_sha" >/dev/null
mvn_build() { (cd "$1" && mvn -B -q ${MVN_OFFLINE:--o} package -DskipTests -pl benchmarks -am) >"$work/build-$2.log" 2>&1 \
  || { echo "bench-vs: the $2 build failed, see $work/build-$2.log" >&2; touch "$work/keep"; exit 1; }; }
mvn_build "$work/base" base
mvn_build "$root" current
cp "$work/base/benchmarks/target/benchmarks.jar" "$work/base.jar"
cp "$root/benchmarks/target/benchmarks.jar" "$work/current.jar"

GENERATORS=${GENERATORS:-$(java -Djava.io.tmpdir="$work/tmp" -cp "$work/current.jar" dev.trackgen.benchmarks.CapturableGenerators)}
echo "bench-vs: generators $GENERATORS; E = $ENVS; pinned to processor $CPU; $ROUNDS rounds; JMH $JMH_OPTS"

# one JMH run of one case; sets RESULT to the mean ms/op (no subshell, so a failure exits the
# script itself and the work folder is kept)
run_case() { # jar bench generator envs
  local csv="$work/r.csv"
  # shellcheck disable=SC2086
  taskset -c "$CPU" java -Djava.io.tmpdir="$work/tmp" -jar "$1" "$2\$" -p generator="$3" -p envs="$4" -p threads=1 \
    $JMH_OPTS -rf csv -rff "$csv" >"$work/jmh.log" 2>&1 \
    || { echo "bench-vs: JMH failed, see $work/jmh.log" >&2; touch "$work/keep"; exit 1; }
  RESULT=$(awk -F, 'NR == 2 { gsub(/"/, "", $5); print $5 }' "$csv")
  [ -n "$RESULT" ] || { echo "bench-vs: no result in $csv, see $work/jmh.log" >&2; touch "$work/keep"; exit 1; }
}
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '\n| %-10s | %-28s | %5s | %12s | %12s | %10s |\n' generator benchmark E "base ms/op" "new ms/op" "base/new"
printf '|%s|%s|%s|%s|%s|%s|\n' ------------ ------------------------------ ------- -------------- -------------- ------------
for g in ${GENERATORS//,/ }; do
  for e in $ENVS; do
    for b in $BENCHES; do
      a=""; c=""
      for ((k = 0; k < ROUNDS; k++)); do
        run_case "$work/base.jar" "$b" "$g" "$e"; a="$a $RESULT"
        run_case "$work/current.jar" "$b" "$g" "$e"; c="$c $RESULT"
      done
      ma=$(echo "$a" | median); mc=$(echo "$c" | median)
      printf '| %-10s | %-28s | %5s | %12.2f | %12.2f | %9.2fx |\n' "$g" "$b" "$e" "$ma" "$mc" \
        "$(awk -v a="$ma" -v c="$mc" 'BEGIN { print a / c }')"
    done
  done
done
