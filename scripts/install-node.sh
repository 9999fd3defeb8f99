#!/usr/bin/env bash
# Puts Node 24 LTS (the version .nvmrc and package.json engines name) in .node/ of the
# project, from the npm registry's node-linux-<arch> package, when the machine's Node is older. Prints the folder
# to put first on PATH (nothing when the machine's Node will do). Used by .ci/run; `npm install` on an older Node
# stops at once naming this script (package.json engines, .npmrc engine-strict). Run by a person in a terminal, it
# also says the line that puts that Node first on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
NODE_VERSION=24.21.0
current=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
[ "$current" -ge 24 ] && exit 0
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *) echo "no Node package for $(uname -m)" >&2; exit 1 ;;
esac
if [ ! -x .node/bin/node ] || [ "$(.node/bin/node -v)" != "v$NODE_VERSION" ]; then
  rm -rf .node && mkdir -p .node
  (cd .node && npm pack --silent "node-linux-$arch@$NODE_VERSION" > /dev/null && tar xzf "node-linux-$arch-$NODE_VERSION.tgz" --strip-components=1 && rm "node-linux-$arch-$NODE_VERSION.tgz")
fi
echo "$PWD/.node/bin"
[ -t 1 ] && echo "Node $NODE_VERSION is in .node/bin. Put it first on PATH, then install again: export PATH=\"$PWD/.node/bin:\$PATH\" && npm install" >&2
exit 0
