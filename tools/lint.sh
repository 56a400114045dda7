#!/usr/bin/env bash
# Lint: formatting (Prettier), ESLint (module boundaries included), the type
# check, exports used nowhere (knip) and import circles (madge).
# @nx/enforce-module-boundaries reads Nx's cached project graph and silently
# skips every check when there is none (a fresh clone), so build it first.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false
echo "== lint: formatting (prettier --check; fix with npx prettier --write .)" >&2
npx prettier --check --log-level warn .
echo "== lint: eslint (module boundaries, rules)" >&2
npx nx show projects >/dev/null
npx eslint .
echo "== lint: types" >&2
npx tsc -p tsconfig.json --noEmit
echo "== lint: exports used nowhere (knip; settings in knip.json)" >&2
npx knip --include exports,types,nsExports,nsTypes,duplicates --no-config-hints --no-progress
echo "== lint: import circles (madge)" >&2
npx madge --circular --no-spinner --extensions ts --ts-config tsconfig.json libs services tools e2e
