#!/usr/bin/env bash
# Command-line tests of L'Âge des Aigles: the contract of lookup and odds,
# resolve (seeded, typed rolls, JSON situations), and bad input.
. "$(dirname "$0")/lib.sh"

# The contract (shared/contract/LOOKUP.md) and the issue's acceptance lines.
expect_json fire-13-8 '.result' '"effective"' -- lookup aoe fire --power 13 --score 8 --json
expect_json fire-keys '[.system,.table]' '["aoe","fire"]' -- lookup aoe fire --power 13 --score 8 --json
expect_json combat-locked '.odds.locked' '0.1' -- odds aoe combat --modifier 0 --json
expect_json combat-sum '[.odds[]]|add|(.*1e9|round)' '1000000000' -- odds aoe combat --modifier 2 --json
expect_json movement-reserve-keys '.odds|keys' '["elan","failure","partial_failure","success"]' -- odds aoe movement --state reserve --json
expect_json movement-ordered-keys '.odds|keys|length' '6' -- odds aoe movement --state ordered --json
expect_json general-hit '.result' '"out_of_action"' -- lookup aoe general_hit --score 5 --json
expect_json artillery '[.result,.power]' '["in_range",13]' -- lookup aoe artillery_power --class old_guard_or_russian --weight heavy --range 2 --json
expect_json artillery-light '[.result,.power]' '["in_range",3]' -- lookup aoe artillery_power --class other --weight light --range 12 --json
expect_json artillery-far '.result' '"out_of_range"' -- lookup aoe artillery_power --class other --weight light --range 19 --json
expect_json movement-disordered '.result' '"shaken_retreats"' -- lookup aoe movement --state disordered --score 2 --json
expect_json movement-disordered-5 '.result' '"shaken_rallied"' -- lookup aoe movement --state disordered --score 5 --json

# resolve: the same seed gives the same roll and result; --roll is used as typed.
expect_same fire-seeded -- resolve aoe fire --firer artillery --artillery-class other --weight light --range 4 --seed 7 --json
expect_json fire-roll-7 '[.rolls[0].faces[0],.rolls[0].typed,.score]' '[7,true,7]' -- resolve aoe fire --firer artillery --artillery-class other --weight light --range 4 --roll 7 --json
# other light battery at 4": power 5; 7 reads "7 ou moins", 8 reads "8, 9, 10"
expect_json fire-roll-7-result '.result' '"ineffective"' -- resolve aoe fire --firer artillery --artillery-class other --weight light --range 4 --roll 7 --json
expect_json fire-roll-8-result '.result' '"impressive"' -- resolve aoe fire --firer artillery --artillery-class other --weight light --range 4 --roll 8 --json
# 6 stands of 2-rank line = 15 power; target moving +1; roll 7 -> 8 on 15-19 = effective
expect_json fire-infantry '[.values.power,.score,.result]' '[15,8,"effective"]' -- resolve aoe fire --firer infantry --troops two_rank_line_or_mixed --stands 6 --target-moving --roll 7 --json
# halving: 6 x 2.5 = 15, x1/2 = 7.5 -> row 6-7; disordered and at skirmishers halve once
expect_json fire-halved '[.values.power,.result]' '[7.5,"impressive"]' -- resolve aoe fire --firer infantry --troops two_rank_line_or_mixed --stands 6 --disordered --target-skirmishers --roll 10 --json
expect_json fire-general '[(.steps|length),.steps[1].result]' '[2,"out_of_action"]' -- resolve aoe fire --firer artillery --artillery-class old_guard_or_russian --weight heavy --range 2 --general charismatic --roll 10,6 --json
expect_json fire-stdin '.result' '"effective"' -- resolve aoe fire --roll 7 --json - <<<'{"firer":"infantry","troops":"two_rank_line_or_mixed","stands":6,"target_moving":true}'
expect_json combat-typed '[.rolls[0].faces,.score,.result]' '[[7,3],4,"defender_driven_back"]' -- resolve aoe combat --attacker-stands 4 --defender-stands 4 --roll 7,3 --json
# 8 vs 4 stands: +2 (2:1); heavy cavalry +1; charging infantry under 5": +2 -> +5
expect_json combat-mods '[.modifier,.score,.result]' '[5,9,"defender_shattered"]' -- resolve aoe combat --attacker-stands 8 --defender-stands 4 --attacker-cavalry heavy --cavalry-vs-infantry under_5 --roll 5,1 --json
# the -2 group does not accumulate
expect_json combat-minus2 '.modifier' '2' -- resolve aoe combat --attacker-stands 4 --defender-stands 4 --defender-disordered --defender-skirmish-order --roll 5,5 --json
expect_json movement-cap '.modifier' '4' -- resolve aoe movement --state ordered --attached-charismatic 2 --detached-generals 2 --roll 5 --json
# Davout +2 (not engaged), first turn +4 = +6; roll 4 -> 10: Élan.  (The first turn has
# no previous segment: --first-turn with --failed-segments is refused, issue 19.)
expect_json reserve '[.modifier,.result]' '[6,"elan"]' -- resolve aoe movement --state reserve --commander davout --first-turn --roll 4 --json
expect_exit reserve-first-turn-history 2 "--first-turn and --failed-segments contradict: « 1er Tour de la partie ».*no previous friendly segment" -- resolve aoe movement --state reserve --commander davout --first-turn --failed-segments 1 --roll 3
expect_json reserve-engaged '.modifier' '-2' -- resolve aoe movement --state reserve --commander napoleon_with_berthier --cinc-engaged --roll 3 --json
expect_json allowance '.values.allowance_inches' '4.5' -- resolve aoe movement --state ordered --unit columnar_infantry --roll 5 --json
expect_json initiative '.values.chooser' '2' -- resolve aoe initiative --first-cinc-engaged --json
# The speed table's notes (seed 003): columnar infantry 9" nominal; "- 3" par unité
# traversée"; no move deploying into line; half a move deploying into a column.
expect_json passed-one '.values.allowance_inches' '6' -- resolve aoe movement --state ordered --unit columnar_infantry --units-passed 1 --roll 10 --json
expect_json passed-four '.values.allowance_inches' '0' -- resolve aoe movement --state ordered --unit columnar_infantry --units-passed 4 --roll 10 --json
expect_json deploy-line '.values.allowance_inches' '0' -- resolve aoe movement --state ordered --unit columnar_infantry --deployment line --roll 10 --json
expect_json deploy-column '.values.allowance_inches' '4.5' -- resolve aoe movement --state ordered --unit columnar_infantry --deployment maneuver_column --roll 10 --json
expect_json deploy-column-passed '.values.allowance_inches' '1.5' -- resolve aoe movement --state ordered --unit columnar_infantry --deployment road_column --units-passed 1 --roll 10 --json
expect_json sk-power '.values.power' '16' -- resolve aoe fire --firer infantry --troops two_rank_line_or_mixed --stands 6 --sk --roll 5 --json

# Bad input: exit 2, one line that says what was wrong and what is accepted.
expect_exit unknown-table 2 "unknown table 'nope'.*accepted: fire" -- lookup aoe nope --score 3
expect_exit unknown-system 2 "unknown system 'xyz'.*accepted: aoe" -- lookup xyz fire
expect_exit negative-power 2 "power.*-3.*accepted" -- lookup aoe fire --power -3 --score 3
expect_exit bad-score 2 "'abc' is not a whole number.*accepted" -- lookup aoe fire --power 3 --score abc
expect_exit missing-input 2 "missing input --score" -- lookup aoe fire --power 3
expect_exit unknown-input 2 "unknown input --colour.*accepted: --power, --score" -- lookup aoe fire --colour 3
expect_exit odds-score 2 "score is not taken here" -- odds aoe fire --power 3 --score 4
expect_exit odds-no-roll 2 "read without a die roll" -- odds aoe speed --unit cavalry --terrain road
expect_exit bad-roll 2 "11 is not a possible face" -- resolve aoe general_hit --roll 11
expect_exit bad-enum 2 "unknown value 'purple'.*accepted: one of: ordered, disordered, reserve" -- lookup aoe movement --state purple --score 3
expect_stdin_exit bad-json 2 "malformed JSON" '{"firer": ' -- resolve aoe fire -
expect_stdin_exit json-not-object 2 "must be a JSON object" '[1,2]' -- resolve aoe fire -
expect_stdin_exit json-unknown-key 2 "unknown key \"colour\"" '{"colour":1}' -- resolve aoe fire -
expect_exit help 0 "" -- resolve aoe fire --help
expect_exit no-args 2 "missing command.*accepted: lookup" --
expect_exit lookup-no-args 2 "missing SYSTEM and TABLE" -- lookup
expect_exit odds-no-args 2 "missing SYSTEM and TABLE" -- odds
expect_exit resolve-no-args 2 "missing SYSTEM and PROCEDURE" -- resolve
expect_exit odds-system-help 0 "" -- odds aoe --help

# Results as data (seed 003, Ramené !): the defender's brigade loses 1 stand, disordered,
# retreats beyond musket range or half a move; its battery is silenced and damaged; the
# attacker occupies or breaks through.  The text says it as an instruction.
expect_json combat-effects '[(.effects|length),.effects[0].who,.effects[0].stands,.effects[0].disorder,.effects[0].retreat,.effects[2].guns,.effects[3].position]' '[4,"target",1,"disordered","beyond_musket_or_half_move","damaged","carries_or_breakthrough"]' -- lookup aoe combat --difference 5 --json
expect_json combat-effects-text '.effects[0].text' '"defender (troops): disordered, loses 1 stand, retreats beyond musket/skirmish range or half a move, the greater"' -- lookup aoe combat --difference 5 --json
expect_json resolve-effects '[.result,.effects[0].stands]' '["effective",1]' -- resolve aoe fire --firer infantry --troops two_rank_line_or_mixed --stands 6 --target-moving --roll 7 --json
# an input that does not apply to the situation is refused, never ignored
# (issue 12 item 1): --weight is an artillery row (seed 003, PUISSANCE)
# the description a form is made from says where each such input applies
# (the same list the refusal reads; POST /api/resolve refuses it too, in
# tests/server/api.sh)
expect_json systems-applies '[.[0].inputs.procedures.fire.params[] | select(.name == "weight" or .name == "troops" or .name == "firer") | .applies]' '[null,"firer=infantry","firer=artillery"]' -- systems --json
expect_exit weight-for-infantry 2 "^grognard: --weight applies only with --firer artillery, and here --firer is infantry; leave --weight out$" -- resolve aoe fire --firer infantry --troops two_rank_line_or_mixed --stands 6 --weight heavy --roll 5
expect_exit troops-for-cavalry 2 "--troops applies only with --firer infantry, and here --firer is cavalry" -- resolve aoe fire --firer cavalry --troops column_square_or_skirmish --stands 6 --roll 5
expect_exit stands-for-artillery 2 "--stands applies only with --firer infantry or cavalry" -- resolve aoe fire --firer artillery --artillery-class other --weight light --range 4 --stands 3 --roll 5
expect_stdin_exit weight-json 2 "--weight applies only with --firer artillery" '{"firer":"infantry","troops":"two_rank_line_or_mixed","stands":4,"weight":"heavy"}' -- resolve aoe fire - --roll 5
expect_exit weight-for-artillery 0 "" -- resolve aoe fire --firer artillery --artillery-class other --weight light --range 4 --roll 1 --json
# --seed with --roll: which wins is said
expect_json seed-and-roll '.notes[-1]' '"--roll and --seed both given: --roll gave every die, --seed 4 was not used"' -- resolve aoe general_hit --roll 6 --seed 4 --json
# the general's die is asked for only when the fire die calls for it (issue 12 item 10)
expect_json general-next '.next_roll' '{"name":"general hit","dice":"D10","roll":"10,N"}' -- resolve aoe fire --firer artillery --artillery-class old_guard_or_russian --weight heavy --range 2 --general charismatic --roll 10 --json
finish
