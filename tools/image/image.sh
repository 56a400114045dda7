#!/usr/bin/env bash
# The product's container image (deploy/Dockerfile) built on a machine that cannot pull from any registry
# (see README.md next to this script):
#
#   image.sh build            the base image (Debian bookworm from debootstrap + this machine's Node.js 20) and
#                             vnfm:<version> on top of it, in the image VM's dockerd; rebuilt only when inputs change
#   image.sh status           exit 0 when the image VM's dockerd answers and holds vnfm:<version> of the current inputs
#   image.sh down [--purge]   stop the image VM's dockerd and the VM; --purge also deletes the VM's disk and the cache
#
# The dockerd is a real one, in an SSH-host VM of its own (tools/ssh-hosts, tools/docker): $IMAGE_VM_PREFIX.1,
# 127.10.9.1 by default, outside the test lanes' pool (127.10.0.1-64). The last stdout line of build and status:
#   VNFM_IMAGE=vnfm:0.1.0 VNFM_IMAGE_DOCKER_HOST=unix:///... VNFM_IMAGE_BASE=vnfm-base:... VNFM_IMAGE_VM=127.10.9.1
# Progress and each phase's time go to stderr. Runs as root.
set -euo pipefail
# shellcheck source=../lib/no-inherited-fds.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/no-inherited-fds.sh"

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$SCRIPT_DIR/../.." && pwd)
INFRA_HOME=${VNFM_INFRA_HOME:-$HOME/.cache/vnfm-infra}
STATE=$INFRA_HOME/image
SSH_STATE=$INFRA_HOME/ssh-hosts
LOCK_FILE=$STATE/.lock

# The VM: the first (only) address of a pool of one, so tools/ssh-hosts starts no other VM for it. The Ansible server
# it is started with is the test pool's (already running, or started as the tests would).
IMAGE_VM_PREFIX=${IMAGE_VM_PREFIX:-127.10.9}
VM=$IMAGE_VM_PREFIX.1
ANSIBLE_SERVER=${ANSIBLE_SERVER_IP:-${SSH_VM_PREFIX:-127.10.0}.250}
# The VM's dockerd also listens in the VM's /root, a bind mount of the VM's disk directory: a socket the machine
# reaches at a fixed path (the VM's /run, where its usual socket is, is a tmpfs of the VM's mount namespace).
VM_SOCKET=$SSH_STATE/vms/$VM/root/docker.sock
DOCKER_OPTS_LINE='DOCKER_OPTS="-H unix:///run/docker.sock -H unix:///root/docker.sock"'
# The VM's /etc/docker/daemon.json: tools/docker's networking (no default bridge, no iptables, no masquerading: the VM
# shares the machine's network namespace), but overlay2 instead of vfs, its data in the VM's /root (ext4 through the
# bind mount; overlay2 cannot stack on the VM's overlayfs /var). vfs copies the whole image at every build step and
# container start: the product build took 15 minutes with it, a container 25 to 80 s to start.
STORAGE_DRIVER=${IMAGE_STORAGE_DRIVER:-overlay2}
if [[ $STORAGE_DRIVER == vfs ]]; then DATA_ROOT=/var/lib/docker; else DATA_ROOT=/root/docker; fi
DAEMON_JSON="{\"storage-driver\":\"$STORAGE_DRIVER\",\"data-root\":\"$DATA_ROOT\",\"iptables\":false,\"ip-masq\":false,\"bridge\":\"none\"}"
DOCKER_START_TIMEOUT=${IMAGE_DOCKER_START_TIMEOUT:-60}

SUITE=bookworm
DEBIAN_MIRROR=${IMAGE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
DEBIAN_SECURITY_MIRROR=${IMAGE_DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
# Raised whenever make_rootfs changes what it makes: a cached base of another recipe is made again.
BASE_RECIPE=1

VERSION=$(node -p 'require(process.argv[1]).version' "$REPO/package.json")
IMAGE=vnfm:$VERSION

log() { printf 'image: %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}

# Debian's client, the daemon's version (20.10): its `docker build` is the classic builder, no buildx needed.
dk() { DOCKER_HOST=unix://$VM_SOCKET /usr/bin/docker "$@"; }

now() { printf '%s\n' "${EPOCHREALTIME/,/.}"; }
took() { # phase start
  log "$1 took $(awk -v a="$2" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s"
}

# ---------------------------------------------------------------- the machine's Node.js

NODE_BIN=$(command -v node || true)
NPM_DIR=""
node_settings() {
  [[ -n $NODE_BIN ]] || die "no node on this machine"
  NODE_BIN=$(readlink -f "$NODE_BIN")
  NODE_VERSION=$("$NODE_BIN" -p process.versions.node)
  [[ $NODE_VERSION == 20.* ]] || die "the machine's node is $NODE_VERSION; the image needs Node.js 20 (deploy/Dockerfile's node:20)"
  NPM_DIR=$(dirname "$(dirname "$NODE_BIN")")/lib/node_modules/npm
  [[ -f $NPM_DIR/package.json ]] || die "no npm beside $NODE_BIN (looked for $NPM_DIR)"
  NPM_VERSION=$("$NODE_BIN" -p 'require(process.argv[1]).version' "$NPM_DIR/package.json")
  BASE_KEY=$SUITE-node$NODE_VERSION-npm$NPM_VERSION-r$BASE_RECIPE
  BASE_IMAGE=vnfm-base:$SUITE-node$NODE_VERSION
  BASE_TAR=$STATE/base-$BASE_KEY.tar
}

# ---------------------------------------------------------------- the VM and its dockerd

vm_init_pid() {
  local holder
  holder=$(cat "$SSH_STATE/run/$VM.pid" 2>/dev/null) || return 1
  [[ $holder =~ ^[0-9]+$ ]] || return 1
  pgrep -P "$holder" | head -n 1 | grep .
}

in_vm() {
  local init
  init=$(vm_init_pid) || die "VM $VM is not running"
  nsenter --target "$init" --mount --uts --pid -- "$@"
}

# Every container and user-defined network of the VM's dockerd removed: a network's bridge lives in the machine's
# network namespace (the VM shares it) and outlives the daemon.
clear_daemon() {
  local containers
  mapfile -t containers < <(dk ps -aq)
  ((${#containers[@]} == 0)) || dk rm -f "${containers[@]}" >/dev/null
  dk network prune -f >/dev/null
}

docker_answers() { [[ -S $VM_SOCKET ]] && dk version --format '{{.Server.Version}}' >/dev/null 2>&1; }

# The VM started as tools/ssh-hosts starts every VM, made able to run dockerd by tools/docker (as the tests do), and
# its dockerd started the way the MgmtDriver starts one on a VM (`service docker start`).
ensure_docker() {
  local t
  t=$(now)
  SSH_VM_PREFIX=$IMAGE_VM_PREFIX SSH_VM_COUNT=1 ANSIBLE_SERVER_IP=$ANSIBLE_SERVER \
    bash "$REPO/tools/ssh-hosts/ssh-hosts.sh" up >/dev/null
  bash "$REPO/tools/docker/docker-vms.sh" prepare "$VM"
  # Another daemon.json (the first time, another IMAGE_STORAGE_DRIVER) restarts a running dockerd, cleared first: its
  # networks' bridges would stay behind on the machine, unknown to a daemon with another data root.
  if [[ $(in_vm cat /etc/docker/daemon.json) != "$DAEMON_JSON" ]]; then
    log "VM $VM: /etc/docker/daemon.json becomes $DAEMON_JSON"
    ! docker_answers || clear_daemon
    in_vm service docker stop >/dev/null 2>&1 || true
    # shellcheck disable=SC2016 # expanded by the VM's sh
    in_vm sh -c 'printf "%s\n" "$1" >/etc/docker/daemon.json' sh "$DAEMON_JSON"
  fi
  # shellcheck disable=SC2016 # expanded by the VM's sh
  in_vm sh -c 'grep -qxF "$1" /etc/default/docker 2>/dev/null || printf "%s\n" "$1" >/etc/default/docker' sh "$DOCKER_OPTS_LINE"
  if ! docker_answers; then
    log "starting dockerd in VM $VM"
    # 9>&-: the daemon must not hold this script's lock for as long as it runs.
    in_vm service docker start >/dev/null 9>&-
    local deadline=$((SECONDS + DOCKER_START_TIMEOUT))
    until docker_answers; do
      ((SECONDS < deadline)) || die "dockerd in VM $VM did not answer on $VM_SOCKET within ${DOCKER_START_TIMEOUT}s; its log: $SSH_STATE/vms/$VM/var/log/docker.log"
      sleep 0.2
    done
  fi
  took "VM $VM and its dockerd" "$t"
}

# ---------------------------------------------------------------- the base image

# A command in the root filesystem with a clean environment (none of the machine's NODE_*, SSL_* settings).
IN_ROOT=(env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 chroot)

# Debian bookworm (minbase) with its security and point-release updates, slimmed as Docker's debian:*-slim images are
# (no documentation but the copyright files, no man pages, no locales), a `node` user (uid/gid 1000) as in the
# official node images, and this machine's Node.js 20 binary with its npm in /usr/local.
make_rootfs() {
  local root=$1 t
  t=$(now)
  log "debootstrap --variant=minbase $SUITE from $DEBIAN_MIRROR"
  debootstrap --variant=minbase "$SUITE" "$root" "$DEBIAN_MIRROR" >"$STATE/debootstrap.log" 2>&1 ||
    die "debootstrap failed; last lines of $STATE/debootstrap.log:"$'\n'"$(tail -n 15 "$STATE/debootstrap.log")"
  took "debootstrap" "$t"

  t=$(now)
  cat >"$root/etc/dpkg/dpkg.cfg.d/docker-slim" <<'EOF'
# as in Docker's debian:*-slim images
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/info/*
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/locale/*
EOF
  cat >"$root/etc/apt/sources.list" <<EOF
deb $DEBIAN_MIRROR $SUITE main
deb $DEBIAN_MIRROR $SUITE-updates main
deb $DEBIAN_SECURITY_MIRROR $SUITE-security main
EOF
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d" && chmod 755 "$root/usr/sbin/policy-rc.d"
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  # In a mount namespace of its own: the chroot's /proc goes away with it, whatever happens.
  unshare --mount --propagation private -- "${IN_ROOT[@]}" "$root" sh -euc '
    mount -t proc proc /proc
    mount -t devpts -o newinstance devpts /dev/pts
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get upgrade -y -qq -o Dpkg::Options::=--force-confold >/dev/null
    apt-get clean
    groupadd --gid 1000 node
    useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  ' >&2 || die "updating the root filesystem failed"
  find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
  find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete
  rm -rf "$root"/usr/share/{info,man,groff,linda,lintian,locale}/* "$root"/var/lib/apt/lists/* \
    "$root"/var/cache/apt/*.bin "$root"/var/cache/debconf/*-old "$root"/var/log/* "$root/usr/sbin/policy-rc.d"
  : >"$root/etc/resolv.conf" # the container's is mounted over it
  took "apt-get upgrade and slimming" "$t"

  t=$(now)
  install -D -m 755 "$NODE_BIN" "$root/usr/local/bin/node"
  mkdir -p "$root/usr/local/lib/node_modules"
  cp -a "$NPM_DIR" "$root/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  local checked
  checked=$("${IN_ROOT[@]}" "$root" /usr/local/bin/node -e 'process.stdout.write(process.version)' 2>&1) ||
    die "the copied node does not run in the Debian $SUITE root filesystem: $checked"
  checked=$("${IN_ROOT[@]}" "$root" /usr/local/bin/npm --version 2>&1) || true
  [[ $checked == "$NPM_VERSION" ]] || die "the copied npm does not run in the root filesystem: $checked"
  took "Node.js $NODE_VERSION and npm $NPM_VERSION copied in" "$t"
}

ensure_base() {
  local t
  if [[ ! -s $BASE_TAR ]]; then
    command -v debootstrap >/dev/null || {
      # shellcheck source=../lib/apt.sh
      source "$REPO/tools/lib/apt.sh"
      apt_ensure debootstrap || die "missing Debian package debootstrap"
    }
    local root=$STATE/rootfs
    rm -rf --one-file-system "$root"
    make_rootfs "$root"
    t=$(now)
    tar --numeric-owner -C "$root" --exclude='./dev/*' --exclude='./proc/*' --exclude='./sys/*' -cf "$BASE_TAR.tmp" .
    mv -f "$BASE_TAR.tmp" "$BASE_TAR"
    rm -rf --one-file-system "$root"
    find "$STATE" -maxdepth 1 -name 'base-*.tar' ! -name "$(basename "$BASE_TAR")" -delete
    took "base tar ($(du -h "$BASE_TAR" | cut -f1))" "$t"
  fi
  if [[ $(dk image inspect --format '{{index .Config.Labels "org.vnfm.base"}}' "$BASE_IMAGE" 2>/dev/null) != "$BASE_KEY" ]]; then
    t=$(now)
    dk import \
      -c "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin NODE_VERSION=$NODE_VERSION" \
      -c "LABEL org.vnfm.base=$BASE_KEY" -c 'CMD ["node"]' \
      -m "Debian $SUITE minbase (debootstrap) + Node.js $NODE_VERSION, npm $NPM_VERSION (tools/image)" \
      "$BASE_TAR" "$BASE_IMAGE" >/dev/null
    took "docker import $BASE_IMAGE" "$t"
  else
    log "$BASE_IMAGE is up to date ($BASE_KEY)"
  fi
}

# ---------------------------------------------------------------- the product image

# What deploy/Dockerfile copies from the repository (with .gitignore applied: no node_modules, no dist), NUL-separated.
context_files() {
  local paths=(package.json package-lock.json nx.json .swcrc libs services tools/build deploy/Dockerfile) file
  if git -C "$REPO" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$REPO" ls-files -z --cached --others --exclude-standard -- "${paths[@]}" | sort -zu |
      while IFS= read -r -d '' file; do [[ -f $REPO/$file ]] && printf '%s\0' "$file"; done
  else
    (cd "$REPO" && find "${paths[@]}" -type f -not -path '*/node_modules/*' -not -path '*/dist/*' -print0 | sort -z)
  fi
}

# The image's inputs: the base, and every file of the build context (path and content).
inputs_hash() {
  { printf '%s\n' "$BASE_KEY"; (cd "$REPO" && context_files | xargs -0 sha256sum); } | sha256sum | cut -c1-16
}

image_inputs() { dk image inspect --format '{{index .Config.Labels "org.vnfm.inputs"}}' "$IMAGE" 2>/dev/null; }

ensure_product() {
  local hash t
  hash=$(inputs_hash)
  if [[ $(image_inputs) == "$hash" ]]; then
    log "$IMAGE is up to date (inputs $hash)"
    return 0
  fi
  t=$(now)
  log "building $IMAGE (inputs $hash) on $BASE_IMAGE; npm ci needs the npm registry (build network: host)"
  # The context as a tar on stdin: only what the Dockerfile copies, not the repository's node_modules or dist.
  (cd "$REPO" && context_files | tar --null -T - -cf -) |
    dk build --network host --build-arg "BASE=$BASE_IMAGE" --build-arg "EXTRA_CA_CERTS=$(extra_ca_certs)" \
      --label "org.vnfm.inputs=$hash" \
      -f deploy/Dockerfile -t "$IMAGE" - >&2 ||
    die "docker build of $IMAGE failed"
  # The build stage and a replaced image are left untagged, a base of another Node.js version unused: they go.
  dk image prune -f >/dev/null
  local old
  for old in $(dk images vnfm-base --format '{{.Repository}}:{{.Tag}}'); do
    [[ $old == "$BASE_IMAGE" ]] || dk rmi "$old" >/dev/null 2>&1 || true
  done
  took "docker build $IMAGE ($(image_size))" "$t"
}

# This machine's own CA certificates (Debian's place for them), which a TLS-intercepting proxy between it and the npm
# registry signs with: the build stage's npm trusts them too (deploy/Dockerfile, EXTRA_CA_CERTS). None: empty.
extra_ca_certs() {
  local file
  if [[ -n ${IMAGE_EXTRA_CA_CERTS:-} ]]; then
    cat "$IMAGE_EXTRA_CA_CERTS"
  else
    for file in /usr/local/share/ca-certificates/*.crt; do [[ -f $file ]] && cat "$file"; done
  fi
  return 0
}

image_size() { dk image inspect --format '{{.Size}}' "$IMAGE" | awk '{ printf "%.0f MB", $1 / 1e6 }'; }

env_line() {
  printf 'VNFM_IMAGE=%s VNFM_IMAGE_DOCKER_HOST=unix://%s VNFM_IMAGE_BASE=%s VNFM_IMAGE_VM=%s\n' \
    "$IMAGE" "$VM_SOCKET" "$BASE_IMAGE" "$VM"
}

take_lock() {
  mkdir -p "$STATE"
  exec 9>"$LOCK_FILE"
  flock -w 1800 9 || die "another image.sh holds $LOCK_FILE for over 30 minutes"
}

# ---------------------------------------------------------------- commands

cmd_build() {
  local t
  t=$(now)
  node_settings
  take_lock
  ensure_docker
  ensure_base
  ensure_product
  took "build" "$t"
  log "$IMAGE: $(image_size) in VM $VM"
  env_line
}

cmd_status() {
  node_settings
  docker_answers || { log "no dockerd answering on $VM_SOCKET (image.sh build)"; return 1; }
  local have
  have=$(image_inputs) || { log "no $IMAGE in VM $VM's dockerd (image.sh build)"; return 1; }
  [[ $have == "$(inputs_hash)" ]] || { log "$IMAGE was built from other inputs ($have; image.sh build)"; return 1; }
  log "$IMAGE: $(image_size) in VM $VM"
  env_line
}

cmd_down() {
  local purge=0 init holder
  [[ ${1:-} == --purge ]] && purge=1
  node_settings
  take_lock
  ! docker_answers || clear_daemon
  if init=$(vm_init_pid); then
    holder=$(cat "$SSH_STATE/run/$VM.pid")
    log "stopping dockerd and VM $VM"
    in_vm service docker stop >/dev/null 2>&1 || true
    # The VM's PID 1: its end ends every process of the VM (tools/ssh-hosts).
    kill -TERM "$init" 2>/dev/null || true
    local deadline=$((SECONDS + 10))
    while [[ -e /proc/$holder ]] && [[ $(awk '{print $3}' "/proc/$holder/stat" 2>/dev/null) != Z ]] && ((SECONDS < deadline)); do
      sleep 0.1
    done
    rm -f "$SSH_STATE/run/$VM.pid"
  fi
  if ((purge)); then
    rm -rf --one-file-system "${SSH_STATE:?}/vms/$VM" "$SSH_STATE/logs/$VM.log" "$STATE"
    log "purged VM $VM's disk and $STATE"
  fi
}

[[ $(id -u) == 0 ]] || die "must run as root (the VM's namespaces, debootstrap, chroot)"
case "${1:-}" in
  build) cmd_build ;;
  status) cmd_status ;;
  down) cmd_down "${2:-}" ;;
  *)
    echo "usage: $0 build | status | down [--purge]" >&2
    exit 2
    ;;
esac
