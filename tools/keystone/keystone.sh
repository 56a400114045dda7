#!/usr/bin/env bash
# A real OpenStack Keystone (identity v3) on 127.0.0.1 for tests: the release
# pinned in requirements.txt, installed from PyPI into a venv of the machine's
# python3, served by gunicorn. Configured for tests: SQLite database, Fernet
# tokens, plain HTTP, cheap password hashing; its state lives in one folder.
#
#   keystone.sh up               install when missing, bootstrap once, start (idempotent);
#                                last stdout line: OS_AUTH_URL=... OS_USERNAME=admin OS_PASSWORD=... (one line)
#   keystone.sh status           exit 0 and that line if the admin can log in, else exit 1
#   keystone.sh down [--purge]   stop; --purge also deletes the database, keys and
#                                password (the venv, a cache of requirements.txt, stays)
#
# The admin (user `admin`, project `admin`, domain `Default`, region
# `RegionOne`) has its password generated once and kept 0600 beside the
# database. Progress goes to stderr.
set -euo pipefail
# shellcheck source=../lib/no-inherited-fds.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/no-inherited-fds.sh"
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../lib/apt.sh
source "$SCRIPT_DIR/../lib/apt.sh"

PORT="${VNFM_KEYSTONE_PORT:-15000}"
STATE_DIR="${VNFM_INFRA_HOME:-$HOME/.cache/vnfm-infra}/keystone"
VENV="$STATE_DIR/venv"
REQUIREMENTS="$SCRIPT_DIR/requirements.txt"
VENV_STAMP="$VENV/.vnfm-requirements"
CONF_FILE="$STATE_DIR/keystone.conf"
GUNICORN_CONF="$STATE_DIR/gunicorn.conf.py"
DB_FILE="$STATE_DIR/keystone.db"
PASSWORD_FILE="$STATE_DIR/password"
BOOTSTRAPPED="$STATE_DIR/bootstrapped"
PID_FILE="$STATE_DIR/keystone.pid"
LOG_FILE="$STATE_DIR/keystone.log"
SETUP_LOG="$STATE_DIR/setup.log"
START_TIMEOUT="${VNFM_KEYSTONE_START_TIMEOUT:-90}"
PYTHON=/usr/bin/python3
AUTH_URL="http://127.0.0.1:$PORT/v3"

log() { printf 'keystone: %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}
now() { printf '%s' "${EPOCHREALTIME/,/.}"; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

settings() {
  printf 'OS_AUTH_URL=%s OS_USERNAME=admin OS_PASSWORD=%s OS_PROJECT_NAME=admin OS_USER_DOMAIN_NAME=Default' "$AUTH_URL" "$(<"$PASSWORD_FILE")"
  printf ' OS_PROJECT_DOMAIN_NAME=Default OS_IDENTITY_API_VERSION=3 OS_REGION_NAME=RegionOne\n'
}

# What the venv must have been built from: the pins and the interpreter.
wanted_stamp() { printf '%s %s\n' "$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)" "$("$PYTHON" -V 2>&1)"; }

venv_current() { [[ -x $VENV/bin/gunicorn && -f $VENV_STAMP && $(<"$VENV_STAMP") == "$(wanted_stamp)" ]]; }

ensure_installed() {
  apt_ensure python3 python3-venv curl || die "install Debian's python3, python3-venv and curl"
  venv_current && return 0
  # A venv built from other pins may be serving: stop it before replacing it.
  stop
  local started
  started=$(now)
  log "installing Keystone into $VENV (requirements.txt changed or no venv yet)"
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV" >&2 || die "$PYTHON -m venv $VENV failed"
  # Wheels only: every pin has one for CPython 3.11, so nothing compiles.
  "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-input --only-binary=:all: -r "$REQUIREMENTS" >&2 ||
    die "pip install -r $REQUIREMENTS failed"
  wanted_stamp >"$VENV_STAMP"
  log "installed in $(took "$started") s"
}

# A real login: the admin's password, a project-scoped token (201).
answers() {
  [[ -s $PASSWORD_FILE ]] || return 1
  local code
  code=$(
    printf '{"auth":{"identity":{"methods":["password"],"password":{"user":{"name":"admin","domain":{"name":"Default"},"password":"%s"}}},"scope":{"project":{"name":"admin","domain":{"name":"Default"}}}}}' "$(<"$PASSWORD_FILE")" |
      curl -s -o /dev/null -w '%{http_code}' --max-time 10 -H 'Content-Type: application/json' --data-binary @- "$AUTH_URL/auth/tokens"
  ) || return 1
  [[ $code == 201 ]]
}

# Something (a Keystone or not) answers HTTP on the port.
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }

our_pid() {
  [[ -s $PID_FILE ]] || return 1
  local pid
  pid=$(<"$PID_FILE")
  kill -0 "$pid" 2>/dev/null && grep -q gunicorn "/proc/$pid/cmdline" 2>/dev/null && printf '%s\n' "$pid"
}

manage() {
  "$VENV/bin/keystone-manage" --config-file "$CONF_FILE" "$@" >>"$SETUP_LOG" 2>&1 ||
    {
      tail -n 20 "$SETUP_LOG" >&2 || true
      die "keystone-manage $1 failed (log: $SETUP_LOG)"
    }
}

write_config() {
  cat >"$CONF_FILE" <<EOF
# tools/keystone/keystone.sh: a Keystone for tests
[DEFAULT]
use_stderr = true
[database]
connection = sqlite:///$DB_FILE
[token]
provider = fernet
[fernet_tokens]
key_repository = $STATE_DIR/fernet-keys
[fernet_receipts]
key_repository = $STATE_DIR/fernet-keys
[credential]
key_repository = $STATE_DIR/credential-keys
[identity]
# bcrypt's least cost: a login costs milliseconds, not a quarter of a second of CPU.
password_hash_rounds = 4
EOF
  # No command line arguments reach Keystone (oslo.config would read gunicorn's): gunicorn reads this file from its working directory.
  cat >"$GUNICORN_CONF" <<EOF
# tools/keystone/keystone.sh: serves Keystone's public API (the only one since Queens)
wsgi_app = 'keystone.wsgi.api:application'
bind = ['127.0.0.1:$PORT']
workers = 1
worker_class = 'gthread'
threads = 8
timeout = 120
graceful_timeout = 5
control_socket_disable = True
accesslog = '-'
EOF
}

# The database, the keys and the admin, once; the catalog again when the port changed.
bootstrap() {
  if [[ ! -f $BOOTSTRAPPED ]]; then
    log "creating the database and keys in $STATE_DIR"
    rm -rf "$DB_FILE" "$STATE_DIR/fernet-keys" "$STATE_DIR/credential-keys" "$SETUP_LOG"
    [[ -s $PASSWORD_FILE ]] || (umask 077 && head -c 24 /dev/urandom | base64 | tr -d '/+=' >"$PASSWORD_FILE")
    manage db_sync
    manage fernet_setup --keystone-user "$(id -un)" --keystone-group "$(id -gn)"
    manage credential_setup --keystone-user "$(id -un)" --keystone-group "$(id -gn)"
  fi
  [[ -f $BOOTSTRAPPED && $(<"$BOOTSTRAPPED") == "$PORT" ]] && return 0
  log "bootstrapping the admin and the catalog ($AUTH_URL)"
  OS_BOOTSTRAP_PASSWORD=$(<"$PASSWORD_FILE") manage bootstrap \
    --bootstrap-username admin --bootstrap-project-name admin --bootstrap-role-name admin \
    --bootstrap-admin-url "$AUTH_URL/" --bootstrap-public-url "$AUTH_URL/" --bootstrap-internal-url "$AUTH_URL/" \
    --bootstrap-region-id RegionOne
  printf '%s\n' "$PORT" >"$BOOTSTRAPPED"
}

start() {
  local started pid deadline
  started=$(now)
  log "starting on 127.0.0.1:$PORT (log: $LOG_FILE)"
  (
    cd "$STATE_DIR"
    OS_KEYSTONE_CONFIG_DIR=$STATE_DIR OS_KEYSTONE_CONFIG_FILES=keystone.conf \
      exec setsid "$VENV/bin/gunicorn" >"$LOG_FILE" 2>&1 </dev/null 9>&-
  ) &
  pid=$!
  printf '%s\n' "$pid" >"$PID_FILE"
  deadline=$((SECONDS + START_TIMEOUT))
  until answers; do
    if ! kill -0 "$pid" 2>/dev/null; then
      tail -n 30 "$LOG_FILE" >&2 || true
      die "Keystone exited while starting (log: $LOG_FILE)"
    fi
    if ((SECONDS >= deadline)); then
      tail -n 30 "$LOG_FILE" >&2 || true
      stop
      die "Keystone did not let the admin log in within ${START_TIMEOUT}s (log: $LOG_FILE)"
    fi
    sleep 0.2
  done
  log "started in $(took "$started") s"
}

stop() {
  local pid
  if pid=$(our_pid); then
    log "stopping (pid $pid)"
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  rm -f "$PID_FILE"
}

cmd_up() {
  local started
  started=$(now)
  mkdir -p "$STATE_DIR"
  chmod 700 "$STATE_DIR"
  exec 9>"$STATE_DIR/.lock"
  flock -w 900 9 || die "timed out waiting for $STATE_DIR/.lock"
  if venv_current && our_pid >/dev/null && answers; then
    settings
    return 0
  fi
  ensure_installed
  stop
  ! port_in_use || die "127.0.0.1:$PORT is taken by another process (not this Keystone: its admin cannot log in); set VNFM_KEYSTONE_PORT"
  write_config
  bootstrap
  start
  log "up in $(took "$started") s"
  settings
}

cmd_status() {
  answers || {
    log "not running"
    return 1
  }
  settings
}

cmd_down() {
  if [[ -d $STATE_DIR ]]; then
    exec 9>"$STATE_DIR/.lock"
    flock -w 120 9 || die "timed out waiting for $STATE_DIR/.lock"
  fi
  stop
  if [[ ${1:-} == --purge ]]; then
    log "deleting the database, keys and password in $STATE_DIR (keeping the venv)"
    rm -rf "$DB_FILE" "$STATE_DIR/fernet-keys" "$STATE_DIR/credential-keys" "$PASSWORD_FILE" "$BOOTSTRAPPED" \
      "$CONF_FILE" "$GUNICORN_CONF" "$LOG_FILE" "$SETUP_LOG"
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
