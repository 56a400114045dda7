#!/usr/bin/env bash
# Single-node Apache Kafka (KRaft, combined broker+controller) on 127.0.0.1
# for tests, run from jars pinned in pom.xml next to this script.
#
#   kafka.sh up               start (idempotent); last stdout line: KAFKA_BROKERS=...
#   kafka.sh down [--purge]   stop; --purge also deletes the data dir
#   kafka.sh status           exit 0 + env if running and healthy, else exit 1
#   kafka.sh env              print KAFKA_BROKERS=...
#   kafka.sh run-class CLASS [ARGS...]   run a Kafka main class from the same jars
#
# Progress goes to stderr; stdout carries only the KAFKA_BROKERS line (or the
# output of run-class).
set -euo pipefail
# shellcheck source=../lib/no-inherited-fds.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/no-inherited-fds.sh"

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
POM="$SCRIPT_DIR/pom.xml"

STATE_DIR="${VNFM_INFRA_HOME:-$HOME/.cache/vnfm-infra}/kafka"
DATA_DIR="$STATE_DIR/data"
LIB_ROOT="$STATE_DIR/lib"
PID_FILE="$STATE_DIR/kafka.pid"
PORT_FILE="$STATE_DIR/kafka.port"
RUNNING_LIB_FILE="$STATE_DIR/kafka.lib"
LOG_FILE="$STATE_DIR/kafka.log"
CLUSTER_ID_FILE="$STATE_DIR/cluster-id"
SERVER_PROPS="$STATE_DIR/server.properties"
CLIENT_PROPS="$STATE_DIR/client.properties"
LOCK_FILE="$STATE_DIR/.lock"

KAFKA_HOST=127.0.0.1
KAFKA_PORT="${KAFKA_PORT:-19092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-19093}"
# A listener for the product's containers (tools/image): on every address, advertised as the gateway of the Docker
# network the container tests make (VNFM_CONTAINER_SUBNET, default 172.31.250.0/24, gateway .1), which is the
# machine's own address on that network; clients on 127.0.0.1 keep PLAINTEXT.
KAFKA_CONTAINER_PORT="${KAFKA_CONTAINER_PORT:-19094}"
KAFKA_CONTAINER_HOST="${KAFKA_CONTAINER_HOST:-172.31.250.1}"
KAFKA_START_TIMEOUT="${KAFKA_START_TIMEOUT:-90}"
KAFKA_STOP_TIMEOUT="${KAFKA_STOP_TIMEOUT:-30}"
KAFKA_HEAP_OPTS="${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m}"
KAFKA_OPTS="${KAFKA_OPTS:-}"

KAFKA_VERSION=$(sed -n 's:.*<kafka\.version>\([^<]*\)</kafka\.version>.*:\1:p' "$POM")
[[ -n $KAFKA_VERSION ]] || { echo "kafka: cannot read kafka.version from $POM" >&2; exit 1; }
# Keyed by version plus a pom hash so that any dependency change refetches.
LIB_DIR="$LIB_ROOT/$KAFKA_VERSION-$(sha256sum "$POM" | cut -c1-12)"

# Short-lived CLI JVMs: optimise for start-up time, not throughput.
TOOL_JVM_OPTS=(-Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true
  "-Dlog4j2.configurationFile=$SCRIPT_DIR/log4j2-tools.properties")

log() { printf 'kafka: %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}

# ---------------------------------------------------------------- prerequisites

# shellcheck source=../lib/apt.sh
source "$SCRIPT_DIR/../lib/apt.sh"
apt_install() { apt_ensure "$@" || die "install Java 17+ and Maven"; }

ensure_java() {
  local pkgs=()
  command -v java >/dev/null 2>&1 || pkgs+=(openjdk-17-jre-headless)
  # Maven is only needed to fetch jars; install both in one go on a bare box.
  if [[ ! -f $LIB_DIR/.complete ]] && ! command -v mvn >/dev/null 2>&1; then
    pkgs+=(maven)
  fi
  ((${#pkgs[@]} == 0)) || apt_install "${pkgs[@]}"

  local spec
  spec=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')
  # "1.8" -> 1, "17" -> 17, "21" -> 21
  if [[ ! $spec =~ ^[0-9]+ ]] || ((${spec%%.*} < 17)); then
    die "Kafka $KAFKA_VERSION needs Java 17+, found java.specification.version=${spec:-?}"
  fi
}

fetch_jars() {
  [[ -f $LIB_DIR/.complete ]] && return 0
  command -v mvn >/dev/null 2>&1 || apt_install maven
  log "fetching Kafka $KAFKA_VERSION jars with Maven into $LIB_DIR"
  local tmp="$LIB_DIR.tmp.$$"
  rm -rf "$tmp"
  local out
  if ! out=$(mvn -q -B -f "$POM" dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$tmp" 2>&1); then
    printf '%s\n' "$out" >&2
    rm -rf "$tmp"
    die "mvn dependency:copy-dependencies failed"
  fi
  rm -rf "$LIB_DIR"
  mv "$tmp" "$LIB_DIR"
  touch "$LIB_DIR/.complete"
}

prune_old_jars() {
  local d
  for d in "$LIB_ROOT"/*; do
    [[ -e $d && $d != "$LIB_DIR" ]] || continue
    log "removing stale jar cache $d"
    rm -rf "$d"
  done
}

# ---------------------------------------------------------------- state helpers

take_lock() {
  mkdir -p "$STATE_DIR"
  exec 9>"$LOCK_FILE"
  flock -w 180 9 || die "timed out waiting for $LOCK_FILE"
}

release_lock() { exec 9>&-; }

# Prints the broker pid (== its process group id) if our broker is running.
broker_pid() {
  local pid=""
  [[ -f $PID_FILE ]] && pid=$(<"$PID_FILE")
  if [[ ! $pid =~ ^[0-9]+$ ]] || ! kill -0 "$pid" 2>/dev/null; then
    # Pid file lost or stale: still find a broker started with our config.
    pid=$(pgrep -o -f "kafka\.Kafka $SERVER_PROPS\$" 2>/dev/null || true)
    [[ -n $pid ]] || return 1
  fi
  # Guard against pid reuse: the process must be a broker using our config.
  tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | grep -qF "kafka.Kafka $SERVER_PROPS" || return 1
  echo "$pid"
}

running_port() {
  if [[ -s $PORT_FILE ]]; then cat "$PORT_FILE"; else echo "$KAFKA_PORT"; fi
}

# Jars of the running broker (health checks must not depend on a newer cache).
running_lib() {
  local lib=""
  [[ -s $RUNNING_LIB_FILE ]] && lib=$(<"$RUNNING_LIB_FILE")
  if [[ -n $lib && -f $lib/.complete ]]; then echo "$lib"; else echo "$LIB_DIR"; fi
}

port_open() { (exec 3<>"/dev/tcp/$KAFKA_HOST/$1") 2>/dev/null; }

print_env() { printf 'KAFKA_BROKERS=%s:%s\n' "$KAFKA_HOST" "$1"; }

write_configs() {
  mkdir -p "$STATE_DIR" "$DATA_DIR"
  cat >"$SERVER_PROPS" <<EOF
# Generated by tools/kafka/kafka.sh on every start; edits are overwritten.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$KAFKA_HOST:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$KAFKA_HOST:$KAFKA_PORT,CONTROLLER://$KAFKA_HOST:$KAFKA_CONTROLLER_PORT,CONTAINERS://0.0.0.0:$KAFKA_CONTAINER_PORT
advertised.listeners=PLAINTEXT://$KAFKA_HOST:$KAFKA_PORT,CONTAINERS://$KAFKA_CONTAINER_HOST:$KAFKA_CONTAINER_PORT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT,CONTAINERS:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=$DATA_DIR

auto.create.topics.enable=true
delete.topic.enable=true
num.partitions=3
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
# The default of 50 partitions makes the first consumer group noticeably slow.
offsets.topic.num.partitions=5
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
num.network.threads=2
num.io.threads=4
EOF
  write_client_props
}

write_client_props() {
  [[ -f $CLIENT_PROPS ]] && return 0
  mkdir -p "$STATE_DIR"
  cat >"$CLIENT_PROPS" <<'EOF'
# Used by kafka.sh health checks: fail fast instead of the 60 s client default.
request.timeout.ms=5000
default.api.timeout.ms=10000
EOF
}

# ---------------------------------------------------------------- broker lifecycle

# True if the broker on port $1 answers a metadata request (topic listing).
healthy() {
  local port=$1 lib
  lib=$(running_lib)
  port_open "$port" || return 1
  write_client_props
  timeout 30 java "${TOOL_JVM_OPTS[@]}" -cp "$lib/*" org.apache.kafka.tools.TopicCommand \
    --bootstrap-server "$KAFKA_HOST:$port" --command-config "$CLIENT_PROPS" --list >/dev/null 2>&1
}

format_storage_once() {
  [[ -f $DATA_DIR/meta.properties ]] && return 0
  if [[ ! -s $CLUSTER_ID_FILE ]]; then
    java "${TOOL_JVM_OPTS[@]}" -cp "$LIB_DIR/*" kafka.tools.StorageTool random-uuid >"$CLUSTER_ID_FILE.tmp"
    mv "$CLUSTER_ID_FILE.tmp" "$CLUSTER_ID_FILE"
  fi
  log "formatting KRaft storage in $DATA_DIR (cluster id $(<"$CLUSTER_ID_FILE"))"
  local out
  if ! out=$(java "${TOOL_JVM_OPTS[@]}" -cp "$LIB_DIR/*" kafka.tools.StorageTool format \
    --cluster-id "$(<"$CLUSTER_ID_FILE")" --config "$SERVER_PROPS" 2>&1); then
    printf '%s\n' "$out" >&2
    die "formatting $DATA_DIR failed"
  fi
}

dump_log() {
  log "last lines of $LOG_FILE:"
  tail -n 60 "$LOG_FILE" >&2 2>/dev/null || true
}

start_broker() {
  local port
  for port in "$KAFKA_PORT" "$KAFKA_CONTROLLER_PORT"; do
    ! port_open "$port" || die "$KAFKA_HOST:$port is already in use by another process"
  done
  write_configs
  format_storage_once

  [[ -f $LOG_FILE ]] && mv -f "$LOG_FILE" "$LOG_FILE.1"
  rm -f "$PID_FILE"
  local heap_opts extra_opts
  read -r -a heap_opts <<<"$KAFKA_HEAP_OPTS"
  read -r -a extra_opts <<<"$KAFKA_OPTS"

  log "starting Kafka $KAFKA_VERSION (KRaft) on $KAFKA_HOST:$KAFKA_PORT, controller :$KAFKA_CONTROLLER_PORT"
  # setsid: own session and process group, so the broker outlives the calling
  # shell/CI step and `down` can signal the whole group. The inner shell writes
  # its own pid and then execs java, so the pid file holds java's pid == pgid.
  # 9>&- keeps the broker from inheriting (and forever holding) our flock.
  # C1-only JIT: ~40% less CPU to start on a 2-core box; peak throughput is
  # irrelevant for a test broker.
  # shellcheck disable=SC2016 # $$ and $@ belong to the inner shell
  setsid bash -c 'echo "$$" >"$1"; shift; exec "$@"' kafka-launch "$PID_FILE" \
    java "${heap_opts[@]}" -XX:TieredStopAtLevel=1 -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
    -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true \
    "-Dlog4j2.configurationFile=$SCRIPT_DIR/log4j2-broker.properties" "${extra_opts[@]}" \
    -cp "$LIB_DIR/*" kafka.Kafka "$SERVER_PROPS" \
    </dev/null >"$LOG_FILE" 2>&1 9>&- &

  local i
  for ((i = 0; i < 50; i++)); do
    [[ -s $PID_FILE ]] && break
    sleep 0.1
  done
  [[ -s $PID_FILE ]] || die "broker did not start (no pid file)"
  echo "$KAFKA_PORT" >"$PORT_FILE"
  echo "$LIB_DIR" >"$RUNNING_LIB_FILE"
}

wait_healthy() {
  local deadline=$((SECONDS + KAFKA_START_TIMEOUT)) next_probe=$((SECONDS + 20))
  while ((SECONDS < deadline)); do
    if ! broker_pid >/dev/null; then
      log "broker process exited during start-up"
      dump_log
      return 1
    fi
    # Each probe is a JVM that competes for CPU with the starting broker (and
    # hangs on its bound-but-not-yet-serving port), so wait for the start-up
    # log line; the timed fallback covers a reworded message in a new version.
    if grep -qF 'Kafka Server started' "$LOG_FILE" 2>/dev/null || ((SECONDS >= next_probe)); then
      healthy "$KAFKA_PORT" && return 0
      next_probe=$((SECONDS + 5))
    fi
    sleep 0.2
  done
  log "broker not healthy after ${KAFKA_START_TIMEOUT}s"
  dump_log
  return 1
}

group_alive() { kill -0 -- "-$1" 2>/dev/null; }

stop_broker() {
  local pid i
  if ! pid=$(broker_pid); then
    rm -f "$PID_FILE" "$PORT_FILE" "$RUNNING_LIB_FILE"
    return 0
  fi
  log "stopping broker (pid $pid)"
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < KAFKA_STOP_TIMEOUT * 5; i++)); do
    group_alive "$pid" || break
    sleep 0.2
  done
  if group_alive "$pid"; then
    log "broker ignored SIGTERM for ${KAFKA_STOP_TIMEOUT}s; sending SIGKILL"
    kill -KILL -- "-$pid" 2>/dev/null || true
    for ((i = 0; i < 50; i++)); do
      group_alive "$pid" || break
      sleep 0.1
    done
    ! group_alive "$pid" || die "broker process group $pid survived SIGKILL"
  fi
  rm -f "$PID_FILE" "$PORT_FILE" "$RUNNING_LIB_FILE"
}

# ---------------------------------------------------------------- commands

cmd_up() {
  local start=$SECONDS pid port
  take_lock
  ensure_java

  if pid=$(broker_pid); then
    port=$(running_port)
    [[ $port == "$KAFKA_PORT" ]] ||
      die "broker already running on $KAFKA_HOST:$port (KAFKA_PORT=$KAFKA_PORT); run 'kafka.sh down' first"
    if [[ $(running_lib) != "$LIB_DIR" ]]; then
      log "pinned jar set changed since the broker started; restarting it"
      stop_broker
    elif healthy "$port"; then
      log "already running (pid $pid)"
      print_env "$port"
      return 0
    else
      log "broker (pid $pid) is running but not answering yet; waiting"
    fi
  fi

  if ! broker_pid >/dev/null; then
    fetch_jars
    prune_old_jars
    start_broker
  fi
  if ! wait_healthy; then
    stop_broker
    die "broker failed to start; see $LOG_FILE"
  fi
  log "ready in $((SECONDS - start))s (pid $(<"$PID_FILE"), log $LOG_FILE)"
  print_env "$KAFKA_PORT"
}

cmd_down() {
  local purge=0
  case "${1:-}" in
    "") ;;
    --purge) purge=1 ;;
    *) die "usage: kafka.sh down [--purge]" ;;
  esac
  take_lock
  stop_broker
  if ((purge)); then
    log "purging $DATA_DIR"
    rm -rf "$DATA_DIR" "$CLUSTER_ID_FILE"
  fi
}

cmd_status() {
  local pid port
  if ! pid=$(broker_pid); then
    log "not running"
    return 1
  fi
  port=$(running_port)
  if ! healthy "$port"; then
    log "process $pid is running but the broker on $KAFKA_HOST:$port does not answer"
    return 1
  fi
  print_env "$port"
}

cmd_env() {
  if broker_pid >/dev/null; then print_env "$(running_port)"; else print_env "$KAFKA_PORT"; fi
}

cmd_run_class() {
  (($# >= 1)) || die "usage: kafka.sh run-class MAIN_CLASS [ARGS...]"
  take_lock
  ensure_java
  fetch_jars
  release_lock
  exec java "${TOOL_JVM_OPTS[@]}" -cp "$LIB_DIR/*" "$@"
}

usage() {
  echo "usage: kafka.sh up | down [--purge] | status | env | run-class MAIN_CLASS [ARGS...]" >&2
  exit 2
}

main() {
  (($# >= 1)) || usage
  local cmd=$1
  shift
  case "$cmd" in
    up) cmd_up "$@" ;;
    down) cmd_down "$@" ;;
    status) cmd_status "$@" ;;
    env) cmd_env "$@" ;;
    run-class) cmd_run_class "$@" ;;
    *) usage ;;
  esac
}

main "$@"
