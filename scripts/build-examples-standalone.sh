#!/usr/bin/env bash
# Builds copies of the example plugins outside the repository, as a plugin author's own project
# would be built: against the library installed in the local Maven repository, with no reactor
# parent. Run after `mvn -B install -DskipTests` in the checkout (.ci/run does both).
#
#   scripts/build-examples-standalone.sh [MAVEN ARGS...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for example in "$root"/examples/*/; do
  name="$(basename "$example")"
  mkdir -p "$work/$name"
  (cd "$example" && tar --exclude=./target -cf - .) | (cd "$work/$name" && tar -xf -)
  echo "== $name, a copy outside the repository ($work/$name)"
  (cd "$work/$name" && mvn -B "$@" verify)
  ls "$work/$name"/target/*.jar
done
