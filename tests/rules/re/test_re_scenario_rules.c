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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
