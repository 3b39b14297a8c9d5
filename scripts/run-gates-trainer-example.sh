#!/usr/bin/env bash
# Runs the example trainer loop (examples/trainer, GatesTrainerLoop): E gate courses in the Course's gates mode, scripted
# drones flying the course line, episodes that end on a gate miss, a frame hit or a lap, masked regeneration
# of the finished envs every step. Builds it first when its jar is missing (or TRACKGEN_REBUILD=1).
#   scripts/run-gates-trainer-example.sh [--envs 512] [--steps 1500] [--generator NAME] [--picture F.png]
#   scripts/run-gates-trainer-example.sh --help
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$root/examples/trainer/target/trainer.jar"
if [[ "${TRACKGEN_REBUILD:-0}" == "1" || ! -f "$jar" ]]; then
  echo "building the example trainer (first run)..." >&2
  log="$(mktemp)"
  if ! (cd "$root" && mvn -B -q -pl examples/trainer -am package -DskipTests) > "$log" 2>&1; then
    cat "$log" >&2
    echo "run-gates-trainer-example: the build failed (output above)" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
fi
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
# The Vector API module speeds up the relaxation of regenerated tracks once the JIT has compiled
# it, which a training loop does (same results without it; TRACKGEN_VECTOR=0 leaves it out); its
# start-up warning line is dropped.
vector=()
if [[ "${TRACKGEN_VECTOR:-1}" != "0" && "$("$java" --list-modules 2> /dev/null || true)" == *jdk.incubator.vector@* ]]; then
  vector=(--add-modules jdk.incubator.vector)
fi
# shellcheck disable=SC2086  # JAVA_OPTS is a list of options
exec "$java" ${JAVA_OPTS:-} "${vector[@]}" -cp "$jar" dev.trackgen.examples.trainer.GatesTrainerLoop "$@" \
  2> >(grep -v -x 'WARNING: Using incubator modules: jdk.incubator.vector' >&2)
