#!/usr/bin/env bash
# The Cluster API test controller (tools/capi/test-controller, see
# tools/capi/README.md) as a background process against a management cluster.
#
#   test-controller.sh up [KUBECONFIG]   start unless running (default: the admin
#                                        kubeconfig of tools/k8s); waits until it watches
#   test-controller.sh down              stop it
#   test-controller.sh status            exit 0 when it runs, 3 otherwise
#
# Environment: CAPI_TEST_NAMESPACE (only that namespace), CAPI_TEST_DELAY_MS
# (provisioning time, default 1000), VNFM_CAPI_STATE_DIR (pid and log).
set -euo pipefail
# shellcheck source=../lib/no-inherited-fds.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/no-inherited-fds.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
STATE="${VNFM_CAPI_STATE_DIR:-${VNFM_INFRA_HOME:-$HOME/.cache/vnfm-infra}/capi}"
PID_FILE="$STATE/test-controller.pid"
LOG="$STATE/test-controller.log"
mkdir -p "$STATE"

pid() { [[ -f "$PID_FILE" ]] && kill -0 "$(<"$PID_FILE")" 2>/dev/null && cat "$PID_FILE"; }

case "${1:-}" in
  up)
    if pid >/dev/null; then echo "running (pid $(pid), log $LOG)"; exit 0; fi
    kubeconfig="${2:-}"
    [[ -n "$kubeconfig" ]] || kubeconfig="$(bash "$ROOT/tools/k8s/k8s.sh" env | sed -n 's/^export KUBECONFIG=//p' | tr -d "'\"")"
    [[ -f "$kubeconfig" ]] || { echo "no kubeconfig: $kubeconfig" >&2; exit 1; }
    : >"$LOG"
    # Started in place (no setsid, which forks when it leads a process group): $! is node's own pid.
    cd "$ROOT"
    KUBECONFIG="$kubeconfig" nohup node -r ts-node/register/transpile-only tools/capi/test-controller/src/main.ts >>"$LOG" 2>&1 </dev/null &
    echo $! >"$PID_FILE"
    for _ in $(seq 1 300); do
      grep -qx ready "$LOG" && { echo "running (pid $(pid), log $LOG)"; exit 0; }
      pid >/dev/null || { echo "the test controller exited:" >&2; tail -n 20 "$LOG" >&2; exit 1; }
      sleep 0.1
    done
    echo "the test controller did not start within 30 s (log $LOG)" >&2; exit 1 ;;
  down)
    if p=$(pid); then kill -TERM "$p"; for _ in $(seq 1 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done; fi
    rm -f "$PID_FILE" ;;
  status)
    if pid >/dev/null; then echo "running (pid $(pid))"; else exit 3; fi ;;
  *) echo "usage: $0 up [KUBECONFIG] | down | status" >&2; exit 2 ;;
esac
