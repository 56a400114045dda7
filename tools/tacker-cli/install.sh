#!/usr/bin/env bash
# Installs Tacker's own command line (`openstack vim ...`, `openstack vnf package ...`,
# `openstack vnflcm ...`) from Debian: python3-tackerclient is the OpenStack client
# plugin, python3-openstackclient the `openstack` command. Idempotent: does nothing
# when both are installed.
set -Eeuo pipefail
# shellcheck source=../lib/apt.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../lib/apt.sh"

apt_ensure python3-tackerclient python3-openstackclient
command -v openstack >/dev/null || { echo "[tacker-cli] ERROR: openstack not on PATH after install" >&2; exit 1; }
echo "TACKER_CLI=$(command -v openstack)"
