#!/usr/bin/env bash
# Command-line test of the Regimental Fire and Fury companion (seed 001): the
# scripted battle of tests/battle/test_bt_rff.c (three full game turns, every
# phase of both players' turns) through `grognard battle`, with the dice
# typed (--roll), `status --json` checked after each step against values
# worked out by hand from the seed (the reasoning is written beside each
# step, as in the C test); undo back to the same hash; a saved battle
# resumed.  The order of battle: battle/rff_small.json.
#
# Seed 001 values used: maneuver +1 Chef vaillant, +1 Chef attaché, -1
# Commandant provisoire, -2 Non commandé, +1 vétérans, -1 bleu, +2 fraîche,
# 0 ébranlée, -2 fatiguée, +2 En batterie, -2 brisé; good order 8+ forced
# march, 3-7 well executed; disordered 11+ élan, 5-10 rally, 3-4 hesitant.
# Fire: base -4 1 pt, -3 2 pts, -2 3 pts, 0 6-8; x1/2 once; -1 bleu or
# cannon; +1 Buck & Ball receiving a charge.  CIBLE Vétéran 10 / 9 / 7-8
# mortel, 6 efficace, 5 nourri, 4- nothing; Entraîné 3- nothing; Bleu 8-10
# mortel, 5-6 efficace.  Charge: +1 Vétérans, -1 Bleus, +2 Frais, 0
# Ébranlés, -2 Fatigués, -1 3/2, -2 2/1, -3 3/1, -1 désordre, +1 attaché,
# +1 baïonnette/percée; 9+ balayés, 5-8 enfoncés.  Leader loss 10: killed.
. "$(dirname "$0")/lib.sh"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
oob="$SOURCE_ROOT/tests/cli/battle/rff_small.json"
bf="$dir/b.json"

# r NAME '[modifier,score,"result"]' VERB ARGS...: the action's first table
# read; its JSON is kept in $last for m
last="$dir/last.json"
r() {
    local name=$1 want=$2 verb=$3 got
    shift 3
    if ! "$GROGNARD" battle "$verb" "$bf" "$@" --json >"$last" 2>"$dir/err"; then
        flunk "$name: exit $? ($(cat "$dir/err"))"
        return
    fi
    got=$(jq -c '[.resolution.steps[0].modifier,.resolution.steps[0].score,.resolution.steps[0].result]' "$last")
    if [ "$got" = "$want" ]; then pass; else flunk "$name: $got, want $want"; fi
}
# m NAME TEXT WANT: the applied modifiers of the last action whose printed
# line contains TEXT, their values as a list ([] when none)
m() {
    local got
    got=$(jq -c --arg t "$2" '[.resolution.modifiers[]|select(.applied and (.reason|contains($t)))|(.value // 0)]' "$last")
    if [ "$got" = "$3" ]; then pass; else flunk "$1: modifiers with \"$2\": $got, want $3"; fi
}
# i NAME TEXT: one of the last action's instructions contains TEXT
i() {
    if jq -e --arg t "$2" '[.instructions[]|select(contains($t))]|length > 0' "$last" >/dev/null; then
        pass
    else
        flunk "$1: no instruction with \"$2\": $(jq -c .instructions "$last")"
    fi
}
# a NAME VERB ARGS...: an action without a roll
a() {
    local name=$1 verb=$2
    shift 2
    expect_exit "$name" 0 '' -- battle "$verb" "$bf" "$@"
}
# u NAME ID '[left,disordered,"condition"]'
u() {
    expect_status "$1" "[.units[]|select(.id==\"$2\")|.left,.disordered,.condition]" "$3" "$bf"
}
# n TURN PHASE: next, and where it leads
n() {
    expect_json "next-$1-$2" '[.turn,.phase]' "[$1,\"$2\"]" -- battle next "$bf" --json
}
hash() { battle_status "$bf" && printf '%s' "$BS_JSON" | jq -r .hash; }

# A broken order of battle exits 2 naming FILE:LINE:COL (line 20 is the
# 47th Alabama's object, which starts at column 5).
sed '20s/"green"/"elite"/' "$oob" >"$dir/elite.json"
expect_exit oob-quality 2 "$dir/elite.json:20:5: unit \"47th_alabama\": quality \"elite\" is not rff's; accepted: crack, veteran, trained, green" \
    -- battle new rff "$dir/elite.json" --out "$dir/x.json"
sed '20s/, "worn": 1, "spent": 2//' "$oob" >"$dir/noworn.json"
expect_exit oob-no-worn 2 "$dir/noworn.json:20:5: unit \"47th_alabama\": rff needs \"worn\" and \"spent\"" \
    -- battle new rff "$dir/noworn.json" --out "$dir/x.json"

expect_exit new 0 '' -- battle new rff "$oob" --out "$bf" --seed 1863
expect_json start '[.system,.turn,.phase,.active_side,(.units|length),(.hash|test("^[0-9a-f]{16}$"))]' \
    '["rff",1,"s0_leaders",0,5,true]' -- battle status "$bf" --json

# ---- turn 1, the Union's turn ----------------------------------------------
a attach attach 20th_maine --leader chamberlain
expect_status attached '.leaders[0].attached' '"20th_maine"' "$bf"
expect_exit maneuver-out-of-phase 2 'maneuver is not allowed now: this is s0_leaders' \
    -- battle maneuver "$bf" 20th_maine --roll 5
n 1 s0_maneuver
# +1 vaillant +1 attaché +1 vétérans +2 fraîche = +5; 5 -> 10: forced march, 40 cm
r t1-maneuver-20th '[5,10,"forced_march"]' maneuver 20th_maine --roll 5
m t1-gallant 'Chef vaillant' '[1]'
m t1-attached 'Chef attaché' '[1]'
expect_exit state-known 2 'kept by the companion' -- battle maneuver "$bf" 83rd_pa --quality crack --roll 5
# guns: 0 entraînée +2 fraîche +2 en batterie = +4; 3 -> 7: well executed
r t1-maneuver-hazlett '[4,7,"well_executed"]' maneuver hazlett --close no --roll 3
a declare declare 20th_maine --target 15th_alabama --bayonet
n 1 s0_leader_moves
n 1 s0_defensive_fire
# 15th: 7 stands x 1 = 7 pts: 0; 7: Vétéran 7-8 Tir mortel: 20th 8 -> 7, disordered
r t1-fire-15th '[0,7,"deadly"]' musketry 15th_alabama --target 20th_maine --band close --per-stand 1 --roll 7
# issue 25: Tir mortel's row 4 (Vétéran 7-8): « Charge à fond », the charge goes on
i t1-row-4 '« Charge à fond »'
i t1-charge-home 'charge home'
u t1-20th 20th_maine '[7,true,"fresh"]'
n 1 s0_offensive_fire
# Hazlett: 3 x 2 = 6: 0, -1 canon; 6 -> 5: Bleu 5-6 efficace: disordered
r t1-cannon '[-1,5,"effective"]' cannonade hazlett --target 47th_alabama --band long --per-stand 2 --roll 6
# 83rd: 6 pts: 0; 9: Bleu 8-10 mortel: 47th 5 -> 4, worn (1 lost)
r t1-fire-83rd '[0,9,"deadly"]' musketry 83rd_pa --target 47th_alabama --band long --per-stand 1 --roll 9
u t1-47th-worn 47th_alabama '[4,true,"worn"]'
n 1 s0_melee
# 20th +1 +2 -1 +1 +1 = +4 v 15th +1 +2 = +3; 10 v 2: 9: balayés, 2 stands
h=$(hash)
r t1-charge '[1,9,"swept_away"]' charge 20th_maine --target 15th_alabama --roll 10,2
u t1-15th-worn 15th_alabama '[5,true,"worn"]'
expect_status t1-15th-broken '.units[3].broken' 'true' "$bf"
# undo: back to the hash before the charge; the same dice do it again
expect_json undo-charge '.hash' "\"$h\"" -- battle undo "$bf" --json
u undone-15th 15th_alabama '[7,false,"fresh"]'
r t1-charge-again '[1,9,"swept_away"]' charge 20th_maine --target 15th_alabama --roll 10,2
expect_exit t1-breakthrough-out-of-phase 2 'breakthrough is not allowed now: this is s0_melee' \
    -- battle breakthrough "$bf" 20th_maine --target 47th_alabama
n 1 s0_breakthrough_moves
# issue 25: "3° b. Faites les mouvements de percée": « perce sur 1/2 mouvement vers
# ennemi plus proche »: infantry double line 30 cm: 15 cm; the 47th is reached
expect_exit t1-no-breakthrough 2 'has no breakthrough' -- battle breakthrough "$bf" 83rd_pa --target 47th_alabama
expect_json t1-breakthrough-move '.instructions[0]|contains("half a move (15 cm in the open) toward 47th_alabama")' \
    'true' -- battle breakthrough "$bf" 20th_maine --target 47th_alabama --json
n 1 s0_breakthrough
expect_exit t1-breakthrough-elsewhere 2 'reached 47th_alabama' -- battle charge "$bf" 20th_maine --target 15th_alabama --roll 6,5
# 20th +4 (percée) v 47th -1 bleus 0 ébranlés -1 désordre -1 (7 v 4: 3/2) = -3;
# 6 v 5: 10 - 2 = 8: enfoncés: 4 -> 3, spent (2 lost)
r t1-breakthrough '[7,8,"broken_through"]' charge 20th_maine --target 47th_alabama --roll 6,5
u t1-47th-spent 47th_alabama '[3,true,"spent"]'

# ---- turn 1, the Confederate's turn -----------------------------------------
n 1 s1_leaders
a attach-oates attach 15th_alabama --leader oates
n 1 s1_maneuver
# 15th broken: 0 moyen +1 attaché +1 vétérans 0 ébranlée -2 brisé = 0; 4: hesitant
r t1-maneuver-15th '[0,4,"hesitant"]' maneuver 15th_alabama --roll 4
m t1-15th-worn 'Troupe ébranlée' '[0]'
m t1-15th-oates 'Chef attaché' '[1]'
u t1-15th-rallied 15th_alabama '[5,false,"worn"]'
# 47th: 0 moyen -1 bleu -2 fatiguée = -3; 8 -> 5: rally
r t1-maneuver-47th '[-3,5,"rally"]' maneuver 47th_alabama --roll 8
n 1 s1_leader_moves
n 1 s1_defensive_fire
# 83rd: 6 pts: 0; 10: Vétéran 10 mortel: 15th 5 -> 4; natural 10: short of
# ammunition; Oates tests: 10, killed
r t1-fire-83rd-10 '[0,10,"deadly"]' musketry 83rd_pa --target 15th_alabama --band close --per-stand 1 --leader oates --roll 10,10
expect_json oates-killed '[(.leaders[]|select(.id=="oates")|.status),(.units[]|select(.id=="83rd_pa")|.ammo)]' \
    '["killed",1]' -- battle status "$bf" --json
n 1 s1_offensive_fire
# 47th: 3 pts: -2, -1 bleu = -3; 3 -> 0: Entraîné 3-: nothing
r t1-fire-47th '[-3,0,"no_effect"]' musketry 47th_alabama --target 83rd_pa --band close --per-stand 1 --roll 3
n 1 s1_melee
expect_exit undeclared 2 'declared no charge' -- battle charge "$bf" 15th_alabama --target 20th_maine --roll 5,5
n 1 s1_breakthrough_moves
n 1 s1_breakthrough
saved=$(hash)
cp "$bf" "$dir/saved.json"

# ---- turn 2 -----------------------------------------------------------------
n 2 s0_leaders
a detach detach --leader chamberlain
a attach-83rd attach 83rd_pa --leader chamberlain
n 2 s0_maneuver
r t2-maneuver-hazlett '[4,5,"well_executed"]' maneuver hazlett --close no --roll 1
# 83rd: +1 vaillant +1 attaché +2 fraîche = +4; 2 -> 6
r t2-maneuver-83rd '[4,6,"well_executed"]' maneuver 83rd_pa --roll 2
a resupply resupply 83rd_pa
# 20th disordered: +1 vaillant (commander, attached elsewhere) +1 +2 = +4; 7 -> 11
r t2-maneuver-20th '[4,11,"rally_with_elan"]' maneuver 20th_maine --roll 7
n 2 s0_leader_moves
n 2 s0_defensive_fire
# 15th disordered: 4 x 1 x 1/2 = 2 pts: -3; 8 -> 5: Vétéran 5 nourri: nothing
r t2-fire-15th '[-3,5,"heavy"]' musketry 15th_alabama --target 20th_maine --band close --per-stand 1 --roll 8
n 2 s0_offensive_fire
# Hazlett: 0 -1; 9 -> 8: Vétéran mortel: 15th 4 -> 3, spent (4 lost)
r t2-cannon '[-1,8,"deadly"]' cannonade hazlett --target 15th_alabama --band close --per-stand 2 --roll 9
u t2-15th-spent 15th_alabama '[3,true,"spent"]'
r t2-fire-83rd '[0,5,"effective"]' musketry 83rd_pa --target 47th_alabama --band long --per-stand 1 --roll 5
n 2 s0_melee
n 2 s0_breakthrough_moves
n 2 s0_breakthrough
n 2 s1_leaders
n 2 s1_maneuver
# 15th: Oates killed: no leader, no attaché, -2 Non commandé; +1 -2 fatiguée = -3; 6 -> 3
r t2-maneuver-15th '[-3,3,"hesitant"]' maneuver 15th_alabama --roll 6
m t2-15th-no-leader 'Chef' '[]'
m t2-15th-out-of-command 'Non commandé' '[-2]'
m t2-15th-spent 'Troupe fatiguée' '[-2]'
# 47th: -2 non commandé -1 bleu -2 fatiguée = -5; 10 -> 5
r t2-maneuver-47th '[-5,5,"rally"]' maneuver 47th_alabama --roll 10
n 2 s1_leader_moves
n 2 s1_defensive_fire
r t2-fire-20th '[0,6,"effective"]' musketry 20th_maine --target 47th_alabama --band close --per-stand 1 --roll 6
n 2 s1_offensive_fire
# 47th disordered: 3 x 1/2 = 1.5: -4, -1 bleu = -5; 10 -> 5: nourri; natural 10: short
r t2-fire-47th '[-5,5,"heavy"]' musketry 47th_alabama --target 20th_maine --band close --per-stand 1 --roll 10
# issue 25: « Perte de chef. Testez après dé de base égal à 10 »: no leader attached to
# the 20th and none named: the test is due; the players say Chamberlain (attached to the
# 83rd) is the nearest within 10 cm: die 3, « Ignore bravement le tir »: no effect
i t2-leader-due 'a leader-loss test is due'
expect_exit t2-leader-other-side 2 'on the other side' -- battle leader_loss "$bf" --leader oates --roll 3
r t2-leader-loss '[0,3,"unhurt"]' leader_loss --leader chamberlain --roll 3
expect_exit t2-leader-not-due 2 'no leader-loss test is due' -- battle leader_loss "$bf" --leader chamberlain --roll 3
n 2 s1_melee
n 2 s1_breakthrough_moves
n 2 s1_breakthrough

# ---- turn 3 -----------------------------------------------------------------
n 3 s0_leaders
n 3 s0_maneuver
r t3-maneuver-20th '[4,8,"forced_march"]' maneuver 20th_maine --roll 4
a declare-47th declare 20th_maine --target 47th_alabama
n 3 s0_leader_moves
n 3 s0_defensive_fire
# 47th disordered and short: 1.5 pts: -4, -1 bleu, +1 Buck & Ball receiving a charge = -4; 9 -> 5
r t3-fire-47th '[-4,5,"heavy"]' musketry 47th_alabama --target 20th_maine --band close --per-stand 1 --roll 9
m t3-buck-and-ball 'Buck & Ball' '[1]'
n 3 s0_offensive_fire
# Hazlett: -1; 7 -> 6: Bleu efficace, already disordered: 3 -> 2
r t3-cannon '[-1,6,"effective"]' cannonade hazlett --target 47th_alabama --band close --per-stand 2 --roll 7
u t3-47th 47th_alabama '[2,true,"spent"]'
n 3 s0_melee
# 20th +3 v 47th -1 -2 -1 -3 (7 v 2: 3/1) = -7; 7 v 2: 15: balayés: gone
r t3-charge '[10,15,"swept_away"]' charge 20th_maine --target 47th_alabama --roll 7,2
expect_status t3-47th-removed '.units[4]|[.left,.removed]' '[0,true]' "$bf"
n 3 s0_breakthrough_moves
a t3-breakthrough-move breakthrough 20th_maine --target 15th_alabama
n 3 s0_breakthrough
# 20th +4 v 15th +1 -2 -2 (7 v 3: 2/1) = -3; 5 v 5: 7: enfoncés: 3 -> 2
r t3-breakthrough '[7,7,"broken_through"]' charge 20th_maine --target 15th_alabama --roll 5,5
u t3-15th 15th_alabama '[2,true,"spent"]'
u t3-20th 20th_maine '[7,true,"fresh"]'
n 3 s1_leaders
a replace replace --leader oates
n 3 s1_maneuver
# 15th: -1 Commandant provisoire +1 vétérans -2 fatiguée = -2; 5 -> 3
r t3-maneuver-15th '[-2,3,"hesitant"]' maneuver 15th_alabama --roll 5
m t3-15th-provisional 'Commandant provisoire' '[-1]'
m t3-15th-no-out-of-command 'Non commandé' '[]'
n 3 s1_leader_moves
n 3 s1_defensive_fire
r t3-fire-83rd '[0,4,"no_effect"]' musketry 83rd_pa --target 15th_alabama --band close --per-stand 1 --roll 4
n 3 s1_offensive_fire
expect_exit removed-unit 2 'out of play' -- battle musketry "$bf" 47th_alabama --target 20th_maine --band close --per-stand 1 --roll 5
r t3-fire-15th '[-3,-1,"no_effect"]' musketry 15th_alabama --target 20th_maine --band close --per-stand 1 --roll 2
n 3 s1_melee
n 3 s1_breakthrough_moves
n 3 s1_breakthrough
hb=$(hash)
n 4 s0_leaders
expect_json undo-last '.hash' "\"$hb\"" -- battle undo "$bf" --json
expect_json final '[.turn,.phase,(.units|map(.lost)),(.leaders|map(.status))]' \
    '[3,"s1_breakthrough",[1,0,0,5,5],["active","killed"]]' -- battle status "$bf" --json

# ---- the saved battle resumes where it was -----------------------------------
expect_json resumed '[.hash,.turn,.phase]' "[\"$saved\",1,\"s1_breakthrough\"]" \
    -- battle status "$dir/saved.json" --json
expect_json resumed-next '[.turn,.phase]' '[2,"s0_leaders"]' -- battle next "$dir/saved.json" --json

# ---- the bundled order of battle: Little Round Top ------------------------------
lrt="$dir/lrt.json"
expect_exit lrt-new 0 '' -- battle new rff "$SOURCE_ROOT/data/oob/rff/little_round_top.json" --out "$lrt" --seed 2
# stands: Union 10+7+10+7+11+3 = 48, Confederate 12+9+9+9+10+10 = 59: 107
expect_json lrt-status '[.turns,.first,.active_side,(.units|length),(.leaders|length),(.units|map(.left)|add)]' \
    '[8,1,1,12,4,107]' -- battle status "$lrt" --json
expect_json lrt-next '.phase' '"s0_maneuver"' -- battle next "$lrt" --json
# 15th Alabama: 0 Chef moyen (Law), +1 Colonel courageux (Oates: brave_colonel),
# +1 vétérans, +2 fraîche = +4; die 5 -> 9: forced march (40 cm in double line)
expect_json lrt-15th '[.resolution.steps[0].modifier,.resolution.steps[0].score,.resolution.steps[0].result,.resolution.values.move_cm]' \
    '[4,9,"forced_march",40]' -- battle maneuver "$lrt" 15th_al --roll 5 --json
expect_exit lrt-union-refused 2 'only Confederate' -- battle maneuver "$lrt" 20th_maine --roll 5
for i in 1 2; do "$GROGNARD" battle next "$lrt" >/dev/null || flunk "lrt next $i"; done
# Hazlett's guns come up limbered: they do not fire
expect_exit lrt-limbered 2 'limbered guns do not fire' \
    -- battle cannonade "$lrt" hazlett --target 15th_al --band close --per-stand 2 --roll 5

finish
