#!/usr/bin/env bash
# shared.sh - the server on a shared network (issue 27): a hostile client on
# the same network cannot lock the players out, act from another site's
# page, or read the server's insides.  Loopback only: the hostile client
# (flood.c) connects from 127.0.0.2 and up, the players from 127.0.0.1.
# Each part fails on the server before issue 27.
. "$(dirname "$0")/lib.sh"
: "${SV_FLOOD:?SV_FLOOD must name the flood helper}"

start_server "$WORK/s.db"
api POST /api/games '{"scenario": "teaching", "players": ["human", "human"], "seed": 1}'
G=$(jqb .id)
T0=$(jqb '.seats["0"]')
T1=$(jqb '.seats["1"]')

# ms CURL-ARGS...: the time curl took (ms, capped by --max-time 3) and its
# status, "MS STATUS"
ms() {
    curl -s -o /dev/null --max-time 3 -w '%{time_total} %{http_code}' "$@" |
        awk '{printf "%d %s", $1 * 1000, $2}'
}

# 1. 600 idle connections (from three other addresses) do not delay a seated
#    player's request past 1 s (before: 512 slots taken, the player refused)
"$SV_FLOOD" idle "$PORT" 600 3 4000 >"$WORK/idle" &
fpid=$!
for _ in $(seq 100); do grep -q ready "$WORK/idle" && break; sleep 0.05; done
read -r t st <<<"$(ms -H "Authorization: Bearer $T0" "$BASE/api/games/$G")"
[ "$st" = 200 ] && [ "$t" -lt 1000 ] && pass || flunk "1.1 a seat's view behind 600 idle connections: $st in $t ms"
wait "$fpid"
# and from twelve addresses (each under its own limit of 64, 768 in all: the
# server keeps room, refusing an address beyond its share once near full)
"$SV_FLOOD" idle "$PORT" 600 12 4000 >"$WORK/idle12" &
fpid=$!
for _ in $(seq 100); do grep -q ready "$WORK/idle12" && break; sleep 0.05; done
read -r t st <<<"$(ms -H "Authorization: Bearer $T0" "$BASE/api/games/$G")"
[ "$st" = 200 ] && [ "$t" -lt 1000 ] && pass || flunk "1.2 a seat's view behind 600 idle connections from 12 addresses: $st in $t ms"
wait "$fpid"

# 2. 300 spectators' event streams (ten addresses) do not refuse a seat's
#    stream; a closed stream's slot comes back at once (before: 256 slots for
#    all, freed at the next keep-alive, 15 s later)
"$SV_FLOOD" get "$PORT" 300 10 1500 "/api/games/$G/events" >"$WORK/spect" &
fpid=$!
for _ in $(seq 400); do grep -q ready "$WORK/spect" && break; sleep 0.05; done
n=$(sed -n 's/^ready //p' "$WORK/spect")
[ -n "$n" ] && [ "$n" -le 128 ] && pass || flunk "2.1 spectators' streams capped: $n of 300 open"
read -r t st <<<"$(ms -N --max-time 1 -H "Authorization: Bearer $T0" "$BASE/api/games/$G/events")"
check "2.2 a seat's stream behind 300 spectators" "$st" 200
wait "$fpid"
sleep 0.3
"$SV_FLOOD" get "$PORT" 16 1 0 "/api/games/$G/events" >"$WORK/again"
check "2.3 the closed streams' slots free at once" "$(sed -n 's/^ready //p' "$WORK/again")" 16
sleep 0.5
"$SV_FLOOD" get "$PORT" 20 1 0 "/api/games/$G/events" >"$WORK/addr"
check "2.4 spectators' streams from one address capped" "$(sed -n 's/^ready //p' "$WORK/addr")" 16

# 3. cross-site requests: another site's Origin, a body not declared JSON,
#    a token in the query of a POST
game='{"scenario": "teaching", "players": ["human", "human"]}'
st=$(curl -s -o /dev/null -w '%{http_code}' -H 'Origin: http://evil.example' \
    -H 'Content-Type: application/json' --data-binary "$game" "$BASE/api/games")
check "3.1 a POST from another site's page" "$st" 403
st=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: text/plain' --data-binary "$game" "$BASE/api/games")
check "3.2 a JSON body sent as text/plain" "$st" 415
st=$(curl -s -o /dev/null -w '%{http_code}' --data-binary "$game" "$BASE/api/games")
check "3.3 a JSON body sent as a form" "$st" 415
st=$(curl -s -o /dev/null -w '%{http_code}' -H "Origin: $BASE" -H 'Content-Type: application/json; charset=utf-8' \
    --data-binary "$game" "$BASE/api/games")
check "3.4 a POST from the server's own page" "$st" 201
api POST /api/battles '{"system": "nf", "oob": "maida", "seed": 3}'
B=$(jqb .id)
F=$(jqb '.tokens[0]')
st=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' --data-binary '{}' \
    "$BASE/api/battles/$B/undo?token=$F")
check "3.5 a battle's token in a POST's query is no token" "$st" 401
st=$(curl -s -o /dev/null -w '%{http_code}' "$BASE/api/battles/$B/verbs?token=$F")
check "3.6 a battle's token in a GET's query still is" "$st" 200

# 4. the page's headers
curl -s -D "$WORK/h" -o /dev/null "$BASE/"
grep -qi "^Content-Security-Policy: .*frame-ancestors 'none'" "$WORK/h" && pass || flunk "4.1 the page has no CSP with frame-ancestors"
grep -qi "^Referrer-Policy: no-referrer" "$WORK/h" && pass || flunk "4.2 the page has no Referrer-Policy"
grep -qi "^X-Frame-Options: DENY" "$WORK/h" && pass || flunk "4.3 the page has no X-Frame-Options"
curl -s -D "$WORK/h" -o /dev/null "$BASE/api/health"
grep -qi "^Referrer-Policy: no-referrer" "$WORK/h" && pass || flunk "4.4 an answer of the API has no Referrer-Policy"

# 5. a NUL in a path is 404 (docs/api.md), not the file before it
check "5.1 /index.html%00.png" "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/index.html%00.png")" 404
check "5.2 /index.html still" "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/index.html")" 200

# 6. a malformed body to the assistant: 400 with the reason, and no message
#    cuts a UTF-8 character (a name of a and 70 é: the message quotes at most 64
#    bytes of it, a and 31 whole é, never half of one written \xc3)
long=a$(printf 'é%.0s' $(seq 70))
for p in lookup odds; do
    api POST "/api/$p" "{\"system\": \"aoe\", \"table\": \"$long\"}"
    check "6.1 $p: an unknown name of é" "$STATUS" 404
    case "$BODY" in *'\\x'*) flunk "6.2 $p: the message cuts a character: $BODY" ;; *) pass ;; esac
done
api POST /api/resolve "{\"system\": \"aoe\", \"procedure\": \"$long\"}"
case "$BODY" in *'\\x'*) flunk "6.3 resolve: the message cuts a character: $BODY" ;; *) pass ;; esac
for b in '{"system": "\é"}' '{"system": "aoe", "table": "fire", "inputs": {"\é": 1}}' "{\"system\": \"$(printf 'a\xc3')\"}"; do
    api POST /api/lookup "$b"
    check "6.4 lookup $b" "$STATUS" 400
done
# the same malformed bodies to odds and resolve (and a name cut inside a
# character where resolve reads its procedure): 400 saying why, in valid
# UTF-8 (jq reads it)
for p in odds resolve; do
    for b in '{"system": "\é"}' "{\"system\": \"$(printf 'a\xc3')\"}" \
        "{\"system\": \"aoe\", \"procedure\": \"$(printf 'fir\xc3')\"}"; do
        api POST "/api/$p" "$b"
        check "6.5 $p $b" "$STATUS" 400
        case "$(jqb .error 2>/dev/null)" in *"not JSON"*) pass ;; *) flunk "6.6 $p $b: no reason: $BODY" ;; esac
    done
done

# 7. a game's replay file under a name that is not UTF-8: `replay --json`
#    still says "file" (its bytes as \xNN)
api GET "/api/games/$G/replay" "" "$T0 $T1"
bad="$WORK/$(printf 'g\xff')".json
printf '%s' "$BODY" >"$bad"
"$GROGNARD" replay "$bad" --json >"$WORK/replay.out" 2>&1 && pass || flunk "7.1 replay of a non-UTF-8 name: $(head -c 300 "$WORK/replay.out")"
check "7.2 its \"file\"" "$(jq -r .file "$WORK/replay.out" 2>/dev/null)" "$WORK/g\\xff.json"
# the download carries the page's guards too (every answer does)
curl -s -D "$WORK/h" -o /dev/null -H "Authorization: Bearer $T0 $T1" "$BASE/api/games/$G/replay"
grep -qi "^X-Content-Type-Options: nosniff" "$WORK/h" && pass || flunk "7.3 the replay download has no nosniff"
grep -qi "^Content-Security-Policy: .*frame-ancestors 'none'" "$WORK/h" && pass || flunk "7.4 the replay download has no CSP"

stop_server

# 8. the computer players: the operator caps a decision's time (--max-ai),
#    and a game at the cap does not delay another game's heuristic reply
#    past 1 s (before: one worker for every game, and ten minutes allowed)
start_server "$WORK/ai.db" --max-ai 3000 --max-sims 2000
expect_status "8.1 a search over the cap" 400 POST /api/games '{"scenario": "teaching", "players": ["human", "mcts:3001ms"]}'
expect_status "8.2 a search at the cap" 201 POST /api/games '{"scenario": "teaching", "players": ["mcts:3000ms", "mcts:3000ms"], "seed": 5}'
sleep 0.3 # its first decision under way
api POST /api/games '{"scenario": "teaching", "players": ["heuristic", "human"], "seed": 6}'
GB=$(jqb .id)
t0=$(date +%s%N)
moved=""
while [ $(( ($(date +%s%N) - t0) / 1000000 )) -lt 3000 ]; do
    api GET "/api/games/$GB"
    [ "$(jqb .to_move)" = 1 ] && { moved=$(( ($(date +%s%N) - t0) / 1000000 )); break; }
    sleep 0.05
done
[ -n "$moved" ] && [ "$moved" -lt 1000 ] && pass || flunk "8.3 the heuristic's reply behind a search at the cap: ${moved:-none in 3000} ms"
expect_status "8.4 simulations over the cap" 400 POST /api/games '{"scenario": "teaching", "players": ["mcts:2001", "human"]}'
expect_status "8.5 simulations at the cap" 201 POST /api/games '{"scenario": "teaching", "players": ["mcts:2000", "human"]}'

# 9. the temporary files a kill left beside a file written atomically: the
#    next write removes those untouched for 10 minutes (not a fresh one: it
#    may be another writer's)
newb() { "$GROGNARD" battle new nf "$SOURCE_ROOT/data/oob/nf/maida.json" --out "$WORK/b.battle" --seed 1 --force >/dev/null; }
newb
: >"$WORK/b.battle.tmp.Ab12Cd"
touch -d '20 minutes ago' "$WORK/b.battle.tmp.Ab12Cd"
: >"$WORK/b.battle.tmp.Fresh1"
newb
[ ! -e "$WORK/b.battle.tmp.Ab12Cd" ] && pass || flunk "9.1 a stale temporary file left"
# (another file's stale one goes too since a battle command clears its
# folder at start: 11 checks it; a fresh one, maybe another writer's, stays)
[ -e "$WORK/b.battle.tmp.Fresh1" ] && pass || flunk "9.2 a fresh temporary file removed"

stop_server
start_server "$WORK/ai2.db"
expect_status "8.6 simulations over the default cap (20000)" 400 POST /api/games '{"scenario": "teaching", "players": ["human", "mcts:20001"]}'
expect_status "8.7 the commander's simulations over the cap too" 400 POST /api/games '{"scenario": "teaching", "players": ["human", "commander:20001"]}'
stop_server

# 8.8 a deadline per decision: a search allowed ten million simulations
#     (about an hour a decision) still decides within --max-ai (400 ms here)
start_server "$WORK/ai3.db" --max-ai 400 --max-sims 10000000
t0=$(date +%s%N)
api POST /api/games '{"scenario": "teaching", "players": ["commander:10000000", "human"], "seed": 7}'
GD=$(jqb .id)
took=""
while [ $(( ($(date +%s%N) - t0) / 1000000 )) -lt 5000 ]; do
    api GET "/api/games/$GD" # side 0's first decision made: side 1 is to move
    [ "$(jqb .to_move)" = 1 ] && { took=$(( ($(date +%s%N) - t0) / 1000000 )); break; }
    sleep 0.05
done
[ -n "$took" ] && [ "$took" -lt 1500 ] && pass || flunk "8.8 a decision of ten million simulations cut at --max-ai 400: ${took:-none in 5000} ms"
stop_server

# 10. a battle that cannot be loaded (its order of battle's file spoiled
#     since; the battle marked finished, so that it is loaded when asked for,
#     not at start): anyone without its token learns nothing but that it
#     cannot be served; its token's holder learns why, without the server's
#     paths; no answer carries an absolute path (before: 500 with the
#     loader's FILE:LINE:COL to anyone)
mkdir -p "$WORK/data"
cp -r "$SOURCE_ROOT/data/." "$WORK/data/"
start_server "$WORK/lost.db" --data "$WORK/data"
api POST /api/battles '{"system": "nf", "oob": "maida", "seed": 3}'
LB=$(jqb .id)
LT=$(jqb '.tokens[0]')
stop_server
printf '{\n  "name": \n' >"$WORK/data/oob/nf/maida.json"
sqlite3 "$WORK/lost.db" "UPDATE games SET finished = 1 WHERE id = '$LB'"
start_server "$WORK/lost.db" --data "$WORK/data"
: >"$WORK/answers"
for p in "" /verbs /events; do
    curl -s -N --max-time 2 -D - "$BASE/api/battles/$LB$p" >>"$WORK/answers"
    echo >>"$WORK/answers"
done
api GET "/api/battles/$LB"
check "10.1 an unloadable battle, to a stranger" "$STATUS" 503
case "$BODY" in *maida* | *JSON* | *:2:*) flunk "10.2 the stranger is told why: $BODY" ;; *) pass ;; esac
api GET "/api/battles/$LB" "" "$(printf '%032d' 7)"
check "10.3 to a token that is not its" "$STATUS" 503
api GET "/api/battles/$LB" "" "$LT"
check "10.4 to its token's holder" "$STATUS" 500
case "$BODY" in *maida.json*) pass ;; *) flunk "10.5 its holder is not told what failed: $BODY" ;; esac
printf '%s\n' "$BODY" >>"$WORK/answers"
grep -q "battle $LB cannot be loaded: .*maida.json" "$WORK/serve.err" && pass || flunk "10.6 the log does not say what failed"
if grep -q -e "$WORK" -e "$SOURCE_ROOT" -e '"/[a-z]' "$WORK/answers"; then
    flunk "10.7 an answer carries an absolute path: $(grep -m1 -e "$WORK" -e "$SOURCE_ROOT" -e '"/[a-z]' "$WORK/answers")"
else
    pass
fi
stop_server

# 11. at start, the server (beside its database) and a battle command
#     (beside its file) remove the stale temporary files of any file, not
#     only of the one they write (before: only at the next write of the
#     same file, so a file never written again kept them)
mkdir -p "$WORK/st" "$WORK/bf"
stale() { : >"$1"; touch -d '20 minutes ago' "$1"; }
stale "$WORK/st/old.json.tmp.Ab12Cd"
: >"$WORK/st/new.json.tmp.Fresh1"
stale "$WORK/st/notes.tmp.toolong7"
start_server "$WORK/st/s.db"
stop_server
[ ! -e "$WORK/st/old.json.tmp.Ab12Cd" ] && pass || flunk "11.1 the server left a stale temporary file"
[ -e "$WORK/st/new.json.tmp.Fresh1" ] && [ -e "$WORK/st/notes.tmp.toolong7" ] && pass ||
    flunk "11.2 the server removed a fresh temporary file or another name"
"$GROGNARD" battle new nf "$SOURCE_ROOT/data/oob/nf/maida.json" --out "$WORK/bf/a.battle" --seed 1 >/dev/null
stale "$WORK/bf/gone.battle.tmp.Xy34Zw"
"$GROGNARD" battle status "$WORK/bf/a.battle" >/dev/null && pass || flunk "11.3 battle status"
[ ! -e "$WORK/bf/gone.battle.tmp.Xy34Zw" ] && pass || flunk "11.4 battle status left a stale temporary file"
stale "$WORK/bf/gone.battle.tmp.Xy34Zw"
"$GROGNARD" battle new nf "$SOURCE_ROOT/data/oob/nf/maida.json" --out "$WORK/bf/b.battle" --seed 1 >/dev/null
[ ! -e "$WORK/bf/gone.battle.tmp.Xy34Zw" ] && pass || flunk "11.5 battle new left a stale temporary file"
finish
