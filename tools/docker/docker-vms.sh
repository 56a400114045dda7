#!/usr/bin/env bash
# A real Docker engine and containerd for the SSH-host VMs of tools/ssh-hosts (see README.md):
#   docker-vms.sh install            Debian's docker.io, containerd and docker-registry, when missing; crictl built once
#   docker-vms.sh prepare IP...      what a VM image with docker.io installed would differ in (group, limits, daemon.json,
#                                    containerd's init script and config)
#   docker-vms.sh registry-image OUT a `registry:latest` image tar (docker save) made from docker-registry
#   docker-vms.sh status IP...       one line per VM: its dockerd answering or not
# Runs as root on the machine; the VMs must be up (tools/ssh-hosts/ssh-hosts.sh up).
set -euo pipefail
# shellcheck source=../lib/no-inherited-fds.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/no-inherited-fds.sh"

INFRA_HOME=${VNFM_INFRA_HOME:-$HOME/.cache/vnfm-infra}
SSH_STATE=$INFRA_HOME/ssh-hosts
STATE=$INFRA_HOME/docker
# Options every VM's dockerd starts with (its /etc/docker/daemon.json, which the MgmtDriver merges into, never overwrites):
# no bridge, no iptables (the VMs share the machine's network namespace), vfs (works on the VMs' overlayfs disks).
DAEMON_JSON='{"storage-driver":"vfs","iptables":false,"ip-masq":false,"bridge":"none"}'
# Every VM's /etc/containerd/config.toml (the MgmtDriver merges into it): Debian's, with the CRI plugin on the native
# snapshotter (overlayfs, containerd's default, cannot stack on the VMs' overlayfs disks; native copies, like vfs).
CONTAINERD_TOML='version = 2

[plugins]
  [plugins."io.containerd.grpc.v1.cri"]
    [plugins."io.containerd.grpc.v1.cri".cni]
      bin_dir = "/usr/lib/cni"
      conf_dir = "/etc/cni/net.d"
    [plugins."io.containerd.grpc.v1.cri".containerd]
      snapshotter = "native"
  [plugins."io.containerd.internal.v1.opt"]
    path = "/var/lib/containerd/opt"
'
# Debian's containerd ships a systemd unit only (ExecStart=/usr/bin/containerd); the VMs run no systemd. Each VM gets
# this init script instead, as a VM image without systemd would have: `service containerd start|stop|restart|status`
# runs the unit's command as a daemon, its log in /var/log/containerd.log.
CONTAINERD_INIT='#!/bin/sh
### BEGIN INIT INFO
# Provides:          containerd
# Required-Start:    $remote_fs
# Required-Stop:     $remote_fs
# Default-Start:     2 3 4 5
# Default-Stop:      0 1 6
# Short-Description: containerd container runtime (what containerd.service runs, for a system without systemd)
### END INIT INFO
PIDFILE=/run/containerd-init.pid
# ctr waits 10 s for a socket that is not there: asked only once containerd has made it.
answering() { [ -S /run/containerd/containerd.sock ] && ctr version >/dev/null 2>&1; }
start() {
  answering && return 0
  start-stop-daemon --start --background --make-pidfile --pidfile "$PIDFILE" --exec /bin/sh -- -c "exec /usr/bin/containerd >>/var/log/containerd.log 2>&1"
  i=0; until answering; do i=$((i+1)); [ $i -ge 60 ] && { echo "containerd did not answer; /var/log/containerd.log:" >&2; tail -n 20 /var/log/containerd.log >&2; return 1; }; sleep 0.5; done
}
stop() {
  start-stop-daemon --stop --retry TERM/20/KILL/5 --pidfile "$PIDFILE" --remove-pidfile >/dev/null 2>&1 || true
}
case "$1" in
  start) start ;;
  stop) stop ;;
  restart|force-reload) stop; start ;;
  status) if answering; then echo "containerd is running"; else echo "containerd is not running"; exit 3; fi ;;
  *) echo "Usage: service containerd {start|stop|restart|status}" >&2; exit 1 ;;
esac
'
# crictl, the CRI client (cri-tools), which Debian does not package: built once from its Go module into the cache and
# copied where every VM sees it (the machine's /opt, under each VM's /opt overlay). Tests pull with it as the kubelet does.
CRICTL_VERSION=v1.37.0
CRICTL_DIR=/opt/vnfm-docker-vms/bin

die() { echo "docker-vms: $*" >&2; exit 1; }
# shellcheck source=../lib/apt.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../lib/apt.sh"
log() { echo "docker-vms: $*" >&2; }

install_packages() {
  command -v dockerd >/dev/null && command -v docker-registry >/dev/null && command -v containerd >/dev/null && return 0
  apt_ensure docker.io containerd docker-registry || die "missing docker.io containerd docker-registry"
  return 0
}

install_crictl() {
  local cached=$STATE/crictl-$CRICTL_VERSION
  if [[ ! -x $cached ]]; then
    command -v go >/dev/null || die "go is required to build crictl $CRICTL_VERSION (once)"
    log "building crictl $CRICTL_VERSION (sigs.k8s.io/cri-tools, once)"
    local tmp
    # On a fresh machine nothing has made the state directory yet.
    mkdir -p "$STATE"
    tmp=$(mktemp -d "$STATE/.crictl-XXXXXX")
    GOFLAGS=-buildvcs=false CGO_ENABLED=0 GOBIN="$tmp" go install -trimpath -ldflags "-s -w" "sigs.k8s.io/cri-tools/cmd/crictl@$CRICTL_VERSION" >&2 ||
      { rm -rf "$tmp"; die "building crictl failed"; }
    mv -f "$tmp/crictl" "$cached" && rm -rf "$tmp"
  fi
  if ! cmp -s "$cached" "$CRICTL_DIR/crictl"; then
    mkdir -p "$CRICTL_DIR"
    cp "$cached" "$CRICTL_DIR/crictl.new.$$" && mv -f "$CRICTL_DIR/crictl.new.$$" "$CRICTL_DIR/crictl"
  fi
}

# The pid of the VM's first process (its sshd), inside the VM's mount and PID namespaces.
vm_init_pid() {
  local holder
  holder=$(cat "$SSH_STATE/run/$1.pid" 2>/dev/null) || die "VM $1 is not running (tools/ssh-hosts/ssh-hosts.sh up)"
  pgrep -P "$holder" | head -n 1 | grep . || die "VM $1 has no init process"
}

in_vm() { local ip=$1; shift; nsenter --target "$(vm_init_pid "$ip")" --mount --uts --pid -- "$@"; }

# Every VM has its own /run (tools/ssh-hosts/vm-init.sh: an overlay on the machine's, a tmpfs of the VM as
# upper layer), where dockerd's socket, pidfile and exec-root live (/var/run is a link to /run): what the
# VM's dockerd writes there stays in the VM. A VM still running from an image without it is refused (reset it).
prepare_vm() {
  local ip=$1
  in_vm "$ip" sh -euc '
    grep -q "^vnfm-vm-run /run overlay" /proc/mounts || {
      echo "the VM shares the machine'"'"'s /run: it was started from an older image (tools/ssh-hosts/ssh-hosts.sh reset IP)" >&2
      exit 1
    }
    # The machine has docker.io installed, so the VM sees its files through /usr; the group its postinst makes is
    # in the machine'"'"'s /etc/group, which the VM'"'"'s own /etc/group hides: made here, as the package would have.
    getent group docker >/dev/null || groupadd --system docker
    # Debian'"'"'s init script raises the open-files and process limits to 1048576 / unlimited; above this machine'"'"'s
    # hard limits that fails (and the script stops, set -e). The VM'"'"'s copy raises them to the hard limits instead.
    sed -i -e "s/ulimit -n 1048576/ulimit -n \$(ulimit -Hn)/" -e "s/ulimit -u unlimited/ulimit -u \$(ulimit -Hu)/" -e "s/ulimit -p unlimited/ulimit -p \$(ulimit -Hp)/" /etc/init.d/docker
    mkdir -p /etc/docker
    [ -s /etc/docker/daemon.json ] || printf "%s\n" "$1" >/etc/docker/daemon.json
    # containerd: the init script standing in for its systemd unit, and the VM'"'"'s config once per disk (the machine'"'"'s
    # Debian one shows through /etc until then; the MgmtDriver'"'"'s merges into it are kept until the next reset).
    printf "%s" "$3" >/etc/init.d/containerd && chmod 755 /etc/init.d/containerd
    if [ ! -f /var/lib/vnfm-vm/containerd-config ]; then
      mkdir -p /etc/containerd && printf "%s" "$2" >/etc/containerd/config.toml && touch /var/lib/vnfm-vm/containerd-config
    fi
  ' sh "$DAEMON_JSON" "$CONTAINERD_TOML" "$CONTAINERD_INIT"
  log "VM $ip: docker group, init script limits, /etc/docker/daemon.json, containerd init script and config present"
}

status_vm() {
  local ip=$1
  if in_vm "$ip" /usr/bin/docker -H unix:///run/docker.sock version --format '{{.Server.Version}}' >/dev/null 2>&1; then
    printf '%s\tdockerd running\n' "$ip"
  else
    printf '%s\tno dockerd\n' "$ip"; return 1
  fi
}

# A scratch dockerd of the machine's own, used only to import and save the image; stopped at the end.
with_build_daemon() {
  local dir=$STATE/build
  mkdir -p "$dir"
  dockerd --data-root "$dir/data" --exec-root "$dir/exec" --pidfile "$dir/dockerd.pid" -H "unix://$dir/docker.sock" \
    --storage-driver=vfs --iptables=false --ip-masq=false --bridge=none >"$dir/dockerd.log" 2>&1 8>&- &
  local pid=$! i rc=0
  for i in $(seq 1 60); do
    DOCKER_HOST="unix://$dir/docker.sock" /usr/bin/docker version >/dev/null 2>&1 && break
    kill -0 "$pid" 2>/dev/null || die "dockerd did not start: $(tail -n 5 "$dir/dockerd.log")"
    sleep 0.5
  done
  DOCKER_HOST="unix://$dir/docker.sock" "$@" || rc=$?
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
  return $rc
}

# registry:latest from Debian's docker-registry binary and the libraries it links (ldd), with the image's
# usual layout: config /etc/docker/registry/config.yml, data /var/lib/registry, port 5000
# (REGISTRY_HTTP_ADDR overrides it, REGISTRY_AUTH_* / REGISTRY_HTTP_TLS_* add htpasswd and TLS).
# The VMs share the machine's network namespace, where a real VM's own would keep its ports to itself: the entrypoint
# turns an address without a host (":5000", the default) into the VM's own address, which the container reads from its
# hostname (dockerd gives a --network host container the VM's, vm-A-B-C-D): one registry per port per VM, as on VMs.
REGISTRY_IMAGE_RECIPE=2
REGISTRY_ENTRY='#!/bin/sh
addr=${REGISTRY_HTTP_ADDR:-:5000}
read -r host </proc/sys/kernel/hostname
case "$addr:$host" in
  :*:vm-*-*-*-*) IFS=-; set -- ${host#vm-} "$@"; IFS=" "; addr="$1.$2.$3.$4$addr"; shift 4 ;;
esac
REGISTRY_HTTP_ADDR=$addr exec /bin/registry "$@"
'
registry_image() {
  local out=$1 root lib
  [[ -s $out && $(cat "$out.recipe" 2>/dev/null) == "$REGISTRY_IMAGE_RECIPE" ]] && { log "$out exists"; return 0; }
  root=$(mktemp -d)
  mkdir -p "$root/bin" "$root/etc/docker/registry" "$root/var/lib/registry" "$root/tmp"
  cp /usr/bin/docker-registry "$root/bin/registry"
  cp /bin/dash "$root/bin/sh"
  printf '%s' "$REGISTRY_ENTRY" >"$root/bin/vm-registry" && chmod 755 "$root/bin/vm-registry"
  for lib in $({ ldd /usr/bin/docker-registry; ldd /bin/dash; } | grep -o '/[^ ]*' | sort -u); do
    mkdir -p "$root$(dirname "$lib")"
    cp -L "$lib" "$root$lib"
  done
  cat >"$root/etc/docker/registry/config.yml" <<'EOF'
version: 0.1
log:
  fields:
    service: registry
storage:
  filesystem:
    rootdirectory: /var/lib/registry
  delete:
    enabled: true
http:
  addr: :5000
EOF
  mkdir -p "$(dirname "$out")"
  with_build_daemon sh -euc '
    tar -C "$1" -c . | /usr/bin/docker import \
      -c "ENTRYPOINT [\"/bin/vm-registry\"]" -c "CMD [\"serve\", \"/etc/docker/registry/config.yml\"]" \
      -c "VOLUME /var/lib/registry" -c "EXPOSE 5000" - registry:latest >/dev/null
    /usr/bin/docker save -o "$2" registry:latest
  ' sh "$root" "$out"
  rm -rf "$root"
  printf '%s\n' "$REGISTRY_IMAGE_RECIPE" >"$out.recipe"
  log "registry:latest saved to $out ($(du -h "$out" | cut -f1))"
}

[[ $(id -u) == 0 ]] || die "must run as root"
cmd=${1:-}; shift || true
case $cmd in
  install) install_packages; install_crictl ;;
  prepare) install_packages; install_crictl; for ip in "$@"; do prepare_vm "$ip"; done ;;
  registry-image)
    [[ $# == 1 ]] || die "usage: registry-image OUT.tar"
    install_packages
    # Test files side by side ask for it at once: one builds it (one scratch daemon), the others then find it made.
    # (The scratch dockerd does not get the lock's descriptor: with_build_daemon closes 8 for it.)
    mkdir -p "$(dirname "$1")"
    exec 8>"$1.lock" && flock 8
    registry_image "$1"
    ;;
  status) rc=0; for ip in "$@"; do status_vm "$ip" || rc=1; done; exit $rc ;;
  *) die "usage: docker-vms.sh install | prepare IP... | registry-image OUT.tar | status IP..." ;;
esac
