#!/usr/bin/env bash
# The L'Âge des Aigles scripted battle through the command line: four full
# turns of battle/aoe_script.json (every phase of both segments, `next`
# through all of them), with typed dice, the state checked with `status
# --json` after each step against values worked out by hand from seeds 000
# and 003.  The same battle as tests/battle/test_bt_aoe.c, which gives the
# reasoning at more length; each step here keeps the arithmetic in a line.
# Each command is a new process: the battle is saved and resumed at every
# step.  At the end, undo restores the previous hash and the last action
# done again gives the same one.
. "$(dirname "$0")/lib.sh"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
oob="$SOURCE_ROOT/tests/cli/battle/aoe_script.json"
bf="$dir/b.json"

hash() { battle_status "$bf" && printf '%s' "$BS_JSON" | jq -r .hash; }
# act NAME FILTER WANT -- VERB ARGS...: do the action; FILTER on its JSON.
act() {
    local name=$1 filter=$2 want=$3 verb=$5
    shift 5
    PREV=$(hash)
    expect_json "$name" "$filter" "$want" -- battle "$verb" "$bf" "$@" --json
}
# unit NAME ID FILTER WANT: FILTER on unit ID of status --json.
unit() {
    expect_status "$1" "(.units[]|select(.id==\"$2\")|$3)" "$4" "$bf"
}
leader() {
    expect_status "$1" "(.leaders[]|select(.id==\"$2\")|$3)" "$4" "$bf"
}
# at TURN PHASE: the status's turn and phase.
at() {
    expect_status "at-$1-$2" '[.turn,.phase]' "[$1,\"$2\"]" "$bf"
}
nx() {
    "$GROGNARD" battle next "$bf" >/dev/null || flunk "next to $1 $2"
    at "$1" "$2"
}
# no NAME PATTERN -- VERB ARGS...: refused (exit 2), nothing changed.
no() {
    local name=$1 pattern=$2 verb=$4 h
    shift 4
    h=$(hash)
    expect_exit "$name" 2 "$pattern" -- battle "$verb" "$bf" "$@"
    [ "$(hash)" = "$h" ] && pass || flunk "$name: the refusal changed the state"
}
# the applied modifiers of an action's resolution whose printed line begins
# with $1, summed, on side $2 (attacker or defender)
mods() { printf '[.resolution.modifiers[]|select(.applied and .kind=="drm" and .side=="%s" and (.reason|startswith("%s")))|.value]|add' "$2" "$1"; }

expect_exit new 0 '' -- battle new aoe "$oob" --out "$bf" --seed 1805
at 1 initiative
unit art-fresh-never art_v '[.condition,.worn_at,.spent_at]' '["worn",0,-1]'

# ============================ turn 1 (French first) ============================
no init-turn1 'turn 1' -- initiative --roll 5,5
nx 1 s1_leaders
no fire-out-of-phase 'it is allowed in: s1_fire_second' -- fire schiner --target jurczik --roll 5
no attach-wrong-side 'Allied' -- attach cuirassiers --leader liechtenstein
act attach '.instructions' '["Vandamme attaches to Schiner"]' -- attach schiner --leader vandamme
leader attached vandamme '.attached' '"schiner"'
nx 1 s1_reserve
# Ferey: Napoléon avec Berthier +3, 1er Tour +4: 1 + 7 = 8, reserve "Succès".
no reserve-known 'kept by the companion' -- reserve ferey --commander davout --roll 1
act reserve '[.resolution.result,.resolution.score]' '["success",8]' -- reserve ferey --roll 1
nx 1 s1_tactical
# Schiner in order: Vandamme attached +1, Soult detached +2, columnar +1,
# fresh +2: 3 + 6 = 9, "En avant !".
no movement-after-reserve 'reserve movement' -- movement ferey --roll 5
act movement '[.resolution.result,.resolution.score]' '["forward",9]' -- movement schiner --roll 3
no movement-known 'kept by the companion' -- movement levasseur --condition fresh --roll 5
act formation '.turn' '1' -- formation schiner --to column
unit formed schiner '.formation' '"column"'
act battery '.turn' '1' -- battery art_v --action pivot
nx 1 s1_generals
nx 1 s1_fire_second
# Russian heavy battery at 4": 10, on a column x2 = 20, formation changed +1:
# 5 + 1 = 6, row 20-24 "6, 7" Tir efficace; Vandamme hit, 4: out of action.
no fire-wrong-side 'French' -- fire schiner --target russ_line --roll 5
act fire-battery '[.resolution.steps[0].result,.resolution.steps[0].score,.resolution.values.power]' \
    '["effective",6,20]' -- fire russ_bty --target schiner --range 4 --roll 5,4
unit schiner-hit schiner '[.left,.disordered,.condition]' '[5,true,"worn"]'
leader vandamme-out vandamme '[.status,.attached,.back_turn]' '["out_of_action",null,2]'
no fire-twice 'already fired' -- fire russ_bty --target ferey --range 4 --roll 5
no fire-known 'kept by the companion' -- fire russ_line --target ferey --disordered 1 --roll 5
# 8 stands in line x 2 = 16, row 15-19, 10: Tir meurtrier, 2 stands.
act fire-line '[.resolution.result,.resolution.values.power]' '["deadly",16]' -- fire russ_line --target ferey --roll 10
unit ferey-hit ferey '[.left,.disordered,.condition]' '[3,true,"worn"]'
nx 1 s1_fire_first
# Schiner: 5 in column x 1 = 5, Sk +1 = 6, disordered x1/2 = 3; row 3, 10: impressive.
act fire-schiner '[.resolution.result,.resolution.values.power]' '["impressive",3]' -- fire schiner --target jurczik --roll 10
unit jurczik-dis jurczik '[.left,.disordered]' '[6,true]'
# French heavy at 8": 7, row 6-7, 10: Tir efficace.
act fire-art '[.resolution.result,.resolution.values.power]' '["effective",7]' -- fire art_v --target russ_line --range 8 --roll 10
unit russ-hit russ_line '[.left,.disordered,.condition]' '[7,true,"worn"]'
nx 1 s1_combat
# Schiner regular +1, disordered -2, 1 stand lost in the fire -1 = -2 (no
# general: Vandamme is out); Jurczik fresh +2, regular +1, disordered -2 = +1.
# 7 - 2 = 5 against 3 + 1 = 4: +1, "Recule !".
act combat '[.resolution.result,.resolution.score,.resolution.values.attacker_modifier,.resolution.values.defender_modifier]' \
    '["defender_falls_back",1,-2,1]' -- combat schiner --target jurczik --roll 7,3
no combat-twice 'already fought' -- combat schiner --target russ_line --roll 5,5
for p in s2_leaders s2_reserve s2_tactical s2_generals s2_fire_first s2_fire_second s2_combat; do nx 1 $p; done

# ============================ turn 2 ============================
nx 2 initiative
# 4 against 7: the Allies choose to be 1st player.
act initiative '.instructions[0]' '"the Allied win the initiative and choose to be 1st player: the Allied are 1st player in turn 2"' \
    -- initiative --roll 4,7
expect_status allied-first '.first' '1' "$bf"
no init-twice 'already rolled' -- initiative --roll 4,7
nx 2 s1_leaders
leader vandamme-still-out vandamme '.status' '"out_of_action"'
no attach-french 'French' -- attach schiner --leader soult
act attach-l '.turn' '2' -- attach cuirassiers --leader liechtenstein
nx 2 s1_reserve
# Jurczik: Koutousov 0, itself in disorder -1: 9 - 1 = 8, "Succès", a regular rallies.
act reserve-j "[.resolution.score,($(mods 'Par unité en désordre' attacker))]" '[8,-1]' -- reserve jurczik --roll 9
unit jurczik-rallied jurczik '.disordered' 'false'
nx 2 s1_tactical
# The Russian line in disorder, no DRM: 6, "Ébranlée" rallied, no formation change.
act shaken '.resolution.result' '"shaken_rallied"' -- movement russ_line --roll 6
unit russ-rallied russ_line '.disordered' 'false'
no formation-frozen 'may not change formation' -- formation russ_line --to column
# The cuirassiers: Liechtenstein +2, fresh +2: 5 + 4 = 9.
act cuir-move '[.resolution.result,.resolution.score]' '["forward",9]' -- movement cuirassiers --roll 5
nx 2 s1_generals
nx 2 s1_fire_second
# French heavy at 4": 9, row 8-9, 6: Tir inefficace.
act fire-ineff '.resolution.result' '"ineffective"' -- fire art_v --target cuirassiers --range 4 --roll 6
unit cuir-untouched cuirassiers '[.left,.disordered]' '[4,false]'
nx 2 s1_fire_first
# 7 stands in line x 2 = 14, row 12-14, 9: Tir efficace.
act fire-russ '[.resolution.result,.resolution.values.power]' '["effective",14]' -- fire russ_line --target schiner --roll 9
unit schiner-4 schiner '[.left,.condition]' '[4,"worn"]'
nx 2 s1_combat
# Cuirassiers +10 (Liechtenstein +2, fresh +2, elite +2, cuirassiers +2, charge
# under 5" +2) against Schiner -2 (regular +1, disordered -2, 1 lost in the
# fire -1): 13 - 4 = +9, "Fracassé !": 2 stands, spent.
no combat-distance '--charge-distance' -- combat cuirassiers --target schiner --roll 3,6
act charge '[.resolution.result,.resolution.score,.resolution.values.attacker_modifier,.resolution.values.defender_modifier]' \
    '["defender_shattered",9,10,-2]' -- combat cuirassiers --target schiner --charge-distance 3 --roll 3,6
unit schiner-spent schiner '[.left,.lost,.condition,.disordered]' '[2,4,"spent",true]'
nx 2 s2_leaders
leader vandamme-back vandamme '[.status,.attached]' '["active",null]'
act attach-v '.turn' '2' -- attach levasseur --leader vandamme
nx 2 s2_reserve
nx 2 s2_tactical
# Schiner spent, disordered: Soult +2, columnar +1, épuisée -2: 8 + 1 = 9, "Ralliement".
act schiner-move "[.resolution.result,.resolution.score,($(mods 'Brigade épuisée' attacker)),($(mods 'Brigade fraîche' attacker))]" \
    '["rally",9,-2,null]' -- movement schiner --roll 8
# Levasseur: Soult out of radius; Vandamme +1, square +1, columnar +1, fresh +2: 2 + 5 = 7;
# columnar 9" in difficult ground x 1/2: 4.5".
act lev-move '[.resolution.result,.resolution.score,.instructions[1]]' '["forward",7,"Levasseur: moves normally (up to 4.5 inches)"]' -- movement levasseur --out-of-radius soult --terrain difficult --roll 2
act limber '.turn' '2' -- battery art_v --action limber
unit limbered art_v '.limbered' 'true'
act unlimber '.turn' '2' -- battery art_v --action unlimber
no battery-3 '2 actions' -- battery art_v --action pivot
nx 2 s2_generals
nx 2 s2_fire_first
# Russian heavy at 8": 8, row 8-9, 7: impressive; no stand lost, no general check.
act fire-lev '.resolution.result' '"impressive"' -- fire russ_bty --target levasseur --range 8 --roll 7
unit lev-dis levasseur '.disordered' 'true'
nx 2 s2_fire_second
no fire-3rd-action '2 actions' -- fire art_v --target russ_line --range 8 --roll 5
# Levasseur: 4 in square x 1 = 4, disordered x1/2 = 2, row 2, 10: impressive.
act fire-sq '[.resolution.result,.resolution.values.power]' '["impressive",2]' -- fire levasseur --target cuirassiers --roll 10
unit cuir-dis cuirassiers '.disordered' 'true'
nx 2 s2_combat

# ============================ turn 3 ============================
nx 3 initiative
# 8 against 3 - 2 (the Allies past 2 critical levels): the French choose to be 2nd player.
no init3-typed-levels 'kept by the companion' -- initiative --side1-critical-levels 2 --roll 8,3
act crit3 '.instructions|map(select(contains("-2 to its initiative roll")))|length' '1' -- critical --side 1 --levels 2
act init3 "[.turn,($(mods 'Par niveau critique' defender))]" '[3,-2]' -- initiative --choose second --roll 8,3
expect_status allied-first-3 '.first' '1' "$bf"
nx 3 s1_leaders
nx 3 s1_reserve
nx 3 s1_tactical
# Cuirassiers in disorder: +4: 4 + 4 = 8, "Ralliement".
act cuir-rally '[.resolution.result,.resolution.score]' '["rally",8]' -- movement cuirassiers --roll 4
unit cuir-ok cuirassiers '.disordered' 'false'
nx 3 s1_generals
nx 3 s1_fire_second
nx 3 s1_fire_first
# Russian heavy at 2": 13 x2 on a column = 26, row 25-29, 7: Tir meurtrier, 2 stands: removed.
act fire-gone '[.resolution.result,.resolution.values.power]' '["deadly",26]' -- fire russ_bty --target schiner --range 2 --roll 7
unit schiner-gone schiner '[.left,.removed]' '[0,true]'
no fire-removed 'removed from play' -- fire russ_line --target schiner --roll 5
nx 3 s1_combat
# Cuirassiers +8 against the square +6 (square +3, elite +2, fresh +2,
# disordered -2, Vandamme +1): 9 - 16 = -7, "Fracassé !" the attacker.
no combat-removed 'removed from play' -- combat cuirassiers --target schiner --charge-distance 3 --roll 5,5
act square '[.resolution.result,.resolution.score,.resolution.values.attacker_modifier,.resolution.values.defender_modifier]' \
    '["attacker_shattered",-7,8,6]' -- combat cuirassiers --target levasseur --roll 1,10
unit cuir-spent cuirassiers '[.left,.condition,.disordered]' '[2,"spent",true]'
leader captured liechtenstein '[.status,.attached]' '["captured",null]'
nx 3 s2_leaders
nx 3 s2_reserve
nx 3 s2_tactical
no move-removed 'removed from play' -- movement schiner --roll 5
nx 3 s2_generals
nx 3 s2_fire_first
nx 3 s2_fire_second
nx 3 s2_combat
# Ferey (3) +1 regular -2 disordered +1 for 3 against 2 = 0; the cuirassiers
# spent -2, elite +2, cuirassiers +2, disordered -2 = 0 (Liechtenstein,
# captured, gives nothing): 5 - 5 = 0, "Fixé au combat !".
act locked "[.resolution.result,.resolution.values.attacker_modifier,.resolution.values.defender_modifier,($(mods 'Général charismatique' defender))]" \
    '["locked",0,0,null]' -- combat ferey --target cuirassiers --roll 5,5
unit ferey-spent ferey '[.left,.condition]' '[2,"spent"]'
unit cuir-1 cuirassiers '.left' '1'
last=$(hash)
before=$PREV
nx 4 initiative

# ---- undo, and the saved battle resumed ------------------------------------
expect_json undo-next '.hash' "\"$last\"" -- battle undo "$bf" --json
expect_json undo-combat '.hash' "\"$before\"" -- battle undo "$bf" --json
act redo '.hash' "\"$last\"" -- combat ferey --target cuirassiers --roll 5,5
cp "$bf" "$dir/copy.json"
expect_json resumed '[.hash,.turn,.phase]' "[\"$last\",3,\"s2_combat\"]" -- battle status "$dir/copy.json" --json

# ============================ turn 4 (issue 25) ============================
# The army's critical levels kept, the reserve zone's history, a second
# general's Généraux touchés check, a counter-charge.
nx 4 initiative
no crit-back 'does not go back' -- critical --side 1 --levels 1
# 9 against 2 - 2 (the Allies' 2 critical levels, recorded in turn 3): the French are 1st player.
act init4 "[($(mods 'Par niveau critique' defender)),.resolution.result]" '[-2,"first_chooses"]' -- initiative --roll 9,2
expect_status french-first-4 '.first' '0' "$bf"
nx 4 s1_leaders
act attach-soult '.instructions' '["Soult attaches to Levasseur"]' -- attach levasseur --leader soult
nx 4 s1_reserve
# Milhaud in the reserve zone: Napoleon with Berthier +3: 6 + 3 = 9, "Succès", 12" (cavalry).
act zone-res '.instructions' '["Milhaud: now in the reserve zone"]' -- zone milhaud --to reserve
act reserve4 '[.resolution.result,.resolution.score]' '["success",9]' -- reserve milhaud --roll 6
act zone-tac '.instructions[0]|contains("may not go back to the reserve zone")' 'true' -- zone milhaud --to tactical
no zone-back 'en ressortir' -- zone milhaud --to reserve
act zone-ferey '.instructions' '["Ferey: now in the tactical zone"]' -- zone ferey --to tactical
no reserve-tactical 'zone tactique' -- reserve ferey --roll 5
nx 4 s1_tactical
nx 4 s1_generals
nx 4 s1_fire_second
# Russian heavy at 4" on the square: 10, row 10-11, 9: Tir efficace (4 -> 3);
# Soult (charismatic, the fire's check) 9 - 2 = 7 "6 +" unharmed; Vandamme's check is due.
act fire4 '[.resolution.steps[0].result,.resolution.steps[1].result,.resolution.steps[1].score,(.instructions|map(select(contains("general_hit --leader vandamme")))|length)]' \
    '["effective","unharmed",7,1]' -- fire russ_bty --target levasseur --range 4 --roll 9,9
unit lev-3 levasseur '.left' '3'
no gh-soult 'no Généraux touchés check is due' -- general_hit --leader soult --roll 5
# Vandamme, ordinary: 4 "5 -": out of action, back in turn 5.
act gh-vandamme '[.resolution.result,.resolution.score]' '["out_of_action",4]' -- general_hit --leader vandamme --roll 4
leader vandamme-out vandamme '[.status,.attached]' '["out_of_action",null]'
leader soult-on soult '[.status,.attached]' '["active","levasseur"]'
nx 4 s1_fire_first
no fire-reserve 'reserve movement' -- fire milhaud --target jurczik --roll 5
nx 4 s1_combat
no combat-reserve 'reserve movement' -- combat milhaud --target cuirassiers --roll 5,5
nx 4 s2_leaders
nx 4 s2_reserve
nx 4 s2_tactical
nx 4 s2_generals
nx 4 s2_fire_first
nx 4 s2_fire_second
nx 4 s2_combat
no cc-phasing "defender's answer" -- countercharge cuirassiers --target milhaud
no cc-infantry 'is not cavalry' -- countercharge levasseur --target cuirassiers
act cc '.instructions[0]|startswith("Milhaud: counter-charges Cuirassiers")' 'true' -- countercharge milhaud --target cuirassiers
no cc-kept 'kept by the companion' -- combat cuirassiers --target milhaud --defender-not-countercharging 1 --roll 6,4
# Cuirassiers spent -2, elite +2, cuirassiers +2, disordered -2 = 0; Milhaud
# fresh +2, regular +1, 4 against 1 +4 = +7, no -2 (counter-charging):
# 6 - 11 = -5, "Ramené !": the cuirassiers' last stand routs.
act cc-combat "[.resolution.result,.resolution.score,.resolution.values.attacker_modifier,.resolution.values.defender_modifier,($(mods 'cavalerie ne contre-chargeant' defender))]" \
    '["attacker_driven_back",-5,0,7,null]' -- combat cuirassiers --target milhaud --roll 6,4
unit cuir-gone cuirassiers '[.left,.removed]' '[0,true]'
nx 5 initiative

# ---- the bundled orders of battle load, and a seeded action undoes exactly ----
for f in "$SOURCE_ROOT"/data/oob/aoe/*.json; do
    rm -f "$dir/bundled.json"
    expect_exit "bundled-$(basename "$f")" 0 '' -- battle new aoe "$f" --out "$dir/bundled.json" --seed 11
done
pb="$dir/pratzen.json"
expect_exit pratzen 0 '' -- battle new aoe "$SOURCE_ROOT/data/oob/aoe/austerlitz_pratzen.json" --out "$pb" --seed 11
expect_json pratzen-sides '[([.units[]|select(.side==0)]|length),([.units[]|select(.side==1)]|length),.first,.turns]' \
    '[9,8,0,6]' -- battle status "$pb" --json
for i in 1 2 3; do "$GROGNARD" battle next "$pb" >/dev/null || flunk "pratzen next $i"; done
hp=$("$GROGNARD" battle status "$pb" --json | jq -r .hash)
m1=$("$GROGNARD" battle movement "$pb" morand --json | jq -c '[.rolls,.hash]')
expect_json pratzen-undo '.hash' "\"$hp\"" -- battle undo "$pb" --json
m2=$("$GROGNARD" battle movement "$pb" morand --json | jq -c '[.rolls,.hash]')
[ "$m1" = "$m2" ] && pass || flunk "a seeded movement done again after undo: $m1 then $m2"
finish
