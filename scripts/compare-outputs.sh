#!/usr/bin/env bash
# Generates the same batches with two commits of TrackGen and compares every output array byte for
# byte (scripts/CompareNpz.java): one batch per built-in generator at its default config; then
# drives a Course through the same seeded script on both (scripts/CourseDump.java: steps, resets,
# masked regeneration; segment, SDF and no collision) and compares every array it produced.
#
#   scripts/compare-outputs.sh BASE [ENVS] [SEED]
#
# BASE is built in a temporary git worktree (removed afterwards), the working tree as it is;
# both with `mvn -o` (run once without -o if dependencies are missing). Exits 1 when any array
# of any generator differs.
set -euo pipefail
base="${1:?usage: scripts/compare-outputs.sh BASE [ENVS] [SEED]}"
envs="${2:-256}"
seed="${3:-0}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'git -C "$root" worktree remove --force "$work/base" > /dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$root" worktree add -q --detach "$work/base" "$base"
generators=(bezier hull polar voronoi checkpoint circuit repulsive)
for side in base head; do
  dir="$root"; [ "$side" = base ] && dir="$work/base"
  echo "building $side ($(git -C "$dir" rev-parse --short HEAD))..." >&2
  (cd "$dir" && mvn -B -o -q -pl distribution -am package -DskipTests > "$work/$side-build.log" 2>&1) \
    || { echo "build of $side failed: $work/$side-build.log" >&2; tail -20 "$work/$side-build.log" >&2; exit 2; }
  mkdir -p "$work/$side"
  for g in "${generators[@]}"; do
    n="$envs"; [ "$g" = repulsive ] && n=$(( envs < 64 ? envs : 64 ))
    (cd "$dir" && ./trackgen generate --generator "$g" --envs "$n" --seed "$seed" --threads 2 -q \
      --out "$work/$side/$g.npz" > /dev/null)
  done
  java -cp "$dir/distribution/target/trackgen/lib/*" "$root/scripts/CourseDump.java" "$work/$side/course" 64 \
    > "$work/$side/course.txt"
done
status=0
for g in "${generators[@]}"; do
  echo "$g:"
  java "$root/scripts/CompareNpz.java" "$work/base/$g.npz" "$work/head/$g.npz" || status=1
done
echo "course (step, reset, masked regeneration):"
for f in "$work/base/course"/*.bin; do
  name=$(basename "$f" .bin)
  if cmp -s "$f" "$work/head/course/$name.bin"; then
    echo "  same  $name ($(stat -c %s "$f") bytes)"
  else
    echo "  DIFF  $name: $(grep "^$name:" "$work/base/course.txt") vs $(grep "^$name:" "$work/head/course.txt")"
    status=1
  fi
done
echo "$([ $status = 0 ] && echo identical || echo DIFFERENT)"
exit $status
