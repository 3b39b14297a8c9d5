#!/usr/bin/env bash
# Prepares the ignored .gpu/ folder that a lent GPU machine needs (it has no Java and no package
# registry; see ../shared/GPU.md): a jlink'd Java 17 runtime (.tgz), the project's jars built here
# with their PTX (nvcc must be on the PATH), runtime-cuda's test classes, JCuda (driver binding
# only) and the JUnit console launcher. Then run, on the GPU machine, with .gpu carried:
#
#   bash scripts/gpu-check.sh          (writes its report under $OUT)
#
# Usage: scripts/prepare-gpu-carry.sh [--skip-build]   (stays well under the 64 MiB carry limit)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
carry="$root/.gpu"
jcuda_version=12.0.0
junit_console_version=1.14.1
m2="${MAVEN_REPO:-$HOME/.m2/repository}"

if [ "${1:-}" != "--skip-build" ]; then
  if ! command -v nvcc >/dev/null 2>&1; then
    echo "prepare-gpu-carry: nvcc is not on the PATH; the jars would carry no kernels" >&2
    exit 2
  fi
  echo "prepare-gpu-carry: building the jars (tests skipped here; they ran in mvn verify)"
  mvn -B -q -pl runtime-cuda -am -DskipTests package
fi
for m in api generators pipeline; do
  if [ "$(unzip -Z1 "$m/target/trackgen-$m-0.1.0-SNAPSHOT.jar" | grep -c "^trackgen-ptx/$m.ptx$")" != 1 ]; then
    echo "prepare-gpu-carry: $m's jar has no trackgen-ptx/$m.ptx (was nvcc on the PATH?)" >&2
    exit 2
  fi
done
if [ "$(unzip -Z1 "course/target/trackgen-course-0.1.0-SNAPSHOT.jar" | grep -c "^trackgen-ptx/course_collision.ptx$")" != 1 ]; then
  echo "prepare-gpu-carry: course's jar has no trackgen-ptx/course_collision.ptx (was nvcc on the PATH?)" >&2
  exit 2
fi
if [ ! -f "runtime-cuda/target/test-classes/trackgen-ptx/toolkit_test.ptx" ]; then
  echo "prepare-gpu-carry: runtime-cuda's test classes are missing; build without --skip-build" >&2
  exit 2
fi

rm -rf "$carry"
mkdir -p "$carry/lib"
for m in api registry runtime-cpu generators pipeline course runtime-cuda; do
  cp "$m/target/trackgen-$m-0.1.0-SNAPSHOT.jar" "$carry/lib/"
done
jar --create --file "$carry/lib/trackgen-runtime-cuda-tests.jar" -C runtime-cuda/target/test-classes .
cp "$m2/org/jcuda/jcuda/$jcuda_version/jcuda-$jcuda_version.jar" "$carry/lib/"

# JCuda's natives jar holds every JCuda library (26 MB); the runtime needs the driver binding only
natives="$m2/org/jcuda/jcuda-natives/$jcuda_version/jcuda-natives-$jcuda_version-linux-x86_64.jar"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && unzip -q "$natives" "lib/libJCudaDriver-$jcuda_version-linux-x86_64.so" \
  && jar --create --file "$carry/lib/jcuda-natives-$jcuda_version-linux-x86_64.jar" lib)

console="$m2/org/junit/platform/junit-platform-console-standalone/$junit_console_version/junit-platform-console-standalone-$junit_console_version.jar"
if [ ! -f "$console" ]; then
  mvn -B -q dependency:get -Dartifact="org.junit.platform:junit-platform-console-standalone:$junit_console_version" \
    -Dtransitive=false
fi
cp "$console" "$carry/junit-console.jar"

echo "prepare-gpu-carry: jlink'ing a Java runtime"
jlink --add-modules java.base,java.logging,java.sql,java.management,jdk.unsupported,jdk.zipfs \
  --strip-debug --no-header-files --no-man-pages --compress=2 --output "$tmp/jre"
tar -C "$tmp" -czf "$carry/jre.tgz" jre

size=$(du -sm "$carry" | cut -f1)
echo "prepare-gpu-carry: .gpu/ is ${size} MiB:"
ls -la "$carry" "$carry/lib"
if [ "$size" -ge 60 ]; then
  echo "prepare-gpu-carry: .gpu/ is too big for the 64 MiB carry" >&2
  exit 2
fi
