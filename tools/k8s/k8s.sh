#!/usr/bin/env bash
# shellcheck disable=SC2317 # health checks are called indirectly (wait_for)
# A real Kubernetes control plane for the VNFM integration tests (test
# infrastructure only): etcd (Debian), kube-apiserver, kube-controller-manager
# and kube-scheduler built from source (tools/k8s/main.go), and kwok faking
# three nodes so that pods become Running/Ready without a container runtime.
#
#   k8s.sh up [--no-wait]  build if needed, start (idempotent); the LAST line
#                          printed is `K8S_VIM_FILE=... K8S_KUBECONFIG=...`
#   k8s.sh down [--purge]  stop everything (--purge also wipes the state dir)
#   k8s.sh status          what runs; exit 0 when up and ready, 3 otherwise
#   k8s.sh env             shell exports for a running cluster (eval "$(...)")
#   k8s.sh build           only build/cache the binaries, print the bin dir
#   k8s.sh kubectl ARGS... the bundled kubectl with the admin kubeconfig
#   k8s.sh sweep           delete what test runs left behind (nodes of the
#                          kubespray and kubeadm stand-ins, kubeadm's objects)
#
# See tools/k8s/README.md for ports, users, tokens and file locations.
set -Eeuo pipefail
# shellcheck source=../lib/no-inherited-fds.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/no-inherited-fds.sh"

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib/apt.sh
source "$SCRIPT_DIR/../lib/apt.sh"

# ---- pinned versions ------------------------------------------------------
# Kubernetes is pinned in go.mod (k8s.io/kubernetes + the staging replaces).
KWOK_VERSION="v0.8.0"
# Bump when the way binaries are built changes (flags, stage files...).
BUILD_REV="1"

# ---- layout and ports (override with environment variables) ---------------
INFRA_HOME="${VNFM_INFRA_HOME:-$HOME/.cache/vnfm-infra}"
K8S_HOME="$INFRA_HOME/k8s"
STATE_DIR="${VNFM_K8S_STATE_DIR:-$K8S_HOME/state}"
ETCD_PORT="${VNFM_K8S_ETCD_PORT:-23790}"
ETCD_PEER_PORT="${VNFM_K8S_ETCD_PEER_PORT:-23800}"
API_PORT="${VNFM_K8S_API_PORT:-16443}"
KCM_PORT="${VNFM_K8S_KCM_PORT:-16457}"
SCHED_PORT="${VNFM_K8S_SCHEDULER_PORT:-16459}"
OIDC_PORT="${VNFM_K8S_OIDC_PORT:-16444}"
TENANT_NS="${VNFM_K8S_TENANT_NAMESPACE:-vnf-tenant}"
TENANT_USER="vnf-tenant-user"
ADMIN_USER="vnfm-admin"
# The OIDC provider's user (Tacker's OIDC VIM: oidc_token_url, username, password, client_id, client_secret).
OIDC_USER="vnfm-oidc-user"
OIDC_CLIENT="tacker"
OIDC_GROUP="vnf-oidc-admins"
NODE_COUNT=3
SERVICE_CIDR="10.96.0.0/16"
POD_CIDR="10.244.0.0/16"
START_TIMEOUT="${VNFM_K8S_START_TIMEOUT:-180}" # seconds, per wait
STOP_TIMEOUT="${VNFM_K8S_STOP_TIMEOUT:-20}"    # seconds before SIGKILL

API_URL="https://127.0.0.1:${API_PORT}"
OIDC_URL="https://127.0.0.1:${OIDC_PORT}"
PKI="$STATE_DIR/pki"
RUN="$STATE_DIR/run"
LOGS="$STATE_DIR/logs"
VIM_FILE="$STATE_DIR/vim.yaml"
TENANT_VIM_FILE="$STATE_DIR/vim-tenant.yaml"
OIDC_VIM_FILE="$STATE_DIR/vim-oidc.yaml"
ADMIN_KUBECONFIG="$STATE_DIR/admin.kubeconfig"
TENANT_KUBECONFIG="$STATE_DIR/tenant.kubeconfig"
# Start order; `down` stops in reverse.
COMPONENTS=(etcd oidc-provider kube-apiserver kube-controller-manager kube-scheduler kwok)

log() { printf '[k8s] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# ---- build ----------------------------------------------------------------
build_key() {
  {
    cat "$SCRIPT_DIR/go.mod" "$SCRIPT_DIR/go.sum" "$SCRIPT_DIR/main.go"
    echo "kwok=$KWOK_VERSION build=$BUILD_REV"
  } | sha256sum | cut -c1-16
}

BIN_DIR="$K8S_HOME/bin-$(build_key)"

k8s_version() { awk '$1 == "k8s.io/kubernetes" && $2 ~ /^v/ { print $2; exit }' "$SCRIPT_DIR/go.mod"; }

ensure_built() {
  [[ -f "$BIN_DIR/.complete" ]] && return 0
  command -v go >/dev/null || die "go is required to build the control plane (once per pinned version)"
  local version minor tmp started
  version="$(k8s_version)"
  [[ -n "$version" ]] || die "cannot read the k8s.io/kubernetes version from go.mod"
  minor="${version#v1.}"; minor="${minor%%.*}"
  mkdir -p "$K8S_HOME"
  rm -rf "$K8S_HOME"/.build-* # leftovers of interrupted builds (we hold the lock)
  tmp="$(mktemp -d "$K8S_HOME/.build-XXXXXX")"
  started=$SECONDS
  log "building Kubernetes $version components and kwok $KWOK_VERSION into $BIN_DIR"
  log "(cold build from source takes a long time on a small machine; later runs reuse it)"
  # (set -e does not apply inside a subshell whose status is tested: every
  # step below ends in `|| exit 1`.)
  (
    cd "$SCRIPT_DIR" || exit 1
    export GOFLAGS="-buildvcs=false" CGO_ENABLED=0
    go build -trimpath -ldflags "-s -w \
      -X k8s.io/component-base/version.gitVersion=$version \
      -X k8s.io/component-base/version.gitMajor=1 \
      -X k8s.io/component-base/version.gitMinor=$minor \
      -X k8s.io/component-base/version.gitTreeState=clean \
      -X k8s.io/component-base/version.buildDate=1970-01-01T00:00:00Z" \
      -o "$tmp/k8s" . || exit 1
    GOBIN="$tmp" go install -trimpath -ldflags "-s -w" "sigs.k8s.io/kwok/cmd/kwok@$KWOK_VERSION" || exit 1
    # kwok ships no built-in stages when run standalone: take the upstream
    # "fast" node and pod stages (what kwokctl uses) from the same module.
    kwok_dir="$(go mod download -json "sigs.k8s.io/kwok@$KWOK_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')" || exit 1
    [[ -d "$kwok_dir/kustomize/stage" ]] || { echo "kwok module source not found" >&2; exit 1; }
    first=1
    for stage in node/fast/node-initialize.yaml \
                 node/heartbeat-with-lease/node-heartbeat-with-lease.yaml \
                 pod/fast/pod-ready.yaml pod/fast/pod-complete.yaml pod/fast/pod-delete.yaml; do
      ((first)) || echo '---'
      first=0
      cat "$kwok_dir/kustomize/stage/$stage" || exit 1
    done > "$tmp/kwok-stages.yaml" || exit 1
  ) || { rm -rf "$tmp"; die "build failed"; }
  local name
  for name in kube-apiserver kube-controller-manager kube-scheduler kubectl; do
    ln -s k8s "$tmp/$name"
  done
  printf 'kubernetes=%s kwok=%s build_seconds=%s\n' "$version" "$KWOK_VERSION" "$((SECONDS - started))" > "$tmp/.complete"
  rm -rf "$BIN_DIR"
  mv "$tmp" "$BIN_DIR"
  log "built in $((SECONDS - started))s"
}

# The OIDC provider (oidc-provider/main.go, standard library only) is built on
# its own, keyed by its source: changing it never rebuilds Kubernetes.
OIDC_BIN="$K8S_HOME/oidc-provider-$(sha256sum "$SCRIPT_DIR/oidc-provider/main.go" | cut -c1-16)"

ensure_oidc_built() {
  [[ -x "$OIDC_BIN" ]] && return 0
  command -v go >/dev/null || die "go is required to build the OIDC provider"
  log "building the test OIDC provider into $OIDC_BIN"
  (cd "$SCRIPT_DIR" && GOFLAGS="-buildvcs=false" CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$OIDC_BIN.tmp" ./oidc-provider) || die "building the OIDC provider failed"
  mv "$OIDC_BIN.tmp" "$OIDC_BIN"
}

# ---- process management ---------------------------------------------------
pid_of() { # prints the pid of a running component, fails when it is not running
  local file="$RUN/$1.pid" pid
  [[ -f "$file" ]] || return 1
  pid="$(<"$file")"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
  carries_state_dir "$pid" || return 1
  echo "$pid"
}

# Guard against pid reuse: our processes always carry the state dir in argv.
carries_state_dir() { tr '\0' ' ' < "/proc/$1/cmdline" 2>/dev/null | grep -qF -- "$STATE_DIR"; }

running() { pid_of "$1" >/dev/null; }

start_component() { # name, command...
  local name="$1"; shift
  mkdir -p "$RUN" "$LOGS"
  log "starting $name (log: $LOGS/$name.log)"
  # setsid: each component leads its own process group, so `down` can signal
  # the whole group. (A non-interactive shell's background child is no group
  # leader, so setsid execs in place and $! is the component's pid.)
  # 9>&-: the component must not inherit (and so hold) the script's lock.
  setsid "$@" >>"$LOGS/$name.log" 2>&1 </dev/null 9>&- &
  local pid=$! tries=0
  echo "$pid" > "$RUN/$name.pid"
  # Until the child has exec'd, its argv is still this script's and pid_of would take it for gone (under load, long
  # enough for wait_for to report the component exited): wait for the component's own argv.
  while kill -0 "$pid" 2>/dev/null && ! carries_state_dir "$pid" && ((tries++ < 200)); do
    sleep 0.05
  done
}

group_alive() { kill -0 -- "-$1" 2>/dev/null; }

stop_component() {
  local name="$1" pid waited=0
  pid="$(pid_of "$name")" || { rm -f "$RUN/$name.pid"; return 0; }
  log "stopping $name (pid $pid)"
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
  while group_alive "$pid" && ((waited < STOP_TIMEOUT * 10)); do
    sleep 0.1; waited=$((waited + 1))
  done
  if group_alive "$pid"; then
    log "$name did not stop within ${STOP_TIMEOUT}s: SIGKILL"
    kill -KILL -- "-$pid" 2>/dev/null || true
    sleep 0.2
  fi
  rm -f "$RUN/$name.pid"
}

stray_pids() { # processes of ours whose pid files were lost (argv names the state dir)
  local pid
  for pid in $(pgrep -f -- "$STATE_DIR/" || true); do
    [[ "$pid" == "$$" || "$pid" == "$BASHPID" ]] && continue
    tr '\0' '\n' < "/proc/$pid/cmdline" 2>/dev/null | head -n1 | grep -qE '(^|/)(etcd|k8s|kube-[a-z-]+|kwok|oidc-provider-[0-9a-f]+)$' && echo "$pid"
  done
}

stop_all() {
  local i pid
  for ((i = ${#COMPONENTS[@]} - 1; i >= 0; i--)); do
    stop_component "${COMPONENTS[i]}"
  done
  for pid in $(stray_pids); do
    log "stopping leftover process $pid"
    kill -TERM "$pid" 2>/dev/null || true
  done
  sleep 0.5
  for pid in $(stray_pids); do kill -KILL "$pid" 2>/dev/null || true; done
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# wait_for DESCRIPTION COMPONENT COMMAND...: polls COMMAND until it succeeds,
# failing early when COMPONENT's process has exited.
wait_for() {
  local what="$1" component="$2"; shift 2
  local deadline=$((SECONDS + START_TIMEOUT))
  until "$@" >/dev/null 2>&1; do
    if [[ -n "$component" ]] && ! running "$component"; then
      log "$component exited; last log lines:"
      tail -n 30 "$LOGS/$component.log" >&2 || true
      return 1
    fi
    if ((SECONDS >= deadline)); then
      log "timed out after ${START_TIMEOUT}s waiting for $what"
      [[ -n "$component" ]] && { tail -n 30 "$LOGS/$component.log" >&2 || true; }
      return 1
    fi
    sleep 0.5
  done
}

# ---- state: PKI, tokens, kubeconfigs, VIM files --------------------------
ensure_pki() {
  mkdir -p "$PKI"
  chmod 700 "$STATE_DIR" "$PKI"
  if [[ ! -f "$PKI/ca.crt" ]]; then
    log "creating CA, serving certificate and service-account keys in $PKI"
    openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 3650 \
      -keyout "$PKI/ca.key" -out "$PKI/ca.crt" -subj "/CN=vnfm-test-kubernetes-ca" \
      -addext "basicConstraints=critical,CA:TRUE" \
      -addext "keyUsage=critical,keyCertSign,cRLSign,digitalSignature" 2>/dev/null
    rm -f "$PKI/apiserver.crt"
  fi
  if [[ ! -f "$PKI/apiserver.crt" ]]; then
    openssl req -newkey rsa:2048 -nodes -sha256 -keyout "$PKI/apiserver.key" \
      -out "$PKI/apiserver.csr" -subj "/CN=kube-apiserver" 2>/dev/null
    cat > "$PKI/apiserver.ext" <<EOF
basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature,keyEncipherment
extendedKeyUsage=serverAuth
subjectAltName=IP:127.0.0.1,DNS:localhost,IP:10.96.0.1,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local
EOF
    openssl x509 -req -in "$PKI/apiserver.csr" -CA "$PKI/ca.crt" -CAkey "$PKI/ca.key" \
      -CAcreateserial -days 3650 -sha256 -extfile "$PKI/apiserver.ext" \
      -out "$PKI/apiserver.crt" 2>/dev/null
    rm -f "$PKI/apiserver.csr"
  fi
  if [[ ! -f "$PKI/oidc.crt" ]]; then
    openssl req -newkey rsa:2048 -nodes -sha256 -keyout "$PKI/oidc.key" \
      -out "$PKI/oidc.csr" -subj "/CN=vnfm-test-oidc-provider" 2>/dev/null
    printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n' > "$PKI/oidc.ext"
    openssl x509 -req -in "$PKI/oidc.csr" -CA "$PKI/ca.crt" -CAkey "$PKI/ca.key" \
      -CAcreateserial -days 3650 -sha256 -extfile "$PKI/oidc.ext" -out "$PKI/oidc.crt" 2>/dev/null
    rm -f "$PKI/oidc.csr"
  fi
  [[ -f "$PKI/oidc-signing.key" ]] || openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$PKI/oidc-signing.key" 2>/dev/null
  if [[ ! -f "$PKI/sa.key" ]]; then
    openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$PKI/sa.key" 2>/dev/null
    openssl pkey -in "$PKI/sa.key" -pubout -out "$PKI/sa.pub"
  fi
  chmod 600 "$PKI"/*.key
}

token() { # name: a random bearer token, kept across restarts (not across --purge)
  local file="$STATE_DIR/tokens/$1.token"
  if [[ ! -s "$file" ]]; then
    mkdir -p "$STATE_DIR/tokens"
    chmod 700 "$STATE_DIR/tokens"
    (umask 077; openssl rand -hex 32 > "$file")
  fi
  cat "$file"
}

ensure_tokens() {
  # token,user,uid,"groups" (kube-apiserver --token-auth-file format)
  local tmp="$STATE_DIR/tokens.csv.tmp"
  (umask 077; {
    echo "$(token admin),$ADMIN_USER,$ADMIN_USER,\"system:masters\""
    echo "$(token tenant),$TENANT_USER,$TENANT_USER,\"vnf-tenants\""
    echo "$(token kube-controller-manager),system:kube-controller-manager,system:kube-controller-manager"
    echo "$(token kube-scheduler),system:kube-scheduler,system:kube-scheduler"
    echo "$(token kwok),kwok-controller,kwok-controller,\"system:masters\""
  } > "$tmp")
  mv "$tmp" "$STATE_DIR/tokens.csv"
  # The OIDC provider's accounts, and the API server's trust in its ID tokens
  # (structured authentication: usernames and groups prefixed "oidc:").
  printf '%s:%s:%s\n' "$OIDC_USER" "$(token oidc-user)" "$OIDC_GROUP" | write_file "$STATE_DIR/oidc-users"
  printf '%s:%s\n' "$OIDC_CLIENT" "$(token oidc-client)" | write_file "$STATE_DIR/oidc-clients"
  write_file "$STATE_DIR/authentication-config.yaml" <<EOF
apiVersion: apiserver.config.k8s.io/v1
kind: AuthenticationConfiguration
jwt:
- issuer:
    url: $OIDC_URL
    audiences: [$OIDC_CLIENT]
    certificateAuthority: |
$(sed 's/^/      /' "$PKI/ca.crt")
  claimMappings:
    username: {claim: sub, prefix: "oidc:"}
    groups: {claim: groups, prefix: "oidc:"}
EOF
}

write_file() { # path: atomically writes stdin, mode 600
  local tmp="$1.tmp.$$"
  (umask 077; cat > "$tmp")
  mv "$tmp" "$1"
}

write_kubeconfig() { # path user token [namespace]
  local ca_data
  ca_data="$(base64 -w0 < "$PKI/ca.crt")"
  write_file "$1" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: vnfm-test
  cluster:
    server: $API_URL
    certificate-authority-data: $ca_data
users:
- name: $2
  user:
    token: $3
contexts:
- name: $2@vnfm-test
  context:
    cluster: vnfm-test
    user: $2
    namespace: ${4:-default}
current-context: $2@vnfm-test
EOF
}

write_vim_file() { # path token project
  # Tacker's `openstack vim register --config-file` format, with the PEM as a
  # literal multi-line double-quoted string exactly as in Tacker's docs.
  write_file "$1" <<EOF
auth_url: "$API_URL"
bearer_token: "$2"
ssl_ca_cert: "$(cat "$PKI/ca.crt")"
project_name: "$3"
type: "kubernetes"
EOF
}

write_oidc_vim_file() { # path project: Tacker's OIDC VIM format (corpus vim-configs/k8s-vim-oidc.yaml)
  write_file "$1" <<EOF
auth_url: "$API_URL"
project_name: "$2"
oidc_token_url: "$OIDC_URL/token"
username: "$OIDC_USER"
password: "$(token oidc-user)"
client_id: "$OIDC_CLIENT"
client_secret: "$(token oidc-client)"
ssl_ca_cert: "$(cat "$PKI/ca.crt")"
type: "kubernetes"
EOF
}

write_client_files() {
  write_kubeconfig "$ADMIN_KUBECONFIG" "$ADMIN_USER" "$(token admin)"
  write_kubeconfig "$TENANT_KUBECONFIG" "$TENANT_USER" "$(token tenant)" "$TENANT_NS"
  write_kubeconfig "$STATE_DIR/kube-controller-manager.kubeconfig" system:kube-controller-manager "$(token kube-controller-manager)"
  write_kubeconfig "$STATE_DIR/kube-scheduler.kubeconfig" system:kube-scheduler "$(token kube-scheduler)"
  write_kubeconfig "$STATE_DIR/kwok.kubeconfig" kwok-controller "$(token kwok)"
  write_vim_file "$VIM_FILE" "$(token admin)" default
  write_vim_file "$TENANT_VIM_FILE" "$(token tenant)" "$TENANT_NS"
  write_oidc_vim_file "$OIDC_VIM_FILE" default
}

# ---- health checks --------------------------------------------------------
etcd_healthy() { curl -fsS --max-time 2 "http://127.0.0.1:$ETCD_PORT/health" 2>/dev/null | grep -q '"health":"true"'; }
api_ready() {
  curl -fsS --max-time 3 --cacert "$PKI/ca.crt" -H "Authorization: Bearer $(token admin)" "$API_URL/readyz" 2>/dev/null | grep -qx ok
}
oidc_ready() { curl -fsS --max-time 2 --cacert "$PKI/ca.crt" "$OIDC_URL/.well-known/openid-configuration" 2>/dev/null | grep -q '"issuer"'; }
component_healthy() { curl -fsSk --max-time 2 "https://127.0.0.1:$1/healthz" 2>/dev/null | grep -qx ok; }
kubectl_admin() { "$BIN_DIR/kubectl" --kubeconfig "$ADMIN_KUBECONFIG" "$@"; }
nodes_ready() {
  local ready
  ready="$(kubectl_admin get nodes -l type=kwok \
    -o jsonpath='{range .items[*]}{.status.conditions[?(@.type=="Ready")].status}{"\n"}{end}' | grep -cx True)" || return 1
  ((ready >= NODE_COUNT))
}
tenant_sa_exists() { kubectl_admin -n "$TENANT_NS" get serviceaccount default; }

all_running() {
  local c
  for c in "${COMPONENTS[@]}"; do running "$c" || return 1; done
}

# ---- bootstrap objects ----------------------------------------------------
bootstrap_objects() {
  local i manifest
  manifest="apiVersion: v1
kind: Namespace
metadata:
  name: $TENANT_NS
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: vnf-tenant-admin
  namespace: $TENANT_NS
rules:
- apiGroups: [\"*\"]
  resources: [\"*\"]
  verbs: [\"*\"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: vnf-tenant-admin
  namespace: $TENANT_NS
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: vnf-tenant-admin
subjects:
- apiGroup: rbac.authorization.k8s.io
  kind: User
  name: $TENANT_USER
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: vnfm-oidc-admins
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: cluster-admin
subjects:
- apiGroup: rbac.authorization.k8s.io
  kind: Group
  name: oidc:$OIDC_GROUP"
  for ((i = 0; i < NODE_COUNT; i++)); do
    # No taints: ordinary workloads schedule onto the fake nodes.
    manifest+="
---
apiVersion: v1
kind: Node
metadata:
  name: kwok-node-$i
  annotations:
    kwok.x-k8s.io/node: fake
    node.alpha.kubernetes.io/ttl: \"0\"
  labels:
    type: kwok
    kubernetes.io/arch: amd64
    kubernetes.io/os: linux
    kubernetes.io/hostname: kwok-node-$i
    node-role.kubernetes.io/agent: \"\"
    topology.kubernetes.io/zone: zone-$i
status:
  allocatable: {cpu: \"32\", memory: 256Gi, pods: \"110\"}
  capacity: {cpu: \"32\", memory: 256Gi, pods: \"110\"}
  nodeInfo: {architecture: amd64, operatingSystem: linux, kubeletVersion: fake, kubeProxyVersion: fake}"
  done
  printf '%s\n' "$manifest" | kubectl_admin apply -f - >/dev/null
}

# ---- commands ---------------------------------------------------------------
print_summary() {
  cat <<EOF
Kubernetes $(k8s_version) control plane is up (state: $STATE_DIR)
  API server      $API_URL   (etcd 127.0.0.1:$ETCD_PORT)
  admin           user $ADMIN_USER (system:masters), kubeconfig $ADMIN_KUBECONFIG
  tenant          user $TENANT_USER (namespace $TENANT_NS only), kubeconfig $TENANT_KUBECONFIG
  VIM files       $VIM_FILE (admin), $TENANT_VIM_FILE (tenant), $OIDC_VIM_FILE (OIDC user $OIDC_USER via $OIDC_URL)
  fake nodes      $(kubectl_admin get nodes -l type=kwok -o name 2>/dev/null | tr '\n' ' ')
  kubectl         bash $SCRIPT_DIR/k8s.sh kubectl get pods -A
K8S_VIM_FILE=$VIM_FILE K8S_TENANT_VIM_FILE=$TENANT_VIM_FILE K8S_OIDC_VIM_FILE=$OIDC_VIM_FILE K8S_KUBECONFIG=$ADMIN_KUBECONFIG K8S_TENANT_KUBECONFIG=$TENANT_KUBECONFIG K8S_AUTH_URL=$API_URL K8S_NAMESPACE=$TENANT_NS
EOF
}

with_lock() {
  mkdir -p "$K8S_HOME"
  exec 9>"$K8S_HOME/.lock"
  flock 9
}

# Debian packages the control plane needs besides what is built here
# (tools/lib/apt.sh keeps the package's own etcd service from starting.)
ensure_packages() {
  local missing=()
  command -v etcd >/dev/null || missing+=(etcd-server)
  command -v openssl >/dev/null || missing+=(openssl)
  command -v curl >/dev/null || missing+=(curl)
  command -v flock >/dev/null || missing+=(util-linux)
  command -v pgrep >/dev/null || missing+=(procps)
  ((${#missing[@]} == 0)) && return 0
  apt_ensure "${missing[@]}" || die "missing ${missing[*]}"
}

cmd_up() {
  local wait=1
  [[ "${1:-}" == "--no-wait" ]] && wait=0
  ensure_packages
  with_lock
  ensure_built
  ensure_oidc_built
  if all_running && api_ready; then
    log "already up"
    write_client_files
    print_summary
    return 0
  fi
  if [[ -d "$RUN" ]] && ls "$RUN"/*.pid >/dev/null 2>&1; then
    log "partially running: restarting cleanly"
    stop_all
  fi
  local started=$SECONDS port
  for port in "$ETCD_PORT" "$ETCD_PEER_PORT" "$OIDC_PORT" "$API_PORT" "$KCM_PORT" "$SCHED_PORT"; do
    port_in_use "$port" && die "127.0.0.1:$port is already in use by another process (set VNFM_K8S_*_PORT to move)"
  done
  mkdir -p "$STATE_DIR" "$RUN" "$LOGS" "$STATE_DIR/kwok-home"
  ensure_pki
  ensure_tokens
  write_client_files
  # From here on, a failure leaves nothing running.
  trap 'log "up failed: stopping what was started"; stop_all' ERR

  start_component etcd etcd --name vnfm-k8s --data-dir "$STATE_DIR/etcd-data" \
    --listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
    --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
    --initial-cluster "vnfm-k8s=http://127.0.0.1:$ETCD_PEER_PORT" --initial-cluster-state new \
    --logger zap --log-outputs stderr --quota-backend-bytes 2147483648
  wait_for "etcd" etcd etcd_healthy

  start_component oidc-provider "$OIDC_BIN" -listen "127.0.0.1:$OIDC_PORT" -issuer "$OIDC_URL" \
    -cert "$PKI/oidc.crt" -key "$PKI/oidc.key" -signing-key "$PKI/oidc-signing.key" \
    -users "$STATE_DIR/oidc-users" -clients "$STATE_DIR/oidc-clients"
  wait_for "OIDC provider discovery" oidc-provider oidc_ready

  # WatchList=false: Debian's etcd 3.4.23 cannot answer watch progress
  # requests, which streaming lists need. With the gate on, the API server still
  # turns every plain watch from resourceVersion ""/0 into a streaming list and
  # then fails it, so kwok's watches kept ending: stale caches, failed lease
  # renewals and fake nodes flapping to NotReady.
  start_component kube-apiserver "$BIN_DIR/kube-apiserver" \
    --etcd-servers "http://127.0.0.1:$ETCD_PORT" \
    --bind-address 127.0.0.1 --advertise-address 127.0.0.1 --secure-port "$API_PORT" \
    --tls-cert-file "$PKI/apiserver.crt" --tls-private-key-file "$PKI/apiserver.key" \
    --client-ca-file "$PKI/ca.crt" \
    --token-auth-file "$STATE_DIR/tokens.csv" \
    --authentication-config "$STATE_DIR/authentication-config.yaml" \
    --authorization-mode Node,RBAC \
    --service-account-issuer https://kubernetes.default.svc.cluster.local \
    --service-account-key-file "$PKI/sa.pub" --service-account-signing-key-file "$PKI/sa.key" \
    --service-cluster-ip-range "$SERVICE_CIDR" \
    --endpoint-reconciler-type none \
    --feature-gates WatchList=false \
    --allow-privileged=true --profiling=false
  wait_for "kube-apiserver /readyz" kube-apiserver api_ready

  bootstrap_objects

  start_component kube-controller-manager "$BIN_DIR/kube-controller-manager" \
    --kubeconfig "$STATE_DIR/kube-controller-manager.kubeconfig" \
    --authentication-kubeconfig "$STATE_DIR/kube-controller-manager.kubeconfig" \
    --authorization-kubeconfig "$STATE_DIR/kube-controller-manager.kubeconfig" \
    --bind-address 127.0.0.1 --secure-port "$KCM_PORT" --leader-elect=false \
    --use-service-account-credentials=true \
    --service-account-private-key-file "$PKI/sa.key" --root-ca-file "$PKI/ca.crt" \
    --cluster-signing-cert-file "$PKI/ca.crt" --cluster-signing-key-file "$PKI/ca.key" \
    --service-cluster-ip-range "$SERVICE_CIDR" --profiling=false
  start_component kube-scheduler "$BIN_DIR/kube-scheduler" \
    --kubeconfig "$STATE_DIR/kube-scheduler.kubeconfig" \
    --authentication-kubeconfig "$STATE_DIR/kube-scheduler.kubeconfig" \
    --authorization-kubeconfig "$STATE_DIR/kube-scheduler.kubeconfig" \
    --bind-address 127.0.0.1 --secure-port "$SCHED_PORT" --leader-elect=false --profiling=false
  # HOME is moved so that a ~/.kwok/kwok.yaml of the user is not merged in.
  start_component kwok env HOME="$STATE_DIR/kwok-home" "$BIN_DIR/kwok" \
    --kubeconfig "$STATE_DIR/kwok.kubeconfig" --config "$BIN_DIR/kwok-stages.yaml" \
    --manage-all-nodes=false --manage-nodes-with-annotation-selector kwok.x-k8s.io/node=fake \
    --node-lease-duration-seconds 40 --cidr "$POD_CIDR"

  wait_for "kube-controller-manager /healthz" kube-controller-manager component_healthy "$KCM_PORT"
  wait_for "kube-scheduler /healthz" kube-scheduler component_healthy "$SCHED_PORT"
  if ((wait)); then
    wait_for "$NODE_COUNT fake nodes Ready" kwok nodes_ready
    wait_for "the default service account of $TENANT_NS" kube-controller-manager tenant_sa_exists
  fi
  trap - ERR
  log "started in $((SECONDS - started))s"
  print_summary
}

cmd_down() {
  with_lock
  stop_all
  if [[ "${1:-}" == "--purge" ]]; then
    log "purging $STATE_DIR"
    rm -rf "$STATE_DIR"
  fi
  log "down"
}

cmd_status() {
  local c pid rc=0
  echo "bin dir: $BIN_DIR ($([[ -f "$BIN_DIR/.complete" ]] && cat "$BIN_DIR/.complete" || echo 'not built'))"
  echo "state:   $STATE_DIR"
  for c in "${COMPONENTS[@]}"; do
    if pid="$(pid_of "$c")"; then
      printf '  %-24s running (pid %s)\n' "$c" "$pid"
    else
      printf '  %-24s stopped\n' "$c"; rc=3
    fi
  done
  if [[ -f "$PKI/ca.crt" ]] && api_ready; then
    echo "  API $API_URL /readyz: ok"
    [[ -x "$BIN_DIR/kubectl" ]] && kubectl_admin get nodes 2>/dev/null | sed 's/^/  /'
  else
    echo "  API $API_URL /readyz: not ready"; rc=3
  fi
  return "$rc"
}

cmd_env() {
  if ! all_running || ! api_ready; then die "not up (run: bash $SCRIPT_DIR/k8s.sh up)"; fi
  cat <<EOF
export KUBECONFIG=$ADMIN_KUBECONFIG
export K8S_KUBECONFIG=$ADMIN_KUBECONFIG
export K8S_TENANT_KUBECONFIG=$TENANT_KUBECONFIG
export K8S_VIM_FILE=$VIM_FILE
export K8S_TENANT_VIM_FILE=$TENANT_VIM_FILE
export K8S_OIDC_VIM_FILE=$OIDC_VIM_FILE
export K8S_AUTH_URL=$API_URL
export K8S_NAMESPACE=$TENANT_NS
EOF
}

# The API server's state outlives test runs, and so do the nodes the kubespray and kubeadm stand-ins register for
# clusters whose VMs are gone (a healed or failed cluster, a stopped run). kwok keeps every node's lease and status
# alive: 400 of them cost the API server, etcd, kwok and the controller manager a third of a core at rest. The test
# suite sweeps them at its start, when no test uses the API server.
cmd_sweep() {
  api_ready || die "not up (run: bash $SCRIPT_DIR/k8s.sh up)"
  local label count
  count=$(kubectl_admin -n kube-system delete pods,secrets,configmaps -l vnfm.test/kubeadm-cluster \
    --ignore-not-found --grace-period=0 --force 2>/dev/null | grep -c ' deleted$' || true)
  log "swept $count kubeadm stand-in objects"
  for label in vnfm.test/kubespray-cluster vnfm.test/kubeadm-cluster; do
    count=$(kubectl_admin delete nodes -l "$label" --ignore-not-found 2>/dev/null | grep -c ' deleted$' || true)
    log "swept $count nodes labelled $label"
  done
}

main() {
  local cmd="${1:-}"
  shift || true
  case "$cmd" in
    up) cmd_up "$@" ;;
    down) cmd_down "$@" ;;
    status) cmd_status ;;
    env) cmd_env ;;
    sweep) cmd_sweep ;;
    build) with_lock; ensure_built; echo "$BIN_DIR" ;;
    kubectl)
      [[ -x "$BIN_DIR/kubectl" ]] || die "not built yet (run: bash $SCRIPT_DIR/k8s.sh up)"
      exec "$BIN_DIR/kubectl" --kubeconfig "$ADMIN_KUBECONFIG" "$@" ;;
    *) sed -n '3,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
}

# (`exit` on the same line: an edit of this file cannot affect a running instance)
main "$@"; exit
