#!/usr/bin/env bash
# Installs Tacker's own command line (`openstack vim ...`, `openstack vnf package ...`,
# `openstack vnflcm ...`) from Debian: python3-tackerclient is the OpenStack client
# plugin, python3-openstackclient the `openstack` command. Idempotent: does nothing
# when both are installed; otherwise one `apt-get update`, then the install.
set -Eeuo pipefail

PACKAGES=(python3-tackerclient python3-openstackclient)

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

missing=()
for package in "${PACKAGES[@]}"; do
  installed "$package" || missing+=("$package")
done

if ((${#missing[@]} > 0)); then
  SUDO=()
  ((EUID == 0)) || SUDO=(sudo)
  echo "[tacker-cli] installing ${missing[*]}" >&2
  "${SUDO[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

command -v openstack >/dev/null || { echo "[tacker-cli] ERROR: openstack not on PATH after install" >&2; exit 1; }
echo "TACKER_CLI=$(command -v openstack)"
