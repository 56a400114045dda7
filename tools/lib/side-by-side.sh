# Sourced by tools/test.sh and tools/lint.sh: commands run side by side, each
# into a log of its own, reported when they end.
#
#   side_by_side LOG LABEL COMMAND...   starts COMMAND in the background, its
#                                       stdout and stderr into the file LOG
#   side_by_side_wait                   waits for each, in the order started:
#                                       "== LABEL: passed", or "FAILED" and its
#                                       log; the labels that failed are then in
#                                       SIDE_BY_SIDE_FAILED (status 1 if any)

_side_by_side=()
SIDE_BY_SIDE_FAILED=()

side_by_side() {
  local log=$1 label=$2
  shift 2
  ("$@" >"$log" 2>&1) &
  _side_by_side+=("$!|$log|$label")
}

side_by_side_wait() {
  local entry pid log label
  for entry in "${_side_by_side[@]}"; do
    IFS='|' read -r pid log label <<<"$entry"
    if wait "$pid"; then
      echo "== $label: passed" >&2
    else
      SIDE_BY_SIDE_FAILED+=("$label")
      echo "== $label: FAILED; its output:" >&2
      cat "$log" >&2
    fi
  done
  _side_by_side=()
  ((${#SIDE_BY_SIDE_FAILED[@]} == 0))
}
