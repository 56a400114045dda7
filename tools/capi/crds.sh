#!/usr/bin/env bash
# The Cluster API CRDs, as published in the sigs.k8s.io/cluster-api Go module
# at a pinned version, copied into <out>/Files/kubernetes/ (a CNF package
# folder staged over a test package: the "management cluster" CNF).
#
#   bash tools/capi/crds.sh <out>        prints <out>
#
# Only the CRD bases (core/config/crd/bases); the kustomize patches that wire
# the conversion webhook are not applied: without the CAPI controllers there
# is no webhook to call, and the objects the tests make use the storage
# version (v1beta2), which needs no conversion.
set -euo pipefail
CAPI_VERSION=v1.14.2
CRDS=(clusters machines machinesets machinedeployments clusterclasses)
out=${1:?usage: crds.sh <out>}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# go mod download needs a module to run in; the module cache keeps the download.
(cd "$work" && go mod init capi-crds >/dev/null 2>&1 && go mod download -json "sigs.k8s.io/cluster-api@${CAPI_VERSION}" >"$work/module.json")
dir=$(sed -n 's/^\t"Dir": "\(.*\)",$/\1/p' "$work/module.json")
[ -d "$dir/core/config/crd/bases" ] || { echo "sigs.k8s.io/cluster-api@${CAPI_VERSION} has no core/config/crd/bases" >&2; exit 1; }
mkdir -p "$out/Files/kubernetes"
for crd in "${CRDS[@]}"; do
  install -m 0644 "$dir/core/config/crd/bases/cluster.x-k8s.io_${crd}.yaml" "$out/Files/kubernetes/capi-crd-${crd}.yaml"
done
echo "$out"
