#!/bin/sh
# re_replay.sh - grognard replay FILE --verify: a saved game verifies; a file
# whose state hash was changed at one step is stopped at that step (exit 1);
# a bad save file is refused with FILE:LINE:COL (exit 2).
. "$(dirname "$0")/lib.sh"
: "${SOURCE_ROOT:?}"
S=$SOURCE_ROOT/data/scenarios
T=${TMPDIR:-/tmp}/re_replay.$$
mkdir -p "$T"

"$GROGNARD" play "$S/austerlitz.json" --ai both --ai-kind eager --seed 7 --save "$T/a.json" >/dev/null
expect_exit "austerlitz game verifies" 0 "" -- replay "$T/a.json" --verify

# change the hash of step 12
awk '/"n": 12,/ { sub(/"hash": "[0-9a-f]/, "\"hash\": \"X") } { print }' "$T/a.json" |
    sed 's/"hash": "X\([0-9a-f]\{15\}\)"/"hash": "0\1"/' > "$T/b.json"
if cmp -s "$T/a.json" "$T/b.json"; then
    # the first digit was already 0: use 1
    awk '/"n": 12,/ { sub(/"hash": "0/, "\"hash\": \"1") } { print }' "$T/a.json" > "$T/b.json"
fi
expect_exit "tampered hash stops at step 12" 1 "step 12 .*state hash" -- replay "$T/b.json" --verify

# printing a game checks it as it goes: the same stop, the same message, exit 1
expect_exit "printing a tampered hash stops at step 12" 1 "step 12 .*state hash" -- replay "$T/b.json"
# a forged die or chit: a chance step whose outcome the seed does not give (the
# hash left as it was); the first chance step draws Division Lefort (corps 0) in
# the teaching game of seed 7: the file says corps 2
"$GROGNARD" play "$S/teaching.json" --ai both --ai-kind eager --seed 7 --save "$T/t.json" >/dev/null
awk '/"n": 5, "player": "chance"/ { sub(/"action": \[3, 0,/, "\"action\": [3, 2,") } { print }' \
    "$T/t.json" > "$T/f.json"
if cmp -s "$T/t.json" "$T/f.json"; then flunk "the forged chit was not written"; fi
expect_exit "forged chit stopped by --verify" 1 "step 5: the seed gives" -- replay "$T/f.json" --verify
expect_exit "forged chit stopped when printing" 1 "step 5: the seed gives" -- replay "$T/f.json"
expect_exit "printing with --json checks too" 1 "step 5: the seed gives" -- replay "$T/f.json" --json

printf '{"format": "grognard-re-save", "version": 1, "scenario": "x", "scenario_digest": "zz", "seed": 1, "steps": []}\n' > "$T/c.json"
expect_exit "bad digest" 2 "^$T/c.json:1:[0-9]+: \"scenario_digest\"" -- replay "$T/c.json" --verify
# (format 2 is this grognard's own since the scenario digest became standard FNV-1a: 3 is unknown)
printf '{"format": "grognard-re-save", "version": 3}\n' > "$T/c.json"
expect_exit "bad version" 2 "^$T/c.json:1:[0-9]+: .*version" -- replay "$T/c.json" --verify
printf '{"format": "grognard-re-save", "version": 1,\n "scenario": "data/scenarios/teaching.json", "scenario_digest": "0000000000000000", "seed": 1, "steps": [\n {"player": 3, "action": [1,0,0,0,0,0,0], "hash": "0000000000000000"}]}\n' > "$T/c.json"
expect_exit "bad player" 2 "^$T/c.json:3:13: \"player\"" -- replay "$T/c.json" --verify
expect_exit "no file" 1 "cannot open" -- replay "$T/none.json" --verify
expect_exit "no argument" 2 "missing FILE" -- replay

# a scenario path longer than any fixed buffer round-trips through the save
L=$T/$(printf 'l%.0s' $(seq 1 200))/$(printf 'm%.0s' $(seq 1 200))/$(printf 'n%.0s' $(seq 1 200))
mkdir -p "$L"
cp "$S/teaching.json" "$L/teaching.json"
"$GROGNARD" play "$L/teaching.json" --ai both --seed 3 --save "$T/long.json" >/dev/null 2>&1 &&
    pass || flunk "play with a 600-byte scenario path"
expect_exit "a 600-byte scenario path replays" 0 "" -- replay "$T/long.json" --verify
# ... relative to the save's folder too
(cd "$T" && "$GROGNARD" play "${L#"$T"/}/teaching.json" --ai both --seed 3 --save rel.json >/dev/null 2>&1)
expect_exit "a long relative scenario path replays" 0 "" -- replay "$T/rel.json" --verify
# a scenario path that is not UTF-8 cannot be written in the save: refused
# before the game (exit 2), and by 'save FILE' at the prompt, with the reason
B=$T/$(printf 'sc\377n').json
cp "$S/teaching.json" "$B"
expect_exit "non-UTF-8 scenario path refused with --save" 2 "not valid UTF-8" -- \
    play "$B" --ai both --save "$T/bytes.json"
[ -f "$T/bytes.json" ] && flunk "a save was written for a non-UTF-8 scenario path" || pass
printf 'save %s\nquit\n' "$T/bytes2.json" | "$GROGNARD" play "$B" --ai none > "$T/out-bytes" 2>&1
grep -q "not valid UTF-8" "$T/out-bytes" && pass || flunk "prompt save: non-UTF-8 path not refused"
[ -f "$T/bytes2.json" ] && flunk "prompt save wrote a non-UTF-8 scenario path" || pass

# a save gets the usual mode (0666 less the umask), or keeps the mode of the
# save it replaces
(umask 022 && "$GROGNARD" play "$S/teaching.json" --ai both --seed 3 --save "$T/mode.json" >/dev/null)
[ "$(stat -c %a "$T/mode.json")" = 644 ] && pass || flunk "a new save has mode $(stat -c %a "$T/mode.json"), not 644"
chmod 600 "$T/mode.json"
"$GROGNARD" play "$S/teaching.json" --ai both --seed 3 --save "$T/mode.json" >/dev/null
[ "$(stat -c %a "$T/mode.json")" = 600 ] && pass || flunk "a replaced save lost its mode 600"

# a quoted rule is quoted whole (seed 004 §4.2, typed from the seed): the
# evasion line cut it with "..." (issue 12 item 2)
"$GROGNARD" replay "$T/a.json" > "$T/a.txt" 2>&1
grep -q 'must evade: "La cavalerie légère si elle est attaquée en phase de combat DOIT retraiter avant le combat sauf face à la cavalerie."' "$T/a.txt" && pass || flunk "evasion rule quoted whole"
grep -q '\.\.\. DOIT' "$T/a.txt" && flunk "evasion rule still cut" || pass
# an empty file given as a save is not called a "scenario object" (issue 12 item 11)
: > "$T/empty.json"
expect_exit "empty file to play" 2 "the file is empty; write the JSON object" -- play "$T/empty.json"
expect_exit "empty file to replay" 2 "the file is empty; write the JSON object" -- replay "$T/empty.json"
rm -rf "$T"
finish
