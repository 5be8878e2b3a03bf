#!/usr/bin/env bash
# Builds `ours` as the previous version (the commit named in Scripts/previous-version) into
# .build-previous/, so end-to-end tests can run households across versions: made by the
# previous build and used by this one, and both devices syncing side by side.
# Prints the binary's path. Needs the commit in this clone's history (a full clone).
set -euo pipefail
cd "$(dirname "$0")/.."
commit=$(tr -d '[:space:]' < Scripts/previous-version)
out=.build-previous
bin="$out/bin/ours"
if [ -x "$bin" ] && [ "$(cat "$out/commit" 2>/dev/null)" = "$commit" ]; then
  echo "$PWD/$bin"
  exit 0
fi
if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
  echo "build-previous: commit $commit is not in this clone's history (a shallow clone?)" >&2
  exit 1
fi
rm -rf "$out"
mkdir -p "$out/src" "$out/bin"
git archive "$commit" | tar -x -C "$out/src"
swift build --package-path "$out/src" --scratch-path "$out/build" --product ours >&2
cp "$(swift build --package-path "$out/src" --scratch-path "$out/build" --show-bin-path)/ours" "$bin"
echo "$commit" > "$out/commit"
echo "$PWD/$bin"
