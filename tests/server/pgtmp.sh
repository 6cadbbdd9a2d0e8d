#!/bin/bash
# pgtmp.sh - run a command against a throw-away PostgreSQL server.
#
#   pgtmp.sh COMMAND [ARGS...]
#
# Makes a database cluster with Debian's postgresql package (initdb) in a
# new temporary folder, starts it (pg_ctl) on a free loopback port with its
# unix socket in that folder, creates an empty database "grognard", runs
# COMMAND with GROGNARD_TEST_DB set to its URI
# (postgresql://grognard@127.0.0.1:PORT/grognard), then stops the server
# and removes the folder, whatever COMMAND did (and on Ctrl-C).  Exits with
# COMMAND's status.
#
# PostgreSQL refuses to run as root: as root, the cluster belongs to the
# user "nobody" (runuser), and only the server runs as nobody.  fsync is off:
# a test database need not survive a power cut, and the tests run faster.
# No PostgreSQL installed is a failure (exit 1) saying to run scripts/setup:
# the tests of the PostgreSQL store must not pass by not running.
set -u
[ $# -ge 1 ] || { echo "usage: pgtmp.sh COMMAND [ARGS...]" >&2; exit 2; }
bindir=""
# PGTMP_ROOT: where Debian puts PostgreSQL's versions (a test of this
# script's failure gives another)
for d in $(ls -d "${PGTMP_ROOT:-/usr/lib/postgresql}"/*/bin 2>/dev/null | sort -V); do
    [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && bindir=$d
done
if [ -z "$bindir" ]; then
    echo "FAIL: PostgreSQL is not installed (no ${PGTMP_ROOT:-/usr/lib/postgresql}/*/bin/initdb); run scripts/setup, which installs Debian's postgresql package" >&2
    exit 1
fi
PGTMP=$(mktemp -d "${TMPDIR:-/tmp}/grognard-pg.XXXXXX") || exit 1
as_owner=()
if [ "$(id -u)" = 0 ]; then
    command -v runuser >/dev/null || { echo "FAIL: running as root and runuser (util-linux) is missing; PostgreSQL will not run as root" >&2; rm -rf "$PGTMP"; exit 1; }
    chown nobody "$PGTMP"
    chmod 700 "$PGTMP"
    as_owner=(runuser -u nobody --)
    # every folder above must let nobody through
    if ! "${as_owner[@]}" test -w "$PGTMP"; then
        echo "FAIL: the user nobody cannot reach $PGTMP (a folder above it is closed); set TMPDIR to a folder open to all, such as /tmp" >&2
        rm -rf "$PGTMP"
        exit 1
    fi
fi
data="$PGTMP/data"
started=""
stop_pg() {
    if [ -n "$started" ]; then
        "${as_owner[@]}" "$bindir/pg_ctl" stop -D "$data" -m immediate -w >/dev/null 2>&1
        started=""
    fi
    rm -rf "$PGTMP"
}
child=""
trap stop_pg EXIT
# a signal (Ctrl-C, meson's timeout): the command stopped too, then stop_pg
trap '[ -n "$child" ] && kill -TERM "$child" 2>/dev/null; exit 130' INT TERM
if ! "${as_owner[@]}" "$bindir/initdb" -D "$data" -U grognard --auth=trust -E UTF8 --no-locale \
    >"$PGTMP/initdb.log" 2>&1; then
    echo "FAIL: initdb failed:" >&2
    tail -n 20 "$PGTMP/initdb.log" >&2
    exit 1
fi
# a free loopback port: a few tries at random ports (another test may take
# one between our look and our start; pg_ctl then fails and we try again)
port=""
for _ in 1 2 3 4 5 6 7 8 9 10; do
    p=$((20000 + RANDOM % 40000))
    if "${as_owner[@]}" "$bindir/pg_ctl" start -D "$data" -w -t 60 -l "$PGTMP/server.log" \
        -o "-c listen_addresses=127.0.0.1 -c port=$p -c unix_socket_directories=$PGTMP -c fsync=off -c max_connections=200" \
        >/dev/null 2>&1; then
        port=$p
        started=1
        break
    fi
done
if [ -z "$port" ]; then
    echo "FAIL: the PostgreSQL server did not start:" >&2
    tail -n 20 "$PGTMP/server.log" >&2
    exit 1
fi
if ! "$bindir/createdb" -h 127.0.0.1 -p "$port" -U grognard grognard >"$PGTMP/createdb.log" 2>&1; then
    echo "FAIL: createdb failed: $(cat "$PGTMP/createdb.log")" >&2
    exit 1
fi
export GROGNARD_TEST_DB="postgresql://grognard@127.0.0.1:$port/grognard"
# for a test that restarts the database (pg_two.sh): pg_ctl as its owner
export PGTMP_BIN="$bindir" PGTMP_PORT="$port" PGTMP_DATA="$data" PGTMP_OWNER="${as_owner[*]:+nobody}"
# in the background, so that a signal is taken at once, not after COMMAND
"$@" &
child=$!
wait "$child"
rc=$?
child=""
exit $rc
