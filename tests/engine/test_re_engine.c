/* test_re_engine.c - Révolution et Empire (seed 004): one tiny scenario per
 * rule paragraph, dice forced through the chance API, each asserting what
 * the seed says.  Tests are named after the paragraph they check:
 * s1_ ACTIVATION, s21_ artillery fire, s22_ skirmisher fire, s3_ MOUVEMENT,
 * s41_..s45_ COMBAT, s5_ UNITES SPECIALES, s6_ DEMORALISATION, s7_
 * TERRAINS, s8_ LIGNE DE VUE (through artillery fire), goal_ BUT DU JEU.
 *
 * Map coordinates are odd-r offsets "col,row"; on an even row r the
 * neighbours of (c,r) are (c±1,r), (c-1,r-1), (c,r-1), (c-1,r+1), (c,r+1). */
#include "re_test.h"

/* ---- §1 Activation -------------------------------------------------------- */

/* "Chaque corps d'armée dispose de y jetons" / "x jetons CA" per turn; the
 * bowl is a chance node with each chit at count/total. */
static void s1_chits_per_corps_and_per_turn(void **state)
{
    (void)state;
    tiny();
    sc.ncorps = 3;
    snprintf(sc.corps[2].name, RE_NAME_LEN, "Lannes");
    sc.corps[2].side = 0;
    sc.corps[2].chits = 1;
    sc.corps[0].chits = 2;
    sc.sides[0].chits_per_turn = 3;
    unit("Vandamme", 0, RE_INFANTRY, 4, 0, 0);
    unit("Oudinot", 0, RE_INFANTRY, 4, 0, 5);
    sc.units[1].corps = 2;
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    assert_int_equal(re_init(&sc, &st, NULL), GR_OK);
    assert_int_equal(re_current_player(&sc, &st), 0);
    play("chit Soult");
    play("chit Soult");
    assert_false(legal("chit Soult")); /* y = 2 chits for Soult */
    assert_true(legal("chit Lannes"));
    play("chit Lannes");
    /* x = 3: the choice ends by itself */
    assert_int_equal(st.stage, RE_ST_CHITS);
    assert_int_equal(re_current_player(&sc, &st), 1);
    assert_false(legal("chit Soult"));
    play("chit Kollowrat"); /* its only chit: the choice ends */
    assert_int_equal(re_current_player(&sc, &st), RE_CHANCE);
    re_chance ch[RE_MAX_OUTCOMES];
    int n = re_chance_outcomes(&sc, &st, ch, RE_MAX_OUTCOMES);
    assert_int_equal(n, 3);
    assert_int_equal(ch[0].action.kind, RE_A_DRAW);
    assert_int_equal(ch[0].num, 2); /* Soult: 2 of 4 */
    assert_int_equal(ch[0].den, 4);
    assert_int_equal(ch[1].num, 1); /* Kollowrat */
    assert_int_equal(ch[2].num, 1); /* Lannes */
}

/* "son joueur joue un SEUL groupe d'unités adjacentes entre elles (dit
 * groupe principal)": units of the corps not connected to the chosen group
 * are not activated. */
static void s1_main_group_of_adjacent_units(void **state)
{
    (void)state;
    tiny();
    unit("Vandamme", 0, RE_INFANTRY, 4, 0, 0);
    unit("Saint-Hilaire", 0, RE_INFANTRY, 4, 1, 0); /* adjacent to Vandamme */
    unit("Legrand", 0, RE_INFANTRY, 4, 0, 4);       /* apart */
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    activate_corps(0);
    assert_int_equal(st.stage, RE_ST_GROUP);
    assert_true(legal("group Vandamme"));
    assert_true(legal("group Legrand"));
    assert_false(legal("group Saint-Hilaire")); /* same group as Vandamme */
    play("group Vandamme");
    assert_true(legal("Vandamme: move to 0,1"));
    assert_true(legal("Saint-Hilaire: move to 2,0"));
    assert_false(legal("Legrand: move to 0,3"));
}

/* "La cavalerie légère appartenant au corps activé n'a pas cette
 * contrainte, elle peut être jouée (dite unité isolée)". */
static void s1_isolated_light_cavalry(void **state)
{
    (void)state;
    tiny();
    unit("Vandamme", 0, RE_INFANTRY, 4, 0, 0);
    unit("Legrand", 0, RE_INFANTRY, 4, 0, 4);
    unit("Margaron", 0, RE_LIGHT_CAVALRY, 2, 3, 2); /* alone */
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    activate_corps(0);
    play("group Vandamme");
    assert_true(legal("Margaron: move to 3,3"));
    assert_true(st.units[U("Margaron")].flags & RE_UF_ACTIVE);
    assert_false(st.units[U("Legrand")].flags & RE_UF_ACTIVE);
}

/* "Cette procédure s'achève lorsque tous les jetons dans le bol sont
 * tirés. Le tour de jeu est ainsi fini et un nouveau tour commence". */
static void s1_turn_ends_when_bowl_is_empty(void **state)
{
    (void)state;
    tiny();
    unit("Vandamme", 0, RE_INFANTRY, 4, 0, 0);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    activate_corps(0);
    assert_int_equal(st.turn, 1);
    play("end movement");
    assert_int_equal(st.turn, 2);
    assert_int_equal(st.stage, RE_ST_CHITS);
    assert_int_equal(re_current_player(&sc, &st), 0);
    assert_true(log_has("end of turn 1"));
}

/* ---- §2.1 Artillery fire -------------------------------------------------- */

/* "Elle doit tirer sur la case occupée la plus proche"; 3 dice at 1 hex,
 * 2 at 2, 1 at 3. */
static void s21_artillery_nearest_hex_and_dice_by_range(void **state)
{
    (void)state;
    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2); /* 2 hexes */
    unit("Langeron", 1, RE_INFANTRY, 4, 3, 4);  /* farther */
    activate_corps(0);
    assert_int_equal(st.stage, RE_ST_FIRE);
    assert_true(legal("Senarmont: fire at 2,2"));
    assert_false(legal("Senarmont: fire at 3,4"));
    play("Senarmont: fire at 2,2");
    assert_int_equal(dice_pending(), 2);
    die(2); /* loss */
    die(5); /* miss */
    assert_int_equal(figures("Weyrother"), 3);
    /* "Pas de combat en défense sur un tir": no riposte is offered */
    assert_int_not_equal(st.stage, RE_ST_RIPOSTE);

    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 1, 2);
    activate_corps(0);
    play("Senarmont: fire at 1,2");
    assert_int_equal(dice_pending(), 3);

    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    play("Senarmont: fire at 3,2");
    assert_int_equal(dice_pending(), 1);

    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 4, 2); /* 4 hexes: out of range */
    activate_corps(0);
    assert_false(legal("Senarmont: fire at 4,2"));
}

/* "Le Tir d'artillerie est sans effet contre de l'artillerie." */
static void s21_artillery_fire_no_effect_on_artillery(void **state)
{
    (void)state;
    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Batterie", 1, RE_ARTILLERY, 1, 2, 2);
    activate_corps(0);
    play("Senarmont: fire at 2,2");
    assert_int_equal(dice_pending(), 0);
    assert_int_equal(figures("Batterie"), 1);
    assert_true(log_has("no effect"));
}

/* "peut tirer une fois par tour ... si elle tire elle ne peut rien faire
 * d'autre": no move after firing, no second fire in the turn. */
static void s21_artillery_fires_once_and_does_nothing_else(void **state)
{
    (void)state;
    tiny();
    sc.corps[0].chits = 2;
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    assert_int_equal(re_init(&sc, &st, NULL), GR_OK);
    play("chit Soult");
    play("chit Soult");
    play("chits done");
    play("draw Soult");
    play("Senarmont: fire at 3,2");
    dice_all(6);
    /* no move for the battery: the activation ends by itself */
    assert_int_equal(st.stage, RE_ST_DRAW);
    play("draw Soult");
    assert_false(legal("Senarmont: fire at 3,2"));
    assert_false(legal("Senarmont: move to 1,2"));
}

/* "si elle tire elle ne peut rien faire d'autre" and "se déplace jusqu'à
 * deux cases si elle n'a pas tirée": moving and firing exclude each other
 * for the whole turn, both ways round.  A battery that moved in its corps'
 * first activation is offered no fire in the second activation of the same
 * turn; it fires again in the next turn. */
static void s21_artillery_that_moved_does_not_fire_that_turn(void **state)
{
    (void)state;
    tiny();
    sc.corps[0].chits = 2;
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 4, 2); /* 4 hexes: out of range */
    assert_int_equal(re_init(&sc, &st, NULL), GR_OK);
    play("chit Soult");
    play("chit Soult");
    play("chits done");
    play("draw Soult");
    assert_int_equal(st.stage, RE_ST_MOVE); /* nothing in range: no fire */
    play("Senarmont: move to 1,2");         /* now 3 hexes from Weyrother */
    assert_int_equal(st.stage, RE_ST_DRAW); /* nothing more to do: the activation ends */
    play("draw Soult");
    assert_int_equal(st.turn, 1);
    assert_false(legal("Senarmont: fire at 4,2"));
    if (st.stage == RE_ST_MOVE)
        play("end movement");
    /* the next turn it may fire */
    assert_int_equal(st.turn, 2);
    play("chit Soult");
    play("chits done");
    play("chits done");
    play("draw Soult");
    assert_true(legal("Senarmont: fire at 4,2"));
}

/* "Le tir d'enfilade permet de toucher les cibles sur les cases se
 * suivant": the next enemy along the same hex row is hit, with its own
 * range's dice. */
static void s21_enfilade(void **state)
{
    (void)state;
    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 1, 2);
    unit("Langeron", 1, RE_INFANTRY, 4, 2, 2);
    unit("Kienmayer", 1, RE_INFANTRY, 4, 4, 2); /* a gap: not hit */
    activate_corps(0);
    play("Senarmont: fire at 1,2");
    assert_int_equal(dice_pending(), 3);
    dice_all(2); /* 3 losses on Weyrother */
    assert_int_equal(figures("Weyrother"), 1);
    assert_int_equal(st.combat.hit, U("Langeron"));
    assert_int_equal(dice_pending(), 2); /* 2 hexes */
    dice_all(3);
    assert_int_equal(figures("Langeron"), 2);
    assert_int_equal(figures("Kienmayer"), 4);
    assert_true(log_has("enfilade"));
}

/* "Les malus de terrain s'appliquent": a target in a town (-1). */
static void s21_artillery_terrain_malus(void **state)
{
    (void)state;
    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 1, 2);
    terrain(1, 2, RE_TOWN);
    activate_corps(0);
    play("Senarmont: fire at 1,2");
    assert_int_equal(dice_pending(), 2);
}

/* Artillery fire results are those of combat ("voir combat pour les
 * pertes"): a 1 makes the infantry retreat, away from the battery. */
static void s21_artillery_fire_retreat(void **state)
{
    (void)state;
    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 1, 2);
    activate_corps(0);
    play("Senarmont: fire at 1,2");
    die(1);
    die(6);
    die(6);
    assert_int_equal(st.stage, RE_ST_RETREAT);
    assert_int_equal(re_current_player(&sc, &st), 1);
    assert_true(legal("Weyrother: retreat to 2,2"));
    play("Weyrother: retreat to 2,2");
    assert_at("Weyrother", 2, 2);
}

/* ---- §8 Line of sight, through artillery fire ------------------------------ */

static void los_setup(int tcol, int trow)
{
    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, tcol, trow);
}

static void s8_los_blocked_by_forest_orchard_town_fortress_mountain(void **state)
{
    (void)state;
    const int block[] = {RE_FOREST, RE_ORCHARD, RE_TOWN, RE_FORTRESS, RE_MOUNTAIN};
    for (size_t i = 0; i < sizeof block / sizeof block[0]; i++) {
        los_setup(2, 2);
        terrain(1, 2, block[i]);
        activate_corps(0);
        assert_false(legal("Senarmont: fire at 2,2"));
    }
    /* marsh and ravine do not block */
    los_setup(2, 2);
    terrain(1, 2, RE_MARSH);
    activate_corps(0);
    assert_true(legal("Senarmont: fire at 2,2"));
}

static void s8_los_target_and_observer_terrain_never_block(void **state)
{
    (void)state;
    los_setup(2, 2);
    terrain(2, 2, RE_FOREST);
    terrain(0, 2, RE_TOWN);
    activate_corps(0);
    assert_true(legal("Senarmont: fire at 2,2"));
}

static void s8_los_blocked_by_units(void **state)
{
    (void)state;
    los_setup(2, 2);
    unit("Friant", 0, RE_INFANTRY, 4, 1, 2); /* a friend between */
    activate_corps(0);
    assert_false(legal("Senarmont: fire at 2,2"));
}

static void s8_los_hills(void **state)
{
    (void)state;
    /* a hill between blocks */
    los_setup(2, 2);
    flag(1, 2, RE_HILL);
    activate_corps(0);
    assert_false(legal("Senarmont: fire at 2,2"));
    /* both on hills: the hill and the wood below do not block */
    los_setup(3, 2);
    flag(0, 2, RE_HILL);
    flag(3, 2, RE_HILL);
    flag(1, 2, RE_HILL);
    terrain(2, 2, RE_FOREST);
    activate_corps(0);
    assert_true(legal("Senarmont: fire at 3,2"));
    /* only the observer on a hill: the wood below still blocks */
    los_setup(3, 2);
    flag(0, 2, RE_HILL);
    terrain(2, 2, RE_FOREST);
    activate_corps(0);
    assert_false(legal("Senarmont: fire at 3,2"));
}

/* "Quand la ligne de vue longe un ou plusieurs hexagones portant des
 * obstacles ... elle n'est pas bloquée sauf si les obstacles se trouvent
 * des deux cotés": battery at 2,4, target at 2,2; the line runs between
 * 1,3 and 2,3. */
static void s8_los_along_hex_edges(void **state)
{
    (void)state;
    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 2, 4);
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2);
    assert_int_equal(gr_hex_distance(gr_hex_from_offset(2, 4), gr_hex_from_offset(2, 2)), 2);
    terrain(1, 3, RE_FOREST);
    activate_corps(0);
    assert_true(legal("Senarmont: fire at 2,2")); /* one side only */
    terrain(2, 3, RE_FOREST);
    activate_corps(0);
    assert_false(legal("Senarmont: fire at 2,2")); /* both sides */
}

/* ---- §2.2 Skirmishers -------------------------------------------------------- */

/* "peuvent tirer sur une unité d'infanterie adjacente avec un dé, un
 * résultat de 1 ou 2 fait une perte ... Pas de malus de terrain." */
static void s22_skirmisher_fire(void **state)
{
    (void)state;
    tiny();
    int f = unit("Friant", 0, RE_INFANTRY, 4, 1, 2);
    sc.units[f].skirmisher = 1;
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2);
    terrain(2, 2, RE_TOWN);                              /* no terrain malus */
    unit("Liechtenstein", 1, RE_HEAVY_CAVALRY, 3, 0, 1); /* not infantry: no skirmish */
    activate_corps(0);
    assert_int_equal(st.stage, RE_ST_FIRE);
    assert_false(legal("Friant: skirmish Liechtenstein"));
    play("Friant: skirmish Weyrother");
    assert_int_equal(dice_pending(), 1);
    die(2);
    assert_int_equal(figures("Weyrother"), 3);
    assert_false(legal("Friant: skirmish Weyrother")); /* once per activation */

    tiny();
    f = unit("Friant", 0, RE_INFANTRY, 4, 1, 2);
    sc.units[f].skirmisher = 1;
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2);
    activate_corps(0);
    play("Friant: skirmish Weyrother");
    die(3);
    assert_int_equal(figures("Weyrother"), 4);
    /* no riposte on a fire; the unit may still move and fight */
    assert_true(legal("Friant: move to 1,3") || legal("end movement"));

    /* an infantry unit without skirmishers cannot */
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 1, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2);
    activate_corps(0);
    assert_false(legal("Friant: skirmish Weyrother"));
}

/* ---- §3 Movement -------------------------------------------------------------- */

/* "Infanterie : se déplace de deux cases sans combat ... ou jusqu'à une case
 * et peut combattre". */
static void s3_infantry_two_hexes_without_combat_one_with(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    assert_true(legal("Friant: move to 2,2"));
    assert_false(legal("Friant: move to 3,3"));
    play("Friant: move to 2,2"); /* 2 hexes: may not fight */
    assert_true(log_has("may not fight"));
    assert_int_equal(st.turn, 2); /* no combat possible: the activation and turn end */

    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 1, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    play("Friant: move to 2,2"); /* 1 hex: may fight */
    assert_true(legal("Friant: attack Weyrother"));
}

static void s3_cavalry_and_artillery_allowances(void **state)
{
    (void)state;
    tiny();
    sc.cols = 8;
    unit("Murat", 0, RE_LIGHT_CAVALRY, 2, 0, 0);
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 0, 1);
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 7, 5);
    activate_corps(0);
    assert_true(legal("Murat: move to 4,0"));
    assert_false(legal("Murat: move to 5,0"));
    assert_true(legal("Nansouty: move to 3,1"));
    assert_false(legal("Nansouty: move to 4,1"));
    assert_true(legal("Senarmont: move to 2,2"));
    assert_false(legal("Senarmont: move to 3,2"));
    /* light cavalry: 3 hexes and still fight, not 4; heavy: 2, not 3 */
    unit("Kienmayer", 1, RE_INFANTRY, 4, 4, 0);
    unit("Bagration", 1, RE_INFANTRY, 4, 4, 1);
    activate_corps(0);
    play("Murat: move to 3,0");
    play("Nansouty: move to 3,1");
    play("end movement");
    assert_true(legal("Murat: attack Kienmayer"));
    assert_false(legal("Nansouty: attack Bagration"));
    activate_corps(0);
    play("Nansouty: move to 2,1");
    play("end movement");
    assert_false(legal("Nansouty: attack Bagration")); /* not adjacent */
    activate_corps(0);
    play("Murat: move to 3,0");
    play("end movement");
    assert_true(legal("Murat: attack Kienmayer"));
}

/* "Route : +2 au déplacement à condition que le mouvement soit fait
 * entièrement sur la route". */
static void s3_road_bonus(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    for (int c = 0; c < 6; c++)
        flag(c, 2, RE_ROAD);
    activate_corps(0);
    assert_true(legal("Friant: move to 4,2"));
    assert_false(legal("Friant: move to 5,2"));
    /* off the road: no bonus */
    assert_false(legal("Friant: move to 3,3"));
}

/* The road bonus extends the allowance of a unit that then fights (the
 * reading of docs/rules/re.md, "Movement (§3)"): infantry goes 3 road hexes
 * and attacks; 4 road hexes and it may not fight. */
static void s3_road_bonus_extends_the_combat_allowance(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 4, 2);
    for (int c = 0; c < 6; c++)
        flag(c, 2, RE_ROAD);
    activate_corps(0);
    play("Friant: move to 3,2");
    assert_true(legal("Friant: attack Weyrother"));

    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 4, 1);
    for (int c = 0; c < 6; c++)
        flag(c, 2, RE_ROAD);
    activate_corps(0);
    play("Friant: move to 4,2"); /* 4 road hexes: adjacent, but no combat */
    assert_true(log_has("may not fight"));
    assert_false(legal("Friant: attack Weyrother"));
}

/* The way a move goes and whether the unit may still fight after it
 * (re_move_path: the page's and the terminal's '++' and '--'): "Infanterie
 * : se déplace de deux cases sans combat ... ou jusqu'à une case et peut
 * combattre"; "Cavalerie légère : se déplace jusqu'à trois cases, puis peut
 * combattre, quatre cases sans combat"; "Artillerie : se déplace jusqu'à
 * deux cases" (it fights only by its fire, §2.1); "Route : +2 ... entièrement
 * sur la route"; "ne peut pas traverser une case occupée par une unité
 * amie". */
static void s3_move_path_and_whether_it_may_fight(void **state)
{
    (void)state;
    int cols[16], rows[16], fights = -1;
    tiny();
    sc.cols = 8;
    unit("Friant", 0, RE_INFANTRY, 4, 0, 2);
    unit("Murat", 0, RE_LIGHT_CAVALRY, 2, 0, 0);
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 4);
    unit("Gudin", 0, RE_INFANTRY, 4, 1, 4);
    unit("Weyrother", 1, RE_INFANTRY, 4, 7, 5);
    activate_corps(0);
    /* infantry: 1 hex, may fight; 2 hexes (through 1,2), may not */
    assert_int_equal(re_move_path(&sc, &st, U("Friant"), 1, 2, cols, rows, 16, &fights), 1);
    assert_int_equal(cols[0] * 10 + rows[0], 12);
    assert_int_equal(fights, 1);
    assert_int_equal(re_move_path(&sc, &st, U("Friant"), 2, 2, cols, rows, 16, &fights), 2);
    assert_int_equal(cols[0] * 10 + rows[0], 12);
    assert_int_equal(cols[1] * 10 + rows[1], 22);
    assert_int_equal(fights, 0);
    /* out of reach: no way */
    assert_int_equal(re_move_path(&sc, &st, U("Friant"), 3, 2, cols, rows, 16, &fights), 0);
    assert_int_equal(fights, 0);
    /* light cavalry along row 0: 3 hexes and fight, the 4th without */
    assert_int_equal(re_move_path(&sc, &st, U("Murat"), 3, 0, cols, rows, 16, &fights), 3);
    assert_int_equal(fights, 1);
    assert_int_equal(re_move_path(&sc, &st, U("Murat"), 4, 0, cols, rows, 16, &fights), 4);
    assert_int_equal(cols[3] * 10 + rows[3], 40);
    assert_int_equal(fights, 0);
    /* artillery: 1 hex, and it does not fight after a move; never through
     * Gudin (1,4): to 1,3 (2 hexes, by 1,4 or 0,3) it goes by 0,3 */
    assert_int_equal(re_move_path(&sc, &st, U("Senarmont"), 0, 3, cols, rows, 16, &fights), 1);
    assert_int_equal(fights, 0);
    assert_int_equal(re_move_path(&sc, &st, U("Senarmont"), 1, 3, cols, rows, 16, &fights), 2);
    assert_int_equal(cols[0] * 10 + rows[0], 3);
    assert_int_equal(cols[1] * 10 + rows[1], 13);
    assert_int_equal(fights, 0);
    /* and 2,4 is 2 hexes away but only through him: no way */
    assert_int_equal(re_move_path(&sc, &st, U("Senarmont"), 2, 4, cols, rows, 16, &fights), 0);
    /* a cap too small: nothing */
    assert_int_equal(re_move_path(&sc, &st, U("Murat"), 4, 0, cols, rows, 3, &fights), 0);
    /* the same answer as applying the move (the terminal's way of reading
     * it) for every legal move of the activation: Friant's group, with
     * Murat (isolated light cavalry, §1) */
    play("group Friant");
    assert_int_equal(st.stage, RE_ST_MOVE);
    static re_action acts[512];
    int n = re_legal_actions(&sc, &st, acts, 512);
    int moves = 0;
    for (int i = 0; i < n; i++) {
        re_action a = acts[i];
        if (a.kind != RE_A_MOVE)
            continue;
        static re_state after;
        after = st;
        static gr_log none;
        gr_log_clear(&none);
        gr_error err;
        assert_int_equal(re_apply(&sc, &after, a, &none, &err), GR_OK);
        int k = re_move_path(&sc, &st, a.unit, a.col, a.row, cols, rows, 16, &fights);
        assert_true(k >= 1);
        assert_int_equal(cols[k - 1] * 10 + rows[k - 1], a.col * 10 + a.row);
        assert_int_equal(fights, !(after.units[a.unit].flags & RE_UF_NO_COMBAT));
        moves++;
    }
    assert_true(moves > 10);

    /* the road: infantry goes 4 hexes only along it, and 3 of them to fight */
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    for (int c = 0; c < 6; c++)
        flag(c, 2, RE_ROAD);
    activate_corps(0);
    assert_int_equal(re_move_path(&sc, &st, U("Friant"), 4, 2, cols, rows, 16, &fights), 4);
    for (int i = 0; i < 4; i++)
        assert_int_equal(cols[i] * 10 + rows[i], (i + 1) * 10 + 2);
    assert_int_equal(fights, 0);
    assert_int_equal(re_move_path(&sc, &st, U("Friant"), 3, 2, cols, rows, 16, &fights), 3);
    assert_int_equal(fights, 1);
}

/* |got - want| < 1e-12, both printed when not (cmocka 1.1's float
 * assertion works in float). */
#define near(got, want) near_at((got), (want), __FILE__, __LINE__)
static void near_at(double got, double want, const char *file, int line)
{
    if (!(got - want < 1e-12 && want - got < 1e-12))
        fail_msg("%s:%d: %.15g, want %.15g", file, line, got, want);
}

/* The whole attack before it is made (re_attack_odds), worked out by hand
 * from §4.3 ("Infanterie : 3 dés") and §4.4 ("INFANTERIE perte sur 2 ou 3
 * sur un dé de 6"; "retraite sur 1"; "Si l'unité attaquée n'a pas reculé,
 * elle peut riposter"): each die 2/6 a loss, 1/6 a retreat, 3/6 nothing. */
static void s44_attack_odds_whole_attack(void **state)
{
    (void)state;
    re_odds o;
    re_action a;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 1, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2);
    activate_corps(0);
    play("end movement");
    assert_int_equal(re_action_parse(&sc, &st, "Friant: attack Weyrother", &a, NULL), GR_OK);
    re_state before = st;
    assert_int_equal(re_attack_odds(&sc, &st, a, &o), GR_OK);
    assert_memory_equal(&before, &st, sizeof st); /* nothing changed */
    assert_int_equal(o.evades, 0);
    assert_int_equal(o.attack.dice, 3);
    /* at least one loss: 1 - (4/6)^3 = 19/27; losses 0..3: 8, 12, 6, 1 / 27 */
    near(o.attack.p_loss, 19.0 / 27);
    near(o.attack.losses[0], 8.0 / 27);
    near(o.attack.losses[1], 12.0 / 27);
    near(o.attack.losses[2], 6.0 / 27);
    near(o.attack.losses[3], 1.0 / 27);
    near(o.attack.expected_losses, 1.0); /* 3 x 2/6 */
    /* a retreat: at least one 1, 1 - (5/6)^3; 4 figures: never destroyed */
    near(o.attack.p_retreat, 91.0 / 216);
    near(o.attack.p_destroyed, 0.0);
    /* no retreat, alive, still adjacent: it ripostes, (5/6)^3 */
    near(o.p_riposte, 125.0 / 216);
    /* the riposte: its 3 dice against Friant, the same table */
    assert_int_equal(o.riposte.dice, 3);
    near(o.riposte.p_loss, 19.0 / 27);
    near(o.riposte.expected_losses, 1.0);

    /* the column attack swaps them (§4.4): a loss on 1, a retreat on 2-3 */
    assert_int_equal(re_action_parse(&sc, &st, "Friant: column attack Weyrother", &a, NULL), GR_OK);
    assert_int_equal(re_attack_odds(&sc, &st, a, &o), GR_OK);
    near(o.attack.p_loss, 91.0 / 216);
    near(o.attack.p_retreat, 1 - 8.0 / 27);
    near(o.p_riposte, 8.0 / 27);

    /* a battery: "ARTILLERIE : pertes sur 1", "ne retraite pas (elle perd
     * une pièce par 1 aux dés)"; 1 figure: destroyed on any 1 of 3 dice;
     * else it ripostes with 3 dice (docs/rules/re.md) */
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 1, 2);
    unit("Kolowrat", 1, RE_ARTILLERY, 1, 2, 2);
    activate_corps(0);
    play("end movement");
    assert_int_equal(re_action_parse(&sc, &st, "Friant: attack Kolowrat", &a, NULL), GR_OK);
    assert_int_equal(re_attack_odds(&sc, &st, a, &o), GR_OK);
    near(o.attack.p_destroyed, 91.0 / 216);
    near(o.attack.p_retreat, 0.0);
    near(o.p_riposte, 125.0 / 216);
    assert_int_equal(o.riposte.dice, 3);

    /* light cavalry attacked by infantry must evade: no die */
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 1, 2);
    unit("Kienmayer", 1, RE_LIGHT_CAVALRY, 2, 2, 2);
    activate_corps(0);
    play("end movement");
    assert_int_equal(re_action_parse(&sc, &st, "Friant: attack Kienmayer", &a, NULL), GR_OK);
    assert_int_equal(re_attack_odds(&sc, &st, a, &o), GR_OK);
    assert_int_equal(o.evades, 1);
    assert_int_equal(o.attack.dice, 0);
    /* not an attack */
    a.kind = RE_A_MOVE;
    assert_int_equal(re_attack_odds(&sc, &st, a, &o), GR_EINPUT);
}

/* Sight and range from a unit (re_sight, the page's hover): §2.1 "3 dés à
 * 1 cases, 2 dés à 2 cases, 1 dé à 3 case", "La ligne de vue doit être
 * libre", "sans effet contre de l'artillerie"; §4.3 "Infanterie : 3 dés, 1
 * case"; §8 along a hexside: blocked only by obstacles on both sides. */
static void s8_sight_range_and_dice(void **state)
{
    (void)state;
    re_sight_at at;
    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Friant", 0, RE_INFANTRY, 4, 0, 4);
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2);
    unit("Kolowrat", 1, RE_ARTILLERY, 1, 1, 4);
    activate_corps(0);
    int S = U("Senarmont"), F = U("Friant");
    assert_int_equal(re_sight(&sc, &st, S, 2, 2, &at), GR_OK);
    assert_int_equal(at.range, 2);
    assert_true(at.sees);
    assert_int_equal(at.dice, 2);
    assert_int_equal(at.target, U("Weyrother"));
    assert_int_equal(re_sight(&sc, &st, S, 1, 2, &at), GR_OK); /* 1 hex, empty */
    assert_int_equal(at.dice, 3);
    assert_int_equal(at.target, -1);
    /* Weyrother (2,2) blocks the line to 3,2 behind him: units block (§8) */
    assert_int_equal(re_sight(&sc, &st, S, 3, 2, &at), GR_OK);
    assert_int_equal(at.range, 3);
    assert_false(at.sees);
    assert_int_equal(at.dice, 0);
    /* the enemy battery at 1,4: fire has no effect on it */
    assert_int_equal(re_sight(&sc, &st, S, 1, 4, &at), GR_OK);
    assert_int_equal(at.target, U("Kolowrat"));
    assert_int_equal(at.dice, 0);
    /* infantry: 3 dice at 1 hex, none beyond */
    assert_int_equal(re_sight(&sc, &st, F, 1, 4, &at), GR_OK);
    assert_int_equal(at.range, 1);
    assert_int_equal(at.dice, 3);
    assert_int_equal(re_sight(&sc, &st, F, 0, 5, &at), GR_OK);
    assert_int_equal(at.dice, 3);
    assert_int_equal(re_sight(&sc, &st, F, 2, 4, &at), GR_OK);
    assert_int_equal(at.dice, 0);
    /* off the map, a unit that is not there */
    assert_int_equal(re_sight(&sc, &st, S, 6, 2, &at), GR_EINPUT);
    assert_int_equal(re_sight(&sc, &st, 9, 1, 1, &at), GR_EINPUT);

    /* nothing between: 1 die at 3 hexes, none at 4 (seen, out of range) */
    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    activate_corps(0);
    assert_int_equal(re_sight(&sc, &st, U("Senarmont"), 3, 2, &at), GR_OK);
    assert_true(at.sees);
    assert_int_equal(at.dice, 1);
    assert_int_equal(re_sight(&sc, &st, U("Senarmont"), 4, 2, &at), GR_OK);
    assert_int_equal(at.range, 4);
    assert_true(at.sees);
    assert_int_equal(at.dice, 0);

    /* along a hexside: from 0,2 to 1,1 (2 hexes) the line runs between 1,2
     * and 0,1; a wood on one side does not block it, on both it does */
    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    terrain(1, 2, RE_FOREST);
    activate_corps(0);
    assert_int_equal(re_sight(&sc, &st, U("Senarmont"), 1, 1, &at), GR_OK);
    assert_int_equal(at.range, 2);
    assert_true(at.sees);
    assert_int_equal(at.dice, 2);
    terrain(1, 2, RE_CLEAR);
    terrain(0, 1, RE_FOREST); /* the other side alone: seen too */
    assert_int_equal(re_sight(&sc, &st, U("Senarmont"), 1, 1, &at), GR_OK);
    assert_true(at.sees);
    terrain(1, 2, RE_FOREST);
    assert_int_equal(re_sight(&sc, &st, U("Senarmont"), 1, 1, &at), GR_OK);
    assert_false(at.sees);
    assert_int_equal(at.dice, 0);
    /* and through the wood's interior, 0,2 to 2,2: blocked */
    assert_int_equal(re_sight(&sc, &st, U("Senarmont"), 2, 2, &at), GR_OK);
    assert_false(at.sees);
}

/* "Une unité ne peut pas traverser une case occupée par une unité amie";
 * "une unité ne se déplace qu'une fois". */
static void s3_no_passing_through_friends_and_one_move(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 0, 0);
    unit("Gudin", 0, RE_INFANTRY, 4, 1, 0);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    activate_corps(0);
    assert_false(legal("Friant: move to 2,0")); /* only path is through Gudin */
    assert_false(legal("Friant: move to 1,0"));
    play("Friant: move to 0,1");
    assert_false(legal("Friant: move to 0,2"));
}

/* ---- §7 Terrain (movement, combat dice) ------------------------------------- */

static void s7_forest_stops_infantry_forbids_cavalry(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 0, 2);
    unit("Murat", 0, RE_LIGHT_CAVALRY, 2, 0, 3);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    terrain(1, 2, RE_FOREST);
    terrain(1, 3, RE_FOREST);
    activate_corps(0);
    assert_true(legal("Friant: move to 1,2"));
    assert_false(legal("Friant: move to 2,2")); /* stops on entering */
    assert_false(legal("Murat: move to 1,3"));  /* forbidden off road */
    /* along the road cavalry may go through */
    flag(0, 3, RE_ROAD);
    flag(1, 3, RE_ROAD);
    activate_corps(0);
    assert_true(legal("Murat: move to 1,3"));
}

static void s7_no_combat_after_entering_town(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 1, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    terrain(2, 2, RE_TOWN);
    activate_corps(0);
    play("Friant: move to 2,2");
    /* "s'arrête en entrant sans pouvoir combattre": the activation ends */
    assert_true(log_has("may not fight"));
    assert_int_equal(st.turn, 2);
}

static void s7_forbidden_terrains(void **state)
{
    (void)state;
    tiny();
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 1);
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 0, 2);
    unit("Friant", 0, RE_INFANTRY, 4, 0, 3);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    terrain(1, 1, RE_MARSH);  /* forbidden to artillery */
    terrain(1, 2, RE_RAVINE); /* forbidden to heavy cavalry */
    terrain(1, 3, RE_LAKE);   /* impassable */
    activate_corps(0);
    assert_false(legal("Senarmont: move to 1,1"));
    assert_false(legal("Nansouty: move to 1,2"));
    assert_true(legal("Friant: move to 1,2")); /* ravine: infantry may enter */
    assert_false(legal("Friant: move to 1,3"));
    /* a bridge makes the river passable, and stops */
    flag(1, 3, RE_BRIDGE);
    activate_corps(0);
    assert_true(legal("Friant: move to 1,3"));
    assert_false(legal("Friant: move to 2,3"));
}

static void s7_hill_stops_from_below(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    flag(1, 2, RE_HILL);
    activate_corps(0);
    assert_true(legal("Friant: move to 1,2"));
    assert_false(legal("Friant: move to 2,2"));
}

/* Combat dice: "-1 dé en protection" (forest), fortress -2; the maluses do
 * not add up ("il faut tenir compte du plus favorable à la défense"). */
static void s7_combat_dice_maluses(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 1, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2);
    terrain(2, 2, RE_FOREST);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    assert_int_equal(dice_pending(), 2);

    terrain(2, 2, RE_FORTRESS);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    assert_int_equal(dice_pending(), 1);

    terrain(2, 2, RE_FOREST);
    terrain(1, 2, RE_FOREST); /* attacking out of a wood into a wood: -1 only */
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    assert_int_equal(dice_pending(), 2);

    /* field fortifications add up: forest -1, fieldworks -1 */
    terrain(1, 2, RE_CLEAR);
    flag(2, 2, RE_FIELDWORKS);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    assert_int_equal(dice_pending(), 1);
}

/* "La cavalerie et l'artillerie ne peuvent attaquer vers une case en forêt". */
static void s7_cavalry_cannot_attack_into_forest(void **state)
{
    (void)state;
    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 1, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2);
    terrain(2, 2, RE_FOREST);
    activate_corps(0);
    assert_false(legal("Nansouty: attack Weyrother"));
}

/* §7 terrain by terrain, as printed.  Infantry at 0,2 steps into 1,2 (the
 * terrain under test) and an enemy stands at 1,1: does it stop (can it go
 * on to 2,2)?  may it still fight?  may light cavalry / heavy cavalry /
 * artillery enter?  and how many dice does infantry (3) roll against
 * infantry standing there? */
typedef struct terrain_case {
    const char *name;
    int terrain, flags;
    int inf_enters, stops, no_combat;
    int lc_enters, hc_enters, art_enters;
    int dice_against; /* 3 + the protection malus */
} terrain_case;

static const terrain_case terrain_cases[] = {
    /* name             terrain      flags           I  stop nocb  C  HC  A  dice */
    {"clear", RE_CLEAR, 0, 1, 0, 0, 1, 1, 1, 3},
    {"forest", RE_FOREST, 0, 1, 1, 1, 0, 0, 0, 2},
    {"orchard", RE_ORCHARD, 0, 1, 1, 1, 1, 1, 1, 3},
    {"town", RE_TOWN, 0, 1, 1, 1, 1, 1, 1, 2},
    {"marsh", RE_MARSH, 0, 1, 1, 1, 1, 1, 0, 3},
    {"mountain", RE_MOUNTAIN, 0, 1, 1, 1, 0, 0, 0, 1},
    {"ravine", RE_RAVINE, 0, 1, 1, 1, 1, 0, 0, 3},
    {"fortress", RE_FORTRESS, 0, 1, 0, 0, 0, 0, 0, 1},
    {"building", RE_BUILDING, 0, 1, 0, 0, 1, 1, 1, 1},
    {"lake", RE_LAKE, 0, 0, 0, 0, 0, 0, 0, -1},
    {"bridge", RE_LAKE, RE_BRIDGE, 1, 1, 0, 1, 1, 1, 3},
    {"ford", RE_LAKE, RE_FORD, 1, 1, 1, 1, 1, 1, 3},
    {"hill", RE_CLEAR, RE_HILL, 1, 1, 0, 1, 1, 1, 2},
    {"fieldworks", RE_CLEAR, RE_FIELDWORKS, 1, 0, 0, 1, 1, 1, 2},
};

static void s7_terrain_by_terrain(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof terrain_cases / sizeof terrain_cases[0]; i++) {
        const terrain_case *tc = &terrain_cases[i];
        print_message("terrain %s\n", tc->name);
        /* infantry: entering, stopping, fighting after entering */
        tiny();
        unit("Friant", 0, RE_INFANTRY, 4, 0, 2);
        unit("Weyrother", 1, RE_INFANTRY, 4, 1, 1);
        terrain(1, 2, tc->terrain);
        flag(1, 2, tc->flags);
        activate_corps(0);
        assert_int_equal(legal("Friant: move to 1,2"), tc->inf_enters);
        if (tc->inf_enters) {
            assert_int_equal(legal("Friant: move to 2,2"), !tc->stops);
            play("Friant: move to 1,2");
            assert_int_equal(legal("Friant: attack Weyrother"), !tc->no_combat);
        }
        /* the other types may enter? */
        const int types[] = {RE_LIGHT_CAVALRY, RE_HEAVY_CAVALRY, RE_ARTILLERY};
        const int expect[] = {tc->lc_enters, tc->hc_enters, tc->art_enters};
        for (int k = 0; k < 3; k++) {
            tiny();
            unit("Mover", 0, types[k], 2, 0, 2);
            unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
            terrain(1, 2, tc->terrain);
            flag(1, 2, tc->flags);
            activate_corps(0);
            assert_int_equal(legal("Mover: move to 1,2"), expect[k]);
        }
        /* protection: dice of infantry attacking into it from clear ground */
        if (tc->dice_against >= 0) {
            tiny();
            unit("Friant", 0, RE_INFANTRY, 4, 0, 2);
            unit("Weyrother", 1, RE_INFANTRY, 4, 1, 2);
            terrain(1, 2, tc->terrain);
            flag(1, 2, tc->flags);
            activate_corps(0);
            play("end movement");
            if (tc->dice_against >= RE_MIN_ATTACK_DICE) {
                play("Friant: attack Weyrother");
                assert_int_equal(dice_pending(), tc->dice_against);
            } else {
                assert_false(legal("Friant: attack Weyrother"));
            }
        }
    }
}

/* "Chemin creux/Ruisseaux : Pour toute attaque passant à travers : – 1 dé
 * en protection pour l'infanterie, pas de charge de cavalerie." and the
 * attack maluses: "Marécage : – 1 dé en attaque", town "-1 dé ... en
 * attaque". */
static void s7_hexside_and_attack_maluses(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 1, 2);
    sc.map[2][0].sides = 1u << GR_HEX_E;
    sc.map[2][1].sides = 1u << GR_HEX_W;
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    assert_int_equal(dice_pending(), 2);

    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 0, 1);
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2);
    /* 1,2 to 2,2 crosses a stream: no charge, and -1 for the infantry */
    sc.map[2][1].sides = 1u << GR_HEX_E;
    sc.map[2][2].sides = 1u << GR_HEX_W;
    activate_corps(0);
    play("Nansouty: move to 1,2");
    play("Nansouty: attack Weyrother");
    assert_int_equal(dice_pending(), 1);

    const int from[] = {RE_MARSH, RE_TOWN};
    for (int k = 0; k < 2; k++) {
        tiny();
        unit("Friant", 0, RE_INFANTRY, 4, 0, 2);
        unit("Weyrother", 1, RE_INFANTRY, 4, 1, 2);
        terrain(0, 2, from[k]);
        activate_corps(0);
        play("end movement");
        play("Friant: attack Weyrother");
        assert_int_equal(dice_pending(), 2);
    }
}

/* The dice an attack would roll, told before it is committed
 * (re_action_dice: the page and the API show it), are the dice the engine
 * then rolls: a stream between infantry (3 dice, -1: 2), a heavy cavalry
 * charge across the same stream (no charge, 1 die as above), and a
 * skirmish (1 die). */
static int preview(const char *text)
{
    re_action a;
    assert_int_equal(re_action_parse(&sc, &st, text, &a, NULL), GR_OK);
    return re_action_dice(&sc, &st, a);
}

static void preview_dice_equal_rolled_dice(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 1, 2);
    sc.map[2][0].sides = 1u << GR_HEX_E;
    sc.map[2][1].sides = 1u << GR_HEX_W;
    activate_corps(0);
    play("end movement");
    assert_int_equal(preview("Friant: attack Weyrother"), 2);
    assert_int_equal(preview("Friant: column attack Weyrother"), 2);
    play("Friant: attack Weyrother");
    assert_int_equal(dice_pending(), 2);

    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 0, 1);
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2);
    sc.map[2][1].sides = 1u << GR_HEX_E;
    sc.map[2][2].sides = 1u << GR_HEX_W;
    activate_corps(0);
    play("Nansouty: move to 1,2");
    assert_int_equal(preview("Nansouty: attack Weyrother"), 1);
    play("Nansouty: attack Weyrother");
    assert_int_equal(dice_pending(), 1);

    /* not a roll against a unit: no dice to tell */
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 4, 2);
    activate_corps(0);
    assert_int_equal(preview("Friant: move to 1,2"), -1);
}

/* ---- §4.1 Combat ----------------------------------------------------------------- */

/* "Une unité peut attaquer une seule fois une seule unité par tour";
 * "L'artillerie n'attaque pas en combat". */
static void s41_one_attack_per_turn_artillery_never_attacks(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 1, 2);
    unit("Senarmont", 0, RE_ARTILLERY, 1, 1, 3);
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2);
    unit("Langeron", 1, RE_INFANTRY, 4, 1, 1);
    activate_corps(0);
    play("end fire");
    play("end movement");
    assert_false(legal("Senarmont: attack Weyrother"));
    play("Friant: attack Weyrother");
    dice_all(6);
    play("Weyrother: no riposte");
    assert_false(legal("Friant: attack Langeron"));
}

/* ---- §4.3 Dice and bonuses ------------------------------------------------------- */

static void s43_dice_by_type(void **state)
{
    (void)state;
    const int types[] = {RE_INFANTRY, RE_ELITE_INFANTRY, RE_LIGHT_CAVALRY, RE_HEAVY_CAVALRY};
    const int dice[] = {3, 4, 1, 2};
    for (int i = 0; i < 4; i++) {
        tiny();
        unit("A", 0, types[i], 4, 1, 2);
        unit("B", 1, RE_INFANTRY, 4, 2, 2);
        activate_corps(0);
        play("end movement");
        play("A: attack B");
        assert_int_equal(dice_pending(), dice[i]);
    }
}

/* "Prise de Flanc : + 2 dés ... si la cible a à son contact une autre unité
 * du camp de l'unité active qui n'est pas adjacente avec celle-ci". */
static void s43_flank_bonus(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Gudin", 0, RE_INFANTRY, 4, 4, 2); /* touches Weyrother, not Friant */
    sc.units[1].corps = 0;
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    play("group Friant");
    play("end movement");
    play("Friant: attack Weyrother");
    assert_int_equal(dice_pending(), 5);
    assert_true(log_has("flank"));
}

/* "... et si l'unité active attaquante n'est pas elle-même en situation
 * d'être prise de flanc": two enemies touch the attacker and not each
 * other. */
static void s43_no_flank_if_attacker_is_flanked(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Gudin", 0, RE_INFANTRY, 4, 4, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    unit("Langeron", 1, RE_INFANTRY, 4, 1, 2); /* west of Friant */
    activate_corps(0);
    play("group Friant");
    play("end movement");
    play("Friant: attack Weyrother");
    assert_int_equal(dice_pending(), 3);
}

/* "Les unités d'infanterie en ville, forteresse, bâtiment ou en contact
 * qu'avec de la cavalerie ennemie, ne subissent pas ce malus." */
static void s43_flank_exemptions(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Gudin", 0, RE_INFANTRY, 4, 4, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    terrain(3, 2, RE_BUILDING); /* -2 protection for infantry, no flank */
    activate_corps(0);
    play("group Friant");
    play("end movement");
    play("Friant: attack Weyrother");
    assert_int_equal(dice_pending(), 1);

    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 2, 2);
    unit("Margaron", 0, RE_LIGHT_CAVALRY, 2, 4, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    play("end movement");
    play("Nansouty: attack Weyrother");
    assert_int_equal(dice_pending(), 2); /* in contact with cavalry only */
}

/* "Charge de Cavalerie organisée : Une unité de cavalerie qui est à plein
 * effectif et qui n'a jamais retraitée ... et qui se déplace, attaque avec +
 * 2 dés. La cible doit être en terrain clair". */
static void s43_organised_cavalry_charge(void **state)
{
    (void)state;
    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    play("Nansouty: move to 2,2");
    play("Nansouty: attack Weyrother");
    assert_int_equal(dice_pending(), 4);

    /* did not move: no charge */
    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    play("end movement");
    play("Nansouty: attack Weyrother");
    assert_int_equal(dice_pending(), 2);

    /* not at full strength */
    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    st.units[0].figures = 2;
    play("Nansouty: move to 2,2");
    play("Nansouty: attack Weyrother");
    assert_int_equal(dice_pending(), 2);

    /* has retreated once */
    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    st.units[0].flags |= RE_UF_RETREATED;
    play("Nansouty: move to 2,2");
    play("Nansouty: attack Weyrother");
    assert_int_equal(dice_pending(), 2);

    /* target not in clear terrain (orchard: "Pas de charge de cavalerie vers") */
    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    terrain(3, 2, RE_ORCHARD);
    activate_corps(0);
    play("Nansouty: move to 2,2");
    play("Nansouty: attack Weyrother");
    assert_int_equal(dice_pending(), 2);
}

/* The charge's condition on ground is the target's: "La cible doit être en
 * terrain clair (sans obstacle)".  §7 forbids a charge toward some
 * terrain, across a stream or sunken road, from below a hill and in a
 * marsh, never out of a wood: heavy cavalry that came along a forest road
 * charges infantry in the open with 2 + 2 (charge) - 1 (the wood's attack
 * malus) = 3 dice. */
static void s43_charge_out_of_a_wood_along_a_road(void **state)
{
    (void)state;
    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    for (int c = 0; c < 3; c++) {
        flag(c, 2, RE_ROAD);
        terrain(c, 2, RE_FOREST);
    }
    activate_corps(0);
    play("Nansouty: move to 2,2");
    play("Nansouty: attack Weyrother");
    assert_int_equal(dice_pending(), 3);
    assert_true(log_has("+2 dice"));

    /* out of an isolated building (no stop for cavalry): 2 + 2 = 4 */
    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 1, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    terrain(2, 2, RE_BUILDING);
    activate_corps(0);
    play("Nansouty: move to 2,2");
    play("Nansouty: attack Weyrother");
    assert_int_equal(dice_pending(), 4);

    /* out of a marsh there is still none ("Pas de charge de cavalerie") */
    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    terrain(2, 2, RE_MARSH);
    terrain(1, 2, RE_MARSH);
    activate_corps(0);
    st.units[U("Nansouty")].flags |= RE_UF_MOVED; /* as if it had moved within the marsh */
    play("end movement");
    play("Nansouty: attack Weyrother");
    assert_int_equal(dice_pending(), 1); /* 2 - 1 (the marsh's attack malus), no charge */
}

/* ---- §4.4 Losses, retreats, column attack, riposte -------------------------------- */

/* "INFANTERIE perte sur 2 ou 3 ... CAVALERIE : pertes sur 2, ARTILLERIE :
 * pertes sur 1"; "retraite sur 1"; "L'ARTILLERIE ne retraite pas". */
static void s44_losses_by_target_type(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_ELITE_INFANTRY, 4, 1, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    die(2);
    die(3);
    die(4);
    die(6);
    assert_int_equal(figures("Weyrother"), 2);

    tiny();
    unit("Friant", 0, RE_ELITE_INFANTRY, 4, 1, 2);
    unit("Liechtenstein", 1, RE_HEAVY_CAVALRY, 3, 2, 2);
    sc.units[0].type = RE_HEAVY_CAVALRY; /* cavalry attacker: no evasion */
    sc.units[0].figures = 3;
    activate_corps(0);
    play("end movement");
    play("Friant: attack Liechtenstein");
    die(2);
    die(3);
    assert_int_equal(figures("Liechtenstein"), 2);

    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 1, 2);
    unit("Batterie", 1, RE_ARTILLERY, 2, 2, 2);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Batterie");
    die(1); /* artillery: a 1 is a loss, never a retreat */
    die(2);
    die(3);
    assert_int_equal(figures("Batterie"), 1);
    assert_at("Batterie", 2, 2);
}

/* "attaque en colonne contre de l'infanterie ... le résultat des dés est
 * inversé : les pertes sont des retraites et inversement". */
static void s44_column_attack(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 1, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2);
    unit("Liechtenstein", 1, RE_LIGHT_CAVALRY, 2, 1, 1);
    activate_corps(0);
    play("end movement");
    assert_false(legal("Friant: column attack Liechtenstein")); /* infantry only */
    play("Friant: column attack Weyrother");
    die(1); /* loss */
    die(2); /* retreat */
    die(6);
    assert_int_equal(figures("Weyrother"), 3);
    assert_int_equal(st.stage, RE_ST_RETREAT);
}

/* "L'unité en retraite doit se replier de préférence vers sa ligne de
 * retraite par des cases vides sans pouvoir passer par une case adjacente à
 * l'unité attaquante. C'est le joueur de l'unité attaquée qui décide". */
static void s44_retreat_free_path_chosen_by_owner(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    die(1);
    die(1);
    die(6);
    assert_int_equal(st.stage, RE_ST_RETREAT);
    assert_int_equal(re_current_player(&sc, &st), 1);
    /* toward its line of retreat (east): E, NE, SE */
    static re_action acts[RE_MAX_ACTIONS]; /* 64 KiB: not on the stack */
    int n = re_legal_actions(&sc, &st, acts, RE_MAX_ACTIONS);
    assert_int_equal(n, 3);
    assert_true(legal("Weyrother: retreat to 4,2"));
    assert_true(legal("Weyrother: retreat to 3,1"));
    assert_true(legal("Weyrother: retreat to 3,3"));
    assert_false(legal("Weyrother: retreat to 2,1")); /* adjacent to Friant */
    play("Weyrother: retreat to 3,1");
    play("Weyrother: retreat to 4,1");
    assert_at("Weyrother", 4, 1);
    assert_true(st.units[U("Weyrother")].flags & RE_UF_RETREATED);
}

/* "Si elle ne peut pas retraire (cases infranchissables ou bord de plateau)
 * l'unité perd une pièce par hexagone de retraite éludée", and never
 * through a hex adjacent to the attacker. */
static void s44_retreat_blocked_loses_a_figure_per_hex(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    terrain(4, 2, RE_LAKE);
    terrain(3, 1, RE_LAKE);
    terrain(3, 3, RE_LAKE);
    /* the other neighbours (2,1), (2,3) touch Friant */
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    die(1);
    die(1);
    die(6);
    assert_int_equal(figures("Weyrother"), 2);
    assert_at("Weyrother", 3, 2);
    assert_true(log_has("cannot retreat 2 more"));
}

/* "doit se replier de préférence vers sa ligne de retraite par des cases
 * vides" and a figure is lost only "si elle ne peut pas retraire": a path
 * that makes the whole retreat comes before one toward the line of retreat
 * that runs into a dead end.  Weyrother (line of retreat east), attacked
 * from the north-west, has one hex toward the east, 4,2, walled in by
 * water; by 2,3 (south-west) it retreats its two hexes.  On the second hex
 * the preference for the line of retreat orders the paths again. */
static void s44_retreat_full_distance_before_line_of_retreat(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 1);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    terrain(3, 3, RE_LAKE);
    terrain(5, 2, RE_LAKE);
    terrain(4, 1, RE_LAKE);
    terrain(4, 3, RE_LAKE);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    die(1);
    die(1);
    die(6);
    assert_int_equal(st.stage, RE_ST_RETREAT);
    assert_false(legal("Weyrother: retreat to 4,2")); /* a dead end */
    assert_true(legal("Weyrother: retreat to 2,3"));
    play("Weyrother: retreat to 2,3");
    /* from 2,3, toward the east: 3,4 (3,3 is water, 3,2 on the path) */
    assert_true(legal("Weyrother: retreat to 3,4"));
    assert_false(legal("Weyrother: retreat to 2,4"));
    play("Weyrother: retreat to 3,4");
    assert_at("Weyrother", 3, 4);
    assert_int_equal(figures("Weyrother"), 4);
    assert_false(log_has("cannot retreat"));
}

/* Board edge: the unit on the east edge, retreating east. */
static void s44_retreat_blocked_by_board_edge(void **state)
{
    (void)state;
    tiny();
    sc.rows = 1;
    unit("Friant", 0, RE_INFANTRY, 4, 4, 0);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 0);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    die(1);
    die(6);
    die(6);
    assert_int_equal(figures("Weyrother"), 3);
}

/* "elle ne peut pas traverser une unité amie, cependant elle peut
 * l'entraîner dans sa retraite". */
static void s44_retreat_pushes_a_friend(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    unit("Langeron", 1, RE_INFANTRY, 4, 4, 2);
    terrain(3, 1, RE_LAKE);
    terrain(3, 3, RE_LAKE);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    die(1);
    die(6);
    die(6);
    assert_false(legal("Weyrother: retreat to 4,2"));
    play("Weyrother: retreat to 4,2 pushing Langeron to 5,2");
    assert_at("Weyrother", 4, 2);
    assert_at("Langeron", 5, 2);
    assert_int_equal(figures("Weyrother"), 4);
    assert_int_equal(figures("Langeron"), 4);
}

/* "Si l'unité attaquée n'a pas reculée, elle peut riposter."  The
 * attacker then takes the results (here a retreat west). */
static void s44_riposte(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    dice_all(2); /* three losses, no retreat */
    assert_int_equal(figures("Weyrother"), 1);
    assert_int_equal(st.stage, RE_ST_RIPOSTE);
    assert_int_equal(re_current_player(&sc, &st), 1);
    play("Weyrother: riposte");
    assert_int_equal(dice_pending(),
                     3); /* "Les pertes n'ont pas d'influence sur le nombre de dés" */
    die(1);
    die(2);
    die(6);
    assert_int_equal(figures("Friant"), 3);
    assert_int_equal(st.stage, RE_ST_RETREAT);
    assert_int_equal(re_current_player(&sc, &st), 0);
    play("Friant: retreat to 1,2");
    /* no pursuit, no taking of ground after a riposte: the activation ends */
    assert_int_equal(st.turn, 2);
}

/* No riposte for a unit that fell back. */
static void s44_no_riposte_after_retreat(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    die(1);
    die(6);
    die(6);
    play("Weyrother: retreat to 4,2");
    assert_int_equal(st.stage, RE_ST_AFTER); /* taking ground, not riposte */
    assert_false(legal("Weyrother: riposte"));
}

/* Artillery "ne peut que tirer ... mais elle peut riposter" (3 dice). */
static void s44_artillery_riposte(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Batterie", 1, RE_ARTILLERY, 2, 3, 2);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Batterie");
    dice_all(6);
    play("Batterie: riposte");
    assert_int_equal(dice_pending(), 3);
}

/* ---- §4.2 Evasion -------------------------------------------------------------------- */

/* "La cavalerie légère ... DOIT retraiter avant le combat sauf face à la
 * cavalerie. L'esquive consiste en une retraite de deux cases". */
static void s42_light_cavalry_must_evade(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Kienmayer", 1, RE_LIGHT_CAVALRY, 2, 3, 2);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Kienmayer");
    assert_int_equal(st.stage, RE_ST_RETREAT);
    assert_true(st.retreat.evasion);
    play("Kienmayer: retreat to 4,2");
    play("Kienmayer: retreat to 5,2");
    assert_at("Kienmayer", 5, 2);
    assert_int_equal(figures("Kienmayer"), 2);
    /* evasion is no retreat for the charge rule */
    assert_false(st.units[U("Kienmayer")].flags & RE_UF_RETREATED);
    /* "Dans ce cas la prise de terrain et la poursuite sont possibles." */
    assert_int_equal(st.stage, RE_ST_AFTER);
    play("Friant: take ground 3,2");
    assert_at("Friant", 3, 2);
}

/* "L'esquive consiste en une retraite (voir retraite) de deux cases" and a
 * retreat "ne peut pas traverser une unité amie, cependant elle peut
 * l'entraîner dans sa retraite": light cavalry in a defile with a friend
 * behind it evades by pushing the friend, as a retreat would. */
static void s42_evasion_pushes_a_friend(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Kienmayer", 1, RE_LIGHT_CAVALRY, 2, 3, 2);
    unit("Langeron", 1, RE_INFANTRY, 4, 4, 2);
    terrain(3, 1, RE_LAKE);
    terrain(3, 3, RE_LAKE);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Kienmayer");
    assert_int_equal(st.stage, RE_ST_RETREAT);
    assert_true(st.retreat.evasion);
    assert_false(log_has("cannot evade"));
    play("Kienmayer: retreat to 4,2 pushing Langeron to 5,2");
    assert_at("Langeron", 5, 2);
    play("Kienmayer: retreat to 4,1");
    assert_at("Kienmayer", 4, 1);
    assert_int_equal(figures("Kienmayer"), 2);
    assert_int_equal(figures("Langeron"), 4);
    assert_true(log_has("pushes Langeron"));
    assert_false(st.units[U("Kienmayer")].flags & RE_UF_RETREATED);
    assert_false(st.units[U("Langeron")].flags & RE_UF_RETREATED);
    assert_int_equal(st.stage, RE_ST_AFTER); /* taking ground is possible */
}

/* "... sauf face à la cavalerie". */
static void s42_no_evasion_against_cavalry(void **state)
{
    (void)state;
    tiny();
    unit("Murat", 0, RE_LIGHT_CAVALRY, 2, 2, 2);
    unit("Kienmayer", 1, RE_LIGHT_CAVALRY, 2, 3, 2);
    activate_corps(0);
    play("end movement");
    play("Murat: attack Kienmayer");
    assert_int_equal(st.stage, RE_ST_DICE);
}

/* "La cavalerie lourde ... PEUT décider avant le combat de retraiter". */
static void s42_heavy_cavalry_may_evade(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Liechtenstein", 1, RE_HEAVY_CAVALRY, 3, 3, 2);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Liechtenstein");
    assert_int_equal(st.stage, RE_ST_EVADE);
    assert_int_equal(re_current_player(&sc, &st), 1);
    play("Liechtenstein: stand");
    assert_int_equal(dice_pending(), 3);

    activate_corps(0);
    play("end movement");
    play("Friant: attack Liechtenstein");
    play("Liechtenstein: evade");
    assert_int_equal(st.stage, RE_ST_RETREAT);
}

/* "Si l'esquive n'est pas possible il y a combat." */
static void s42_evasion_impossible_means_combat(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Kienmayer", 1, RE_LIGHT_CAVALRY, 2, 3, 2);
    terrain(4, 2, RE_LAKE);
    terrain(3, 1, RE_LAKE);
    terrain(3, 3, RE_LAKE);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Kienmayer");
    assert_int_equal(st.stage, RE_ST_DICE);
    assert_true(log_has("cannot evade"));
}

/* Town: "L'artillerie et la cavalerie ne peuvent combattre dans une ville
 * (esquive obligatoire ou destruction)". */
static void s7_cavalry_in_town_evades_or_is_destroyed(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Liechtenstein", 1, RE_HEAVY_CAVALRY, 3, 3, 2);
    terrain(3, 2, RE_TOWN);
    terrain(4, 2, RE_LAKE);
    terrain(3, 1, RE_LAKE);
    terrain(3, 3, RE_LAKE);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Liechtenstein");
    assert_int_equal(figures("Liechtenstein"), 0);
    assert_true(log_has("destroyed"));
}

/* ---- §4.5 Taking ground and pursuit ---------------------------------------------------- */

static void s45_take_ground(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    die(1);
    die(6);
    die(6);
    play("Weyrother: retreat to 4,2");
    assert_false(legal("Friant: pursue Weyrother")); /* infantry does not pursue */
    play("Friant: take ground 3,2");
    assert_at("Friant", 3, 2);
}

/* "La cavalerie qui a repoussé sa cible peut la suivre en passant exactement
 * par son chemin de retraite et l'attaquer de nouveau sans que la cible ne
 * puisse faire de riposte ... Les malus et bonus aux dés ne s'appliquent
 * pas." */
static void s45_cavalry_pursuit(void **state)
{
    (void)state;
    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 0, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    play("Nansouty: move to 2,2");
    play("Nansouty: attack Weyrother");
    assert_int_equal(dice_pending(), 4); /* charge */
    die(1);
    die(6);
    die(6);
    die(6);
    play("Weyrother: retreat to 4,2");
    assert_int_equal(st.stage, RE_ST_AFTER);
    play("Nansouty: pursue Weyrother");
    assert_at("Nansouty", 3, 2);
    assert_int_equal(dice_pending(), 2); /* no charge bonus in pursuit */
    die(6);
    die(6);
    /* the target did not fall back: the pursuit ends, and no riposte */
    assert_int_equal(st.turn, 2);
    assert_true(log_has("pursuit ends"));
    assert_int_equal(figures("Nansouty"), 3);
}

/* "Marécage : ... Pas de poursuite." */
static void s45_no_pursuit_into_marsh(void **state)
{
    (void)state;
    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    terrain(4, 2, RE_MARSH);
    terrain(3, 1, RE_LAKE);
    terrain(3, 3, RE_LAKE);
    activate_corps(0);
    play("end movement");
    play("Nansouty: attack Weyrother");
    die(1);
    die(6);
    play("Weyrother: retreat to 4,2");
    assert_false(legal("Nansouty: pursue Weyrother"));
    assert_true(legal("Nansouty: take ground 3,2"));
}

/* ---- §5 Skirmishers as the second-to-last figure --------------------------------------- */

static void s5_skirmisher_lost_second_to_last(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_ELITE_INFANTRY, 4, 2, 2);
    int w = unit("Weyrother", 1, RE_INFANTRY, 2, 3, 2);
    sc.units[w].skirmisher = 1;
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    die(2); /* 2 figures + skirmisher -> 1 + skirmisher */
    die(2); /* the skirmisher goes as the second-to-last */
    die(6);
    die(6);
    assert_int_equal(st.units[w].figures, 1);
    assert_int_equal(st.units[w].skirmisher, 0);
    assert_true(log_has("skirmisher"));
}

/* ---- §6 Demoralisation -------------------------------------------------------------------- */

/* "1 unité perdue = 1 point ... L'armée démoralisée perd un dé dans tous
 * les tirs (y compris de tirailleurs) et combats." */
static void s6_demoralised_army_loses_a_die(void **state)
{
    (void)state;
    tiny();
    sc.sides[0].demoralised_at = 1;
    int f = unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    sc.units[f].skirmisher = 1;
    unit("Gudin", 0, RE_INFANTRY, 4, 0, 5);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    /* Gudin is lost: 1 point, the French army is demoralised */
    st.units[1].figures = 0;
    st.units[1].col = st.units[1].row = -1;
    assert_int_equal(re_demoralisation(&sc, &st, 0), 1);
    assert_true(re_is_demoralised(&sc, &st, 0));
    assert_false(legal("Friant: skirmish Weyrother")); /* 1 die - 1 = none */
    play("group Friant");
    play("end movement");
    play("Friant: attack Weyrother");
    assert_int_equal(dice_pending(), 2);
}

/* "La perte de certains hexagones définis dans le scénario peut aussi
 * entraîner des points de démoralisation." */
static void s6_objective_hexes_worth_points(void **state)
{
    (void)state;
    tiny();
    sc.nobjectives = 1;
    sc.objectives[0] = (re_objective){0, 0, 0, 2};
    sc.sides[0].demoralised_at = 2;
    unit("Friant", 0, RE_INFANTRY, 4, 3, 3);
    unit("Weyrother", 1, RE_INFANTRY, 4, 1, 0);
    assert_int_equal(re_init(&sc, &st, NULL), GR_OK);
    assert_int_equal(re_demoralisation(&sc, &st, 0), 0);
    st.units[1].col = 0;
    assert_int_equal(re_demoralisation(&sc, &st, 0), 2);
    assert_true(re_is_demoralised(&sc, &st, 0));
}

/* ---- But du jeu ----------------------------------------------------------------------------- */

/* "le gagnant est celui qui a détruit le plus d'unités ennemis à la fin du
 * jeu." */
static void goal_most_units_destroyed_at_the_end(void **state)
{
    (void)state;
    tiny();
    sc.turns = 1;
    unit("Friant", 0, RE_INFANTRY, 4, 0, 0);
    unit("Weyrother", 1, RE_INFANTRY, 1, 1, 0);
    unit("Langeron", 1, RE_INFANTRY, 4, 5, 5);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    die(2);
    die(6);
    die(6);
    assert_int_equal(figures("Weyrother"), 0);
    /* Friant takes ground or stops; then the bowl is empty: game over */
    play("Friant: stop");
    assert_true(re_is_terminal(&sc, &st));
    assert_int_equal(re_current_player(&sc, &st), RE_TERMINAL);
    assert_int_equal(re_winner(&sc, &st), 0);

    tiny();
    sc.turns = 1;
    unit("Friant", 0, RE_INFANTRY, 4, 0, 0);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    assert_int_equal(re_init(&sc, &st, NULL), GR_OK);
    play("chits done");
    play("chits done");
    assert_true(re_is_terminal(&sc, &st));
    assert_int_equal(re_winner(&sc, &st), -1); /* a draw */
}

/* "par des cases vides": a friend is pushed only when no empty hex toward
 * the line of retreat is open. */
static void s44_push_only_to_open_a_path(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    unit("Langeron", 1, RE_INFANTRY, 4, 4, 2);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    die(1);
    die(6);
    die(6);
    assert_true(legal("Weyrother: retreat to 3,1"));
    assert_true(legal("Weyrother: retreat to 3,3"));
    assert_false(legal("Weyrother: retreat to 4,2 pushing Langeron to 5,2"));
}

/* A pursuit goes on while the target keeps falling back. */
static void s45_pursuit_goes_on_while_target_retreats(void **state)
{
    (void)state;
    tiny();
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 1, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 2, 2);
    activate_corps(0);
    play("end movement");
    play("Nansouty: attack Weyrother");
    die(1);
    die(6);
    play("Weyrother: retreat to 3,2");
    play("Nansouty: pursue Weyrother");
    assert_at("Nansouty", 2, 2);
    die(1);
    die(2);
    assert_int_equal(figures("Weyrother"), 3);
    play("Weyrother: retreat to 4,2");
    assert_int_equal(st.stage, RE_ST_AFTER);
    assert_true(legal("Nansouty: pursue Weyrother"));
    play("Nansouty: stop");
    assert_at("Nansouty", 2, 2);
    assert_true(log_has("pursues"));
}

/* Artillery attacked in a town evades (two hexes) when it can. */
static void s7_artillery_in_town_must_evade(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Batterie", 1, RE_ARTILLERY, 1, 3, 2);
    terrain(3, 2, RE_TOWN);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Batterie");
    assert_int_equal(st.stage, RE_ST_RETREAT);
    assert_true(st.retreat.evasion);
    play("Batterie: retreat to 4,2");
    play("Batterie: retreat to 5,2");
    assert_at("Batterie", 5, 2);
}

/* A corps with no unit left puts no chit in the bowl. */
static void s1_destroyed_corps_has_no_chit(void **state)
{
    (void)state;
    tiny();
    sc.ncorps = 3;
    snprintf(sc.corps[2].name, RE_NAME_LEN, "Lannes");
    sc.corps[2].side = 0;
    sc.corps[2].chits = 1;
    unit("Vandamme", 0, RE_INFANTRY, 4, 0, 0);
    unit("Oudinot", 0, RE_INFANTRY, 4, 0, 5);
    sc.units[1].corps = 2;
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    assert_int_equal(re_init(&sc, &st, NULL), GR_OK);
    st.units[1].figures = 0;
    st.units[1].col = st.units[1].row = -1;
    assert_true(legal("chit Soult"));
    assert_false(legal("chit Lannes"));
}

/* The log says why: dice, bonus and the seed paragraph. */
static void api_log_explains_dice(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Gudin", 0, RE_INFANTRY, 4, 4, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    terrain(3, 2, RE_FOREST);
    activate_corps(0);
    play("group Friant");
    play("end movement");
    gr_log_clear(&lg);
    play("Friant: attack Weyrother");
    int flank = 0, forest = 0, total = 0;
    for (int i = 0; i < lg.n; i++) {
        if (strstr(log_text(i), "flank") && strstr(log_rule(i), "4.3"))
            flank = 1;
        if (strstr(log_text(i), "-1 dice") && strstr(log_rule(i), "7"))
            forest = 1;
        if (strstr(log_text(i), "= 4 dice"))
            total = 1;
    }
    assert_true(flank);
    assert_true(forest);
    assert_true(total);
    assert_int_equal(dice_pending(), 4);
}

/* "Sauf indication contraire du scénario": a scenario may rank by
 * demoralisation points; an army with no unit left ends the game at once. */
static void goal_scenario_victory_and_annihilation(void **state)
{
    (void)state;
    tiny();
    sc.turns = 5;
    sc.victory = RE_VICTORY_DEMORALISATION;
    sc.nobjectives = 1;
    sc.objectives[0] = (re_objective){1, 0, 1, 3};
    unit("Friant", 0, RE_INFANTRY, 4, 0, 0);
    unit("Weyrother", 1, RE_INFANTRY, 1, 1, 0); /* stands on its own objective */
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    die(2);
    die(6);
    die(6);
    /* the last Austrian unit is gone: over at once, in turn 1 */
    assert_true(re_is_terminal(&sc, &st));
    assert_int_equal(st.turn, 1);
    assert_int_equal(re_demoralisation(&sc, &st, 1), 1);
    assert_int_equal(re_winner(&sc, &st), 0);
}

/* ---- events: their English and French text ----------------------------------------------- */

/* The text in `lang` of the n-th event (from 0) of `kind` in the log;
 * fails if there is none. */
static const char *event_text(int kind, int n, gr_lang lang)
{
    static char buf[RE_EVENT_TEXT_MAX];
    for (int i = 0; i < lg.n; i++)
        if (lg.ev[i].kind == kind && n-- == 0) {
            int len = re_event_text(&sc, &lg.ev[i], lang, buf, sizeof buf);
            assert_int_equal(len, (int)strlen(buf));
            return buf;
        }
    fail_msg("no event %s in the log", re_event_kind_name(kind));
    return "";
}

/* A flank bonus and a forest malus, in both languages. */
static void ev_modifiers_in_french(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Gudin", 0, RE_INFANTRY, 4, 4, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    terrain(3, 2, RE_FOREST);
    activate_corps(0);
    play("group Friant");
    play("end movement");
    gr_log_clear(&lg);
    play("Friant: attack Weyrother");
    assert_string_equal(event_text(RE_EV_ATTACK, 0, GR_LANG_FR), "Friant attaque Weyrother");
    assert_string_equal(event_text(RE_EV_DICE_BASE, 0, GR_LANG_FR),
                        "  3 dés : Friant (Infanterie)");
    assert_string_equal(event_text(RE_EV_DICE_MOD, 0, GR_LANG_EN),
                        "  +2 dice: flank, Gudin touches Weyrother and not Friant: Prise de Flanc "
                        ": + 2 dés pour l'unité active attaquant");
    assert_string_equal(event_text(RE_EV_DICE_MOD, 0, GR_LANG_FR),
                        "  +2 dés : prise de flanc, Gudin est au contact de Weyrother mais pas de "
                        "Friant : Prise de Flanc : + 2 dés pour l'unité active attaquant");
    assert_string_equal(event_text(RE_EV_DICE_MOD, 1, GR_LANG_EN),
                        "  -1 dice: Forêts/bois : – 1 dé en protection");
    assert_string_equal(event_text(RE_EV_DICE_MOD, 1, GR_LANG_FR),
                        "  -1 dé : Forêts/bois : – 1 dé en protection");
    assert_string_equal(event_text(RE_EV_DICE_TOTAL, 0, GR_LANG_FR), "  = 4 dés");
}

/* Dice, a loss and a retreat, in both languages. */
static void ev_die_loss_retreat_in_french(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 2, 2);
    unit("Weyrother", 1, RE_INFANTRY, 4, 3, 2);
    activate_corps(0);
    play("end movement");
    play("Friant: attack Weyrother");
    gr_log_clear(&lg);
    die(2);
    die(1);
    die(5);
    assert_string_equal(event_text(RE_EV_DIE, 0, GR_LANG_EN), "die 2 against Weyrother: loss");
    assert_string_equal(event_text(RE_EV_DIE, 0, GR_LANG_FR), "dé 2 contre Weyrother : perte");
    assert_string_equal(event_text(RE_EV_DIE, 1, GR_LANG_FR), "dé 1 contre Weyrother : retraite");
    assert_string_equal(event_text(RE_EV_DIE, 2, GR_LANG_FR), "dé 5 contre Weyrother : sans effet");
    assert_string_equal(event_text(RE_EV_RESULT, 0, GR_LANG_FR),
                        "résultat sur Weyrother : 1 perte, 1 retraite");
    assert_string_equal(event_text(RE_EV_LOSS, 0, GR_LANG_EN),
                        "Weyrother loses a figure (loss): 3 left");
    assert_string_equal(event_text(RE_EV_LOSS, 0, GR_LANG_FR),
                        "Weyrother perd une figurine (perte) : il en reste 3");
    gr_log_clear(&lg);
    play("Weyrother: retreat to 4,2");
    assert_string_equal(event_text(RE_EV_RETREAT, 0, GR_LANG_EN), "Weyrother retreats to 4,2");
    assert_string_equal(event_text(RE_EV_RETREAT, 0, GR_LANG_FR), "Weyrother retraite vers 4,2");
    assert_string_equal(lg.ev[0].rule, "seed 004 §4.4 Retraites");
    assert_at("Weyrother", 4, 2);
}

/* Events made by hand: kinds hard to reach in a tiny game, and the names. */
static void ev_by_hand(void **state)
{
    (void)state;
    tiny();
    sc.sides[1].demoralised_at = 2;
    gr_log_clear(&lg);
    gr_event *e = gr_log_add(&lg, RE_EV_DICE_MOD, "seed 004 §6 Démoralis.");
    assert_non_null(e);
    e->units[0] = 1;
    e->vals[0] = RE_EVM_DEMORALISED;
    e->vals[1] = -1;
    e->vals[2] = 2;
    e->vals[3] = 2;
    assert_string_equal(event_text(RE_EV_DICE_MOD, 0, GR_LANG_EN),
                        "  -1 die: Autriche is demoralised (2 points, threshold 2): L'armée "
                        "démoralisée perd un dé dans tous les tirs (y compris de tirailleurs) et "
                        "combats");
    assert_string_equal(event_text(RE_EV_DICE_MOD, 0, GR_LANG_FR),
                        "  -1 dé : armée démoralisée (Autriche, 2 points, seuil 2) : L'armée "
                        "démoralisée perd un dé dans tous les tirs (y compris de tirailleurs) et "
                        "combats");
    e = gr_log_add(&lg, RE_EV_WINNER, NULL);
    assert_non_null(e);
    e->units[0] = 0;
    assert_string_equal(event_text(RE_EV_WINNER, 0, GR_LANG_FR), "France l'emporte");
    /* a short buffer: truncated, NUL-terminated, the needed length returned */
    char small[8];
    int need = re_event_text(&sc, e, GR_LANG_EN, small, sizeof small);
    assert_int_equal(need, (int)strlen("France wins"));
    assert_string_equal(small, "France ");
    assert_int_equal(re_event_text(&sc, e, GR_LANG_FR, NULL, 0), (int)strlen("France l'emporte"));
    assert_string_equal(re_event_kind_name(RE_EV_DIE), "die");
    assert_string_equal(re_event_kind_name(RE_EV_DICE_MOD), "dice_modifier");
    assert_string_equal(re_event_kind_name(RE_EV_KINDS), "unknown");
    assert_string_equal(re_event_kind_name(-1), "unknown");
}

/* The longest text: every unit of the largest scenario, with the longest
 * names, activating as isolated light cavalry, fits RE_EVENT_TEXT_MAX. */
static void ev_longest_text_fits(void **state)
{
    (void)state;
    tiny();
    memset(sc.corps[0].name, 'C', RE_NAME_LEN - 1);
    sc.corps[0].name[RE_NAME_LEN - 1] = 0;
    for (int u = 0; u < RE_MAX_UNITS; u++) {
        memset(sc.units[u].name, 'U', RE_NAME_LEN - 1);
        sc.units[u].name[RE_NAME_LEN - 1] = 0;
    }
    sc.nunits = RE_MAX_UNITS;
    gr_log_clear(&lg);
    gr_event *e = gr_log_add(&lg, RE_EV_ACTIVATION, NULL);
    assert_non_null(e);
    e->units[0] = 0;
    for (int i = 0; i < GR_EV_VALS; i++)
        e->vals[i] = -1; /* all 64 bits of both sets */
    static char buf[RE_EVENT_TEXT_MAX];
    int en = re_event_text(&sc, e, GR_LANG_EN, buf, sizeof buf);
    int fr = re_event_text(&sc, e, GR_LANG_FR, buf, sizeof buf);
    assert_true(en > 64 * RE_NAME_LEN && en < RE_EVENT_TEXT_MAX);
    assert_true(fr > 64 * RE_NAME_LEN && fr < RE_EVENT_TEXT_MAX);
    assert_int_equal((int)strlen(buf), fr);
}

/* ---- the API: illegal actions, clone, hash, text, random playouts ----------------------- */

static void api_illegal_action_is_refused(void **state)
{
    (void)state;
    tiny();
    unit("Friant", 0, RE_INFANTRY, 4, 0, 0);
    unit("Weyrother", 1, RE_INFANTRY, 4, 5, 5);
    assert_int_equal(re_init(&sc, &st, NULL), GR_OK);
    re_state before = st;
    re_action a = {RE_A_MOVE, 0, RE_NO_UNIT, 1, 0, -1, -1, 0};
    gr_error err;
    assert_int_equal(re_apply(&sc, &st, a, NULL, &err), GR_EILLEGAL);
    assert_true(strstr(err.msg, "not a legal action") != NULL);
    assert_memory_equal(&before, &st, sizeof st);
    assert_int_equal(re_apply_chance(&sc, &st, a, NULL, &err), GR_EILLEGAL);
}

static void api_random_playouts(void **state)
{
    (void)state;
    tiny();
    sc.turns = 4;
    sc.cols = 8;
    sc.rows = 8;
    sc.corps[0].chits = 2;
    sc.corps[1].chits = 2;
    sc.sides[0].demoralised_at = 3;
    sc.sides[1].demoralised_at = 3;
    terrain(3, 3, RE_FOREST);
    terrain(4, 4, RE_TOWN);
    flag(2, 2, RE_HILL);
    terrain(5, 1, RE_MARSH);
    int s = unit("Friant", 0, RE_INFANTRY, 4, 1, 3);
    sc.units[s].skirmisher = 1;
    unit("Gudin", 0, RE_ELITE_INFANTRY, 4, 1, 4);
    unit("Murat", 0, RE_LIGHT_CAVALRY, 2, 2, 6);
    unit("Nansouty", 0, RE_HEAVY_CAVALRY, 3, 1, 5);
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 4);
    s = unit("Weyrother", 1, RE_INFANTRY, 4, 5, 3);
    sc.units[s].skirmisher = 1;
    unit("Langeron", 1, RE_INFANTRY, 4, 5, 4);
    unit("Kienmayer", 1, RE_LIGHT_CAVALRY, 2, 6, 2);
    unit("Liechtenstein", 1, RE_HEAVY_CAVALRY, 3, 6, 5);
    unit("Batterie", 1, RE_ARTILLERY, 1, 7, 4);
    static re_action acts[RE_MAX_ACTIONS];
    for (uint64_t seed = 1; seed <= 60; seed++) {
        gr_rng rng;
        gr_rng_seed(&rng, seed);
        assert_int_equal(re_init(&sc, &st, NULL), GR_OK);
        int steps = 0;
        while (!re_is_terminal(&sc, &st)) {
            assert_true(steps++ < 20000);
            int p = re_current_player(&sc, &st);
            int n = re_legal_actions(&sc, &st, acts, RE_MAX_ACTIONS);
            assert_true(n > 0);
            if (p == RE_CHANCE) {
                re_chance ch[RE_MAX_OUTCOMES];
                int m = re_chance_outcomes(&sc, &st, ch, RE_MAX_OUTCOMES);
                assert_int_equal(m, n);
                uint32_t tot = 0;
                for (int i = 0; i < m; i++)
                    tot += ch[i].num;
                assert_int_equal(tot, ch[0].den);
            } else {
                /* every legal action's text parses back to it */
                for (int i = 0; i < n; i += 7) {
                    char buf[160];
                    re_action b;
                    re_action_describe(&sc, &st, acts[i], buf, sizeof buf);
                    assert_int_equal(re_action_parse(&sc, &st, buf, &b, NULL), GR_OK);
                    assert_memory_equal(&b, &acts[i], sizeof b);
                }
            }
            re_action a;
            assert_true(re_random_action(&sc, &st, &rng, &a));
            re_state clone = st;
            assert_true(re_hash(&sc, &clone) == re_hash(&sc, &st));
            gr_error err;
            gr_log_clear(&lg);
            assert_int_equal(re_apply(&sc, &st, a, &lg, &err), GR_OK);
            /* invariants: no two units on one hex; figures within bounds */
            for (int u = 0; u < sc.nunits; u++) {
                assert_true(st.units[u].figures <= sc.units[u].figures);
                if (!st.units[u].figures)
                    continue;
                for (int v = u + 1; v < sc.nunits; v++)
                    if (st.units[v].figures)
                        assert_false(st.units[u].col == st.units[v].col &&
                                     st.units[u].row == st.units[v].row);
            }
        }
        int w = re_winner(&sc, &st);
        assert_true(w >= -1 && w <= 1);
    }
}

/* re_is_legal (and so re_apply's check) looks only at the generators'
 * actions of the action's own kind and unit: it must still say yes to
 * exactly the actions of the list.  Along random games, every action of
 * the list and every move, fire, attack, column attack and skirmish of
 * every unit (to every hex, on every unit) is asked. */
static void api_is_legal_agrees_with_the_list(void **state)
{
    (void)state;
    tiny();
    sc.turns = 6;
    sc.cols = 8;
    sc.rows = 8;
    sc.corps[0].chits = 2;
    sc.corps[1].chits = 2;
    terrain(3, 3, RE_FOREST);
    flag(2, 2, RE_HILL);
    int s = unit("Friant", 0, RE_INFANTRY, 4, 1, 3);
    sc.units[s].skirmisher = 1;
    unit("Murat", 0, RE_LIGHT_CAVALRY, 2, 2, 6);
    unit("Senarmont", 0, RE_ARTILLERY, 1, 0, 4);
    s = unit("Weyrother", 1, RE_INFANTRY, 4, 4, 3);
    sc.units[s].skirmisher = 1;
    unit("Liechtenstein", 1, RE_HEAVY_CAVALRY, 3, 5, 5);
    unit("Batterie", 1, RE_ARTILLERY, 1, 7, 4);
    static re_action acts[RE_MAX_ACTIONS];
    int asked = 0, yes = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        gr_rng rng;
        gr_rng_seed(&rng, seed);
        assert_int_equal(re_init(&sc, &st, NULL), GR_OK);
        while (!re_is_terminal(&sc, &st)) {
            int n = re_legal_actions(&sc, &st, acts, RE_MAX_ACTIONS);
            for (int i = 0; i < n; i++)
                assert_true(re_is_legal(&sc, &st, acts[i]));
            static const uint8_t kinds[] = {RE_A_MOVE, RE_A_FIRE, RE_A_ATTACK, RE_A_COLUMN,
                                            RE_A_SKIRMISH};
            for (size_t k = 0; k < sizeof kinds; k++)
                for (int u = 0; u < sc.nunits; u++)
                    for (int j = 0; j < (kinds[k] <= RE_A_FIRE ? 64 : sc.nunits); j++) {
                        re_action a = {kinds[k], (uint8_t)u, RE_NO_UNIT, -1, -1, -1, -1, 0};
                        if (kinds[k] == RE_A_MOVE || kinds[k] == RE_A_FIRE) {
                            a.col = (int8_t)(j % 8);
                            a.row = (int8_t)(j / 8);
                        } else {
                            a.target = (uint8_t)j;
                        }
                        int listed = 0;
                        for (int i = 0; i < n && !listed; i++)
                            listed = !memcmp(&acts[i], &a, sizeof a);
                        assert_int_equal(re_is_legal(&sc, &st, a), listed);
                        asked++;
                        yes += listed;
                    }
            re_action a;
            assert_true(re_random_action(&sc, &st, &rng, &a));
            gr_error err;
            assert_int_equal(re_apply(&sc, &st, a, NULL, &err), GR_OK);
        }
    }
    assert_true(yes > 100 && asked > 10 * yes); /* both answers were asked often */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(s1_chits_per_corps_and_per_turn),
        cmocka_unit_test(s3_move_path_and_whether_it_may_fight),
        cmocka_unit_test(s44_attack_odds_whole_attack),
        cmocka_unit_test(s8_sight_range_and_dice),
        cmocka_unit_test(s1_main_group_of_adjacent_units),
        cmocka_unit_test(s1_isolated_light_cavalry),
        cmocka_unit_test(s1_turn_ends_when_bowl_is_empty),
        cmocka_unit_test(s21_artillery_nearest_hex_and_dice_by_range),
        cmocka_unit_test(s21_artillery_fire_no_effect_on_artillery),
        cmocka_unit_test(s21_artillery_fires_once_and_does_nothing_else),
        cmocka_unit_test(s21_enfilade),
        cmocka_unit_test(s21_artillery_terrain_malus),
        cmocka_unit_test(s21_artillery_fire_retreat),
        cmocka_unit_test(s8_los_blocked_by_forest_orchard_town_fortress_mountain),
        cmocka_unit_test(s8_los_target_and_observer_terrain_never_block),
        cmocka_unit_test(s8_los_blocked_by_units),
        cmocka_unit_test(s8_los_hills),
        cmocka_unit_test(s8_los_along_hex_edges),
        cmocka_unit_test(s22_skirmisher_fire),
        cmocka_unit_test(s3_infantry_two_hexes_without_combat_one_with),
        cmocka_unit_test(s3_cavalry_and_artillery_allowances),
        cmocka_unit_test(s3_road_bonus),
        cmocka_unit_test(s3_road_bonus_extends_the_combat_allowance),
        cmocka_unit_test(s3_no_passing_through_friends_and_one_move),
        cmocka_unit_test(s7_forest_stops_infantry_forbids_cavalry),
        cmocka_unit_test(s7_no_combat_after_entering_town),
        cmocka_unit_test(s7_forbidden_terrains),
        cmocka_unit_test(s7_hill_stops_from_below),
        cmocka_unit_test(s7_combat_dice_maluses),
        cmocka_unit_test(s7_cavalry_cannot_attack_into_forest),
        cmocka_unit_test(s7_cavalry_in_town_evades_or_is_destroyed),
        cmocka_unit_test(s7_terrain_by_terrain),
        cmocka_unit_test(s7_hexside_and_attack_maluses),
        cmocka_unit_test(preview_dice_equal_rolled_dice),
        cmocka_unit_test(s41_one_attack_per_turn_artillery_never_attacks),
        cmocka_unit_test(s43_dice_by_type),
        cmocka_unit_test(s43_flank_bonus),
        cmocka_unit_test(s43_no_flank_if_attacker_is_flanked),
        cmocka_unit_test(s43_flank_exemptions),
        cmocka_unit_test(s43_organised_cavalry_charge),
        cmocka_unit_test(s44_losses_by_target_type),
        cmocka_unit_test(s44_column_attack),
        cmocka_unit_test(s44_retreat_free_path_chosen_by_owner),
        cmocka_unit_test(s44_retreat_blocked_loses_a_figure_per_hex),
        cmocka_unit_test(s44_retreat_blocked_by_board_edge),
        cmocka_unit_test(s44_retreat_pushes_a_friend),
        cmocka_unit_test(s44_riposte),
        cmocka_unit_test(s44_no_riposte_after_retreat),
        cmocka_unit_test(s44_artillery_riposte),
        cmocka_unit_test(s42_light_cavalry_must_evade),
        cmocka_unit_test(s42_no_evasion_against_cavalry),
        cmocka_unit_test(s42_heavy_cavalry_may_evade),
        cmocka_unit_test(s42_evasion_impossible_means_combat),
        cmocka_unit_test(s45_take_ground),
        cmocka_unit_test(s45_cavalry_pursuit),
        cmocka_unit_test(s45_no_pursuit_into_marsh),
        cmocka_unit_test(s5_skirmisher_lost_second_to_last),
        cmocka_unit_test(s6_demoralised_army_loses_a_die),
        cmocka_unit_test(s6_objective_hexes_worth_points),
        cmocka_unit_test(goal_most_units_destroyed_at_the_end),
        cmocka_unit_test(s44_push_only_to_open_a_path),
        cmocka_unit_test(s45_pursuit_goes_on_while_target_retreats),
        cmocka_unit_test(s7_artillery_in_town_must_evade),
        cmocka_unit_test(s1_destroyed_corps_has_no_chit),
        cmocka_unit_test(api_log_explains_dice),
        cmocka_unit_test(ev_modifiers_in_french),
        cmocka_unit_test(ev_die_loss_retreat_in_french),
        cmocka_unit_test(ev_by_hand),
        cmocka_unit_test(ev_longest_text_fits),
        cmocka_unit_test(goal_scenario_victory_and_annihilation),
        cmocka_unit_test(api_illegal_action_is_refused),
        cmocka_unit_test(s21_artillery_that_moved_does_not_fire_that_turn),
        cmocka_unit_test(s44_retreat_full_distance_before_line_of_retreat),
        cmocka_unit_test(s43_charge_out_of_a_wood_along_a_road),
        cmocka_unit_test(s42_evasion_pushes_a_friend),
        cmocka_unit_test(api_random_playouts),
        cmocka_unit_test(api_is_legal_agrees_with_the_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
