#!/bin/sh
# ai.sh - the computer players by name: grognard play --level and the hint
# at the prompt, the search in grognard sim (the same move for the same seed
# and budget, whatever the number of jobs), and names refused with a reason.
# Budgets are tiny: these check behaviour, not strength (bench/ladder).
. "$(dirname "$0")/lib.sh"
: "${SOURCE_ROOT:?}"
S=$SOURCE_ROOT/data/scenarios
T=${TMPDIR:-/tmp}/ai.$$
mkdir -p "$T"

# hint: three actions, each with its number in the list, its share of the
# search and its chance of winning; the shares are percentages of at most 100
printf 'hint\nquit\n' | "$GROGNARD" play "$S/teaching.json" --seed 3 --level hard > "$T/hint" 2>&1
grep -q "^Armée française> hint (a search of 400 simulations" "$T/hint" && pass ||
    flunk "hint: no heading ($(grep hint "$T/hint"))"
n=$(grep -Ec '^ +[1-9][0-9]* +.+ +[0-9]+% of the search, win +[0-9]+%$' "$T/hint")
[ "$n" = 3 ] && pass || flunk "hint: $n lines of actions, want 3: $(cat "$T/hint" | tail -8)"
sum=$(grep -Eo '[0-9]+% of the search' "$T/hint" | grep -Eo '^[0-9]+' | awk '{s += $1} END {print s}')
[ "$sum" -le 101 ] && [ "$sum" -ge 1 ] && pass || flunk "hint: shares add up to $sum%"
# the hint changes nothing: asked or not, the game goes the same way
printf '1\n1\n3\n1\n1\n1\n1\n1\nquit\n' | "$GROGNARD" play "$S/teaching.json" --seed 3 --level normal > "$T/a" 2>&1
printf 'hint\n1\n1\nhint\n3\n1\n1\n1\n1\n1\nquit\n' | "$GROGNARD" play "$S/teaching.json" --seed 3 --level normal > "$T/b" 2>&1
grep -v "hint\|% of the search" "$T/a" > "$T/a2"
grep -v "hint\|% of the search" "$T/b" > "$T/b2"
if cmp -s "$T/a2" "$T/b2"; then pass; else flunk "asking for a hint changed the game"; fi
# the computer at each level plays the same moves for the same seed, run
# after run
moves() { yes 1 | head -25; echo quit; }
for level in easy normal hard; do
    moves | "$GROGNARD" play "$S/teaching.json" --seed 11 --level $level > "$T/l1" 2>&1
    moves | "$GROGNARD" play "$S/teaching.json" --seed 11 --level $level > "$T/l2" 2>&1
    if cmp -s "$T/l1" "$T/l2" && grep -q "(computer): " "$T/l1"; then pass; else
        flunk "--level $level: two runs differ or the computer never moved"; fi
done
# the default opponent is the page's (web/js/start.js): the search of
# --level normal, not the weakest player (issue 32)
moves | "$GROGNARD" play "$S/teaching.json" --seed 11 > "$T/d" 2>&1
moves | "$GROGNARD" play "$S/teaching.json" --seed 11 --level normal > "$T/n" 2>&1
moves | "$GROGNARD" play "$S/teaching.json" --seed 11 --ai-kind eager > "$T/g" 2>&1
if cmp -s "$T/d" "$T/n" && ! cmp -s "$T/d" "$T/g"; then pass; else
    flunk "play without --level is not --level normal (or eager plays the same game)"; fi
"$GROGNARD" play --help | grep -q -- "--ai-kind K   mcts (default" && pass ||
    flunk "play --help does not name mcts the default"
# the levels are different players: hard and easy do not play the same game
moves | "$GROGNARD" play "$S/teaching.json" --seed 11 --level easy > "$T/e" 2>&1
if cmp -s "$T/e" "$T/l1"; then flunk "--level easy and hard played the same game"; else pass; fi
expect_exit "bad level" 2 "--level 'brutal' is not accepted; use easy, normal or hard" -- play "$S/teaching.json" --level brutal
expect_exit "level and kind" 2 "--level hard and --ai-kind random both choose" -- play "$S/teaching.json" --level hard --ai-kind random
expect_exit "level without value" 2 "--level needs a value" -- play "$S/teaching.json" --level
grep -q -- "--level L" "$T/l1" && flunk "help printed in a game" || pass
"$GROGNARD" play --help | grep -q -- "--level L     how hard the computer plays: easy (heuristic)" && pass ||
    flunk "play --help does not explain --level"
"$GROGNARD" play --help | grep -q "'hint' shows" && pass || flunk "play --help does not name hint"

# the army commander (issue 31): a level; 'why' explains the computer's last
# decision (its search's three best, the win estimate's interval, the
# expected losses, the plan's task), and never a hidden chit it put in
printf '1\nwhy\n2\nwhy\nquit\n' | "$GROGNARD" play "$S/teaching.json" --seed 3 --level commander > "$T/w" 2>&1
if grep -q "(computer, commander) played .*: its search's three best" "$T/w" &&
    grep -q "win .*(95%: " "$T/w" && grep -q "expected figures lost: " "$T/w" &&
    grep -q "the plan: .*: \(attack\|hold\|reserve\)" "$T/w"; then pass; else
    flunk "why does not explain the commander's decision: $(cat "$T/w")"; fi
printf 'why\nquit\n' | "$GROGNARD" play "$S/teaching.json" --seed 3 --level commander --ai 0 > "$T/w" 2>&1
grep -q "why: the computer's last decision was a hidden one" "$T/w" && pass ||
    flunk "why explained the computer's hidden chit: $(cat "$T/w")"

# 'threat': each of the asking side's units with the enemy's odds of costing
# it figures; tests/ai/threat.json at the start: the French's five units;
# asked by the Austrians (--ai 0: the computer plays the French), their one
# company, which the cuirassiers can reach and charge (tests/ai: its odds
# are above 0)
printf 'threat\nquit\n' | "$GROGNARD" play "$SOURCE_ROOT/tests/ai/threat.json" --seed 3 --level commander > "$T/th" 2>&1
n=$(grep -c "^  .* [0-9]*% loses figures, [0-9.]* expected$" "$T/th")
grep -q "^French> threat to French: an enemy bent on attacking" "$T/th" && [ "$n" = 5 ] && pass ||
    flunk "threat does not list the French's five units: $(cat "$T/th")"
printf 'threat\nquit\n' | "$GROGNARD" play "$SOURCE_ROOT/tests/ai/threat.json" --seed 3 --level commander --ai 0 > "$T/th" 2>&1
grep -q "^  Company  *7,4  *[1-9][0-9]*% loses figures, 0\.[0-9][0-9] expected$" "$T/th" && pass ||
    flunk "threat does not show the company under the cuirassiers' threat: $(cat "$T/th")"

# 'handover LEVEL' hands the person's side to the computer, which plays it at
# once; 'takeback' (read between its decisions) gives it back; the save says
# who took each step (the computer opponent without --level is the search, mcts)
printf '1\nhandover easy\ntakeback\nsave %s\nquit\n' "$T/h.json" |
    "$GROGNARD" play "$S/teaching.json" --seed 3 > "$T/h" 2>&1
grep -q "the computer (heuristic) plays Armée française from now on" "$T/h" &&
    grep -q "Armée française is yours again" "$T/h" && pass ||
    flunk "handover and takeback not said: $(cat "$T/h")"
by=$(jq -c '[.steps[] | select(.player != "chance") | [.player, .by]] | unique' "$T/h.json")
[ "$by" = '[[0,"heuristic"],[0,"human"],[1,"mcts"]]' ] && pass || flunk "the save's by: $by"
"$GROGNARD" replay "$T/h.json" --verify > /dev/null 2>&1 && pass || flunk "the save with by does not verify"
printf 'handover grandmaster\nquit\n' | "$GROGNARD" play "$S/teaching.json" --seed 3 > "$T/h" 2>&1
grep -q "^Armée française> handover: .*(nothing was done)" "$T/h" && pass ||
    flunk "handover of an unknown level: $(cat "$T/h")"

# the search in the simulator: the same report with 1 job or 2, and run
# after run; it plays whole battles on both scenarios
for run in teaching:4 austerlitz:2; do
    scen=${run%:*} games=${run#*:}
    "$GROGNARD" sim "$S/$scen.json" --games "$games" --seed 9 --players mcts:8,heuristic --jobs 1 --json > "$T/m1" &&
        "$GROGNARD" sim "$S/$scen.json" --games "$games" --seed 9 --players mcts:8,heuristic --jobs 2 --json > "$T/m2"
    if cmp -s "$T/m1" "$T/m2"; then pass; else flunk "$scen mcts: --jobs 1 and --jobs 2 differ"; fi
    got=$(jq -c '[.players, .wins[0] + .wins[1] + .draws]' "$T/m1")
    [ "$got" = "[[\"mcts:8\",\"heuristic\"],$games]" ] && pass || flunk "$scen mcts: $got"
done
expect_json "mcts default name" '.players' '["mcts","mcts:2ms"]' -- sim "$S/teaching.json" --games 1 --players mcts,mcts:2ms --json
expect_exit "budget zero" 2 "budget is a number of simulations from 1 to 10000000" -- sim "$S/teaching.json" --players mcts:0,random
expect_exit "budget not a number" 2 "budget is a number of simulations" -- sim "$S/teaching.json" --players mcts:lots,random
expect_exit "budget empty" 2 "mcts:250ms" -- sim "$S/teaching.json" --players mcts:,random
expect_exit "play kind" 2 "not known; accepted: eager, heuristic, mcts" -- play "$S/teaching.json" --ai-kind mtcs
rm -rf "$T"
finish
