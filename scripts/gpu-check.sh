#!/usr/bin/env bash
# The GPU check, for a session lent a GPU machine (see ../shared/GPU.md and docs/cuda.md).
# Prepare here first: scripts/prepare-gpu-carry.sh; then, with .gpu carried, run on that machine:
#
#   bash scripts/gpu-check.sh
#
# It unpacks the carried Java runtime, runs the gpu-tagged JUnit tests of runtime-cuda (per
# generator: capture versus eager, every kernel against its Java twin on the GPU, CPU vs CUDA
# yield and compactness at E = 4096, repulsive at 128; pointer stability over 100 replays,
# reseeding, RNG draws CPU vs CUDA) and the benchmark (warm ms per call at E = 4096 and 65536 per
# capturable generator, repulsive at E = 256, first-call capture time), and
# writes report.md, device.md (memory, per-kernel registers/shared/local memory, the shared-memory
# boundary batches), tests.txt, junit/, benchmark.md, largest.md (N_max 65536 in its own JVM) and
# nvidia-smi.txt under $OUT (default ./gpu-out).
# Exit status: 0 when every gpu test passed, 1 when some failed, 2 when it cannot run here.
set -uo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
carry="$root/.gpu"
out="${OUT:-$root/gpu-out}"
mkdir -p "$out"

if ! { ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1'; } && [ ! -e /dev/nvidiactl ]; then
  echo "gpu-check: no NVIDIA GPU or driver on this machine (libcuda.so.1 not found, no /dev/nvidiactl);" \
       "run it on a lent GPU machine" | tee "$out/report.md" >&2
  exit 2
fi
if [ ! -f "$carry/jre.tgz" ] || [ ! -d "$carry/lib" ]; then
  echo "gpu-check: $carry is missing or incomplete; run scripts/prepare-gpu-carry.sh first and carry .gpu" \
    | tee "$out/report.md" >&2
  exit 2
fi

work="$(mktemp -d)"
tar -C "$work" -xzf "$carry/jre.tgz"
java="$work/jre/bin/java"
cp="$(ls "$carry"/lib/*.jar | tr '\n' ':')"
export TMPDIR="$work"
# The driver's JIT cache (compute_75 PTX to the device's SASS, about 7 s of ptxas time for all
# modules): a writable folder beside the output, so the JIT is paid once per machine, not per JVM.
export CUDA_CACHE_PATH="${CUDA_CACHE_PATH:-$out/cuda-cache}"
export CUDA_CACHE_MAXSIZE="${CUDA_CACHE_MAXSIZE:-1073741824}"
mkdir -p "$CUDA_CACHE_PATH"

{
  echo "# GPU check"
  echo
  date -u
  (nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null || echo "nvidia-smi: n/a")
  echo "JIT cache: $CUDA_CACHE_PATH"
  "$java" -version 2>&1 | head -n 1
} > "$out/report.md"
nvidia-smi -q > "$out/nvidia-smi.txt" 2>&1 || true

echo "gpu-check: device report (memory, per-kernel registers/shared/local, shared-memory boundary batches)"
timeout 90 "$java" -Xmx8g -cp "$cp" dev.trackgen.runtime.cuda.GpuReport "$out/device.md" \
  > "$out/device.txt" 2>&1
device_rc=$?
cat "$out/device.txt"

echo "gpu-check: gpu-tagged tests"
"$java" -Xmx8g -Dtrackgen.cuda.syncEveryLaunch=true -jar "$carry/junit-console.jar" execute --class-path "$cp" \
  --select-package dev.trackgen.runtime.cuda --include-tag gpu --details=tree --disable-banner \
  --reports-dir "$out/junit" > "$out/tests.txt" 2>&1
tests_rc=$?
cat "$out/tests.txt"

echo "gpu-check: benchmark"
timeout 300 "$java" -Xmx16g -cp "$cp" dev.trackgen.runtime.cuda.GpuBenchmark "$out/benchmark.md" \
  > "$out/benchmark.txt" 2>&1
bench_rc=$?
cat "$out/benchmark.txt"

echo "gpu-check: largest N_max, in a JVM of its own"
timeout 90 "$java" -Xmx16g -cp "$cp" dev.trackgen.runtime.cuda.GpuReport "$out/largest.md" --largest \
  > "$out/largest.txt" 2>&1
largest_rc=$?
cat "$out/largest.txt"

{
  echo
  echo "## Device (exit $device_rc)"
  echo
  if [ -f "$out/device.md" ]; then cat "$out/device.md"; else tail -n 20 "$out/device.txt"; fi
  echo
  echo "## Largest N_max (exit $largest_rc)"
  echo
  if [ -f "$out/largest.md" ]; then cat "$out/largest.md"; else tail -n 20 "$out/largest.txt"; fi
  echo
  echo "## Tests (exit $tests_rc)"
  echo
  grep -E "tests (successful|failed|aborted|found)|yield|device:" "$out/tests.txt" | sed 's/^/    /'
  echo
  echo "## Benchmark (exit $bench_rc)"
  echo
  if [ -f "$out/benchmark.md" ]; then tail -n +3 "$out/benchmark.md"; else tail -n 20 "$out/benchmark.txt"; fi
} >> "$out/report.md"
cat "$out/report.md"
rm -rf "$work"
if [ $tests_rc -ne 0 ]; then
  exit 1
fi
exit 0
