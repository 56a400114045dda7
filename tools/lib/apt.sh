# Sourced by the tools' scripts: Debian packages installed on demand.
#
#   apt_ensure PACKAGE...   installs the packages not yet installed (needs root
#                           and apt-get; otherwise fails naming them)
#
# One apt-get at a time on the machine (parallel test workers may start
# infrastructure at once), one `apt-get update` per call at most, and no
# package may start a service on the machine itself while installed
# (policy-rc.d answers 101): an sshd on 0.0.0.0:22 or a distribution etcd
# would take the addresses the test infrastructure needs.

apt_missing() {
  local package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || printf '%s\n' "$package"
  done
}

apt_ensure() {
  local missing
  mapfile -t missing < <(apt_missing "$@")
  ((${#missing[@]} == 0)) && return 0
  if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
    echo "missing Debian packages: ${missing[*]} (as root: apt-get install ${missing[*]})" >&2
    return 1
  fi
  echo "installing ${missing[*]} with apt-get" >&2
  (
    flock 9
    mapfile -t missing < <(apt_missing "${missing[@]}")
    ((${#missing[@]} == 0)) && exit 0
    policy=/usr/sbin/policy-rc.d own_policy=0
    if [[ ! -e $policy ]]; then
      printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod 755 "$policy" && own_policy=1
    fi
    rc=0
    {
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" ||
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; }
    } >&2 || rc=$?
    ((own_policy)) && rm -f "$policy"
    ((rc == 0)) || { echo "apt-get install ${missing[*]} failed (exit $rc)" >&2; exit "$rc"; }
  ) 9>/tmp/vnfm-apt.lock
}
