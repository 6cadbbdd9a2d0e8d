#!/bin/bash
# kill.sh - durability: a stream of actions from a client while the server
# is killed with SIGKILL 50 times at random moments and restarted on the
# same database.  Every action the server acknowledged (200) must be in the
# game afterwards, at its step, and the game's replay (GET .../replay) must
# pass `grognard replay --verify`.  The database is an SQLite file, or
# GROGNARD_TEST_DB's PostgreSQL database (server-kill-pg: a transaction cut by
# the kill is rolled back by PostgreSQL, never half stored).
#
# kill.sh battle: the same for a companion battle (docs/api.md, "The battle
# companion"): the client attaches and detaches a leader of Maida's French
# (sv_client battle); every acknowledged action must be in the battle's
# record afterwards, at its number (GET .../report), the battle reloaded
# after each kill (every action replayed, its hash checked).
. "$(dirname "$0")/lib.sh"
KIND=${1:-game}
KILLS=${KILLS:-50}
DB=${GROGNARD_TEST_DB:-$WORK/kill.db} # an SQLite file, or a postgresql:// URI (pgtmp.sh)
start_server "$DB"
if [ "$KIND" = battle ]; then
    api POST /api/battles '{"system": "nf", "oob": "maida", "seed": 1806}'
    check "0.1 create" "$STATUS" 201
    G=$(jqb .id)
    T0=$(jqb '.tokens[0]')
    play() { "$SV_CLIENT" battle "$PORT" "$G" "$T0" 1000 "$WORK/acks" "$1"; }
else
    api POST /api/games '{"scenario": "austerlitz", "players": ["human", "human"], "seed": 1805}'
    check "0.1 create" "$STATUS" 201
    G=$(jqb .id)
    T0=$(jqb '.seats["0"]')
    T1=$(jqb '.seats["1"]')
    play() { "$SV_CLIENT" play "$PORT" "$G" "$T0" "$T1" 1000 "$WORK/acks" "$1"; }
fi
RANDOM=7
for k in $(seq 1 "$KILLS"); do
    touch "$WORK/acks"
    play "$k" >>"$WORK/client.out" 2>&1 &
    client=$!
    # once this run has had an action acknowledged (a slow machine, a
    # sanitizer build: up to 10 s), 0 to 150 ms more, then SIGKILL in the
    # middle of the stream
    before=$(wc -l <"$WORK/acks" 2>/dev/null || echo 0)
    for _ in $(seq 1 1000); do
        [ "$(wc -l <"$WORK/acks" 2>/dev/null || echo 0)" -gt "$before" ] && break
        kill -0 "$client" 2>/dev/null || break
        sleep 0.01
    done
    sleep "0.$(printf '%03d' $((RANDOM % 150)))"
    kill_server
    wait "$client"
    rc=$?
    [ "$rc" = 3 ] || [ "$rc" = 0 ] || flunk "1.$k client exit $rc: $(tail -n 1 "$WORK/client.out")"
    start_server "$DB"
done
acked=$(wc -l <"$WORK/acks")
[ "$acked" -ge "$KILLS" ] && pass || flunk "2.1 only $acked actions acknowledged over $KILLS runs"
if [ "$KIND" = battle ]; then
    api GET "/api/battles/$G/report" "" "$T0"
    check "2.2 report" "$STATUS" 200
    printf '%s' "$BODY" | jq -r '.actions[] | "\(.action) \(.text | split("\n")[0])"' >"$WORK/stored"
    api GET "/api/battles/$G" "" "$T0"
    check "2.3 the battle holds the acknowledged actions" "$([ "$(jqb .actions)" -ge "$(tail -n 1 "$WORK/acks" | cut -d' ' -f1)" ] && echo ok)" ok
    lost=$(grep -vxF -f "$WORK/stored" "$WORK/acks" | head -n 5)
    [ -z "$lost" ] && pass || flunk "2.4 acknowledged actions lost: $lost"
    echo "acknowledged $acked actions over $KILLS kills; the battle has $(jqb .actions) actions"
    stop_server && pass || flunk "2.5 SIGTERM"
    finish
    exit
fi
api GET "/api/games/$G/replay" "" "$T0 $T1"
check "2.2 replay" "$STATUS" 200
printf '%s' "$BODY" >"$WORK/replay.json"
"$GROGNARD" replay "$WORK/replay.json" --verify >"$WORK/verify.out" 2>&1 && pass || flunk "2.3 replay --verify: $(cat "$WORK/verify.out")"
# every acknowledged action, at its step
jq -r '.steps[] | "\(.n) \(.text)"' "$WORK/replay.json" >"$WORK/stored"
lost=$(grep -vxF -f "$WORK/stored" "$WORK/acks" | head -n 5)
[ -z "$lost" ] && pass || flunk "2.4 acknowledged actions lost: $lost"
echo "acknowledged $acked actions over $KILLS kills; the game has $(jq '.steps | length' "$WORK/replay.json") steps"
stop_server && pass || flunk "2.5 SIGTERM"
finish
