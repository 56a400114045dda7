#!/usr/bin/env bash
# Builds the workspace into dist/: compiled code, its data files and the links
# that make each workspace package resolvable from it (tools/build/build.mjs).
set -euo pipefail
cd "$(dirname "$0")/../.."
node tools/build/build.mjs
