#!/usr/bin/env bash
# A real Keycloak (OpenID Connect / OAuth 2.0 authorization server) on
# 127.0.0.1 for tests: the distribution pinned in pom.xml next to this script,
# fetched from Maven Central, run with a JDK 21+ of the machine. Configured for
# tests: dev-file (H2) database, local caches (no clustering), HTTPS with a
# certificate of a test CA made here, client certificates requested (RFC 8705
# certificate-bound tokens); its state lives in one folder.
#
#   keycloak.sh up               fetch and build when missing, start (idempotent); last stdout line:
#                                KEYCLOAK_URL=https://127.0.0.1:18443 KEYCLOAK_ADMIN=admin KEYCLOAK_ADMIN_PASSWORD=... KEYCLOAK_PKI=...
#   keycloak.sh status           exit 0 and that line if it is ready and the admin can get a token, else exit 1
#   keycloak.sh down [--purge]   stop; --purge also deletes the data, the test CA and the admin's password
#                                (the fetched distribution stays)
#
# The admin (user `admin` of realm `master`) has its password generated once
# and kept 0600 beside the data. Progress goes to stderr.
set -euo pipefail
# shellcheck source=../lib/no-inherited-fds.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/no-inherited-fds.sh"
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../lib/apt.sh
source "$SCRIPT_DIR/../lib/apt.sh"
POM="$SCRIPT_DIR/pom.xml"

HOST=127.0.0.1
HTTP_PORT="${VNFM_KEYCLOAK_HTTP_PORT:-18080}"
HTTPS_PORT="${VNFM_KEYCLOAK_HTTPS_PORT:-18443}"
MANAGEMENT_PORT="${VNFM_KEYCLOAK_MANAGEMENT_PORT:-18090}"
START_TIMEOUT="${VNFM_KEYCLOAK_START_TIMEOUT:-180}"
STOP_TIMEOUT="${VNFM_KEYCLOAK_STOP_TIMEOUT:-30}"
# Keycloak's own default outside containers; set here so no environment turns it into 70% of the machine's memory.
HEAP_OPTS="${VNFM_KEYCLOAK_HEAP:--Xms64m -Xmx512m}"
# C1-only JIT: starts (and builds) about 15% sooner on a 2-core machine; peak throughput is irrelevant for tests.
EXTRA_JAVA_OPTS="${VNFM_KEYCLOAK_JAVA_OPTS:--XX:TieredStopAtLevel=1}"

STATE_DIR="${VNFM_INFRA_HOME:-$HOME/.cache/vnfm-infra}/keycloak"
DIST_ROOT="$STATE_DIR/dist"
DATA_DIR="$STATE_DIR/data"
PKI_DIR="$STATE_DIR/pki"
PASSWORD_FILE="$STATE_DIR/admin-password"
PID_FILE="$STATE_DIR/keycloak.pid"
RUN_FILE="$STATE_DIR/keycloak.run"
LOG_FILE="$STATE_DIR/keycloak.log"
BUILD_LOG="$STATE_DIR/build.log"
LOCK_FILE="$STATE_DIR/.lock"

VERSION=$(sed -n 's:.*<keycloak\.version>\([^<]*\)</keycloak\.version>.*:\1:p' "$POM")
[[ -n $VERSION ]] || {
  echo "keycloak: cannot read keycloak.version from $POM" >&2
  exit 1
}
# Keyed by version plus a pom hash so that any change to the pom fetches again.
DIST_DIR="$DIST_ROOT/$VERSION-$(sha256sum "$POM" | cut -c1-12)"
SERVER_HOME="$DIST_DIR/keycloak-$VERSION"
# Build-time options: `kc.sh build` bakes them into the distribution (about 20 s), so it runs again only when
# they change. (The cache type is a runtime option in Keycloak 26, given to `start`.)
BUILD_OPTIONS=(--db=dev-file --health-enabled=true --https-client-auth=request)
BUILD_STAMP="$SERVER_HOME/.vnfm-build"
MIN_JAVA=21

log() { printf 'keycloak: %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}
now() { printf '%s' "${EPOCHREALTIME/,/.}"; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# ---------------------------------------------------------------- Java

# The feature release (17, 21, 25, ...) of the Java at $1/bin/java, as it reports it.
java_feature() {
  local spec
  [[ -x $1/bin/java ]] || return 1
  spec=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p') || return 1
  spec=${spec%%.*} # "1.8" -> 1
  [[ $spec =~ ^[0-9]+$ ]] || return 1
  printf '%s\n' "$spec"
}

# Sets SERVER_JAVA_HOME: $JAVA_HOME when it is 21+, else the newest 21+ under /usr/lib/jvm.
pick_java() {
  local feature home best="" best_feature=0
  if [[ -n ${JAVA_HOME:-} ]]; then
    if feature=$(java_feature "$JAVA_HOME") && ((feature >= MIN_JAVA)); then
      SERVER_JAVA_HOME=$JAVA_HOME
      return 0
    fi
    log "JAVA_HOME=$JAVA_HOME is not a Java $MIN_JAVA+; looking under /usr/lib/jvm"
  fi
  for home in /usr/lib/jvm/*; do
    [[ -d $home ]] || continue
    feature=$(java_feature "$home") || continue
    if ((feature > best_feature)); then
      best=$home
      best_feature=$feature
    fi
  done
  ((best_feature >= MIN_JAVA)) ||
    die "Keycloak needs Java $MIN_JAVA+; install a JDK 21 or 25 under /usr/lib/jvm or set JAVA_HOME"
  SERVER_JAVA_HOME=$best
}

# ---------------------------------------------------------------- the distribution

fetch_dist() {
  [[ -f $DIST_DIR/.complete ]] && return 0
  command -v mvn >/dev/null 2>&1 || apt_ensure maven || die "install Maven (Debian's maven package)"
  local started tmp out
  started=$(now)
  log "fetching Keycloak $VERSION (keycloak-quarkus-dist, about 180 MB) with Maven into $DIST_DIR"
  tmp="$DIST_ROOT/.fetch.$$"
  rm -rf "$tmp"
  mkdir -p "$tmp/unpacked"
  if ! out=$(mvn -q -B -f "$POM" dependency:copy -DoutputDirectory="$tmp" 2>&1); then
    printf '%s\n' "$out" >&2
    rm -rf "$tmp"
    die "mvn dependency:copy failed"
  fi
  tar -xzf "$tmp/keycloak.tar.gz" -C "$tmp/unpacked" || {
    rm -rf "$tmp"
    die "unpacking $tmp/keycloak.tar.gz failed"
  }
  rm -f "$tmp/keycloak.tar.gz"
  [[ -x $tmp/unpacked/keycloak-$VERSION/bin/kc.sh ]] || {
    rm -rf "$tmp"
    die "the distribution has no keycloak-$VERSION/bin/kc.sh"
  }
  # The dev-file database, the generated truststore and the transaction logs go to data/: keep them out of the
  # distribution, so that a new one finds them.
  ln -s "$DATA_DIR" "$tmp/unpacked/keycloak-$VERSION/data"
  rm -rf "$DIST_DIR"
  mv "$tmp/unpacked" "$DIST_DIR"
  rmdir "$tmp"
  touch "$DIST_DIR/.complete"
  log "fetched in $(took "$started") s"
}

prune_old_dists() {
  local dir
  for dir in "$DIST_ROOT"/*; do
    [[ -e $dir && $dir != "$DIST_DIR" ]] || continue
    log "removing the stale distribution $dir"
    rm -rf "$dir"
  done
  rm -rf "$DIST_ROOT"/.fetch.*
}

# The environment of kc.sh: it also reads JAVA, JAVA_OPTS (which would replace its defaults) and every KC_*
# variable (any option): only the ones set here reach it. For a subshell.
kc_environment() {
  unset JAVA JAVA_OPTS JAVA_OPTS_KC_HEAP JAVA_OPTS_APPEND "${!KC_@}"
  export JAVA_HOME=$SERVER_JAVA_HOME JAVA_OPTS_KC_HEAP=$HEAP_OPTS JAVA_OPTS_APPEND=$EXTRA_JAVA_OPTS
}

build_dist() {
  local wanted started
  wanted="$VERSION ${BUILD_OPTIONS[*]}"
  [[ -f $BUILD_STAMP && $(<"$BUILD_STAMP") == "$wanted" ]] && return 0
  started=$(now)
  log "building the server (kc.sh build ${BUILD_OPTIONS[*]}; log: $BUILD_LOG)"
  mkdir -p "$DATA_DIR"
  rm -f "$BUILD_STAMP"
  if ! (kc_environment && exec "$SERVER_HOME/bin/kc.sh" build "${BUILD_OPTIONS[@]}") </dev/null >"$BUILD_LOG" 2>&1; then
    tail -n 30 "$BUILD_LOG" >&2 || true
    die "kc.sh build failed (log: $BUILD_LOG)"
  fi
  printf '%s\n' "$wanted" >"$BUILD_STAMP"
  log "built in $(took "$started") s"
}

# ---------------------------------------------------------------- the test CA and the server's certificate

pki_current() {
  local file
  for file in ca.crt ca.key server.crt server.key; do
    [[ -s $PKI_DIR/$file ]] || return 1
  done
  # Good for at least another day.
  openssl x509 -noout -checkend 86400 -in "$PKI_DIR/ca.crt" >/dev/null 2>&1 &&
    openssl x509 -noout -checkend 86400 -in "$PKI_DIR/server.crt" >/dev/null 2>&1
}

make_pki() {
  pki_current && return 0
  log "making a test CA and the server's certificate in $PKI_DIR"
  local tmp="$PKI_DIR.tmp.$$"
  rm -rf "$tmp"
  mkdir -p "$tmp"
  cat >"$tmp/openssl.cnf" <<'EOF'
# tools/keycloak/keycloak.sh: the test CA and Keycloak's server certificate
[req]
distinguished_name = dn
prompt = no
[dn]
[ca]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[server]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = IP:127.0.0.1, DNS:localhost
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
EOF
  # (A chain of &&, not set -e: errexit does not apply on the left of ||.)
  (
    umask 077 && cd "$tmp" &&
      openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ca.key &&
      openssl req -x509 -new -config openssl.cnf -extensions ca -key ca.key -sha256 -days 3650 \
        -subj '/O=VNFM tests/CN=VNFM test CA for Keycloak' -out ca.crt &&
      openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out server.key &&
      openssl req -new -config openssl.cnf -key server.key -subj '/O=VNFM tests/CN=localhost' -out server.csr &&
      openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -set_serial "0x$(openssl rand -hex 16)" \
        -sha256 -days 3650 -extfile openssl.cnf -extensions server -out server.crt &&
      rm -f server.csr openssl.cnf && chmod 600 ca.key server.key && chmod 644 ca.crt server.crt
  ) >/dev/null 2>"$tmp.log" || {
    cat "$tmp.log" >&2 || true
    rm -rf "$tmp" "$tmp.log"
    die "openssl failed to make the test CA"
  }
  rm -rf "$PKI_DIR" "$tmp.log"
  mv "$tmp" "$PKI_DIR"
}

# ---------------------------------------------------------------- the server

settings() {
  printf 'KEYCLOAK_URL=https://%s:%s KEYCLOAK_ADMIN=admin KEYCLOAK_ADMIN_PASSWORD=%s KEYCLOAK_PKI=%s\n' \
    "$HOST" "$1" "$(<"$PASSWORD_FILE")" "$PKI_DIR"
}

# What a server is started with: the distribution and the HTTP, HTTPS and management ports.
wanted_run() { printf '%s %s %s %s\n' "$SERVER_HOME" "$HTTP_PORT" "$HTTPS_PORT" "$MANAGEMENT_PORT"; }

# The ports of the running server ("HTTPS MANAGEMENT"), or the configured ones.
running_ports() {
  local https management
  if [[ -s $RUN_FILE ]] && read -r _ _ https management <"$RUN_FILE" && [[ -n $management ]]; then
    printf '%s %s\n' "$https" "$management"
  else
    printf '%s %s\n' "$HTTPS_PORT" "$MANAGEMENT_PORT"
  fi
}

# Ready (the management interface's /health/ready, HTTPS like the main one) and the admin gets a token.
answers() {
  local https=$1 management=$2 code
  [[ -s $PASSWORD_FILE && -s $PKI_DIR/ca.crt ]] || return 1
  curl -sf -o /dev/null --max-time 5 --cacert "$PKI_DIR/ca.crt" "https://$HOST:$management/health/ready" || return 1
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 --cacert "$PKI_DIR/ca.crt" \
    --data-urlencode grant_type=password --data-urlencode client_id=admin-cli \
    --data-urlencode username=admin --data-urlencode "password@$PASSWORD_FILE" \
    "https://$HOST:$https/realms/master/protocol/openid-connect/token") || return 1
  [[ $code == 200 ]]
}

port_in_use() { (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null; }

group_alive() { kill -0 -- "-$1" 2>/dev/null; }

# The process group of the running server (kc.sh, its pid, leads it, java is in it), if one runs from our
# distributions.
server_group() {
  local pgid="" pid
  [[ -s $PID_FILE ]] && pgid=$(<"$PID_FILE")
  if [[ $pgid =~ ^[0-9]+$ ]] && pgrep -g "$pgid" -f -- "$DIST_ROOT/" >/dev/null 2>&1; then
    printf '%s\n' "$pgid"
    return 0
  fi
  # The pid file is lost or stale: still find a server started from our distributions.
  pid=$(pgrep -o -f -- "kc\.home\.dir=$DIST_ROOT/" 2>/dev/null) || return 1
  pgid=$(ps -o pgid= -p "$pid" | tr -d ' ')
  [[ $pgid =~ ^[0-9]+$ ]] && printf '%s\n' "$pgid"
}

stop() {
  local pgid i
  if pgid=$(server_group); then
    log "stopping (process group $pgid)"
    kill -TERM -- "-$pgid" 2>/dev/null || true
    for ((i = 0; i < STOP_TIMEOUT * 5; i++)); do
      group_alive "$pgid" || break
      sleep 0.2
    done
    if group_alive "$pgid"; then
      log "still running ${STOP_TIMEOUT}s after SIGTERM; sending SIGKILL"
      kill -KILL -- "-$pgid" 2>/dev/null || true
      for ((i = 0; i < 50; i++)); do
        group_alive "$pgid" || break
        sleep 0.1
      done
      ! group_alive "$pgid" || die "process group $pgid survived SIGKILL"
    fi
  fi
  rm -f "$PID_FILE" "$RUN_FILE"
}

# The admin's password, generated once; the data is only ever used with it (the admin is created, from
# KC_BOOTSTRAP_ADMIN_*, on the first start of an empty database).
ensure_password() {
  [[ -s $PASSWORD_FILE ]] && return 0
  if [[ -d $DATA_DIR/h2 ]]; then
    log "the admin's password is gone: deleting the data it belongs to ($DATA_DIR)"
    rm -rf "$DATA_DIR"
  fi
  (umask 077 && head -c 24 /dev/urandom | base64 | tr -d '/+=\n' >"$PASSWORD_FILE")
}

dump_log() {
  log "last lines of $LOG_FILE:"
  tail -n 40 "$LOG_FILE" >&2 2>/dev/null || true
}

ports_free() {
  local port
  for port in "$HTTP_PORT" "$HTTPS_PORT" "$MANAGEMENT_PORT"; do
    ! port_in_use "$port" || die "$HOST:$port is taken by another process; set VNFM_KEYCLOAK_HTTP_PORT, VNFM_KEYCLOAK_HTTPS_PORT or VNFM_KEYCLOAK_MANAGEMENT_PORT"
  done
}

start() {
  local started pgid deadline i
  started=$(now)
  ports_free
  mkdir -p "$DATA_DIR"
  [[ -f $LOG_FILE ]] && mv -f "$LOG_FILE" "$LOG_FILE.1"
  rm -f "$PID_FILE"
  log "starting Keycloak $VERSION on https://$HOST:$HTTPS_PORT (http :$HTTP_PORT, management :$MANAGEMENT_PORT; Java $SERVER_JAVA_HOME; log: $LOG_FILE)"
  # --http-host binds every listener (HTTP, HTTPS, management): Keycloak has no separate HTTPS host option.
  # --hostname-strict=false: URLs and the tokens' issuer follow the request (https://127.0.0.1:<port>).
  # --truststore-paths: the test CA, trusted for the client certificates the HTTPS port asks for.
  local options=(
    start --optimized
    --http-enabled=true "--http-host=$HOST" "--http-port=$HTTP_PORT"
    "--https-port=$HTTPS_PORT" "--https-certificate-file=$PKI_DIR/server.crt" "--https-certificate-key-file=$PKI_DIR/server.key"
    "--truststore-paths=$PKI_DIR/ca.crt"
    --hostname-strict=false
    "--http-management-port=$MANAGEMENT_PORT"
    --cache=local
    --log-console-color=false
  )
  # setsid: a session and process group of its own, so the server outlives the calling shell and `stop` signals
  # kc.sh and its java at once. The inner shell writes its pid (== the group's id) and execs kc.sh. The admin's
  # password reaches it in the environment, not on a command line.
  (
    kc_environment
    export KC_BOOTSTRAP_ADMIN_USERNAME=admin KC_BOOTSTRAP_ADMIN_PASSWORD
    KC_BOOTSTRAP_ADMIN_PASSWORD=$(<"$PASSWORD_FILE")
    # shellcheck disable=SC2016 # $$ and $@ belong to the inner shell
    exec setsid bash -c 'echo "$$" >"$1"; shift; exec "$@"' keycloak-launch "$PID_FILE" \
      "$SERVER_HOME/bin/kc.sh" "${options[@]}" </dev/null >"$LOG_FILE" 2>&1 9>&-
  ) &
  for ((i = 0; i < 50; i++)); do
    [[ -s $PID_FILE ]] && break
    sleep 0.1
  done
  [[ -s $PID_FILE ]] || die "Keycloak did not start (no pid file)"
  pgid=$(<"$PID_FILE")
  wanted_run >"$RUN_FILE"

  deadline=$((SECONDS + START_TIMEOUT))
  until answers "$HTTPS_PORT" "$MANAGEMENT_PORT"; do
    if ! group_alive "$pgid"; then
      dump_log
      rm -f "$PID_FILE" "$RUN_FILE"
      die "Keycloak exited while starting (log: $LOG_FILE)"
    fi
    if ((SECONDS >= deadline)); then
      dump_log
      stop
      die "Keycloak was not ready within ${START_TIMEOUT}s (log: $LOG_FILE)"
    fi
    sleep 0.5
  done
  log "started in $(took "$started") s"
}

# ---------------------------------------------------------------- commands

take_lock() {
  mkdir -p "$STATE_DIR"
  chmod 700 "$STATE_DIR"
  exec 9>"$LOCK_FILE"
  flock -w "$1" 9 || die "timed out waiting for $LOCK_FILE"
}

cmd_up() {
  local started
  started=$(now)
  # A cold `up` (fetch, build, first start) takes under a minute; parallel ones wait for it.
  take_lock 900
  if server_group >/dev/null && [[ -s $RUN_FILE && $(<"$RUN_FILE") == "$(wanted_run)" ]] &&
    [[ -f $BUILD_STAMP ]] && pki_current && answers "$HTTPS_PORT" "$MANAGEMENT_PORT"; then
    settings "$HTTPS_PORT"
    return 0
  fi
  apt_ensure curl openssl tar || die "install Debian's curl, openssl and tar"
  pick_java
  # Whatever runs (another distribution or other ports, or not answering) makes way.
  stop
  ports_free
  fetch_dist
  prune_old_dists
  build_dist
  make_pki
  ensure_password
  start
  log "up in $(took "$started") s"
  settings "$HTTPS_PORT"
}

cmd_status() {
  local https management
  read -r https management < <(running_ports)
  if ! server_group >/dev/null; then
    log "not running"
    return 1
  fi
  if ! answers "$https" "$management"; then
    log "running but not ready, or the admin cannot get a token"
    return 1
  fi
  settings "$https"
}

cmd_down() {
  case "${1:-}" in
    "" | --purge) ;;
    *) die "usage: keycloak.sh down [--purge]" ;;
  esac
  [[ -d $STATE_DIR ]] || return 0
  take_lock 300
  stop
  if [[ ${1:-} == --purge ]]; then
    log "deleting the data, the test CA and the admin's password in $STATE_DIR (keeping the distribution)"
    rm -rf "$DATA_DIR" "$PKI_DIR" "$PASSWORD_FILE" "$LOG_FILE" "$LOG_FILE.1" "$BUILD_LOG"
  fi
}

case "${1:-}" in
  up) cmd_up ;;
  status) cmd_status ;;
  down) cmd_down "${2:-}" ;;
  *)
    echo "usage: $0 up | status | down [--purge]" >&2
    exit 2
    ;;
esac
