#!/usr/bin/python3
"""The Tacker CLI for the test suite, without its start-up cost per command.

`openstack` (python3-openstackclient with the python3-tackerclient plugin, as
Debian installs them, unmodified) spends about a second of CPU on every run
importing its modules and loading each command plugin before it does the
command. This server does that once, then forks for every command: the child
runs the same `openstackclient.shell.main(argv)` the `openstack` script runs,
with the request's environment, working directory and arguments, stdin from
/dev/null and stdout/stderr captured, and answers with its exit code and
output. Each command still runs in a process of its own, forked from an
interpreter that has run nothing but imports.

    fork-server.py SOCKET     serves on the Unix socket SOCKET (mode 0600) until SIGTERM

Protocol: one connection per command; the client sends one JSON line
{"argv": [...], "env": {...}, "cwd": "...", "timeoutS": n} and reads one JSON
line {"code": n, "stdout": "...", "stderr": "..."}. A command running past
timeoutS is killed (SIGALRM) and the connection closes without an answer.
"""
import importlib.metadata
import json
import os
import signal
import socket
import sys
import tempfile

OPENSTACK = '/usr/bin/openstack'


def preload():
    """Imports what every `openstack` run imports: the shell and every command plugin it loads."""
    import openstackclient.shell  # noqa: F401

    for distribution in importlib.metadata.distributions():
        for entry_point in distribution.entry_points:
            if entry_point.group.startswith('openstack.'):
                try:
                    entry_point.load()
                except Exception:  # a plugin that fails to load fails the same way in the child, where it is reported
                    pass


def captured(fd):
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b''.join(chunks).decode('utf-8', errors='replace')
        chunks.append(chunk)


def run_command(connection):
    """In the forked child: one command, as the `openstack` script runs it."""
    request = json.loads(connection.makefile('rb').readline())
    signal.alarm(max(1, int(request.get('timeoutS', 120))))
    os.environ.clear()
    os.environ.update(request['env'])
    os.chdir(request['cwd'])
    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(out.fileno(), 1)
    os.dup2(err.fileno(), 2)
    sys.stdin = open(0, 'r', closefd=False)
    sys.stdout = open(1, 'w', closefd=False)
    sys.stderr = open(2, 'w', closefd=False)
    sys.argv = [OPENSTACK] + request['argv']
    from openstackclient.shell import main

    try:
        code = main(request['argv'])
    except SystemExit as stop:
        code = stop.code
    except BaseException:
        import traceback

        traceback.print_exc()
        code = 1
    if code is None:
        code = 0
    elif not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    answer = {'code': code, 'stdout': captured(out.fileno()), 'stderr': captured(err.fileno())}
    connection.sendall(json.dumps(answer).encode() + b'\n')


def serve(path):
    # As the `openstack` script starts: what the modules read of argv at import time (cliff's App.NAME) is its.
    sys.argv = [OPENSTACK]
    preload()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the kernel
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if os.path.exists(path):
        os.unlink(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old_mask = os.umask(0o177)
    server.bind(path)
    os.umask(old_mask)
    server.listen(64)
    print(f'fork-server: serving the Tacker CLI on {path}', flush=True)
    while True:
        connection, _ = server.accept()
        if os.fork() == 0:
            server.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            try:
                run_command(connection)
            finally:
                os._exit(0)
        connection.close()


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit('usage: fork-server.py SOCKET')
    serve(sys.argv[1])
