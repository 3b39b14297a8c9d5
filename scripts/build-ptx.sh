#!/usr/bin/env bash
# Compiles every top-level *.cu file of a CUDA source folder to PTX for the oldest virtual
# architecture nvcc supports (compute_75 with nvcc 13), with the float settings that keep CUDA
# arithmetic equal to Java's: no FMA contraction, IEEE division and square root, denormals kept.
#
#   scripts/build-ptx.sh <source dir> <output dir> [include dir]...
#
# <source dir>/NAME.cu becomes <output dir>/NAME.ptx (a kernel's cudaModule() names
# trackgen-ptx/NAME.ptx). Skips cleanly, with a one-line note, when the folder has no .cu file,
# when nvcc is not on the PATH (nor in $CUDA_HOME/bin), or when TRACKGEN_SKIP_NVCC=1: the build
# then packages no PTX and the CUDA runtime refuses with "built without kernels".
# A PTX newer than its source and every header is not rebuilt.
set -euo pipefail
src="${1:?source dir}"
out="${2:?output dir}"
shift 2
arch="${TRACKGEN_CUDA_ARCH:-compute_75}"

shopt -s nullglob
sources=("$src"/*.cu)
if [ ${#sources[@]} -eq 0 ]; then
  exit 0
fi
if [ "${TRACKGEN_SKIP_NVCC:-0}" = "1" ]; then
  echo "build-ptx: TRACKGEN_SKIP_NVCC=1, building $src without CUDA kernels"
  exit 0
fi
nvcc="$(command -v nvcc || true)"
if [ -z "$nvcc" ] && [ -n "${CUDA_HOME:-}" ] && [ -x "$CUDA_HOME/bin/nvcc" ]; then
  nvcc="$CUDA_HOME/bin/nvcc"
fi
if [ -z "$nvcc" ]; then
  echo "build-ptx: nvcc not found, building $src without CUDA kernels (no PTX packaged)"
  exit 0
fi

includes=(-I "$src")
headers=("$src"/*.cuh "$src"/*.h)
for dir in "$@"; do
  includes+=(-I "$dir")
  headers+=("$dir"/*.cuh "$dir"/*.h)
done
mkdir -p "$out"
for cu in "${sources[@]}"; do
  name="$(basename "$cu" .cu)"
  ptx="$out/$name.ptx"
  fresh=1
  if [ ! -f "$ptx" ] || [ "$cu" -nt "$ptx" ]; then
    fresh=0
  else
    for h in "${headers[@]}"; do
      if [ "$h" -nt "$ptx" ]; then fresh=0; fi
    done
  fi
  if [ "$fresh" = 1 ]; then
    continue
  fi
  echo "build-ptx: $cu -> $ptx ($arch)"
  "$nvcc" -ptx -arch="$arch" -std=c++17 -fmad=false -prec-div=true -prec-sqrt=true -ftz=false \
    -Werror all-warnings "${includes[@]}" -o "$ptx.tmp" "$cu"
  mv "$ptx.tmp" "$ptx"
done
