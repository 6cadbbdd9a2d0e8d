# lib.sh - helpers for the command-line tests.  Each test script sources it,
# runs `grognard` ($GROGNARD) and counts checks; it exits non-zero if any
# check failed.  jq reads the JSON output.
set -u
: "${GROGNARD:?GROGNARD must name the grognard binary}"
checks=0
failed=0

pass() { checks=$((checks + 1)); }
flunk() { checks=$((checks + 1)); failed=$((failed + 1)); printf 'FAIL: %s\n' "$*" >&2; }

# expect_json NAME JQ_FILTER EXPECTED -- ARGS...: run grognard ARGS, apply the
# jq filter to stdout, compare with EXPECTED (as jq prints it, -c).
expect_json() {
    local name=$1 filter=$2 want=$3
    shift 4
    local out got
    out=$("$GROGNARD" "$@" 2>/tmp/grognard-stderr.$$) || { flunk "$name: exit $? ($(cat /tmp/grognard-stderr.$$))"; return; }
    got=$(printf '%s' "$out" | jq -c "$filter" 2>&1)
    if [ "$got" = "$want" ]; then pass; else flunk "$name: $filter gave $got, want $want"; fi
}

# expect_exit NAME CODE PATTERN -- ARGS...: grognard ARGS exits CODE and its
# stderr is one line matching the extended regex PATTERN.
expect_exit() {
    local name=$1 code=$2 pattern=$3
    shift 4
    local err rc lines
    "$GROGNARD" "$@" >/dev/null 2>/tmp/grognard-stderr.$$ </dev/null
    rc=$?
    err=$(cat /tmp/grognard-stderr.$$)
    lines=$(printf '%s\n' "$err" | grep -c .)
    if [ "$rc" != "$code" ]; then flunk "$name: exit $rc, want $code ($err)"; return; fi
    if [ "$code" != 0 ] && [ "$lines" != 1 ]; then flunk "$name: $lines lines on stderr, want 1: $err"; return; fi
    if [ -n "$pattern" ] && ! printf '%s' "$err" | grep -Eq -- "$pattern"; then flunk "$name: stderr '$err' does not match '$pattern'"; return; fi
    pass
}

# expect_stdin_exit NAME CODE PATTERN INPUT -- ARGS...: as expect_exit, with INPUT on stdin.
expect_stdin_exit() {
    local name=$1 code=$2 pattern=$3 input=$4
    shift 5
    local err rc
    printf '%s' "$input" | "$GROGNARD" "$@" >/dev/null 2>/tmp/grognard-stderr.$$
    rc=$?
    err=$(cat /tmp/grognard-stderr.$$)
    if [ "$rc" != "$code" ]; then flunk "$name: exit $rc, want $code ($err)"; return; fi
    if ! printf '%s' "$err" | grep -Eq -- "$pattern"; then flunk "$name: stderr '$err' does not match '$pattern'"; return; fi
    pass
}

# expect_same NAME -- ARGS...: two runs of grognard ARGS print the same thing.
expect_same() {
    local name=$1
    shift 2
    local a b
    a=$("$GROGNARD" "$@" 2>&1)
    b=$("$GROGNARD" "$@" 2>&1)
    if [ "$a" = "$b" ] && [ -n "$a" ]; then pass; else flunk "$name: two runs differ"; fi
}

# battle_status FILE: sets BS_JSON to `grognard battle status FILE --json`,
# running it again only when FILE's bytes changed (a status is a function of
# the battle file alone, and the scripted battles check many fields after
# each action).  Returns non-zero if the command failed.
_bs_key=""
BS_JSON=""
battle_status() {
    local key
    key="$1 $(cksum <"$1")" || return 1
    if [ "$key" != "$_bs_key" ]; then
        _bs_key=""
        BS_JSON=$("$GROGNARD" battle status "$1" --json 2>/tmp/grognard-stderr.$$) || return 1
        _bs_key=$key
    fi
}

# expect_status NAME JQ_FILTER EXPECTED FILE: as expect_json on
# `grognard battle status FILE --json`.
expect_status() {
    local name=$1 filter=$2 want=$3 got
    battle_status "$4" || { flunk "$name: battle status failed ($(cat /tmp/grognard-stderr.$$))"; return; }
    got=$(printf '%s' "$BS_JSON" | jq -c "$filter" 2>&1)
    if [ "$got" = "$want" ]; then pass; else flunk "$name: $filter gave $got, want $want"; fi
}

finish() {
    rm -f /tmp/grognard-stderr.$$
    printf '%d checks, %d failed\n' "$checks" "$failed"
    [ "$failed" = 0 ]
}
