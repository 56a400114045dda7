#!/usr/bin/env bash
# SSH hosts on loopback standing in for VMs, plus an Ansible server, for tests.
# Each simulated VM is one sshd bound to its own 127.x address and running in
# private mount/UTS/PID namespaces (see vm-init.sh), so what a test does on one
# VM is not seen on another and the machine's own /etc, /home and /usr are
# never written. See README.md next to this script.
#
#   ssh-hosts.sh up               start (idempotent); last stdout line: SSH_VMS=...
#   ssh-hosts.sh down [--purge]   stop every VM started here; --purge also deletes state
#   ssh-hosts.sh status           per-VM lines + env line; exit 1 unless all are up
#   ssh-hosts.sh env              print the env line
#   ssh-hosts.sh reset IP...      give these VMs a fresh disk (stop, wipe, start)
#
# Progress goes to stderr; stdout carries only the env line (and status lines).
set -euo pipefail
# shellcheck source=../lib/no-inherited-fds.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/no-inherited-fds.sh"

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KUBESPRAY_SRC=$(cd "$SCRIPT_DIR/../ansible/kubespray" && pwd)

STATE_DIR="${VNFM_INFRA_HOME:-$HOME/.cache/vnfm-infra}/ssh-hosts"
BASE_DIR="$STATE_DIR/base"
VMS_DIR="$STATE_DIR/vms"
RUN_DIR="$STATE_DIR/run"
LOG_DIR="$STATE_DIR/logs"
CLIENT_KEY="$STATE_DIR/id_ed25519"
LOCK_FILE="$STATE_DIR/.lock"

SSH_VM_PREFIX="${SSH_VM_PREFIX:-127.10.0}"
SSH_VM_COUNT="${SSH_VM_COUNT:-16}"
SSH_VM_PORT="${SSH_VM_PORT:-22}"
ANSIBLE_SERVER_IP="${ANSIBLE_SERVER_IP:-$SSH_VM_PREFIX.250}"
SSH_VM_START_TIMEOUT="${SSH_VM_START_TIMEOUT:-30}"
SSH_VM_STOP_TIMEOUT="${SSH_VM_STOP_TIMEOUT:-10}"

# name:password:uid. Fixed high ids so per-VM files keep their owner across
# runs and never collide with a real account of the machine.
VM_USERS=(ubuntu:ubuntu:20001 vnfm:vnfm-pass:20002)
ANSIBLE_USERS=(ansible:ansible-pass:20003 ubuntu:ubuntu:20001)
VM_GROUP=vnfmvm
VM_GID=20000
KUBESPRAY_ROOT=/home/ansible/kubespray
# Where Tacker's kubespray guide puts the root (user ubuntu); same files.
KUBESPRAY_ALIASES=(/home/ubuntu/kubespray /home/ubuntu/kubespray-2.16.0)

# Top-level directories each VM gets its own copy-on-write view of.
OVERLAY_DIRS=(etc usr var opt)

log() { printf 'ssh-hosts: %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}

# ---------------------------------------------------------------- addresses

valid_ipv4_loopback() {
  [[ $1 =~ ^127\.([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})$ ]] &&
    ((BASH_REMATCH[1] <= 255 && BASH_REMATCH[2] <= 255 && BASH_REMATCH[3] <= 254))
}

vm_addresses() {
  local i
  for ((i = 1; i <= SSH_VM_COUNT; i++)); do printf '%s.%d\n' "$SSH_VM_PREFIX" "$i"; done
}

all_addresses() {
  vm_addresses
  printf '%s\n' "$ANSIBLE_SERVER_IP"
}

check_settings() {
  if [[ ! $SSH_VM_COUNT =~ ^[0-9]+$ ]] || ((SSH_VM_COUNT < 1 || SSH_VM_COUNT > 249)); then
    die "SSH_VM_COUNT must be 1..249, got '$SSH_VM_COUNT'"
  fi
  valid_ipv4_loopback "$SSH_VM_PREFIX.1" || die "SSH_VM_PREFIX must be three octets in 127.0.0.0/8 (e.g. 127.10.0), got '$SSH_VM_PREFIX'"
  valid_ipv4_loopback "$ANSIBLE_SERVER_IP" || die "ANSIBLE_SERVER_IP must be an address in 127.0.0.0/8, got '$ANSIBLE_SERVER_IP'"
  vm_addresses | grep -qxF "$ANSIBLE_SERVER_IP" &&
    die "ANSIBLE_SERVER_IP $ANSIBLE_SERVER_IP is inside the VM pool $SSH_VM_PREFIX.1-$SSH_VM_COUNT"
  if [[ ! $SSH_VM_PORT =~ ^[0-9]+$ ]] || ((SSH_VM_PORT < 1 || SSH_VM_PORT > 65535)); then
    die "SSH_VM_PORT must be a TCP port, got '$SSH_VM_PORT'"
  fi
  case "$STATE_DIR/" in
    /etc/* | /usr/* | /var/* | /opt/*)
      die "state dir $STATE_DIR is under a directory each VM overlays; set VNFM_INFRA_HOME elsewhere (e.g. \$HOME/.cache/vnfm-infra)"
      ;;
  esac
}

vm_hostname() {
  if [[ $1 == "$ANSIBLE_SERVER_IP" ]]; then echo ansible-server; else echo "vm-${1//./-}"; fi
}

vm_users() {
  if [[ $1 == "$ANSIBLE_SERVER_IP" ]]; then printf '%s\n' "${ANSIBLE_USERS[@]}"; else printf '%s\n' "${VM_USERS[@]}"; fi
}

# ---------------------------------------------------------------- prerequisites

ensure_root() {
  [[ $(id -u) -eq 0 ]] ||
    die "must run as root: each VM needs its own mount namespace and binds port $SSH_VM_PORT (try: sudo -E bash $0 $*)"
}

# shellcheck source=../lib/apt.sh
source "$SCRIPT_DIR/../lib/apt.sh"
apt_install() { apt_ensure "$@" || die "missing packages: $*"; }

ensure_packages() {
  local pkgs=() cmd pkg
  for pair in /usr/sbin/sshd:openssh-server ssh-keygen:openssh-client sshpass:sshpass \
    ansible-playbook:ansible-core /usr/bin/python3:python3 sudo:sudo openssl:openssl \
    ss:iproute2 unshare:util-linux nsenter:util-linux /usr/sbin/haproxy:haproxy; do
    cmd=${pair%%:*} pkg=${pair#*:}
    command -v "$cmd" >/dev/null 2>&1 || pkgs+=("$pkg")
  done
  ((${#pkgs[@]} == 0)) || mapfile -t pkgs < <(printf '%s\n' "${pkgs[@]}" | sort -u)
  ((${#pkgs[@]} == 0)) || apt_install "${pkgs[@]}"
}

# Fails early, with the reason, where this sandbox cannot give a VM its own
# filesystem view (no CAP_SYS_ADMIN, or a state dir overlayfs cannot write to).
check_namespaces() {
  local probe="$STATE_DIR/.probe"
  rm -rf "$probe"
  mkdir -p "$probe"/{upper,work,merged}
  local err
  if ! err=$(unshare --mount --propagation private -- \
    mount -t overlay vnfm-probe -o "lowerdir=/etc,upperdir=$probe/upper,workdir=$probe/work" "$probe/merged" 2>&1); then
    rm -rf "$probe"
    die "cannot give VMs their own filesystem view here ($err). Needs root with CAP_SYS_ADMIN and a state dir on a filesystem overlayfs accepts as upper layer (ext4, xfs, tmpfs); try VNFM_INFRA_HOME=/dev/shm/vnfm-infra"
  fi
  rm -rf "$probe"
}

# A listener on the wildcard address owns the port on every 127.x address.
check_port_free() {
  local wildcard
  wildcard=$(ss -Hltn "sport = :$SSH_VM_PORT" | awk '{print $4}' |
    grep -E "^(0\.0\.0\.0|\*|\[::\]|\[::ffff:0\.0\.0\.0\]):$SSH_VM_PORT\$" || true)
  [[ -z $wildcard ]] ||
    die "something already listens on $wildcard (all addresses), so VMs cannot bind port $SSH_VM_PORT on their own 127.x address; stop it or use another port, e.g. SSH_VM_PORT=2222"
}

address_taken_by_other() { listening_addresses | grep -qxF "$1:$SSH_VM_PORT"; }

# ---------------------------------------------------------------- shared base layer

write_if_changed() { # path mode content
  local path=$1 mode=$2 content=$3
  if [[ ! -f $path ]] || [[ $(cat "$path") != "$content" ]]; then
    printf '%s\n' "$content" >"$path.tmp"
    chmod "$mode" "$path.tmp"
    mv -f "$path.tmp" "$path"
  fi
}

all_user_specs() { printf '%s\n' "${VM_USERS[@]}" "${ANSIBLE_USERS[@]}" | sort -u; }

# The lower layer every VM's /etc starts from: the machine's accounts plus the
# VM users, a sudoers drop-in and the sshd config and host keys, so the
# machine's own /etc/passwd and /etc/shadow stay untouched.
build_base() {
  local etc="$BASE_DIR/etc"
  mkdir -p "$etc/ssh/vnfm-vm" "$etc/sudoers.d"
  chmod 755 "$BASE_DIR" "$etc" "$etc/ssh" "$etc/ssh/vnfm-vm"

  local names name pass uid members passwd group shadow gshadow
  names=$(all_user_specs | cut -d: -f1 | paste -sd'|')
  members=$(all_user_specs | cut -d: -f1 | paste -sd,)
  passwd=$(grep -vE "^($names|$VM_GROUP):" /etc/passwd)
  group=$(grep -vE "^($names|$VM_GROUP):" /etc/group)
  shadow=$(grep -vE "^($names|$VM_GROUP):" /etc/shadow)
  gshadow=$(grep -vE "^($names|$VM_GROUP):" /etc/gshadow 2>/dev/null || true)
  while IFS=: read -r name pass uid; do
    local owner
    owner=$(getent passwd "$uid" | cut -d: -f1 || true)
    [[ -z $owner || $owner == "$name" ]] || die "uid $uid is already used by '$owner' on this machine; VM user $name needs it"
    passwd+=$'\n'"$name:x:$uid:$uid:VM user $name:/home/$name:/bin/bash"
    group+=$'\n'"$name:x:$uid:"
    gshadow+=$'\n'"$name:!::"
    # A salt derived from the name keeps the file byte-identical between runs.
    shadow+=$'\n'"$name:$(openssl passwd -6 -salt "vnfmvm${name}" "$pass"):19000:0:99999:7:::"
  done < <(all_user_specs)
  group+=$'\n'"$VM_GROUP:x:$VM_GID:$members"
  gshadow+=$'\n'"$VM_GROUP:!::$members"
  write_if_changed "$etc/passwd" 644 "$passwd"
  write_if_changed "$etc/group" 644 "$group"
  write_if_changed "$etc/shadow" 640 "$shadow"
  write_if_changed "$etc/gshadow" 640 "${gshadow#$'\n'}"
  chgrp shadow "$etc/shadow" "$etc/gshadow" 2>/dev/null || true
  write_if_changed "$etc/sudoers.d/vnfm-vm" 440 "%$VM_GROUP ALL=(ALL:ALL) NOPASSWD: ALL"

  local key
  for key in ed25519 rsa; do
    [[ -f $etc/ssh/vnfm-vm/ssh_host_${key}_key ]] ||
      ssh-keygen -q -t "$key" -N '' -C "vnfm-vm host key" -f "$etc/ssh/vnfm-vm/ssh_host_${key}_key" >&2
  done
  write_if_changed "$etc/ssh/vnfm-vm/sshd_config" 644 "$(<"$SCRIPT_DIR/sshd_config")"

  # The VM image's /usr above the machine's: systemctl for a VM without systemd (README.md).
  mkdir -p "$BASE_DIR/usr/local/bin"
  chmod 755 "$BASE_DIR/usr" "$BASE_DIR/usr/local" "$BASE_DIR/usr/local/bin"
  write_if_changed "$BASE_DIR/usr/local/bin/systemctl" 755 "$(<"$SCRIPT_DIR/systemctl")"

  [[ -f $CLIENT_KEY ]] || ssh-keygen -q -t ed25519 -N '' -C "vnfm-test-client" -f "$CLIENT_KEY" >&2
}

# ---------------------------------------------------------------- one VM

vm_dir() { printf '%s/%s\n' "$VMS_DIR" "$1"; }
pid_file() { printf '%s/%s.pid\n' "$RUN_DIR" "$1"; }

# Prints the pid of the VM's namespace holder (unshare) if it is ours and alive.
vm_pid() {
  local f pid
  f=$(pid_file "$1")
  [[ -f $f ]] || return 1
  pid=$(<"$f")
  [[ $pid =~ ^[0-9]+$ ]] && [[ -r /proc/$pid/cmdline ]] || return 1
  holds_vm "$pid" "$1" || return 1
  printf '%s\n' "$pid"
}

# Whether process $1 is the namespace holder of VM $2 (its argv names the VM's init).
holds_vm() { tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -qF "vm-init.sh $2 "; }

# The VM's PID 1 (its sshd), i.e. the process whose mount namespace is the VM.
vm_init_pid() {
  local holder
  holder=$(vm_pid "$1") || return 1
  head -n1 "/proc/$holder/task/$holder/children" 2>/dev/null | awk '{print $1}' | grep -E '^[0-9]+$'
}

ssh_banner() { # ip -> succeeds if an SSH server answers there
  # shellcheck disable=SC2016 # expanded by the inner bash
  timeout 3 bash -c 'exec 3<>"/dev/tcp/$1/$2" && IFS= read -r -t 2 line <&3 && [[ $line == SSH-2.0-* ]]' _ "$1" "$SSH_VM_PORT" 2>/dev/null
}

listening_addresses() { ss -Hltn "sport = :$SSH_VM_PORT" | awk '{print $4}'; }

# ip [listeners] -> our process holds it and something listens on ip:port.
# (The banner is checked once at start; re-checking all 17 costs ~40 ms each.)
vm_running() {
  local listeners=${2-$(listening_addresses)}
  vm_pid "$1" >/dev/null && grep -qxF "$1:$SSH_VM_PORT" <<<"$listeners"
}

# Files a fresh VM has on its "disk" (the per-VM upper layers and binds).
prepare_vm() {
  local ip=$1 dir host
  dir=$(vm_dir "$ip")
  host=$(vm_hostname "$ip")
  local d
  for d in "${OVERLAY_DIRS[@]}"; do
    [[ -d /$d ]] || die "/$d does not exist on this machine"
    mkdir -p "$dir/$d" "$dir/.work/$d"
    chmod 755 "$dir/$d"
  done
  mkdir -p "$dir/home" "$dir/root" "$dir/tmp" "$dir/var/lib/vnfm-vm"
  chmod 755 "$dir/home" "$dir/var" "$dir/var/lib" "$dir/var/lib/vnfm-vm"
  chmod 700 "$dir/root"
  chmod 1777 "$dir/tmp"

  [[ -f $dir/etc/hosts ]] || printf '127.0.0.1\tlocalhost\n%s\t%s\n::1\tlocalhost ip6-localhost ip6-loopback\n' "$ip" "$host" >"$dir/etc/hosts"
  printf '%s\n' "$host" >"$dir/etc/hostname"
  printf 'address=%s\nhostname=%s\nrole=%s\n' "$ip" "$host" \
    "$([[ $ip == "$ANSIBLE_SERVER_IP" ]] && echo ansible-server || echo vm)" >"$dir/var/lib/vnfm-vm/identity"
  chmod 644 "$dir/etc/hosts" "$dir/etc/hostname" "$dir/var/lib/vnfm-vm/identity"

  local name pass uid home
  while IFS=: read -r name pass uid; do
    home="$dir/home/$name"
    mkdir -p "$home/.ssh"
    cp "$CLIENT_KEY.pub" "$home/.ssh/authorized_keys"
    chmod 755 "$home"
    chmod 700 "$home/.ssh"
    chmod 600 "$home/.ssh/authorized_keys"
    chown "$uid:$uid" "$home" "$home/.ssh" "$home/.ssh/authorized_keys"
  done < <(vm_users "$ip")

  if [[ $ip == "$ANSIBLE_SERVER_IP" ]]; then
    local alias
    for alias in "${KUBESPRAY_ALIASES[@]}"; do
      [[ -e $dir$alias || -L $dir$alias ]] || ln -s "$KUBESPRAY_ROOT" "$dir$alias"
    done
  fi
}

start_vm() {
  local ip=$1
  address_taken_by_other "$ip" && die "$ip:$SSH_VM_PORT is already in use by a process this script did not start"
  prepare_vm "$ip"
  # setsid: own session, so nothing here waits on the caller's terminal; fd 9
  # (the lock) and stdout are not inherited, so callers do not hang on them.
  setsid unshare --mount --uts --pid --fork --mount-proc --propagation private --kill-child \
    -- bash "$SCRIPT_DIR/vm-init.sh" "$ip" "$SSH_VM_PORT" "$STATE_DIR" "$(vm_hostname "$ip")" \
    </dev/null >>"$LOG_DIR/$ip.log" 2>&1 9>&- &
  local pid=$! tries=0
  echo "$pid" >"$(pid_file "$ip")"
  # Until the child has exec'd, its argv is still this script's and vm_pid would take the VM for gone (under load, long
  # enough for wait_vm to report it exited): wait for its own argv.
  while alive "$pid" && ! holds_vm "$pid" "$ip" && ((tries++ < 200)); do
    sleep 0.05
  done
}

wait_vm() {
  local ip=$1 deadline=$((SECONDS + SSH_VM_START_TIMEOUT))
  until ssh_banner "$ip"; do
    vm_pid "$ip" >/dev/null || die "VM $ip exited during start; last lines of $LOG_DIR/$ip.log:"$'\n'"$(tail -n 15 "$LOG_DIR/$ip.log")"
    ((SECONDS < deadline)) || die "VM $ip did not answer on port $SSH_VM_PORT within ${SSH_VM_START_TIMEOUT}s; see $LOG_DIR/$ip.log"
    sleep 0.1
  done
}

# Alive and not a zombie: the holders are orphans once their starter exits,
# and this machine's PID 1 may take seconds to reap them.
alive() {
  local state
  state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
  [[ -n $state && $state != Z ]]
}

# Killing a namespace's PID 1 makes the kernel kill every process in it: sshd,
# its sessions and anything they left running. All VMs are signalled first,
# then waited for together.
stop_vms() {
  local ip holder init holders=() deadline
  for ip in "$@"; do
    if holder=$(vm_pid "$ip"); then
      init=$(vm_init_pid "$ip" || true)
      [[ -z $init ]] || kill -TERM "$init" 2>/dev/null || true
      holders+=("$ip:$holder")
    else
      rm -f "$(pid_file "$ip")"
    fi
  done
  deadline=$((SECONDS + SSH_VM_STOP_TIMEOUT))
  local entry
  for entry in "${holders[@]}"; do
    ip=${entry%%:*} holder=${entry#*:}
    while alive "$holder" && ((SECONDS < deadline)); do sleep 0.05; done
    if alive "$holder"; then
      log "VM $ip did not stop on SIGTERM; killing it"
      kill -KILL -- "-$holder" 2>/dev/null || kill -KILL "$holder" 2>/dev/null || true
      while alive "$holder"; do sleep 0.05; done
    fi
    rm -f "$(pid_file "$ip")"
  done
}

# Ships the repo's kubespray root into the running Ansible server when it
# changed, so edits to the playbooks reach tests without a restart.
sync_kubespray() {
  local ip=$ANSIBLE_SERVER_IP stamp_file hash init owner_uid
  owner_uid=$(cut -d: -f3 <<<"${ANSIBLE_USERS[0]}")
  stamp_file="$(vm_dir "$ip")/.kubespray-stamp"
  hash=$(cd "$KUBESPRAY_SRC" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
  [[ -f $stamp_file && $(<"$stamp_file") == "$hash" ]] && return 0
  init=$(vm_init_pid "$ip") || die "Ansible server $ip is not running"
  log "copying kubespray test root to $ip:$KUBESPRAY_ROOT"
  # shellcheck disable=SC2016 # expanded by the inner bash
  tar -C "$KUBESPRAY_SRC" -cf - . | nsenter --target "$init" --mount -- bash -c '
    set -euo pipefail
    mkdir -p "$1" && tar -C "$1" --no-same-owner -xf - &&
      chown -R "$2" "$1" && chmod -R g+w "$1" && find "$1" -type d -exec chmod g+s {} +' _ \
    "$KUBESPRAY_ROOT" "$owner_uid:$VM_GID"
  printf '%s\n' "$hash" >"$stamp_file"
}

# ---------------------------------------------------------------- commands

env_line() {
  local vms users ansible_users
  vms=$(vm_addresses | paste -sd,)
  users=$(printf '%s\n' "${VM_USERS[@]}" | cut -d: -f1,2 | paste -sd,)
  ansible_users=$(printf '%s\n' "${ANSIBLE_USERS[@]}" | cut -d: -f1,2 | paste -sd,)
  printf 'SSH_VMS=%s SSH_VM_PORT=%s SSH_USERS=%s SSH_KEY=%q ANSIBLE_SERVER=%s ANSIBLE_USERS=%s KUBESPRAY_ROOT=%s\n' \
    "$vms" "$SSH_VM_PORT" "$users" "$CLIENT_KEY" "$ANSIBLE_SERVER_IP" "$ansible_users" "$KUBESPRAY_ROOT"
}

take_lock() {
  mkdir -p "$STATE_DIR"
  exec 9>"$LOCK_FILE"
  flock -w 300 9 || die "another ssh-hosts.sh holds $LOCK_FILE for over 5 minutes"
}

cmd_up() {
  ensure_root up
  check_settings
  take_lock
  local missing=() ip listeners
  listeners=$(listening_addresses)
  while read -r ip; do vm_running "$ip" "$listeners" || missing+=("$ip"); done < <(all_addresses)
  if ((${#missing[@]} == 0)); then
    ensure_packages # a package added since the VMs started (haproxy) is installed without a restart
    sync_kubespray
    env_line
    return 0
  fi

  mkdir -p "$VMS_DIR" "$RUN_DIR" "$LOG_DIR"
  chmod 700 "$STATE_DIR"
  ensure_packages
  check_namespaces
  build_base
  mkdir -p /run/sshd # privilege-separation dir sshd insists on; tmpfs, shared by all VMs
  check_port_free
  log "starting ${#missing[@]} VM(s) on port $SSH_VM_PORT: ${missing[0]} .. ${missing[-1]}"
  stop_vms "${missing[@]}" # half-dead ones from an earlier run
  for ip in "${missing[@]}"; do start_vm "$ip"; done
  for ip in "${missing[@]}"; do wait_vm "$ip"; done
  sync_kubespray
  log "up: $SSH_VM_COUNT VMs $SSH_VM_PREFIX.1-$SSH_VM_COUNT, Ansible server $ANSIBLE_SERVER_IP; state in $STATE_DIR"
  env_line
}

cmd_down() {
  local purge=0
  [[ ${1:-} == --purge ]] && purge=1
  ensure_root down
  [[ -d $STATE_DIR ]] || return 0
  take_lock
  local f ips=()
  shopt -s nullglob
  for f in "$RUN_DIR"/*.pid; do ips+=("$(basename "$f" .pid)"); done
  ((${#ips[@]} == 0)) || stop_vms "${ips[@]}"
  log "stopped ${#ips[@]} VM(s)"
  if ((purge)); then
    rm -rf --one-file-system "$STATE_DIR"
    log "purged $STATE_DIR"
  fi
}

cmd_status() {
  check_settings
  local ip ok=1 pid listeners
  listeners=$(listening_addresses)
  while read -r ip; do
    if vm_running "$ip" "$listeners"; then
      pid=$(vm_pid "$ip")
      printf '%s\t%s\trunning\tpid=%s\n' "$ip" "$(vm_hostname "$ip")" "$pid"
    else
      printf '%s\t%s\tstopped\n' "$ip" "$(vm_hostname "$ip")"
      ok=0
    fi
  done < <(all_addresses)
  env_line
  ((ok))
}

cmd_reset() {
  (($# > 0)) || die "usage: ssh-hosts.sh reset IP..."
  ensure_root reset
  check_settings
  local ip
  # Not `all_addresses | grep -q`: grep ends at the first match, the writer gets SIGPIPE and pipefail fails the check.
  for ip in "$@"; do grep -qxF "$ip" < <(all_addresses) || die "$ip is not one of the managed addresses"; done
  take_lock
  stop_vms "$@"
  for ip in "$@"; do
    rm -rf --one-file-system "$(vm_dir "$ip")"
    log "wiped $ip"
  done
  exec 9>&-
  cmd_up
}

case "${1:-}" in
  up) cmd_up ;;
  down) cmd_down "${2:-}" ;;
  status) cmd_status ;;
  env) check_settings && env_line ;;
  reset)
    shift
    cmd_reset "$@"
    ;;
  *)
    echo "usage: $0 up | down [--purge] | status | env | reset IP..." >&2
    exit 2
    ;;
esac
