#!/usr/bin/env bash
# Proves a release build is complete without uploading anything (.ci/run runs it; docs/release.md):
# on a copy of the committed tree it sets the release version, makes a throwaway gpg key, runs
#   mvn deploy -Prelease -DskipTests   into a file-system repository,
# then checks that every published module (every reactor module without maven.deploy.skip) has
# its pom, and, for a jar module, its jar, -sources.jar and -javadoc.jar, each with a valid .asc
# signature, and that each jar carries META-INF/LICENSE and NOTICE.
#
#   scripts/check-release.sh [VERSION]     (default: the project version without -SNAPSHOT)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git -C "$root" archive --format=tar HEAD | (mkdir -p "$work/src" && tar -x -C "$work/src")
cd "$work/src"
current="$(sed -n 's:^  <version>\(.*\)</version>:\1:p' pom.xml | head -n 1)"
version="${1:-${current%-SNAPSHOT}}"
echo "check-release: version $version (from $current), staging in $work/repo"
mvn -B -ntp -q org.codehaus.mojo:versions-maven-plugin:2.18.0:set -DnewVersion="$version" \
  -DgenerateBackupPoms=false -DprocessAllModules=true
export GNUPGHOME="$work/gnupg"
mkdir -m 700 "$GNUPGHOME"
gpg --batch --quiet --pinentry-mode loopback --passphrase '' \
  --quick-gen-key "TrackGen release check <release-check@trackgen.invalid>" ed25519 sign 1d
mvn -B -ntp -q deploy -Prelease -DskipTests -DaltDeploymentRepository="staging::file://$work/repo"

# the modules that must be published: every reactor module whose pom does not skip deploy
missing=0
checked=0
modules="$(sed -n 's:^ *<module>\(.*\)</module>:\1:p' pom.xml)"
for m in . $modules; do
  pom="$m/pom.xml"
  if grep -q '<maven.deploy.skip>true</maven.deploy.skip>' "$pom"; then
    continue
  fi
  artifact="$(sed -n '/<parent>/,/<\/parent>/d; s:^  <artifactId>\(.*\)</artifactId>:\1:p' "$pom" | head -n 1)"
  packaging="$(sed -n 's:^  <packaging>\(.*\)</packaging>:\1:p' "$pom" | head -n 1)"
  dir="$work/repo/dev/trackgen/$artifact/$version"
  files=("$artifact-$version.pom")
  if [[ "${packaging:-jar}" == jar ]]; then
    files+=("$artifact-$version.jar" "$artifact-$version-sources.jar" "$artifact-$version-javadoc.jar")
  fi
  for f in "${files[@]}"; do
    if [[ ! -f "$dir/$f" ]]; then
      echo "check-release: $artifact: $f is missing" >&2
      missing=$((missing + 1))
    elif [[ ! -f "$dir/$f.asc" ]] || ! gpg --batch --quiet --verify "$dir/$f.asc" "$dir/$f" 2> /dev/null; then
      echo "check-release: $artifact: $f has no valid signature" >&2
      missing=$((missing + 1))
    fi
  done
  if [[ "${packaging:-jar}" == jar ]]; then
    for entry in META-INF/LICENSE META-INF/NOTICE; do
      if ! unzip -l "$dir/$artifact-$version.jar" "$entry" > /dev/null 2>&1; then
        echo "check-release: $artifact: the jar has no $entry" >&2
        missing=$((missing + 1))
      fi
    done
  fi
  checked=$((checked + 1))
done
if [[ $missing -ne 0 ]]; then
  echo "check-release: $missing problems in $checked published modules" >&2
  exit 1
fi
echo "check-release: $checked published modules complete (pom, jar, sources, javadoc, signatures, LICENSE, NOTICE)"
