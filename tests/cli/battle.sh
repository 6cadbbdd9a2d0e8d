#!/usr/bin/env bash
# Command-line tests of the battle companion's machinery (grognard battle):
# bad orders of battle exit 2 with FILE:LINE:COL; new, status --json, an
# action, undo back to the same hash; save and resume in a new process; a
# phase refusal; a tampered record fails loudly; the report as text and
# HTML.  The battle is a small aoe order of battle (battle/aoe_small.json);
# the per-system values are the aoe rules' own tests, only one fire is
# worked out here, to see the state saved and resumed.
. "$(dirname "$0")/lib.sh"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
oob="$SOURCE_ROOT/tests/cli/battle/aoe_small.json"
bf="$dir/b.json"

# ---- bad orders of battle: each names the file, line and column ----------
# (lines and columns counted by hand in battle/aoe_small.json: line 1 is the
# "{", columns from 1)
bad() { # NAME SED-EXPRESSION PATTERN
    sed "$2" "$oob" >"$dir/$1.json"
    expect_exit "oob-$1" 2 "$3" -- battle new aoe "$dir/$1.json" --out "$dir/x.json"
}
# line 23: 5 spaces, "arm": (6-11), "infantry" (13-22), "stands": (25-33), 6 (35), "quality" at 38
bad unknown-key '23s/"quality"/"qualty"/' "$dir/unknown-key.json:23:38: unknown key \"qualty\" in unit 1"
# line 25: 4 spaces, {, "id": (6-10), the value at 12
bad duplicate-id '25s/"ferey"/"schiner"/' "$dir/duplicate-id.json:25:12: duplicate unit id \"schiner\""
# line 22: ... "name": (23-29) "Schiner (Vandamme)" (31-50), "side": (53-59) 0 (61), "leader": (64-72), value at 74
bad leader-ref '22s/"vandamme"/"davout"/' "$dir/leader-ref.json:22:74: unit \"schiner\" names leader \"davout\""
# kamensky without stands: refused at its object, line 28 column 5
bad no-stands '29s/"stands": 6, //' "$dir/no-stands.json:28:5: unit \"kamensky\" has no \"stands\""
# line 3: "system": (3-11), the value at 13
bad system '3s/"aoe"/"xyz"/' "$dir/system.json:3:13: \"system\" is \"xyz\", but the battle is started as aoe"
# the system's own vocabulary (aoe setup): the unit's object, line 22 column 5
bad nation '24s/"french"/"frankish"/' "$dir/nation.json:22:5: unit \"schiner\": nation \"frankish\""
expect_exit oob-missing-file 1 'cannot open' -- battle new aoe "$dir/none.json" --out "$dir/x.json"
[ ! -e "$dir/x.json" ] && pass || flunk "a refused order of battle writes no battle file"
expect_exit new-no-system 2 "keeps no system 'xyz'; accepted: .*aoe" -- battle new xyz "$oob" --out "$dir/x.json"
cp "$oob" "$dir/own.json"  # a copy: a failure must not overwrite the fixture
expect_exit new-out-is-oob 2 'own.json is the order of battle itself' -- battle new aoe "$dir/own.json" --out "$dir/own.json" --force
cmp -s "$oob" "$dir/own.json" && pass || flunk "the order of battle is left as it was"
expect_exit no-command 2 'missing command' -- battle
expect_exit new-no-out 2 'give SYSTEM, the order of battle and --out FILE' -- battle new aoe "$oob"

# ---- new, status, undo ------------------------------------------------------
expect_exit new 0 '' -- battle new aoe "$oob" --out "$bf" --seed 5
expect_exit new-exists 2 'b.json exists; the battle it may hold would be lost' -- battle new aoe "$oob" --out "$bf" --seed 6
expect_exit new-force 0 '' -- battle new aoe "$oob" --out "$bf" --seed 5 --force
expect_json status-keys '[.system,.turn,.phase,.active_side,(.units|length),(.leaders|length),(.hash|test("^[0-9a-f]{16}$"))]' \
    '["aoe",1,"initiative",0,4,4,true]' -- battle status "$bf" --json
h0=$("$GROGNARD" battle status "$bf" --json | jq -r .hash)
expect_exit next 0 '' -- battle next "$bf"
h1=$("$GROGNARD" battle status "$bf" --json | jq -r .hash)
[ "$h1" != "$h0" ] && pass || flunk "next changes the hash"
expect_json undo '.hash' "\"$h0\"" -- battle undo "$bf" --json
expect_json undone-status '[.hash,.phase]' "[\"$h0\",\"initiative\"]" -- battle status "$bf" --json
expect_exit undo-empty 2 'has no action to undo' -- battle undo "$bf"

# ---- the sequence of play: 6 nexts to the first player's fire (aoe:
# initiative, s1_leaders, s1_reserve, s1_tactical, s1_generals,
# s1_fire_second, s1_fire_first)
for i in 1 2 3 4 5 6; do "$GROGNARD" battle next "$bf" >/dev/null || flunk "next $i"; done
expect_json at-fire-first '[.phase,.active_side]' '["s1_fire_first",0]' -- battle status "$bf" --json
# a refusal exits 2 and changes nothing
hb=$("$GROGNARD" battle status "$bf" --json | jq -r .hash)
expect_exit fire-wrong-side 2 'kamensky' -- battle fire "$bf" kamensky --target schiner --roll 9
expect_exit formation-refused-phase 2 'not allowed now: this is s1_fire_first' -- battle battery "$bf" russian_foot --action limber
expect_exit unknown-unit 2 "'davout' is not a unit of this battle" -- battle fire "$bf" davout --target kamensky
expect_exit unknown-verb 2 "unknown command or verb 'shoot'" -- battle shoot "$bf"
# the rules name a fact as declared, marked {range} (include/grognard/
# error.h): the command says each as its flag
expect_exit fire-takes-no 2 "^grognard: fire takes no --charge-distance; it takes: --range, --cover, --enfilade, --target-grand-battery, --stands-firing \(fire UNIT" -- battle fire "$bf" schiner --target kamensky --charge-distance 3 --roll 9
expect_exit fire-stands-firing 2 '^grognard: fire --stands-firing "9": "schiner" has 6 stands left; accepted: 1 to 6$' -- battle fire "$bf" schiner --target kamensky --stands-firing 9 --roll 9
expect_json refused-unchanged '.hash' "\"$hb\"" -- battle status "$bf" --json

# Schiner fires at Kamensky, typed 9.  Seed 003 PUISSANCE: "Infanterie
# linéaire 3 rangs/mixte 2" a stand, "1 Sk": 6 stands x 2 = 12, +1 = 13;
# Table des tirs, column 12-14: "8, 9, 10" Tir efficace, "Troupe en désordre
# et perd une base": Kamensky 5 of 6, disordered.
out=$("$GROGNARD" battle fire "$bf" schiner --target kamensky --roll 9 --json)
got=$(printf '%s' "$out" | jq -c '[.resolution.result,.resolution.score,.rolls]')
[ "$got" = '["effective",9,[9]]' ] && pass || flunk "fire: $got"
ha=$(printf '%s' "$out" | jq -r .hash)
# resumed by a new process: the same state
expect_json resumed '[.hash,.units[2].left,.units[2].disordered]' "[\"$ha\",5,true]" -- battle status "$bf" --json
# the battle file is a save of the battle's match: 6 next, the fire asked,
# its die typed at the table (given)
rec=$(jq -c '[.format,(.steps|length),.steps[-2].text,.steps[-1].player,.steps[-1].text,.steps[-1].given,.seed,.game]' "$bf")
[ "$rec" = '["grognard-save",8,"fire schiner --target kamensky","chance","9 (D10)",true,5,"aoe"]' ] && pass || flunk "the battle file's record: $rec"
# the seeded dice of an action are kept: undo and do it again, same roll
"$GROGNARD" battle fire "$bf" ferey --target kamensky --json >"$dir/f1.json" || flunk "seeded fire"
"$GROGNARD" battle undo "$bf" >/dev/null || flunk "undo the seeded fire"
expect_json undo-to-fire '.hash' "\"$ha\"" -- battle status "$bf" --json
"$GROGNARD" battle fire "$bf" ferey --target kamensky --json >"$dir/f2.json" || flunk "seeded fire again"
[ "$(jq -c .rolls "$dir/f1.json")" = "$(jq -c .rolls "$dir/f2.json")" ] && [ "$(jq -r .hash "$dir/f1.json")" = "$(jq -r .hash "$dir/f2.json")" ] \
    && pass || flunk "an undone and repeated action rolls the same"

# ---- help: the verbs with their help line, the phase now marked -----------
out=$("$GROGNARD" battle fire "$bf" --help)
printf '%s' "$out" | grep -q -- '-> s1_fire_first' && pass || flunk "help marks the phase now"
printf '%s' "$out" | grep -Eq '^  \* fire +fire UNIT --target UNIT' && pass || flunk "help marks fire as allowed now"
"$GROGNARD" battle --help | grep -q 'systems kept:.*aoe' && pass || flunk "battle --help lists the systems"

# ---- report ------------------------------------------------------------------
out=$("$GROGNARD" battle report "$bf")
printf '%s' "$out" | grep -q 'turn 1   French 0, Allied 1' && pass || flunk "report: losses by turn ($out)"
printf '%s' "$out" | grep -q 'dice (fire, D10): 9' && pass || flunk "report: the dice"
expect_exit report-html 0 '' -- battle report "$bf" --html "$dir/r.html"
cp "$bf" "$dir/keep.json"
expect_exit report-html-over-battle 2 'is the battle file itself' -- battle report "$dir/keep.json" --html "$dir/keep.json"
cmp -s "$bf" "$dir/keep.json" && pass || flunk "the battle file is left as it was"
grep -q '<svg' "$dir/r.html" && ! grep -Eq 'https?:|<script|<link' "$dir/r.html" && pass || flunk "report --html: inline SVG, nothing fetched"

# ---- a tampered record fails loudly, naming the action ---------------------
# (a die is its value; an action, its text as the battle commands take it)
jq '.steps[7].action = 2' "$bf" >"$dir/t.json"
expect_exit tampered 2 'step 8 \(2 \(D10\)\).*hash' -- battle status "$dir/t.json"
jq -e '.steps[9] | .player == "chance" and (.given // false) == false' "$bf" >/dev/null && pass || flunk "ferey's fire is recorded with dice from the seed"
d=$(jq -r '.steps[9].action' "$bf")
jq --argjson d "$(( d % 10 + 1 ))" '.steps[9].action = $d' "$bf" >"$dir/t3.json"
expect_exit tampered-seeded 2 'step 10: the seed gives ".*" but the file records' -- battle status "$dir/t3.json"
jq '.steps[6].action = "nobody"' "$bf" >"$dir/t2.json"
expect_exit tampered-unit 2 "t2.json:[0-9]+:[0-9]+: the action \"nobody\" is not one of .*no verb \"nobody\"" -- battle status "$dir/t2.json"

# ---- a general hit, in the report ---------------------------------------------
# The Russian heavy battery fires at Schiner at 4 inches in the French
# segment's "Tirs du 2e joueur".  Seed 003 PUISSANCE: "Vieille Garde ou
# artillerie russe", 4": "10/7", heavy 10; Table des tirs, column 10-11: "9
# ou plus" Tir efficace, Schiner loses a stand, and Vandamme is attached:
# TABLE DES GÉNÉRAUX TOUCHÉS, "5 -": Général hors de combat, "remplacé après
# un Tour" (rolled 3; an ordinary general has no DRM).
gb="$dir/g.json"
"$GROGNARD" battle new aoe "$oob" --out "$gb" --seed 1 >/dev/null || flunk "new g"
for i in 1 2 3 4 5; do "$GROGNARD" battle next "$gb" >/dev/null || flunk "g next $i"; done
expect_exit general-one-die 2 'this fire needs one more roll, the general hit roll \(D10\).*--roll 9,N' -- battle fire "$gb" russian_foot --target schiner --range 4 --roll 9
out=$("$GROGNARD" battle fire "$gb" russian_foot --target schiner --range 4 --roll 9,3 --json)
got=$(printf '%s' "$out" | jq -c '[.resolution.result,.resolution.values.power]')
[ "$got" = '["effective",10]' ] && pass || flunk "battery fire: $got"
expect_json general-status '[.units[0].left,.leaders[1].status,.units[0].attached_leader]' '[5,"out_of_action",null]' -- battle status "$gb" --json
"$GROGNARD" battle report "$gb" | grep -q 'turn 1: Vandamme (French): out_of_action' && pass || flunk "report: the general's fate"

# ---- the generic commands and a battle ----------------------------------------
# The order of battle loads as a scenario of its system's game type
# (grognard scenario check); a battle file, which is a save of that game,
# is played and replayed with grognard battle: play and replay say so
# (exit 2, one line) rather than starting a game the terminal cannot take.
"$GROGNARD" scenario check "$oob" | grep -q "OK: Test skirmish on the Pratzen" && pass || flunk "scenario check of an order of battle"
expect_exit replay-battle 2 'is replayed with `grognard battle`' -- replay "$gb"
expect_exit play-battle 2 'is played with `grognard battle`' -- play "$oob"

finish
