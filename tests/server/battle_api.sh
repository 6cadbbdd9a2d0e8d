#!/bin/bash
# battle_api.sh - the battle companion over HTTP (docs/api.md, "The battle
# companion") against a real `grognard serve` on a loopback port: the bundled
# orders of battle listed, a battle created from each system's with the same
# state (hash) as `grognard battle new` gives, each side's view without the
# other side's hidden details, actions by the right and the wrong side's
# token, out-of-phase 409, undo by the side that acted restoring the hash,
# the report, the event stream, and the battle found again, same hash, after
# the server is killed (-9) and started again: kept in the database, as the
# games are (no file beside it); the QR code of a side's link (GET /api/qr),
# only for this server's own links.
#
# The results of the actions are those of tests/battle/test_bt_nf.c's
# scripted battle (the same six units of Maida, the same typed rolls); the
# reasoning of each, from seed 002 (Napoleonic Fury), is written there beside
# the same roll; it is repeated here in short.
. "$(dirname "$0")/lib.sh"

# token-authorised call: tapi METHOD PATH TOKEN [BODY]
tapi() { api "$1" "$2" "${4-}" "$3"; }
hex16='^[0-9a-f]{16}$'
hex32='^[0-9a-f]{32}$'

# 0. the command line: the battles are in the database, no folder of their own
"$GROGNARD" serve --help | grep -q -- '--battles' && flunk "0.1 serve --help names --battles" || pass

start_server "$WORK/b.db"

# 1. the bundled orders of battle: one entry per file of data/oob/SYSTEM/,
# its units counted in the file by jq (not by the server's reader)
api GET /api/oobs
check "1.1 oobs status" "$STATUS" 200
want=$(cd "$SOURCE_ROOT/data/oob" && for f in */*.json; do
    printf '%s/%s:%s\n' "${f%%/*}" "$(basename "$f" .json)" "$(jq '.units | length' "$f")"
done | sort | paste -sd, -)
check "1.2 oobs: system/id:units" "$(jqb '[.[] | "\(.system)/\(.id):\(.units)"] | join(",")')" "$want"
check "1.3 oobs fields" "$(jqb '[.[] | (.title|type), (.date|type), (.sides|length), (.sides[0].name|type)] | unique | join(",")')" "2,string"
expect_status "1.4 POST /api/oobs" 405 POST /api/oobs '{}'

# 2. a battle from each system's bundled order of battle: the same start as
# `grognard battle new` with the same seed (same hash); each side's view
for sys in aoe nf rff; do
    oob=$(cd "$SOURCE_ROOT/data/oob/$sys" && ls *.json | head -1 | sed 's/\.json$//')
    api POST /api/battles "{\"system\": \"$sys\", \"oob\": \"$oob\", \"seed\": 42}"
    check "2.$sys create" "$STATUS" 201
    id=$(jqb .id)
    t0=$(jqb '.tokens[0]')
    t1=$(jqb '.tokens[1]')
    # on 127.0.0.1 no other device reaches the server: no address to give
    check "2.$sys host and addresses" "$(jqb '"\(.host) \(.addresses | length)"')" "127.0.0.1 0"
    check "2.$sys id and tokens" "$([[ $id =~ $hex16 ]] && [[ $t0 =~ $hex32 ]] && [[ $t1 =~ $hex32 ]] && [ "$t0" != "$t1" ] && echo ok)" ok
    "$GROGNARD" battle new "$sys" "$SOURCE_ROOT/data/oob/$sys/$oob.json" --out "$WORK/$sys.battle" --seed 42 >/dev/null
    cli_hash=$("$GROGNARD" battle status "$WORK/$sys.battle" --json | jq -r .hash)
    check "2.$sys hash as the CLI's" "$(jqb .hash)" "$cli_hash"
    # the battle and its tokens are in the database, as a game's
    check "2.$sys in the database" "$(sqlite3 "$WORK/b.db" "SELECT scenario, token0, token1 FROM games WHERE id = '$id'")" "$sys/$oob|$t0|$t1"
    for side in 0 1; do
        tok=$t0
        [ $side = 1 ] && tok=$t1
        tapi GET "/api/battles/$id" "$tok"
        check "2.$sys.$side view" "$STATUS $(jqb '"\(.system) \(.side) \(.hash)"')" "200 $sys $side $cli_hash"
        # own units in full, as the CLI's status gives them
        own_cli=$("$GROGNARD" battle status "$WORK/$sys.battle" --json | jq -c "[.units[] | select(.side == $side)]")
        check "2.$sys.$side own units in full" "$(jqb "[.units[] | select(.side == $side)]" | jq -c .)" "$own_cli"
        # the enemy's: none of the hidden keys, the stands on the table kept
        check "2.$sys.$side enemy hidden" "$(jqb "[.units[] | select(.side != $side) | (has(\"stands\"), has(\"lost\"), has(\"condition\"), has(\"worn_at\"), has(\"spent_at\"), has(\"ammo\"), has(\"sys\"))] | unique | join(\",\")")" "false"
        check "2.$sys.$side enemy seen" "$(jqb "[.units[] | select(.side != $side) | (has(\"left\") and has(\"disordered\") and has(\"formation\") and has(\"removed\"))] | unique | join(\",\")")" "true"
        check "2.$sys.$side leaders' ratings" "$(jqb "[.leaders[] | \"\(.side == $side) \(has(\"rating\"))\"] | unique | join(\",\")")" "false false,true true"
        # nothing of the hidden details anywhere in the answer (the raw text)
        check "2.$sys.$side no worn_at in enemy text" "$(jqb "[.units[] | select(.side != $side)] | tostring | test(\"worn_at|spent_at|condition|ammo\")")" "false"
        # ?full=1: the same view with the system's words (GET .../rules),
        # the same units and leaders, so the same details hidden
        lean=$BODY
        tapi GET "/api/battles/$id?full=1" "$tok"
        check "2.$sys.$side ?full=1: the view and the system's words" "$STATUS $(jqb '[.sequence, .verb_labels, .fact_labels, .value_labels, .sheet_lang] | map(length > 0) | unique | join(",")')" "200 true"
        check "2.$sys.$side ?full=1: the view's own keys as without it" "$(jqb 'del(.sequence, .verb_labels, .fact_labels, .value_labels, .sheet_lang) | tojson')" "$(printf '%s' "$lean" | jq -c .)"
    done
    tapi GET "/api/battles/$id" ""
    check "2.$sys no token" "$STATUS" 401
    tapi GET "/api/battles/$id" "0123456789abcdef0123456789abcdef"
    check "2.$sys wrong token" "$STATUS" 401
done

# 2z. in one side's phase, the other side's brigades are not the acting
# side's to record (issue 27): where an Allied brigade stands is the Allies'
# to say (aoe's `zone`, gr_battle_decider), in the French movement too
api POST /api/battles '{"system": "aoe", "oob": "austerlitz_pratzen", "seed": 42}'
ZB=$(jqb .id)
ZF=$(jqb '.tokens[0]')
ZA=$(jqb '.tokens[1]')
tapi POST "/api/battles/$ZB/actions" "$ZF" '{"verb": "next"}' # the initiative: the French move
tapi POST "/api/battles/$ZB/actions" "$ZF" '{"verb": "zone", "unit": "jurczek", "inputs": {"to": "tactical"}}'
check "2z.1 the French record an Allied brigade's zone: 403" "$STATUS $(jqb '.error | test("Allied")')" "403 true"
tapi POST "/api/battles/$ZB/actions" "$ZA" '{"verb": "zone", "unit": "jurczek", "inputs": {"to": "tactical"}}'
check "2z.2 the Allies record their own, in the French phase" "$STATUS" 200
tapi POST "/api/battles/$ZB/actions" "$ZA" '{"verb": "zone", "unit": "morand", "inputs": {"to": "tactical"}}'
check "2z.3 the Allies record a French brigade's zone: 403" "$STATUS" 403

# 3. errors of creation
expect_status "3.1 no body" 400 POST /api/battles
expect_status "3.2 unknown system" 400 POST /api/battles '{"system": "xyz", "oob": "maida"}'
expect_status "3.3 unknown oob" 404 POST /api/battles '{"system": "nf", "oob": "nowhere"}'
expect_status "3.4 both oob and text" 400 POST /api/battles '{"system": "nf", "oob": "maida", "oob_text": "{}"}'
expect_status "3.5 unknown key" 400 POST /api/battles '{"system": "nf", "oob": "maida", "colour": 1}'
expect_status "3.6 negative seed" 400 POST /api/battles '{"system": "nf", "oob": "maida", "seed": -1}'
api POST /api/battles '{"system": "nf", "oob_text": "{\n  \"format\": 1,\n  \"system\": \"nf\",\n  \"units\": 3\n}"}'
check "3.7 broken oob_text: 400 naming oob_text:LINE:COL" "$STATUS $(jqb '.error | test("^oob_text:[0-9]+:[0-9]+: ")')" "400 true"
expect_status "3.8 no battle" 404 GET /api/battles/0123456789abcdef
expect_status "3.9 bad id" 404 GET /api/battles/..%2F..%2Fetc

# 4. the scripted battle: six units of Maida (tests/cli/battle_nf.sh's
# small.json), seed 1806, typed rolls
small=$(sed -n "/^cat >\"\$dir\/small.json\" <<'EOF'$/,/^EOF$/p" "$SOURCE_ROOT/tests/cli/battle_nf.sh" | sed '1d;$d')
[ -n "$small" ] || flunk "4.0 small.json not found in tests/cli/battle_nf.sh"
printf '%s\n' "$small" >"$WORK/small.json"
api POST /api/battles "$(jq -n --arg t "$small" '{system: "nf", oob_text: $t, seed: 1806}')"
check "4.1 create from oob_text" "$STATUS" 201
B=$(jqb .id)
F=$(jqb '.tokens[0]') # the French, first player
R=$(jqb '.tokens[1]') # the British
"$GROGNARD" battle new nf "$WORK/small.json" --out "$WORK/small.battle" --seed 1806 >/dev/null
check "4.2 hash as the CLI's" "$(jqb .hash)" "$("$GROGNARD" battle status "$WORK/small.battle" --json | jq -r .hash)"
# a battle is no game of /api/games, nor a game a battle (one registry, one
# store: each resource serves its own)
api GET /api/games
check "4.2b battles not listed as games" "$STATUS $(jqb 'length')" "200 0"
expect_status "4.2c a battle under /api/games" 404 GET "/api/games/$B"
expect_status "4.2e the other method" 405 POST "/api/battles/$B/verbs" '{}' "$F"
expect_status "4.2f no such path under a battle" 404 GET "/api/battles/$B/nothing" "" "$F"
api POST /api/games '{"scenario": "teaching", "players": ["human", "human"], "seed": 1}'
expect_status "4.2d a game under /api/battles" 404 GET "/api/battles/$(jqb .id)" "" "$(jqb '.seats["0"]')"
view() { tapi GET "/api/battles/$B" "$F"; } # the French view into BODY
# act TOKEN BODY: the action; STATUS and BODY set
act() { tapi POST "/api/battles/$B/actions" "$1" "$2"; }

# Maneuver (1st) phase, step 1: the French attach and detach leaders.
tapi GET "/api/battles/$B/verbs" "$F"
check "4.3 verbs now" "$(jqb '"\(.phase) \(.you_act) " + ([.verbs[].name] | join(","))')" "p1_maneuver_1_leaders true next,attach,detach"
tapi GET "/api/battles/$B" "$F"
# the view leaves the system's words to GET .../rules (fetched once), and
# names their version (the rules' ETag)
check "4.3a the view without the system's words" "$(jqb '[has("sequence"), has("verb_labels"), has("fact_labels"), has("value_labels"), has("sheet_lang")] | unique | join(",")') $(jqb .system)" "false nf"
etag=$(jqb .rules_etag)
check "4.3a2 the view names the rules' version" "$([[ $etag =~ $hex16 ]] && echo ok)" ok
curl -s -D "$WORK/rules.h" -o "$WORK/rules.json" -H "Authorization: Bearer $F" "$BASE/api/battles/$B/rules"
BODY=$(cat "$WORK/rules.json")
hdr() { grep -i "^$1:" "$WORK/rules.h" | tr -d '\r' | cut -d' ' -f2-; }
check "4.3a3 rules: 200, JSON, its ETag the view's, kept a day" "$(head -1 "$WORK/rules.h" | cut -d' ' -f2) $(hdr content-type) $(hdr etag) $(hdr cache-control)" "200 application/json; charset=utf-8 \"$etag\" private, max-age=86400"
check "4.3a4 rules: the system's words and nothing of the battle" "$(jqb 'keys | join(",")') $(jqb .system) $(jqb .sheet_lang)" "fact_labels,sequence,sheet_lang,system,value_labels,verb_labels nf en"
# Napoleonic Fury's sequence of play, each player's segment: the maneuver
# phase's three steps, the reaction, defensive fire, phasing fire, melee
# (tests/cli/battle_nf.sh walks the same phases)
check "4.3b the sequence of play, the phase now in it" "$(jqb '[.sequence[].id] | index("p1_maneuver_1_leaders"), (map(select(. == "p1_reaction" or . == "p1_fire_defensive" or . == "p1_melee" or . == "p2_melee")) | length)')" "$(printf '0\n4')"
check "4.3c each phase's player" "$(jqb '.sequence[] | select(.id == "p1_reaction") | .player')" "second"
# every verb's name in both languages: seed 002's "Fire table" read "Fire"
check "4.3d every verb's name, in both languages" "$(jqb '.verb_labels.fire | "\(.en)/\(.fr)"')" "Fire/Tir"
# the same words for both sides (byte for byte), 304 when the page has them
check "4.3e rules: the same to the other side" "$(curl -s -H "Authorization: Bearer $R" "$BASE/api/battles/$B/rules")" "$BODY"
check "4.3f rules: 304 with the ETag the page has" "$(curl -s -o /dev/null -w '%{http_code} %{size_download}' -H "Authorization: Bearer $F" -H "If-None-Match: \"$etag\"" "$BASE/api/battles/$B/rules")" "304 0"
check "4.3g rules: 200 with another ETag" "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $F" -H 'If-None-Match: "0000000000000000"' "$BASE/api/battles/$B/rules")" "200"
expect_status "4.3h rules without a token" 401 GET "/api/battles/$B/rules"
expect_status "4.3i ?full= neither 0 nor 1" 400 GET "/api/battles/$B?full=yes" "" "$F"
tapi GET "/api/battles/$B" "$F"
tapi GET "/api/battles/$B/verbs" "$R"
check "4.4 the British do not act" "$(jqb .you_act)" false
act "$R" '{"verb": "attach", "unit": "br_81", "leader": "cole"}'
check "4.5 British attach in the French phase: 403" "$STATUS $(jqb '.error | test("French")')" "403 true"
act "$R" '{"verb": "next"}'
check "4.6 next by the British: 403" "$STATUS" 403
act "$F" '{"verb": "attach", "unit": "fr_42", "leader": "compere"}'
check "4.7 attach" "$STATUS $(jqb .action)" "200 1"
tapi GET "/api/battles/$B" "$R"
check "4.8 the British see Compère with the 42e, not his rating" "$(jqb '.leaders[] | select(.id == "compere") | "\(.attached) \(has("rating"))"')" "fr_42 false"
act "$F" '{"verb": "maneuver", "unit": "fr_1leg", "inputs": {"division-in-range": "yes"}, "roll": [3]}'
check "4.9 maneuver out of phase: 409 naming the phase" "$STATUS $(jqb '.error | test("p1_maneuver_2_move")')" "409 true"
act "$F" '{"verb": "next"}'
check "4.10 next" "$STATUS $(jqb .phase)" "200 p1_maneuver_2_move"
# An emergency formation change is the charged side's decision in the other
# side's move (seed 002; gr_battle_decider): the French may not ask for it,
# the British may (here refused by the rules: the charger named is infantry).
# The verbs' list says whose decision each verb is now: emergency_fc the
# British's (the charged side), maneuver the French's (the phasing side).
tapi GET "/api/battles/$B/verbs" "$F"
check "4.10a the French see emergency_fc as the British's decision" "$(jqb '.you_act, (.verbs[] | select(.name == "emergency_fc" or .name == "maneuver") | "\(.name) \(.you_decide)")')" "$(printf 'true\nmaneuver true\nemergency_fc false')"
tapi GET "/api/battles/$B/verbs" "$R"
check "4.10a2 the British decide emergency_fc, not maneuver" "$(jqb '.you_act, (.verbs[] | select(.name == "emergency_fc" or .name == "maneuver") | "\(.name) \(.you_decide)")')" "$(printf 'false\nmaneuver false\nemergency_fc true')"
act "$F" '{"verb": "emergency_fc", "unit": "br_81", "target": "fr_chass", "roll": [8]}'
check "4.10b emergency_fc by the phasing side: 403" "$STATUS $(jqb '.error | test("British.s decision")')" "403 true"
act "$R" '{"verb": "emergency_fc", "unit": "br_81", "target": "fr_42", "roll": [8]}'
check "4.10c emergency_fc by the charged side reaches the rules" "$STATUS $(jqb '.error | test("answers a cavalry charge")')" "400 true"
act "$F" '{"verb": "fire", "unit": "fr_1leg", "target": "br_light", "inputs": {"range": 2}, "roll": [5]}'
check "4.11 fire in the maneuver phase: 409" "$STATUS $(jqb '.error | test("not allowed now")')" "409 true"
act "$F" '{"verb": "maneuver", "unit": "nobody", "roll": [3]}'
check "4.12 unknown unit: 400" "$STATUS" 400
act "$F" '{"verb": "charge!"}'
check "4.13 unknown verb: 400" "$STATUS" 400
act "$F" '{"verb": "maneuver", "unit": "fr_42", "inputs": {"condition": "fresh"}, "roll": [5]}'
check "4.14 a fact the state keeps: 400" "$STATUS $(jqb '.error | test("kept by the companion")')" "400 true"
# the refusal names the fact as declared, marked {condition}, and carries it
# as "param" (include/grognard/error.h): the page marks that field
check "4.14b the fact at fault: its name and param" "$(jqb '[(.error | test("^\\{condition\\} is kept by the companion")), .param] | map(tostring) | join(" ")')" "true condition"
# the odds before the roll: the first step's probabilities, no result
tapi POST "/api/battles/$B/odds" "$F" '{"verb": "maneuver", "unit": "fr_1leg", "inputs": {"division-in-range": "yes"}}'
check "4.15 odds" "$STATUS $(jqb '[.steps[0].odds[]] | add | . * 1000 | round')" "200 1000"
# each result named as the sheet prints it (seed 002, GOOD ORDER TABLE: "7 | 8 | 9 | 10 |
# Unit has 2/3 MV and may FC")
check "4.15b odds: the results' words" "$(jqb '.steps[0].labels.two_thirds_move_and_fc')" "Unit has 2/3 MV and may FC"
check "4.16 odds: no result" "$(jqb '.steps[0] | has("result")') $(jqb '.steps | length')" "false 1"
view
h0=$(jqb .hash)
check "4.17 odds change nothing" "$(jqb .actions)" 2
# Manoeuvre table, 1er Léger (veteran, fresh, in column, division commander
# within range): +6 in all; roll 3 -> 9: "two_thirds_move_and_fc".
act "$F" '{"verb": "maneuver", "unit": "fr_1leg", "inputs": {"division-in-range": "yes"}, "roll": [3]}'
check "4.18 maneuver fr_1leg" "$STATUS $(jqb '[.resolution.steps[] | "\(.result) \(.modifier)"] | join(", ")')" "200 two_thirds_move_and_fc 6"
check "4.19 instructions for the table" "$(jqb '.instructions | length > 0')" true
h1=$(jqb .hash)
tapi POST "/api/battles/$B/undo" "$R"
check "4.20 undo by the British: 403" "$STATUS" 403
tapi POST "/api/battles/$B/undo" "$F"
check "4.21 undo by the French" "$STATUS $(jqb .hash) $(jqb '.undone | test("maneuver fr_1leg")')" "200 $h0 true"
act "$F" '{"verb": "maneuver", "unit": "fr_1leg", "inputs": {"division-in-range": "yes"}, "roll": [3]}'
check "4.22 the same action again: the same hash" "$(jqb .hash)" "$h1"
# 42e de Ligne (regular, Compère attached): roll 2 -> "half_move_or_fc", +6.
act "$F" '{"verb": "maneuver", "unit": "fr_42", "roll": [2]}'
check "4.23 maneuver fr_42" "$(jqb '[.resolution.steps[] | "\(.result) \(.modifier)"] | join(", ")')" "half_move_or_fc 6"

# on to the defensive fire: `next` by the side that acts, each time
for i in $(seq 1 6); do
    tapi GET "/api/battles/$B" "$F"
    [ "$(jqb .phase)" = p1_fire_defensive ] && break
    if [ "$(jqb .active_side)" = 0 ]; then act "$F" '{"verb": "next"}'; else act "$R" '{"verb": "next"}'; fi
done
tapi GET "/api/battles/$B" "$R"
check "4.24 defensive fire: the British act" "$(jqb '"\(.phase) \(.you_act)"')" "p1_fire_defensive true"

# the event stream: the first event now, then one after the British fire
curl -sN --max-time 3 "$BASE/api/battles/$B/events?token=$F" >"$WORK/events" &
ev=$!
sleep 0.5
# Kempt's light battalion at the 1er Léger, 2": roll 9 -> "lively" (+1):
# the target disordered, no stand lost (6 of 6 left).
act "$R" '{"verb": "fire", "unit": "br_light", "target": "fr_1leg", "inputs": {"range": 2}, "roll": [9]}'
check "4.25 fire br_light" "$STATUS $(jqb '[.resolution.steps[] | "\(.result) \(.modifier)"] | join(", ")')" "200 lively 1"
h2=$(jqb .hash)
t2=$(jqb .text)
wait $ev
check "4.26 stream: first event" "$(grep -c '^event: battle$' "$WORK/events")" 1
check "4.27 stream: the action's event with the new hash" "$(grep '^data: ' "$WORK/events" | tail -1 | sed 's/^data: //' | jq -r '"\(.hash) \(.last.kind) \(.last.instructions | length > 0)"')" "$h2 action true"
# the other side's news is the action's line as its answer said it (the
# page keeps the answer's full result while the two are the same)
check "4.27b stream: the action's line, its dice in it" "$(grep '^data: ' "$WORK/events" | tail -1 | sed 's/^data: //' | jq -r .last.text)" "$t2"
# 81st at the 42e, 1": roll 11 -> "telling", 1 stand: 5 - 1 = 4 left, worn
# at 1 lost (the BEL chart, regular 5 stands).
act "$R" '{"verb": "fire", "unit": "br_81", "target": "fr_42", "inputs": {"range": 1}, "roll": [11]}'
check "4.28 fire br_81" "$(jqb '[.resolution.steps[] | "\(.result) \(.modifier)"] | join(", ")')" "telling 1"
tapi GET "/api/battles/$B" "$F"
check "4.28b the 1er Léger disordered, no stand lost" "$(jqb '.units[] | select(.id == "fr_1leg") | "\(.left) \(.disordered)"')" "6 true"
check "4.29 the French see their 42e worn" "$(jqb '.units[] | select(.id == "fr_42") | "\(.left) \(.lost) \(.condition) \(.disordered)"')" "4 1 worn true"
tapi GET "/api/battles/$B" "$R"
check "4.30 the British see the stands, not the condition" "$(jqb '.units[] | select(.id == "fr_42") | "\(.left) \(has("lost")) \(has("condition")) \(.disordered)"')" "4 false false true"
act "$F" '{"verb": "fire", "unit": "fr_1leg", "target": "br_light", "inputs": {"range": 2, "stands": 2}, "roll": [10]}'
check "4.31 the French in the British fire phase: 403" "$STATUS" 403

# 5. the report: 1 stand lost by the French in turn 1 (the 42e's, to the
# "telling" fire; the "lively" one only disordered), none by the British;
# five actions that are not `next` (attach, two maneuvers, two fires: the
# undone maneuver is not in it)
tapi GET "/api/battles/$B/report" "$F"
check "5.1 report" "$STATUS $(jqb '.lost_by_turn | tostring') $(jqb '.actions | length')" "200 [[1,0]] 5"
tapi GET "/api/battles/$B/report.html" "$R"
check "5.2 report.html" "$STATUS $(printf '%s' "$BODY" | grep -c '<svg')" "200 1"
tapi GET "/api/battles/$B/report" ""
check "5.3 report without a token" "$STATUS" 401

# 7. a phase of both players (rff's "3° Phase de Charges: a. les joueurs
# résolvent conjointement les mêlées", seed 000's sequence of play): either
# side acts, each for its own units only; `next` by the phasing side
api POST /api/battles '{"system": "rff", "oob": "little_round_top", "seed": 7}'
RB=$(jqb .id)
U=$(jqb '.tokens[0]') # the Union
C=$(jqb '.tokens[1]') # the Confederates
for i in $(seq 1 8); do
    tapi GET "/api/battles/$RB" "$U"
    [ "$(jqb .phase)" = s0_melee ] && break
    if [ "$(jqb .active_side)" = 0 ]; then tapi POST "/api/battles/$RB/actions" "$U" '{"verb": "next"}'; else tapi POST "/api/battles/$RB/actions" "$C" '{"verb": "next"}'; fi
done
tapi GET "/api/battles/$RB" "$C"
check "7.1 the melee phase: both act" "$(jqb '"\(.phase) \(.phase_player) \(.you_act)"')" "s0_melee both true"
# A: the phasing side (active_side), O: the other one
act_side=$(jqb .active_side)
if [ "$act_side" = 0 ]; then A=$U; O=$C; else A=$C; O=$U; fi
a_unit=$(jqb "[.units[] | select(.side == $act_side)][0].id")
o_unit=$(jqb "[.units[] | select(.side != $act_side)][0].id")
tapi POST "/api/battles/$RB/actions" "$O" "{\"verb\": \"charge\", \"unit\": \"$a_unit\", \"target\": \"$o_unit\", \"roll\": [5, 5]}"
check "7.2 the other side charging with the phasing side's unit: 403" "$STATUS $(jqb ".error | test(\"$a_unit is not one of your units\")")" "403 true"
tapi POST "/api/battles/$RB/actions" "$O" "{\"verb\": \"charge\", \"unit\": \"$o_unit\", \"target\": \"$a_unit\", \"roll\": [5, 5]}"
check "7.3 the other side with its own unit: not refused for the side" "$([ "$STATUS" != 403 ] && [ "$STATUS" != 401 ] && echo ok || echo "$STATUS $BODY")" ok
tapi POST "/api/battles/$RB/actions" "$O" '{"verb": "next"}'
check "7.4 next by the side that is not phasing: 403" "$STATUS" 403
tapi POST "/api/battles/$RB/actions" "$A" '{"verb": "next"}'
check "7.5 next by the phasing side" "$STATUS $(jqb .phase)" "200 s0_breakthrough_moves"

# 6. the battle survives the server killed and started again
view
hb=$(jqb .hash)
nb=$(jqb .actions)
check "6.1 the battle in the database, its order of battle's text with it" "$(sqlite3 "$WORK/b.db" "SELECT scenario, text = CAST(readfile('$WORK/small.json') AS TEXT) OR text || char(10) = CAST(readfile('$WORK/small.json') AS TEXT), nsteps > 0 FROM games WHERE id = '$B'") $(ls "$WORK" | grep -c battles)" "nf|1|1 0"
kill_server
start_server "$WORK/b.db"
tapi GET "/api/battles/$B" "$R"
check "6.2 after kill -9: the same hash and actions" "$STATUS $(jqb .hash) $(jqb .actions)" "200 $hb $nb"
# the undo is still the British's (their fire was the last action)
tapi POST "/api/battles/$B/undo" "$F"
check "6.3 undo by the French after a restart: 403" "$STATUS" 403
tapi POST "/api/battles/$B/undo" "$R"
check "6.4 undo by the British after a restart" "$STATUS $(jqb .actions)" "200 $((nb - 1))"
# --battles is gone (the battles are in the database)
"$GROGNARD" serve --port 0 --db "$WORK/c.db" --battles "$WORK/elsewhere" >/dev/null 2>"$WORK/e"
check "6.5 --battles refused" "$? $(grep -c "unknown option '--battles'" "$WORK/e")" "2 1"

# 8. the QR code of a side's link (GET /api/qr, src/server/sv_qr.c): an SVG of
# the link's code, only for this server's own links
qr() { # qr TEXT [curl args...]: the answer in $WORK/qr, "STATUS TYPE" in $STATUS
    local text=$1
    shift
    STATUS=$(curl -s -G -o "$WORK/qr" -w '%{http_code} %{content_type}' --data-urlencode "text=$text" "$@" "$BASE/api/qr")
}
qr "$BASE/#/companion/$B?token=$F"
S=$(sed -n 's|^<svg [^>]*viewBox="0 0 \([0-9]*\) \1".*|\1|p' "$WORK/qr")
# a code of version V is 17 + 4V modules wide, in a quiet zone of 4: its three
# finder patterns (7 dark modules on their top row) at the top left, the top
# right and the bottom left
finders=$(grep -c -e "M4 4h7v1h-7z" "$WORK/qr")$(grep -c -e "M$((S - 11)) 4h7v1h-7z" "$WORK/qr")$(grep -c -e "M4 $((S - 11))h7v1h-7z" "$WORK/qr")
check "8.1 a side's link as a QR code" "$STATUS $(( (S - 8 - 17) % 4 )) $finders" "200 image/svg+xml 0 111"
cp "$WORK/qr" "$WORK/qr1"
qr "$BASE/#/companion/$B?token=$R"
check "8.2 the other side's link: another code" "$(cmp -s "$WORK/qr" "$WORK/qr1" && echo same || echo other)" other
qr "http://evil.example/#/companion/$B?token=$F"
check "8.3 another server's link: 400" "${STATUS%% *} $(jq -r '.error | test("not one of this server.s links")' "$WORK/qr")" "400 true"
qr "$BASE/api/battles/$B?token=$F"
check "8.4 not a link of the page: 400" "${STATUS%% *}" 400
STATUS=$(curl -s -o /dev/null -w '%{http_code}' "$BASE/api/qr")
check "8.5 no text: 400" "$STATUS" 400
qr "$BASE/#/$(printf 'x%.0s' $(seq 700))"
check "8.6 too long: 400" "${STATUS%% *}" 400
# the address the page was opened at, as its Host header says
qr "http://grognard.lan:8080/#/companion/$B?token=$F" -H "Host: grognard.lan:8080"
check "8.7 the page's own host name" "${STATUS%% *}" 200
STATUS=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' -d '{}' "$BASE/api/qr")
check "8.8 POST: 405" "$STATUS" 405

stop_server
check "6.6 clean stop" "$?" 0

finish
