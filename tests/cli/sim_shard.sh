#!/bin/sh
# sim_shard.sh - grognard sim --shard K/N and grognard sim-merge: the shards
# of a run, merged, are the run made at once, byte for byte (JSON, text and
# balance page), however they are split, ordered or threaded; files that are
# not the shards of one run are refused, naming the file or the shard.
. "$(dirname "$0")/lib.sh"
: "${SOURCE_ROOT:?}"
S=$SOURCE_ROOT/data/scenarios
T=${TMPDIR:-/tmp}/sim_shard.$$
mkdir -p "$T"

# 2 shards merged = 1 run, on both scenarios; shard 2 with 2 jobs, the run
# with 2 jobs too (the jobs change nothing)
for scen in teaching austerlitz; do
    run="sim $S/$scen.json --games 120 --seed 42 --players eager,random"
    $GROGNARD $run --jobs 2 --json > "$T/$scen.one.json" &&
        $GROGNARD $run --jobs 2 --html "$T/$scen.one.html" > "$T/$scen.one.txt" &&
        $GROGNARD $run --shard 1/2 --json > "$T/$scen.s1" &&
        $GROGNARD $run --shard 2/2 --jobs 2 --json > "$T/$scen.s2" ||
        flunk "$scen: a run failed"
    $GROGNARD sim-merge "$T/$scen.s1" "$T/$scen.s2" --json > "$T/$scen.m.json" || flunk "$scen: merge failed"
    if cmp "$T/$scen.one.json" "$T/$scen.m.json"; then pass; else flunk "$scen: 2 shards merged differ from 1 run (JSON)"; fi
    $GROGNARD sim-merge "$T/$scen.s1" "$T/$scen.s2" --html "$T/$scen.m.html" > "$T/$scen.m.txt"
    if cmp "$T/$scen.one.html" "$T/$scen.m.html"; then pass; else flunk "$scen: 2 shards merged differ from 1 run (page)"; fi
    # the text is the same but for the page's name on its last line
    sed '$d' "$T/$scen.one.txt" > "$T/a" && sed '$d' "$T/$scen.m.txt" > "$T/b"
    if cmp "$T/a" "$T/b"; then pass; else flunk "$scen: 2 shards merged differ from 1 run (text)"; fi
    # 120 games in 2: games 1-60 and 61-120
    got=$(jq -c '[.shard.index, .shard.of, .shard.first, .shard.run_games, .games]' "$T/$scen.s1" "$T/$scen.s2" | tr '\n' ' ')
    [ "$got" = "[1,2,0,120,60] [2,2,60,120,60] " ] && pass || flunk "$scen: shards $got"
    # the shards' integers add up to the run's
    got=$(jq -s -c '[(.[0].wins[0] + .[1].wins[0]), (.[0].draws + .[1].draws), (.[0].steps.sum + .[1].steps.sum)]' "$T/$scen.s1" "$T/$scen.s2")
    want=$(jq -c '[.wins[0], .draws, .steps.sum]' "$T/$scen.one.json")
    [ "$got" = "$want" ] && pass || flunk "$scen: the shards sum to $got, the run has $want"
    # the whole run's report says no shard
    got=$(jq 'has("shard")' "$T/$scen.m.json")
    [ "$got" = false ] && pass || flunk "$scen: the merged report still names a shard"
done

# 3 shards of 100 games, an uneven split: floor(100/3) = 33, floor(200/3) = 66,
# so games 1-33, 34-66 and 67-100 (33, 33 and 34 games); given out of order
run="sim $S/teaching.json --games 100 --seed 9 --players heuristic,eager"
$GROGNARD $run --json > "$T/one3.json"
$GROGNARD $run > "$T/one3.txt"
for k in 1 2 3; do $GROGNARD $run --shard $k/3 --json > "$T/t$k" || flunk "shard $k/3 failed"; done
got=$(jq -c '[.shard.first, .games]' "$T/t1" "$T/t2" "$T/t3" | tr '\n' ' ')
[ "$got" = "[0,33] [33,33] [66,34] " ] && pass || flunk "3 shards of 100: $got, want [0,33] [33,33] [66,34]"
$GROGNARD sim-merge "$T/t3" "$T/t1" "$T/t2" --json > "$T/m3.json"
if cmp "$T/one3.json" "$T/m3.json"; then pass; else flunk "3 shards merged differ from 1 run (JSON)"; fi
$GROGNARD sim-merge "$T/t2" "$T/t3" "$T/t1" > "$T/m3.txt"
if cmp "$T/one3.txt" "$T/m3.txt"; then pass; else flunk "3 shards merged differ from 1 run (text)"; fi
# a shard plays the games it has in the whole run: 1 shard of 1 is the run
$GROGNARD $run --shard 1/1 --json > "$T/u1"
$GROGNARD sim-merge "$T/u1" --json > "$T/m1.json"
if cmp "$T/one3.json" "$T/m1.json"; then pass; else flunk "shard 1/1 merged differs from the run"; fi
# and a shard of one game each: 5 games in 5 shards
for k in 1 2 3 4 5; do $GROGNARD sim "$S/teaching.json" --games 5 --seed 4 --shard $k/5 --json > "$T/f$k"; done
$GROGNARD sim "$S/teaching.json" --games 5 --seed 4 --json > "$T/f.json"
$GROGNARD sim-merge "$T/f5" "$T/f4" "$T/f3" "$T/f2" "$T/f1" --json > "$T/fm.json"
if cmp "$T/f.json" "$T/fm.json"; then pass; else flunk "5 shards of one game merged differ from the run"; fi

# --shard refused
expect_exit "shard 0" 2 "--shard '0/2' is not K/N" -- sim "$S/teaching.json" --shard 0/2 --json
expect_exit "shard past N" 2 "--shard '3/2' is not K/N" -- sim "$S/teaching.json" --shard 3/2 --json
expect_exit "no N" 2 "--shard '2' is not K/N with 1 <= K <= N" -- sim "$S/teaching.json" --shard 2 --json
expect_exit "N 0" 2 "--shard '1/0'" -- sim "$S/teaching.json" --shard 1/0 --json
expect_exit "N > games" 2 "--shard 1/11: 11 shards of a run of 10 games: the number of shards must be from 1 to the number of games" -- sim "$S/teaching.json" --games 10 --shard 1/11 --json
expect_exit "shard without json" 2 "--shard makes a report for grognard sim-merge: give it with --json" -- sim "$S/teaching.json" --shard 1/2
expect_exit "shard with html" 2 "without --html" -- sim "$S/teaching.json" --shard 1/2 --json --html "$T/x.html"

# a scenario path that is not UTF-8: no JSON report (JSON text must be), the
# text report as before
L="$T/$(printf 'caf\351').json"
cp "$S/teaching.json" "$L"
expect_exit "path not UTF-8" 2 "is not valid UTF-8, which the JSON report must be" -- sim "$L" --games 4 --shard 1/2 --json
expect_exit "path not UTF-8, text" 0 "" -- sim "$L" --games 4

# sim-merge refused: each message names the file or the shard
m="$T/teaching"
expect_exit "no files" 2 "no report given" -- sim-merge
expect_exit "merge option" 2 "unknown option '--jobs'" -- sim-merge "$m.s1" --jobs 2
expect_exit "missing shard" 2 "shard 2 of 2 is missing \(1 given: 1\)" -- sim-merge "$m.s1"
expect_exit "missing middle" 2 "shard 2 of 3 is missing \(2 given: 1, 3\)" -- sim-merge "$T/t3" "$T/t1"
expect_exit "shard twice" 2 "$m.s1 and $m.s1 are both shard 1 of 2: a shard given twice" -- sim-merge "$m.s1" "$m.s2" "$m.s1"
expect_exit "shard twice, copied" 2 "are both shard 1 of 3" -- sim-merge "$T/t1" "$T/t2" "$T/t1" "$T/t3"
expect_exit "other scenario" 2 "$T/austerlitz.s2: a shard of scenario .*austerlitz.json \(digest [0-9a-f]{16}\), but $m.s1 is of .*teaching.json \(digest [0-9a-f]{16}\): shards of different scenarios" -- sim-merge "$m.s1" "$T/austerlitz.s2"
$GROGNARD sim "$S/teaching.json" --games 120 --seed 43 --players eager,random --shard 2/2 --json > "$T/seed43"
expect_exit "other seed" 2 "$T/seed43: a shard of the run seeded 43, but $m.s1 is of the run seeded 42" -- sim-merge "$m.s1" "$T/seed43"
$GROGNARD sim "$S/teaching.json" --games 120 --seed 42 --players eager,eager --shard 2/2 --json > "$T/players"
expect_exit "other players" 2 "$T/players: a shard of the run played by eager,eager, but $m.s1 is of the run played by eager,random" -- sim-merge "$m.s1" "$T/players"
$GROGNARD sim "$S/teaching.json" --games 122 --seed 42 --players eager,random --shard 2/2 --json > "$T/games"
expect_exit "other games" 2 "$T/games: shard 2 of 2 of a run of 122 games, but $m.s1 is shard 1 of 2 of a run of 120 games" -- sim-merge "$m.s1" "$T/games"
$GROGNARD sim "$S/teaching.json" --games 120 --seed 42 --players eager,random --shard 2/3 --json > "$T/of3"
expect_exit "other N" 2 "$T/of3: shard 2 of 3 of a run of 120 games, but $m.s1 is shard 1 of 2" -- sim-merge "$m.s1" "$T/of3"
expect_exit "whole run" 2 "$m.one.json is the report of a whole run \(it has no \"shard\"\), not of a shard" -- sim-merge "$m.one.json" "$m.s1"
# the scenario changed between the shards (same path, other contents)
jq '.title = "Hameln, revised"' "$S/teaching.json" > "$T/scen.json"
$GROGNARD sim "$T/scen.json" --games 120 --seed 42 --players eager,random --shard 2/2 --json > "$T/changed"
expect_exit "changed scenario" 2 "$T/changed: a shard of scenario $T/scen.json \(digest [0-9a-f]{16}\).*shards of different scenarios, or the scenario changed" -- sim-merge "$m.s1" "$T/changed"
# files that are not shard reports, or were changed: FILE:LINE:COL
printf '{"format": "grognard-sim", "version": 2,\n  "games": [1]}\n' > "$T/bad1"
expect_exit "not a report" 2 "$T/bad1:1:1: \"scenario\" is missing" -- sim-merge "$T/bad1"
printf '{"format": "grognard-sim",\n "version": 3}' > "$T/bad2"
expect_exit "later version" 2 "$T/bad2:2:13: report version 3 is not known" -- sim-merge "$T/bad2"
printf '[1, 2' > "$T/bad3"
expect_exit "not JSON" 2 "$T/bad3:1:6: malformed JSON" -- sim-merge "$T/bad3"
expect_exit "a scenario" 2 "$S/teaching.json:[0-9]+:[0-9]+: not a grognard simulation report" -- sim-merge "$S/teaching.json"
jq '.wins[0] += 1' "$m.s1" > "$T/tamper1"
expect_exit "wins changed" 2 "$T/tamper1:[0-9]+:[0-9]+: the wins \([0-9]+ and [0-9]+\), the draws \([0-9]+\) and the unfinished battles \([0-9]+\) add up to 61, not the 60 games" -- sim-merge "$T/tamper1" "$m.s2"
jq '.games = 59' "$m.s1" > "$T/tamper2"
expect_exit "games changed" 2 "$T/tamper2:[0-9]+:[0-9]+: shard 1 of 2 of a run of 120 games holds games 1 to 60 \(60 games\), but this report has 59" -- sim-merge "$T/tamper2" "$m.s2"
jq '.stats[1].histogram["0"] -= 1' "$m.s1" > "$T/tamper3"
expect_exit "histogram changed" 2 "$T/tamper3:[0-9]+:[0-9]+: the histogram of \"figures lost: infantry\" counts 59 games, not the report's 60" -- sim-merge "$T/tamper3" "$m.s2"
jq '.stats[0].mystery = 1' "$m.s1" > "$T/tamper4"
expect_exit "unknown member" 2 "$T/tamper4:[0-9]+:[0-9]+: unknown key \"mystery\"; accepted keys: name, side" -- sim-merge "$T/tamper4" "$m.s2"
jq '.stats[2].name = "figures lost: dragoons"' "$m.s1" > "$T/tamper5"
expect_exit "stats differ" 2 "$m.s2: its stats \(names, sides, order\) are not those of $T/tamper5" -- sim-merge "$T/tamper5" "$m.s2"
expect_exit "no such file" 1 "$T/none.json: cannot open the file" -- sim-merge "$T/none.json"
# the derived figures are not read: a rounded mean changes nothing
jq '.steps.mean = 1 | .win_rate = [0, 0]' "$m.s1" > "$T/derived"
$GROGNARD sim-merge "$T/derived" "$m.s2" --json > "$T/d.json"
if cmp "$T/teaching.one.json" "$T/d.json"; then pass; else flunk "the merge read a derived figure"; fi
# --help answers, and the merged page is written atomically (no temporary left)
"$GROGNARD" sim-merge --help | grep -q "usage: grognard sim-merge FILE" && pass || flunk "sim-merge --help"
"$GROGNARD" sim --help | grep -q -- "--shard K/N" && pass || flunk "sim --help has no --shard"
expect_exit "page cannot be written" 1 "grognard sim-merge: --html /nonexistent/m.html: cannot write it" -- sim-merge "$m.s1" "$m.s2" --html /nonexistent/m.html
[ -z "$(ls "$T" | grep '\.tmp\.')" ] && pass || flunk "a temporary file was left: $(ls "$T" | grep '\.tmp\.')"
rm -rf "$T"
finish
