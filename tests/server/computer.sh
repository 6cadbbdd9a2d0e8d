#!/bin/bash
# computer.sh - what the server tells about its computer players (issue 31):
# GET /api/games/ID/why explains a computer decision with the search that
# chose it, and never a hidden chit to the other side.
. "$(dirname "$0")/lib.sh"
start_server "$WORK/computer.db"

# wait_turn SEAT: poll the view until SEAT is to move or the game is over
wait_turn() {
    local i=0
    while [ $i -lt 600 ]; do
        api GET "/api/games/$G"
        [ "$(jqb .to_move)" = "$1" ] || [ "$(jqb .over)" = true ] && return 0
        sleep 0.05
        i=$((i + 1))
    done
    flunk "seat $1 never came to move: $BODY"
}

# 1. the human plays the French, commander:40 the Austrians
api POST /api/games '{"scenario": "teaching", "players": ["human", "commander:40"], "seed": 3}'
check "1.1 create" "$STATUS" 201
G=$(jqb .id)
T0=$(jqb '.seats["0"]')
expect_status "1.2 nothing to explain yet" 404 GET "/api/games/$G/why" "" "$T0"
expect_status "1.3 a side that is none" 400 GET "/api/games/$G/why?side=2" "" "$T0"
expect_status "1.4 a token of no seat" 401 GET "/api/games/$G/why" "" "0123456789abcdef0123456789abcdef"
# the human plays its first legal action until the computer has moved a
# unit (a decision that is not a chit): then the French may read why
got=""
for k in $(seq 1 40); do
    wait_turn 0
    [ "$(jqb .over)" = true ] && break
    step=$(jqb .step)
    api GET "/api/games/$G/why?side=1" "" "$T0"
    if [ "$STATUS" = 200 ]; then got=$BODY; break; fi
    [ "$STATUS" = 404 ] || [ "$STATUS" = 403 ] || flunk "2.0 why answered $STATUS: $BODY"
    api GET "/api/games/$G" "" "$T0"
    act=$(jqb '.legal[0].text')
    api POST "/api/games/$G/actions" "$(jq -cn --arg a "$act" --argjson s "$step" '{action: $a, step: $s}')" "$T0"
    check "2.1 the human's action $k" "$STATUS" 200
done
[ -n "$got" ] && pass || flunk "2.2 the computer never made a decision the French may read"
BODY=$got
check "2.3 side" "$(jqb .side)" 1
check "2.4 player" "$(jqb .player)" "commander:40"
n=$(jqb '.lines | length')
[ "$n" -ge 1 ] && [ "$n" -le 3 ] && pass || flunk "2.5 1 to 3 lines: $n"
# the search that chose: its most visited line is the action played, and
# the log holds that action at that step
check "2.6 the first line is the one played" "$(jqb '.lines[0].action == .played and .lines[0].chosen')" true
wstep=$(jqb .step)
api GET "/api/games/$G" "" "$T0"
check "2.7 the log's step $wstep is side 1's" "$(printf '%s' "$BODY" | jq --argjson s "$wstep" '[.log[] | select(.step == $s and .player == 1)] | length > 0')" true
BODY=$got
check "2.8 shares, visits, intervals" "$(jqb '[.lines[] | (.share > 0 and .share <= 1 and .visits >= 1 and .win_low <= .win and .win <= .win_high and .win_low >= 0 and .win_high <= 1)] | all')" true
check "2.9 the shares sum to at most 1" "$(jqb '([.lines[].share] | add) <= 1.000001')" true
check "2.10 expected losses, by side" "$(jqb '[.lines[] | (.expected_losses | length == 2 and (map(. >= 0) | all))] | all')" true
check "2.11 the plan's task is text" "$(jqb '[.lines[] | (.task | type)] | unique | join(",")')" string
check "2.12 visits decrease" "$(jqb '[.lines[].visits] | . == (sort | reverse)')" true
# a spectator may read it too (a move is public)
expect_status "2.13 a spectator reads a move" 200 GET "/api/games/$G/why?side=1"

# 3. the computer plays the French: its first decisions are chits, hidden
# from the Austrians and from spectators
api POST /api/games '{"scenario": "teaching", "players": ["commander:40", "human"], "seed": 5}'
G=$(jqb .id)
T1=$(jqb '.seats["1"]')
wait_turn 1
expect_status "3.1 the computer's chit is not explained to the other side" 403 GET "/api/games/$G/why?side=0" "" "$T1"
expect_status "3.2 nor to a spectator" 403 GET "/api/games/$G/why"
api GET "/api/games/$G/why?side=0" "" "$T1"
printf '%s' "$BODY" | grep -qi "chit" && pass || flunk "3.3 the refusal says why: $BODY"

# 4. the enemy's threat to the seat's units, read from its own view: the
# teaching scenario's six French units (data/scenarios/teaching.json)
api GET "/api/games/$G/threat" "" "$T1"
check "4.1 threat" "$STATUS" 200
check "4.2 the seat's side" "$(jqb .side)" 1
nu=$(jq '[.corps[] | select(.side == "austrians") | .id] as $c | [.units[] | select(.corps as $k | $c | index($k))] | length' "$SOURCE_ROOT/data/scenarios/teaching.json")
check "4.3 one entry a unit of the side" "$(jqb '.units | length')" "$nu"
check "4.4 odds and losses" "$(jqb '[.units[] | (.odds >= 0 and .odds <= 1 and .expected_loss >= 0 and (.hex | length) == 2 and (.unit | type) == "number")] | all')" true
expect_status "4.5 a spectator has no side to read it from" 401 GET "/api/games/$G/threat"

# 5. any seat to the computer and back (POST .../seat): two people; the
# Austrians hand their seat to the heuristic player, which plays at once
# when it is to move; then take it back; the record says who took each step
api POST /api/games '{"scenario": "teaching", "players": ["human", "human"], "seed": 8}'
G=$(jqb .id)
T0=$(jqb '.seats["0"]')
T1=$(jqb '.seats["1"]')
expect_status "5.1 no token" 401 POST "/api/games/$G/seat" '{"player": "heuristic"}'
expect_status "5.2 not a player" 400 POST "/api/games/$G/seat" '{"player": "grandmaster"}' "$T1"
expect_status "5.3 over the server's caps" 400 POST "/api/games/$G/seat" '{"player": "commander:99999999"}' "$T1"
expect_status "5.4 no player" 400 POST "/api/games/$G/seat" '{}' "$T1"
api POST "/api/games/$G/seat" '{"player": "heuristic"}' "$T1"
check "5.5 handed over" "$STATUS" 200
check "5.6 the answer" "$(jqb '.seat == 1 and .player == "heuristic"')" true
# seat 0 plays its first legal action whenever it is to move; seat 1's
# steps are the computer's
play0() { # play0 N: N actions of seat 0
    for k in $(seq 1 "$1"); do
        wait_turn 0
        [ "$(jqb .over)" = true ] && return
        api GET "/api/games/$G" "" "$T0"
        act=$(jqb '.legal[0].text')
        api POST "/api/games/$G/actions" "$(jq -cn --arg a "$act" --argjson s "$(jqb .step)" '{action: $a, step: $s}')" "$T0"
    done
}
play0 12
api GET "/api/games/$G" "" "$T0"
check "5.7 the view names the computer" "$(jqb '.players[1]')" heuristic
api POST "/api/games/$G/seat" '{"player": "human"}' "$T1"
check "5.8 taken back" "$STATUS" 200
# now seat 1 must play itself: it comes to move and the server waits
for k in $(seq 1 40); do
    api GET "/api/games/$G" "" "$T1"
    [ "$(jqb .over)" = true ] && break
    if [ "$(jqb .to_move)" = 1 ]; then
        act=$(jqb '.legal[0].text')
        api POST "/api/games/$G/actions" "$(jq -cn --arg a "$act" --argjson s "$(jqb .step)" '{action: $a, step: $s}')" "$T1"
        [ "$STATUS" = 200 ] && break
    else
        play0 1
    fi
done
check "5.9 seat 1 played by hand again" "$STATUS" 200
# the restarted server has the seat's player as stored, and the record its
# steps' players
stop_server
start_server "$WORK/computer.db"
api GET "/api/games/$G/replay" "" "$T0 $T1"
check "5.10 replay" "$STATUS" 200
printf '%s' "$BODY" >"$WORK/seat.json"
check "5.11 seat 0's steps: a person's" "$(jq '[.steps[] | select(.player == 0) | .by] | unique' -c "$WORK/seat.json")" '["human"]'
check "5.12 seat 1's steps: the computer's, then a person's" "$(jq '[.steps[] | select(.player == 1) | .by] | index("human") as $i | $i > 0 and (.[:$i] | all(. == "heuristic")) and (.[$i:] | all(. == "human"))' "$WORK/seat.json")" true
check "5.13 chance steps name no one" "$(jq '[.steps[] | select(.player == "chance") | has("by")] | any' "$WORK/seat.json")" false
"$GROGNARD" replay "$WORK/seat.json" --verify >"$WORK/v" 2>&1 && pass || flunk "5.14 verify: $(cat "$WORK/v")"
api GET "/api/games/$G" "" "$T1"
check "5.15 the stored player of seat 1" "$(jqb '.players[1]')" human

stop_server && pass || flunk "6.1 SIGTERM"

# 7. a view is answered while the computer's search holds the game: the
# computer (seat 0) searches each decision for its whole --max-ai (a budget
# of simulations it cannot reach); the view asked meanwhile answers with the
# step before the decision, and the decision's step comes only after it
# (the order of events; before issue 33 the view waited for the search and
# showed the decision)
start_server "$WORK/computer.db" --max-ai 6000 --max-sims 10000000
api POST /api/games '{"scenario": "teaching", "players": ["mcts:10000000", "human"], "seed": 5}'
check "7.1 create" "$STATUS" 201
G=$(jqb .id)
T1=$(jqb '.seats["1"]')
api GET "/api/games/$G" "" "$T1"
check "7.2 the view answered during the search" "$STATUS" 200
check "7.3 the computer still to move" "$(jqb .to_move)" 0
s0=$(jqb .step)
i=0
while [ $i -lt 600 ]; do
    api GET "/api/games/$G" "" "$T1"
    [ "$(jqb .step)" -gt "$s0" ] && break
    sleep 0.05
    i=$((i + 1))
done
[ "$(jqb .step)" -gt "$s0" ] && pass || flunk "7.4 the computer's decision never came after the view: $BODY"
stop_server && pass || flunk "7.5 SIGTERM"
finish
