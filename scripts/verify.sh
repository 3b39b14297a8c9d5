#!/usr/bin/env bash
# The README's test command: installs what the tests need besides Java and Maven
# (scripts/provision-test-tools.sh), runs every test of the build, then the Python package's tests
# against the product the build made. Extra arguments go to Maven.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/provision-test-tools.sh
mvn -B -ntp verify "$@"
PYTHONPATH="$PWD/python" /usr/bin/python3 -m pytest -q python/tests
