#!/usr/bin/env bash
# Distributed mode on one machine: each of the seven services as its own
# process, talking over Kafka. Requires VNFM_KAFKA_BROKERS (e.g. the test
# broker: `npm run kafka:up`). Each process keeps its embedded event store
# in $VNFM_DATA_DIR/<service>; set VNFM_EVENT_STORE=eventstoredb and
# VNFM_ESDB_URL to use EventStoreDB instead. Ctrl-C stops all of them.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${VNFM_KAFKA_BROKERS:?set VNFM_KAFKA_BROKERS=host:port[,host:port] (npm run kafka:up starts a local broker)}"
export VNFM_BUS=kafka
[ -f dist/services/gateway/src/main.js ] || bash tools/build/build.sh

pids=()
stop() {
  trap - INT TERM EXIT
  [ ${#pids[@]} -gt 0 ] && kill -TERM "${pids[@]}" 2>/dev/null || true
  wait || true
}
trap stop INT TERM EXIT

for service in vim-registry package-catalog lcm-coordinator openstack-driver kubernetes-driver mgmt-driver-runner gateway; do
  node "dist/services/$service/src/main.js" &
  pids+=($!)
done
# If any service dies, stop the rest: a partial deployment is not a deployment.
wait -n
echo "a service exited; stopping the others" >&2
exit 1
