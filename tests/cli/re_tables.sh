#!/usr/bin/env bash
# Command-line tests of the Révolution et Empire contract tables (seed 004;
# shared/contract/LOOKUP.md): lookup, odds, and bad input.
. "$(dirname "$0")/lib.sh"

expect_json die-inf-2 '[.system,.table,.result]' '["re","die","loss"]' -- lookup re die --target infantry --face 2 --json
expect_json die-inf-1 '.result' '"retreat"' -- lookup re die --target infantry --face 1 --json
expect_json die-elite-3 '.result' '"loss"' -- lookup re die --target elite_infantry --face 3 --json
expect_json die-lc-3 '.result' '"miss"' -- lookup re die --target light_cavalry --face 3 --json
expect_json die-hc-2 '.result' '"loss"' -- lookup re die --target heavy_cavalry --face 2 --json
expect_json die-art-1 '.result' '"loss"' -- lookup re die --target artillery --face 1 --json
expect_json die-col-1 '.result' '"loss"' -- lookup re die --target infantry --face 1 --column-attack --json
expect_json die-col-3 '.result' '"retreat"' -- lookup re die --target infantry --face 3 --column-attack --json
expect_json die-odds-inf '.fractions' '{"miss":"1/2","loss":"1/3","retreat":"1/6"}' -- odds re die --target infantry --json
expect_json die-odds-sum '[.odds[]]|add|(.*1e9|round)' '1000000000' -- odds re die --target heavy_cavalry --json
expect_json die-odds-art '.odds|keys' '["loss","miss"]' -- odds re die --target artillery --json
expect_json skirmish '.result' '"loss"' -- lookup re skirmish_die --face 2 --json
expect_json skirmish-miss '.result' '"miss"' -- lookup re skirmish_die --face 3 --json
expect_json skirmish-odds '.fractions.loss' '"1/3"' -- odds re skirmish_die --json
expect_json art-1 '[.result,.dice]' '["in_range",3]' -- lookup re artillery_dice --range 1 --json
expect_json art-3 '[.result,.dice]' '["in_range",1]' -- lookup re artillery_dice --range 3 --json
expect_json art-4 '.result' '"out_of_range"' -- lookup re artillery_dice --range 4 --json
expect_json unit-ie '[.result,.dice]' '["dice",4]' -- lookup re unit_dice --type elite_infantry --json
expect_json unit-lc '[.result,.dice]' '["dice",1]' -- lookup re unit_dice --type light_cavalry --json
expect_json terrain-forest '[.result,.dice]' '["effect",-1]' -- lookup re terrain --terrain forest --effect protection --json

# Bad input: exit 2, one line saying what is accepted.
expect_exit col-vs-cav 2 'column attack.*infantry' -- lookup re die --target light_cavalry --face 2 --column-attack
expect_exit col-vs-art 2 'column attack' -- lookup re die --target artillery --face 1 --column-attack
expect_exit face-7 2 'face' -- lookup re die --target infantry --face 7
expect_exit face-0 2 'face' -- lookup re skirmish_die --face 0
expect_exit no-target 2 'target' -- lookup re die --face 3
expect_exit bad-target 2 'infantry' -- lookup re die --target cuirassiers --face 3
expect_exit range-0 2 'range' -- lookup re artillery_dice --range 0
expect_exit unit-art 2 'type' -- lookup re unit_dice --type artillery
expect_exit odds-modifier 2 'modifier 0' -- odds re die --target infantry --modifier 1
expect_exit odds-no-die 2 'without a die' -- odds re artillery_dice --range 2

printf 're_tables: %d checks, %d failed\n' "$checks" "$failed"
[ "$failed" = 0 ]
