#!/usr/bin/env bash
# Counts repeated code in the main sources of one commit, the way issue 34 measures it: the
# `duplicates` tool (six or more shared lines, same text or same shape) over every */src/main
# tree, Java files and CUDA files read as two separate trees so that a Java body and its CUDA C
# twin (kept twins by design) never pair up.
#
#   scripts/count-duplicates.sh [COMMIT] [--list]     (default HEAD; --list prints the pairs too)
set -euo pipefail
commit=${1:-HEAD}
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/java" "$work/cuda"
git -C "$root" archive "$commit" | tar -x -C "$work/java" --wildcards '*/src/main/*'
cp -r "$work/java/." "$work/cuda/"
find "$work/java" -type f ! -name '*.java' -delete
find "$work/cuda" -type f ! -name '*.cu' ! -name '*.cuh' ! -name '*.h' -delete
most=1
[[ "${2:-}" == --list ]] && most=200
java=$(duplicates --repo "$work/java" --most "$most" --seconds 300)
cuda=$(duplicates --repo "$work/cuda" --most "$most" --seconds 300)
jn=$(head -1 <<<"$java" | grep -o '^[0-9]*' || echo 0)
cn=$(head -1 <<<"$cuda" | grep -o '^[0-9]*' || echo 0)
if [[ "$most" != 1 ]]; then printf '%s\n%s\n' "$java" "$cuda"; fi
echo "commit $(git -C "$root" rev-parse --short "$commit"): Java pairs $jn, CUDA pairs $cn, total $((jn + cn))"
