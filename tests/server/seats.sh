#!/bin/bash
# seats.sh - two seats driven at once by two clients on one game, and a
# third game played at the same time against the computer: no answer but
# 200, 403 (not your turn) and 409 (stale step); the game's replay passes
# `grognard replay --verify`; the two clients' acknowledged steps never
# collide.
. "$(dirname "$0")/lib.sh"
start_server "$WORK/seats.db"
api POST /api/games '{"scenario": "teaching", "players": ["human", "human"], "seed": 3}'
G=$(jqb .id)
T0=$(jqb '.seats["0"]')
T1=$(jqb '.seats["1"]')
api POST /api/games '{"scenario": "teaching", "players": ["human", "heuristic"], "seed": 4}'
GC=$(jqb .id)
TC=$(jqb '.seats["0"]')
"$SV_CLIENT" play "$PORT" "$G" "$T0" - 150 "$WORK/acks0" 1 >"$WORK/c0" 2>&1 &
c0=$!
"$SV_CLIENT" play "$PORT" "$G" - "$T1" 150 "$WORK/acks1" 2 >"$WORK/c1" 2>&1 &
c1=$!
"$SV_CLIENT" play "$PORT" "$GC" "$TC" - 100 "$WORK/acksc" 3 >"$WORK/cc" 2>&1 &
cc=$!
wait $c0 && pass || flunk "1.1 seat 0's client: $(cat "$WORK/c0")"
wait $c1 && pass || flunk "1.2 seat 1's client: $(cat "$WORK/c1")"
wait $cc && pass || flunk "1.3 the computer game's client: $(cat "$WORK/cc")"
n0=$(wc -l <"$WORK/acks0")
n1=$(wc -l <"$WORK/acks1")
[ "$n0" -gt 10 ] && [ "$n1" -gt 10 ] && pass || flunk "1.4 both seats played: $n0 and $n1 actions"
dup=$(cat "$WORK/acks0" "$WORK/acks1" | cut -d' ' -f1 | sort | uniq -d | head -n 3)
[ -z "$dup" ] && pass || flunk "1.5 one step acknowledged twice: $dup"
for g in "$G" "$GC"; do
    tok="$T0 $T1"
    [ "$g" = "$GC" ] && tok=$TC
    api GET "/api/games/$g"
    over=$(jqb .over)
    api GET "/api/games/$g/replay" "" "$tok"
    if [ "$g" = "$GC" ] && [ "$over" != true ]; then
        check "2.1 $g replay refused while a computer's chits are hidden" "$STATUS" 403
        continue
    fi
    check "2.2 $g replay" "$STATUS" 200
    printf '%s' "$BODY" >"$WORK/r.json"
    "$GROGNARD" replay "$WORK/r.json" --verify >"$WORK/v" 2>&1 && pass || flunk "2.3 $g verify: $(cat "$WORK/v")"
    jq -r '.steps[] | "\(.n) \(.text)"' "$WORK/r.json" >"$WORK/stored"
    [ "$g" = "$G" ] && { lost=$(cat "$WORK/acks0" "$WORK/acks1" | grep -vxF -f "$WORK/stored" | head -n 3); [ -z "$lost" ] && pass || flunk "2.4 lost: $lost"; }
done
stop_server && pass || flunk "3.1 SIGTERM"
finish
