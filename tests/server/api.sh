#!/bin/bash
# api.sh - the contract of ../shared/contract/API.md end to end, against a
# real `grognard serve` on a loopback port (--port 0): every endpoint, each
# 4xx with its {"error": ...} body, the stale step answered 409 with nothing
# applied, hidden chits kept from the other seat and spectators, static files
# only from the web folder, the table assistant's JSON equal to the CLI's,
# the access log, a clean stop on SIGTERM.
. "$(dirname "$0")/lib.sh"
# The database: an SQLite file by default; GROGNARD_TEST_DB names another
# (a postgresql:// URI of an empty database: pgtmp.sh runs this script so).
DB=${GROGNARD_TEST_DB:-$WORK/api.db}

# A web folder of our own: a page, a file inside, links in and out.
mkdir -p "$WORK/web/sub" "$WORK/outside"
printf '<!doctype html><title>t</title>page\n' >"$WORK/web/index.html"
printf 'body{}\n' >"$WORK/web/sub/a.css"
printf 'secret\n' >"$WORK/outside/secret.txt"
ln -s "$WORK/outside/secret.txt" "$WORK/web/escape.txt"
ln -s "$WORK/outside" "$WORK/web/outdir"
ln -s "$WORK/web/sub/a.css" "$WORK/web/inside.css"

# 0. the command line
"$GROGNARD" serve --help | grep -q '^usage: grognard serve \[--host ADDR\] \[--port P\] \[--db PATH\] \[--web DIR\]' && pass || flunk "0.1 serve --help"
"$GROGNARD" serve --port 70000 >/dev/null 2>"$WORK/e"
check "0.2 bad port" "$? $(wc -l <"$WORK/e")" "2 1"
"$GROGNARD" serve --port 0 --db "$WORK/x.db" --data "$WORK/nowhere" >/dev/null 2>"$WORK/e"
check "0.3 no scenario folder" "$? $(grep -c 'scenario folder' "$WORK/e")" "2 1"
"$GROGNARD" serve --bogus >/dev/null 2>"$WORK/e"
check "0.4 unknown option" "$?" 2

start_server "$DB" --web "$WORK/web"

# 1. health, scenarios
api GET /api/health
check "1.1 health status" "$STATUS" 200
check "1.2 health body" "$(jqb '"\(.ok) \(.version | type)"')" "true string"
api GET /api/scenarios
check "1.3 scenarios status" "$STATUS" 200
# every bundled scenario, by its file name, sorted; then the battles on the
# table, data/table/NAME.json as table/NAME, sorted (tests/server/table.sh)
want_ids=$({ (cd "$SOURCE_ROOT/data/scenarios" && ls *.json | sed 's/\.json$//' | sort)
    (cd "$SOURCE_ROOT/data/table" && ls *.json | sed 's/^/table\//; s/\.json$//' | sort); } | paste -sd, -)
check "1.4 scenario ids" "$(jqb '[.[].id] | join(",")')" "$want_ids"
check "1.5 scenario fields" "$(jqb '[.[] | (.title | type), (.sides | length), (.turns | type)] | unique | join(",")')" "2,number,string"
check "1.6 teaching turns" "$(jqb '.[] | select(.id == "teaching") | .turns')" 6
api GET /api/scenarios/teaching
check "1.7 scenario map" "$STATUS $(jqb '"\(.cols)x\(.rows) \(.hexes | length) \(.units | length) \(.sides | length)"')" "200 12x8 96 12 2"
# typed from data/scenarios/teaching.json: the town of Hameln at [5,3], the
# bridge at [8,3], the ford at [9,6], hills at [6,2] and [6,4]
check "1.8 hexes" "$(jqb '[.hexes[] | select(.col == 5 and .row == 3) | .terrain, (.hexes[]? // empty)] | .[0]')" "town"
check "1.9 bridge ford hill" "$(jqb '[(.hexes[] | select(.bridge) | "\(.col),\(.row)"), (.hexes[] | select(.ford) | "\(.col),\(.row)"), (.hexes[] | select(.hill) | "\(.col),\(.row)")] | join(" ")')" "8,3 9,6 6,2 6,4"
check "1.10 stream hexsides" "$(jqb '[.hexes[] | select(.col == 4 and .row == 4) | .streams[]] | join(",")')" "0"
expect_status "1.11 unknown scenario" 404 GET /api/scenarios/nope

# 2. creating games
expect_status "2.1 body not JSON" 400 POST /api/games '{"scenario": '
expect_status "2.2 no body" 400 POST /api/games
expect_status "2.3 unknown player" 400 POST /api/games '{"scenario": "teaching", "players": ["human", "grandmaster"]}'
expect_status "2.4 one player" 400 POST /api/games '{"scenario": "teaching", "players": ["human"]}'
expect_status "2.5 no scenario" 404 POST /api/games '{"scenario": "nope", "players": ["human", "human"]}'
expect_status "2.6 bad seed" 400 POST /api/games '{"scenario": "teaching", "players": ["human", "human"], "seed": -1}'
expect_status "2.7 unknown key" 400 POST /api/games '{"scenario": "teaching", "players": ["human", "human"], "sede": 1}'
api GET /api/games
check "2.8 nothing stored by refusals" "$(jqb 'length')" 0
expect_status "2.9 create" 201 POST /api/games '{"scenario": "teaching", "players": ["human", "human"], "seed": 11}'
G=$(jqb .id)
T0=$(jqb '.seats["0"]')
T1=$(jqb '.seats["1"]')
check "2.10 tokens are 128 bits" "$(printf '%s\n%s\n' "$T0" "$T1" | grep -cE '^[0-9a-f]{32}$')" 2
[ "$T0" != "$T1" ] && pass || flunk "2.11 the two tokens are equal"
expect_status "2.12 create vs computer" 201 POST /api/games '{"scenario": "teaching", "players": ["human", "random"]}'
check "2.13 computer seat null" "$(jqb '.seats["1"]')" null
GC=$(jqb .id)
TC=$(jqb '.seats["0"]')
# the page's difficulties: the search players by name, with a budget
expect_status "2.14 create vs the search" 201 POST /api/games '{"scenario": "teaching", "players": ["mcts:30", "human"]}'
check "2.15 the search's seat null" "$(jqb '.seats["0"]')" null
expect_status "2.16 a search budget of 0" 400 POST /api/games '{"scenario": "teaching", "players": ["human", "mcts:0"]}'

# 3. views
api GET "/api/games/$G"
check "3.1 spectator view" "$STATUS $(jqb '"\(.id) \(.scenario) \(.step) \(.turn) \(.to_move) \(.over) \(.winner) \(.seat) \(.legal | length) \(.units | length) \(.log | type)"')" "200 $G teaching 0 1 0 false null null 0 12 array"
api GET "/api/games/$G" "" "$T0"
check "3.2 seat 0 view" "$STATUS $(jqb '"\(.seat) \(.to_move)"')" "200 0 0"
[ "$(jqb '.legal | length')" -gt 0 ] && pass || flunk "3.3 seat 0 to move has no legal actions"
check "3.4 legal have text" "$(jqb '[.legal[] | .text | type] | unique | join(",")')" "string"
api GET "/api/games/$G" "" "$T1"
check "3.5 seat 1 not to move" "$(jqb '"\(.seat) \(.legal | length)"')" "1 0"
# sight and range on hover (issue 32): what the Grande batterie (unit 3, at
# 2,3) sees of every hex, for anyone who may watch; §2.1 "3 dés à 1 cases"
api GET /api/scenarios/teaching
nhex=$(jqb '.cols * .rows')
api GET "/api/games/$G/sight?unit=3"
check "3.51 sight: every hex of the map, its own at range 0" \
    "$STATUS $(jqb '"\(.unit) \(.from) \(.hexes | length) \([.hexes[] | select(.range == 0) | .hex])"')" \
    "200 3 [2,3] $nhex [[2,3]]"
check "3.52 sight: the six hexes next to a battery are seen, 3 dice each" \
    "$(jqb '[.hexes[] | select(.range == 1) | "\(.sees)/\(.dice)"] | "\(unique | join(" ")) \(length)"')" "true/3 6"
check "3.53 sight: no die beyond 3 hexes" "$(jqb '[.hexes[] | select(.range > 3) | .dice] | unique | join(",")')" "0"
expect_status "3.54 sight of no unit" 400 GET "/api/games/$G/sight"
expect_status "3.55 sight of a unit that is not there" 404 GET "/api/games/$G/sight?unit=99"
expect_status "3.56 sight is a GET" 405 POST "/api/games/$G/sight?unit=3" '{}'
expect_status "3.6 unknown token" 401 GET "/api/games/$G" "" "0123456789abcdef0123456789abcdef"
expect_status "3.7 unknown game" 404 GET /api/games/0123456789abcdef
expect_status "3.8 bad game id" 404 GET /api/games/..%2f..%2fetc
expect_status "3.9 unknown path" 404 GET /api/nothing

# 4. actions: each refusal, nothing applied
A0='{"action": "chit Division Lefort", "step": 0}'
expect_status "4.1 no token" 401 POST "/api/games/$G/actions" "$A0"
expect_status "4.2 unknown token" 401 POST "/api/games/$G/actions" "$A0" "ffffffffffffffffffffffffffffffff"
expect_status "4.3 other side's turn" 403 POST "/api/games/$G/actions" "$A0" "$T1"
expect_status "4.4 unknown action" 400 POST "/api/games/$G/actions" '{"action": "charge the moon", "step": 0}' "$T0"
expect_status "4.5 malformed body" 400 POST "/api/games/$G/actions" '{"action": ' "$T0"
expect_status "4.6 no step" 400 POST "/api/games/$G/actions" '{"action": "chits done"}' "$T0"
expect_status "4.7 stale step" 409 POST "/api/games/$G/actions" '{"action": "chit Division Lefort", "step": 3}' "$T0"
check "4.8 409 says the step" "$(jqb .step)" 0
head -c 70000 /dev/zero | tr '\0' ' ' >"$WORK/big"
api POST "/api/games/$G/actions" "$(cat "$WORK/big")" "$T0"
check "4.9 body over the limit" "$STATUS" 413
expect_status "4.10 wrong method" 405 GET "/api/games/$G/actions"
api GET "/api/games/$G" "" "$T0"
check "4.11 nothing applied by refusals" "$(jqb .step)" 0
expect_status "4.12 action" 200 POST "/api/games/$G/actions" "$A0" "$T0"
check "4.13 step N+1" "$(jqb .step)" 1
expect_status "4.14 same step again: stale" 409 POST "/api/games/$G/actions" "$A0" "$T0"
api GET "/api/games/$G" "" "$T0"
check "4.15 one step applied" "$(jqb .step)" 1

# 5. hidden chits: seat 0's chit is in seat 0's view only
check "5.1 own chit shown" "$(jqb '.view.bowl.own["Division Lefort"]')" 1
api GET "/api/games/$G" "" "$T1"
check "5.2 other side: hidden" "$(jqb '"\(.view.bowl.own | length) \(.view.bowl.hidden)"')" "0 1"
printf '%s' "$BODY" | grep -q 'Division Lefort"\s*:' && flunk "5.3 the chit's corps leaks to seat 1" || pass
api GET "/api/games/$G"
check "5.4 spectator: hidden" "$(jqb '"\(.view.bowl.own | length) \(.view.bowl.hidden) \(.view.viewer)"')" "0 1 null"

# 6. undo takes back one's own decision
api GET "/api/games/$G" "" "$T0"
expect_status "6.1 undo stale" 409 POST "/api/games/$G/undo" '{"step": 0}' "$T0"
expect_status "6.2 undo by the other side" 400 POST "/api/games/$G/undo" '{"step": 1}' "$T1"
expect_status "6.3 undo" 200 POST "/api/games/$G/undo" '{"step": 1}' "$T0"
check "6.4 undone" "$(jqb .step)" 0
api GET "/api/games/$G" "" "$T0"
check "6.5 bowl empty again" "$(jqb '"\(.step) \(.view.bowl.own | length)"')" "0 0"

# 7. the event stream: an event at once, another after a step
curl -s -N --max-time 3 "$BASE/api/games/$G/events" >"$WORK/sse" &
SSE=$!
sleep 0.5
expect_status "7.1 action during the stream" 200 POST "/api/games/$G/actions" "$A0" "$T0"
wait $SSE
check "7.2 events" "$(grep -c '^event: step$' "$WORK/sse")" 2
check "7.3 last id" "$(grep '^id: ' "$WORK/sse" | tail -n 1)" "id: 1"
grep '^data: ' "$WORK/sse" | tail -n 1 | sed 's/^data: //' | jq -e --arg g "$G" '.id == $g and .step == 1 and .to_move == 0 and .over == false and .seat == null and (.log | type) == "array" and (.legal | type) == "array"' >/dev/null && pass || flunk "7.4 event data: $(cat "$WORK/sse")"
check "7.5 events Content-Type" "$(curl -s -o /dev/null --max-time 1 -w '%{content_type}' "$BASE/api/games/$G/events")" "text/event-stream; charset=utf-8"
expect_status "7.6 events: unknown token" 401 GET "/api/games/$G/events?token=00000000000000000000000000000000"

# 8. play on at random, both seats, then the replay
"$SV_CLIENT" play "$PORT" "$G" "$T0" "$T1" 60 "$WORK/acks" 1 >"$WORK/client.out" || flunk "8.0 client: $(cat "$WORK/client.out")"
api GET "/api/games/$G"
STEPS=$(jqb .step)
[ "$STEPS" -gt 20 ] && pass || flunk "8.1 the game did not go on: step $STEPS"
check "8.2 log entries have steps" "$(jqb '[.log[] | (.step | type), (.text | type)] | unique | join(",")')" "number,string"
expect_status "8.3 replay while the game goes on" 403 GET "/api/games/$G/replay"
expect_status "8.4 replay with one token" 403 GET "/api/games/$G/replay" "" "$T0"
api GET "/api/games/$G/replay" "" "$T0 $T1"
check "8.5 replay with both tokens" "$STATUS" 200
printf '%s' "$BODY" >"$WORK/replay.json"
check "8.6 replay steps" "$(jq '.steps | length' "$WORK/replay.json")" "$STEPS"
"$GROGNARD" replay "$WORK/replay.json" --verify >"$WORK/verify.out" 2>&1 && pass || flunk "8.7 replay --verify: $(cat "$WORK/verify.out")"
# the replay carries its scenario: it verifies where no scenario file is
check "8.7b replay carries its scenario" "$(jq -r '.scenario_text | fromjson | .id' "$WORK/replay.json")" "$(jq -r '.scenario' <<<"$(curl -s "$BASE/api/games/$G")")"
mkdir -p "$WORK/elsewhere" && jq '.scenario = "/nowhere/teaching.json"' "$WORK/replay.json" >"$WORK/elsewhere/mailed.json"
(cd "$WORK/elsewhere" && "$GROGNARD" replay mailed.json --verify) >"$WORK/verify2.out" 2>&1 && pass || flunk "8.7c replay --verify without the scenario file: $(cat "$WORK/verify2.out")"
api GET /api/games
check "8.8 games listed" "$(jqb "[.[] | select(.id == \"$G\") | .step] | .[0]")" "$STEPS"

# 9. a game against the computer: it answers on its own
"$SV_CLIENT" play "$PORT" "$GC" "$TC" - 30 "$WORK/acks-c" 2 >"$WORK/client.out" || flunk "9.0 client: $(cat "$WORK/client.out")"
api GET "/api/games/$GC"
[ "$(jqb .step)" -gt 10 ] && pass || flunk "9.1 the computer did not play: $(jqb .step)"
[ "$(jqb '[.log[] | select(.player == 1)] | length')" -gt 0 ] && pass || flunk "9.2 no event of the computer's side"

# 10. static files
api GET /
check "10.1 page" "$STATUS $(curl -s -o /dev/null -w '%{content_type}' "$BASE/")" "200 text/html; charset=utf-8"
api GET /sub/a.css
check "10.2 file" "$STATUS $BODY" "200 body{}"
api GET /inside.css
check "10.3 link inside" "$STATUS" 200
expect_status "10.4 link out" 404 GET /escape.txt
expect_status "10.5 folder link out" 404 GET /outdir/secret.txt
check "10.6 dot-dot" "$(curl -s -o /dev/null -w '%{http_code}' --path-as-is "$BASE/../outside/secret.txt")" 404
check "10.7 encoded dot-dot" "$(curl -s -o /dev/null -w '%{http_code}' --path-as-is "$BASE/%2e%2e/outside/secret.txt")" 404
expect_status "10.8 folder" 404 GET /sub
expect_status "10.9 missing" 404 GET /nope.html
expect_status "10.10 POST outside /api" 405 POST /index.html '{}'

# 11. the table assistant: the CLI's --json, byte for byte
api GET /api/systems
check "11.1 systems" "$BODY" "$("$GROGNARD" systems --json)"
api POST /api/lookup '{"system": "aoe", "table": "fire", "inputs": {"power": 13, "score": 8}}'
check "11.2 lookup" "$STATUS $BODY" "200 $("$GROGNARD" lookup aoe fire --power 13 --score 8 --json)"
api POST /api/odds '{"system": "aoe", "table": "combat", "modifier": 2}'
check "11.3 odds" "$STATUS $BODY" "200 $("$GROGNARD" odds aoe combat --modifier 2 --json)"
api POST /api/resolve '{"system": "aoe", "procedure": "fire", "inputs": {"firer": "artillery", "artillery-class": "other", "weight": "light", "range": 4}, "seed": 7}'
check "11.4 resolve" "$STATUS $BODY" "200 $("$GROGNARD" resolve aoe fire --firer artillery --artillery-class other --weight light --range 4 --seed 7 --json)"
api POST /api/lookup '{"system": "nf", "table": "fire", "inputs": {"points": 4, "score": 8}}'
check "11.41 nf lookup" "$STATUS $BODY" "200 $("$GROGNARD" lookup nf fire --points 4 --score 8 --json)"
api POST /api/lookup '{"system": "rff", "table": "musketry", "inputs": {"quality": "veteran", "score": 6}}'
check "11.42 rff lookup" "$STATUS $BODY" "200 $("$GROGNARD" lookup rff musketry --quality veteran --score 6 --json)"
api POST /api/lookup '{"system": "re", "table": "die", "inputs": {"target": "infantry", "face": 2}}'
check "11.43 re lookup" "$STATUS $BODY" "200 $("$GROGNARD" lookup re die --target infantry --face 2 --json)"
api POST /api/odds '{"system": "rff", "table": "musketry", "inputs": {"quality": "green"}, "modifier": 1}'
check "11.44 rff odds" "$STATUS $BODY" "200 $("$GROGNARD" odds rff musketry --quality green --modifier 1 --json)"
api POST /api/resolve '{"system": "aoe", "procedure": "combat", "inputs": {"attacker-stands": 8, "defender-stands": 4}, "roll": [7, 3]}'
check "11.45 resolve with the faces rolled" "$STATUS $BODY" "200 $("$GROGNARD" resolve aoe combat --attacker-stands 8 --defender-stands 4 --roll 7,3 --json)"
# an input that does not apply is refused as `grognard resolve` refuses it,
# with the command's own words (issue 32: --weight is an artillery row, seed
# 003 PUISSANCE; gr_procedure_check_applies for both)
api POST /api/resolve '{"system": "aoe", "procedure": "fire", "inputs": {"firer": "infantry", "troops": "two_rank_line_or_mixed", "stands": 6, "weight": "heavy"}, "roll": [5]}'
cli_err=$("$GROGNARD" resolve aoe fire --firer infantry --troops two_rank_line_or_mixed --stands 6 --weight heavy --roll 5 2>&1 >/dev/null)
# the library names the inputs {so} (grognard/error.h): the command says
# them as its flags, the server as they are, with the one at fault in "param"
check "11.46 resolve refuses an input that does not apply, as the command does" "$STATUS grognard: $(jqb .error | sed 's/{\([a-z][a-z0-9_-]*\)}/--\1/g')" "400 $cli_err"
check "11.47 the refusal names the input and what to do" "$(jqb .error)" "{weight} applies only with {firer} artillery, and here {firer} is infantry; leave {weight} out"
check "11.47b the refusal's input at fault" "$(jqb .param)" "weight"
api GET /api/systems
check "11.48 systems: the inputs that apply only to some situations say so" \
    "$(jqb '[.[] | select(.id == "aoe") | .inputs.procedures.fire.params[] | select(.name == "weight" or .name == "stands") | .applies] | join(" ")')" \
    "firer=infantry|cavalry firer=artillery"
expect_status "11.5 unknown system" 404 POST /api/lookup '{"system": "xx", "table": "fire", "inputs": {}}'
expect_status "11.6 unknown table" 404 POST /api/lookup '{"system": "aoe", "table": "xx", "inputs": {}}'
expect_status "11.7 bad input" 400 POST /api/lookup '{"system": "aoe", "table": "fire", "inputs": {"power": "many", "score": 8}}'
expect_status "11.8 points-file refused" 400 POST /api/lookup '{"system": "rff", "table": "fire_points", "inputs": {"points-file": "/etc/passwd"}}'

# 13. no leak over HTTP: two games of one seed, seat 0 puts a different chit
# in each; seat 1's and a spectator's answers (views and event streams) are
# the same bytes but for the game's id
for chit in "Division Lefort" "Brigade Duval"; do
    api POST /api/games '{"scenario": "teaching", "players": ["human", "human"], "seed": 99}'
    g=$(jqb .id)
    t0=$(jqb '.seats["0"]')
    t1=$(jqb '.seats["1"]')
    api POST "/api/games/$g/actions" "{\"action\": \"chit $chit\", \"step\": 0}" "$t0"
    check "13.1 chit $chit" "$STATUS" 200
    api GET "/api/games/$g" "" "$t1"
    printf '%s' "$BODY" | sed "s/$g/GAME/g" >"$WORK/leak-1-$chit"
    api GET "/api/games/$g"
    printf '%s' "$BODY" | sed "s/$g/GAME/g" >"$WORK/leak-s-$chit"
    api GET "/api/games/$g" "" "$t0"
    printf '%s' "$BODY" | sed "s/$g/GAME/g" >"$WORK/leak-0-$chit"
    curl -s -N --max-time 1 "$BASE/api/games/$g/events?token=$t1" | sed "s/$g/GAME/g" >"$WORK/leak-e-$chit"
    # the game moves on; the view at step 1 (the chit's step) asked later
    # (?step=1, a replay) is what each seat was shown then
    api POST "/api/games/$g/actions" '{"action": "chits done", "step": 1}' "$t0"
    check "13.6 chits done after $chit" "$STATUS" 200
    for who in 0 1 s; do
        tok=$t0
        [ $who = 1 ] && tok=$t1
        [ $who = s ] && tok=
        api GET "/api/games/$g?step=1" "" "$tok"
        check "13.7 seat $who's view at step 1 ($chit)" "$STATUS $(jqb '[.step, .steps] | map(tostring) | join(" ")')" "200 1 2"
        printf '%s' "$BODY" | sed "s/$g/GAME/g" >"$WORK/past-$who-$chit"
    done
    check "13.8 seat 1's view at step 1 is the one it was shown then" \
        "$(jq -c 'del(.legal, .steps)' "$WORK/past-1-$chit")" "$(jq -c 'del(.legal)' "$WORK/leak-1-$chit")"
done
cmp -s "$WORK/past-1-Division Lefort" "$WORK/past-1-Brigade Duval" && pass || flunk "13.9 seat 1's views at step 1 differ"
cmp -s "$WORK/past-s-Division Lefort" "$WORK/past-s-Brigade Duval" && pass || flunk "13.10 spectator's views at step 1 differ"
cmp -s "$WORK/past-0-Division Lefort" "$WORK/past-0-Brigade Duval" && flunk "13.11 seat 0 cannot see its own chit at step 1" || pass
cmp -s "$WORK/leak-1-Division Lefort" "$WORK/leak-1-Brigade Duval" && pass || flunk "13.2 seat 1's views differ"
cmp -s "$WORK/leak-s-Division Lefort" "$WORK/leak-s-Brigade Duval" && pass || flunk "13.3 spectator's views differ"
cmp -s "$WORK/leak-e-Division Lefort" "$WORK/leak-e-Brigade Duval" && pass || flunk "13.4 seat 1's event streams differ"
cmp -s "$WORK/leak-0-Division Lefort" "$WORK/leak-0-Brigade Duval" && flunk "13.5 seat 0 cannot see its own chit" || pass

# 12. the access log: one line a request; a clean stop on SIGTERM
n=$(grep -cE '^(127\.0\.0\.1|-) (GET|POST|HEAD) /[^ ]* [0-9]{3} ([0-9]+|-) [0-9.]+ms$' "$WORK/serve.err")
[ "$n" -gt 100 ] && pass || flunk "12.1 access log lines: $n ($(head -n 3 "$WORK/serve.err"))"
stop_server && pass || flunk "12.2 SIGTERM: exit status $?"
# SIGINT stops it cleanly too, and the database is whole: the games are back
start_server "$DB" --web "$WORK/web"
api GET "/api/games/$G"
check "12.3 game back after restart" "$STATUS $(jqb .step)" "200 $STEPS"
kill -INT "$SERVER_PID"
wait "$SERVER_PID" && pass || flunk "12.4 SIGINT: exit status $?"
SERVER_PID=""

finish
