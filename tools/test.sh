#!/usr/bin/env bash
# The whole test suite, on a fresh machine too: installs dependencies, builds,
# lints, starts the real infrastructure the tests need (each tools/<x>/<x>.sh
# installs its own packages), runs the unit tests, then the int and e2e files
# in lanes side by side (e2e/support/lanes.ts, tools/test-lanes), prints each
# file's wall time, and stops whatever it started.
#
#   tools/test.sh                 everything (VNFM_TEST_LANES lanes, default 3)
#   tools/test.sh <jest args>     the infrastructure, then one Jest run with these arguments (lane 1)
set -euo pipefail
cd "$(dirname "$0")/.."

[ -x node_modules/.bin/jest ] || npm ci

LANES=${VNFM_TEST_LANES:-3}
RESULTS=${VNFM_TEST_RESULTS:-$PWD/dist/test-results}
# shellcheck source=lib/apt.sh
source tools/lib/apt.sh
# shellcheck source=lib/side-by-side.sh
source tools/lib/side-by-side.sh

started=()
stop_started() {
  local name
  for name in "${started[@]}"; do bash "tools/$name/$name.sh" down & done
  wait
}
trap stop_started EXIT

# The build, the lint and the unit tests need none of the infrastructure, and the infrastructure's start is mostly
# waiting (JVM, VMs, API server): they run side by side with it, each into its own log, printed when it ends.
rm -rf "$RESULTS"
mkdir -p "$RESULTS"
side_by_side "$RESULTS/build.log" build bash tools/build/build.sh
side_by_side "$RESULTS/lint.log" lint bash tools/lint.sh
(($# > 0)) || side_by_side "$RESULTS/unit.log" unit npx jest --ci --forceExit --maxWorkers=2 --selectProjects unit --json --outputFile="$RESULTS/unit.json"

infra_up() {
  local name=$1
  bash "tools/$name/$name.sh" status >/dev/null 2>&1 || started+=("$name")
  echo "== starting test infrastructure: $name" >&2
  # A start can fail on a machine busy with other work (a component slow to come up): stopped and tried once more.
  if ! bash "tools/$name/$name.sh" up | tail -n 1; then
    echo "== $name did not start; stopping it and starting it once more" >&2
    bash "tools/$name/$name.sh" down >&2 || true
    bash "tools/$name/$name.sh" up | tail -n 1
  fi
}

# Not in a $(...) subshell: infra_up records what it started, for the EXIT trap to stop.
infra_up kafka >/dev/null
VNFM_TEST_KAFKA_BROKERS=$(bash tools/kafka/kafka.sh status | tail -n 1 | sed 's/^KAFKA_BROKERS=//')
export VNFM_TEST_KAFKA_BROKERS
# PostgreSQL for the event store's PostgreSQL adapter (a schema or database per test).
infra_up postgres >/dev/null
VNFM_TEST_EVENT_STORE_URL=$(bash tools/postgres/postgres.sh status | tail -n 1 | sed 's/^VNFM_EVENT_STORE_URL=//')
export VNFM_TEST_EVENT_STORE_URL
# Each lane has its own 16 SSH-host VMs.
export SSH_VM_COUNT=$((16 * LANES))
infra_up ssh-hosts >/dev/null
infra_up k8s >/dev/null
# Nodes earlier runs left in the API server's state cost it CPU for as long as they exist (tools/k8s/k8s.sh, cmd_sweep).
bash tools/k8s/k8s.sh sweep
# The real Cluster API managers, run by capi-host while a test's management-cluster CNF holds their Deployments (tools/capi/README.md).
infra_up capi >/dev/null
# Helm 3, built once (the Helm CNF tests give it to the product as VNFM_HELM_BINARY).
infra_up helm >/dev/null
# The Tacker CLI (python3-tackerclient) behind its fork server: an e2e command costs no interpreter start-up.
infra_up tacker-cli >/dev/null
VNFM_TEST_TACKER_CLI_SOCKET=$(bash tools/tacker-cli/tacker-cli.sh status | tail -n 1 | sed 's/.*TACKER_CLI_SOCKET=//')
export VNFM_TEST_TACKER_CLI_SOCKET
echo "== test tools: zip, the test kubespray's link to Kubernetes, the VMs' Docker and containerd (crictl built once)" >&2
apt_ensure zip
bash tools/ansible/link-k8s.sh >/dev/null
bash tools/docker/docker-vms.sh install

status=0
side_by_side_wait || status=1
# Without a build the int and e2e files have nothing to run; failed lint or unit tests still let them run, for the whole picture.
[[ " ${SIDE_BY_SIDE_FAILED[*]} " != *" build "* ]] || exit 1
if (($# > 0)); then
  npx jest --ci --maxWorkers=1 "$@" || status=1
  exit "$status"
fi

# --forceExit: a handle a test leaves open must not keep a lane, and so the run, from ending (Jest says it forced the exit).
echo "== int and e2e tests in $LANES lanes" >&2
node dist/tools/test-lanes/src/main.js --lanes "$LANES" --durations tools/test-lanes/durations.json --out "$RESULTS"
pids=()
for ((lane = 1; lane <= LANES; lane++)); do
  mapfile -t files <"$RESULTS/lane-$lane.txt"
  ((${#files[@]} > 0)) || continue
  (
    set -o pipefail
    VNFM_TEST_LANE=$lane npx jest --ci --forceExit --maxWorkers=1 --json --outputFile="$RESULTS/lane-$lane.json" --runTestsByPath "${files[@]}" 2>&1 |
      sed -u "s/^/[lane $lane] /"
  ) &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || status=1; done

echo "== wall time per file (slowest first)" >&2
node dist/tools/test-times/src/main.js "$RESULTS"/unit.json "$RESULTS"/lane-*.json --durations "$RESULTS/durations.json" || true
exit "$status"
