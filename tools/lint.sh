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

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
names=()
pids=()
check() {
  local name=$1
  shift
  names+=("$name")
  ("$@" >"$out/${#names[@]}.log" 2>&1) &
  pids+=($!)
}
check "formatting (prettier --check; fix with npx prettier --write .)" npx prettier --check --log-level warn .
check "eslint (module boundaries, rules)" npx eslint .
check "types" npx tsc -p tsconfig.json --noEmit
check "exports used nowhere (knip; settings in knip.json)" \
  npx knip --include exports,types,nsExports,nsTypes,duplicates --no-config-hints --no-progress
check "import circles (madge)" \
  npx madge --circular --no-spinner --extensions ts --ts-config tsconfig.json libs services tools e2e

status=0
for i in "${!pids[@]}"; do
  if wait "${pids[$i]}"; then
    echo "== lint: ${names[$i]}: passed" >&2
  else
    status=1
    echo "== lint: ${names[$i]}: FAILED" >&2
    cat "$out/$((i + 1)).log" >&2
  fi
done
exit "$status"
