#!/bin/bash
# pg_two.sh - two `grognard serve` on two ports, one PostgreSQL database
# (run through pgtmp.sh, which gives GROGNARD_TEST_DB).
#
# 1. A game made on one server is played and watched on the other: a view
#    shows the other's step at once, an event stream on B hears an action
#    taken on A, an undo on B is seen by A, a step already taken on A is
#    refused on B (409, with the current step).
# 2. 1,000 concurrent actions: GAMES games, each driven at once by two
#    clients, one on each server, each holding both seats, racing for every
#    step (sv_client: view, then POST at the view's step; 409 when the other
#    was first).  Every acknowledged action (200) is in the stored record at
#    the step its answer gave, no step is acknowledged twice, every player
#    step stored was acknowledged (none applied twice or behind a refusal),
#    the record replays (`grognard replay --verify`), and some actions were
#    refused as stale (the race took place).
# 3. A game of two computer players seen by both servers: both workers play
#    it; the loser of each race catches up silently; the game ends whole and
#    neither server logs an error.
# 4. The database restarted under both servers: the next request on A is
#    answered (the connection made again), and B's event stream, opened
#    before the restart, hears A's next action (B's listener back).
# 5. A companion battle made on one server is continued on the other: each
#    server shows the other's actions at once, an event stream on one hears
#    the other's action, an undo on one is seen by the other, and the battle
#    goes on back and forth (docs/api.md, "The battle companion").
# 0. First, the refusals: pgtmp.sh without PostgreSQL, a database not there.
. "$(dirname "$0")/lib.sh"
: "${GROGNARD_TEST_DB:?run this test through pgtmp.sh (it gives a PostgreSQL database)}"
GAMES=${GAMES:-10}
PER=${PER:-50} # acknowledged actions per client: GAMES x 2 x PER = 1,000
A_PID=""
B_PID=""
trap 'for p in $A_PID $B_PID; do kill -9 "$p" 2>/dev/null; done; cleanup' EXIT

# start NAME: a server on a free port; sets NAME_PORT and NAME_PID
start() {
    local name=$1
    "$GROGNARD" serve --port 0 --db "$GROGNARD_TEST_DB" --data "$SOURCE_ROOT/data" \
        --web "$SOURCE_ROOT/web" >"$WORK/$name.out" 2>"$WORK/$name.err" &
    local pid=$! i=0 port=""
    while [ $i -lt 400 ]; do
        port=$(sed -n 's|^grognard: serving http://127.0.0.1:\([0-9]*\)/$|\1|p' "$WORK/$name.out")
        [ -n "$port" ] && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.05
        i=$((i + 1))
    done
    if [ -z "$port" ]; then
        echo "FAIL: server $name did not start: $(cat "$WORK/$name.err")" >&2
        exit 1
    fi
    eval "${name}_PORT=$port ${name}_PID=$pid"
}
on() { BASE="http://127.0.0.1:$1"; } # on PORT: the next api calls go there

# no PostgreSQL installed: pgtmp.sh fails (never skips), saying what to run
PGTMP_ROOT=/nonexistent "$(dirname "$0")/pgtmp.sh" true 2>"$WORK/e"
check "0.0 no PostgreSQL installed" "$? $(grep -c 'run scripts/setup' "$WORK/e")" "1 1"
# a database that is not there: exit 1, one line naming it, no password
"$GROGNARD" serve --port 0 --db "postgresql://me:s3cr3t@127.0.0.1:1/none" --data "$SOURCE_ROOT/data" \
    >/dev/null 2>"$WORK/e"
check "0.1 no PostgreSQL there" "$? $(wc -l <"$WORK/e") $(grep -c 'me:\*\*\*@127.0.0.1:1/none: cannot connect' "$WORK/e") $(grep -c s3cr3t "$WORK/e")" "1 1 1 0"

start A
start B
[ "$A_PORT" != "$B_PORT" ] && pass || flunk "0.2 two servers, one port"

# 1. one game, two servers
on "$A_PORT"
api POST /api/games '{"scenario": "austerlitz", "players": ["human", "human"], "seed": 1805}'
check "1.1 create on A" "$STATUS" 201
G=$(jqb .id)
T0=$(jqb '.seats["0"]')
T1=$(jqb '.seats["1"]')
api GET "/api/games/$G"
S0=$(jqb .step)
on "$B_PORT"
api GET "/api/games/$G"
check "1.2 B shows A's game" "$STATUS $(jqb .step)" "200 $S0"
# an event stream on B, then an action on A
curl -s -N --max-time 4 "$BASE/api/games/$G/events" >"$WORK/events-b" &
curl_pid=$!
sleep 1
on "$A_PORT"
api GET "/api/games/$G" "" "$T0"
act=$(jqb '.legal[0].text')
api POST "/api/games/$G/actions" "$(jq -nc --arg a "$act" --argjson s "$S0" '{action: $a, step: $s}')" "$T0"
check "1.3 action on A" "$STATUS" 200
api GET "/api/games/$G"
S1=$(jqb .step)
wait "$curl_pid"
last=$(sed -n 's/^id: //p' "$WORK/events-b" | tail -n 1)
check "1.4 B's event stream hears A's action" "$(grep -c '^event: step' "$WORK/events-b") $last" "2 $S1"
on "$B_PORT"
api GET "/api/games/$G"
check "1.5 B's view has A's step" "$(jqb .step)" "$S1"
# the step A took, again on B: stale
expect_status "1.6 the same step on B" 409 POST "/api/games/$G/actions" "$(jq -nc --arg a "$act" --argjson s "$S0" '{action: $a, step: $s}')" "$T0"
check "1.7 409 gives the current step" "$(jqb .step)" "$S1"
# undo on B (seat 0 took back its own decision), seen on A
api POST "/api/games/$G/undo" "{\"step\": $S1}" "$T0"
check "1.8 undo on B" "$STATUS $(jqb .step)" "200 $S0"
on "$A_PORT"
api GET "/api/games/$G"
check "1.9 A sees B's undo" "$(jqb .step)" "$S0"
# and A goes on from there: a different action at the same step
api GET "/api/games/$G" "" "$T0"
act2=$(jqb '.legal[-1].text')
api POST "/api/games/$G/actions" "$(jq -nc --arg a "$act2" --argjson s "$S0" '{action: $a, step: $s}')" "$T0"
check "1.10 action on A after B's undo" "$STATUS" 200
on "$B_PORT"
api GET "/api/games/$G/replay" "" "$T0 $T1"
printf '%s' "$BODY" >"$WORK/replay-1.json"
check "1.11 B's record has A's new action" "$(jq -r --argjson n "$((S0 + 1))" '.steps[] | select(.n == $n) | .text' "$WORK/replay-1.json")" "$act2"

# 2. 1,000 concurrent actions through both servers
declare -a ids t0s t1s
for k in $(seq 1 "$GAMES"); do
    if [ $((k % 2)) = 0 ]; then on "$A_PORT"; else on "$B_PORT"; fi
    api POST /api/games "{\"scenario\": \"austerlitz\", \"players\": [\"human\", \"human\"], \"seed\": $k}"
    [ "$STATUS" = 201 ] || { flunk "2.0 create game $k: $STATUS $BODY"; continue; }
    ids[$k]=$(jqb .id)
    t0s[$k]=$(jqb '.seats["0"]')
    t1s[$k]=$(jqb '.seats["1"]')
done
pids=()
for k in $(seq 1 "$GAMES"); do
    for side in A B; do
        port=$A_PORT
        [ "$side" = B ] && port=$B_PORT
        "$SV_CLIENT" play "$port" "${ids[$k]}" "${t0s[$k]}" "${t1s[$k]}" "$PER" \
            "$WORK/acks-$k-$side" "$((k * 2 + 1))$side" >"$WORK/client-$k-$side.out" 2>&1 &
        pids+=($!)
    done
done
rc_bad=0
for p in "${pids[@]}"; do wait "$p" || rc_bad=$((rc_bad + 1)); done
check "2.1 clients that failed" "$rc_bad" 0
acked=0
stale=0
for k in $(seq 1 "$GAMES"); do
    for side in A B; do
        out=$(cat "$WORK/client-$k-$side.out")
        case $out in
        *"errors 0 "*) ;;
        *) flunk "2.2 client $k$side: $out" ;;
        esac
        acked=$((acked + $(wc -l <"$WORK/acks-$k-$side")))
        stale=$((stale + $(sed -n 's/.* stale \([0-9]*\)$/\1/p' "$WORK/client-$k-$side.out")))
    done
done
check "2.3 acknowledged actions" "$acked" $((GAMES * 2 * PER))
[ "$stale" -gt 0 ] && pass || flunk "2.4 no action was refused as stale: the clients did not race"
lost=0
twice=0
unacked=0
badverify=0
for k in $(seq 1 "$GAMES"); do
    cat "$WORK/acks-$k-A" "$WORK/acks-$k-B" | sort -n >"$WORK/acks-$k"
    # no step acknowledged twice
    twice=$((twice + $(cut -d' ' -f1 "$WORK/acks-$k" | uniq -d | wc -l)))
    # the record, from the server that did not create the game
    if [ $((k % 2)) = 0 ]; then on "$B_PORT"; else on "$A_PORT"; fi
    api GET "/api/games/${ids[$k]}/replay" "" "${t0s[$k]} ${t1s[$k]}"
    printf '%s' "$BODY" >"$WORK/replay-$k.json"
    "$GROGNARD" replay "$WORK/replay-$k.json" --verify >"$WORK/verify-$k.out" 2>&1 ||
        { badverify=$((badverify + 1)); echo "game $k: $(tail -n 2 "$WORK/verify-$k.out")" >&2; }
    # every acknowledged action at its step
    jq -r '.steps[] | "\(.n) \(.text)"' "$WORK/replay-$k.json" >"$WORK/stored-$k"
    lost=$((lost + $(grep -vxF -f "$WORK/stored-$k" "$WORK/acks-$k" | wc -l)))
    # every player's step stored was acknowledged (a chance step is drawn
    # by the server after an action, never sent by a client)
    jq -r '.steps[] | select(.player != "chance") | "\(.n) \(.text)"' "$WORK/replay-$k.json" |
        sort -n >"$WORK/players-$k"
    unacked=$((unacked + $(grep -vxF -f "$WORK/acks-$k" "$WORK/players-$k" | wc -l)))
done
check "2.5 steps acknowledged twice" "$twice" 0
check "2.6 acknowledged actions lost" "$lost" 0
check "2.7 stored player steps never acknowledged" "$unacked" 0
check "2.8 records that do not replay" "$badverify" 0
echo "two servers: $acked actions acknowledged, $stale refused as stale, over $GAMES games"

# 3. the computer against itself, seen by both servers
on "$A_PORT"
api POST /api/games '{"scenario": "teaching", "players": ["random", "random"], "seed": 3}'
check "3.1 create computer game on A" "$STATUS" 201
GC=$(jqb .id)
on "$B_PORT"
api GET "/api/games/$GC"
check "3.2 B holds it too" "$STATUS" 200
over=false
for _ in $(seq 1 600); do
    api GET "/api/games/$GC"
    over=$(jqb .over)
    [ "$over" = true ] && break
    sleep 0.1
done
check "3.3 the computer game ends" "$over" true
on "$A_PORT"
api GET "/api/games/$GC"
check "3.4 A sees it over" "$(jqb .over)" true
api GET "/api/games/$GC/replay"
printf '%s' "$BODY" >"$WORK/replay-c.json"
"$GROGNARD" replay "$WORK/replay-c.json" --verify >"$WORK/verify-c.out" 2>&1 && pass ||
    flunk "3.5 the computer game's record: $(tail -n 2 "$WORK/verify-c.out")"
errs=$(cat "$WORK/A.err" "$WORK/B.err" | grep -vE '^(127\.0\.0\.1|-) ' | grep -v 'stopping' | head -n 5)
check "3.6 the servers' own messages" "$errs" ""

# 4. PostgreSQL restarted under both servers
on "$B_PORT"
curl -s -N --max-time 10 "$BASE/api/games/$G/events" >"$WORK/events-r" &
curl_pid=$!
sleep 1
if [ -n "${PGTMP_OWNER-}" ]; then
    runuser -u "$PGTMP_OWNER" -- "$PGTMP_BIN/pg_ctl" restart -D "$PGTMP_DATA" -w -m fast >/dev/null 2>&1
else
    "$PGTMP_BIN/pg_ctl" restart -D "$PGTMP_DATA" -w -m fast >/dev/null 2>&1
fi
check "4.1 PostgreSQL restarted" "$?" 0
on "$A_PORT"
api GET "/api/games/$G"
check "4.2 a view on A after the restart" "$STATUS" 200
S2=$(jqb .step)
tm=$(jqb .to_move)
tok=$T0
[ "$tm" = 1 ] && tok=$T1
api GET "/api/games/$G" "" "$tok"
act3=$(jqb '.legal[0].text')
api POST "/api/games/$G/actions" "$(jq -nc --arg a "$act3" --argjson s "$S2" '{action: $a, step: $s}')" "$tok"
check "4.3 an action on A after the restart" "$STATUS" 200
api GET "/api/games/$G"
S3=$(jqb .step)
wait "$curl_pid"
check "4.4 B's stream hears it" "$(sed -n 's/^id: //p' "$WORK/events-r" | tail -n 1)" "$S3"

# 5. a companion battle, back and forth between the two servers: Maida's
# French attach and detach their leaders (nf's first phase), then both
# sides walk the phases with `next`
on "$A_PORT"
api POST /api/battles '{"system": "nf", "oob": "maida", "seed": 1806}'
check "5.1 create a battle on A" "$STATUS" 201
BT=$(jqb .id)
BF=$(jqb '.tokens[0]')
BR=$(jqb '.tokens[1]')
api POST "/api/battles/$BT/actions" '{"verb": "attach", "unit": "fr_42", "leader": "compere"}' "$BF"
check "5.2 attach on A" "$STATUS $(jqb .action)" "200 1"
h1=$(jqb .hash)
on "$B_PORT"
api GET "/api/battles/$BT" "" "$BR"
check "5.3 B shows A's battle, A's action in it" "$STATUS $(jqb .actions) $(jqb .hash)" "200 1 $h1"
curl -s -N --max-time 4 "$BASE/api/battles/$BT/events?token=$BR" >"$WORK/bt-events-b" &
curl_pid=$!
sleep 1
api POST "/api/battles/$BT/actions" '{"verb": "detach", "leader": "compere"}' "$BF"
check "5.4 detach on B" "$STATUS $(jqb .action)" "200 2"
h2=$(jqb .hash)
on "$A_PORT"
api GET "/api/battles/$BT" "" "$BF"
check "5.5 A shows B's action" "$(jqb .actions) $(jqb .hash)" "2 $h2"
api POST "/api/battles/$BT/actions" '{"verb": "attach", "unit": "fr_1leg", "leader": "compere"}' "$BF"
check "5.6 attach on A after B's action" "$STATUS $(jqb .action)" "200 3"
h3=$(jqb .hash)
wait "$curl_pid"
check "5.7 B's stream hears A's action" "$(grep '^data: ' "$WORK/bt-events-b" | tail -n 1 | sed 's/^data: //' | jq -r '"\(.actions) \(.hash)"')" "3 $h3"
on "$B_PORT"
api POST "/api/battles/$BT/undo" "" "$BF"
check "5.8 undo on B of A's action" "$STATUS $(jqb .actions) $(jqb .hash)" "200 2 $h2"
on "$A_PORT"
api GET "/api/battles/$BT" "" "$BF"
check "5.9 A sees B's undo" "$(jqb .actions) $(jqb .hash)" "2 $h2"
# the phases walked by the side that acts, alternately on A and B: each
# server's answer follows from the other's last action
for i in $(seq 1 12); do
    if [ $((i % 2)) = 0 ]; then on "$A_PORT"; else on "$B_PORT"; fi
    api GET "/api/battles/$BT" "" "$BF"
    n=$(jqb .actions)
    tok=$BF
    [ "$(jqb .active_side)" = 1 ] && tok=$BR
    api POST "/api/battles/$BT/actions" '{"verb": "next"}' "$tok"
    [ "$STATUS $(jqb .action)" = "200 $((n + 1))" ] || { flunk "5.10 next $i: $STATUS $BODY"; break; }
done
pass
on "$A_PORT"
api GET "/api/battles/$BT" "" "$BR"
ha=$(jqb '"\(.actions) \(.hash) \(.phase)"')
on "$B_PORT"
api GET "/api/battles/$BT" "" "$BR"
check "5.11 both servers hold the same battle" "$(jqb '"\(.actions) \(.hash) \(.phase)"')" "$ha"
check "5.12 all of it" "$(jqb .actions)" 14

kill -TERM "$A_PID"
wait "$A_PID" && pass || flunk "6.1 A stops on SIGTERM"
kill -TERM "$B_PID"
wait "$B_PID" && pass || flunk "6.2 B stops on SIGTERM"
A_PID=""
B_PID=""
finish
