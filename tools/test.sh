#!/usr/bin/env bash
# The whole test suite, on a fresh machine too: installs dependencies, builds,
# lints (module boundaries, types), starts the real infrastructure the tests
# need (each tools/<x>/<x>.sh installs its own packages), runs every Jest tier
# (unit, int, e2e), and stops whatever it started.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -x node_modules/.bin/jest ] || npm ci
bash tools/build/build.sh
bash tools/lint.sh

started=()
stop_started() {
  for name in "${started[@]}"; do bash "tools/$name/$name.sh" down || true; done
}
trap stop_started EXIT

infra_up() {
  local name=$1
  [ -f "tools/$name/$name.sh" ] || return 0
  bash "tools/$name/$name.sh" status >/dev/null 2>&1 || started+=("$name")
  echo "== starting test infrastructure: $name" >&2
  bash "tools/$name/$name.sh" up | tail -n 1
}

# Not in a $(...) subshell: infra_up records what it started, for the EXIT trap to stop.
infra_up kafka >/dev/null
VNFM_TEST_KAFKA_BROKERS=$(bash tools/kafka/kafka.sh status | tail -n 1 | sed 's/^KAFKA_BROKERS=//')
export VNFM_TEST_KAFKA_BROKERS
infra_up ssh-hosts >/dev/null
infra_up k8s >/dev/null
echo "== installing the Tacker CLI (python3-tackerclient) for the CLI e2e tests" >&2
bash tools/tacker-cli/install.sh >/dev/null

# One test file at a time, as on the 2-core machine the suite is sized for: the int and e2e
# files share the test infrastructure (SSH-host VMs they reset, the API server's default
# namespace, port 5000 of the registry VMs), so files must not run side by side on a bigger one.
npx jest --ci --maxWorkers=1 "$@"
