#!/usr/bin/env bash
# Installs the programs the test suite runs besides Java and Maven, where they are missing:
#   chromium, chromedriver  ExploreBrowserIT drives the explorer page in headless Chromium
#   assimp                  ObjAssimpTest imports every exported OBJ mesh in the Open Asset Import Library
#   node, npm               the export module's build installs the Khronos glTF validator from npm
#                           and GltfValidatorTest runs it on every exported glTF mesh
#   g++                     runtime-cuda's twin tests compile the CUDA C bodies for the host
#   libmujoco-dev           MujocoLoaderTest loads the exported hfield model with MuJoCo (mj_loadXML)
#   gpg, unzip              scripts/check-release.sh signs and inspects a release build
#   python3-jpype, -numpy,  the Python package's tests (python/tests), run by Debian's /usr/bin/python3
#   -pytest
# from Debian's packages (apt-get, as root or through passwordless sudo). Does nothing when all are there.
set -euo pipefail
declare -A need=([/usr/bin/chromium]=chromium [/usr/bin/chromedriver]=chromium-driver
                 [/usr/bin/assimp]=assimp-utils [/usr/include/mujoco/mujoco.h]=libmujoco-dev)
missing=()
for path in "${!need[@]}"; do
  [[ -e "$path" ]] || missing+=("${need[$path]}")
done
command -v node > /dev/null || missing+=(nodejs)
command -v npm > /dev/null || missing+=(npm)
command -v g++ > /dev/null || missing+=(g++)
command -v gpg > /dev/null || missing+=(gnupg)
command -v unzip > /dev/null || missing+=(unzip)
for module in jpype:python3-jpype numpy:python3-numpy pytest:python3-pytest; do
  /usr/bin/python3 -c "import ${module%%:*}" 2> /dev/null || missing+=("${module#*:}")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi
if [[ "$(id -u)" -eq 0 ]]; then
  as_root=(env)
elif sudo -n true 2> /dev/null; then
  as_root=(sudo -n env)
else
  echo "provision-test-tools: the tests need Debian packages that are missing: ${missing[*]};" \
       "install them (apt-get install -y ${missing[*]}) or run this script as root" >&2
  exit 1
fi
echo "provision-test-tools: installing ${missing[*]}" >&2
"${as_root[@]}" apt-get update -q
"${as_root[@]}" DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
