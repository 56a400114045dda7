#!/bin/sh
# Stand-in for the kubectl of kubespray 2.16's clusters (Kubernetes v1.20, the version Tacker's kubespray guide
# installs), put before the real kubectl on a test master's PATH. It answers the two commands whose answers differ
# from the current kubectl's as kubectl v1.20 does, and runs every other command with the real kubectl (so it acts
# on the test API server):
#   kubectl ... version --client -o json   -> the JSON kubectl v1.20 prints (clientVersion: major "1", minor "20")
#   kubectl ... create token ...            -> refused with kubectl v1.20's error (it has no `create token`:
#                                              `create` does not know the --duration flag), exit code 1
version=; token=
for arg; do
  [ "$arg" = version ] && version=1
  [ "$arg" = token ] && token=1
done
if [ -n "$version" ]; then
  printf '%s\n' '{' '  "clientVersion": {' '    "major": "1",' '    "minor": "20",' '    "gitVersion": "v1.20.7",' \
    '    "gitTreeState": "clean",' '    "goVersion": "go1.15.12",' '    "compiler": "gc",' '    "platform": "linux/amd64"' '  }' '}'
  exit 0
fi
if [ -n "$token" ]; then
  echo 'Error: unknown flag: --duration' >&2
  echo "See 'kubectl create --help' for usage." >&2
  exit 1
fi
exec /usr/local/bin/kubectl "$@"
