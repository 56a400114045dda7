#!/usr/bin/env bash
# Lint: ESLint (module boundaries included) and the type check.
# @nx/enforce-module-boundaries reads Nx's cached project graph and silently
# skips every check when there is none (a fresh clone), so build it first.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false
npx nx show projects >/dev/null
npx eslint .
npx tsc -p tsconfig.json --noEmit
