#!/usr/bin/env bash
# Zips a Tacker sample package of testdata/corpus/tacker/ as a CSAR the product
# onboards: the sample's folder plus the stand-in files (images, scripts) that
# the copy in the repository leaves out, from libs/vnf-package/src/testing/fixtures/tacker/.
# The ETSI SOL001 type files the VNFDs import are bundled with the product.
#   tools/zip-package.sh <sample name> <zip file>
#   e.g. tools/zip-package.sh vnf-v2-basic-lcms-max /tmp/vnf-v2-basic-lcms-max.zip
set -euo pipefail
(($# == 2)) || { echo "usage: $0 <sample under testdata/corpus/tacker/> <zip file>" >&2; exit 2; }
name=$1
zip_file=$(realpath -m "$2")
repo=$(cd "$(dirname "$0")/.." && pwd)
sample="$repo/testdata/corpus/tacker/$name"
stand_ins="$repo/libs/vnf-package/src/testing/fixtures/tacker/$name"
[ -f "$sample/TOSCA-Metadata/TOSCA.meta" ] || { echo "no Tacker sample package $sample" >&2; exit 2; }
# shellcheck source=lib/apt.sh
source "$(dirname "$0")/lib/apt.sh"
command -v zip >/dev/null || apt_ensure zip

rm -f "$zip_file"
(cd "$sample" && zip -q -r -D "$zip_file" .)
if [ -d "$stand_ins" ]; then (cd "$stand_ins" && zip -q -r -D "$zip_file" .); fi
echo "$zip_file"
