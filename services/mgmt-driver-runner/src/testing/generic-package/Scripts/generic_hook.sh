#!/bin/bash
# MgmtDriver script of the generic-driver test package (docs/mgmt-drivers.md, "The contract"):
# keeps the hook document it was given under ~/vnfm-generic/<instance>/ on the VNFC, fails
# when ~/vnfm-generic/fail-<instance> exists (naming the login password, which must show masked),
# and returns where it ran as the hook's outputs. Each start is noted in <hook>.runs first, and the
# instantiation's additionalParams.generic_hook_sleep_seconds makes it wait before its work (a hook
# long enough to be cut off). Run again, it converges: the same files, the same outputs.
set -euo pipefail

field() {
  python3 - "$VNFM_HOOK_CONTEXT" "$1" <<'PY'
import json, sys
value = json.load(open(sys.argv[1]))
for key in sys.argv[2].split('.'):
    value = value[int(key)] if isinstance(value, list) else value[key]
print(value if isinstance(value, str) else json.dumps(value))
PY
}

# A field that may be absent: empty then.
optional() { field "$1" 2>/dev/null || true; }

instance=$(field vnfInstanceId)
hook=$(field hook)
address=$(field target.address)
dir="$HOME/vnfm-generic/$instance"
mkdir -p "$dir"
echo "$(date +%s) $hook on $address" >>"$dir/$hook.runs"
sleep_seconds=$(optional instantiation.additionalParams.generic_hook_sleep_seconds)
if [ -n "$sleep_seconds" ]; then sleep "$sleep_seconds"; fi

if [ -e "$HOME/vnfm-generic/fail-$instance" ]; then
  echo "refusing $hook on $address as asked; logged in with $(field instantiation.additionalParams.generic_mgmt_driver.ssh.password)" >&2
  exit 3
fi

cp "$VNFM_HOOK_CONTEXT" "$dir/$hook.json"
{ echo "user=$(id -un)"; echo "cwd=$PWD"; echo "context=$VNFM_HOOK_CONTEXT"; } > "$dir/$hook.env"
printf '{"%s_ran_on": "%s"}\n' "$hook" "$address" > "$VNFM_HOOK_OUTPUTS"
echo "$hook done on $address"
