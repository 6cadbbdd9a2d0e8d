/* test_re_scenario_rules.c - the rules a scenario of format 2 adds to seed
 * 004 (docs/rules/re.md, "Scenario rules"): one tiny scenario per case,
 * dice forced.  Expected values are worked by hand from the rule text. */
/* re_test.h's helpers are static; this file does not use all of them */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#include "re_test.h"

/* Put unit u in reinforcement r (0-based), entering on `turn`, on a die of
 * `roll` or more (0: no roll), at the entry hexes given as col,row pairs. */
static void reinf(int u, int r, int turn, int roll, int nentry, ...)
{
    re_reinforcement *rf = &sc.ext.reinf[r];
    if (sc.ext.nreinf < r + 1)
        sc.ext.nreinf = (uint8_t)(r + 1);
    snprintf(rf->name, RE_NAME_LEN, "R%d", r);
    rf->turn = (uint8_t)turn;
    rf->roll = (uint8_t)roll;
    rf->nentry = (uint8_t)nentry;
    va_list ap;
    va_start(ap, nentry);
    for (int i = 0; i < nentry; i++) {
        rf->entry[i][0] = (int8_t)va_arg(ap, int);
        rf->entry[i][1] = (int8_t)va_arg(ap, int);
    }
    va_end(ap);
    sc.ext.unit_reinf[u] = (uint8_t)(r + 1);
    sc.units[u].col = -1;
    sc.units[u].row = -1;
}

static void start(void)
{
    gr_error err;
    gr_log_clear(&lg);
    assert_int_equal(re_init(&sc, &st, &err), GR_OK);
}

/* Both sides put no chit in the bowl: the turn ends at once. */
static void pass_turn(void)
{
    int t = st.turn;
    play("chits done");
    play("chits done");
    assert_int_equal(st.turn, t + 1);
}

/* Side 0 puts a chit of corps c0 in the bowl (none if NULL), then side 1
 * one of c1; each ends its choice if the engine has not done so. */
static void choose(const char *c0, const char *c1)
{
    const char *c[2] = {c0, c1};
    char buf[96];
    for (int s = 0; s < 2; s++) {
        if (c[s]) {
            snprintf(buf, sizeof buf, "chit %s", c[s]);
            play(buf);
        }
        if (st.stage == RE_ST_CHITS && st.side == s)
            play("chits done");
    }
}

/* The last turn passes: the game is over. */
static void pass_turn_last(void)
{
    play("chits done");
    play("chits done");
    assert_int_equal(st.stage, RE_ST_OVER);
}

static int count_kind(int kind)
{
    int n = 0;
    for (int i = 0; i < lg.n; i++)
        n += lg.ev[i].kind == kind;
    return n;
}

/* A reinforcement on a fixed turn is off the map until the start of that
 * turn, then stands on its first entry hex before the chits are chosen. */
static void reinforcement_on_a_turn(void **state)
{
    (void)state;
    tiny();
    unit("Vandamme", 0, RE_INFANTRY, 4, 1, 3); /* next to [0,3]: one main group */
    int f = unit("Friant", 0, RE_INFANTRY, 4, 0, 0);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    reinf(f, 0, 2, 0, 2, 0, 3, 0, 4);
    start();
    assert_true(re_unit_waiting(&sc, &st, f));
    assert_int_equal(st.units[f].col, -1);
    assert_int_equal(re_unit_at(&sc, &st, 0, 3), -1);
    /* waiting is not lost: no demoralisation point, nothing destroyed */
    assert_int_equal(re_demoralisation(&sc, &st, 0), 0);
    assert_int_equal(re_destroyed_by(&sc, &st, 1), 0);
    pass_turn();
    assert_int_equal(st.stage, RE_ST_CHITS);
    assert_false(re_unit_waiting(&sc, &st, f));
    assert_at("Friant", 0, 3);
    assert_int_equal(count_kind(RE_EV_ARRIVE), 1);
    assert_true(log_has("Friant enters the map at 0,3 (reinforcement)"));
    /* it is in its corps: activated with it */
    choose("Soult", NULL);
    play("draw Soult");
    assert_true(st.units[f].flags & RE_UF_ACTIVE);
}

/* A corps whose only units are still to come puts no chit in the bowl,
 * and an army whose units are all still to come has not lost. */
static void reinforcement_corps_has_no_chit_before_it_comes(void **state)
{
    (void)state;
    tiny();
    unit("Vandamme", 0, RE_INFANTRY, 4, 2, 2);
    int k = unit("Kienmayer", 1, RE_INFANTRY, 4, 5, 5);
    reinf(k, 0, 3, 0, 1, 5, 5);
    start();
    assert_int_not_equal(st.stage, RE_ST_OVER);
    play("chit Soult");
    /* side 1 has nothing to choose: its chits are done without asking */
    assert_int_equal(st.stage, RE_ST_DRAW);
    play("draw Soult");
    play("end movement");
    assert_int_equal(st.turn, 2);
    assert_true(re_unit_waiting(&sc, &st, k));
    play("chits done");
    assert_int_equal(st.turn, 3);
    assert_at("Kienmayer", 5, 5);
}

/* On a die roll: from its turn on, a die at the start of each turn, a
 * chance node of six faces at 1/6; it enters on `roll` or more, else it
 * waits and the die is rolled again next turn. */
static void reinforcement_on_a_roll(void **state)
{
    (void)state;
    tiny();
    sc.turns = 5;
    unit("Vandamme", 0, RE_INFANTRY, 4, 2, 2);
    int b = unit("Bourcier", 0, RE_HEAVY_CAVALRY, 3, 0, 0);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    reinf(b, 0, 2, 4, 1, 0, 5);
    start();
    assert_int_equal(st.stage, RE_ST_CHITS); /* no die on turn 1 */
    pass_turn();
    assert_int_equal(st.stage, RE_ST_ARRIVAL);
    assert_int_equal(re_current_player(&sc, &st), RE_CHANCE);
    re_chance ch[RE_MAX_OUTCOMES];
    assert_int_equal(re_chance_outcomes(&sc, &st, ch, RE_MAX_OUTCOMES), 6);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(ch[i].action.kind, RE_A_DIE);
        assert_int_equal(ch[i].action.unit, i + 1);
        assert_int_equal(ch[i].num, 1);
        assert_int_equal(ch[i].den, 6);
    }
    assert_false(legal("chits done"));
    play("die 3"); /* 3 < 4: not this turn */
    assert_int_equal(st.stage, RE_ST_CHITS);
    assert_true(re_unit_waiting(&sc, &st, b));
    assert_true(log_has("reinforcement R0: the die shows 3, it needs 4 or more: not this turn"));
    pass_turn();
    assert_int_equal(st.stage, RE_ST_ARRIVAL);
    play("die 4");
    assert_at("Bourcier", 0, 5);
    assert_int_equal(st.stage, RE_ST_CHITS);
    /* once in, no more die */
    pass_turn();
    assert_int_equal(st.stage, RE_ST_CHITS);
}

/* A roll due on turn 1 is the first node of the game. */
static void reinforcement_roll_on_turn_one(void **state)
{
    (void)state;
    tiny();
    unit("Vandamme", 0, RE_INFANTRY, 4, 2, 2);
    int b = unit("Bourcier", 0, RE_HEAVY_CAVALRY, 3, 0, 0);
    int k = unit("Kienmayer", 1, RE_INFANTRY, 4, 5, 5);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 4);
    reinf(b, 0, 1, 6, 1, 0, 5);
    reinf(k, 1, 1, 2, 1, 5, 0);
    start();
    assert_int_equal(st.stage, RE_ST_ARRIVAL);
    assert_int_equal(st.arrival, 0);
    play("die 6");
    /* the next reinforcement's die, before any placing */
    assert_int_equal(st.stage, RE_ST_ARRIVAL);
    assert_int_equal(st.arrival, 1);
    assert_true(re_unit_waiting(&sc, &st, b));
    play("die 1");
    assert_int_equal(st.stage, RE_ST_CHITS);
    assert_at("Bourcier", 0, 5);
    assert_true(re_unit_waiting(&sc, &st, k));
}

/* Entry hexes are filled in their order; a taken hex (friend or foe) or a
 * hex the unit's type may not stand in is passed over. */
static void reinforcement_entry_hexes_in_order(void **state)
{
    (void)state;
    tiny();
    terrain(0, 1, RE_FOREST);
    unit("Vandamme", 0, RE_INFANTRY, 4, 0, 0); /* on the first entry hex */
    int a = unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 0);
    int f = unit("Friant", 0, RE_INFANTRY, 4, 0, 0);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    reinf(a, 0, 2, 0, 3, 0, 0, 0, 1, 0, 2);
    reinf(f, 0, 2, 0, 3, 0, 0, 0, 1, 0, 2);
    start();
    pass_turn();
    /* Senarmont: [0,0] taken, [0,1] forest (no artillery): [0,2] */
    assert_at("Senarmont", 0, 2);
    /* Friant: [0,0] taken, [0,1] forest is open to infantry */
    assert_at("Friant", 0, 1);
}

/* All entry hexes taken: the unit waits and enters at the start of the
 * next turn where one is free, without another die. */
static void reinforcement_entry_blocked_waits(void **state)
{
    (void)state;
    tiny();
    sc.turns = 5;
    unit("Vandamme", 0, RE_INFANTRY, 4, 2, 2);
    int b = unit("Bourcier", 0, RE_HEAVY_CAVALRY, 3, 0, 0);
    unit("Weyrother", 1, RE_INFANTRY, 4, 0, 3); /* an enemy on the entry hex */
    reinf(b, 0, 2, 5, 1, 0, 3);
    start();
    pass_turn();
    play("die 5");
    assert_true(re_unit_waiting(&sc, &st, b));
    assert_true(st.units[b].called);
    assert_true(log_has("Bourcier finds its entry hexes taken: it waits for the next turn"));
    assert_int_equal(st.stage, RE_ST_CHITS);
    /* the enemy moves off */
    choose(NULL, "Kollowrat");
    play("draw Kollowrat");
    play("Weyrother: move to 1,4");
    if (st.stage == RE_ST_COMBAT)
        play("end activation");
    assert_int_equal(st.turn, 3);
    /* no die: it was called already */
    assert_int_equal(st.stage, RE_ST_CHITS);
    assert_at("Bourcier", 0, 3);
    assert_false(st.units[b].called);
}

/* Chits per turn by turn (a commander arriving): x changes on its turn. */
static void chits_per_turn_by_turn(void **state)
{
    (void)state;
    tiny();
    sc.corps[0].chits = 3;
    sc.ext.chits[0][2] = 1;
    sc.ext.chits[0][3] = 3;
    unit("Vandamme", 0, RE_INFANTRY, 4, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    start();
    assert_int_equal(re_chits_per_turn(&sc, 0, 1), 2);
    assert_int_equal(re_chits_per_turn(&sc, 0, 2), 1);
    assert_int_equal(re_chits_per_turn(&sc, 1, 2), 2);
    play("chit Soult");
    assert_int_equal(st.side, 0);
    play("chit Soult");
    assert_int_equal(st.side, 1); /* 2 on turn 1: the choice ends by itself */
    play("chits done");
    play("draw Soult");
    play("end movement");
    play("draw Soult");
    play("end movement");
    assert_int_equal(st.turn, 2);
    play("chit Soult");
    assert_int_equal(st.side, 1); /* 1 on turn 2 */
    play("chits done");
    play("draw Soult");
    play("end movement");
    assert_int_equal(st.turn, 3);
    play("chit Soult");
    play("chit Soult");
    assert_int_equal(st.side, 0);
    assert_true(legal("chit Soult")); /* 3 on turn 3 */
}

/* Roll the pending dice: the first `n1` show `f1`, the rest 6 (no effect
 * on any type), until the roll is over. */
static void roll(int n1, int f1)
{
    int roll0 = st.combat.roll;
    for (int i = 0; st.stage == RE_ST_DICE && st.combat.roll == roll0; i++)
        die(i < n1 ? f1 : 6);
}

/* Guard, "ignore its first retreat result": the first retreat result of the
 * game is ignored, the next ones are not (seed 004 UNITES: "l'infanterie de
 * la garde française recule moins facilement que les autres"). */
static void guard_ignores_first_retreat(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Vandamme", 0, RE_INFANTRY, 4, 2, 3);
    int w = unit("Chasseurs", 1, RE_ELITE_INFANTRY, 4, 3, 2);
    sc.ext.unit_tags[w] = RE_TAG_GUARD;
    sc.ext.guard_rule = RE_GUARD_IGNORE_FIRST_RETREAT;
    activate_corps(0);
    play("end movement");
    play("Friant: attack Chasseurs");
    roll(1, 1); /* one retreat result */
    assert_at("Chasseurs", 3, 2);
    assert_true(st.units[w].sflags & RE_USF_GUARD_USED);
    assert_true(log_has("Chasseurs (guard) retreats less easily: 0 hex(es) of retreat instead "
                        "of 1"));
    if (st.stage == RE_ST_RIPOSTE)
        play("Chasseurs: no riposte");
    play("Vandamme: attack Chasseurs");
    roll(1, 1); /* the second retreat result counts */
    assert_int_equal(st.stage, RE_ST_RETREAT);
    assert_int_equal(st.retreat.left, 1);
}

/* Guard, "retreat one hex less": every retreat is one hex shorter. */
static void guard_retreats_one_hex_less(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    int w = unit("Chasseurs", 1, RE_ELITE_INFANTRY, 4, 3, 2);
    sc.ext.unit_tags[w] = RE_TAG_GUARD;
    sc.ext.guard_rule = RE_GUARD_RETREAT_ONE_LESS;
    activate_corps(0);
    play("end movement");
    play("Friant: attack Chasseurs");
    roll(2, 1); /* two retreat results: one hex */
    assert_int_equal(st.stage, RE_ST_RETREAT);
    assert_int_equal(st.retreat.left, 1);
    assert_true(log_has("Chasseurs (guard) retreats less easily: 1 hex(es) of retreat instead "
                        "of 2"));
    /* the same unit untagged retreats two */
    sc.ext.unit_tags[w] = 0;
    activate_corps(0);
    play("end movement");
    play("Friant: attack Chasseurs");
    roll(2, 1);
    assert_int_equal(st.retreat.left, 2);
}

/* Fog or night: on a turn with a sight of N hexes, no artillery fire (the
 * only fire that needs a line of sight) beyond N hexes. */
static void fog_shortens_sight_and_artillery_range(void **state)
{
    (void)state;
    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2); /* 2 hexes */
    activate_corps(0);
    assert_true(legal("Senarmont: fire at 2,2"));
    sc.ext.sight[1] = 1;
    activate_corps(0);
    assert_false(legal("Senarmont: fire at 2,2"));
    sc.ext.sight[1] = 2;
    activate_corps(0);
    assert_true(legal("Senarmont: fire at 2,2"));
    /* announced at the start of the turn */
    sc.ext.sight[1] = 0;
    sc.ext.sight[2] = 1;
    start();
    pass_turn();
    assert_true(log_has("turn 2: fog or night, no line of sight and no artillery fire beyond 1 "
                        "hex(es)"));
}

/* Victory by objectives held at the end: an objective is held by the side
 * of the unit on it, else by its owner. */
static void victory_by_objectives_held(void **state)
{
    (void)state;
    tiny();
    sc.turns = 1;
    sc.victory = RE_VICTORY_OBJECTIVES;
    unit("Friant", 0, RE_INFANTRY, 4, 3, 3);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    sc.objectives[0] = (re_objective){3, 3, 1, 2}; /* Autriche's, held by Friant */
    sc.objectives[1] = (re_objective){0, 0, 0, 1}; /* France's, empty */
    sc.objectives[2] = (re_objective){5, 0, 1, 1}; /* Autriche's, empty */
    sc.nobjectives = 3;
    start();
    assert_int_equal(re_objective_points(&sc, &st, 0), 3);
    assert_int_equal(re_objective_points(&sc, &st, 1), 1);
    pass_turn_last();
    assert_int_equal(re_winner(&sc, &st), 0);
    assert_true(log_has("game over: objective points held: France 3, Autriche 1"));
}

/* Victory by points: each enemy unit destroyed scores its points. */
static void victory_by_points(void **state)
{
    (void)state;
    tiny();
    sc.turns = 1;
    sc.victory = RE_VICTORY_POINTS;
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    int w = unit("Weyrother", 1, RE_INFANTRY, 1, 3, 2);
    unit("Kienmayer", 1, RE_INFANTRY, 4, 5, 5);
    sc.ext.unit_points[w] = 3;
    sc.objectives[0] = (re_objective){0, 0, 0, 2}; /* France's, held by France: no point */
    sc.nobjectives = 1;
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    roll(1, 2); /* a loss: its last figure */
    assert_int_equal(figures("Weyrother"), 0);
    assert_int_equal(re_victory_points(&sc, &st, 0), 3);
    assert_int_equal(re_victory_points(&sc, &st, 1), 0);
    while (st.stage != RE_ST_OVER)
        play(st.stage == RE_ST_AFTER ? "Friant: stop" : "end activation");
    assert_int_equal(re_winner(&sc, &st), 0);
    assert_true(log_has("game over: victory points: France 3, Autriche 0"));
}

/* Sudden death: a side whose demoralisation points reach the threshold
 * loses at once, turns left or not. */
static void sudden_death_ends_the_battle(void **state)
{
    (void)state;
    tiny();
    sc.turns = 3;
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 1, 3, 2);
    unit("Kienmayer", 1, RE_INFANTRY, 4, 5, 5);
    sc.ext.sudden_death[1] = 1;
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    roll(1, 2);
    assert_int_equal(st.stage, RE_ST_OVER);
    assert_int_equal(st.turn, 1);
    assert_int_equal(re_winner(&sc, &st), 0);
    assert_true(log_has("sudden death: Autriche reaches 1 demoralisation points (threshold 1)"));
    /* without it, the battle goes on */
    sc.ext.sudden_death[1] = 0;
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    roll(1, 2);
    assert_int_not_equal(st.stage, RE_ST_OVER);
}

/* Terrain that changes on a turn: a bridge destroyed from turn 2 on closes
 * the river there; the log says so at the start of the turn. */
static void terrain_change_bridge_destroyed(void **state)
{
    (void)state;
    tiny();
    for (int r = 0; r < 6; r++)
        terrain(3, r, RE_LAKE);
    flag(3, 2, RE_BRIDGE);
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    sc.ext.nchanges = 1;
    sc.ext.changes[0] =
        (re_terrain_change){.turn = 2, .col = 3, .row = 2, .what = RE_TC_FLAGS, .flags = 0};
    activate_corps(0);
    assert_true(legal("Friant: move to 3,2")); /* turn 1: the bridge stands */
    start();
    pass_turn();
    assert_true(log_has("the bridge at 3,2 is destroyed: now Lac/Rivière"));
    choose("Soult", NULL);
    play("draw Soult");
    assert_int_equal(st.turn, 2);
    assert_false(legal("Friant: move to 3,2"));
    assert_false(legal("Friant: move to 4,2"));
    /* the scenario itself is unchanged; the turn's view has the change */
    re_scenario buf;
    assert_true(sc.map[2][3].flags & RE_BRIDGE);
    assert_false(re_scenario_at_turn(&sc, 2, &buf)->map[2][3].flags & RE_BRIDGE);
    assert_ptr_equal(re_scenario_at_turn(&sc, 1, &buf), &sc);
}

/* The same with the scenario's tables made (re_scenario_make_tables, as
 * a loaded scenario has them): the engine's copy of the scenario on turn 2
 * has its move table patched on the changed hex, so the river is closed
 * there too (a table left as it was would let Friant onto 3,2). */
static void terrain_change_with_the_tables_made(void **state)
{
    (void)state;
    tiny();
    for (int r = 0; r < 6; r++)
        terrain(3, r, RE_LAKE);
    flag(3, 2, RE_BRIDGE);
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    sc.ext.nchanges = 1;
    sc.ext.changes[0] =
        (re_terrain_change){.turn = 2, .col = 3, .row = 2, .what = RE_TC_FLAGS, .flags = 0};
    re_scenario_make_tables(&sc);
    assert_true(sc.tables.made);
    activate_corps(0);
    assert_true(legal("Friant: move to 3,2")); /* turn 1: the bridge stands */
    start();
    pass_turn();
    choose("Soult", NULL);
    play("draw Soult");
    assert_int_equal(st.turn, 2);
    assert_false(legal("Friant: move to 3,2"));
    assert_false(legal("Friant: move to 4,2"));
    assert_true(legal("Friant: move to 2,3"));
    /* the scenario's own tables are those of turn 1 */
    assert_true(sc.tables.move.bits[RE_INFANTRY][2 * RE_MAX_COLS + 3] & RE_MT_ENTER);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reinforcement_on_a_turn),
        cmocka_unit_test(reinforcement_corps_has_no_chit_before_it_comes),
        cmocka_unit_test(reinforcement_on_a_roll),
        cmocka_unit_test(reinforcement_roll_on_turn_one),
        cmocka_unit_test(reinforcement_entry_hexes_in_order),
        cmocka_unit_test(reinforcement_entry_blocked_waits),
        cmocka_unit_test(chits_per_turn_by_turn),
        cmocka_unit_test(guard_ignores_first_retreat),
        cmocka_unit_test(guard_retreats_one_hex_less),
        cmocka_unit_test(fog_shortens_sight_and_artillery_range),
        cmocka_unit_test(victory_by_objectives_held),
        cmocka_unit_test(victory_by_points),
        cmocka_unit_test(sudden_death_ends_the_battle),
        cmocka_unit_test(terrain_change_bridge_destroyed),
        cmocka_unit_test(terrain_change_with_the_tables_made),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
