/* test_bt_aoe.c - the battle companion's L'Âge des Aigles rules (bt_aoe.c),
 * in process through gr_battle_do with typed dice.
 *
 * Every expected value is worked out by hand in the comments from the
 * tables sheet (seed 003) and the rules pages (seed 000): the modifiers
 * each printed line gives, the fire power of the PUISSANCE rows, the row
 * and the band of the Table des tirs, the difference on the Table des
 * combats, the column of the Table des mouvements.  Nothing is computed
 * from the data the engine reads.
 *
 * The order of battle, written here: a corner of the Pratzen, 2 December
 * 1805 (simplified; the bundled data/oob/aoe/ file is the fuller one).
 *
 *   French (side 0, first player on turn 1)
 *     napoleon      army, charismatic, label napoleon_with_berthier
 *     soult         corps, charismatic, under napoleon
 *     vandamme      division, ordinary, under soult
 *     0 schiner     infantry 6 stands, regular, line, columnar, sk, worn 1, spent 3 (vandamme)
 *     1 ferey       infantry 5 stands, regular, column, columnar, worn 1, spent 3 (vandamme)
 *     2 art_v       foot battery 2 stands, heavy, french, unlimbered (vandamme)
 *     3 levasseur   infantry 4 stands, elite, square, columnar, worn 1, spent 2 (soult)
 *   Allied (side 1)
 *     kutuzov       army, ordinary, label kutuzov
 *     liechtenstein division, charismatic, under kutuzov
 *     4 russ_line   infantry 8 stands, other, line, linear, russian, worn 1, spent 4 (kutuzov)
 *     5 jurczik     infantry 6 stands, regular, column, columnar, austrian, worn 1, spent 3
 *     6 russ_bty    foot battery 2 stands, heavy, russian, unlimbered
 *     7 cuirassiers cavalry 4 stands, elite, line, cuirassier, austrian, worn 1, spent 2
 *                   (liechtenstein)
 *   French again (added for issue 25's counter-charges and reserve zones)
 *     8 milhaud     cavalry 4 stands, regular, line, light, french, worn 1, spent 2 (soult)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/battle.h"

enum { SCHINER, FEREY, ART_V, LEVASSEUR, RUSS_LINE, JURCZIK, RUSS_BTY, CUIRASSIERS, MILHAUD };
enum { NAPOLEON, SOULT, VANDAMME, KUTUZOV, LIECHTENSTEIN };
/* The phases, as bt_aoe.c numbers them (checked by id below). */
enum {
    P_INIT,
    P1_LEAD,
    P1_RES,
    P1_TACT,
    P1_GEN,
    P1_FIRE_A,
    P1_FIRE_B,
    P1_COMBAT,
    P2_LEAD,
    P2_RES,
    P2_TACT,
    P2_GEN,
    P2_FIRE_A,
    P2_FIRE_B,
    P2_COMBAT
};

static gr_battle *B;
static gr_bt_outcome OUT;
static gr_error E;
/* The record, as a battle file keeps it, and the hash after each action. */
static gr_bt_action REC[256];
static uint64_t HASH[256];
static int NREC;

static void unit(gr_battle *b, const char *id, int side, int leader, gr_bt_arm arm, int stands,
                 const char *quality, const char *formation, const char *nation, const char *kind,
                 const char *weapon, const char *flag, int worn, int spent)
{
    gr_bt_unit *u = &b->units[b->nunits++];
    memset(u, 0, sizeof *u);
    snprintf(u->id, sizeof u->id, "%s", id);
    snprintf(u->name, sizeof u->name, "%s", id);
    u->side = side;
    u->leader = leader;
    u->arm = arm;
    u->stands = stands;
    snprintf(u->quality, sizeof u->quality, "%s", quality);
    snprintf(u->formation, sizeof u->formation, "%s", formation);
    snprintf(u->nation, sizeof u->nation, "%s", nation);
    snprintf(u->kind, sizeof u->kind, "%s", kind);
    snprintf(u->weapon, sizeof u->weapon, "%s", weapon);
    if (flag)
        snprintf(u->flags[u->nflags++], GR_BT_ID, "%s", flag);
    u->worn_at = worn;
    u->spent_at = spent;
    u->line = 10 + b->nunits;
    u->col = 5;
}

static void leader(gr_battle *b, const char *id, int side, const char *role, const char *rating,
                   const char *kind, int parent)
{
    gr_bt_leader *l = &b->leaders[b->nleaders++];
    memset(l, 0, sizeof *l);
    snprintf(l->id, sizeof l->id, "%s", id);
    snprintf(l->name, sizeof l->name, "%s", id);
    l->side = side;
    snprintf(l->role, sizeof l->role, "%s", role);
    snprintf(l->rating, sizeof l->rating, "%s", rating);
    snprintf(l->kind, sizeof l->kind, "%s", kind);
    l->parent = parent;
    l->attached = -1;
    l->line = 3 + b->nleaders;
    l->col = 5;
}

/* The order of battle above, as the order-of-battle reader leaves it:
 * worn/spent not given are GR_BT_UNSET. */
static gr_battle *oob(void)
{
    gr_battle *b = calloc(1, sizeof *b);
    assert_non_null(b);
    b->rules = gr_battle_rules_find("aoe");
    assert_non_null(b->rules);
    snprintf(b->system, sizeof b->system, "aoe");
    snprintf(b->side_name[0], GR_BT_NAME, "French");
    snprintf(b->side_name[1], GR_BT_NAME, "Allied");
    b->first = 0;
    b->turns = 6;
    b->seed = 1805;
    leader(b, "napoleon", 0, "army", "charismatic", "napoleon_with_berthier", -1);
    leader(b, "soult", 0, "corps", "charismatic", "", NAPOLEON);
    leader(b, "vandamme", 0, "division", "ordinary", "", SOULT);
    leader(b, "kutuzov", 1, "army", "ordinary", "kutuzov", -1);
    leader(b, "liechtenstein", 1, "division", "charismatic", "", KUTUZOV);
    unit(b, "schiner", 0, VANDAMME, GR_BT_INFANTRY, 6, "regular", "line", "french", "columnar", "",
         "sk", 1, 3);
    unit(b, "ferey", 0, VANDAMME, GR_BT_INFANTRY, 5, "regular", "column", "french", "columnar", "",
         NULL, 1, 3);
    unit(b, "art_v", 0, VANDAMME, GR_BT_ARTILLERY, 2, "", "unlimbered", "french", "foot", "heavy",
         NULL, GR_BT_UNSET, GR_BT_UNSET);
    unit(b, "levasseur", 0, SOULT, GR_BT_INFANTRY, 4, "elite", "square", "french", "columnar", "",
         NULL, 1, 2);
    unit(b, "russ_line", 1, KUTUZOV, GR_BT_INFANTRY, 8, "other", "line", "russian", "linear", "",
         NULL, 1, 4);
    unit(b, "jurczik", 1, KUTUZOV, GR_BT_INFANTRY, 6, "regular", "column", "austrian", "columnar",
         "", NULL, 1, 3);
    unit(b, "russ_bty", 1, KUTUZOV, GR_BT_ARTILLERY, 2, "", "unlimbered", "russian", "foot",
         "heavy", NULL, GR_BT_UNSET, GR_BT_UNSET);
    unit(b, "cuirassiers", 1, LIECHTENSTEIN, GR_BT_CAVALRY, 4, "elite", "line", "austrian",
         "cuirassier", "", NULL, 1, 2);
    unit(b, "milhaud", 0, SOULT, GR_BT_CAVALRY, 4, "regular", "line", "french", "light", "", NULL,
         1, 2);
    gr_error_clear(&E);
    if (b->rules->setup(b, &E) != GR_OK)
        fail_msg("setup: %s", E.msg);
    gr_battle_begin(b);
    return b;
}

/* Build the action "verb unit --target t --leader l --k v ... --roll r". */
static gr_bt_action make(const char *verb, int u, int t, int l, const char *inputs,
                         const char *rolls)
{
    gr_bt_action a;
    memset(&a, 0, sizeof a);
    snprintf(a.call.verb, sizeof a.call.verb, "%s", verb);
    a.call.unit = u;
    a.call.target = t;
    a.call.leader = l;
    if (inputs) {
        char buf[512];
        snprintf(buf, sizeof buf, "%s", inputs);
        char *save = NULL;
        for (char *k = strtok_r(buf, " ", &save); k; k = strtok_r(NULL, " ", &save)) {
            char *v = strtok_r(NULL, " ", &save);
            assert_non_null(v);
            assert_true(!strncmp(k, "--", 2));
            snprintf(a.call.key[a.call.nin], GR_BT_ID, "%s", k + 2);
            snprintf(a.call.val[a.call.nin++], GR_BT_ID, "%s", v);
        }
    }
    if (rolls) {
        char buf[64];
        snprintf(buf, sizeof buf, "%s", rolls);
        char *save = NULL;
        for (char *k = strtok_r(buf, ",", &save); k; k = strtok_r(NULL, ",", &save))
            a.rolls[a.nrolls++] = atoi(k);
    }
    return a;
}

/* Do an action that must succeed; it joins the record. */
static void ok(const char *verb, int u, int t, int l, const char *inputs, const char *rolls)
{
    gr_bt_action a = make(verb, u, t, l, inputs, rolls);
    gr_error_clear(&E);
    if (gr_battle_do(B, &a, &OUT, &E) != GR_OK)
        fail_msg("%s: %s", verb, E.msg);
    if (getenv("BT_VERBOSE"))
        for (int i = 0; i < OUT.ninstr; i++)
            printf("  %s\n", OUT.instr[i]);
    assert_true(NREC < 256);
    REC[NREC] = a;
    HASH[NREC++] = gr_battle_hash(B);
}

static void next(int turn, int phase)
{
    ok("next", -1, -1, -1, NULL, NULL);
    assert_int_equal(B->turn, turn);
    assert_int_equal(B->phase, phase);
}

/* Do an action that must be refused with `code`, the message holding
 * `words`; the state must be unchanged. */
static void refused(gr_status code, const char *words, const char *verb, int u, int t, int l,
                    const char *inputs, const char *rolls)
{
    uint64_t h = gr_battle_hash(B);
    gr_bt_action a = make(verb, u, t, l, inputs, rolls);
    gr_error_clear(&E);
    gr_status st = gr_battle_do(B, &a, &OUT, &E);
    if (st != code || !strstr(E.msg, words))
        fail_msg("%s: expected status %d with \"%s\", got %d: %s", verb, code, words, st, E.msg);
    assert_true(gr_battle_hash(B) == h);
}

/* The sum of the applied modifiers whose reason begins with `line` on
 * `side` (0 attacker or only side, 1 defender) of the last resolution, and
 * how many there were (0: the line is not there). */
static int mod(const char *line, int side, int *count)
{
    int sum = 0, n = 0;
    for (int i = 0; i < OUT.res.nmods; i++) {
        const gr_mod *m = &OUT.res.mods[i];
        if (m->kind != GR_MOD_DRM || !m->applied || m->side != side)
            continue;
        if (m->reason && !strncmp(m->reason, line, strlen(line))) {
            sum += m->value;
            n++;
        }
    }
    if (count)
        *count = n;
    return sum;
}

static int has_mod(const char *line, int side)
{
    int n;
    mod(line, side, &n);
    return n;
}

static int64_t value(const char *key)
{
    for (int i = 0; i < OUT.res.nvalues; i++)
        if (!strcmp(OUT.res.values[i].key, key))
            return OUT.res.values[i].i;
    fail_msg("no value %s", key);
    return 0;
}

/* The last table read: its outcome id and score. */
static void result(const char *what, const char *id, int score)
{
    const gr_step *s = NULL;
    for (int i = 0; i < OUT.res.nsteps; i++)
        if (!strcmp(OUT.res.steps[i].what, what))
            s = &OUT.res.steps[i];
    assert_non_null(s);
    assert_string_equal(s->table->outcomes[s->cell.outcome].id, id);
    assert_int_equal(s->score, score);
}

static int instructed(const char *words)
{
    for (int i = 0; i < OUT.ninstr; i++)
        if (strstr(OUT.instr[i], words))
            return 1;
    return 0;
}

static const gr_bt_unit *U(int i)
{
    return &B->units[i];
}

/* ---- the sequence of play -------------------------------------------------- */

static void test_sequence(void **state)
{
    (void)state;
    const gr_battle_rules *r = gr_battle_rules_find("aoe");
    assert_non_null(r);
    /* Seed 000 / 003, Séquence de jeu: the initiative interphase, then each
     * segment's Phase (1) Mouvement a-d, Phase (2) Tirs a-b, Phase (3)
     * Combats: 1 + 2 x 7 = 15 steps a turn. */
    static const char *const ids[] = {
        "initiative",     "s1_leaders",    "s1_reserve",    "s1_tactical",    "s1_generals",
        "s1_fire_second", "s1_fire_first", "s1_combat",     "s2_leaders",     "s2_reserve",
        "s2_tactical",    "s2_generals",   "s2_fire_first", "s2_fire_second", "s2_combat"};
    assert_int_equal(r->nphases, 15);
    for (size_t i = 0; i < 15; i++)
        assert_string_equal(r->phases[i].id, ids[i]);
    /* Who acts: the phasing player moves and fights; in his segment the
     * other player fires first (a. Tirs du 2e joueur in the first segment,
     * the 1st player's in the second: « Procéder comme pour le 1er
     * joueur »). */
    assert_int_equal(r->phases[P1_LEAD].player, GR_BT_FIRST_PLAYER);
    assert_int_equal(r->phases[P1_FIRE_A].player, GR_BT_SECOND_PLAYER);
    assert_int_equal(r->phases[P1_FIRE_B].player, GR_BT_FIRST_PLAYER);
    assert_int_equal(r->phases[P2_LEAD].player, GR_BT_SECOND_PLAYER);
    assert_int_equal(r->phases[P2_FIRE_A].player, GR_BT_FIRST_PLAYER);
    assert_int_equal(r->phases[P2_FIRE_B].player, GR_BT_SECOND_PLAYER);
    assert_int_equal(r->phases[P2_COMBAT].player, GR_BT_SECOND_PLAYER);
    assert_non_null(strstr(r->phases[P1_FIRE_A].title, "Tirs du 2e joueur"));
    assert_non_null(strstr(r->phases[P1_LEAD].title, "Remplacer, attacher & détacher"));
}

/* ---- the scripted battle: four full turns -------------------------------- */

static void turn1(void)
{
    assert_int_equal(B->turn, 1);
    assert_int_equal(B->phase, P_INIT);
    /* Turn 1: the order of battle names the first player (French). */
    refused(GR_EILLEGAL, "turn 1", "initiative", -1, -1, -1, NULL, "5,5");
    /* ... and so it is not open now: what lists the verbs allowed now
     * (battle status, the server's view) does not list it either */
    const gr_bt_verb *ini = gr_battle_verb(B, "initiative");
    assert_non_null(ini);
    assert_int_equal(gr_battle_verb_open(B, ini, NULL), GR_EILLEGAL);
    next(1, P1_LEAD);

    /* Phase (1) a. Vandamme attaches to Schiner (no roll). */
    refused(GR_EILLEGAL, "it is allowed in: s1_fire_second", "fire", SCHINER, JURCZIK, -1, NULL,
            "5");
    refused(GR_EILLEGAL, "Allied", "attach", CUIRASSIERS, -1, LIECHTENSTEIN, NULL, NULL);
    ok("attach", SCHINER, -1, VANDAMME, NULL, NULL);
    assert_int_equal(B->leaders[VANDAMME].attached, SCHINER);
    next(1, P1_RES);

    /* b. Ferey's reserve movement.  Seed 000 DRMs: Napoléon avec Berthier
     * not engaged +3, « 1er Tour de la partie » +4: 1 + 7 = 8, reserve
     * column 7, 8, 9 « Succès. Bouge normalement. Ralliée si régulière. » */
    refused(GR_EINPUT, "kept by the companion", "reserve", FEREY, -1, -1, "--commander davout",
            "1");
    refused(GR_EINPUT, "battery", "reserve", ART_V, -1, -1, NULL, "1");
    ok("reserve", FEREY, -1, -1, NULL, "1");
    result("Movement", "success", 8);
    assert_int_equal(mod("+ 3 Napoléon avec Berthier", 0, NULL), 3);
    assert_int_equal(mod("1er Tour de la partie", 0, NULL), 4);
    assert_true(instructed("reserve movement used"));
    next(1, P1_TACT);

    /* c. Schiner's tactical test, in order: Vandamme attached (ordinary)
     * +1, Soult detached in its chain (charismatic) +2 (Napoléon commands
     * the army: not a « général hiérarchique » of the brigade), columnar
     * infantry +1, fresh +2: 3 + 6 = 9, « En avant ! ». */
    refused(GR_EILLEGAL, "reserve movement", "movement", FEREY, -1, -1, NULL, "5");
    ok("movement", SCHINER, -1, -1, NULL, "3");
    result("Movement", "forward", 9);
    assert_int_equal(mod("Par général hiérarchique ordinaire attaché", 0, NULL), 1);
    assert_int_equal(mod("Par général hiérarchique charismatique détaché", 0, NULL), 2);
    assert_int_equal(mod("Brigade fraîche", 0, NULL), 2);
    refused(GR_EINPUT, "kept by the companion", "movement", LEVASSEUR, -1, -1, "--condition fresh",
            "5");
    /* It forms column: a change of formation this segment. */
    ok("formation", SCHINER, -1, -1, "--to column", NULL);
    assert_string_equal(U(SCHINER)->formation, "column");
    ok("battery", ART_V, -1, -1, "--action pivot", NULL);
    next(1, P1_GEN);
    next(1, P1_FIRE_A);

    /* Phase (2) a. The Allies fire.  Russian heavy battery at 4": « Vieille
     * Garde ou artillerie russe » 10 (lourde); on a column x2 = 20; the
     * target changed formation +1.  Roll 5 + 1 = 6: row 20-24, « 6, 7 » Tir
     * efficace: Schiner disordered, 1 stand lost (6 -> 5), no longer fresh
     * (worn at 1).  Vandamme attached: Généraux touchés, roll 4 (« 5 - »):
     * out of action, replaced after a turn. */
    refused(GR_EILLEGAL, "French", "fire", SCHINER, RUSS_LINE, -1, NULL, "5");
    ok("fire", RUSS_BTY, SCHINER, -1, "--range 4", "5,4");
    result("Fire", "effective", 6);
    assert_int_equal(value("power"), 20000);
    assert_int_equal(mod("Cible attelée / a changé de formation", 0, NULL), 1);
    assert_int_equal(U(SCHINER)->lost, 1);
    assert_int_equal(gr_bt_unit_stands(U(SCHINER)), 5);
    assert_int_equal(U(SCHINER)->disordered, 1);
    assert_int_equal(U(SCHINER)->condition, GR_BT_WORN);
    assert_int_equal(B->leaders[VANDAMME].status, GR_BT_OUT_OF_ACTION);
    assert_int_equal(B->leaders[VANDAMME].attached, -1);
    assert_int_equal(B->leaders[VANDAMME].back_turn, 2);
    assert_true(instructed("schiner: disordered; remove 1 stand (5 left)"));
    refused(GR_EILLEGAL, "already fired", "fire", RUSS_BTY, FEREY, -1, "--range 4", "5");
    refused(GR_EINPUT, "kept by the companion", "fire", RUSS_LINE, FEREY, -1, "--disordered 1",
            "5");
    /* Russian line, 8 stands in line (three ranks) x 2 = 16: row 15-19, 10
     * « 10 ou plus » Tir meurtrier: Ferey disordered, 2 stands (5 -> 3),
     * worn (spent at 3). */
    ok("fire", RUSS_LINE, FEREY, -1, NULL, "10");
    result("Fire", "deadly", 10);
    assert_int_equal(value("power"), 16000);
    assert_int_equal(U(FEREY)->lost, 2);
    assert_int_equal(U(FEREY)->condition, GR_BT_WORN);
    assert_int_equal(U(FEREY)->disordered, 1);
    next(1, P1_FIRE_B);

    /* b. The French fire.  Schiner, 5 stands in column: 1 each = 5, Sk +1
     * = 6, disordered x1/2 = 3: row 3, roll 10 « 10 ou plus » Tir
     * impressionnant: Jurczik disordered. */
    ok("fire", SCHINER, JURCZIK, -1, NULL, "10");
    result("Fire", "impressive", 10);
    assert_int_equal(value("power"), 3000);
    assert_int_equal(U(JURCZIK)->disordered, 1);
    assert_int_equal(U(JURCZIK)->lost, 0);
    /* Vandamme's heavy battery at 8": « Ligne/Jeune Garde françaises » 7:
     * row 6-7, roll 10 « 10 ou plus » Tir efficace: the Russian line
     * disordered, 1 stand (8 -> 7), worn. */
    ok("fire", ART_V, RUSS_LINE, -1, "--range 8", "10");
    result("Fire", "effective", 10);
    assert_int_equal(value("power"), 7000);
    assert_int_equal(U(RUSS_LINE)->lost, 1);
    assert_int_equal(U(RUSS_LINE)->disordered, 1);
    assert_int_equal(U(RUSS_LINE)->condition, GR_BT_WORN);
    next(1, P1_COMBAT);

    /* Phase (3).  Schiner (5) attacks Jurczik (6).  Attacker: regular +1,
     * disordered -2, 1 stand lost in the fire -1 = -2; no general (Vandamme
     * is out of action: his +1 is gone), no longer fresh.  Defender: fresh
     * +2, regular +1, disordered -2 = +1.  6 against 5 is less than 3 to
     * 2.  Roll 7, 3: 5 - 4 = +1, « 1, 2, 3 Recule ! »: Jurczik retreats
     * in disorder to 2" from the enemy. */
    ok("combat", SCHINER, JURCZIK, -1, NULL, "7,3");
    result("Combat", "defender_falls_back", 1);
    assert_int_equal(value("attacker_modifier"), -2);
    assert_int_equal(value("defender_modifier"), 1);
    assert_false(has_mod("Général attaché", 0));
    assert_false(has_mod("Brigade fraîche", 0));
    assert_int_equal(mod("Brigade fraîche", 1, NULL), 2);
    assert_int_equal(mod("Pour chaque base perdue", 0, NULL), -1);
    assert_true(instructed("jurczik: stays in disorder; retreat to 2 inches from the enemy"));
    assert_int_equal(U(JURCZIK)->lost, 0);
    refused(GR_EILLEGAL, "already fought", "combat", SCHINER, RUSS_LINE, -1, NULL, "5,5");
    /* The second player's segment: the Allies move, the French fire first. */
    next(1, P2_LEAD);
    for (int p = P2_RES; p <= P2_COMBAT; p++)
        next(1, p);
}

static void turn2(void)
{
    next(2, P_INIT);
    /* Initiative: each commander-in-chief's D10, 4 and 7, no critical
     * level: the Allies' is higher and chooses to be 1st player. */
    refused(GR_EINPUT, "takes no unit", "initiative", SCHINER, -1, -1, NULL, "4,7");
    refused(GR_EINPUT, "kept by the companion", "initiative", -1, -1, -1, "--french first", "4,7");
    assert_int_equal(gr_battle_verb_open(B, gr_battle_verb(B, "initiative"), NULL), GR_OK);
    ok("initiative", -1, -1, -1, NULL, "4,7");
    assert_int_equal(B->first, 1);
    refused(GR_EILLEGAL, "already rolled", "initiative", -1, -1, -1, NULL, "4,7");
    assert_int_equal(gr_battle_verb_open(B, gr_battle_verb(B, "initiative"), NULL), GR_EILLEGAL);
    next(2, P1_LEAD);
    assert_int_equal(gr_battle_active_side(B), 1);
    /* Vandamme comes back in his own side's segment, not the Allies'. */
    assert_int_equal(B->leaders[VANDAMME].status, GR_BT_OUT_OF_ACTION);
    refused(GR_EILLEGAL, "French", "attach", SCHINER, -1, SOULT, NULL, NULL);
    ok("attach", CUIRASSIERS, -1, LIECHTENSTEIN, NULL, NULL);
    next(2, P1_RES);

    /* Jurczik's reserve movement: Koutousov not engaged 0, one unit in
     * disorder -1 (itself): 9 - 1 = 8, « Succès », and a regular rallies. */
    ok("reserve", JURCZIK, -1, -1, NULL, "9");
    result("Movement", "success", 8);
    assert_int_equal(mod("Par unité en désordre", 0, NULL), -1);
    assert_int_equal(U(JURCZIK)->disordered, 0);
    next(2, P1_TACT);

    /* The Russian line, in disorder: Koutousov is the army's commander,
     * no « général hiérarchique »; worn, linear: no DRM.  6: « En désordre
     * 5, 6 Ébranlée. Ralliée mais ne peut changer de formation. » */
    ok("movement", RUSS_LINE, -1, -1, NULL, "6");
    result("Movement", "shaken_rallied", 6);
    assert_int_equal(U(RUSS_LINE)->disordered, 0);
    refused(GR_EILLEGAL, "may not change formation", "formation", RUSS_LINE, -1, -1, "--to column",
            NULL);
    /* The cuirassiers: Liechtenstein attached (charismatic) +2, fresh +2:
     * 5 + 4 = 9, « En avant ! ». */
    ok("movement", CUIRASSIERS, -1, -1, NULL, "5");
    result("Movement", "forward", 9);
    assert_int_equal(mod("Par général hiérarchique charismatique attaché", 0, NULL), 2);
    next(2, P1_GEN);
    next(2, P1_FIRE_A);

    /* a. The French (2nd player) fire.  Heavy battery at 4": 9; row 8-9,
     * roll 6 « 6 ou moins »: Tir inefficace. */
    ok("fire", ART_V, CUIRASSIERS, -1, "--range 4", "6");
    result("Fire", "ineffective", 6);
    assert_int_equal(U(CUIRASSIERS)->lost, 0);
    assert_int_equal(U(CUIRASSIERS)->disordered, 0);
    next(2, P1_FIRE_B);

    /* b. The Russian line, 7 stands in line x 2 = 14 (in order now): row
     * 12-14, roll 9 « 8, 9, 10 » Tir efficace: Schiner 5 -> 4, stays
     * disordered; still worn (lost 2, spent at 3). */
    ok("fire", RUSS_LINE, SCHINER, -1, NULL, "9");
    result("Fire", "effective", 9);
    assert_int_equal(value("power"), 14000);
    assert_int_equal(gr_bt_unit_stands(U(SCHINER)), 4);
    assert_int_equal(U(SCHINER)->condition, GR_BT_WORN);
    next(2, P1_COMBAT);

    /* The cuirassiers charge Schiner from 3".  Attacker: charismatic
     * general +2, fresh +2, elite +2, « cavalerie lourde cuirassée » +2,
     * cavalry charging infantry in the open under 5" +2 = +10.  Defender:
     * regular +1, disordered -2, 1 stand lost in the fire -1 = -2.  4 to 4.
     * Roll 3, 6: 13 - 4 = +9, « 7 ou plus Fracassé ! »: Schiner retreats
     * at full speed in disorder and loses two stands (4 -> 2): lost 4, past
     * its spent level 3: spent.  The attacker breaks through. */
    refused(GR_EINPUT, "{charge-distance}", "combat", CUIRASSIERS, SCHINER, -1, NULL, "3,6");
    refused(GR_EINPUT, "kept by the companion", "combat", CUIRASSIERS, SCHINER, -1,
            "--charge-distance 3 --attacker-general charismatic", "3,6");
    ok("combat", CUIRASSIERS, SCHINER, -1, "--charge-distance 3", "3,6");
    result("Combat", "defender_shattered", 9);
    assert_int_equal(value("attacker_modifier"), 10);
    assert_int_equal(value("defender_modifier"), -2);
    assert_int_equal(U(SCHINER)->lost, 4);
    assert_int_equal(U(SCHINER)->condition, GR_BT_SPENT);
    assert_int_equal(U(SCHINER)->disordered, 1);
    assert_true(instructed("retreat at full speed (9 inches)"));
    assert_true(instructed("breaks through"));
    next(2, P2_LEAD);

    /* The French segment: Vandamme, out of action in turn 1, is replaced. */
    assert_int_equal(B->leaders[VANDAMME].status, GR_BT_ACTIVE);
    assert_int_equal(B->leaders[VANDAMME].attached, -1);
    ok("attach", LEVASSEUR, -1, VANDAMME, NULL, NULL);
    next(2, P2_RES);
    next(2, P2_TACT);

    /* Schiner, spent and disordered: Soult detached in its chain
     * (charismatic) +2 (Vandamme is attached elsewhere), columnar +1,
     * « Brigade épuisée » -2 = +1: 8 + 1 = 9, « En désordre 7, 8, 9
     * Ralliement »: rallied, half speed, no formation change.  Its
     * condition's line went from « fraîche » +2 (turn 1) to none (worn) to
     * « épuisée » -2. */
    ok("movement", SCHINER, -1, -1, NULL, "8");
    result("Movement", "rally", 9);
    assert_int_equal(mod("Brigade épuisée", 0, NULL), -2);
    assert_false(has_mod("Brigade fraîche", 0));
    assert_int_equal(U(SCHINER)->disordered, 0);
    assert_true(instructed("half speed (up to 4.5 inches"));
    /* Levasseur in square, in difficult ground: Soult out of the
     * commander-in-chief's radius (the table says so), Vandamme attached +1, square +1, columnar
     * +1, fresh +2 = +5: 2 + 5 = 7, « En avant ! ». */
    ok("movement", LEVASSEUR, -1, -1, "--out-of-radius soult --terrain difficult", "2");
    result("Movement", "forward", 7);
    /* « Infanterie colonnaire » 9", « Difficile x 1/2 »: 4.5". */
    assert_true(instructed("levasseur: moves normally (up to 4.5 inches)"));
    assert_false(has_mod("Par général hiérarchique charismatique détaché", 0));
    ok("battery", ART_V, -1, -1, "--action limber", NULL);
    assert_int_equal(U(ART_V)->limbered, 1);
    ok("battery", ART_V, -1, -1, "--action unlimber", NULL);
    refused(GR_EILLEGAL, "2 actions", "battery", ART_V, -1, -1, "--action pivot", NULL);
    next(2, P2_GEN);
    next(2, P2_FIRE_A);

    /* a. The Allies (1st player) fire.  Russian heavy battery at 8": 8, row
     * 8-9, roll 7 « 7, 8, 9 » Tir impressionnant: Levasseur disordered; no
     * stand lost, so no Generals hit check for Vandamme. */
    ok("fire", RUSS_BTY, LEVASSEUR, -1, "--range 8", "7");
    result("Fire", "impressive", 7);
    assert_int_equal(U(LEVASSEUR)->disordered, 1);
    assert_int_equal(B->leaders[VANDAMME].status, GR_BT_ACTIVE);
    next(2, P2_FIRE_B);

    /* b. The French battery has had its two actions (limber, unlimber). */
    refused(GR_EILLEGAL, "2 actions", "fire", ART_V, RUSS_LINE, -1, "--range 8", "5");
    /* Levasseur, 4 stands in square: 1 each = 4, disordered x1/2 = 2: row
     * 2, roll 10 « 10 ou plus »: the cuirassiers are disordered. */
    ok("fire", LEVASSEUR, CUIRASSIERS, -1, NULL, "10");
    result("Fire", "impressive", 10);
    assert_int_equal(U(CUIRASSIERS)->disordered, 1);
    next(2, P2_COMBAT);
}

static void turn3(void)
{
    next(3, P_INIT);
    /* 8 against 3, the Allies' army past 2 critical levels (-1 each, « DRM
     * applicables seulement pendant l'Interphase d'initiative »): 8 against
     * 3 - 2 = 1; the French commander-in-chief chooses, and lets the Allies
     * be 1st player. */
    refused(GR_EINPUT, "kept by the companion", "initiative", -1, -1, -1,
            "--side1-critical-levels 2", "8,3");
    ok("critical", -1, -1, -1, "--side 1 --levels 2", NULL);
    assert_true(instructed("-2 to its initiative roll"));
    ok("initiative", -1, -1, -1, "--choose second", "8,3");
    assert_int_equal(mod("Par niveau critique", 1, NULL), -2);
    assert_int_equal(B->first, 1);
    next(3, P1_LEAD);
    next(3, P1_RES);
    next(3, P1_TACT);
    /* The cuirassiers in disorder: Liechtenstein +2, fresh +2: 4 + 4 = 8,
     * « Ralliement »: rallied. */
    ok("movement", CUIRASSIERS, -1, -1, NULL, "4");
    result("Movement", "rally", 8);
    assert_int_equal(U(CUIRASSIERS)->disordered, 0);
    next(3, P1_GEN);
    next(3, P1_FIRE_A);
    next(3, P1_FIRE_B);

    /* The Russian battery at 2": 13 (lourde), Schiner in column x2 = 26:
     * row 25-29, roll 7 « 7, 8, 9 » Tir meurtrier: two stands, its last
     * (2 -> 0): removed from play. */
    ok("fire", RUSS_BTY, SCHINER, -1, "--range 2", "7");
    result("Fire", "deadly", 7);
    assert_int_equal(value("power"), 26000);
    assert_int_equal(gr_bt_unit_stands(U(SCHINER)), 0);
    assert_int_equal(U(SCHINER)->removed, 1);
    refused(GR_EILLEGAL, "removed from play", "fire", RUSS_LINE, SCHINER, -1, NULL, "5");
    next(3, P1_COMBAT);

    /* The cuirassiers charge Levasseur's square.  Attacker: Liechtenstein
     * +2, fresh +2, elite +2, cuirassiers +2 = +8 (the charge lines are for
     * infantry « qui n'est pas en carré »).  Defender: « en carré attaqué par
     * la cavalerie » +3, elite +2, fresh +2, disordered -2, Vandamme
     * attached +1 = +6.  Roll 1, 10: 9 - 16 = -7, « -7 ou moins Fracassé ! »:
     * the cuirassiers retreat at full speed in disorder, two stands (4 ->
     * 2, spent at 2), and Liechtenstein is captured. */
    refused(GR_EILLEGAL, "removed from play", "combat", CUIRASSIERS, SCHINER, -1,
            "--charge-distance 3", "5,5");
    ok("combat", CUIRASSIERS, LEVASSEUR, -1, NULL, "1,10");
    result("Combat", "attacker_shattered", -7);
    assert_int_equal(value("attacker_modifier"), 8);
    assert_int_equal(value("defender_modifier"), 6);
    assert_int_equal(U(CUIRASSIERS)->lost, 2);
    assert_int_equal(U(CUIRASSIERS)->condition, GR_BT_SPENT);
    assert_int_equal(U(CUIRASSIERS)->disordered, 1);
    assert_int_equal(B->leaders[LIECHTENSTEIN].status, GR_BT_CAPTURED);
    assert_int_equal(B->leaders[LIECHTENSTEIN].attached, -1);
    assert_true(instructed("retreat at full speed (12 inches)"));
    assert_true(instructed("liechtenstein is captured"));
    next(3, P2_LEAD);
    next(3, P2_RES);
    next(3, P2_TACT);
    refused(GR_EILLEGAL, "removed from play", "movement", SCHINER, -1, -1, NULL, "5");
    next(3, P2_GEN);
    next(3, P2_FIRE_A);
    next(3, P2_FIRE_B);
    next(3, P2_COMBAT);

    /* Ferey (3 stands) attacks the cuirassiers (2).  Attacker: regular +1,
     * disordered -2, 3 to 2 « Supériorité numérique de 3 contre 2 » +1 =
     * 0.  Defender: spent -2, elite +2, cuirassiers +2, disordered -2 = 0:
     * Liechtenstein, captured, gives nothing.  Roll 5, 5: 0, « Fixé au
     * combat ! »: each loses a stand (Ferey 3 -> 2, lost 3: spent; the
     * cuirassiers 2 -> 1). */
    ok("combat", FEREY, CUIRASSIERS, -1, NULL, "5,5");
    result("Combat", "locked", 0);
    assert_int_equal(value("attacker_modifier"), 0);
    assert_int_equal(value("defender_modifier"), 0);
    assert_false(has_mod("Général charismatique attaché", 1));
    assert_int_equal(mod("Supériorité numérique de 3 contre 2", 0, NULL), 1);
    assert_int_equal(U(FEREY)->lost, 3);
    assert_int_equal(U(FEREY)->condition, GR_BT_SPENT);
    assert_int_equal(gr_bt_unit_stands(U(CUIRASSIERS)), 1);
    next(4, P_INIT);
}

static void go(int t, int p);

/* Turn 4 (issue 25): the army's critical levels kept by the companion, the
 * reserve zone's history, a second general's Généraux touchés check made,
 * a counter-charge. */
static void turn4(void)
{
    /* The Allies' 2 critical levels (recorded in turn 3) still count; a
     * level once « atteint ou dépassé » is not taken back. */
    refused(GR_EILLEGAL, "does not go back", "critical", -1, -1, -1, "--side 1 --levels 1", NULL);
    refused(GR_EILLEGAL, "already at 2", "critical", -1, -1, -1, "--side 1 --levels 2", NULL);
    refused(GR_EINPUT, "accepted: 0", "critical", -1, -1, -1, "--side 2 --levels 1", NULL);
    /* 9 against 2 - 2 = 0: the French choose to be 1st player. */
    ok("initiative", -1, -1, -1, NULL, "9,2");
    assert_int_equal(mod("Par niveau critique", 1, NULL), -2);
    assert_int_equal(B->first, 0);
    next(4, P1_LEAD);
    /* Soult joins Vandamme with Levasseur: two generals attached. */
    ok("attach", LEVASSEUR, -1, SOULT, NULL, NULL);
    next(4, P1_RES);

    /* Milhaud is recorded in the reserve zone and tests reserve movement:
     * « + 3 si Napoléon avec Berthier ... n'est pas engagé », no other line
     * (turn 4, no history, in order): 6 + 3 = 9, « 7, 8, 9 Succès. Bouge
     * normalement. »; cavalry « Nominale 12" ». */
    ok("zone", MILHAUD, -1, -1, "--to reserve", NULL);
    ok("reserve", MILHAUD, -1, -1, NULL, "6");
    result("Movement", "success", 9);
    assert_true(instructed("moves normally (up to 12 inches"));
    assert_true(instructed("`zone milhaud --to tactical`"));
    /* It ends its move within 18" of the enemy: the tactical zone; it may
     * not go back to the reserve zone this segment (seed 000: « ne peut pas
     * utiliser le mouvement de réserve pour entrer dans la zone tactique et
     * en ressortir dans le même Segment de joueur ami »). */
    ok("zone", MILHAUD, -1, -1, "--to tactical", NULL);
    assert_true(instructed("may not go back to the reserve zone"));
    refused(GR_EILLEGAL, "en ressortir", "zone", MILHAUD, -1, -1, "--to reserve", NULL);
    /* Ferey, recorded in the tactical zone, moves by the tactical rules. */
    ok("zone", FEREY, -1, -1, "--to tactical", NULL);
    refused(GR_EILLEGAL, "zone tactique", "reserve", FEREY, -1, -1, NULL, "5");
    go(4, P1_FIRE_A);

    /* a. The Russian heavy battery at 4" on Levasseur's square: « Vieille
     * Garde ou artillerie russe » 4" 10 (lourde), no multiplier (a square
     * is not a column), no DRM.  Row 10-11, 9 « 9 ou plus » Tir efficace:
     * disordered (it is), 1 stand (4 -> 3), no longer fresh.  The fire
     * checks Soult (charismatic, the better of the two): « Général
     * charismatique DRM - 2 », 9 - 2 = 7, « 6 + Général indemne ».
     * Vandamme's check is due. */
    ok("fire", RUSS_BTY, LEVASSEUR, -1, "--range 4", "9,9");
    result("Fire", "effective", 9);
    result("General hit", "unharmed", 7);
    assert_int_equal(gr_bt_unit_stands(U(LEVASSEUR)), 3);
    assert_int_equal(B->leaders[SOULT].status, GR_BT_ACTIVE);
    assert_true(instructed("general_hit --leader vandamme"));
    refused(GR_EILLEGAL, "no Généraux touchés check is due", "general_hit", -1, -1, SOULT, NULL,
            "5");
    /* Vandamme, ordinary: 4, « 5 - Général hors de combat, remplacé après
     * un Tour ». */
    ok("general_hit", -1, -1, VANDAMME, NULL, "4");
    result("General hit", "out_of_action", 4);
    assert_int_equal(B->leaders[VANDAMME].status, GR_BT_OUT_OF_ACTION);
    assert_int_equal(B->leaders[VANDAMME].back_turn, 5);
    assert_int_equal(B->leaders[VANDAMME].attached, -1);
    assert_int_equal(B->leaders[SOULT].attached, LEVASSEUR);
    next(4, P1_FIRE_B);
    /* b. Milhaud used reserve movement: it starts no fire nor combat. */
    refused(GR_EILLEGAL, "reserve movement", "fire", MILHAUD, JURCZIK, -1, NULL, "5");
    next(4, P1_COMBAT);
    refused(GR_EILLEGAL, "reserve movement", "combat", MILHAUD, CUIRASSIERS, -1, NULL, "5,5");
    go(4, P2_COMBAT);

    /* The Allies' segment: the cuirassiers (1 stand) charge Milhaud, who
     * counter-charges (Milhaud's reserve movement was the French segment's). */
    refused(GR_EILLEGAL, "defender's answer", "countercharge", CUIRASSIERS, MILHAUD, -1, NULL,
            NULL);
    refused(GR_EINPUT, "is not cavalry", "countercharge", LEVASSEUR, CUIRASSIERS, -1, NULL, NULL);
    ok("countercharge", MILHAUD, CUIRASSIERS, -1, NULL, NULL);
    refused(GR_EILLEGAL, "already counter-charges", "countercharge", MILHAUD, CUIRASSIERS, -1, NULL,
            NULL);
    refused(GR_EINPUT, "kept by the companion", "combat", CUIRASSIERS, MILHAUD, -1,
            "--defender-not-countercharging 1", "6,4");
    /* Attacker: « Brigade épuisée » -2, elite +2, « cavalerie lourde
     * cuirassée » +2, « Brigade en désordre » -2 = 0.  Defender: fresh +2,
     * regular +1, 4 against 1 « Supériorité numérique de 4 contre 1 » +4 =
     * +7; counter-charging, so no « cavalerie ne contre-chargeant pas » -2.
     * 6 - (4 + 7) = -5, « -4, -5, -6 Ramené ! »: the attacker retreats in
     * disorder, a stand routs: its last; removed. */
    ok("combat", CUIRASSIERS, MILHAUD, -1, NULL, "6,4");
    result("Combat", "attacker_driven_back", -5);
    assert_int_equal(value("attacker_modifier"), 0);
    assert_int_equal(value("defender_modifier"), 7);
    assert_false(has_mod("cavalerie ne contre-chargeant pas", 1));
    assert_int_equal(mod("Supériorité numérique de 4 contre 1", 1, NULL), 4);
    assert_int_equal(U(CUIRASSIERS)->removed, 1);
    next(5, P_INIT);
}

/* Replaying the record rebuilds every state: the hash after action k is
 * the hash after k actions replayed with their recorded dice; undo (all but
 * the last) gives the previous hash. */
static void replay_check(void)
{
    gr_battle *r = oob();
    for (int k = 0; k < NREC; k++) {
        gr_bt_action a = REC[k];
        gr_error_clear(&E);
        if (gr_battle_do(r, &a, NULL, &E) != GR_OK)
            fail_msg("replay %d (%s): %s", k, a.call.verb, E.msg);
        if (gr_battle_hash(r) != HASH[k])
            fail_msg("replay %d (%s): hash differs", k, a.call.verb);
    }
    free(r);
    /* Undo: all but the last. */
    r = oob();
    for (int k = 0; k + 1 < NREC; k++) {
        gr_bt_action a = REC[k];
        assert_int_equal(gr_battle_do(r, &a, NULL, &E), GR_OK);
    }
    assert_true(gr_battle_hash(r) == HASH[NREC - 2]);
    assert_true(gr_battle_hash(r) != HASH[NREC - 1]);
    free(r);
}

/* Run `next` until the battle is at turn t, phase p. */
static void go(int t, int p)
{
    for (int guard = 0; guard < 100 && !(B->turn == t && B->phase == p); guard++)
        ok("next", -1, -1, -1, NULL, NULL);
    assert_int_equal(B->turn, t);
    assert_int_equal(B->phase, p);
}

/* Batteries: silenced, unable to fire, rallied in their next friendly
 * segment; damaged, their power halved. */
static void test_battery(void **state)
{
    (void)state;
    B = oob();
    NREC = 0;
    go(1, P1_FIRE_A);
    /* The Russian heavy battery at 4": 10, row 10-11, roll 6 « 6, 7, 8 » Tir
     * impressionnant: « une batterie muette ». */
    ok("fire", RUSS_BTY, ART_V, -1, "--range 4", "6");
    result("Fire", "impressive", 6);
    assert_int_equal(U(ART_V)->guns_silenced, 1);
    assert_int_equal(U(ART_V)->guns, GR_GUNS_SILENCED);
    assert_int_equal(U(ART_V)->disordered, 0);
    assert_int_equal(U(ART_V)->lost, 0);
    go(1, P1_FIRE_B);
    refused(GR_EILLEGAL, "silenced", "fire", ART_V, RUSS_LINE, -1, "--range 8", "5");
    /* The Allies' segment is not the French battery's friendly segment. */
    go(1, P2_FIRE_A);
    assert_int_equal(U(ART_V)->guns_silenced, 1);
    refused(GR_EILLEGAL, "silenced", "fire", ART_V, RUSS_LINE, -1, "--range 8", "5");
    /* Turn 2, the French segment (no initiative rolled: the French stay
     * first): « Est ralliée au Segment ami suivant ». */
    go(2, P1_LEAD);
    assert_int_equal(U(ART_V)->guns_silenced, 0);
    assert_int_equal(U(ART_V)->guns, GR_GUNS_NONE);
    go(2, P1_FIRE_A);
    /* 10, row 10-11, roll 9 « 9 ou plus » Tir efficace: « une batterie
     * endommagée ». */
    ok("fire", RUSS_BTY, ART_V, -1, "--range 4", "9");
    result("Fire", "effective", 9);
    assert_int_equal(U(ART_V)->guns, GR_GUNS_DAMAGED);
    go(2, P1_FIRE_B);
    /* French heavy at 8": 7, « batterie endommagée » x1/2 = 3.5: row 3,
     * roll 10 « 10 ou plus » Tir impressionnant. */
    ok("fire", ART_V, RUSS_LINE, -1, "--range 8", "10");
    result("Fire", "impressive", 10);
    assert_int_equal(value("power"), 3500);
    assert_int_equal(U(RUSS_LINE)->disordered, 1);
    replay_check();
    free(B);
    B = NULL;
}

/* Reserve movement's history: « réussi dans le Segment ami précédent » +4,
 * « raté dans le 1er / 2e Segment ami précédent » +1 / +2. */
static void test_reserve_history(void **state)
{
    (void)state;
    B = oob();
    NREC = 0;
    go(1, P1_RES);
    /* Napoléon avec Berthier +3, 1er Tour +4: 1 + 7 = 8, Succès. */
    ok("reserve", FEREY, -1, -1, NULL, "1");
    result("Movement", "success", 8);
    go(1, P2_RES);
    /* Koutousov 0, 1er Tour +4: 1 + 4 = 5, « 5, 6 Échec partiel »: a failure. */
    ok("reserve", JURCZIK, -1, -1, NULL, "1");
    result("Movement", "partial_failure", 5);
    assert_true(has_mod("0 prussien (autre que Blücher), Moore, Koutousov", 0));
    go(2, P1_RES);
    /* Ferey succeeded in its previous friendly segment: +3 +4: 1 + 7 = 8. */
    ok("reserve", FEREY, -1, -1, NULL, "1");
    result("Movement", "success", 8);
    assert_int_equal(mod("Mvt de rés. réussi dans le Segment ami précédent", 0, NULL), 4);
    assert_false(has_mod("1er Tour de la partie", 0));
    go(2, P2_RES);
    /* Jurczik failed once: +1: 3 + 1 = 4, « Échec ». */
    ok("reserve", JURCZIK, -1, -1, NULL, "3");
    result("Movement", "failure", 4);
    assert_int_equal(mod("Mvt de rés. raté dans le 1er Segment ami précédent", 0, NULL), 1);
    go(3, P2_RES);
    /* Twice in a row: +2: 5 + 2 = 7, « Succès ». */
    ok("reserve", JURCZIK, -1, -1, NULL, "5");
    result("Movement", "success", 7);
    assert_int_equal(mod("Mvt de rés. raté dans le 2e Segment ami précédent", 0, NULL), 2);
    /* A brigade that used reserve movement starts no combat that segment. */
    go(3, P2_COMBAT);
    refused(GR_EILLEGAL, "reserve movement", "combat", JURCZIK, SCHINER, -1, NULL, "5,5");
    replay_check();
    free(B);
    B = NULL;
}

/* A battery captured, and a breakthrough fighting again with +1. */
static void test_breakthrough(void **state)
{
    (void)state;
    B = oob();
    NREC = 0;
    go(1, P1_COMBAT);
    /* Schiner (6) against the Russian battery (2): regular +1, fresh +2,
     * 3 to 1 +3 = +6; the battery « non attachée » -2.  5 + 6 = 11 against
     * 5 - 2 = 3: +8, « 7 ou plus Fracassé ! »: the battery is captured;
     * Schiner breaks through. */
    ok("combat", SCHINER, RUSS_BTY, -1, NULL, "5,5");
    result("Combat", "defender_shattered", 8);
    assert_int_equal(value("attacker_modifier"), 6);
    assert_int_equal(value("defender_modifier"), -2);
    assert_int_equal(U(RUSS_BTY)->guns, GR_GUNS_CAPTURED);
    assert_int_equal(U(RUSS_BTY)->removed, 1);
    /* It charges again: « Perce avec charge » +1, regular +1, fresh +2 =
     * +4; Jurczik fresh +2, regular +1 = +3; 6 to 6.  1 + 4 = 5 against
     * 10 + 3 = 13: -8, « -7 ou moins Fracassé ! »: Schiner loses 2 stands
     * (6 -> 4), retreats in disorder. */
    ok("combat", SCHINER, JURCZIK, -1, NULL, "1,10");
    result("Combat", "attacker_shattered", -8);
    assert_int_equal(mod("Perce avec charge", 0, NULL), 1);
    assert_int_equal(value("attacker_modifier"), 4);
    assert_int_equal(gr_bt_unit_stands(U(SCHINER)), 4);
    assert_int_equal(U(SCHINER)->disordered, 1);
    refused(GR_EILLEGAL, "already fought", "combat", SCHINER, RUSS_LINE, -1, NULL, "5,5");
    replay_check();
    free(B);
    B = NULL;
}

/* « Un général ... capturé si présent »: also when the same result destroys
 * his brigade. */
static void test_capture_with_brigade(void **state)
{
    (void)state;
    B = oob();
    NREC = 0;
    B->units[JURCZIK].lost = 4; /* 2 stands left: spent (at 3) */
    gr_battle_condition_update(&B->units[JURCZIK]);
    B->leaders[KUTUZOV].attached = JURCZIK;
    go(1, P1_COMBAT);
    /* Schiner: regular +1, fresh +2, 6 to 2 « 3 contre 1 » +3 = +6.
     * Jurczik: spent -2, regular +1, Koutousov attached +1 = 0.  10 + 6 =
     * 16 against 1: +15, « Fracassé ! »: 2 stands and 5 more (15 - 10),
     * its last two; Koutousov captured. */
    ok("combat", SCHINER, JURCZIK, -1, NULL, "10,1");
    result("Combat", "defender_shattered", 15);
    assert_int_equal(value("defender_modifier"), 0);
    assert_int_equal(U(JURCZIK)->removed, 1);
    assert_int_equal(gr_bt_unit_stands(U(JURCZIK)), 0);
    assert_int_equal(B->leaders[KUTUZOV].status, GR_BT_CAPTURED);
    assert_int_equal(B->leaders[KUTUZOV].attached, -1);
    assert_true(instructed("kutuzov is captured"));
    /* The Allies' commander-in-chief captured: their reserve movement takes
     * « -2 Général en chef engagé, capturé ou tué » (seed 000). */
    go(1, P2_RES);
    ok("reserve", RUSS_LINE, -1, -1, NULL, "5");
    assert_int_equal(mod("Général en chef engagé, capturé ou tué", 0, NULL), -2);
    /* 5 - 2 + 4 (1er Tour) = 7: « Succès ». */
    result("Movement", "success", 7);
    free(B);
    B = NULL;
}

/* ---- issue 25 ------------------------------------------------------------ */

/* « Fought again »: the only roll of L'Âge des Aigles made again is the
 * initiative's tie (the sheet prints none for it: « both roll again »,
 * docs/rules/aoe.md); the Table des combats has no re-fight (0 is « Fixé
 * au combat ! », a result), and a breakthrough's new charge is a new
 * `combat`, prepared from the state then (test_breakthrough).  Between the
 * tie and the second roll no result is applied, so nothing the inputs read
 * can change: the critical levels, whether a commander-in-chief is engaged
 * and which side is French are the same in both rounds, counted once. */
static void test_fought_again(void **state)
{
    (void)state;
    B = oob();
    NREC = 0;
    go(2, P_INIT);
    ok("critical", -1, -1, -1, "--side 0 --levels 1", NULL);
    /* French: 6 - 1 (« -1 Par niveau critique atteint ou dépassé ») = 5
     * against 5: a tie, both roll again; 3 - 1 = 2 against 8: -6, the
     * Allied commander-in-chief chooses (1st player). */
    ok("initiative", -1, -1, -1, NULL, "6,5,3,8");
    assert_int_equal(OUT.res.nrolls, 2);
    int n = 0;
    assert_int_equal(mod("Par niveau critique", 0, &n), -1);
    assert_int_equal(n, 1);
    result("Initiative", "second_chooses", -6);
    assert_int_equal(B->first, 1);
    replay_check();
    free(B);
    B = NULL;
}

/* Every general attached to a brigade that loses stands to fire is
 * checked on the Généraux touchés: the fire checks the better one, the
 * other's check is due (`general_hit`) until the fire phase ends; a
 * check is applied even when the same fire destroys the brigade. */
static void test_general_hit_due(void **state)
{
    (void)state;
    B = oob();
    NREC = 0;
    B->units[SCHINER].lost = 5; /* its last stand */
    gr_battle_condition_update(&B->units[SCHINER]);
    go(1, P1_LEAD);
    ok("attach", SCHINER, -1, SOULT, NULL, NULL);
    ok("attach", SCHINER, -1, VANDAMME, NULL, NULL);
    refused(GR_EILLEGAL, "is not allowed now", "general_hit", -1, -1, VANDAMME, NULL, "5");
    go(1, P1_FIRE_A);
    refused(GR_EILLEGAL, "no Généraux touchés check is due", "general_hit", -1, -1, VANDAMME, NULL,
            "5");
    /* The Russian heavy battery at 4": 10, row 10-11, 9 « 9 ou plus » Tir
     * efficace: Schiner's last stand, removed.  Soult (charismatic): 3 - 2
     * = 1, « 5 - Général hors de combat, remplacé après un Tour ». */
    ok("fire", RUSS_BTY, SCHINER, -1, "--range 4", "9,3");
    result("Fire", "effective", 9);
    result("General hit", "out_of_action", 1);
    assert_int_equal(U(SCHINER)->removed, 1);
    assert_int_equal(B->leaders[SOULT].status, GR_BT_OUT_OF_ACTION);
    assert_int_equal(B->leaders[SOULT].back_turn, 2);
    assert_int_equal(B->leaders[VANDAMME].attached, -1);
    assert_true(instructed("general_hit --leader vandamme"));
    refused(GR_EINPUT, "kept by the companion", "general_hit", -1, -1, VANDAMME, "--charismatic 1",
            "5");
    /* The check belongs to the fire phase: once it is over, it is gone. */
    next(1, P1_FIRE_B);
    refused(GR_EILLEGAL, "no Généraux touchés check is due", "general_hit", -1, -1, VANDAMME, NULL,
            "5");
    assert_int_equal(B->leaders[VANDAMME].status, GR_BT_ACTIVE);
    free(B);
    B = NULL;
}

/* Counter-charges: « - 2 Brigade en désordre, cavalerie ne contre-chargeant
 * pas ... » falls on cavalry charged by cavalry unless it counter-charges. */
static void test_countercharge(void **state)
{
    (void)state;
    B = oob();
    NREC = 0;
    go(1, P2_COMBAT);
    /* No counter-charge.  Cuirassiers: fresh +2, elite +2, « cavalerie
     * lourde cuirassée » +2 = +6.  Milhaud: fresh +2, regular +1, « cavalerie
     * ne contre-chargeant pas » -2 = +1; 4 against 4.  5 + 6 = 11 against 5
     * + 1 = 6: +5, « 4, 5, 6 Ramené ! »: Milhaud retreats in disorder, a
     * stand routs (4 -> 3). */
    ok("combat", CUIRASSIERS, MILHAUD, -1, NULL, "5,5");
    result("Combat", "defender_driven_back", 5);
    assert_int_equal(mod("cavalerie ne contre-chargeant pas", 1, NULL), -2);
    assert_int_equal(value("defender_modifier"), 1);
    assert_int_equal(gr_bt_unit_stands(U(MILHAUD)), 3);
    free(B);

    B = oob();
    NREC = 0;
    go(1, P2_COMBAT);
    refused(GR_EINPUT, "is not cavalry", "countercharge", MILHAUD, RUSS_LINE, -1, NULL, NULL);
    refused(GR_EINPUT, "whose segment this is", "countercharge", MILHAUD, SCHINER, -1, NULL, NULL);
    refused(GR_EINPUT, "needs a target", "countercharge", MILHAUD, -1, -1, NULL, NULL);
    /* Milhaud counter-charges: no -2; 11 against 5 + 3 = 8: +3, « 1, 2, 3
     * Recule ! »: it falls back in disorder to 2", no stand lost. */
    ok("countercharge", MILHAUD, CUIRASSIERS, -1, NULL, NULL);
    ok("combat", CUIRASSIERS, MILHAUD, -1, NULL, "5,5");
    result("Combat", "defender_falls_back", 3);
    assert_false(has_mod("cavalerie ne contre-chargeant pas", 1));
    assert_int_equal(value("defender_modifier"), 3);
    assert_int_equal(gr_bt_unit_stands(U(MILHAUD)), 4);
    refused(GR_EILLEGAL, "already fought", "countercharge", MILHAUD, CUIRASSIERS, -1, NULL, NULL);
    /* Only in the combat phase. */
    next(2, P_INIT);
    go(2, P1_TACT);
    refused(GR_EILLEGAL, "is not allowed now", "countercharge", CUIRASSIERS, MILHAUD, -1, NULL,
            NULL);
    replay_check();
    free(B);
    B = NULL;
}

/* Whose decision a call is, whatever the phase (issue 27: the side whose
 * phase it is asked for the other side's `zone` and counter-charge): where
 * a brigade stands is its own side's to record, a counter-charge the
 * counter-charging cavalry's side (seed 000: the side not moving), an army's
 * critical levels that army's; fire and the rest the phase's side. */
static void test_decider(void **state)
{
    (void)state;
    B = oob();
    NREC = 0;
    go(1, P1_TACT); /* the French move: the phase is side 0's */
    assert_int_equal(gr_battle_active_side(B), 0);
    gr_bt_call c;
    memset(&c, 0, sizeof c);
    c.target = c.leader = -1;
    snprintf(c.verb, sizeof c.verb, "zone");
    c.unit = RUSS_LINE; /* an Allied brigade */
    assert_int_equal(gr_battle_decider(B, &c), 1);
    c.unit = SCHINER;
    assert_int_equal(gr_battle_decider(B, &c), 0);
    snprintf(c.verb, sizeof c.verb, "movement");
    c.unit = RUSS_LINE;
    assert_int_equal(gr_battle_decider(B, &c), 0);
    snprintf(c.verb, sizeof c.verb, "countercharge");
    c.unit = MILHAUD;
    c.target = CUIRASSIERS;
    assert_int_equal(gr_battle_decider(B, &c), B->units[MILHAUD].side);
    snprintf(c.verb, sizeof c.verb, "critical");
    c.unit = c.target = -1;
    c.nin = 2;
    snprintf(c.key[0], GR_BT_ID, "side");
    snprintf(c.val[0], GR_BT_ID, "1");
    snprintf(c.key[1], GR_BT_ID, "levels");
    snprintf(c.val[1], GR_BT_ID, "1");
    assert_int_equal(gr_battle_decider(B, &c), 1);
    free(B);
    B = NULL;
}

/* Squares against cavalry: infantry in the open that beats a cavalry
 * charge forms square, and the next charge at it reads the square's
 * lines, not the charge's. */
static void test_square(void **state)
{
    (void)state;
    B = oob();
    NREC = 0;
    go(1, P2_COMBAT);
    /* The cuirassiers charge Ferey (column, in the open) from 6": « Cavalerie
     * chargeant de l'infanterie en terrain libre, qui n'est pas en carré, de
     * 5" de distance ou plus » -3, fresh +2, elite +2, cuirassiers +2 = +3.
     * Ferey: fresh +2, regular +1 = +3 (5 against 4 is less than 3 to 2).
     * 2 + 3 = 5 against 6 + 3 = 9: -4, « -4, -5, -6 Ramené ! »: the
     * cuirassiers retreat in disorder, a stand routs (4 -> 3); « L'infanterie
     * en terrain libre forme le carré si victorieuse contre la cavalerie ». */
    ok("combat", CUIRASSIERS, FEREY, -1, "--charge-distance 6", "2,6");
    result("Combat", "attacker_driven_back", -4);
    assert_int_equal(mod("Cavalerie chargeant de l'infanterie en terrain libre", 0, NULL), -3);
    assert_string_equal(U(FEREY)->formation, "square");
    assert_true(instructed("forms square"));
    assert_int_equal(gr_bt_unit_stands(U(CUIRASSIERS)), 3);
    /* Turn 2 (the initiative passed: the French stay 1st player), the
     * Allies' combat phase: the cuirassiers charge the square.  No charge
     * line (« qui n'est pas en carré »): --charge-distance is refused.
     * Cuirassiers: disordered -2, elite +2, cuirassiers +2 = +2 (no longer
     * fresh).  Ferey: « + 3 Défenseur en carré attaqué par la cavalerie »,
     * fresh +2, regular +1, 5 against 3 « 3 contre 2 » +1 = +7.  5 + 2 = 7
     * against 5 + 7 = 12: -5, Ramené ! again (3 -> 2), and Ferey stays in
     * square. */
    go(2, P2_COMBAT);
    refused(GR_EINPUT, "not such a charge", "combat", CUIRASSIERS, FEREY, -1, "--charge-distance 3",
            "5,5");
    ok("combat", CUIRASSIERS, FEREY, -1, NULL, "5,5");
    result("Combat", "attacker_driven_back", -5);
    assert_int_equal(mod("Défenseur en carré attaqué par la cavalerie", 1, NULL), 3);
    assert_false(has_mod("Cavalerie chargeant de l'infanterie", 0));
    assert_int_equal(value("attacker_modifier"), 2);
    assert_int_equal(value("defender_modifier"), 7);
    assert_true(instructed("stays in square"));
    assert_int_equal(gr_bt_unit_stands(U(CUIRASSIERS)), 2);
    /* Turn 3, the French tactical movement: Ferey leaves its square.  In
     * order: Vandamme detached in its chain +1, Soult detached
     * (charismatic) +2, « +1 Unité en colonne de route ou en carré »,
     * columnar +1, fresh +2 = +7: 7 + 7 = 14, « 10 ou plus À la baïonnette !
     * Bouge normalement »; « Infanterie colonnaire » 9", « ½ mouvement si
     * déploiement en ... quitter le carré »: 4.5".  Schiner is in line: it
     * has no square to leave. */
    go(3, P1_TACT);
    refused(GR_EINPUT, "not in square", "movement", SCHINER, -1, -1, "--deployment leave_square",
            "7");
    ok("movement", FEREY, -1, -1, "--deployment leave_square", "7");
    result("Movement", "at_the_bayonet", 14);
    assert_int_equal(mod("Unité en colonne de route ou en carré", 0, NULL), 1);
    assert_true(instructed("ferey: moves normally (up to 4.5 inches)"));
    ok("formation", FEREY, -1, -1, "--to column", NULL);
    replay_check();
    free(B);
    B = NULL;
}

static void test_three_turns(void **state)
{
    (void)state;
    B = oob();
    NREC = 0;
    /* Setup: a battery is never fresh nor spent (the lines say « Brigade »). */
    assert_int_equal(U(ART_V)->worn_at, 0);
    assert_int_equal(U(ART_V)->spent_at, -1);
    assert_int_equal(U(SCHINER)->condition, GR_BT_FRESH);
    turn1();
    turn2();
    turn3();
    turn4();
    replay_check();
    free(B);
    B = NULL;
}

/* ---- the leaders' bonus and the state's facts, one by one ---------------- */

static int arg(const char *proc_name, const gr_args *a, const char *name, int64_t *v)
{
    const gr_system *s = gr_system_find("aoe");
    const gr_procedure *p = gr_system_procedure(s, proc_name);
    int k = gr_param_index(p->params, p->nparams, name);
    assert_true(k >= 0);
    if (v)
        *v = a->v[k];
    return a->given[k];
}

static void test_leader_bonus(void **state)
{
    (void)state;
    B = oob();
    B->leaders[VANDAMME].attached = SCHINER;
    B->leaders[SOULT].attached = FEREY;
    B->phase = P1_COMBAT;
    const gr_bt_verb *v = gr_battle_verb(B, "combat");
    assert_non_null(v);
    gr_bt_action a = make("combat", SCHINER, JURCZIK, -1, NULL, NULL);
    gr_args args;
    int64_t x;
    /* Vandamme attached: « Général attaché » (the first choice, 1). */
    memset(&args, 0, sizeof args);
    assert_int_equal(B->rules->prepare(B, v, &a.call, &args, &E), GR_OK);
    assert_true(arg("combat", &args, "attacker-general", &x));
    assert_int_equal(x, 1);
    /* Soult, charismatic, attached to Ferey: « Général charismatique
     * attaché » (2). */
    a = make("combat", FEREY, JURCZIK, -1, NULL, NULL);
    memset(&args, 0, sizeof args);
    assert_int_equal(B->rules->prepare(B, v, &a.call, &args, &E), GR_OK);
    assert_true(arg("combat", &args, "attacker-general", &x));
    assert_int_equal(x, 2);
    /* Killed, captured or out of action: no bonus. */
    static const int fates[] = {GR_BT_KILLED, GR_BT_CAPTURED, GR_BT_OUT_OF_ACTION, GR_BT_WOUNDED};
    for (size_t i = 0; i < sizeof fates / sizeof fates[0]; i++) {
        B->leaders[SOULT].status = fates[i];
        memset(&args, 0, sizeof args);
        assert_int_equal(B->rules->prepare(B, v, &a.call, &args, &E), GR_OK);
        assert_false(arg("combat", &args, "attacker-general", NULL));
    }
    /* Through a whole combat: Soult killed, Ferey's modifiers are regular
     * +1, fresh +2 = +3; alive, +2 more = +5. */
    B->leaders[SOULT].status = GR_BT_KILLED;
    uint64_t h = gr_battle_hash(B);
    gr_battle *saved = malloc(sizeof *saved);
    memcpy(saved, B, sizeof *B);
    a = make("combat", FEREY, JURCZIK, -1, NULL, "5,5");
    assert_int_equal(gr_battle_do(B, &a, &OUT, &E), GR_OK);
    assert_int_equal(value("attacker_modifier"), 3);
    memcpy(B, saved, sizeof *B);
    assert_true(gr_battle_hash(B) == h);
    B->leaders[SOULT].status = GR_BT_ACTIVE;
    a = make("combat", FEREY, JURCZIK, -1, NULL, "5,5");
    assert_int_equal(gr_battle_do(B, &a, &OUT, &E), GR_OK);
    assert_int_equal(value("attacker_modifier"), 5);
    free(saved);
    free(B);
    B = NULL;
}

static void test_condition_inputs(void **state)
{
    (void)state;
    B = oob();
    B->phase = P1_COMBAT;
    const gr_bt_verb *v = gr_battle_verb(B, "combat");
    gr_bt_action a = make("combat", SCHINER, JURCZIK, -1, NULL, NULL);
    gr_args args;
    int64_t x;
    /* Schiner: worn at 1 stand lost, spent at 3.  The condition input is
     * "fresh" (index 1) with no loss, absent (normal) at 1 and 2, "spent"
     * (index 2) at 3. */
    static const struct {
        int lost, given, value;
    } rows[] = {{0, 1, 1}, {1, 0, 0}, {2, 0, 0}, {3, 1, 2}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        B->units[SCHINER].lost = rows[i].lost;
        gr_battle_condition_update(&B->units[SCHINER]);
        memset(&args, 0, sizeof args);
        assert_int_equal(B->rules->prepare(B, v, &a.call, &args, &E), GR_OK);
        assert_int_equal(arg("combat", &args, "attacker-condition", &x), rows[i].given);
        if (rows[i].given)
            assert_int_equal(x, rows[i].value);
        assert_true(arg("combat", &args, "attacker-stands", &x));
        assert_int_equal(x, 6 - rows[i].lost);
    }
    free(B);
    B = NULL;
}

static void test_setup_refusals(void **state)
{
    (void)state;
    gr_battle *b = oob();
    /* An unknown formation: refused with the unit's line and column and
     * the accepted list. */
    snprintf(b->units[FEREY].formation, GR_BT_ID, "phalanx");
    gr_error_clear(&E);
    assert_int_equal(b->rules->setup(b, &E), GR_EINPUT);
    assert_non_null(strstr(E.msg, "12:5"));
    assert_non_null(strstr(E.msg, "phalanx"));
    assert_non_null(strstr(E.msg, "road_column"));
    snprintf(b->units[FEREY].formation, GR_BT_ID, "column");
    /* A brigade with no spent level: the sheet has no chart to compute it. */
    b->units[JURCZIK].spent_at = GR_BT_UNSET;
    gr_error_clear(&E);
    assert_int_equal(b->rules->setup(b, &E), GR_EINPUT);
    assert_non_null(strstr(E.msg, "\"spent\""));
    b->units[JURCZIK].spent_at = 3;
    /* A commander-in-chief with no label. */
    snprintf(b->leaders[KUTUZOV].kind, GR_BT_ID, "%s", "");
    gr_error_clear(&E);
    assert_int_equal(b->rules->setup(b, &E), GR_EINPUT);
    assert_non_null(strstr(E.msg, "kutuzov"));
    snprintf(b->leaders[KUTUZOV].kind, GR_BT_ID, "%s", "kutuzov");
    /* An unknown flag, a bad rating. */
    snprintf(b->units[JURCZIK].flags[b->units[JURCZIK].nflags++], GR_BT_ID, "grenadiers");
    assert_int_equal(b->rules->setup(b, &E), GR_EINPUT);
    assert_non_null(strstr(E.msg, "two_ranks"));
    b->units[JURCZIK].nflags = 0;
    snprintf(b->leaders[SOULT].rating, GR_BT_ID, "excellent");
    assert_int_equal(b->rules->setup(b, &E), GR_EINPUT);
    assert_non_null(strstr(E.msg, "charismatic"));
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sequence),         cmocka_unit_test(test_three_turns),
        cmocka_unit_test(test_fought_again),     cmocka_unit_test(test_general_hit_due),
        cmocka_unit_test(test_countercharge),    cmocka_unit_test(test_decider),
        cmocka_unit_test(test_square),           cmocka_unit_test(test_leader_bonus),
        cmocka_unit_test(test_condition_inputs), cmocka_unit_test(test_setup_refusals),
        cmocka_unit_test(test_battery),          cmocka_unit_test(test_reserve_history),
        cmocka_unit_test(test_breakthrough),     cmocka_unit_test(test_capture_with_brigade),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
