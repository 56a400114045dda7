#!/usr/bin/env bash
# HAProxy from Debian's packages, for tests that put a load balancer in front
# of several gateways. Nothing runs on its own: each test starts its own
# haproxy process (in the foreground, `-db`) with a configuration naming its
# gateways' ports, and stops it (e2e/support/haproxy.ts).
#
#   haproxy.sh up       install when missing; last stdout line: VNFM_HAPROXY_BINARY=/usr/sbin/haproxy
#   haproxy.sh status   exit 0 and the same line when installed, else exit 1
#   haproxy.sh down     nothing to stop (the tests stop their own processes)
set -euo pipefail
# shellcheck source=../lib/no-inherited-fds.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/no-inherited-fds.sh"
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../lib/apt.sh
source "$SCRIPT_DIR/../lib/apt.sh"

BINARY=/usr/sbin/haproxy

installed() { [[ -x $BINARY ]] && "$BINARY" -v >/dev/null 2>&1; }
settings() { printf 'VNFM_HAPROXY_BINARY=%s\n' "$BINARY"; }

case "${1:-}" in
  up)
    installed || apt_ensure haproxy || { echo "haproxy: install Debian's haproxy package" >&2; exit 1; }
    installed || { echo "haproxy: $BINARY does not run after installing haproxy" >&2; exit 1; }
    "$BINARY" -v | sed -n 1p >&2
    settings
    ;;
  status)
    installed || { echo "haproxy: not installed" >&2; exit 1; }
    settings
    ;;
  down) ;;
  *)
    echo "usage: $0 up|status|down" >&2
    exit 2
    ;;
esac
