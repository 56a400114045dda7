# Shared by the kubeadm stand-ins (sourced). The "cluster" is the test
# Kubernetes API server that tools/ansible/link-k8s.sh links into /opt on the
# machine (every SSH-host VM sees it); see tools/kubeadm/README.md.
LINK_DIR=${VNFM_KUBEADM_LINK_DIR:-/opt/vnfm-kubespray-k8s}
STATE_DIR=/var/lib/vnfm-kubeadm
CLUSTER_LABEL=vnfm.test/kubeadm-cluster

die() {
  echo "$*" >&2
  exit 1
}

# kubectl on the test API server as its admin (what the cluster's own components would do).
k() { "$LINK_DIR/bin/kubectl" --kubeconfig "$LINK_DIR/admin.kubeconfig" "$@"; }

# This VM's address, as tools/ssh-hosts gives it (the VMs share the machine's network, so `ip addr` cannot tell).
own_address() { sed -n 's/^address=//p' /var/lib/vnfm-vm/identity; }

# The cluster this node belongs to (written by `kubeadm init` / `kubeadm join`).
cluster_id() { cat /etc/kubernetes/vnfm-cluster 2>/dev/null || die "this node is in no cluster: run kubeadm init or kubeadm join first"; }

# The cluster's state in the API server: a ConfigMap of kube-system per cluster (endpoint, networks, etcd members).
state_map() { echo "vnfm-kubeadm-$1"; }

# kubeadm's discovery hash of the cluster CA: SHA-256 of its DER SubjectPublicKeyInfo.
ca_hash() { openssl x509 -pubkey -noout -in "$1" | openssl pkey -pubin -outform der | openssl dgst -sha256 -hex | sed 's/^.* //'; }

# Whether https://$1/ answers at all (TLS not checked: the discovery that follows pins the CA by its hash, as kubeadm's does).
endpoint_answers() { curl -sk --max-time 5 -o /dev/null "https://$1/version"; }

# Change the cluster's state ConfigMap with a python expression over `data` (a dict of strings), retried on a conflicting update.
update_state() {
  local id=$1 program=$2 attempt
  for attempt in 1 2 3 4 5 6 7 8 9 10; do
    local current
    current=$(k -n kube-system get configmap "$(state_map "$id")" -o json) || die "the cluster $id has no state in the API server"
    local next
    next=$(CURRENT=$current python3 -c "
import json, os, sys
cm = json.loads(os.environ['CURRENT'])
data = cm.setdefault('data', {})
$program
print(json.dumps(cm))
") || exit 1
    if k replace -f - <<<"$next" >/dev/null 2>"$STATE_DIR/.replace.err"; then return 0; fi
    grep -q 'the object has been modified' "$STATE_DIR/.replace.err" || die "$(cat "$STATE_DIR/.replace.err")"
    sleep 0.$((RANDOM % 5 + 1))
  done
  die "the cluster state of $id kept changing under this update"
}
