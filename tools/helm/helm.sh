#!/usr/bin/env bash
# Helm 3 for the tests and for operators who want Helm CNFs (the product runs
# the `helm` binary VNFM_HELM_BINARY names): the pinned release, built from
# the Go module proxy once and cached.
#
#   helm.sh build    build/cache it; print its path
#   helm.sh up       the same; the LAST line printed is `HELM_BINARY=<path>`
#   helm.sh status   exit 0 when built (the last line `HELM_BINARY=<path>`), 3 otherwise
#   helm.sh down     nothing runs: nothing to stop
set -Eeuo pipefail
HELM_VERSION="v3.22.0"
INFRA_HOME="${VNFM_INFRA_HOME:-$HOME/.cache/vnfm-infra}"
BIN="$INFRA_HOME/helm/$HELM_VERSION/helm"

log() { printf '[helm] %s\n' "$*" >&2; }

ensure_built() {
  [[ -x "$BIN" ]] && return 0
  command -v go >/dev/null || { log "ERROR: go is required to build Helm (once per pinned version)"; exit 1; }
  local tmp started=$SECONDS
  mkdir -p "$(dirname "$BIN")"
  tmp="$(mktemp -d "$(dirname "$BIN")/.build-XXXXXX")"
  log "building Helm $HELM_VERSION into $BIN"
  if ! GOFLAGS="-buildvcs=false" CGO_ENABLED=0 GOBIN="$tmp" go install -trimpath \
    -ldflags "-s -w -X helm.sh/helm/v3/internal/version.version=$HELM_VERSION" "helm.sh/helm/v3/cmd/helm@$HELM_VERSION"; then
    rm -rf "$tmp"; log "ERROR: build failed"; exit 1
  fi
  mv "$tmp/helm" "$BIN"
  rm -rf "$tmp"
  log "built in $((SECONDS - started))s"
}

case "${1:-}" in
  build) ensure_built; echo "$BIN" ;;
  up) ensure_built; echo "HELM_BINARY=$BIN" ;;
  status) [[ -x "$BIN" ]] || { echo "not built"; exit 3; }; echo "HELM_BINARY=$BIN" ;;
  down) ;;
  *) echo "usage: $0 build | up | status | down" >&2; exit 2 ;;
esac
