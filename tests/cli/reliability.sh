#!/bin/bash
# reliability.sh - issue 13, "nothing lost, nothing silently changed":
# a save on a full file system keeps the old save and says so; numbers on
# stdin are never rounded, --roll never cut, --json never drops a member;
# the messages name the place and the reason.
. "$(dirname "$0")/lib.sh"
: "${SOURCE_ROOT:?}"
S=$SOURCE_ROOT/data/scenarios
T=${TMPDIR:-/tmp}/reliability.$$
mkdir -p "$T"

# ---- item 1: a save on a full file system keeps the old save ------------
"$GROGNARD" play "$S/teaching.json" --ai both --seed 7 --save "$T/game.json" >/dev/null 2>&1 &&
    pass || flunk "the first save could not be written"
cp "$T/game.json" "$T/game.before"
# The file-size limit stands for a full disk: the new save cannot be written
# (write() fails with EFBIG once SIGXFSZ is ignored).  stdout and stderr go
# to pipes, which the limit does not touch.
err=$( (trap '' XFSZ; ulimit -f 0
    printf 'save %s\nboard\nquit\n' "$T/game.json" |
        "$GROGNARD" play "$S/teaching.json" --ai none --seed 8 2>&1 >"$T/full.out.pipe" | cat) )
cmp -s "$T/game.json" "$T/game.before" && pass || flunk "full disk (prompt): the old save changed"
printf '%s' "$err" | grep -q "game.json: write error (File too large); the previous file, if any, is unchanged" &&
    pass || flunk "full disk (prompt): stderr '$err' does not say the write failed and the old file is kept"
printf '%s' "$err" | grep -q "the game is not lost: it goes on" &&
    pass || flunk "full disk (prompt): stderr '$err' does not say the game goes on"
ls "$T" | grep -q '\.tmp\.' && flunk "full disk: a temporary file was left behind: $(ls "$T")" || pass
# the same at the end of a game (--save)
out=$( (trap '' XFSZ; ulimit -f 0
    "$GROGNARD" play "$S/teaching.json" --ai both --seed 9 --save "$T/game.json" 2>&1 >/dev/null; echo "rc=$?") )
cmp -s "$T/game.json" "$T/game.before" && pass || flunk "full disk (--save): the old save changed"
case $out in
*"write error (File too large); the previous file, if any, is unchanged"*"rc=1") pass ;;
*) flunk "full disk (--save): want the write error on stderr and exit 1, got '$out'" ;;
esac
expect_exit "the old save still replays" 0 "" -- replay "$T/game.json" --verify
rm -f "$T/full.out.pipe"

# ---- item 8: stdin JSON is read exactly, with positions -----------------
fire='"firer":"cavalry"'
expect_stdin_exit "fraction of a whole-number input" 2 \
    '^grognard: stdin:2:11: .*5\.9999999.* not a whole number' \
    "{$fire,
 \"stands\":5.9999999}" -- resolve aoe fire - --roll 10
expect_stdin_exit "finer than a thousandth (was rounded to 0)" 2 \
    '^grognard: stdin:1:[0-9]+: "range": 0\.00000000000000000003 is finer than a thousandth.*not rounded' \
    '{"firer":"artillery","artillery-class":"other","weight":"light","range":0.00000000000000000003}' \
    -- resolve aoe fire - --roll 10
expect_stdin_exit "a decimal number past the thousandths" 2 \
    'stdin:1:[0-9]+: "range": 4\.0005 is finer than a thousandth' \
    '{"firer":"artillery","artillery-class":"other","weight":"light","range":4.0005}' \
    -- resolve aoe fire - --roll 10
expect_stdin_exit "an exponent" 2 'stdin:1:[0-9]+: "stands": 4e0 is written with an exponent' \
    "{$fire,\"stands\":4e0}" -- resolve aoe fire - --roll 10
expect_stdin_exit "too large for 64 bits" 2 'stdin:1:[0-9]+: "stands": 99999999999999999999 is too large' \
    "{$fire,\"stands\":99999999999999999999}" -- resolve aoe fire - --roll 10
expect_stdin_exit "seed too large" 2 'stdin:1:[0-9]+: "seed" 9223372036854775808 is too large' \
    "{$fire,\"stands\":4,\"seed\":9223372036854775808}" -- resolve aoe fire -
# a seed past 2^63-1 came out negative in --json: refused, as play and sim do
expect_exit "--seed past 2^63-1" 2 "^grognard: --seed: '18446744073709551615' is not accepted; accepted: a whole number from 0 to 9223372036854775807" -- \
    resolve aoe fire --firer cavalry --stands 4 --seed 18446744073709551615 --json
expect_stdin_exit "malformed, with its place" 2 '^grognard: stdin:2:1: malformed JSON' \
    "{$fire,
" -- resolve aoe fire -
expect_stdin_exit "unknown key, with its place" 2 'stdin:1:31: unknown key "bogus"' \
    "{$fire,\"stands\":4,\"bogus\":1}" -- resolve aoe fire -
expect_stdin_exit "not an object" 2 'stdin:1:1: the situation must be a JSON object' \
    '[1]' -- resolve aoe fire -
# exact values are taken: 4.000 is 4, the largest seed is that seed (read
# from the text: jq holds numbers as doubles)
out=$(printf '{%s,"stands":4.000,"seed":9223372036854775807}' "$fire" |
    "$GROGNARD" resolve aoe fire - --json 2>&1)
if printf '%s\n' "$out" | grep -qx '    "stands": 4' &&
    printf '%s\n' "$out" | grep -qx '  "seed": 9223372036854775807,'; then
    pass
else
    flunk "exact stdin values: got $(printf '%s' "$out" | head -c 300)"
fi

# ---- item 8: --roll is never cut, never skips an empty value ------------
long=$(printf '1%.0s' $(seq 200))
expect_exit "a --roll value past 127 bytes" 2 "^grognard: --roll: '1111.*' is not accepted" -- \
    resolve aoe fire --firer cavalry --stands 4 --roll "$long"
# cut at 127 bytes this was "7,000...03": a valid roll of two faces
expect_exit "--roll of 130 bytes whose cut would be valid" 2 "^grognard: --roll: '0000.*' is not accepted" -- \
    resolve aoe combat --attacker-stands 8 --defender-stands 4 --roll "7,$(printf '0%.0s' $(seq 124))3,1"
expect_exit "an empty --roll value" 2 "^grognard: --roll: '7,,3' has an empty value" -- \
    resolve aoe combat --attacker-stands 8 --defender-stands 4 --roll 7,,3
expect_exit "a trailing comma in --roll" 2 "has an empty value" -- \
    resolve aoe combat --attacker-stands 8 --defender-stands 4 --roll 7,3,

# ---- item 8: --json never drops a member --------------------------------
bad=$T/$(printf 'pts\377')
cp "$SOURCE_ROOT/data/rff/fire_points.json" "$bad.json"
expect_exit "--json with a file name that is not UTF-8" 2 \
    "^grognard: --points-file: .* is not valid UTF-8, and --json prints it as JSON text" -- \
    lookup rff fire_points --weapon rm --band close --json --points-file "$bad.json"
# without --json the same file is read
expect_exit "the same file name without --json" 0 "" -- \
    lookup rff fire_points --weapon rm --band close --points-file "$bad.json"

# ---- item 8: the fire-points file is read exactly (1.0005 was rounded) --
printf '{"format": "grognard-rff-fire-points", "version": 1,\n "musketry": {"RM": {"close": {"points": 1.0005, "source": "x"}}},\n "cannon": {}}\n' >"$T/fine.json"
expect_exit "points finer than a thousandth" 2 \
    'fine.json:2:42: musketry.RM.close.points 1.0005 is not accepted: points are kept exactly, in thousandths, never rounded' -- \
    lookup rff fire_points --weapon rm --band close --points-file "$T/fine.json"
printf '{"format": "grognard-rff-fire-points", "version": 1,\n "musketry": {"RM": {"close": {"points": 1.25e0, "source": "x"}}},\n "cannon": {}}\n' >"$T/exp.json"
expect_exit "points with an exponent" 2 'exp.json:2:42: musketry.RM.close.points 1.25e0 is not accepted: points are kept exactly' -- \
    lookup rff fire_points --weapon rm --band close --points-file "$T/exp.json"

# ---- item 10: a directory, a file too large ------------------------------
expect_exit "points file: a directory" 1 "^grognard: $T: is a directory; give the path of a JSON file" -- \
    lookup rff fire_points --weapon rm --band close --points-file "$T"
head -c 4194305 /dev/zero | tr '\0' ' ' >"$T/big.json"
expect_exit "points file: one byte past the limit" 2 "big.json:1:1: the file is larger than 4194304 bytes" -- \
    lookup rff fire_points --weapon rm --band close --points-file "$T/big.json"
rm -f "$T/big.json"
rm -rf "$T"
finish
