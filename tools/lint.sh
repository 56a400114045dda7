#!/usr/bin/env bash
# Lint: formatting (Prettier), ESLint (module boundaries included), the type
# check, exports used nowhere (knip) and import circles (madge). The checks
# are independent and run side by side; each one's output is printed when it
# ends, and lint fails when any of them fails.
# @nx/enforce-module-boundaries reads Nx's cached project graph and silently
# skips every check when there is none (a fresh clone), so it is built first.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false
npx nx show projects >/dev/null

# Each check keeps what it learnt about unchanged files in node_modules/.cache/vnfm-lint (a fresh install starts
# empty): Prettier and ESLint by each file's content and their settings, tsc by its build info. ESLint's module
# boundary rule also reads the project graph, so its cache is kept per graph: a changed graph starts a new one.
cache=node_modules/.cache/vnfm-lint
graph=$(node -e "const g = require('./.nx/workspace-data/project-graph.json');
const nodes = Object.values(g.nodes).map((n) => [n.name, n.data.root, n.data.tags, n.data.implicitDependencies]);
process.stdout.write(JSON.stringify([nodes, g.dependencies]));" | sha256sum | cut -c1-16)
mkdir -p "$cache/eslint-$graph"
find "$cache" -maxdepth 1 -name 'eslint-*' ! -name "eslint-$graph" -exec rm -rf {} +

# shellcheck source=lib/side-by-side.sh
source tools/lib/side-by-side.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
side_by_side "$out/prettier.log" "lint: formatting (prettier --check; fix with npx prettier --write .)" \
  npx prettier --check --log-level warn --cache --cache-strategy content --cache-location "$cache/prettier" .
side_by_side "$out/eslint.log" "lint: eslint (module boundaries, rules)" \
  npx eslint --cache --cache-strategy content --cache-location "$cache/eslint-$graph/" .
side_by_side "$out/tsc.log" "lint: types" \
  npx tsc -p tsconfig.json --noEmit --incremental --tsBuildInfoFile "$cache/tsc.tsbuildinfo"
side_by_side "$out/knip.log" "lint: exports used nowhere (knip; settings in knip.json)" \
  npx knip --include exports,types,nsExports,nsTypes,duplicates --no-config-hints --no-progress
side_by_side "$out/madge.log" "lint: import circles (madge)" \
  npx madge --circular --no-spinner --extensions ts --ts-config tsconfig.json libs services tools e2e
side_by_side_wait
