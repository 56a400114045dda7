#!/usr/bin/env bash
# Distributed mode on one machine: each of the seven services as its own
# process (or several: `tools/run-distributed.sh 2` runs two replicas of
# each), talking over Kafka. Requires VNFM_KAFKA_BROKERS (e.g. the test
# broker: `npm run kafka:up`). With one replica each process keeps its
# embedded event store in $VNFM_DATA_DIR/<service>; replicas need a shared
# store: VNFM_EVENT_STORE=postgres and VNFM_EVENT_STORE_URL (e.g. the test
# cluster: `npm run postgres:up`). Replica n > 1 of the gateway listens on
# VNFM_PORT + n - 1. Ctrl-C stops all of them.
set -euo pipefail
cd "$(dirname "$0")/.."
replicas=${1:-1}
[[ $replicas =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [replicas]" >&2; exit 2; }
: "${VNFM_KAFKA_BROKERS:?set VNFM_KAFKA_BROKERS=host:port[,host:port] (npm run kafka:up starts a local broker)}"
if ((replicas > 1)) && [[ ${VNFM_EVENT_STORE:-embedded} != postgres ]]; then
  echo "replicas share their state: set VNFM_EVENT_STORE=postgres and VNFM_EVENT_STORE_URL (npm run postgres:up starts one)" >&2
  exit 2
fi
export VNFM_BUS=kafka
[ -f dist/services/gateway/src/main.js ] || bash tools/build/build.sh

pids=()
stop() {
  trap - INT TERM EXIT
  [ ${#pids[@]} -gt 0 ] && kill -TERM "${pids[@]}" 2>/dev/null || true
  wait || true
}
trap stop INT TERM EXIT

port=${VNFM_PORT:-9890}
for ((replica = 0; replica < replicas; replica++)); do
  for service in vim-registry package-catalog lcm-coordinator openstack-driver kubernetes-driver mgmt-driver-runner gateway; do
    VNFM_PORT=$((port + replica)) node "dist/services/$service/src/main.js" &
    pids+=($!)
  done
done
# With one replica, a dead service stops the rest: a partial deployment is not a deployment. With replicas, the others
# take its work over (docs/architecture.md, "Replicas") and run on until Ctrl-C.
if ((replicas > 1)); then
  wait
  exit 0
fi
wait -n
echo "a service exited; stopping the others" >&2
exit 1
