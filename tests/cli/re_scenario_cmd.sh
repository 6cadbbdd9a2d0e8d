#!/bin/sh
# re_scenario_cmd.sh - grognard scenario check and info: every bundled
# scenario passes the check; every broken file of tests/io/bad (formats 1
# and 2) is refused with exit 2 and ONE line "FILE:LINE:COL: what; fix" at
# the expected place; warnings for what loads but is most likely a mistake;
# the briefing as text (the same as grognard play prints) and as JSON.
. "$(dirname "$0")/lib.sh"
: "${SOURCE_ROOT:?}"
S=$SOURCE_ROOT/data/scenarios
B=$SOURCE_ROOT/tests/io/bad
M=$SOURCE_ROOT/tests/io/good_mini2.json
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

n=0
for f in "$S"/*.json; do
    n=$((n + 1))
    expect_exit "check $(basename "$f")" 0 "" -- scenario check "$f"
    out=$("$GROGNARD" scenario check "$f")
    case $out in *"$f: OK: "*) pass ;; *) flunk "check $f: $out" ;; esac
done
[ "$n" -ge 4 ] && pass || flunk "only $n bundled scenarios, want at least 4"

grep -v '^#' "$B/EXPECTED" | while read -r file line col text; do
    [ -n "$file" ] || continue
    expect_exit "check bad $file" 2 "^$B/$file:$line:$col: .*;" -- scenario check "$B/$file"
    printf '%s\n' "$checks $failed" > "$T/counts"
done
read -r checks failed < "$T/counts"

# several files: each is checked, the worst exit wins
"$GROGNARD" scenario check "$M" "$B/reinf_no_units.json" "$S/teaching.json" >"$T/o" 2>"$T/e"
[ $? = 2 ] && pass || flunk "check of three files, one bad: exit not 2"
grep -q "good_mini2.json: OK" "$T/o" && grep -q "teaching.json: OK" "$T/o" && pass || flunk "check of three files: $(cat "$T/o")"

# warnings (exit 0)
sed 's/"entry": \[\[0, 2\], \[0, 1\]\]/"entry": [[2, 0], [0, 0], [0, 2]]/' "$M" > "$T/entry.json"
out=$("$GROGNARD" scenario check "$T/entry.json") && pass || flunk "entry.json refused"
case $out in *'entry hex [2, 0] is blocked by its terrain for "u3" (HC)'*) pass ;; *) flunk "no terrain warning: $out" ;; esac
case $out in *'entry hex [0, 0] is the starting hex of "u1"'*) pass ;; *) flunk "no starting-hex warning: $out" ;; esac
case $out in *'may never come: it needs 4 or more on a die from turn 2 to 4, and misses every roll 12%'*) pass ;; *) flunk "no may-never-come warning: $out" ;; esac
case $out in *"; 3 warnings"*) pass ;; *) flunk "warning count: $out" ;; esac
sed 's/"units": \[/"objectives": [{"name": "Lac", "hex": [3, 2], "side": "b"}],\n  "units": [/' "$M" > "$T/obj.json"
out=$("$GROGNARD" scenario check "$T/obj.json") && pass || flunk "obj.json refused"
case $out in *'objective [3, 2] of B: no unit of A can ever reach it'*) pass ;; *) flunk "no unreachable warning: $out" ;; esac
sed 's/"chits_per_turn": 1, "demoralised_at": 1, "retreat": "E"/"chits_per_turn": 1, "demoralised_at": 1, "retreat": "E"/; s/"hex": \[3, 1\]}/"enters": "r2"}/; s/"reinforcements": \[/"reinforcements": [\n    {"id": "r2", "name": "Late", "turn": 3, "entry": [[3, 0]]},/' "$M" > "$T/chits.json"
out=$("$GROGNARD" scenario check "$T/chits.json") && pass || flunk "chits.json refused: $out"
case $out in *'B may put 1 chits in the bowl on turn 1 but the corps on the map then hold only 0'*) pass ;; *) flunk "no chits warning: $out" ;; esac

# info: the briefing
out=$("$GROGNARD" scenario info "$M")
case $out in *"Reinforcement Column (A): from turn 2, on a die of 4 or more at the start of each turn; enters at [0, 2], [0, 1]: u3"*) pass ;; *) flunk "info reinforcement: $out" ;; esac
case $out in *"A (): up to 1 chit in the bowl a turn, 2 from turn 3; retreats W"*) pass ;; *) flunk "info chits by turn: $out" ;; esac
case $out in *"CA (-, 2 chits): u1 (I 4), u3 (HC 3) later"*) pass ;; *) flunk "info corps: $out" ;; esac
expect_json "info json reinforcement" '.reinforcements[0] | [.name, .side, .turn, .roll, .entry, .units]' \
    '["Column","A",2,4,[[0,2],[0,1]],["u3"]]' -- scenario info "$M" --json
expect_json "info json chits" '.sides[0].chits_per_turn' '[{"turn":1,"chits":1},{"turn":3,"chits":2}]' \
    -- scenario info "$M" --json
expect_json "info json unit enters" '.sides[0].corps[0].units[1].enters' '"Column"' -- scenario info "$M" --json
expect_json "info json austerlitz objectives" '.objectives[0] | [.name, .hex, .points]' \
    '["Pratzeberg",[5,7],1]' -- scenario info "$S/austerlitz.json" --json
expect_json "info json sources" '.sources | length > 0' 'true' -- scenario info "$S/austerlitz.json" --json

R=$SOURCE_ROOT/tests/io/good_mini3.json
out=$("$GROGNARD" scenario info "$R")
case $out in *"Victory: the side holding more objective points at the end"*) pass ;; *) flunk "info victory objectives: $out" ;; esac
case $out in *"Sudden death: B loses at once at 2 demoralisation points."*) pass ;; *) flunk "info sudden death: $out" ;; esac
case $out in *"Guard (every retreat one hex shorter): u1."*) pass ;; *) flunk "info guard: $out" ;; esac
case $out in *"Fog or night, turns 1 to 2: no line of sight nor artillery fire beyond 1 hex."*) pass ;; *) flunk "info sight: $out" ;; esac
expect_json "info json rules" '.rules | [.guard, .guard_units, (.sight | length), .sudden_death.B]' \
    '["retreat-one-less",["u1"],3,2]' -- scenario info "$R" --json
expect_json "info json victory" '.victory.rule' '"objectives"' -- scenario info "$R" --json
case $out in *"Terrain from turn 4: hex [3, 2] features: bridge."*) pass ;; *) flunk "info terrain change: $out" ;; esac
expect_json "info json terrain changes" '.rules.terrain_changes' \
    '[{"turn":3,"hex":[1,1],"features":["fieldworks"]},{"turn":4,"hex":[3,2],"features":["bridge"]}]' \
    -- scenario info "$R" --json

# play prints the same briefing
for f in "$S"/*.json "$M" "$R"; do
    info=$("$GROGNARD" scenario info "$f")
    play=$(printf 'quit\n' | "$GROGNARD" play "$f" --seed 1 --ai none 2>/dev/null)
    case $play in *"$info"*) pass ;; *) flunk "play's briefing of $f is not scenario info's" ;; esac
done

expect_exit "no action" 2 "missing action" -- scenario
expect_exit "unknown action" 2 "unknown action 'chek'; accepted: check, info" -- scenario chek "$M"
expect_exit "check no file" 2 "missing FILE" -- scenario check
expect_exit "info no file" 2 "missing FILE" -- scenario info
expect_exit "info bad option" 2 "unknown option '--xml'" -- scenario info "$M" --xml
expect_exit "info bad file" 2 "^$B/reinf_no_units.json:23:5: " -- scenario info "$B/reinf_no_units.json"
expect_exit "check missing file" 1 "cannot open" -- scenario check /nonexistent/x.json
finish
