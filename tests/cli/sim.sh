#!/bin/sh
# sim.sh - grognard sim: the same seed gives the same report with 1 job or 2;
# the counts add up; every interval holds its rate; bad input exits 2.
. "$(dirname "$0")/lib.sh"
: "${SOURCE_ROOT:?}"
S=$SOURCE_ROOT/data/scenarios
T=${TMPDIR:-/tmp}/sim.$$
mkdir -p "$T"

for scen in teaching austerlitz; do
    "$GROGNARD" sim "$S/$scen.json" --games 200 --seed 42 --players eager,random --jobs 1 --json > "$T/j1" &&
        "$GROGNARD" sim "$S/$scen.json" --games 200 --seed 42 --players eager,random --jobs 2 --json > "$T/j2"
    if cmp -s "$T/j1" "$T/j2"; then pass; else flunk "$scen: --jobs 1 and --jobs 2 reports differ"; fi
    expect_json "$scen games" '.games' '200' -- sim "$S/$scen.json" --games 200 --seed 42 --players eager,random --json
    got=$(jq '.wins[0] + .wins[1] + .draws' "$T/j1")
    [ "$got" = 200 ] && pass || flunk "$scen: wins and draws add up to $got, not 200"
    got=$(jq '[range(0;2) as $s | (.ci95[$s][0] <= .win_rate[$s] and .win_rate[$s] <= .ci95[$s][1])] | all' "$T/j1")
    [ "$got" = true ] && pass || flunk "$scen: an interval does not hold its win rate"
    got=$(jq '[.stats[] | select(.name == "turns") | .histogram | to_entries[] | .value] | add' "$T/j1")
    [ "$got" = 200 ] && pass || flunk "$scen: the turns histogram counts $got battles"
done
# the heuristic player beats the random one on Austerlitz, in both seats
# (fixed seeds: a regression check of its strength, not a measurement)
"$GROGNARD" sim "$S/austerlitz.json" --games 100 --seed 5 --players heuristic,random --jobs 2 --json > "$T/h1"
"$GROGNARD" sim "$S/austerlitz.json" --games 100 --seed 5 --players random,heuristic --jobs 2 --json > "$T/h2"
got=$(jq '.wins[0] > 2 * .wins[1]' "$T/h1")
[ "$got" = true ] && pass || flunk "heuristic as side 0 does not beat random: $(jq -c .wins "$T/h1")"
got=$(jq '.wins[1] > 2 * .wins[0]' "$T/h2")
[ "$got" = true ] && pass || flunk "heuristic as side 1 does not beat random: $(jq -c .wins "$T/h2")"
"$GROGNARD" sim "$S/teaching.json" --games 60 --seed 5 --players heuristic,eager --jobs 1 --json > "$T/h3"
"$GROGNARD" sim "$S/teaching.json" --games 60 --seed 5 --players heuristic,eager --jobs 2 --json > "$T/h4"
if cmp -s "$T/h3" "$T/h4"; then pass; else flunk "heuristic: --jobs 1 and --jobs 2 differ"; fi

# another seed, another report
"$GROGNARD" sim "$S/teaching.json" --games 200 --seed 43 --players eager,random --json > "$T/j3"
if cmp -s "$T/j1" "$T/j3"; then flunk "seeds 42 and 43 give the same report"; else pass; fi
# the text report names both sides and the interval
"$GROGNARD" sim "$S/teaching.json" --games 50 > "$T/txt"
grep -q "95% interval" "$T/txt" && grep -q "Armée française" "$T/txt" && pass || flunk "text report"

# the balance page: one self-contained file, its charts in SVG, nothing fetched
"$GROGNARD" sim "$S/austerlitz.json" --games 60 --seed 3 --players heuristic,eager --jobs 2 --html "$T/b.html" > "$T/b.txt"
[ "$(grep -c '<svg' "$T/b.html")" = 5 ] && pass || flunk "the balance page has $(grep -c '<svg' "$T/b.html") charts, not 5"
grep -q "Grande Armée</span> wins <b>[0-9]*% &plusmn; [0-9]*%</b>" "$T/b.html" && pass || flunk "no 'X wins N% ± M%' sentence"
if grep -Eq '(src|href)=|<script|https?:' "$T/b.html"; then flunk "the balance page refers to something outside it"; else pass; fi
grep -q "the balance page: $T/b.html" "$T/b.txt" && pass || flunk "the report does not name the page"
expect_exit "html cannot be written" 1 "--html /nonexistent/x.html: cannot write it" -- sim "$S/teaching.json" --games 5 --html /nonexistent/x.html

# a battle on the table that once stopped with no legal action (a battery at
# « Recul à la prolonge » with no move of its set open and no hold in it:
# Little Round Top, heuristic against random, seed 1, battle 199) ends
"$GROGNARD" sim "$SOURCE_ROOT/data/table/little_round_top.json" --replay 199 --save "$T/lrt.json" \
    --seed 1 --players heuristic,random > "$T/lrt.txt"
grep -q "steps, over: " "$T/lrt.txt" && pass || flunk "Little Round Top battle 199: $(cat "$T/lrt.txt")"

expect_exit "no scenario" 2 "missing SCENARIO" -- sim
expect_exit "bad games" 2 "--games '0'" -- sim "$S/teaching.json" --games 0
expect_exit "bad jobs" 2 "--jobs 'x'" -- sim "$S/teaching.json" --jobs x
expect_exit "bad player" 2 "accepted: eager, heuristic, mcts, mcts:SIMULATIONS" -- sim "$S/teaching.json" --players random,clever
expect_exit "one player" 2 "two players" -- sim "$S/teaching.json" --players random
expect_exit "bad option" 2 "unknown option '--fast'" -- sim "$S/teaching.json" --fast
rm -rf "$T"
finish
