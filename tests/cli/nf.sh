#!/usr/bin/env bash
# Command-line tests of Napoleonic Fury: the contract of lookup and odds,
# resolve (typed rolls, seeds, JSON situations), the +/-3 fire cap, leader
# loss, desperate struggles, and bad input.
. "$(dirname "$0")/lib.sh"

# The contract (shared/contract/LOOKUP.md) and the issue's acceptance lines.
expect_json fire-odds-4 '[.odds.desultory*36,.odds.lively*36,.odds.telling*36]|map(.*1e9|round)' '[21000000000,14000000000,1000000000]' -- odds nf fire --points 4 --json
expect_json fire-odds-4-exact '[(.odds.desultory-21/36|fabs<1e-12),(.odds.lively-14/36|fabs<1e-12),(.odds.telling-1/36|fabs<1e-12)]' '[true,true,true]' -- odds nf fire --points 4 --json
expect_json fire-keys '[.system,.table,.result]' '["nf","fire","lively"]' -- lookup nf fire --points 4 --score 8 --json
expect_json fire-half '.result' '"lively"' -- lookup nf fire --points 0.5 --score 12 --json
expect_json fire-half-frac '.result' '"desultory"' -- lookup nf fire --points 1/2 --score 11 --json
expect_json fire-below-0 '[.result,.cell]' '["lively","51+ | 0"]' -- lookup nf fire --points 60 --score -1 --json
expect_json melee-swept '.result' '"swept_from_the_field"' -- lookup nf melee --difference 7 --json
expect_json melee-extra '[.result,.extra_stands]' '["charge_repulsed",2]' -- lookup nf melee --difference -12 --json
expect_json melee-odds-sum '[.odds[]]|add|(.*1e9|round)' '1000000000' -- odds nf melee --modifier 2 --json
expect_json melee-odds-0 '(.odds.desperate_struggle*1296|.*1e6|round)' '146000000' -- odds nf melee --json
expect_json disorder '.result' '"wavering"' -- lookup nf disorder --score 5 --json
expect_json good-order '.result' '"two_thirds_move_and_fc"' -- lookup nf good_order --rating poor --score 10 --json
expect_json efc '.result' '"failed"' -- lookup nf emergency_fc --score 7 --json
expect_json bel '[.result,.fresh,.worn,.spent]' '["levels",3,null,2]' -- lookup nf bel --stands 3 --quality militia --json
expect_json bel-dash '.result' '"not_rated"' -- lookup nf bel --stands 3 --quality guard --json
expect_json command '[.result,.inches]' '["range",18]' -- lookup nf command_range --nation france --level army --json
expect_json command-russia '.inches' '3' -- lookup nf command_range --nation russia --level division --json
expect_json command-exc '.inches' '10' -- lookup nf command_range --nation france --level corps --exceptional --json

# resolve fire: points, multipliers, the +/-3 cap and its note.
expect_json fire-points '[.values.base_points,.values.points,.result]' '[8,8,"lively"]' -- resolve nf fire --firer infantry --nation russia --stands 4 --range 0 --target infantry --roll 7 --json
expect_json fire-cap '[.modifier,.score]' '[3,10]' -- resolve nf fire --firer heavy_artillery --nation france --range 1 --target cavalry --enfiladed --target-changed-formation --roll 7 --json
expect_json fire-cap-note '.notes|map(select(test("capped")))|length' '1' -- resolve nf fire --firer heavy_artillery --nation france --range 1 --target cavalry --enfiladed --target-changed-formation --roll 7 --json
expect_json fire-cap-text '.notes[0]' '"modifiers total +5: capped at +3"' -- resolve nf fire --firer heavy_artillery --nation france --range 1 --target cavalry --enfiladed --target-changed-formation --roll 7 --json
expect_json fire-cap-minus '.modifier' '-3' -- resolve nf fire --firer infantry --nation prussia --troops landwehr --stands 6 --range 1 --target unlimbered_artillery --cover fortified_town --roll 7 --json
expect_json fire-no-cap-note '.notes|map(select(test("capped")))|length' '0' -- resolve nf fire --firer infantry --nation britain --stands 6 --range 1 --target infantry --roll 7 --json
# the library names an input as declared, marked {stands} (include/grognard/
# error.h): the command says it as its flag, in a refusal, a note and the
# help; its JSON carries the marked name, as the server's does
expect_exit fire-needs-stands 2 "^grognard: infantry fire needs --stands \(the stands firing; a whole number from 1 to 60\)$" -- resolve nf fire --firer infantry --nation britain --range 1 --target infantry --roll 7
out=$("$GROGNARD" resolve nf fire --firer infantry --nation britain --stands 4 --range 1 --target infantry --formation column --roll 7)
case $out in *"note: in column only the front stands may fire: --stands counts those"*) pass ;; *) flunk "fire-column-note: $out" ;; esac
expect_json fire-column-note-json '.notes|map(select(test("front stands")))' '["in column only the front stands may fire: {stands} counts those"]' -- resolve nf fire --firer infantry --nation britain --stands 4 --range 1 --target infantry --formation column --roll 7 --json
out=$("$GROGNARD" resolve nf fire --help)
case $out in *"then on a natural 12 with --target-officer the leader loss 2D6 total: --roll 12,7"*) pass ;; *) flunk "fire-help-rolls: $out" ;; esac
# 6 stands x 1 point, X2 march column, x1/2 disordered: 6 points
expect_json fire-mult '.values.points' '6' -- resolve nf fire --firer infantry --nation austria --stands 6 --range 2 --target infantry --target-formation march_column --disordered --roll 7 --json
# 7 stands x 1, x1/2 (disordered and at breakthrough: once) = 3.5 -> row 3
expect_json fire-frac '[.values.points,.steps[0].cell]' '[3.5,"3 | 9+"]' -- resolve nf fire --firer infantry --nation austria --stands 7 --range 2 --target infantry --disordered --at-breakthrough --roll 9 --json
expect_json leader-loss '[(.steps|length),.steps[1].result]' '[2,"officer_hit"]' -- resolve nf fire --firer horse_artillery --nation russia --range 5 --target infantry --target-officer --roll 12,9 --json
expect_json leader-fine '.steps[1].result' '"officer_fine"' -- resolve nf fire --firer horse_artillery --nation russia --range 5 --target infantry --target-officer --roll 12,10 --json
expect_json no-leader-roll '(.steps|length)' '1' -- resolve nf fire --firer horse_artillery --nation russia --range 5 --target infantry --target-officer --roll 11 --json
expect_same fire-seeded -- resolve nf fire --firer heavy_artillery --nation britain --range 6 --target infantry --seed 7 --json
expect_json fire-stdin '.result' '"lively"' -- resolve nf fire --roll 7 --json - <<<'{"firer":"infantry","nation":"russia","stands":4,"range":0,"target":"infantry"}'

# resolve melee: opposed 2D6, national modifiers, desperate struggle re-roll.
# French cavalry charging Austrian infantry in the open: +2; 4 vs 6 stands -1;
# infantry not in cover or square vs cavalry -3; no national modifiers.
expect_json melee-mods '[.values.attacker_modifier,.values.defender_modifier,.result]' '[1,-3,"hard_pressed"]' -- resolve nf melee --attacker-arm cavalry --attacker-nation france --attacker-stands 4 --defender-arm infantry --defender-nation austria --defender-stands 6 --roll 7,9 --json
expect_json melee-final '[.result,.score]' '["swept_from_the_field",7]' -- resolve nf melee --attacker-arm cavalry --attacker-nation france --attacker-stands 4 --defender-arm infantry --defender-nation austria --defender-stands 6 --roll 8,12,8,5 --json
expect_json melee-desperate '[(.steps|length),.steps[1].result]' '[2,"swept_from_the_field"]' -- resolve nf melee --attacker-arm cavalry --attacker-nation france --attacker-stands 4 --defender-arm infantry --defender-nation austria --defender-stands 6 --roll 8,12,8,5 --json
# "Desperate struggle ... Roll again with adjusted modifiers" (issue 25): the second
# round re-reads each side's BEL level on its stands left.  Attacker French column, 5
# stands, fresh, BEL cells "6/4/2" (worn at 4): +2 fresh +2 France column = +4.
# Defender Austrian line, 5 stands, fresh, "5/3/1" (worn at 3): +2.  Rolls 5,7:
# 9 - 9 = 0, desperate struggle.  Round 2: attacker -1 stand, -2 disordered, 4 left:
# worn, the +2 Fresh taken back: -1; defender -1, -2, 4 left > 3: still fresh: -1.
# Rolls 8,5: 7 - 4 = 3, Hard pressed (the +2 kept would give 5, Driven back).
expect_json melee-refight '[.steps[0].modifier,.steps[1].modifier,.result]' '[2,0,"hard_pressed"]' -- resolve nf melee --attacker-arm infantry --attacker-nation france --attacker-formation column --attacker-stands 5 --attacker-condition fresh --attacker-worn-left 4 --attacker-spent-left 2 --defender-arm infantry --defender-nation austria --defender-formation line --defender-stands 5 --defender-condition fresh --defender-worn-left 3 --defender-spent-left 1 --year 1805 --roll 5,7,8,5 --json
# Militia "5/-/4" (no Worn level): 5 -> 4 stands is spent at once: -2 Spent.  Attacker
# Spanish militia line 1808, 5 stands, fresh: +2 fresh, -1 militia, Spain 0 = +1;
# defender French line, 5 stands (worn, no cells): 0.  Rolls 6,7: 0.  Round 2: attacker
# -1, -2, the +2 Fresh taken back, -2 Spent: 1 - 7 = -6; defender -1 -2 = -3, and
# its level is not known (a note says how to give it).  Rolls 9,6: 3 - 3 = 0 again.
expect_json melee-refight-spent '[.steps[1].modifier,(.notes|map(select(test("not known")))|length)]' '[-3,1]' -- resolve nf melee --attacker-arm infantry --attacker-nation spain --attacker-formation line --attacker-troops militia --attacker-stands 5 --attacker-condition fresh --attacker-spent-left 4 --defender-arm infantry --defender-nation france --defender-formation line --defender-stands 5 --defender-condition worn --year 1808 --roll 6,7,9,6 --json
expect_exit melee-bel-cells 2 "spent-left 5 is above --attacker-worn-left 4" -- resolve nf melee --attacker-arm infantry --attacker-nation france --attacker-stands 6 --attacker-worn-left 4 --attacker-spent-left 5 --defender-arm infantry --defender-nation austria --defender-stands 6 --roll 7,7
# Only cavalry charged by cavalry countercharges.
expect_exit melee-countercharge-inf 2 "defender-countercharging: only cavalry charged by cavalry" -- resolve nf melee --attacker-arm infantry --attacker-nation france --attacker-stands 4 --defender-arm cavalry --defender-nation austria --defender-stands 4 --defender-countercharging --roll 7,5
# French column 1813, conscripts: +1 (@); Russian line infantry defending vs infantry: +1 (#)
expect_json melee-national '[.values.attacker_modifier,.values.defender_modifier]' '[1,1]' -- resolve nf melee --attacker-arm infantry --attacker-nation france --attacker-formation column --attacker-quality conscript --attacker-stands 6 --defender-arm infantry --defender-nation russia --defender-formation line --defender-stands 6 --year 1813 --roll 7,7 --json
expect_json melee-square '[.values.attacker_modifier,.values.defender_modifier]' '[-2,4]' -- resolve nf melee --attacker-arm cavalry --attacker-nation britain --attacker-stands 4 --defender-arm infantry --defender-nation france --defender-formation square --defender-stands 4 --roll 7,7 --json
expect_json melee-bridge '.values.attacker_modifier' '0' -- resolve nf melee --attacker-arm infantry --attacker-nation austria --attacker-formation march_column --attacker-stands 4 --defender-arm infantry --defender-nation france --defender-stands 4 --bridge-assault --roll 7,7 --json
expect_json melee-allied '.values.attacker_modifier' '0' -- resolve nf melee --attacker-arm infantry --attacker-nation austria --attacker-leader attached --attacker-stands 4 --defender-arm infantry --defender-nation france --defender-stands 4 --allied-officer-rule --roll 7,5 --json

# resolve maneuver, disorder, emergency FC, evasion.
expect_json maneuver '[.modifier,.result,.values.allowance_inches]' '[3,"well_handled",12]' -- resolve nf maneuver --rating good --unit infantry --nation france --formation column --division-officer in_range --roll 6 --json
expect_json maneuver-chain '.steps[0].cell' '"Poor | 8,9"' -- resolve nf maneuver --rating average --no-command-chain --unit infantry --nation russia --formation line --roll 8 --json
expect_json reaction '[.result,.values.reacts]' '["hold_ground_may_fc",false]' -- resolve nf maneuver --rating average --unit light_cavalry --nation france --reaction --roll 4 --json
expect_json disorder-proc '[.modifier,.result]' '[-2,"broken"]' -- resolve nf disorder --unit infantry --nation russia --condition spent --roll 5 --json
expect_json efc '[.modifier,.result]' '[2,"success"]' -- resolve nf emergency_fc --nation britain --formation column --roll 6 --json
expect_json efc-austria '.modifier' '2' -- resolve nf emergency_fc --nation austria --formation column --year 1809 --roll 6 --json
expect_json evasion-auto '[.result,(.rolls|length)]' '["evades",0]' -- resolve nf evasion --unit good_order_cavalry --json
expect_json evasion-roll '[.modifier,.result]' '[-1,"fails"]' -- resolve nf evasion --unit unlimbered_horse_artillery --suppressed --roll 7 --json

# The printed modifier lists are tables too (values in nf_tables.c, cases in tests/rules/tables/nf/*_drm.cases),
# and resolve names the printed line each modifier comes from.
expect_json drm-fire '[.result,.modifier,.cell]' '["modifier",-3,"-3 Target deployed in a fortified town."]' -- lookup nf fire_drm --drm target_fortified_town --json
expect_json drm-split '[.modifier,.cell]' '[2,"+1 Cavalry (+2 for Austrian/Saxon Cavalry) | +2 for Austrian/Saxon Cavalry"]' -- lookup nf good_order_drm --drm austrian_saxon_cavalry --json
expect_json drm-multiplier '[.result,.num,.den]' '["multiplier",1,2]' -- lookup nf fire_multiplier --line firer_disordered_damaged_or_vs_breakthrough --json
expect_json drm-reason '[.modifiers[]|select(.kind=="drm")|[.value,.reason]]' '[[2,"+1 Cavalry (+2 for Austrian/Saxon Cavalry) | +2 for Austrian/Saxon Cavalry"]]' -- resolve nf maneuver --rating good --unit heavy_cavalry --nation saxony --roll 7 --json
# -1 for each stand lost: 3 stands, -3 on the one printed line
expect_json drm-per-stand '[.modifiers[]|select(.kind=="drm")|[.value,.reason]][0]' '[-3,"-1 For each stand lost during current fire or melee phase."]' -- resolve nf melee --attacker-arm infantry --attacker-nation russia --attacker-stands 6 --attacker-stands-lost 3 --defender-arm infantry --defender-nation russia --defender-stands 6 --year 1810 --roll 7,7 --json
expect_json drm-evasion '[.modifiers[0].value,.modifiers[0].reason]' '[-1,"-1 if horse battery is suppressed"]' -- resolve nf evasion --unit unlimbered_horse_artillery --suppressed --roll 7 --json

# Bad input: exit 2, one line that says what was wrong and what is accepted.
expect_exit unknown-table 2 "unknown table 'nope'.*accepted: fire" -- lookup nf nope --score 3
expect_exit bad-points 2 "points.*0.25.*accepted: a number from 0.5" -- lookup nf fire --points 0.25 --score 3
expect_exit bad-score 2 "'x' is not a whole number.*accepted" -- lookup nf fire --points 3 --score x
expect_exit missing-score 2 "missing input --score" -- lookup nf fire --points 3
expect_exit bad-rating 2 "unknown value 'great'.*accepted: one of: excellent, good, average, poor" -- lookup nf good_order --rating great --score 3
expect_exit bad-stands 2 "stands.*accepted: a whole number from 3 to 7" -- lookup nf bel --stands 8 --quality guard
expect_exit bad-nation 2 "unknown value 'prussia'.*accepted: one of: france, britain, russia, other" -- lookup nf command_range --nation prussia --level army
expect_exit exc-division 2 "exceptional.*corps, wing or army" -- lookup nf command_range --nation france --level division --exceptional
expect_exit need-year 2 "give --year" -- lookup nf movement --unit infantry --nation austria --formation column
expect_exit odds-no-roll 2 "read without a die roll" -- odds nf bel --stands 5 --quality regular
expect_exit bad-roll 2 "13 is not a possible 2D6 total" -- resolve nf disorder --unit infantry --nation france --roll 13
expect_exit out-of-range 2 "cannot fire that far" -- resolve nf fire --firer infantry --nation france --stands 4 --range 3 --target infantry --roll 7
expect_exit out-of-arc 2 "outside the 30 degree firing arc" -- resolve nf fire --firer heavy_artillery --nation france --range 3 --target infantry --angle 40 --roll 7
expect_exit artillery-charge 2 "batteries do not charge" -- resolve nf melee --attacker-arm artillery --attacker-nation france --attacker-stands 1 --defender-arm infantry --defender-nation russia --defender-stands 4 --roll 7,7
expect_exit in-contact 2 "in contact" -- resolve nf emergency_fc --nation britain --in-contact --roll 7
expect_exit efc-deployed 2 "NOT IN square formation, deployed in a town" -- resolve nf emergency_fc --nation britain --deployed --roll 7
expect_exit unknown-proc 2 "unknown procedure 'nope'.*accepted: fire, melee, maneuver, disorder, emergency_fc, evasion" -- resolve nf nope
expect_stdin_exit json-unknown-key 2 "unknown key \"colour\"" '{"colour":1}' -- resolve nf fire -
expect_exit help 0 "" -- resolve nf melee --help
expect_exit bad-drm 2 "unknown value 'nope'.*accepted: one of: attached_leader_or_exceptional_brigade" -- lookup nf melee_drm --drm nope
expect_exit drm-no-odds 2 "read without a die roll" -- odds nf melee_drm --drm spent

# Results as data in inches (seed 002, "Wavering- unit retreats 3\" in disorder").
expect_json disorder-effects '.effects[0].text' '"unit: stays disordered, retreats 3 inches"' -- lookup nf disorder --score 5 --json
# an input that does not apply is refused, never ignored (issue 12 item 1)
expect_exit guard-artillery-for-infantry 2 "--guard-artillery applies only with --firer horse_artillery or heavy_artillery, and here --firer is infantry" -- resolve nf fire --firer infantry --nation france --range 2 --stands 4 --target infantry --guard-artillery --roll 7
# a natural 12 with an officer attached: the leader loss 2D6 comes next (issue 12 item 10)
expect_json twelve-next '.next_roll' '{"name":"leader loss","dice":"2D6","roll":"12,N"}' -- resolve nf fire --firer infantry --nation britain --stands 4 --range 0 --target infantry --target-officer --roll 12 --json
expect_exit on-road-not-march 2 "--on-road applies only with --formation march_column, and --formation is not given" -- resolve nf maneuver --unit infantry --nation france --rating good --on-road --roll 7
finish
