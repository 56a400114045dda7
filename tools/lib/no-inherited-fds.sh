# Sourced first by every script that starts a daemon: closes the file
# descriptors the script inherited, but stdin, stdout and stderr (and bash's
# own 255, the script it reads), so no daemon it starts holds a caller's lock
# (`flock LOCK tools/x/x.sh up` would stay locked as long as the daemon runs)
# or pipe (a test runner would wait for an EOF that never comes).
for _inherited_fd in /proc/$$/fd/*; do
  _inherited_fd=${_inherited_fd##*/}
  if ((_inherited_fd > 2 && _inherited_fd != 255)); then eval "exec ${_inherited_fd}>&-" 2>/dev/null || true; fi
done
unset _inherited_fd
