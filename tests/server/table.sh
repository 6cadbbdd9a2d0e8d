#!/bin/bash
# table.sh - the battles on the table served (issues 29 and 30): GET
# /api/scenarios lists DATA/table/*.json as "table/NAME" of game "aoe-table"
# beside the R&E scenarios; a game is created against the computer, played
# by its legal actions (the computer answers), and a game of two people is
# replayed and verified (docs/api.md, "A battle on the table").
. "$(dirname "$0")/lib.sh"
start_server "$WORK/table.db"

# wait_turn SEAT: poll the view (with TOKEN) until SEAT is to move or the game is over
wait_turn() {
    local i=0
    while [ $i -lt 600 ]; do
        api GET "/api/games/$G" "" "${2-}"
        [ "$(jqb .to_move)" = "$1" ] || [ "$(jqb .over)" = true ] && return 0
        sleep 0.05
        i=$((i + 1))
    done
    flunk "seat $1 never came to move: $BODY"
}

# 1. the list: the R&E scenarios as before, the table battles beside them
api GET /api/scenarios
check "1.1 list" "$STATUS" 200
check "1.2 R&E teaching" "$(jqb '.[] | select(.id == "teaching") | .game')" re
check "1.3 table battles" "$(jqb '[.[] | select(.game == "aoe-table") | .id] | join(",")')" \
    "table/pratzen,table/teaching"
# data/table/teaching.json: "table": {"width": 36, "depth": 30}, five turns,
# three units a side, "French" and "Austrians"
check "1.4 teaching entry" "$(jqb '.[] | select(.id == "table/teaching") | [.width, .depth, .turns, .units, (.sides | join("/"))] | map(tostring) | join(" ")')" \
    "36 30 5 6 French/Austrians"
api GET /api/scenarios/table/teaching
check "1.5 detail" "$STATUS $(jqb '[.id, .game] | join(" ")')" "200 table/teaching aoe-table"
check "1.6 detail notes" "$(jqb '.description | length > 0')" true

# 2. against the computer: the human plays the French, the heuristic the Austrians
api POST /api/games '{"scenario": "table/teaching", "players": ["human", "heuristic"], "seed": 5}'
check "2.1 create" "$STATUS" 201
G=$(jqb .id)
T0=$(jqb '.seats["0"]')
check "2.2 the computer's seat has no token" "$(jqb '.seats["1"]')" null
api GET "/api/games/$G" "" "$T0"
check "2.3 view" "$STATUS $(jqb '[.scenario, .view.game, (.units | length), .to_move, .step] | map(tostring) | join(" ")')" \
    "200 table/teaching aoe-table 6 0 0"
# turn 1 opens with the initiative interphase: only "next" (test_tb_script.c)
check "2.4 first legal" "$(jqb '[.legal[].text] | join(",")')" next
check "2.5 a unit's pose" "$(jqb '.view.units[] | select(.id == "claparede") | .pose.at | map(tostring) | join(",")')" "12,6"
expect_status "2.6 an action the game does not know" 400 POST "/api/games/$G/actions" '{"action": "gallop everywhere", "step": 0}' "$T0"
expect_status "2.7 a stale step" 409 POST "/api/games/$G/actions" '{"action": "next", "step": 3}' "$T0"
# the human plays its first legal action until the computer has played
mine=0
computer=0
for k in $(seq 1 60); do
    wait_turn 0 "$T0"
    [ "$(jqb .over)" = true ] && break
    step=$(jqb .step)
    [ "$step" -gt "$mine" ] && [ $k -gt 1 ] && computer=1 && break
    act=$(jqb '.legal[0].text')
    api POST "/api/games/$G/actions" "$(jq -cn --arg a "$act" --argjson s "$step" '{action: $a, step: $s}')" "$T0"
    [ "$STATUS" = 200 ] || { flunk "2.8 action '$act' at step $step: $STATUS $BODY"; break; }
    mine=$(jqb .now)
done
check "2.8 the computer played" "$computer" 1
check "2.9 a game of the list" "$(curl -s "$BASE/api/games" | jq -r --arg g "$G" '.[] | select(.id == $g) | .scenario')" table/teaching
curl -s -N --max-time 1 "$BASE/api/games/$G/events?token=$T0" >"$WORK/sse"
check "2.10 events" "$(sed -n 's/^data: //p' "$WORK/sse" | head -n 1 | jq -r '.view.game')" aoe-table
expect_status "2.11 no replay while it goes on" 403 GET "/api/games/$G/replay" "" "$T0"

# 3. two people at one table: both tokens get the replay, which verifies
api POST /api/games '{"scenario": "table/teaching", "players": ["human", "human"], "seed": 9}'
check "3.1 create" "$STATUS" 201
G=$(jqb .id)
T0=$(jqb '.seats["0"]')
T1=$(jqb '.seats["1"]')
for k in $(seq 1 12); do
    api GET "/api/games/$G"
    seat=$(jqb .to_move)
    [ "$seat" = 0 ] && tok=$T0 || tok=$T1
    api GET "/api/games/$G" "" "$tok"
    step=$(jqb .step)
    act=$(jqb '.legal[-1].text')
    api POST "/api/games/$G/actions" "$(jq -cn --arg a "$act" --argjson s "$step" '{action: $a, step: $s}')" "$tok"
    [ "$STATUS" = 200 ] || { flunk "3.2 action '$act' at step $step: $STATUS $BODY"; break; }
done
STEPS=$(jqb .now)
# the log: the first step was "next" (the initiative interphase), then the
# first phase of turn 1
api GET "/api/games/$G"
check "3.2b log" "$(jqb '[.log[0:2][] | "\(.step) \(.kind)"] | join(", ")')" "1 action, 1 phase"
check "3.2c log text" "$(jqb '.log[0].text')" "next phase"
api GET "/api/games/$G/replay" "" "$T0 $T1"
check "3.3 replay" "$STATUS" 200
printf '%s' "$BODY" >"$WORK/replay.json"
check "3.4 replay steps" "$(jq '.steps | length' "$WORK/replay.json")" "$STEPS"
"$GROGNARD" replay "$WORK/replay.json" --verify >"$WORK/verify.out" 2>&1 && pass || flunk "3.5 replay --verify: $(cat "$WORK/verify.out")"

# 4. the store: a restarted server has the game where it was
stop_server || flunk "4.0 clean stop"
start_server "$WORK/table.db"
api GET "/api/games/$G" "" "$T0"
check "4.1 after a restart" "$STATUS $(jqb .step)" "200 $STEPS"

# 5. the table's questions (issue 30): sight, measure, reach, check, odds,
# each the rules' answer (values worked out by hand in
# tests/table/test_tb_ask.c on the same teaching battle)
api POST /api/games '{"scenario": "table/teaching", "players": ["human", "human"], "seed": 3}'
G=$(jqb .id)
T0=$(jqb '.seats["0"]')
T1=$(jqb '.seats["1"]')
# play TEXT TOKEN: the action at the current step
play() {
    api GET "/api/games/$G" "" "$2"
    api POST "/api/games/$G/actions" "$(jq -cn --arg a "$1" --argjson s "$(jqb .step)" '{action: $a, step: $s}')" "$2"
    [ "$STATUS" = 200 ] || flunk "5 '$1': $STATUS $BODY"
}
# french_battery (unit 2) at the start: the Austrian battery 19" ahead
# behind the crest, hohenlohe 19.526" away and in sight
api GET "/api/games/$G/sight?unit=2"
check "5.1 sight" "$STATUS $(jqb '[.bands[-1].inches, (.targets[] | select(.unit == 5) | .inches, .sight, .blocked_by), (.targets[] | select(.unit == 4) | .inches)] | map(tostring) | join(" ")')" \
    "200 18 19 false crest 19.526"
api GET "/api/games/$G/measure?from=0&x=2&y=14.5"
check "5.2 measure to a point" "$STATUS $(jqb '[.inches, .sight, .blocked_by[0], (.line[0] | map(tostring) | join(","))] | map(tostring) | join(" ")')" \
    "200 12.38 false Bois de la Garenne 11,6"
api GET "/api/games/$G/measure?from=2&to=5"
check "5.3 measure unit to unit" "$(jqb '[.to, .inches, .blocked_by[0]] | map(tostring) | join(" ")')" "5 19 crest"
expect_status "5.4 measure without a target" 400 GET "/api/games/$G/measure?from=0"
expect_status "5.5 a point off the table" 400 GET "/api/games/$G/measure?from=0&x=40&y=1"
expect_status "5.6 nobody's move to choose" 409 GET "/api/games/$G/reach?unit=0"
expect_status "5.7 next is no test" 409 GET "/api/games/$G/odds?action=0"
expect_status "5.8 no such action" 400 GET "/api/games/$G/odds?action=99"
expect_status "5.9 check needs a seat" 401 POST "/api/games/$G/check" '{"action": "next"}'
api POST "/api/games/$G/check" '{"action": "next"}' "$T0"
check "5.10 check next" "$STATUS $(jqb '[.legal, .text, .cost] | map(tostring) | join(" ")')" "200 true next null"
api POST "/api/games/$G/check" '{"action": "next"}' "$T1"
check "5.11 not the Austrians' turn" "$(jqb '[.legal, .reason] | map(tostring) | join(" ")')" \
    "false the French are to move, not the Austrians"
api GET "/api/games/$G"
check "5.12 nothing applied" "$(jqb .step)" 0
# to claparede's reserve move (the server rolls its die)
play next "$T0"
play next "$T0"
play "reserve claparede" "$T0"
api GET "/api/games/$G/reach?unit=0"
check "5.13 reach" "$STATUS $(jqb '.allowance > 0 and (.moves | length) > 0 and (.area | length) > 0')" "200 true"
REACH=$BODY
# the reserve test's resolution in the log: its line (the die) opens to
# its modifiers, the commander's +1 (seed 000: Lannes commands the army and
# is not engaged) and seed 003's reserve DRM "+4 1er Tour de la partie", in
# the companion's order, then its table read; no detail stands alone
api GET "/api/games/$G" "" "$T0"
check "5.13b the test's modifiers" "$(jqb '[.log[] | select(.details) | .details[] | select(.kind == "modifier") | .values[1]] | map(tostring) | join(" ")')" "1 4"
check "5.13c its table read" "$(jqb '[.log[] | select(.details) | .details[] | select(.kind == "table") | .source] | join(" ")')" "seed 003, Table des mouvements; seed 000, Figure 8"
check "5.13d its line cites the rule" "$(jqb '[.log[] | select(.details) | .kind, (.source | test("mouvement de réserve"))] | map(tostring) | join(" ")')" "die true"
check "5.13e no detail alone" "$(jqb '[.log[] | select(.detail)] | length')" 0
api GET "/api/games/$G" "" "$T0"
# each move's "action" is its index in the view's "legal", with the same text
check "5.14 moves are the legal ones" "$(jq -n --argjson r "$REACH" --argjson v "$BODY" '[$r.moves[] | $v.legal[.action].text == .text] | all')" true
api POST "/api/games/$G/check" '{"action": "pose claparede 12 6.5"}' "$T0"
check "5.15 check a pose" "$STATUS $(jqb '[.legal, .cost] | map(tostring) | join(" ")')" "200 true 0.5"
api POST "/api/games/$G/check" '{"action": "pose claparede 12 29"}' "$T0"
check "5.16 a pose beyond reach" "$(jqb .legal) $(jqb '.reason | test("cannot stand there")')" "false true"
# on to the Austrians' fire (test_tb_script.c's turn 1): claparede 9"
# ahead to (12, 15), treilhard's test, then to s1_fire_second
api GET "/api/games/$G" "" "$T0"
B=$(jqb .step)
play "move claparede advance to 12 15" "$T0"
# the view at an earlier step (?step=N, issue 30's replay): the match
# replayed to N in a copy, observed for the seat; claparede stands at its
# deployment (12, 6: data/table/teaching.json, 2.5 above) at step 0 and
# still at step B, and at (12, 15) from step B+1, the move's step
api GET "/api/games/$G" "" "$T0"
NOW=$(jqb .step)
pose_at() { jqb '.view.units[] | select(.id == "claparede") | .pose.at | map(tostring) | join(",")'; }
api GET "/api/games/$G?step=0" "" "$T0"
check "5.16a the view at step 0" "$STATUS $(jqb '[.step, .steps, .seat, (.legal | length), (.log | length)] | map(tostring) | join(" ")') $(pose_at)" \
    "200 0 $NOW 0 0 0 12,6"
api GET "/api/games/$G?step=$B" "" "$T0"
check "5.16b before the move" "$(jqb .step) $(pose_at) $(jqb '[.log[].step] | max')" "$B 12,6 $B"
api GET "/api/games/$G?step=$((B + 1))" "" "$T0"
check "5.16c after the move" "$(jqb .step) $(pose_at) $(jqb '[.log[].step] | max')" "$((B + 1)) 12,15 $((B + 1))"
api GET "/api/games/$G?step=$((B + 1))&lang=fr"
check "5.16d a spectator's, in French" "$STATUS $(jqb '.seat') $(pose_at)" "200 null 12,15"
api GET "/api/games/$G?step=$NOW" "" "$T0"
LAST=$BODY
api GET "/api/games/$G" "" "$T0"
check "5.16e the last step is the view now" \
    "$(jq -cn --argjson a "$LAST" --argjson b "$BODY" '[$a, $b] | map(del(.legal, .steps)) | .[0] == .[1]')" true
expect_status "5.16f a step beyond the game's" 400 GET "/api/games/$G?step=$((NOW + 1))" "" "$T0"
expect_status "5.16g a negative step" 400 GET "/api/games/$G?step=-1" "" "$T0"
expect_status "5.16h not a number" 400 GET "/api/games/$G?step=two" "" "$T0"
expect_status "5.16i not a seat's token" 401 GET "/api/games/$G?step=0" "" "nottoken"
play "reserve treilhard" "$T0"
play "move treilhard hold to 24 5" "$T0"
play next "$T0"
play next "$T0"
play next "$T0"
api GET "/api/games/$G" "" "$T1"
check "5.17 the Austrians' fire" "$(jqb '.legal[0].text')" "fire austrian_battery --target claparede"
# test_tb_ask.c: power 8 (12" column, heavy 4, x 2 on a column), D10 on
# row 8-9, then Suchet's Generals hit check on a loss
api GET "/api/games/$G/odds?action=0"
check "5.18 odds" "$STATUS $(jqb '[.test, .total, (.results | map(.p) | join(","))] | map(tostring) | join(" ")')" \
    "200 fire 0 3/5,3/10,1/20,1/20"
check "5.19 odds in percent" "$(jqb '.results | map(.percent) | add')" 100
api GET "/api/games/$G" "" "$T1"
check "5.20 nothing applied" "$(jqb '[.to_move, .legal[0].text] | map(tostring) | join(" ")')" \
    "1 fire austrian_battery --target claparede"
# a game whose type has no such questions (R&E's hex map): 404
api POST /api/games '{"scenario": "teaching", "players": ["human", "human"], "seed": 3}'
RE=$(jqb .id)
expect_status "5.21 no ruler on a hex map" 404 GET "/api/games/$RE/measure?from=0&to=1"
expect_status "5.22 no odds there" 404 GET "/api/games/$RE/odds?action=0"
finish
