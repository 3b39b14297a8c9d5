#!/usr/bin/env bash
# The README's test command: installs what the tests need besides Java and Maven
# (scripts/provision-test-tools.sh), then runs every test of the build. Extra arguments go to Maven.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/provision-test-tools.sh
exec mvn -B -ntp verify "$@"
