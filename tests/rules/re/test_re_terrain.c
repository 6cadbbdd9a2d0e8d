/* test_re_terrain.c - Révolution et Empire (seed 004): the unit and dice
 * data (§2-§4) and the terrain effects (§7), each case from the printed
 * text quoted beside it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/re_rules.h"
#include "grognard/re_terrain.h"

static re_scenario sc;

static gr_hex ax(int q, int r)
{
    gr_hex h = {(int16_t)q, (int16_t)r};
    return h;
}

static int reset(void **state)
{
    (void)state;
    memset(&sc, 0, sizeof sc);
    sc.cols = 10;
    sc.rows = 10;
    return 0;
}

static re_hexdef *at(gr_hex h)
{
    int c, r;
    gr_hex_to_offset(h, &c, &r);
    return &sc.map[r][c];
}

/* Two neighbours in the middle of the map: F (from) and T (to), T east of F. */
#define F ax(2, 4)
#define T ax(3, 4)

enum {
    I = RE_INFANTRY,
    IE = RE_ELITE_INFANTRY,
    C = RE_LIGHT_CAVALRY,
    HC = RE_HEAVY_CAVALRY,
    A = RE_ARTILLERY
};

/* ---- units and dice ---------------------------------------------------- */

static void test_unit_data(void **state)
{
    (void)state;
    /* §4.3: I 3 dés, IE 4, C 1, HC 2; artillery never attacks (§4.1) */
    assert_int_equal(re_unit_dice(I), 3);
    assert_int_equal(re_unit_dice(IE), 4);
    assert_int_equal(re_unit_dice(C), 1);
    assert_int_equal(re_unit_dice(HC), 2);
    assert_int_equal(re_unit_dice(A), 0);
    assert_int_equal(re_unit_dice(-1), 0);
    assert_int_equal(re_unit_dice(RE_UNIT_TYPES), 0);
    assert_int_equal(re_riposte_dice(A), 3);
    assert_int_equal(re_riposte_dice(I), 3);
    /* §3 */
    assert_int_equal(re_move_allowance(I, 0), 2);
    assert_int_equal(re_move_allowance(I, 1), 1);
    assert_int_equal(re_move_allowance(IE, 0), 2);
    assert_int_equal(re_move_allowance(IE, 1), 1);
    assert_int_equal(re_move_allowance(C, 0), 4);
    assert_int_equal(re_move_allowance(C, 1), 3);
    assert_int_equal(re_move_allowance(HC, 0), 3);
    assert_int_equal(re_move_allowance(HC, 1), 2);
    assert_int_equal(re_move_allowance(A, 0), 2);
    assert_int_equal(RE_ROAD_BONUS, 2);
    /* §2.1 */
    assert_int_equal(re_artillery_dice(1), 3);
    assert_int_equal(re_artillery_dice(2), 2);
    assert_int_equal(re_artillery_dice(3), 1);
    assert_int_equal(re_artillery_dice(4), 0);
    assert_int_equal(re_artillery_dice(0), 0);
    /* §2.2 */
    assert_int_equal(re_skirmish_loss(1), 1);
    assert_int_equal(re_skirmish_loss(2), 1);
    for (int f = 3; f <= 6; f++)
        assert_int_equal(re_skirmish_loss(f), 0);
    assert_int_equal(re_unit_type_from_id("heavy_cavalry"), HC);
    assert_int_equal(re_unit_type_from_id("dragoons"), -1);
    assert_string_equal(re_unit(IE)->code, "IE");
    assert_int_equal(re_attack_dice(1, 0, -1), 0);
    assert_int_equal(re_attack_dice(1, 0, -3), 0);
    assert_int_equal(re_attack_dice(3, 2, -1), 4);
}

static void test_die_results(void **state)
{
    (void)state;
    static const re_hit inf[6] = {RE_HIT_RETREAT, RE_HIT_LOSS, RE_HIT_LOSS,
                                  RE_HIT_MISS,    RE_HIT_MISS, RE_HIT_MISS};
    static const re_hit cav[6] = {RE_HIT_RETREAT, RE_HIT_LOSS, RE_HIT_MISS,
                                  RE_HIT_MISS,    RE_HIT_MISS, RE_HIT_MISS};
    static const re_hit art[6] = {RE_HIT_LOSS, RE_HIT_MISS, RE_HIT_MISS,
                                  RE_HIT_MISS, RE_HIT_MISS, RE_HIT_MISS};
    static const re_hit col[6] = {RE_HIT_LOSS, RE_HIT_RETREAT, RE_HIT_RETREAT,
                                  RE_HIT_MISS, RE_HIT_MISS,    RE_HIT_MISS};
    for (int f = 1; f <= 6; f++) {
        assert_int_equal(re_die_result(I, f, 0), inf[f - 1]);
        assert_int_equal(re_die_result(IE, f, 0), inf[f - 1]);
        assert_int_equal(re_die_result(C, f, 0), cav[f - 1]);
        assert_int_equal(re_die_result(HC, f, 0), cav[f - 1]);
        assert_int_equal(re_die_result(A, f, 0), art[f - 1]);
        assert_int_equal(re_die_result(I, f, 1), col[f - 1]);
        assert_int_equal(re_die_result(IE, f, 1), col[f - 1]);
        /* a column attack only changes results against infantry */
        assert_int_equal(re_die_result(C, f, 1), cav[f - 1]);
        assert_int_equal(re_die_result(A, f, 1), art[f - 1]);
    }
    assert_int_equal(re_die_result(I, 0, 0), RE_HIT_MISS);
    assert_int_equal(re_die_result(I, 7, 0), RE_HIT_MISS);
}

/* ---- movement ---------------------------------------------------------- */

static void test_enter(void **state)
{
    (void)state;
    for (int t = 0; t < RE_UNIT_TYPES; t++)
        assert_true(re_terrain_can_enter(&sc, F, T, t));
    /* off the map */
    assert_false(re_terrain_can_enter(&sc, ax(0, 0), ax(-1, 0), I));
    /* "Forêts/bois: infranchissable hors route pour la cavalerie et l'artillerie" */
    at(T)->terrain = RE_FOREST;
    assert_true(re_terrain_can_enter(&sc, F, T, I));
    assert_true(re_terrain_can_enter(&sc, F, T, IE));
    assert_false(re_terrain_can_enter(&sc, F, T, C));
    assert_false(re_terrain_can_enter(&sc, F, T, HC));
    assert_false(re_terrain_can_enter(&sc, F, T, A));
    at(T)->flags = RE_ROAD; /* a road in the wood, but not from F */
    assert_false(re_terrain_can_enter(&sc, F, T, C));
    at(F)->flags = RE_ROAD; /* along the road */
    assert_true(re_terrain_can_enter(&sc, F, T, C));
    assert_true(re_terrain_can_enter(&sc, F, T, HC));
    assert_true(re_terrain_can_enter(&sc, F, T, A));
    reset(state);
    /* "Marécage : Interdit à l'artillerie" */
    at(T)->terrain = RE_MARSH;
    assert_false(re_terrain_can_enter(&sc, F, T, A));
    assert_true(re_terrain_can_enter(&sc, F, T, C));
    assert_true(re_terrain_can_enter(&sc, F, T, I));
    /* "Montagne : ... Interdit à l'artillerie et la cavalerie" */
    at(T)->terrain = RE_MOUNTAIN;
    assert_true(re_terrain_can_enter(&sc, F, T, I));
    assert_false(re_terrain_can_enter(&sc, F, T, C));
    assert_false(re_terrain_can_enter(&sc, F, T, HC));
    assert_false(re_terrain_can_enter(&sc, F, T, A));
    /* "Ravins/Oued : Interdit à la cavalerie lourde et l'artillerie" */
    at(T)->terrain = RE_RAVINE;
    assert_true(re_terrain_can_enter(&sc, F, T, I));
    assert_true(re_terrain_can_enter(&sc, F, T, C));
    assert_false(re_terrain_can_enter(&sc, F, T, HC));
    assert_false(re_terrain_can_enter(&sc, F, T, A));
    /* "Forteresses : Interdit à la cavalerie et l'artillerie" */
    at(T)->terrain = RE_FORTRESS;
    assert_true(re_terrain_can_enter(&sc, F, T, IE));
    assert_false(re_terrain_can_enter(&sc, F, T, C));
    assert_false(re_terrain_can_enter(&sc, F, T, A));
    /* "Lac/ Rivière: Infranchissable" unless a bridge or ford */
    at(T)->terrain = RE_LAKE;
    for (int t = 0; t < RE_UNIT_TYPES; t++)
        assert_false(re_terrain_can_enter(&sc, F, T, t));
    at(T)->flags = RE_BRIDGE;
    for (int t = 0; t < RE_UNIT_TYPES; t++)
        assert_true(re_terrain_can_enter(&sc, F, T, t));
    at(T)->flags = RE_FORD;
    assert_true(re_terrain_can_enter(&sc, F, T, A));
    /* town, orchard: open to all */
    at(T)->flags = 0;
    at(T)->terrain = RE_TOWN;
    assert_true(re_terrain_can_enter(&sc, F, T, A));
    at(T)->terrain = RE_ORCHARD;
    assert_true(re_terrain_can_enter(&sc, F, T, HC));
}

static void test_stops_and_no_combat(void **state)
{
    (void)state;
    for (int t = 0; t < RE_UNIT_TYPES; t++) {
        assert_false(re_terrain_stops(&sc, F, T, t));
        assert_false(re_terrain_no_combat(&sc, F, T, t));
    }
    /* forest: "l'infanterie qui entre doit s'arrêter sans pouvoir combattre" */
    at(T)->terrain = RE_FOREST;
    assert_true(re_terrain_stops(&sc, F, T, I));
    assert_true(re_terrain_no_combat(&sc, F, T, IE));
    at(F)->flags = at(T)->flags = RE_ROAD;
    assert_true(re_terrain_stops(&sc, F, T, I));  /* even along the road */
    assert_false(re_terrain_stops(&sc, F, T, C)); /* cavalry on the road is not stopped */
    reset(state);
    /* orchard, town, mountain, ravine: "Toute unité s'arrête en entrant sans pouvoir combattre" */
    static const int all_stop[] = {RE_ORCHARD, RE_TOWN, RE_MOUNTAIN, RE_RAVINE};
    for (size_t i = 0; i < 4; i++) {
        at(T)->terrain = (uint8_t)all_stop[i];
        for (int t = 0; t < RE_UNIT_TYPES; t++) {
            assert_true(re_terrain_stops(&sc, F, T, t));
            assert_true(re_terrain_no_combat(&sc, F, T, t));
        }
    }
    /* marsh: "L'infanterie et la cavalerie doivent stopper en entrant, sans pouvoir combattre" */
    at(T)->terrain = RE_MARSH;
    assert_true(re_terrain_stops(&sc, F, T, I));
    assert_true(re_terrain_stops(&sc, F, T, C));
    assert_true(re_terrain_no_combat(&sc, F, T, HC));
    /* fortress and building: no stop printed */
    at(T)->terrain = RE_FORTRESS;
    assert_false(re_terrain_stops(&sc, F, T, I));
    assert_false(re_terrain_no_combat(&sc, F, T, I));
    at(T)->terrain = RE_BUILDING;
    assert_false(re_terrain_stops(&sc, F, T, I));
    /* bridge: "doit s'arrêter en entrant" (may fight); ford: stops without fighting */
    at(T)->terrain = RE_LAKE;
    at(T)->flags = RE_BRIDGE;
    assert_true(re_terrain_stops(&sc, F, T, C));
    assert_false(re_terrain_no_combat(&sc, F, T, C));
    at(T)->flags = RE_FORD;
    assert_true(re_terrain_stops(&sc, F, T, I));
    assert_true(re_terrain_no_combat(&sc, F, T, I));
    /* "Se cumule avec d'autres": a bridge into a hex that would not stop
     * still stops; a ford in a town stops and forbids combat */
    at(T)->terrain = RE_TOWN;
    assert_true(re_terrain_no_combat(&sc, F, T, I));
    reset(state);
    /* hill: "Toute unité s'arrête en entrant si elle vient d'en bas" */
    at(T)->flags = RE_HILL;
    for (int t = 0; t < RE_UNIT_TYPES; t++) {
        assert_true(re_terrain_stops(&sc, F, T, t));
        assert_false(re_terrain_no_combat(&sc, F, T, t));
    }
    at(F)->flags = RE_HILL; /* along the hill top */
    for (int t = 0; t < RE_UNIT_TYPES; t++)
        assert_false(re_terrain_stops(&sc, F, T, t));
    assert_false(re_terrain_stops(&sc, T, F, I)); /* going down */
}

/* ---- combat restrictions ----------------------------------------------- */

static void test_can_attack(void **state)
{
    (void)state;
    const char *why = "x";
    for (int t = 0; t < RE_UNIT_TYPES; t++)
        assert_true(re_terrain_can_attack(&sc, F, t, T, I, &why));
    assert_null(why);
    /* "La cavalerie et l'artillerie ne peuvent attaquer vers une case en forêt" */
    at(T)->terrain = RE_FOREST;
    assert_true(re_terrain_can_attack(&sc, F, I, T, I, NULL));
    assert_false(re_terrain_can_attack(&sc, F, C, T, I, &why));
    assert_non_null(why);
    assert_false(re_terrain_can_attack(&sc, F, HC, T, I, NULL));
    assert_false(re_terrain_can_attack(&sc, F, A, T, I, NULL));
    /* town: "ne peuvent combattre dans une ville ... ou vers une ville" */
    at(T)->terrain = RE_TOWN;
    assert_false(re_terrain_can_attack(&sc, F, C, T, I, NULL));
    assert_true(re_terrain_can_attack(&sc, F, IE, T, I, NULL));
    at(T)->terrain = RE_CLEAR;
    at(F)->terrain = RE_TOWN;
    assert_false(re_terrain_can_attack(&sc, F, HC, T, I, NULL));
    assert_false(re_terrain_can_attack(&sc, F, A, T, I, NULL));
    assert_true(re_terrain_can_attack(&sc, F, I, T, HC, NULL));
    assert_true(re_terrain_no_fight_in(&sc, F, C));
    assert_true(re_terrain_no_fight_in(&sc, F, A));
    assert_false(re_terrain_no_fight_in(&sc, F, I));
    assert_false(re_terrain_no_fight_in(&sc, T, C));
    at(F)->terrain = RE_CLEAR;
    /* mountain, ravine: cavalry and artillery cannot attack into */
    at(T)->terrain = RE_MOUNTAIN;
    assert_false(re_terrain_can_attack(&sc, F, C, T, I, NULL));
    assert_true(re_terrain_can_attack(&sc, F, I, T, I, NULL));
    at(T)->terrain = RE_RAVINE;
    assert_false(re_terrain_can_attack(&sc, F, C, T, I, NULL));
    assert_false(re_terrain_can_attack(&sc, F, A, T, I, NULL));
    /* fortress: "La cavalerie ne peut attaquer vers" */
    at(T)->terrain = RE_FORTRESS;
    assert_false(re_terrain_can_attack(&sc, F, HC, T, I, NULL));
    assert_true(re_terrain_can_attack(&sc, F, A, T, I, NULL));
    /* marsh: pursuit */
    at(T)->terrain = RE_MARSH;
    assert_true(re_terrain_no_pursuit(&sc, T));
    assert_false(re_terrain_no_pursuit(&sc, F));
}

static void test_charge(void **state)
{
    (void)state;
    const char *why = "x";
    assert_true(re_terrain_charge_allowed(&sc, F, T, &why));
    assert_null(why);
    /* "La cible doit être en terrain clair (sans obstacle)" */
    static const int not_clear[] = {RE_FOREST,   RE_ORCHARD, RE_TOWN,     RE_MARSH,
                                    RE_MOUNTAIN, RE_RAVINE,  RE_FORTRESS, RE_BUILDING};
    for (size_t i = 0; i < sizeof not_clear / sizeof not_clear[0]; i++) {
        at(T)->terrain = (uint8_t)not_clear[i];
        assert_false(re_terrain_charge_allowed(&sc, F, T, &why));
        assert_non_null(why);
    }
    reset(state);
    at(T)->flags = RE_FIELDWORKS; /* "Pas de charge de cavalerie vers" */
    assert_false(re_terrain_charge_allowed(&sc, F, T, NULL));
    at(T)->flags = RE_ROAD;
    assert_true(re_terrain_charge_allowed(&sc, F, T, NULL));
    /* a stream on the hexside: "pas de charge de cavalerie" */
    at(F)->sides = 1u << GR_HEX_E;
    assert_false(re_terrain_charge_allowed(&sc, F, T, NULL));
    assert_true(re_hexside(&sc, F, T));
    assert_true(re_hexside(&sc, T, F));
    at(F)->sides = 0;
    at(T)->sides = 1u << GR_HEX_W; /* written on the other hex only */
    assert_true(re_hexside(&sc, F, T));
    assert_false(re_terrain_charge_allowed(&sc, F, T, NULL));
    reset(state);
    /* hill: "Pas de charge de cavalerie venant d'en bas" */
    at(T)->flags = RE_HILL;
    assert_false(re_terrain_charge_allowed(&sc, F, T, NULL));
    at(F)->flags = RE_HILL;
    assert_true(re_terrain_charge_allowed(&sc, F, T, NULL));
    at(T)->flags = 0;
    assert_true(re_terrain_charge_allowed(&sc, F, T, NULL)); /* downhill */
    /* out of a marsh: "Pas de charge de cavalerie" */
    reset(state);
    at(F)->terrain = RE_MARSH;
    assert_false(re_terrain_charge_allowed(&sc, F, T, NULL));
    /* out of any other ground into clear ground: the condition is the
     * target's ("La cible doit être en terrain clair"); §7 says "vers" */
    static const int from_ok[] = {RE_FOREST, RE_ORCHARD,  RE_TOWN,     RE_MOUNTAIN,
                                  RE_RAVINE, RE_FORTRESS, RE_BUILDING, RE_LAKE};
    for (size_t i = 0; i < sizeof from_ok / sizeof from_ok[0]; i++) {
        at(F)->terrain = (uint8_t)from_ok[i];
        why = "x";
        assert_true(re_terrain_charge_allowed(&sc, F, T, &why));
        assert_null(why);
    }
    reset(state);
}

/* ---- combat dice ------------------------------------------------------- */

static int dice(int att, int def, re_dice_mod *m, int *n)
{
    return re_terrain_combat_dice(&sc, F, att, T, def, m, 8, n);
}

static void test_combat_dice(void **state)
{
    (void)state;
    re_dice_mod m[8];
    int n = -1;
    assert_int_equal(dice(I, I, m, &n), 0);
    assert_int_equal(n, 0);
    /* forest: "– 1 dé en protection" for every defender */
    at(T)->terrain = RE_FOREST;
    assert_int_equal(dice(I, I, m, &n), -1);
    assert_int_equal(n, 1);
    assert_int_equal(m[0].dice, -1);
    assert_int_equal(m[0].applied, 1);
    assert_non_null(strstr(m[0].reason, "protection"));
    assert_int_equal(dice(IE, A, m, &n), -1);
    /* mountain -2, fortress -2 */
    at(T)->terrain = RE_MOUNTAIN;
    assert_int_equal(dice(I, I, m, &n), -2);
    at(T)->terrain = RE_FORTRESS;
    assert_int_equal(dice(IE, I, m, &n), -2);
    /* building: "-2 dés en protection et en attaque pour l'infanterie" */
    at(T)->terrain = RE_BUILDING;
    assert_int_equal(dice(I, I, m, &n), -2);
    assert_int_equal(dice(I, HC, m, &n), 0);
    at(T)->terrain = RE_CLEAR;
    at(F)->terrain = RE_BUILDING;
    assert_int_equal(dice(I, I, m, &n), -2);
    assert_int_equal(dice(IE, C, m, &n), -2);
    at(F)->terrain = RE_CLEAR;
    /* attack maluses: forest, town, marsh -1, fortress -1 */
    static const int att_minus1[] = {RE_FOREST, RE_TOWN, RE_MARSH, RE_FORTRESS};
    for (size_t i = 0; i < 4; i++) {
        at(F)->terrain = (uint8_t)att_minus1[i];
        assert_int_equal(dice(I, I, m, &n), -1);
        assert_int_equal(n, 1);
        assert_non_null(strstr(m[0].reason, "attaque"));
    }
    /* not cumulative: a unit in a wood attacking one in a town: -1, one
     * listed but passed over */
    at(F)->terrain = RE_FOREST;
    at(T)->terrain = RE_TOWN;
    assert_int_equal(dice(I, I, m, &n), -1);
    assert_int_equal(n, 2);
    assert_int_equal(m[0].applied + m[1].applied, 1);
    assert_int_equal(m[0].applied, 1); /* the defender's first among equals */
    /* "le plus favorable à la défense": fortress -2 beats the attacker's marsh -1 */
    at(F)->terrain = RE_MARSH;
    at(T)->terrain = RE_FORTRESS;
    assert_int_equal(dice(I, I, m, &n), -2);
    at(F)->terrain = RE_BUILDING;
    at(T)->terrain = RE_FOREST;
    assert_int_equal(dice(I, I, m, &n), -2); /* the attacker's building -2 */
    assert_int_equal(m[0].applied, 0);
    assert_int_equal(m[1].applied, 1);
    reset(state);
    /* sunken road / stream: "– 1 dé en protection pour l'infanterie" */
    at(F)->sides = 1u << GR_HEX_E;
    assert_int_equal(dice(HC, I, m, &n), -1);
    assert_int_equal(dice(HC, IE, m, &n), -1);
    assert_int_equal(dice(I, C, m, &n), 0);
    assert_int_equal(dice(I, A, m, &n), 0);
    at(T)->terrain = RE_FOREST; /* not cumulative with the wood */
    assert_int_equal(dice(I, I, m, &n), -1);
    assert_int_equal(n, 2);
    reset(state);
    /* fieldworks: "– 1 dé en protection pour l'infanterie, l'artillerie. Se cumulent" */
    at(T)->flags = RE_FIELDWORKS;
    assert_int_equal(dice(I, I, m, &n), -1);
    assert_int_equal(dice(I, A, m, &n), -1);
    assert_int_equal(dice(I, C, m, &n), 0);
    at(T)->terrain = RE_TOWN;
    assert_int_equal(dice(I, I, m, &n), -2);
    /* hill: "Toute unité attaquée par le bas a -1 dé en protection. Se cumule." */
    at(T)->flags = RE_FIELDWORKS | RE_HILL;
    at(T)->terrain = RE_MOUNTAIN;
    assert_int_equal(dice(I, I, m, &n), -4);
    assert_int_equal(n, 3);
    assert_int_equal(dice(I, C, m, &n), -3); /* no fieldworks for cavalry */
    at(F)->flags = RE_HILL;                  /* not from below */
    assert_int_equal(dice(I, I, m, &n), -3);
    reset(state);
    at(T)->flags = RE_HILL;
    assert_int_equal(dice(HC, C, m, &n), -1);
    assert_int_equal(dice(I, I, NULL, NULL), -1); /* no record asked */
    assert_int_equal(re_terrain_combat_dice(&sc, F, I, T, I, m, 0, &n), -1);
    assert_int_equal(n, 0);
    /* the cap is honoured */
    at(T)->flags = RE_HILL | RE_FIELDWORKS;
    at(T)->terrain = RE_FOREST;
    assert_int_equal(re_terrain_combat_dice(&sc, F, I, T, I, m, 1, &n), -3);
    assert_int_equal(n, 1);
}

/* §2.1 "Les malus de terrain s'appliquent": the same maluses, the firer
 * being artillery. */
static void test_fire_dice(void **state)
{
    (void)state;
    re_dice_mod m[8];
    int n;
    gr_hex far = ax(5, 4);
    assert_int_equal(re_terrain_fire_dice(&sc, F, far, I, m, 8, &n), 0);
    at(far)->terrain = RE_TOWN;
    assert_int_equal(re_terrain_fire_dice(&sc, F, far, I, m, 8, &n), -1);
    at(far)->flags = RE_HILL | RE_FIELDWORKS;
    assert_int_equal(re_terrain_fire_dice(&sc, F, far, I, m, 8, &n), -3);
    assert_int_equal(re_terrain_fire_dice(&sc, F, far, HC, m, 8, &n), -2);
    /* the firer's own wood counts as the attack malus */
    reset(state);
    at(F)->terrain = RE_FOREST;
    assert_int_equal(re_terrain_fire_dice(&sc, F, far, I, m, 8, &n), -1);
    /* a stream counts only where the fire crosses it at one hex */
    reset(state);
    at(F)->sides = 1u << GR_HEX_E;
    assert_int_equal(re_terrain_fire_dice(&sc, F, T, I, m, 8, &n), -1);
    assert_int_equal(re_terrain_fire_dice(&sc, F, far, I, m, 8, &n), 0);
}

/* The data rows carry the printed text and their ids are unique. */
static void test_rows(void **state)
{
    (void)state;
    for (int i = 0; i < RE_TR_ROWS; i++) {
        const re_terrain_row *r = re_terrain_row_at(i);
        assert_non_null(r);
        assert_non_null(r->text);
        assert_non_null(r->source);
        assert_int_equal(re_terrain_row_find(r->id), i);
        assert_true(r->protection <= 0 && r->attack <= 0);
        if (r->protection)
            assert_non_null(r->protection_text);
        if (r->attack)
            assert_non_null(r->attack_text);
    }
    assert_null(re_terrain_row_at(RE_TR_ROWS));
    assert_int_equal(re_terrain_row_find("swamp"), -1);
    assert_int_equal(re_terrain_row_find("hill"), RE_TR_HILL);
}

/* ---- the precomputed movement table ------------------------------------ */

/* The table (re_terrain_move_table) answers for every pair of neighbours
 * what re_terrain_can_enter, _stops and _no_combat answer, by the formulas
 * of its contract: tried on every ground with every set of features for
 * `to`, and a `from` with and without a road and a hill, for every type. */
static void test_move_table(void **state)
{
    (void)state;
    const uint8_t feats = RE_HILL | RE_FIELDWORKS | RE_ROAD | RE_BRIDGE | RE_FORD;
    int checked = 0;
    for (int g = 0; g < RE_TERRAINS; g++)
        for (int fl = 0; fl <= feats; fl++) {
            if (fl & ~feats)
                continue;
            for (int ff = 0; ff < 4; ff++) {
                at(T)->terrain = (uint8_t)g;
                at(T)->flags = (uint8_t)fl;
                at(F)->terrain = RE_CLEAR;
                at(F)->flags = (uint8_t)((ff & 1 ? RE_ROAD : 0) | (ff & 2 ? RE_HILL : 0));
                static re_move_terrain table;
                re_terrain_move_table(&sc, &table);
                const re_move_terrain *mt = &table;
                int fi, ti, c, r;
                gr_hex_to_offset(F, &c, &r);
                fi = r * RE_MAX_COLS + c;
                gr_hex_to_offset(T, &c, &r);
                ti = r * RE_MAX_COLS + c;
                for (int type = 0; type < RE_UNIT_TYPES; type++) {
                    unsigned fb = mt->bits[type][fi], tb = mt->bits[type][ti];
                    int enter =
                        (tb & RE_MT_ENTER) || ((tb & RE_MT_ENTER_ROAD) && (fb & RE_MT_ROAD));
                    int stops =
                        (tb & RE_MT_STOP) || ((tb & RE_MT_STOP_UPHILL) && !(fb & RE_MT_HILL));
                    assert_int_equal(enter, re_terrain_can_enter(&sc, F, T, type) != 0);
                    assert_int_equal(stops, re_terrain_stops(&sc, F, T, type) != 0);
                    assert_int_equal((tb & RE_MT_NO_COMBAT) != 0,
                                     re_terrain_no_combat(&sc, F, T, type) != 0);
                    assert_int_equal((tb & RE_MT_ROAD) != 0, (fl & RE_ROAD) != 0);
                    assert_int_equal((tb & RE_MT_HILL) != 0, (fl & RE_HILL) != 0);
                    checked++;
                }
            }
        }
    assert_int_equal(checked, RE_TERRAINS * 32 * 4 * RE_UNIT_TYPES);
    /* a hex off the map is 0; forest stops infantry ("Forêts/bois") and a
     * lake without bridge or ford is entered by none */
    static re_move_terrain mt, forest, lake, hex;
    re_terrain_move_table(&sc, &mt);
    assert_int_equal(mt.bits[I][10], 0); /* column 10 of a 10-column map */
    at(T)->flags = 0;
    at(T)->terrain = RE_FOREST;
    re_terrain_move_table(&sc, &forest);
    int c, r;
    gr_hex_to_offset(T, &c, &r);
    assert_true(forest.bits[I][r * RE_MAX_COLS + c] & RE_MT_STOP);
    at(T)->terrain = RE_LAKE;
    re_terrain_move_table(&sc, &lake);
    /* one hex made again (re_terrain_move_table_hex, a terrain change)
     * gives the whole table made again: the forest's table with T now a
     * lake is the lake's table */
    hex = forest;
    re_terrain_move_table_hex(&sc, c, r, &hex);
    assert_memory_equal(&hex, &lake, sizeof hex);
    assert_true(memcmp(&forest, &lake, sizeof lake) != 0);
    for (int type = 0; type < RE_UNIT_TYPES; type++)
        assert_false(lake.bits[type][r * RE_MAX_COLS + c] & (RE_MT_ENTER | RE_MT_ENTER_ROAD));
        /* neighbours by index (row * RE_MAX_COLS + col), directions E, NE, NW,
         * W, SW, SE, odd rows shoved right: from the even row 4 and the odd row
         * 5, and from the corner 0,0 of the 10 x 10 map */
#define AT(c, r) ((r)*RE_MAX_COLS + (c))
    const int even[6] = {AT(3, 4), AT(2, 3), AT(1, 3), AT(1, 4), AT(1, 5), AT(2, 5)};
    const int odd[6] = {AT(4, 5), AT(4, 4), AT(3, 4), AT(2, 5), AT(3, 6), AT(4, 6)};
    const int corner[6] = {AT(1, 0), RE_MT_OFF, RE_MT_OFF, RE_MT_OFF, RE_MT_OFF, AT(0, 1)};
    for (int d = 0; d < GR_HEX_DIRS; d++) {
        assert_int_equal(lake.next[AT(2, 4)][d], even[d]);
        assert_int_equal(lake.next[AT(3, 5)][d], odd[d]);
        assert_int_equal(lake.next[AT(0, 0)][d], corner[d]);
    }
    assert_int_equal(lake.next[AT(9, 9)][GR_HEX_E], RE_MT_OFF); /* column 10 is off */
#undef AT
    /* the same map gives the same bytes: the forest's table made again is
     * the first one */
    at(T)->terrain = RE_FOREST;
    re_terrain_move_table(&sc, &hex);
    assert_memory_equal(&hex, &forest, sizeof hex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_unit_data, reset),
        cmocka_unit_test_setup(test_die_results, reset),
        cmocka_unit_test_setup(test_enter, reset),
        cmocka_unit_test_setup(test_stops_and_no_combat, reset),
        cmocka_unit_test_setup(test_can_attack, reset),
        cmocka_unit_test_setup(test_charge, reset),
        cmocka_unit_test_setup(test_combat_dice, reset),
        cmocka_unit_test_setup(test_fire_dice, reset),
        cmocka_unit_test_setup(test_rows, reset),
        cmocka_unit_test_setup(test_move_table, reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
