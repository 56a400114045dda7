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

# shellcheck source=lib/side-by-side.sh
source tools/lib/side-by-side.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
side_by_side "$out/prettier.log" "lint: formatting (prettier --check; fix with npx prettier --write .)" \
  npx prettier --check --log-level warn .
side_by_side "$out/eslint.log" "lint: eslint (module boundaries, rules)" npx eslint .
side_by_side "$out/tsc.log" "lint: types" npx tsc -p tsconfig.json --noEmit
side_by_side "$out/knip.log" "lint: exports used nowhere (knip; settings in knip.json)" \
  npx knip --include exports,types,nsExports,nsTypes,duplicates --no-config-hints --no-progress
side_by_side "$out/madge.log" "lint: import circles (madge)" \
  npx madge --circular --no-spinner --extensions ts --ts-config tsconfig.json libs services tools e2e
side_by_side_wait
