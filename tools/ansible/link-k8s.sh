#!/usr/bin/env bash
# Lets the test kubespray playbooks "build" their cluster in the test
# Kubernetes API server of tools/k8s: copies its kubectl, admin kubeconfig and
# CA to a directory of the machine's /opt, which every SSH host (VM) sees
# through its /opt overlay. With it, cluster.yml and scale.yml register the
# inventory's nodes as kwok nodes and give masters kubectl and
# /etc/kubernetes/admin.conf; remove-node.yml deletes the nodes; the kubeadm
# stand-ins of tools/kubeadm build clusters there too. Without it
# the playbooks only record membership on the nodes. Run as root after
# `tools/k8s/k8s.sh up`; idempotent (the 140 MB binary is copied once per build).
#   bash tools/ansible/link-k8s.sh        prints the directory
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
dir=${VNFM_KUBESPRAY_K8S_DIR:-/opt/vnfm-kubespray-k8s}
# The group of the SSH hosts' users (tools/ssh-hosts): the Ansible user reads the kubeconfig.
vm_gid=${VNFM_VM_GID:-20000}

env_lines=$(bash "$repo/tools/k8s/k8s.sh" env) || { echo "link-k8s.sh: the test Kubernetes API server is not up (bash tools/k8s/k8s.sh up)" >&2; exit 1; }
kubeconfig=$(sed -n 's/^export K8S_KUBECONFIG=//p' <<<"$env_lines")
bin_dir=$(bash "$repo/tools/k8s/k8s.sh" build | tail -n 1)
key=$(basename "$bin_dir")

mkdir -p "$dir/bin"
if [[ ! -f $dir/bin/.build || $(<"$dir/bin/.build") != "$key" ]]; then
  # The binary is multi-call: it runs as kubectl by its file name.
  cp "$bin_dir/kubectl" "$dir/bin/kubectl.new"
  chmod 755 "$dir/bin/kubectl.new"
  mv -f "$dir/bin/kubectl.new" "$dir/bin/kubectl"
  printf '%s\n' "$key" >"$dir/bin/.build"
fi
# Test-only admin credentials: root and the VM users' group only.
# Replaced whole (written beside, then renamed): a playbook of another test reading them never sees half a file.
install -m 0640 -g "$vm_gid" "$kubeconfig" "$dir/admin.kubeconfig.new.$$" && mv -f "$dir/admin.kubeconfig.new.$$" "$dir/admin.kubeconfig"
install -m 0644 "$(dirname "$kubeconfig")/pki/ca.crt" "$dir/ca.crt.new.$$" && mv -f "$dir/ca.crt.new.$$" "$dir/ca.crt"
# The kubeadm stand-ins (tools/kubeadm), which the test install_k8s_cluster.sh installs on the nodes.
# Tests of several lanes run this script while others install clusters: unchanged stand-ins are left alone, and
# changed ones go to a new directory that a symlink renamed over the old one names, so a reader sees the old or
# the new copy, never none.
if ! diff -rq "$repo/tools/kubeadm/standin" "$dir/kubeadm/" >/dev/null 2>&1; then
  copy="kubeadm.$(date +%s%N)"
  cp -R "$repo/tools/kubeadm/standin" "$dir/$copy"
  [[ -L $dir/kubeadm || ! -e $dir/kubeadm ]] || rm -rf "$dir/kubeadm"
  ln -sfn "$copy" "$dir/kubeadm.link.$$" && mv -Tf "$dir/kubeadm.link.$$" "$dir/kubeadm"
  for old in "$dir"/kubeadm.[0-9]*; do [[ $old == "$dir/$copy" ]] || rm -rf "$old"; done
fi
echo "$dir"
