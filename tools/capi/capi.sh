#!/usr/bin/env bash
# Cluster API for the tests (test infrastructure only): the real providers'
# managers of the pinned release (go.mod), built from the Go module proxy, and
# capi-host (host/), which runs each provider's manager on this machine while
# its Deployment exists on the test API server (kwok nodes run no containers).
#
#   capi.sh build           build/cache the binaries and the release
#                           components; print the cache dir
#   capi.sh up [KUBECONFIG] build if needed, start capi-host against the API
#                           server (default: tools/k8s's admin kubeconfig);
#                           the LAST line printed is `CAPI_COMPONENTS=<dir>`
#   capi.sh down            stop capi-host and every manager it runs
#   capi.sh status          exit 0 when capi-host runs (3 otherwise); one line
#                           per provider: running and ready, or not
#
# <dir>/<provider>.yaml are the providers' components as a CNF package takes
# them (see README.md for what is adapted); <dir>/ca.crt is the CA of their
# webhooks' serving certificate.
set -Eeuo pipefail
# shellcheck source=../lib/no-inherited-fds.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/no-inherited-fds.sh"
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$SCRIPT_DIR/../.." && pwd)"

# Bump when the way binaries are built changes.
BUILD_REV="1"
INFRA_HOME="${VNFM_INFRA_HOME:-$HOME/.cache/vnfm-infra}"
CAPI_HOME="$INFRA_HOME/capi"
STATE_DIR="${VNFM_CAPI_STATE_DIR:-$CAPI_HOME/state}"
PID_FILE="$STATE_DIR/capi-host.pid"
LOG_DIR="$STATE_DIR/logs"
COMPONENTS="$STATE_DIR/components"
# provider label -> manager binary and Go package; the ports are capi-host's (host/main.go).
PROVIDERS=(cluster-api bootstrap-kubeadm control-plane-kubeadm infrastructure-docker)
declare -A BINARY=([cluster-api]=cluster-api-manager [bootstrap-kubeadm]=kubeadm-bootstrap-manager
  [control-plane-kubeadm]=kubeadm-control-plane-manager [infrastructure-docker]=capd-manager)
declare -A PACKAGE=([cluster-api]=sigs.k8s.io/cluster-api/core [bootstrap-kubeadm]=sigs.k8s.io/cluster-api/bootstrap/kubeadm
  [control-plane-kubeadm]=sigs.k8s.io/cluster-api/controlplane/kubeadm
  [infrastructure-docker]=sigs.k8s.io/cluster-api/test/infrastructure/docker)
# Each provider's release components: `kustomize build` of its config/default, as its release publishes them.
declare -A CONFIG=([cluster-api]=core/config/default [bootstrap-kubeadm]=bootstrap/kubeadm/config/default
  [control-plane-kubeadm]=controlplane/kubeadm/config/default [infrastructure-docker]=infrastructure/docker/config/default)
declare -A HEALTH_PORT=([cluster-api]=16470 [bootstrap-kubeadm]=16471 [control-plane-kubeadm]=16472 [infrastructure-docker]=16473)

log() { printf '[capi] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

capi_version() { awk '$1 == "sigs.k8s.io/cluster-api" && $2 ~ /^v/ { print $2; exit }' "$SCRIPT_DIR/go.mod"; }
build_key() { cat "$SCRIPT_DIR/go.mod" "$SCRIPT_DIR/go.sum" "$SCRIPT_DIR"/host/*.go <(echo "build=$BUILD_REV") | sha256sum | cut -c1-16; }
BIN_DIR="$CAPI_HOME/bin-$(build_key)"

ensure_built() {
  [[ -f "$BIN_DIR/.complete" ]] && return 0
  command -v go >/dev/null || die "go is required to build the Cluster API managers (once per pinned version)"
  local version minor tmp started kubectl
  version="$(capi_version)"
  minor="${version#v1.}"; minor="${minor%%.*}"
  kubectl="$(bash "$ROOT/tools/k8s/k8s.sh" build)/kubectl" || die "the Kubernetes build of tools/k8s is needed (its kubectl builds the components)"
  mkdir -p "$CAPI_HOME"
  rm -rf "$CAPI_HOME"/.build-*
  tmp="$(mktemp -d "$CAPI_HOME/.build-XXXXXX")"
  started=$SECONDS
  log "building the Cluster API $version managers into $BIN_DIR"
  (
    cd "$SCRIPT_DIR" || exit 1
    export GOFLAGS="-buildvcs=false" CGO_ENABLED=0
    ldflags="-s -w -X sigs.k8s.io/cluster-api/version.gitVersion=$version \
      -X sigs.k8s.io/cluster-api/version.gitMajor=1 -X sigs.k8s.io/cluster-api/version.gitMinor=$minor \
      -X sigs.k8s.io/cluster-api/version.gitTreeState=clean"
    for provider in "${PROVIDERS[@]}"; do
      go build -trimpath -ldflags "$ldflags" -o "$tmp/${BINARY[$provider]}" "${PACKAGE[$provider]}" || exit 1
    done
    go build -trimpath -ldflags "-s -w" -o "$tmp/capi-host" ./host || exit 1
    # The release components, from the same modules' sources.
    core_dir="$(go list -m -f '{{.Dir}}' sigs.k8s.io/cluster-api)" || exit 1
    test_dir="$(go list -m -f '{{.Dir}}' sigs.k8s.io/cluster-api/test)" || exit 1
    mkdir -p "$tmp/release"
    for provider in "${PROVIDERS[@]}"; do
      dir="$core_dir"; [[ $provider == infrastructure-docker ]] && dir="$test_dir"
      "$kubectl" kustomize "$dir/${CONFIG[$provider]}" >"$tmp/release/$provider.yaml" || exit 1
    done
  ) || { rm -rf "$tmp"; die "build failed"; }
  printf 'cluster-api=%s build_seconds=%s\n' "$version" "$((SECONDS - started))" >"$tmp/.complete"
  rm -rf "$BIN_DIR"
  mv "$tmp" "$BIN_DIR"
  log "built in $((SECONDS - started))s"
}

# The webhooks' serving certificate (127.0.0.1 and localhost) and its CA, made once per state dir.
ensure_pki() {
  local pki="$STATE_DIR/pki"
  [[ -f "$pki/tls.crt" ]] && return 0
  mkdir -p "$pki"
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=vnfm-test-capi-ca" \
    -keyout "$pki/ca.key" -out "$pki/ca.crt" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -subj "/CN=capi-webhooks" -keyout "$pki/tls.key" -out "$pki/tls.csr" 2>/dev/null
  openssl x509 -req -in "$pki/tls.csr" -CA "$pki/ca.crt" -CAkey "$pki/ca.key" -CAcreateserial -days 3650 \
    -extfile <(printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n') -out "$pki/tls.crt" 2>/dev/null
  rm -f "$pki/tls.csr"
}

host_pid() { [[ -f "$PID_FILE" ]] && kill -0 "$(<"$PID_FILE")" 2>/dev/null && cat "$PID_FILE"; }

case "${1:-}" in
  build)
    ensure_built
    echo "$BIN_DIR" ;;
  up)
    ensure_built
    ensure_pki
    mkdir -p "$COMPONENTS" "$LOG_DIR"
    cp "$STATE_DIR/pki/ca.crt" "$COMPONENTS/ca.crt"
    for provider in "${PROVIDERS[@]}"; do
      "$BIN_DIR/capi-host" components "$provider" "$STATE_DIR/pki/ca.crt" <"$BIN_DIR/release/$provider.yaml" >"$COMPONENTS/$provider.yaml"
    done
    if ! host_pid >/dev/null; then
      kubeconfig="${2:-}"
      [[ -n "$kubeconfig" ]] || kubeconfig="$(bash "$ROOT/tools/k8s/k8s.sh" env | sed -n 's/^export KUBECONFIG=//p' | tr -d "'\"")"
      [[ -f "$kubeconfig" ]] || die "no kubeconfig: $kubeconfig"
      : >"$LOG_DIR/capi-host.log"
      nohup "$BIN_DIR/capi-host" run -kubeconfig "$kubeconfig" -bin "$BIN_DIR" -cert-dir "$STATE_DIR/pki" -log-dir "$LOG_DIR" \
        >>"$LOG_DIR/capi-host.log" 2>&1 </dev/null &
      echo $! >"$PID_FILE"
      for _ in $(seq 1 300); do
        grep -q 'ready: watching' "$LOG_DIR/capi-host.log" && break
        host_pid >/dev/null || { tail -n 20 "$LOG_DIR/capi-host.log" >&2; die "capi-host exited"; }
        sleep 0.1
      done
      grep -q 'ready: watching' "$LOG_DIR/capi-host.log" || die "capi-host did not start within 30 s (log $LOG_DIR/capi-host.log)"
    fi
    log "capi-host runs (pid $(host_pid), logs $LOG_DIR)"
    echo "CAPI_COMPONENTS=$COMPONENTS" ;;
  down)
    if p=$(host_pid); then
      kill -TERM "$p"
      for _ in $(seq 1 150); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
      kill -KILL "$p" 2>/dev/null || true
    fi
    rm -f "$PID_FILE" ;;
  status)
    p=$(host_pid) || { echo "capi-host: stopped"; exit 3; }
    echo "capi-host: running (pid $p)"
    for provider in "${PROVIDERS[@]}"; do
      if curl -fsS -o /dev/null "http://127.0.0.1:${HEALTH_PORT[$provider]}/readyz" 2>/dev/null; then state=ready; else state="not serving"; fi
      echo "$provider: $state"
    done
    [[ -f "$COMPONENTS/ca.crt" ]] && echo "CAPI_COMPONENTS=$COMPONENTS" ;;
  *) echo "usage: $0 build | up [KUBECONFIG] | down | status" >&2; exit 2 ;;
esac
