#!/usr/bin/env bash
# A throw-away PostgreSQL cluster on 127.0.0.1 for tests, from Debian's
# packages (installed when missing). Durability is traded for speed (fsync,
# synchronous_commit and full_page_writes off): a crash of the machine loses
# it, a crash of a product process does not.
#
#   postgres.sh up               start (idempotent); last stdout line: VNFM_EVENT_STORE_URL=postgres://...
#   postgres.sh status           exit 0 and the URL if it answers, else exit 1
#   postgres.sh down [--purge]   stop; --purge also deletes the cluster
#
# The URL's role (`vnfm`, the cluster's superuser, its password generated once
# and kept 0600 beside the cluster) may create databases: a test gives each product run a database of
# its own. Progress goes to stderr.
set -euo pipefail
# shellcheck source=../lib/no-inherited-fds.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/no-inherited-fds.sh"
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../lib/apt.sh
source "$SCRIPT_DIR/../lib/apt.sh"

PORT="${VNFM_POSTGRES_PORT:-15432}"
STATE_DIR="${VNFM_INFRA_HOME:-$HOME/.cache/vnfm-infra}/postgres"
# PostgreSQL will not run as root: as root the cluster belongs to Debian's `postgres` user, in a folder that user can reach.
if [[ $(id -u) -eq 0 ]]; then
  RUN_AS=(runuser -u postgres --)
  CLUSTER_DIR="${VNFM_POSTGRES_HOME:-/var/tmp/vnfm-postgres}"
else
  RUN_AS=()
  CLUSTER_DIR="$STATE_DIR/cluster"
fi
DATA_DIR="$CLUSTER_DIR/data"
SOCKET_DIR="$CLUSTER_DIR/socket"
LOG_FILE="$CLUSTER_DIR/postgres.log"
PASSWORD_FILE="$STATE_DIR/password"
START_TIMEOUT="${VNFM_POSTGRES_START_TIMEOUT:-60}"
# The product's containers (tools/image) reach the cluster from the Docker network the container tests make: it
# listens on every address, and pg_hba lets that subnet in with the password (nothing else but 127.0.0.1).
CONTAINER_SUBNET="${VNFM_CONTAINER_SUBNET:-172.31.250.0/24}"

log() { printf 'postgres: %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}

bin_dir() {
  local found
  found=$(find /usr/lib/postgresql -maxdepth 3 -path '*/bin/pg_ctl' 2>/dev/null | sort -V | tail -n 1)
  [[ -n $found ]] || return 1
  dirname "$found"
}

ensure_installed() {
  bin_dir >/dev/null || apt_ensure postgresql || die "install Debian's postgresql package"
  bin_dir >/dev/null || die "no /usr/lib/postgresql/*/bin/pg_ctl after installing postgresql"
}

as_owner() { "${RUN_AS[@]}" "$@"; }

url() { printf 'VNFM_EVENT_STORE_URL=postgres://vnfm:%s@127.0.0.1:%s/vnfm\n' "$(<"$PASSWORD_FILE")" "$PORT"; }

answers() {
  [[ -s $PASSWORD_FILE ]] || return 1
  PGPASSWORD=$(<"$PASSWORD_FILE") "$(bin_dir)/psql" -h 127.0.0.1 -p "$PORT" -U vnfm -d vnfm -Atqc 'select 1' >/dev/null 2>&1
}

init_cluster() {
  [[ -f $DATA_DIR/PG_VERSION ]] && return 0
  local bin
  bin=$(bin_dir)
  log "creating a cluster in $DATA_DIR"
  mkdir -p "$CLUSTER_DIR" "$STATE_DIR"
  ((${#RUN_AS[@]} == 0)) || chown postgres: "$CLUSTER_DIR"
  chmod 700 "$CLUSTER_DIR"
  if [[ ! -s $PASSWORD_FILE ]]; then
    (umask 077 && head -c 24 /dev/urandom | base64 | tr -d '/+=' >"$PASSWORD_FILE")
  fi
  local pwfile="$CLUSTER_DIR/initdb.pw"
  (umask 077 && cp "$PASSWORD_FILE" "$pwfile")
  ((${#RUN_AS[@]} == 0)) || chown postgres: "$pwfile"
  as_owner "$bin/initdb" -D "$DATA_DIR" -U vnfm --pwfile="$pwfile" -A scram-sha-256 -E UTF8 --locale=C.UTF-8 >&2
  rm -f "$pwfile"
  cat >>"$DATA_DIR/postgresql.conf" <<EOF
# tools/postgres/postgres.sh: a test cluster
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$SOCKET_DIR'
max_connections = 400
shared_buffers = 128MB
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
}

cmd_up() {
  ensure_installed
  mkdir -p "$STATE_DIR"
  exec 9>"$STATE_DIR/.lock"
  flock -w 120 9 || die "timed out waiting for $STATE_DIR/.lock"
  if answers; then
    url
    return 0
  fi
  init_cluster
  grep -qF "host all all $CONTAINER_SUBNET scram-sha-256" "$DATA_DIR/pg_hba.conf" ||
    echo "host all all $CONTAINER_SUBNET scram-sha-256" >>"$DATA_DIR/pg_hba.conf"
  mkdir -p "$SOCKET_DIR"
  ((${#RUN_AS[@]} == 0)) || chown postgres: "$SOCKET_DIR"
  log "starting on 127.0.0.1:$PORT (and on every address for $CONTAINER_SUBNET)"
  as_owner "$(bin_dir)/pg_ctl" -D "$DATA_DIR" -l "$LOG_FILE" -w -t "$START_TIMEOUT" -o "-c listen_addresses='*'" start >&2 9>&- ||
    { tail -n 20 "$LOG_FILE" >&2 || true; die "PostgreSQL did not start"; }
  answers || PGPASSWORD=$(<"$PASSWORD_FILE") "$(bin_dir)/psql" -h 127.0.0.1 -p "$PORT" -U vnfm -d postgres -qc 'create database vnfm' >&2
  answers || die "PostgreSQL started but does not answer as vnfm on 127.0.0.1:$PORT"
  url
}

cmd_status() {
  bin_dir >/dev/null && answers || { log "not running"; return 1; }
  url
}

cmd_down() {
  if [[ -f $DATA_DIR/postmaster.pid ]] && bin_dir >/dev/null; then
    log "stopping"
    as_owner "$(bin_dir)/pg_ctl" -D "$DATA_DIR" -m fast -w stop >&2 || true
  fi
  if [[ ${1:-} == --purge ]]; then
    rm -rf "$CLUSTER_DIR" "$PASSWORD_FILE"
  fi
}

case "${1:-}" in
  up) cmd_up ;;
  status) cmd_status ;;
  down) cmd_down "${2:-}" ;;
  *)
    echo "usage: $0 up|status|down [--purge]" >&2
    exit 2
    ;;
esac
