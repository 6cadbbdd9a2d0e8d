#!/bin/sh
# sim_report.sh - the designer's report of grognard sim (issue 34): variants
# and skill runs in one study whose shards merge byte for byte (text, JSON,
# page); a scenario with a deliberate hole reported with the battle that
# reproduces it; the replay of that battle; bad variants files exit 2.
. "$(dirname "$0")/lib.sh"
: "${SOURCE_ROOT:?}"
S=$SOURCE_ROOT/data/scenarios
T=${TMPDIR:-/tmp}/sim_report.$$
mkdir -p "$T"

# three variants of the teaching scenario (docs/designer.md): a rule, the
# victory kind, a unit removed
cat > "$T/v.json" <<'V'
{"variants": [
  {"name": "victory by objectives", "patch": {"version": 2, "victory": "objectives"}},
  {"name": "no Grenadiers réunis", "remove": {"units": [2]}},
  {"name": "six turns more", "patch": {"turns": 12}}
]}
V
run() { "$GROGNARD" sim "$S/teaching.json" --games 24 --seed 8 --variants "$T/v.json" --skill eager,heuristic "$@"; }
run --jobs 2 --json > "$T/one.json"
run --jobs 2 --html "$T/one.html" > "$T/one.txt"
for k in 1 2 3; do run --shard $k/3 --json > "$T/s$k.json"; done
"$GROGNARD" sim-merge "$T/s3.json" "$T/s1.json" "$T/s2.json" --json > "$T/m.json"
if cmp -s "$T/one.json" "$T/m.json"; then pass; else flunk "the merged study's JSON differs from the run made at once"; fi
"$GROGNARD" sim-merge "$T/s2.json" "$T/s3.json" "$T/s1.json" --html "$T/one.html.m" > "$T/m.txt"
if cmp -s "$T/one.html" "$T/one.html.m"; then pass; else flunk "the merged study's page differs"; fi
sed "s#$T/one.html.m#$T/one.html#" "$T/m.txt" > "$T/m2.txt"
if cmp -s "$T/one.txt" "$T/m2.txt"; then pass; else flunk "the merged study's text differs"; fi
# the study: the base (eager,eager), 3 variants, 3 skill pairings
got=$(jq -c '[.players, [.compare[] | [.kind, .label]]]' "$T/one.json")
want='[["eager","eager"],[["variant","victory by objectives"],["variant","no Grenadiers réunis"],["variant","six turns more"],["skill","heuristic,eager"],["skill","eager,heuristic"],["skill","heuristic,heuristic"]]]'
[ "$got" = "$want" ] && pass || flunk "the study's runs: $got"
# a variant is another scenario (its own digest); a skill run the same one
got=$(jq '[.compare[0].scenario.digest != .scenario.digest, .compare[3].scenario.digest == .scenario.digest] | all' "$T/one.json")
[ "$got" = true ] && pass || flunk "the runs' digests"
# every run adds up, and each objective's end counts its battles
got=$(jq '[., .compare[]] | map(.wins[0] + .wins[1] + .draws + .unfinished == .games and ([.objectives[] | (.held_at_end | add) == 24] | all)) | all' "$T/one.json")
[ "$got" = true ] && pass || flunk "a run's counts do not add up"
grep -q "^variants against the base" "$T/one.txt" && grep -q "^  no Grenadiers réunis " "$T/one.txt" && pass || flunk "the text has no variants table"
grep -q "the stronger player wins [0-9.]*% with Armée française, [0-9.]*% with Armée autrichienne" "$T/one.txt" && pass || flunk "the text has no skill sentence"
[ "$(grep -c '<svg' "$T/one.html")" = 5 ] && pass || flunk "the page has $(grep -c '<svg' "$T/one.html") charts, not 5 (wins, losses, turns, deciding turn, loss map)"
if grep -Eq '(src|href)=|<script|https?:' "$T/one.html"; then flunk "the page refers to something outside it"; else pass; fi
# shards of different studies are refused
"$GROGNARD" sim "$S/teaching.json" --games 24 --seed 8 --skill eager,heuristic --shard 2/3 --json > "$T/other.json"
expect_exit "another study" 2 "$T/other.json holds 4 runs \(the base and 3 compared\), but $T/s1.json holds 7" -- sim-merge "$T/s1.json" "$T/other.json" "$T/s3.json"

# a deliberate hole: one Austrian battery against a division, victory by
# objectives: the battery cannot take an objective, so the Austrians never
# win, whoever plays them
jq 'del(.units[6,7,8,10,11]) | .corps |= map(select(.id != "au-cav")) | .version = 2 | .victory = "objectives"' \
    "$S/teaching.json" > "$T/unwinnable.json"
"$GROGNARD" sim "$T/unwinnable.json" --games 20 --seed 2 --players heuristic,heuristic --jobs 2 > "$T/u.txt"
grep -q "Armée autrichienne won none of 20 battles (played by heuristic): a side that cannot win" "$T/u.txt" && pass || flunk "the side that cannot win is not reported"
# a battle that hits the step cap, with the command that plays it again
"$GROGNARD" sim "$S/teaching.json" --games 6 --seed 4 --max-steps 30 --json > "$T/cap.json"
got=$(jq -c '[.unfinished, .holes[0].kind, .holes[0].battles, .holes[0].first_game]' "$T/cap.json")
[ "$got" = '[6,"step cap",6,0]' ] && pass || flunk "step cap: $got"
"$GROGNARD" sim "$S/teaching.json" --games 6 --seed 4 --max-steps 30 > "$T/cap.txt"
grep -q "step cap: 6 battles; the first, game 1 (game seed $(jq -r '.holes[0].game_seed' "$T/cap.json")), again:" "$T/cap.txt" && pass || flunk "the text names no battle to replay"
cmd=$(grep -- "--replay 1 --save FILE" "$T/cap.txt" | sed "s#FILE#$T/b1.json#; s/^ *grognard //")
# shellcheck disable=SC2086
"$GROGNARD" $cmd --max-steps 30 > "$T/r.txt" && grep -q "30 steps, stopped unfinished" "$T/r.txt" && pass || flunk "--replay: $(cat "$T/r.txt")"
"$GROGNARD" replay "$T/b1.json" > "$T/replay.txt" 2>&1 && pass || flunk "the replayed battle's save does not replay: $(tail -2 "$T/replay.txt")"

# bad variants files: FILE:LINE:COL, what, how
printf '{"variants": [\n  {"patch": {}}]}\n' > "$T/bad1"
expect_exit "no name" 2 "$T/bad1:2:3: a variant needs a \"name\"" -- sim "$S/teaching.json" --games 2 --variants "$T/bad1"
printf '{"variants": [{"name": "x"}]}' > "$T/bad2"
expect_exit "no change" 2 "$T/bad2:1:15: variant \"x\" changes nothing" -- sim "$S/teaching.json" --games 2 --variants "$T/bad2"
printf '{"variants": [{"name": "x", "remove": {"units": [40]}}]}' > "$T/bad3"
expect_exit "past the end" 2 "variant \"x\": remove \"units\" 40: .*teaching.json has 12 \(indices 0 to 11\)" -- sim "$S/teaching.json" --games 2 --variants "$T/bad3"
expect_exit "skill and players" 2 "give it without --players" -- sim "$S/teaching.json" --skill eager,heuristic --players random,random
expect_exit "replay without save" 2 "--replay N and --save FILE go together" -- sim "$S/teaching.json" --replay 3
"$GROGNARD" sim --help | grep -q -- "--variants FILE" && "$GROGNARD" sim --help | grep -q -- "--skill W,S" && pass || flunk "sim --help has no --variants or --skill"
rm -rf "$T"
finish
