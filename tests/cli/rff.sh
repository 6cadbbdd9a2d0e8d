#!/usr/bin/env bash
# Command-line tests of Regimental Fire and Fury: the contract of lookup and
# odds, resolve (typed rolls, the natural 10, the fire-points file), and bad input.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The contract (shared/contract/LOOKUP.md) and the issue's acceptance lines.
expect_json musketry-vet-6 '.result' '"effective"' -- lookup rff musketry --quality veteran --score 6 --json
expect_json charge-0 '.result' '"fierce_fight"' -- lookup rff charge --difference 0 --json
expect_json keys '[.system,.table]' '["rff","musketry"]' -- lookup rff musketry --quality crack --score 3 --json
expect_json deadly-charge '[.result,.charge]' '["deadly","stopped_unless_bayonet"]' -- lookup rff musketry --quality crack --score 10 --json
expect_json deadly-home '[.result,.charge]' '["deadly","home"]' -- lookup rff musketry --quality trained --score 7 --json
expect_json deadly-stopped '[.result,.charge]' '["deadly","stopped"]' -- lookup rff musketry --quality green --score 8 --json
expect_json fire-modifier '[.result,.modifier]' '["modifier",1]' -- lookup rff fire_modifier --points 10 --json
expect_json maneuver-go '.odds|keys' '["delayed","forced_march","panic","shocked","well_executed"]' -- odds rff maneuver --state good_order --json
expect_json maneuver-dis '.odds|keys' '["hesitant","panic","rally","rally_with_elan","shocked"]' -- odds rff maneuver --state disordered --json
expect_json maneuver-shocked '.result' '"shocked"' -- lookup rff maneuver --state disordered --score 2 --json
expect_json charge-odds '.odds.fierce_fight' '0.1' -- odds rff charge --json
expect_json charge-sum '[.odds[]]|add|(.*1e9|round)' '1000000000' -- odds rff charge --modifier 3 --json
expect_json leader '.result' '"coat_pierced"' -- lookup rff leader_loss --score 5 --json
expect_json movement '[.result,.cm]' '["move",60]' -- lookup rff movement --unit infantry_march_column --terrain road --pace forced --json
expect_json fire-points-null '[.result,.points]' '["not_known",null]' -- lookup rff fire_points --weapon rm --band close --json
# its effect names the inputs to give instead: as flags in the text, marked
# {points} in the JSON (include/grognard/error.h)
out=$("$GROGNARD" lookup rff fire_points --weapon rm --band close)
case $out in *"Give the fire points directly (resolve --points N) or a scenario's points file (--points-file FILE)."*) pass ;; *) flunk "fire-points-null-text: $out" ;; esac
expect_json fire-points-null-effect '.effect|test("resolve [{]points[}] N")' 'true' -- lookup rff fire_points --weapon rm --band close --json

# resolve: the seeded roll repeats; typed rolls are used as typed.
expect_same maneuver-seeded -- resolve rff maneuver --state good_order --seed 9 --json
# gallant +1, veteran +1, fresh +2 = +4; roll 4 -> 8: forced march; march column on the road: 60cm
expect_json maneuver-forced '[.modifier,.score,.result,.values.move_cm]' '[4,8,"forced_march",60]' -- resolve rff maneuver --state good_order --leader gallant --quality veteran --condition fresh --unit infantry_march_column --terrain road --roll 4 --json
# disordered, out of command -2, spent -2: roll 1 -> -3: panic, 3 stands
expect_json maneuver-panic '[.result,.values.stands_lost]' '["panic",3]' -- resolve rff maneuver --state disordered --command out_of_command --condition spent --roll 1 --json
# roll 9: forced march, but not for HH guns: a full move (horse battery, clear: 45cm)
expect_json maneuver-hh '.values.move_cm' '45' -- resolve rff maneuver --state good_order --arm guns --gun hh --unit horse_battery --roll 9 --json
# musketry: 10 points (+1), target in march column (+2), roll 5 -> 8 on trained: deadly, charge stopped unless bayonet
expect_json musketry-points '[.modifier,.score,.result,.steps[0].charge]' '[3,8,"deadly","stopped_unless_bayonet"]' -- resolve rff musketry --weapon rm --band long --points 10 --target-quality trained --target-march-column --roll 5 --json
expect_json musketry-bayonet '.values.charge_stopped' '0' -- resolve rff musketry --points 10 --band long --target-quality trained --target-march-column --target-charging --bayonet --roll 5 --json
expect_json musketry-says-none '.notes[0]|test("not in the seed")' 'true' -- resolve rff musketry --weapon rm --band close --points 10 --target-quality trained --roll 3 --json
# x1/2 once: 10 points disordered and low on ammunition -> 5 points: -1
expect_json musketry-half '[.values.points,.modifier]' '[5,-1]' -- resolve rff musketry --points 10 --band long --disordered --low-ammo --target-quality trained --roll 3 --json
# A natural 10: low ammunition and the leader loss test, shown in the output.
expect_json natural-10 '[.values.natural_10,.values.low_ammunition,(.steps|length),.steps[1].table,.steps[1].result]' '[1,1,2,"leader_loss","killed"]' -- resolve rff musketry --points 6 --band long --target-quality veteran --roll 10,10 --json
expect_json natural-10-notes '[.notes[]|select(test("low on ammunition|leader loss test"))]|length' '2' -- resolve rff musketry --points 6 --band long --target-quality veteran --roll 10,3 --json
expect_json natural-10-cannon '[.values.low_ammunition,.steps[1].result]' '[1,"unhurt"]' -- resolve rff cannonade --gun hr --points 8 --band long --target-quality green --roll 10,2 --json
expect_json natural-10-no-leader '(.steps|length)' '1' -- resolve rff musketry --points 6 --band long --target-quality veteran --no-leader-near --roll 10 --json
out=$("$GROGNARD" resolve rff musketry --points 6 --band long --target-quality veteran --roll 10,4)
if printf '%s' "$out" | grep -q "low on ammunition" && printf '%s' "$out" | grep -q "Leader loss test"; then pass; else flunk "natural-10-text: $out"; fi
# cannonade: -1 for cannon fire; gun target at close range +1
expect_json cannonade-mods '.modifier' '0' -- resolve rff cannonade --points 6 --band close --target-guns --target-quality trained --roll 5 --json
# charge: 8 vs 4 stands: defender outnumbered 2/1 (-2); attacker bayonet +1 -> +3
expect_json charge-typed '[.modifier,.score,.result]' '[3,9,"swept_away"]' -- resolve rff charge --attacker-stands 8 --defender-stands 4 --attacker-bayonet --roll 8,2 --json
# fierce fight then fought again without the bayonet modifier
expect_json charge-refight '[(.steps|length),.steps[0].result,.steps[1].modifier]' '[2,"fierce_fight",0]' -- resolve rff charge --attacker-stands 4 --defender-stands 4 --attacker-bayonet --roll 4,5,7,2 --json
# issue 19: 0 (fierce fight), then both disordered: (9 - 4) + (-1) - (-1) = 5, ENFONCÉS; the top is the final fight
expect_json charge-final '[.result,.score,(.steps|length),.steps[0].result]' '["broken_through",5,2,"fierce_fight"]' -- resolve rff charge --attacker-stands 4 --defender-stands 4 --attacker-disordered --attacker-bayonet --roll 6,6,9,4 --json
expect_json charge-leader '.steps[1].table' '"leader_loss"' -- resolve rff charge --attacker-stands 4 --defender-stands 4 --attacker-attached --attacker-condition spent --roll 1,10,6 --json
expect_json leader-resolve '.result' '"horse_killed"' -- resolve rff leader_loss --roll 6 --json

# The fire-points file: per-stand values are not guessed.
expect_exit no-points 2 "not in the seed.*no public source was found.*--points" -- resolve rff musketry --weapon rm --band close --stands 6 --target-quality trained --roll 5
expect_exit no-points-nothing 2 "give the fire points with --points" -- resolve rff musketry --band close --target-quality trained --roll 5
cat >"$tmp/ok.json" <<'JSON'
{"format": "grognard-rff-fire-points", "version": 1,
 "musketry": {"RM": {"close": {"points": 1.5, "source": "a test scenario"}}},
 "cannon": {}}
JSON
# 6 stands x 1.5 = 9 points: +1
expect_json points-file '[.values.points,.modifier]' '[9,1]' -- resolve rff musketry --weapon rm --band close --stands 6 --target-quality trained --roll 5 --json --points-file "$tmp/ok.json"
expect_json points-lookup '[.result,.points]' '["points",1.5]' -- lookup rff fire_points --weapon rm --band close --json --points-file "$tmp/ok.json"
printf '{"format": "grognard-rff-fire-points", "version": 1,\n "musketry": {"RM": {"close": {"points": -4, "source": "x"}}},\n "cannon": {}}\n' >"$tmp/neg.json"
expect_exit file-bad-value 2 "neg.json:2:[0-9]+: musketry.RM.close.points is not accepted; accepted: a number" -- lookup rff fire_points --weapon rm --band close --points-file "$tmp/neg.json"
printf '{"format": "grognard-rff-fire-points", "version": 1,\n "musketry": {"XX": {}}, "cannon": {}}\n' >"$tmp/code.json"
expect_exit file-bad-code 2 "code.json:2:15: musketry: unknown code \"XX\"; accepted: RM" -- lookup rff fire_points --weapon rm --band close --points-file "$tmp/code.json"
printf '{"format": "grognard-rff-fire-points",\n "version": 1,\n "musketry": {\n' >"$tmp/broken.json"
expect_exit file-malformed 2 "broken.json:[0-9]+:[0-9]+: malformed JSON" -- resolve rff musketry --weapon rm --band close --stands 3 --target-quality trained --roll 5 --points-file "$tmp/broken.json"
printf '{"format": "grognard-rff-fire-points", "version": 1,\n "musketry": {"RM": {"close": {"points": 3, "source": "none found"}}}, "cannon": {}}\n' >"$tmp/guess.json"
expect_exit file-guess 2 "guess.json:2:.*source is \"none found\"" -- lookup rff fire_points --weapon rm --band close --points-file "$tmp/guess.json"
expect_exit file-missing 2 "missing.json: cannot open" -- lookup rff fire_points --weapon rm --band close --points-file "$tmp/missing.json"

# Bad input: exit 2, one line that says what was wrong and what is accepted.
expect_exit bad-quality 2 "unknown value 'elite'.*accepted: one of: crack, veteran, trained, green" -- lookup rff musketry --quality elite --score 5
expect_exit bad-state 2 "accepted: one of: good_order, disordered" -- lookup rff maneuver --state ordered --score 5
expect_exit missing-diff 2 "missing input --difference" -- lookup rff charge
expect_exit leader-range 2 "11 is out of range.*1 to 10" -- lookup rff leader_loss --score 11
expect_exit guns-disordered 2 "guns read the column" -- resolve rff maneuver --state disordered --arm guns --roll 4
expect_exit buck-not-sm 2 "buck-and-ball is for SM" -- resolve rff musketry --weapon rm --buck-and-ball --points 5 --band close --target-quality trained --roll 4
expect_exit bad-roll 2 "11 is not a possible face" -- resolve rff leader_loss --roll 11
expect_exit unknown-proc 2 "unknown procedure.*accepted: maneuver, musketry, cannonade, charge, leader_loss" -- resolve rff melee

# Results as data in the system's unit (seed 001, REPOUSSÉS: "Troupe retraite à 5cm").
expect_json charge-effects-cm '[.effects[0].retreat,.effects[0].distance,.effects[0].text]' '["distance",5,"defender (troops): disordered, retreats 5 cm"]' -- lookup rff charge --difference 3 --json
# a well-executed maneuver lists every action of the column, whole (seed 001,
# MANŒVRES DE LA TROUPE, BIEN EXÉCUTÉE: its last line is the ammunition), in
# text and JSON; the note was cut at 280 characters (issue 12 item 2)
expect_json maneuver-note-whole '.notes|map(select(startswith("the troops may")))|.[0]|endswith("Glissement latéral sur un demi-mouvement; Changement de front (90° max); Volte-face; Escalade d'"'"'un obstacle majeur; Réapprovisionne en munitions")' 'true' -- resolve rff maneuver --state good_order --quality crack --condition fresh --roll 9 --json
if "$GROGNARD" resolve rff maneuver --state good_order --quality crack --condition fresh --roll 9 | grep -q "Volte-face; Escalade d'un obstacle majeur; Réapprovisionne en munitions$"; then pass; else flunk "maneuver-note-text: the note is cut"; fi
# the base die line reads as a sentence that quotes the printed line (seed 001,
# MODIFICATEUR DE DE DE BASE: "+1 9 - 11 pts"), not the bare cell (issue 12 item 11)
expect_json base-die-sentence '.modifiers[1].reason' '"base die modifier for 9 to 11 fire points (printed \"+1 9 - 11 pts\")"' -- resolve rff musketry --band close --points 10 --target-quality veteran --roll 3 --json
# the cell's charge line is shown only while a charge is in progress (issue 12 item 11)
out=$("$GROGNARD" resolve rff musketry --band close --points 8 --target-quality veteran --roll 7)
printf '%s\n' "$out" | grep -q '^    charge: ' && flunk "charge line shown with no charge in progress" || pass
out=$("$GROGNARD" resolve rff musketry --band close --points 8 --target-quality veteran --roll 7 --target-charging)
printf '%s\n' "$out" | grep -q '^    charge: home$' && pass || flunk "charge line missing while the target charges"
# no message names the build machine's source tree (issue 12 item 11): the
# shipped fire-points file is "data/rff/fire_points.json" in every message
: "${SOURCE_ROOT:?}"
msgs=$( { "$GROGNARD" resolve rff musketry --band close --target-quality veteran --weapon rm --stands 4 --roll 3
          "$GROGNARD" resolve rff musketry --points-file /nonexistent --band close --target-quality veteran --weapon rm --stands 4 --roll 3
          "$GROGNARD" resolve rff musketry --band close --target-quality veteran --points 4 --roll 3
          "$GROGNARD" resolve rff musketry --band close --target-quality veteran --points 4 --roll 3 --json
          "$GROGNARD" lookup rff musketry_points --help; "$GROGNARD" resolve rff musketry --help; } 2>&1)
case $msgs in *"$SOURCE_ROOT"*) flunk "a message names $SOURCE_ROOT: $(printf '%s\n' "$msgs" | grep -F "$SOURCE_ROOT" | head -1)" ;; *) pass ;; esac
printf '%s\n' "$msgs" | grep -q "default data/rff/fire_points.json)" && pass || flunk "the shipped file is not named data/rff/fire_points.json"
# an input that does not apply is refused, never ignored (issue 12 item 1)
expect_exit bayonet-no-charge 2 "--bayonet applies only with --target-charging, which is not given" -- resolve rff musketry --band close --points 8 --target-quality veteran --bayonet --roll 3
expect_exit gun-for-troops 2 "--gun applies only with --arm guns, and --arm is not given" -- resolve rff maneuver --state good_order --gun hh --roll 5
# --seed with --roll: the natural 10's leader test takes its die from the seed, and says so
expect_json seed-after-roll '.notes[-1]' '"--roll and --seed both given: the dice --roll lists come first, then 1 die roll from --seed 4"' -- resolve rff musketry --band close --points 8 --target-quality veteran --roll 10 --seed 4 --json
# the table assistant follows the table (issue 12 item 10): the fire die alone
# gives the result, then says what to roll next (a natural 10: the leader loss
# test, seed 001 "Perte de chef")
out=$("$GROGNARD" resolve rff musketry --band close --points 8 --target-quality veteran --roll 10 2>&1); rc=$?
[ $rc = 0 ] && pass || flunk "the first die alone is refused: $out"
printf '%s\n' "$out" | grep -q "result: deadly" && pass || flunk "no result from the first die"
printf '%s\n' "$out" | grep -q "next: the leader loss roll (D10), as the sheet asks: give it after the others, --roll 10,N$" && pass || flunk "does not say what to roll next: $out"
expect_json next-roll-json '.next_roll' '{"name":"leader loss","dice":"D10","roll":"10,N"}' -- resolve rff musketry --band close --points 8 --target-quality veteran --roll 10 --json
# at a terminal the next die is asked for, by name, after the result so far
printf '4\n' > "${TMPDIR:-/tmp}/rff-ask.$$"
out=$(TERM=xterm script -qec "'$GROGNARD' resolve rff musketry --band close --points 8 --target-quality veteran --roll 10" /dev/null < "${TMPDIR:-/tmp}/rff-ask.$$" 2>&1)
rm -f "${TMPDIR:-/tmp}/rff-ask.$$"
printf '%s\n' "$out" | grep -q "Musketry: score 10, deadly" && pass || flunk "the result is not given before the next die"
printf '%s\n' "$out" | grep -q "roll now: leader loss (D10), 1 to 10:" && pass || flunk "the next die is not asked for: $out"
printf '%s\n' "$out" | grep -q "roll (leader loss, D10): 4 (typed in)" && pass || flunk "the die given at the prompt is not read"
finish
