#!/usr/bin/env bash
# Tacker's command line for the test suite: installed from Debian (install.sh),
# served by fork-server.py so that a command costs no start-up (see there).
#
#   tacker-cli.sh up       install when missing, start the server (idempotent);
#                          last stdout line: TACKER_CLI=... TACKER_CLI_SOCKET=...
#   tacker-cli.sh down     stop the server
#   tacker-cli.sh status   exit 0 and the settings line if the server answers, else exit 1
#
# Tests without TACKER_CLI_SOCKET (a file run by hand) start `openstack` per command.
set -euo pipefail
# shellcheck source=../lib/no-inherited-fds.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/no-inherited-fds.sh"

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
STATE_DIR="${VNFM_INFRA_HOME:-$HOME/.cache/vnfm-infra}/tacker-cli"
SOCKET="$STATE_DIR/cli.sock"
PID_FILE="$STATE_DIR/server.pid"
LOG_FILE="$STATE_DIR/server.log"

log() { printf 'tacker-cli: %s\n' "$*" >&2; }

settings() { echo "TACKER_CLI=$(command -v openstack) TACKER_CLI_SOCKET=$SOCKET"; }

running() { [[ -f $PID_FILE ]] && kill -0 "$(<"$PID_FILE")" 2>/dev/null && [[ -S $SOCKET ]]; }

# A real command through the server: `openstack --version` answers without a cloud.
answers() {
  running || return 1
  /usr/bin/python3 - "$SOCKET" <<'EOF'
import json, socket, sys
client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
client.settimeout(30)
client.connect(sys.argv[1])
client.sendall(json.dumps({'argv': ['--version'], 'env': {'PATH': '/usr/bin:/bin'}, 'cwd': '/', 'timeoutS': 30}).encode() + b'\n')
answer = json.loads(client.makefile('rb').readline())
sys.exit(0 if answer['code'] == 0 and 'openstack' in answer['stdout'] + answer['stderr'] else 1)
EOF
}

up() {
  bash "$SCRIPT_DIR/install.sh" >/dev/null
  mkdir -p "$STATE_DIR"
  if ! answers; then
    down
    log "starting the fork server ($LOG_FILE)"
    setsid /usr/bin/python3 "$SCRIPT_DIR/fork-server.py" "$SOCKET" >"$LOG_FILE" 2>&1 </dev/null &
    echo $! >"$PID_FILE"
    for _ in $(seq 1 100); do
      answers && break
      kill -0 "$(<"$PID_FILE")" 2>/dev/null || { log "the server exited: $(tail -n 5 "$LOG_FILE")"; exit 1; }
      sleep 0.2
    done
    answers || { log "the server does not answer: $(tail -n 5 "$LOG_FILE")"; exit 1; }
  fi
  settings
}

down() {
  if [[ -f $PID_FILE ]]; then
    local pid
    pid=$(<"$PID_FILE")
    if kill -0 "$pid" 2>/dev/null; then
      log "stopping the fork server (pid $pid)"
      kill "$pid" 2>/dev/null || true
    fi
    rm -f "$PID_FILE"
  fi
  rm -f "$SOCKET"
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) answers && settings ;;
  *)
    echo "usage: $0 up|down|status" >&2
    exit 2
    ;;
esac
