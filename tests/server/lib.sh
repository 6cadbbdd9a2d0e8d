# lib.sh - helpers for the server tests: start `grognard serve` on a free
# loopback port, talk to it with curl, read the JSON with jq, count checks.
# Each test script sources it and exits non-zero if any check failed.
set -u
: "${GROGNARD:?GROGNARD must name the grognard binary}"
: "${SOURCE_ROOT:?SOURCE_ROOT must name the source tree}"
for tool in curl jq; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (scripts/setup installs it)" >&2; exit 1; }
done
checks=0
failed=0
WORK=$(mktemp -d "${TMPDIR:-/tmp}/grognard-server-test.XXXXXX")
SERVER_PID=""
PORT=""
cleanup() {
    [ -n "$SERVER_PID" ] && kill -9 "$SERVER_PID" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT

pass() { checks=$((checks + 1)); [ -n "${TRACE-}" ] && echo "$(date +%s.%N) $checks" >&2; true; }
flunk() { checks=$((checks + 1)); failed=$((failed + 1)); printf 'FAIL: %s\n' "$*" >&2; }
check() { # check NAME GOT WANT
    if [ "$2" = "$3" ]; then pass; else flunk "$1: got '$2', want '$3'"; fi
}
finish() {
    echo "$checks checks, $failed failed"
    # the server's own messages (not the access log), to see why
    if [ "$failed" != 0 ] && [ -f "$WORK/serve.err" ]; then
        grep -vE '^(127\.0\.0\.1|-) ' "$WORK/serve.err" | tail -n 40 >&2
    fi
    [ "$failed" = 0 ]
}

# start_server DB [ARGS...]: start grognard serve on port 0 with DB; sets
# PORT and SERVER_PID, waits for its one line on stdout.
start_server() {
    local db=$1
    shift
    : >"$WORK/serve.out"
    "$GROGNARD" serve --port 0 --db "$db" --data "$SOURCE_ROOT/data" --web "$SOURCE_ROOT/web" "$@" \
        >"$WORK/serve.out" 2>>"$WORK/serve.err" &
    SERVER_PID=$!
    local i=0
    while [ $i -lt 200 ]; do
        if grep -q '^grognard: serving http://127.0.0.1:[0-9]*/$' "$WORK/serve.out"; then
            PORT=$(sed -n 's|^grognard: serving http://127.0.0.1:\([0-9]*\)/$|\1|p' "$WORK/serve.out")
            BASE="http://127.0.0.1:$PORT"
            return 0
        fi
        kill -0 "$SERVER_PID" 2>/dev/null || break
        sleep 0.05
        i=$((i + 1))
    done
    echo "FAIL: the server did not start: $(cat "$WORK/serve.err")" >&2
    exit 1
}

stop_server() { # SIGTERM, and wait for a clean exit
    kill -TERM "$SERVER_PID"
    wait "$SERVER_PID"
    local rc=$?
    SERVER_PID=""
    return $rc
}

kill_server() {
    kill -9 "$SERVER_PID" 2>/dev/null
    wait "$SERVER_PID" 2>/dev/null
    SERVER_PID=""
}

# api METHOD PATH [BODY] [TOKEN]: the answer's body in $BODY, status in $STATUS.
api() {
    local method=$1 path=$2 body=${3-} token=${4-}
    local args=(-s -o "$WORK/body" -w '%{http_code}' -X "$method")
    [ -n "$body" ] && args+=(-H 'Content-Type: application/json' --data-binary "$body")
    [ -n "$token" ] && args+=(-H "Authorization: Bearer $token")
    STATUS=$(curl "${args[@]}" "$BASE$path")
    BODY=$(cat "$WORK/body")
}

# expect_status NAME CODE METHOD PATH [BODY] [TOKEN]: and an error body
# {"error": "..."} for a 4xx (with "step" for a stale step, and "param", the
# input at fault, when the message names one {so}: grognard/error.h).
expect_status() {
    local name=$1 code=$2
    shift 2
    api "$@"
    if [ "$STATUS" != "$code" ]; then flunk "$name: status $STATUS, want $code ($BODY)"; return; fi
    if [ "${code:0:1}" = 4 ]; then
        local e
        e=$(printf '%s' "$BODY" | jq -r 'if (keys - ["error", "step", "param"]) == [] and (.error | type) == "string" and (.error | length) > 0 and ((has("param") | not) or (.param | test("^[a-z][a-z0-9_-]*$"))) then "ok" else "bad" end' 2>/dev/null)
        [ "$e" = ok ] || { flunk "$name: error body is not {\"error\": ...}: $BODY"; return; }
    fi
    pass
}

jqb() { printf '%s' "$BODY" | jq -r "$1"; }
