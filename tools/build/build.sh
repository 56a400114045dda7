#!/usr/bin/env bash
# Compiles the workspace into dist/ and makes each workspace package
# resolvable from the compiled code: dist/node_modules/@vnfm/<pkg> points at
# the package's compiled entry, so `require('@vnfm/platform')` in dist/ finds
# dist/libs/platform/src/index.js before the source symlinks in node_modules/.
set -euo pipefail
cd "$(dirname "$0")/../.."
npx tsc -p tsconfig.build.json
# Data shipped inside libs (e.g. the bundled ETSI SOL001 type definitions) goes beside the compiled code.
find libs services -path '*/src/*' \( -name '*.yaml' -o -name '*.yml' \) -not -path '*/testing/*' -exec cp --parents {} dist/ \;
for pkg in libs/* services/*; do
  [ -f "$pkg/package.json" ] || continue
  name=$(node -p "require('./$pkg/package.json').name")
  entry=$([ -f "$pkg/src/index.ts" ] && echo index.js || echo main.js)
  mkdir -p "dist/node_modules/$name"
  printf '{ "name": "%s", "main": "../../../%s/src/%s" }\n' "$name" "$pkg" "$entry" > "dist/node_modules/$name/package.json"
  # `@vnfm/<lib>/testing` (test support, used by the benchmarks) resolves the same way.
  if [ -f "$pkg/src/testing.ts" ]; then
    printf "module.exports = require('../../../%s/src/testing.js');\n" "$pkg" > "dist/node_modules/$name/testing.js"
  fi
done
