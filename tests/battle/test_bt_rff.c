/* test_bt_rff.c - the battle companion for Regimental Fire and Fury (seed
 * 001), in process: a scripted battle of three full game turns (every phase
 * of both players' turns, `next` through all of them) with typed dice, the
 * state checked after each step against values worked out by hand from the
 * seed's tables (the reasoning is written beside each check); a regiment
 * worn then spent whose next tests' modifiers change; a killed leader who
 * stops giving his bonus; the refusals (a verb out of its phase, a fact the
 * state knows, a removed unit, a unit of the wrong side, a unit that already
 * fired); and undo (all actions but the last replayed give the previous
 * hash).
 *
 * The seed's values used below (seed 001, quoted):
 *   TABLE DE MANŒUVRES, MODIFICATEURS AU DE: +1 Chef vaillant, 0 Chef moyen,
 *   +1 Chef attaché, -1 Commandant provisoire, -2 Non commandé, +1 vétérans,
 *   0 entraînée, -1 bleu, +2 Troupe fraîche, 0 ébranlée, -2 fatiguée,
 *   +2 En batterie, -2 Pris de flanc ... brisé.
 *   RESULTAT DU DE: bon ordre 8+ Marche forcée, 3-7 bien exécutée, 1-2
 *   retardée, 0..-1 Choqué, -2- Panique; désordre 11+ Rallie avec élan,
 *   5-10 Rallie, 3-4 Hésitant, 1-2 Choqué, 0- Panique.
 *   MOUSQUETERIE: base modifier -4 1 pt, -3 2 pts, -2 3 pts, -1 4-5, 0 6-8;
 *   x 1/2 désordre / court de munitions, non cumulable; -1 bleu ou canon;
 *   +1 Buck & Ball (SM) en charge/recevant une charge.
 *   CIBLE Vétéran: 11+ ravageur, 10 / 9 / 7-8 mortel, 6 efficace, 5 nourri,
 *   4- sans effet; Entraîné: 9-10 / 8 / 7 mortel, 5-6 efficace, 4 nourri,
 *   3- sans effet; Bleu: 8-10 / 7 mortel, 5-6 efficace, 3-4 nourri, 2- rien.
 *   Tir mortel: désordre et perte de 1 socle; Tir efficace: désordre, ou 1
 *   socle si déjà en désordre; Tir nourri: canonnade seulement.
 *   TABLE DES CHARGES: +1 Vétérans, 0 Entraînés, -1 Bleus, +2 Frais,
 *   0 Ébranlés, -2 Fatigués, -1 3/2, -2 2/1, -3 3/1, -1 désordre, +1 Chef
 *   attaché, +1 Baïonnette/Sabre ou percée; 9+ balayés (2 socles + 1 par
 *   point au-delà de 9, déroute, brisé), 5-8 enfoncés (1 socle, désordre,
 *   retraite hors courte portée).
 *   PERTE DES CHEFS: 10 Tué net.
 *   CAPACITES DE MOUVEMENT: infanterie double ligne 30 / 40 (clair),
 *   batterie à pieds 30 / 40. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/battle.h"

/* ---- the order of battle, written here ------------------------------------- */

enum { MAINE, PA83, HAZLETT, AL15, AL47, NUNITS };
enum { CHAMBERLAIN, OATES, NLEADERS };

static void unit(gr_battle *b, int i, const char *id, int side, int leader, gr_bt_arm arm,
                 int stands, const char *quality, const char *weapon, int worn, int spent,
                 const char *flag)
{
    gr_bt_unit *u = &b->units[i];
    memset(u, 0, sizeof *u);
    snprintf(u->id, sizeof u->id, "%s", id);
    snprintf(u->name, sizeof u->name, "%s", id);
    u->side = side;
    u->leader = leader;
    u->arm = arm;
    u->stands = stands;
    snprintf(u->quality, sizeof u->quality, "%s", quality);
    snprintf(u->weapon, sizeof u->weapon, "%s", weapon);
    u->worn_at = worn;
    u->spent_at = spent;
    if (flag)
        snprintf(u->flags[u->nflags++], GR_BT_ID, "%s", flag);
    u->line = 10 + i;
    u->col = 5;
}

static void leader(gr_battle *b, int i, const char *id, int side, const char *rating)
{
    gr_bt_leader *l = &b->leaders[i];
    memset(l, 0, sizeof *l);
    snprintf(l->id, sizeof l->id, "%s", id);
    snprintf(l->name, sizeof l->name, "%s", id);
    snprintf(l->role, sizeof l->role, "brigade");
    snprintf(l->rating, sizeof l->rating, "%s", rating);
    l->side = side;
    l->parent = -1;
    l->attached = -1;
    l->status = GR_BT_ACTIVE;
    l->line = 3 + i;
    l->col = 5;
}

/* A fresh battle: Union (side 0, first player) and Confederate. */
static gr_battle *new_battle(void)
{
    gr_battle *b = calloc(1, sizeof *b);
    assert_non_null(b);
    b->rules = gr_battle_rules_find("rff");
    assert_non_null(b->rules);
    snprintf(b->system, sizeof b->system, "rff");
    snprintf(b->side_name[0], GR_BT_NAME, "Union");
    snprintf(b->side_name[1], GR_BT_NAME, "Confederate");
    b->seed = 1863;
    b->first = 0;
    b->turns = 3;
    b->nunits = NUNITS;
    b->nleaders = NLEADERS;
    leader(b, CHAMBERLAIN, "chamberlain", 0, "gallant");
    leader(b, OATES, "oates", 1, "able");
    /* worn/spent: stands lost at which the regiment is ébranlée /
     * fatiguée (the order of battle gives them: the sheet has no chart). */
    unit(b, MAINE, "20th_maine", 0, CHAMBERLAIN, GR_BT_INFANTRY, 8, "veteran", "rm", 2, 4, NULL);
    unit(b, PA83, "83rd_pa", 0, CHAMBERLAIN, GR_BT_INFANTRY, 6, "trained", "rm", 2, 3, NULL);
    unit(b, HAZLETT, "hazlett", 0, -1, GR_BT_ARTILLERY, 3, "trained", "other", -1, -1, NULL);
    unit(b, AL15, "15th_alabama", 1, OATES, GR_BT_INFANTRY, 7, "veteran", "rm", 2, 4, NULL);
    unit(b, AL47, "47th_alabama", 1, OATES, GR_BT_INFANTRY, 5, "green", "sm", 1, 2,
         "buck_and_ball");
    gr_error e;
    gr_error_clear(&e);
    if (b->rules->setup(b, &e) != GR_OK)
        fail_msg("setup: %s", e.msg);
    gr_battle_begin(b);
    return b;
}

/* ---- doing actions ---------------------------------------------------------------- */

static gr_battle *B;
static gr_bt_action LOG[512];
static int NLOG;
static gr_bt_outcome OUT;
static gr_error ERR;

/* Build an action from "verb [UNIT] [--target U] [--leader L] [--key value|--flag]". */
static void parse(const gr_battle *b, const char *spec, const char *rolls, gr_bt_action *a)
{
    memset(a, 0, sizeof *a);
    a->call.unit = a->call.target = a->call.leader = -1;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", spec);
    char *save = NULL, *t = strtok_r(buf, " ", &save);
    snprintf(a->call.verb, GR_BT_ID, "%s", t);
    char *pending = NULL;
    for (t = strtok_r(NULL, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        if (!strncmp(t, "--", 2)) {
            if (pending) { /* a flag */
                snprintf(a->call.key[a->call.nin], GR_BT_ID, "%s", pending);
                snprintf(a->call.val[a->call.nin++], GR_BT_ID, "1");
            }
            pending = t + 2;
            continue;
        }
        if (!pending) {
            a->call.unit = gr_battle_unit(b, t);
            assert_true(a->call.unit >= 0);
        } else if (!strcmp(pending, "target")) {
            a->call.target = gr_battle_unit(b, t);
            assert_true(a->call.target >= 0);
        } else if (!strcmp(pending, "leader")) {
            a->call.leader = gr_battle_leader(b, t);
            assert_true(a->call.leader >= 0);
        } else {
            snprintf(a->call.key[a->call.nin], GR_BT_ID, "%s", pending);
            snprintf(a->call.val[a->call.nin++], GR_BT_ID, "%s", t);
        }
        pending = NULL;
    }
    if (pending) {
        snprintf(a->call.key[a->call.nin], GR_BT_ID, "%s", pending);
        snprintf(a->call.val[a->call.nin++], GR_BT_ID, "1");
    }
    if (rolls) {
        snprintf(buf, sizeof buf, "%s", rolls);
        for (t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save))
            a->rolls[a->nrolls++] = atoi(t);
    }
}

/* Do an action that must succeed; it is kept in LOG. */
static void ok(const char *spec, const char *rolls)
{
    gr_bt_action *a = &LOG[NLOG];
    parse(B, spec, rolls, a);
    gr_error_clear(&ERR);
    if (gr_battle_do(B, a, &OUT, &ERR) != GR_OK)
        fail_msg("turn %d %s: %s: %s", B->turn, B->rules->phases[B->phase].id, spec, ERR.msg);
    NLOG++;
}

/* Do an action that must be refused with `code`, leaving the state (its
 * hash) as it was; the message must contain `why`. */
static void refused(const char *spec, const char *rolls, gr_status code, const char *why)
{
    gr_bt_action a;
    parse(B, spec, rolls, &a);
    uint64_t h = gr_battle_hash(B);
    gr_error_clear(&ERR);
    gr_status st = gr_battle_do(B, &a, &OUT, &ERR);
    if (st == GR_OK)
        fail_msg("%s: accepted, expected a refusal", spec);
    assert_int_equal(st, code);
    if (!strstr(ERR.msg, why))
        fail_msg("%s: refused with \"%s\", expected it to say \"%s\"", spec, ERR.msg, why);
    assert_true(gr_battle_hash(B) == h);
}

static void next_to(int turn, const char *phase)
{
    ok("next", NULL);
    assert_int_equal(B->turn, turn);
    assert_string_equal(B->rules->phases[B->phase].id, phase);
}

/* The applied modifier whose printed text contains `text` (side -1: any):
 * its value; 99 when absent or not counted. */
static int mod(const char *text, int side)
{
    const gr_resolution *r = &OUT.res;
    for (int i = 0; i < r->nmods; i++)
        if (strstr(r->mods[i].reason, text) && r->mods[i].applied &&
            (side < 0 || r->mods[i].side == side))
            return r->mods[i].kind == GR_MOD_DRM ? r->mods[i].value : 0;
    return 99;
}

/* The first table step's net modifier and score, and its result's id. */
static void result(int modifier, int score, const char *id)
{
    assert_true(OUT.resolved);
    const gr_step *s = &OUT.res.steps[0];
    assert_int_equal(s->modifier, modifier);
    assert_int_equal(s->score, score);
    assert_string_equal(s->table->outcomes[s->cell.outcome].id, id);
}

static const gr_bt_unit *U(int i)
{
    return &B->units[i];
}

/* stands left, disordered, condition of a unit */
static void state(int i, int left, int disordered, int condition)
{
    assert_int_equal(gr_bt_unit_stands(U(i)), left);
    assert_int_equal(U(i)->disordered, disordered);
    assert_int_equal(U(i)->condition, condition);
}

static int said(const char *text)
{
    for (int i = 0; i < OUT.ninstr; i++)
        if (strstr(OUT.instr[i], text))
            return 1;
    return 0;
}

/* ---- the scripted battle: three full game turns ------------------------------------ */

static void turn1(void)
{
    assert_int_equal(B->turn, 1);
    assert_string_equal(B->rules->phases[B->phase].id, "s0_leaders");
    assert_int_equal(gr_battle_active_side(B), 0);

    /* 1° Phase de Manœuvres: attach Chamberlain to the 20th Maine. */
    ok("attach 20th_maine --leader chamberlain", NULL);
    assert_int_equal(B->leaders[CHAMBERLAIN].attached, MAINE);
    refused("maneuver 20th_maine", "5", GR_EILLEGAL, "is not allowed now");

    next_to(1, "s0_maneuver");
    /* 20th Maine, in good order: +1 Chef vaillant (Chamberlain attached),
     * +1 Chef attaché, +1 vétérans, +2 fraîche (0 lost) = +5; die 5 -> 10:
     * "8 ou plus: Marche forcée"; forced march in double line on clear
     * ground: 40 cm. */
    ok("maneuver 20th_maine", "5");
    result(5, 10, "forced_march");
    assert_int_equal(mod("Chef vaillant", -1), 1);
    assert_int_equal(mod("Chef attaché", -1), 1);
    assert_int_equal(mod("Troupe fraîche", -1), 2);
    assert_true(said("may move up to 40 cm (forced march)"));
    refused("maneuver 20th_maine", "5", GR_EILLEGAL, "already tested");
    refused("maneuver 20th_maine --quality crack", "5", GR_EINPUT, "kept by the companion");
    /* Hazlett's guns: no leader, 0 entraînée, +2 fraîche, +2 En batterie
     * (unlimbered, 3 gun stands = 6 pieces) = +4; die 3 -> 7: "3 - 7
     * Manœuvre bien exécutée"; a foot battery's full move: 30 cm. */
    refused("maneuver hazlett", "3", GR_EINPUT, "{close}");
    ok("maneuver hazlett --close no", "3");
    result(4, 7, "well_executed");
    assert_int_equal(mod("En batterie", -1), 2);
    assert_true(said("may move up to 30 cm"));
    /* The 20th declares a charge with the bayonet on the 15th Alabama. */
    refused("declare 83rd_pa --target 15th_alabama", NULL, GR_EILLEGAL, "has not tested");
    ok("declare 20th_maine --target 15th_alabama --bayonet", NULL);

    next_to(1, "s0_leader_moves");
    next_to(1, "s0_defensive_fire");
    assert_int_equal(gr_battle_active_side(B), 1);
    refused("musketry 20th_maine --target 15th_alabama --band close --per-stand 1", "7",
            GR_EILLEGAL, "only Confederate's units act");
    /* 15th Alabama's defensive fire on the charging 20th: 7 stands x 1 point
     * = 7: "0 6 - 8 pts"; no other modifier (veteran firers; target in
     * double line): 0.  Die 7 -> 7: Vétéran "7 - 8": Tir mortel, charge à
     * fond.  20th: 8 -> 7 stands, disordered; 1 lost < 2: still fresh. */
    refused("musketry 15th_alabama --target 20th_maine --band close --per-stand 1 --disordered 1",
            "7", GR_EINPUT, "kept by the companion");
    ok("musketry 15th_alabama --target 20th_maine --band close --per-stand 1", "7");
    result(0, 7, "deadly");
    state(MAINE, 7, 1, GR_BT_FRESH);
    assert_true(said("charge home"));
    assert_int_equal(U(MAINE)->sys[1], AL15 + 1); /* still charging */
    refused("musketry 15th_alabama --target 20th_maine --band close --per-stand 1", "7",
            GR_EILLEGAL, "already fired");

    next_to(1, "s0_offensive_fire");
    /* Hazlett on the 47th Alabama at long range: 3 gun stands x 2 = 6 pts:
     * 0; "-1 ... tir de canon": -1.  Die 6 -> 5: Bleu "5 - 6": Tir efficace:
     * not yet disordered -> disordered, no stand. */
    ok("cannonade hazlett --target 47th_alabama --band long --per-stand 2", "6");
    result(-1, 5, "effective");
    state(AL47, 5, 1, GR_BT_FRESH);
    /* 83rd PA: 6 x 1 = 6 pts: 0; trained firers; die 9: Bleu "8 - 10": Tir
     * mortel: 47th 5 -> 4 stands; 1 lost = its worn 1: ébranlée (worn). */
    ok("musketry 83rd_pa --target 47th_alabama --band long --per-stand 1", "9");
    result(0, 9, "deadly");
    state(AL47, 4, 1, GR_BT_WORN);

    next_to(1, "s0_melee");
    /* 20th Maine (7 stands) charges the 15th (7): attacker +1 Vétérans +2
     * Frais -1 désordre +1 Chef attaché +1 Baïonnette = +4; defender +1 +2
     * = +3; equal stands, no ratio.  Dice 10 v 2: (10+4) - (2+3) = 9: "9 ou
     * plus" BALAYÉS: 2 socles (+0 beyond 9); rout move, broken.  15th:
     * 7 -> 5, 2 lost = worn 2: worn; broken and disordered.  The 20th
     * breaks through. */
    refused("charge 83rd_pa --target 15th_alabama", "5,5", GR_EILLEGAL, "declared no charge");
    ok("charge 20th_maine --target 15th_alabama", "10,2");
    assert_int_equal(mod("Baïonnette", 0), 1);
    assert_int_equal(mod("Chef attaché", 0), 1);
    assert_int_equal(mod("désordre", 0), -1);
    result(4 - 3, 9, "swept_away");
    state(AL15, 5, 1, GR_BT_WORN);
    assert_int_equal(U(AL15)->broken, 1);
    /* CAPACITES DE MOUVEMENT: infanterie, "Mouvement de dérouté 40" (clear) */
    assert_true(said("retreat a rout move (mouvement de déroute: 40 cm in the open)"));
    assert_int_equal(U(MAINE)->sys[4], 1); /* RFF_U_BREAKTHROUGH */
    refused("breakthrough 20th_maine --target 47th_alabama", NULL, GR_EILLEGAL, "not allowed now");

    next_to(1, "s0_breakthrough_moves");
    /* "3° b. Faites les mouvements de percée": "ATTAQUANT perce sur 1/2
     * mouvement vers ennemi plus proche"; CAPACITES DE MOUVEMENT,
     * infanterie "Double ligne 30 / 40": half a move is 15 cm.  Only the
     * unit that broke through moves, toward an enemy. */
    refused("breakthrough 83rd_pa --target 47th_alabama", NULL, GR_EILLEGAL, "no breakthrough");
    refused("breakthrough 20th_maine --target 83rd_pa", NULL, GR_EILLEGAL, "only Confederate");
    ok("breakthrough 20th_maine --target 47th_alabama", NULL);
    assert_true(said("half a move (15 cm in the open) toward 47th_alabama"));
    refused("breakthrough 20th_maine --target 47th_alabama", NULL, GR_EILLEGAL,
            "has made its breakthrough move");
    next_to(1, "s0_breakthrough");
    refused("charge 20th_maine --target 15th_alabama", "6,5", GR_EILLEGAL, "reached 47th_alabama");
    /* The 20th's breakthrough on the 47th (4 stands): attacker +1 +2 -1
     * +1 (attached) +1 (percée) = +4; defender -1 Bleus, 0 Ébranlés, -1
     * désordre, and 7 v 4 is 3/2 or more (not 2/1): -1: -3.  Dice 6 v 5:
     * (6+4) - (5-3) = 8: "5 - 8" ENFONCÉS: 1 socle, disorder, retreat out
     * of close range.  47th: 4 -> 3; 2 lost = its spent 2: fatiguée.  The
     * attacker is disordered after the 2nd combat. */
    ok("charge 20th_maine --target 47th_alabama", "6,5");
    assert_int_equal(mod("Ébranlés", 1), 0);
    assert_int_equal(mod("3/2", 1), -1);
    assert_int_equal(mod("percée", 0), 1);
    result(4 - (-3), 8, "broken_through");
    state(AL47, 3, 1, GR_BT_SPENT);
    assert_true(said("retreat out of close range"));

    /* The Confederate player's turn. */
    next_to(1, "s1_leaders");
    assert_int_equal(gr_battle_active_side(B), 1);
    ok("attach 15th_alabama --leader oates", NULL);

    next_to(1, "s1_maneuver");
    /* 15th, broken: the column "désordre ou brisées": 0 Chef moyen (Oates
     * attached), +1 Chef attaché, +1 vétérans, 0 ébranlée (worn), -2 brisé
     * = 0; die 4 -> 4: "3 - 4 Hésitant": back in good order (no longer
     * broken), retreat out of close range. */
    ok("maneuver 15th_alabama", "4");
    result(0, 4, "hesitant");
    assert_int_equal(mod("Troupe ébranlée", -1), 0);
    assert_int_equal(mod("brisé", -1), -2);
    state(AL15, 5, 0, GR_BT_WORN);
    assert_int_equal(U(AL15)->broken, 0);
    /* 47th, disordered and spent: 0 Chef moyen (Oates, its commander), -1
     * bleu, -2 fatiguée = -3 (in the breakthrough its charge line was "0
     * Ébranlés": the modifier changed with the condition); die 8 -> 5:
     * "5 - 10 Rallie": good order, delayed. */
    ok("maneuver 47th_alabama", "8");
    result(-3, 5, "rally");
    assert_int_equal(mod("Troupe fatiguée", -1), -2);
    state(AL47, 3, 0, GR_BT_SPENT);

    next_to(1, "s1_leader_moves");
    next_to(1, "s1_defensive_fire");
    /* The 83rd's defensive fire on the 15th: 6 pts: 0; die 10 -> 10:
     * Vétéran "10": Tir mortel: 15th 5 -> 4 (3 lost: worn).  A natural 10:
     * the 83rd (all 6 stands fired) is short of ammunition, and Oates,
     * the nearest leader, tests: die 10 "Tué net sur sa monture". */
    ok("musketry 83rd_pa --target 15th_alabama --band close --per-stand 1 --leader oates", "10,10");
    result(0, 10, "deadly");
    state(AL15, 4, 1, GR_BT_WORN);
    assert_int_equal(U(PA83)->ammo, 1);
    assert_int_equal(B->leaders[OATES].status, GR_BT_KILLED);
    assert_int_equal(B->leaders[OATES].attached, -1);

    next_to(1, "s1_offensive_fire");
    /* 47th on the 83rd: 3 stands x 1 = 3 pts: "-2 3 pts"; -1 bleu: -3; die
     * 3 -> 0: Entraîné "3 ou moins": Tir sans effet. */
    ok("musketry 47th_alabama --target 83rd_pa --band close --per-stand 1", "3");
    result(-3, 0, "no_effect");
    state(PA83, 6, 0, GR_BT_FRESH);

    next_to(1, "s1_melee");
    refused("charge 15th_alabama --target 20th_maine", "5,5", GR_EILLEGAL, "declared no charge");
    next_to(1, "s1_breakthrough_moves");
    next_to(1, "s1_breakthrough");
}

static void turn2(void)
{
    next_to(2, "s0_leaders");
    assert_int_equal(gr_battle_active_side(B), 0);
    ok("detach --leader chamberlain", NULL);
    ok("attach 83rd_pa --leader chamberlain", NULL);
    assert_int_equal(B->leaders[CHAMBERLAIN].attached, PA83);

    next_to(2, "s0_maneuver");
    /* Hazlett: +4 as before; die 1 -> 5: well executed. */
    ok("maneuver hazlett --close no", "1");
    result(4, 5, "well_executed");
    refused("rally hazlett", NULL, GR_EILLEGAL, "no silenced guns");
    /* 83rd: +1 vaillant, +1 attaché, 0 entraînée, +2 fraîche = +4; die 2
     * -> 6: well executed; it resupplies ("Réapprovisionne en munitions"). */
    ok("maneuver 83rd_pa", "2");
    result(4, 6, "well_executed");
    ok("resupply 83rd_pa", NULL);
    assert_int_equal(U(PA83)->ammo, 0);
    /* 20th, disordered: Chamberlain is its commander (attached elsewhere):
     * +1 vaillant, no "Chef attaché"; +1 vétérans, +2 fraîche = +4; die 7
     * -> 11: "11 ou plus Rallie avec élan": good order. */
    ok("maneuver 20th_maine", "7");
    result(4, 11, "rally_with_elan");
    assert_int_equal(mod("Chef attaché", -1), 99);
    state(MAINE, 7, 0, GR_BT_FRESH);

    next_to(2, "s0_leader_moves");
    next_to(2, "s0_defensive_fire");
    /* 15th, disordered: 4 stands x 1 = 4, x 1/2 = 2 pts: "-3 2 pts"; die 8
     * -> 5: Vétéran "5": Tir nourri: no effect from musketry. */
    ok("musketry 15th_alabama --target 20th_maine --band close --per-stand 1", "8");
    result(-3, 5, "heavy");
    state(MAINE, 7, 0, GR_BT_FRESH);

    next_to(2, "s0_offensive_fire");
    /* Hazlett on the 15th at close range: 6 pts: 0, -1 canon; die 9 -> 8:
     * Vétéran "7 - 8": Tir mortel: 4 -> 3 stands, 4 lost = spent 4:
     * fatiguée. */
    ok("cannonade hazlett --target 15th_alabama --band close --per-stand 2", "9");
    result(-1, 8, "deadly");
    state(AL15, 3, 1, GR_BT_SPENT);
    /* 83rd on the 47th: 6 pts: 0; die 5: Bleu "5 - 6": Tir efficace: the
     * 47th (in good order) is disordered, no stand. */
    ok("musketry 83rd_pa --target 47th_alabama --band long --per-stand 1", "5");
    result(0, 5, "effective");
    state(AL47, 3, 1, GR_BT_SPENT);

    next_to(2, "s0_melee");
    next_to(2, "s0_breakthrough_moves");
    next_to(2, "s0_breakthrough");

    next_to(2, "s1_leaders");
    next_to(2, "s1_maneuver");
    /* 15th, disordered, its leader killed and not replaced: no leader
     * line, no "Chef attaché", "-2 Non commandé"; +1 vétérans, -2 fatiguée
     * (it was "0 Troupe ébranlée" in its last maneuver) = -3; die 6 -> 3:
     * Hésitant: good order. */
    ok("maneuver 15th_alabama", "6");
    result(-3, 3, "hesitant");
    assert_int_equal(mod("Chef moyen", -1), 99);
    assert_int_equal(mod("Chef attaché", -1), 99);
    assert_int_equal(mod("Non commandé", -1), -2);
    assert_int_equal(mod("Troupe fatiguée", -1), -2);
    state(AL15, 3, 0, GR_BT_SPENT);
    /* 47th: -2 Non commandé, -1 bleu, -2 fatiguée = -5; die 10 -> 5:
     * Rallie. */
    ok("maneuver 47th_alabama", "10");
    result(-5, 5, "rally");
    state(AL47, 3, 0, GR_BT_SPENT);

    next_to(2, "s1_leader_moves");
    next_to(2, "s1_defensive_fire");
    /* 20th on the 47th: 7 pts: 0; die 6: Bleu "5 - 6": efficace:
     * disordered. */
    ok("musketry 20th_maine --target 47th_alabama --band close --per-stand 1", "6");
    result(0, 6, "effective");
    state(AL47, 3, 1, GR_BT_SPENT);

    next_to(2, "s1_offensive_fire");
    /* 47th (disordered) on the 20th: 3 x 1 = 3, x 1/2 = 1.5 pts: "-4 1 pts";
     * -1 bleu: -5; die 10 -> 5: Vétéran "5": Tir nourri, no effect.  A
     * natural 10 with all its stands firing: short of ammunition; no
     * leader attached to the 20th and none named: the leader-loss test
     * (« Perte de chef. Testez après dé de base égal à 10 ») is due, not
     * rolled. */
    ok("musketry 47th_alabama --target 20th_maine --band close --per-stand 1", "10");
    result(-5, 5, "heavy");
    assert_int_equal(U(AL47)->ammo, 1);
    state(MAINE, 7, 0, GR_BT_FRESH);
    assert_int_equal(OUT.res.nsteps, 1);
    assert_true(said("a leader-loss test is due"));
    /* The players say Chamberlain (attached to the 83rd) is the nearest
     * within 10cm of the 20th: die 3, "1,2,3 Ignore bravement le tir. Pas
     * d'effets". */
    refused("leader_loss --leader oates", "3", GR_EILLEGAL, "on the other side");
    ok("leader_loss --leader chamberlain", "3");
    result(0, 3, "unhurt");
    assert_int_equal(B->leaders[CHAMBERLAIN].status, GR_BT_ACTIVE);
    assert_int_equal(B->leaders[CHAMBERLAIN].attached, PA83);

    next_to(2, "s1_melee");
    next_to(2, "s1_breakthrough_moves");
    next_to(2, "s1_breakthrough");
}

static void turn3(void)
{
    next_to(3, "s0_leaders");
    next_to(3, "s0_maneuver");
    /* 20th: +1 vaillant (commander), +1 vétérans, +2 fraîche = +4; die 4
     * -> 8: Marche forcée.  It declares a charge (no bayonet) on the 47th. */
    ok("maneuver 20th_maine", "4");
    result(4, 8, "forced_march");
    ok("declare 20th_maine --target 47th_alabama", NULL);

    next_to(3, "s0_leader_moves");
    next_to(3, "s0_defensive_fire");
    /* 47th, disordered and short of ammunition: 3 pts x 1/2 once ("non
     * cumulable") = 1.5: -4; -1 bleu; +1 Buck & Ball (SM) receiving a
     * charge = -4; die 9 -> 5: Vétéran "5": Tir nourri: no effect from
     * musketry, "charge à fond". */
    ok("musketry 47th_alabama --target 20th_maine --band close --per-stand 1", "9");
    result(-4, 5, "heavy");
    assert_int_equal(mod("Buck & Ball", -1), 1);
    assert_true(said("charge home"));

    next_to(3, "s0_offensive_fire");
    /* Hazlett on the 47th: 6 pts: 0, -1 canon; die 7 -> 6: Bleu "5 - 6":
     * Tir efficace, already disordered: 1 stand: 3 -> 2. */
    ok("cannonade hazlett --target 47th_alabama --band close --per-stand 2", "7");
    result(-1, 6, "effective");
    state(AL47, 2, 1, GR_BT_SPENT);

    next_to(3, "s0_melee");
    /* 20th (7) on the 47th (2): attacker +1 Vétérans +2 Frais = +3 (no
     * leader attached, no bayonet); defender -1 Bleus -2 Fatigués -1
     * désordre, 7 v 2 is 3/1 or more: -3: -7.  Dice 7 v 2: (7+3) - (2-7) =
     * 15: BALAYÉS: 2 + 6 stands; the 47th has 2: it is gone. */
    ok("charge 20th_maine --target 47th_alabama", "7,2");
    assert_int_equal(mod("Fatigués", 1), -2);
    assert_int_equal(mod("3/1", 1), -3);
    result(3 - (-7), 15, "swept_away");
    assert_int_equal(gr_bt_unit_stands(U(AL47)), 0);
    assert_int_equal(U(AL47)->removed, 1);

    next_to(3, "s0_breakthrough_moves");
    ok("breakthrough 20th_maine --target 15th_alabama", NULL);
    assert_true(said("toward 15th_alabama"));
    next_to(3, "s0_breakthrough");
    /* Breakthrough on the 15th (3 stands): attacker +1 +2 +1 percée = +4;
     * defender +1 Vétérans -2 Fatigués, 7 v 3 is 2/1 (not 3/1): -2: -3.
     * Dice 5 v 5: (5+4) - (5-3) = 7: ENFONCÉS: 3 -> 2, disordered; the 20th
     * is disordered after the 2nd combat. */
    ok("charge 20th_maine --target 15th_alabama", "5,5");
    assert_int_equal(mod("2/1", 1), -2);
    result(4 - (-3), 7, "broken_through");
    state(AL15, 2, 1, GR_BT_SPENT);
    state(MAINE, 7, 1, GR_BT_FRESH);

    next_to(3, "s1_leaders");
    ok("replace --leader oates", NULL);
    next_to(3, "s1_maneuver");
    /* 15th with a provisional commander: "-1 Commandant provisoire" (no
     * more "-2 Non commandé"); +1 vétérans, -2 fatiguée = -2; die 5 -> 3:
     * Hésitant. */
    ok("maneuver 15th_alabama", "5");
    assert_int_equal(mod("Commandant provisoire", -1), -1);
    assert_int_equal(mod("Non commandé", -1), 99);
    result(-2, 3, "hesitant");
    state(AL15, 2, 0, GR_BT_SPENT);

    next_to(3, "s1_leader_moves");
    next_to(3, "s1_defensive_fire");
    /* 83rd on the 15th: 6 pts: 0; die 4: Vétéran "4 ou moins": no effect. */
    ok("musketry 83rd_pa --target 15th_alabama --band close --per-stand 1", "4");
    result(0, 4, "no_effect");
    next_to(3, "s1_offensive_fire");
    refused("musketry 47th_alabama --target 20th_maine --band close --per-stand 1", "5",
            GR_EILLEGAL, "out of play");
    /* 15th: 2 pts: -3; die 2 -> -1: no effect. */
    ok("musketry 15th_alabama --target 20th_maine --band close --per-stand 1", "2");
    result(-3, -1, "no_effect");
    next_to(3, "s1_melee");
    next_to(3, "s1_breakthrough_moves");
    next_to(3, "s1_breakthrough");
    next_to(4, "s0_leaders");
}

static void test_three_turns(void **state_)
{
    (void)state_;
    NLOG = 0;
    B = new_battle();
    turn1();
    turn2();
    turn3();
    /* The end: losses as worked out above. */
    assert_int_equal(U(MAINE)->lost, 1);
    assert_int_equal(U(PA83)->lost, 0);
    assert_int_equal(U(HAZLETT)->lost, 0);
    assert_int_equal(U(AL15)->lost, 5);
    assert_int_equal(U(AL47)->removed, 1);

    /* Undo: replaying all the actions but the last gives the hash before
     * the last; replaying all gives the final hash. */
    uint64_t final = gr_battle_hash(B);
    gr_battle *r = new_battle();
    uint64_t before_last = 0;
    for (int i = 0; i < NLOG; i++) {
        if (i == NLOG - 1)
            before_last = gr_battle_hash(r);
        gr_bt_action a = LOG[i];
        gr_error_clear(&ERR);
        if (gr_battle_do(r, &a, NULL, &ERR) != GR_OK)
            fail_msg("replay %d (%s): %s", i, a.call.verb, ERR.msg);
    }
    assert_true(gr_battle_hash(r) == final);
    gr_battle *u = new_battle();
    for (int i = 0; i < NLOG - 1; i++) {
        gr_bt_action a = LOG[i];
        assert_int_equal(gr_battle_do(u, &a, NULL, &ERR), GR_OK);
    }
    assert_true(gr_battle_hash(u) == before_last);
    assert_true(before_last != final);
    free(u);
    free(r);
    free(B);
}

/* A fresh battle at turn 1's first defensive fire (the Confederates'). */
static void fresh_to_defensive_fire(void)
{
    NLOG = 0;
    B = new_battle();
    next_to(1, "s0_maneuver");
    next_to(1, "s0_leader_moves");
    next_to(1, "s0_defensive_fire");
}

/* Guns silenced by musketry cannot fire until they rally; a fierce fight
 * (difference 0) costs each side a stand and is fought again with both
 * sides disordered. */
static void test_guns_and_fierce_fight(void **state_)
{
    (void)state_;
    fresh_to_defensive_fire();
    /* 15th on Hazlett's guns at close range: 7 pts: 0; "+1 Canon attelé,
     * pris en enfilade ou à portée rapprochée": +1.  Die 9 -> 10: Entraîné
     * "9 - 10": Tir mortel: "1 Canon détruit, 1 silencieux": 3 -> 2 gun
     * stands, 1 silenced. */
    ok("musketry 15th_alabama --target hazlett --band close --per-stand 1", "9");
    result(1, 10, "deadly");
    assert_int_equal(gr_bt_unit_stands(U(HAZLETT)), 2);
    assert_int_equal(U(HAZLETT)->guns_silenced, 1);
    /* 47th: 5 pts: "-1 4 - 5 pts"; -1 bleu; +1 guns at close range: -1.
     * Die 7 -> 6: Entraîné "5 - 6": Tir efficace: "1 socle de canon
     * silencieux": both gun stands left are silenced. */
    ok("musketry 47th_alabama --target hazlett --band close --per-stand 1", "7");
    result(-1, 6, "effective");
    assert_int_equal(U(HAZLETT)->guns_silenced, 2);
    next_to(1, "s0_offensive_fire");
    refused("cannonade hazlett --target 15th_alabama --band close --per-stand 2", "5", GR_EILLEGAL,
            "all silenced");
    for (int i = 0; i < 13; i++) /* s0_offensive_fire (4) .. s1_breakthrough (15), turn 2 */
        ok("next", NULL);
    assert_int_equal(B->turn, 2);
    assert_string_equal(B->rules->phases[B->phase].id, "s0_maneuver");
    refused("rally hazlett", NULL, GR_EILLEGAL, "only after a well-executed maneuver");
    /* Hazlett: +2 fraîche +2 en batterie = +4; die 3 -> 7: well executed;
     * "Rallie": no stand silenced. */
    ok("maneuver hazlett --close no", "3");
    result(4, 7, "well_executed");
    ok("rally hazlett", NULL);
    assert_int_equal(U(HAZLETT)->guns_silenced, 0);
    /* 20th: +1 vaillant (its commander, not attached) +1 vétérans +2
     * fraîche = +4; die 5 -> 9: forced march; it declares a charge. */
    ok("maneuver 20th_maine", "5");
    result(4, 9, "forced_march");
    ok("declare 20th_maine --target 15th_alabama", NULL);
    for (int i = 0; i < 4; i++)
        ok("next", NULL);
    assert_string_equal(B->rules->phases[B->phase].id, "s0_melee");
    /* 20th (8) v 15th (7): +1 +2 = +3 each; 8 v 7 is under 3/2.  Dice 5 v
     * 5: 0: COMBAT ACHARNÉ: each loses 1 stand (7 v 6) and is disordered;
     * again with "-1 désordre" each: +2 v +2, 7 v 6 under 3/2; dice 8 v 2:
     * 10 - 4 = 6: ENFONCÉS: the 15th loses 1 more (7 -> 5: 2 lost, worn),
     * disordered, retreats out of close range. */
    ok("charge 20th_maine --target 15th_alabama", "5,5,8,2");
    assert_int_equal(OUT.res.nsteps, 2);
    assert_string_equal(OUT.res.steps[0].table->outcomes[OUT.res.steps[0].cell.outcome].id,
                        "fierce_fight");
    assert_int_equal(OUT.res.steps[1].score, 6);
    assert_string_equal(OUT.res.steps[1].table->outcomes[OUT.res.steps[1].cell.outcome].id,
                        "broken_through");
    state(MAINE, 7, 1, GR_BT_FRESH);
    state(AL15, 5, 1, GR_BT_WORN);
    /* Every piece of both fights is said, none cut: a full instruction
     * goes on in the next one. */
    assert_true(said("COMBAT ACHARNÉ"));
    assert_true(said("retreat out of close range"));
    assert_true(said("takes the position"));
    for (int i = 0; i < OUT.ninstr; i++)
        assert_true(strlen(OUT.instr[i]) < GR_BT_INSTR - 1);
    free(B);
}

/* Issue 25: a fight fought again is fought by the units as they now are.
 * « 0 COMBAT ACHARNÉ Chaque coté perd 1 socle, troupe en désordre, canon
 * silencieux. ... Ajustez les nouveaux modificateurs et refaites un
 * combat. »  The 15th's roster makes it ébranlée at 1 stand lost: after the
 * fierce fight's stand its "+2 Frais" is gone. */
static void test_fought_again_from_the_state(void **state_)
{
    (void)state_;
    NLOG = 0;
    B = new_battle();
    B->units[AL15].worn_at = 1; /* ébranlée at 1 stand lost */
    gr_error e;
    assert_int_equal(B->rules->setup(B, &e), GR_OK);
    next_to(1, "s0_maneuver");
    /* 20th: +1 Chef vaillant (its commander) +1 vétérans +2 fraîche = +4;
     * die 5 -> 9: "8 ou plus Marche Forcée": it may charge. */
    ok("maneuver 20th_maine", "5");
    result(4, 9, "forced_march");
    ok("declare 20th_maine --target 15th_alabama", NULL);
    for (int i = 0; i < 4; i++)
        ok("next", NULL);
    assert_string_equal(B->rules->phases[B->phase].id, "s0_melee");
    /* 1st fight, 8 v 7 (under 3/2): attacker +1 Vétérans +2 Frais = +3;
     * defender +1 Vétérans +2 Frais = +3.  Dice 5 v 5: 0 + 3 - 3 = 0: COMBAT
     * ACHARNÉ: 7 v 6, both disordered.
     * 2nd fight, 7 v 6 (under 3/2): attacker +1 +2 (1 lost: its worn is 2,
     * still fraîche) -1 désordre = +2; defender +1, 0 Ébranlés (1 lost = its
     * worn 1), -1 désordre = 0.  Dice 8 v 5: 3 + 2 - 0 = 5: "5 - 8"
     * ENFONCÉS (with the +2 Frais kept it would be 3: REPOUSSÉS): "DEFENSEUR
     * perd 1 socle, troupe désordre, retraite hors courte portée": 6 -> 5. */
    ok("charge 20th_maine --target 15th_alabama", "5,5,8,5");
    assert_int_equal(OUT.res.nsteps, 2);
    assert_int_equal(OUT.res.steps[0].modifier, 0);
    assert_string_equal(OUT.res.steps[0].table->outcomes[OUT.res.steps[0].cell.outcome].id,
                        "fierce_fight");
    assert_int_equal(OUT.res.steps[1].modifier, 2);
    assert_int_equal(OUT.res.steps[1].score, 5);
    assert_string_equal(OUT.res.steps[1].table->outcomes[OUT.res.steps[1].cell.outcome].id,
                        "broken_through");
    state(AL15, 5, 1, GR_BT_WORN);
    state(MAINE, 7, 1, GR_BT_FRESH);
    assert_true(said("retreat out of close range"));
    free(B);
}

/* Issue 25: "Perte de chef. Testez après dé de base égal à 10. Effets
 * s'appliquent sur chef le plus près dans les 10cm de la cible" (EFFETS
 * ADDITIONNELS).  A leader attached to the target is the nearest: the
 * companion tests him.  A leader the players name (--leader) is tested.
 * Neither: the test is due, said, and made with leader_loss --leader ID in
 * the same step; --no-leader-near says there is none.
 * The values (seed 001): base die modifier "- 1 4 - 5 pts", "- 0 6 - 8
 * pts"; "- 1 Mousqueterie de "bleu" ou tir de canon"; x 1/2 tireurs en
 * désordre.  CIBLE Vétéran: 10 and 9 Tir mortel; Entraîné: 8 Tir mortel;
 * Bleu: 8 - 10 Tir mortel.  PERTE DES CHEFS: 9 Mortellement blessé
 * (retirez le chef du jeu), 5 Manteau percé (pas d'effets). */
static void test_natural_10_leader_loss(void **state_)
{
    (void)state_;
    NLOG = 0;
    B = new_battle();
    ok("attach 20th_maine --leader chamberlain", NULL);
    for (int i = 0; i < 3; i++)
        ok("next", NULL);
    assert_string_equal(B->rules->phases[B->phase].id, "s0_defensive_fire");
    refused("leader_loss --leader chamberlain", "5", GR_EILLEGAL, "no leader-loss test is due");
    /* 47th (5 stands, green) on the 83rd: 5 pts "-1 4 - 5 pts", -1 bleu =
     * -2.  Die 10 -> 8: Entraîné "8": Tir mortel.  A natural 10, no leader
     * attached to the 83rd and none named: the test is due, not rolled. */
    ok("musketry 47th_alabama --target 83rd_pa --band close --per-stand 1", "10");
    result(-2, 8, "deadly");
    assert_int_equal(OUT.res.nsteps, 1);
    assert_true(said("a leader-loss test is due"));
    assert_true(said("leader_loss {leader} ID"));
    refused("leader_loss --leader oates", "5", GR_EILLEGAL, "on the other side");
    /* The players say Chamberlain is the nearest within 10cm: die 5
     * "Manteau percé": no effect. */
    ok("leader_loss --leader chamberlain", "5");
    assert_true(said("no effect"));
    assert_int_equal(B->leaders[CHAMBERLAIN].status, GR_BT_ACTIVE);
    refused("leader_loss --leader chamberlain", "5", GR_EILLEGAL, "no leader-loss test is due");
    /* 15th (7 stands) on the 20th, Chamberlain attached: he is the nearest;
     * the players cannot say otherwise. */
    refused("musketry 15th_alabama --target 20th_maine --band close --per-stand 1 "
            "--no-leader-near",
            "10,9", GR_EINPUT, "attached to 20th_maine");
    /* 7 pts: "- 0 6 - 8 pts".  Die 10 -> 10: Vétéran "10": Tir mortel; a
     * natural 10: Chamberlain tests, die 9 "Mortellement blessé": removed
     * from play, detached. */
    ok("musketry 15th_alabama --target 20th_maine --band close --per-stand 1", "10,9");
    result(0, 10, "deadly");
    assert_int_equal(OUT.res.nsteps, 2);
    assert_int_equal(B->leaders[CHAMBERLAIN].status, GR_BT_WOUNDED);
    assert_int_equal(B->leaders[CHAMBERLAIN].attached, -1);
    assert_int_equal(B->sys[0], 0);
    next_to(1, "s0_offensive_fire");
    /* 83rd (5 stands, disordered): 2 per stand x 5 = 10, x 1/2 = 5: "-1 4 -
     * 5 pts".  Die 10 -> 9: Bleu "8 - 10": Tir mortel.  --no-leader-near:
     * no test, none due. */
    ok("musketry 83rd_pa --target 47th_alabama --band close --per-stand 2 --no-leader-near", "10");
    result(-1, 9, "deadly");
    assert_int_equal(OUT.res.nsteps, 1);
    assert_false(said("is due"));
    assert_int_equal(B->sys[0], 0);
    /* Hazlett (3 gun stands) on the 15th: 2 x 3 = 6: 0; -1 tir de canon.
     * Die 10 -> 9: Vétéran "9": Tir mortel; Oates is not attached: due.  It
     * lapses with the step: leader_loss is a fire step's verb. */
    ok("cannonade hazlett --target 15th_alabama --band close --per-stand 2", "10");
    result(-1, 9, "deadly");
    assert_true(said("a leader-loss test is due"));
    assert_int_equal(B->sys[0], AL15 + 1);
    next_to(1, "s0_melee");
    assert_int_equal(B->sys[0], 0);
    refused("leader_loss --leader oates", "5", GR_EILLEGAL, "not allowed now");
    free(B);
}

/* Issue 25: the musketry table's three "Tir mortel" rows on a charge in
 * progress, counter-charges with sabre, and a breakthrough move that
 * reaches no enemy.  Seed 001: "Tir mortel. ... Charge stoppée. Charge
 * stoppée ou charge à fond si Baïonnette/Sabre. Charge à fond." on rows 2,
 * 3, 4 (docs/rules/rff.md): Vétéran 10 / 9 / 7 - 8; Entraîné 9 - 10 / 8 /
 * 7; Bleu 8 - 10 / 7 / -.  "Charge stoppée. Recul à 5cm de la cible".
 * Base die modifier "- 0 6 - 8 pts", "+1 9 - 11 pts"; "- 1 Mousqueterie de
 * "bleu" ou tir de canon"; "+1 Buck & Ball (pour SM) ... recevant une
 * charge"; "+1 Cible en ... cavalerie". */
static void test_charges_under_fire(void **state_)
{
    (void)state_;
    NLOG = 0;
    B = new_battle();
    next_to(1, "s0_maneuver");
    /* 20th: +1 vaillant (commander) +1 vétérans +2 fraîche = +4, die 5 ->
     * 9; 83rd: +1 vaillant, 0 entraînée, +2 fraîche = +3, die 5 -> 8: both
     * "Marche Forcée"; both charge with bayonets. */
    ok("maneuver 20th_maine", "5");
    result(4, 9, "forced_march");
    ok("maneuver 83rd_pa", "5");
    result(3, 8, "forced_march");
    ok("declare 20th_maine --target 47th_alabama --bayonet", NULL);
    ok("declare 83rd_pa --target 15th_alabama --bayonet", NULL);
    for (int i = 0; i < 2; i++)
        ok("next", NULL);
    assert_string_equal(B->rules->phases[B->phase].id, "s0_defensive_fire");
    /* 15th (7 stands) on the charging 83rd: 7 pts: 0.  Die 9 -> 9:
     * Entraîné "9 - 10", row 2: "Charge stoppée", bayonets or not: 6 -> 5,
     * disordered, the charge is over. */
    ok("musketry 15th_alabama --target 83rd_pa --band close --per-stand 1", "9");
    result(0, 9, "deadly");
    assert_true(said("« Charge stoppée »"));
    assert_true(said("charge stopped: fall back to 5 cm"));
    assert_int_equal(U(PA83)->sys[1], 0); /* RFF_U_CHARGE */
    state(PA83, 5, 1, GR_BT_FRESH);
    /* 47th (5 stands) on the 20th charging it: 2 x 5 = 10 pts: +1; -1
     * bleu; +1 Buck & Ball receiving a charge: +1.  Die 8 -> 9: Vétéran
     * "9", row 3: with bayonets the charge goes home: 8 -> 7, disordered. */
    ok("musketry 47th_alabama --target 20th_maine --band close --per-stand 2", "8");
    result(1, 9, "deadly");
    assert_int_equal(mod("Buck & Ball", -1), 1);
    assert_true(said("« Charge stoppée ou charge à fond si Baïonnette/Sabre »: with bayonet"));
    assert_true(said("charge home"));
    assert_int_equal(U(MAINE)->sys[1], AL47 + 1);
    state(MAINE, 7, 1, GR_BT_FRESH);
    next_to(1, "s0_offensive_fire");
    next_to(1, "s0_melee");
    refused("charge 83rd_pa --target 15th_alabama", "5,5", GR_EILLEGAL, "declared no charge");
    /* 20th (7) on the 47th (5): +1 Vétérans +2 Frais -1 désordre +1
     * Baïonnette = +3; defender -1 Bleus +2 Frais = +1; 7 v 5 is under 3/2.
     * Dice 9 v 1: 8 + 3 - 1 = 10: "9 ou plus" BALAYÉS: 2 socles + 1 beyond
     * 9: 5 -> 2; the 20th breaks through. */
    ok("charge 20th_maine --target 47th_alabama", "9,1");
    result(2, 10, "swept_away");
    state(AL47, 2, 1, GR_BT_SPENT);
    next_to(1, "s0_breakthrough_moves");
    /* Its half move ("Double ligne 30": 15 cm) reaches no enemy: no
     * breakthrough combat. */
    ok("breakthrough 20th_maine", NULL);
    assert_true(said("half a move (15 cm in the open) toward the nearest enemy; it reaches none"));
    next_to(1, "s0_breakthrough");
    refused("charge 20th_maine --target 15th_alabama", "5,5", GR_EILLEGAL, "no breakthrough");
    free(B);

    /* The 47th as cavalry (green, 5 stands) counter-charges the 20th with
     * sabres. */
    NLOG = 0;
    B = new_battle();
    B->units[AL47].arm = GR_BT_CAVALRY;
    gr_error e;
    assert_int_equal(B->rules->setup(B, &e), GR_OK);
    next_to(1, "s0_maneuver");
    ok("maneuver 20th_maine", "5");
    ok("declare 20th_maine --target 15th_alabama --bayonet", NULL);
    ok("countercharge 47th_alabama --target 20th_maine --sabre", NULL);
    assert_true(said("counter-charges 20th_maine with sabre"));
    refused("countercharge 47th_alabama --target 20th_maine", NULL, GR_EILLEGAL,
            "already counter-charges");
    next_to(1, "s0_leader_moves");
    next_to(1, "s0_defensive_fire");
    /* 15th on the 20th charging it: 7 pts: 0.  Die 7 -> 7: Vétéran "7 -
     * 8", row 4: "Charge à fond": 8 -> 7, disordered, the charge goes on. */
    ok("musketry 15th_alabama --target 20th_maine --band close --per-stand 1", "7");
    result(0, 7, "deadly");
    assert_true(said("« Charge à fond »"));
    assert_int_equal(U(MAINE)->sys[1], AL15 + 1);
    next_to(1, "s0_offensive_fire");
    /* Hazlett (3 gun stands) on the counter-charging 47th: 6 pts: 0; -1
     * canon; +1 cavalerie: 0.  Die 7 -> 7: Bleu "7", row 3: with sabres the
     * counter-charge goes home: 5 -> 4. */
    ok("cannonade hazlett --target 47th_alabama --band long --per-stand 2", "7");
    result(0, 7, "deadly");
    assert_true(said("with bayonet/sabre"));
    assert_int_equal(U(AL47)->sys[3], MAINE + 1); /* RFF_U_COUNTER */
    /* 83rd (6) on it: 6 pts: 0; +1 cavalerie.  Die 8 -> 9: Bleu "8 - 10",
     * row 2: "Charge stoppée", sabres or not: 4 -> 3. */
    ok("musketry 83rd_pa --target 47th_alabama --band long --per-stand 1", "8");
    result(1, 9, "deadly");
    assert_true(said("charge stopped"));
    assert_int_equal(U(AL47)->sys[3], 0);
    assert_int_equal(gr_bt_unit_stands(U(AL47)), 3);
    next_to(1, "s0_melee");
    refused("charge 20th_maine --target 47th_alabama", "5,5", GR_EILLEGAL, "declared no charge");
    free(B);
}

/* "+1 Chef attaché ou Colonel courageux" (maneuver and charge lists): a
 * brave colonel gives the +1, but "-9 et pire ... Test de perte du chef si
 * chef attaché" tests an attached leader only: a regiment with its brave
 * colonel and no leader attached rolls no leader-loss die. */
static void test_brave_colonel_no_leader_test(void **state_)
{
    (void)state_;
    NLOG = 0;
    B = new_battle();
    gr_bt_unit *m = &B->units[MAINE];
    snprintf(m->flags[m->nflags++], GR_BT_ID, "brave_colonel");
    gr_error e;
    assert_int_equal(B->rules->setup(B, &e), GR_OK);
    next_to(1, "s0_maneuver");
    /* +1 Chef vaillant (commander) +1 Colonel courageux +1 vétérans +2
     * fraîche = +5; die 3 -> 8: Marche Forcée. */
    ok("maneuver 20th_maine", "3");
    result(5, 8, "forced_march");
    ok("declare 20th_maine --target 15th_alabama", NULL);
    for (int i = 0; i < 4; i++)
        ok("next", NULL);
    /* 20th (8): +1 Vétérans +2 Frais +1 Colonel courageux = +4; 15th (7):
     * +1 +2, +1 favorable ground = +4; 8 v 7 under 3/2.  Dice 1 v 10: -9 +
     * 4 - 4 = -9: ASSAUT REPOUSSÉ: "ATTAQUANT perd 2 socles", rout move,
     * broken: 8 -> 6 (2 lost: ébranlée).  No leader attached: no test, two
     * dice. */
    ok("charge 20th_maine --target 15th_alabama --favorable", "1,10");
    assert_int_equal(mod("Colonel courageux", 0), 1);
    result(0, -9, "repulsed");
    assert_int_equal(OUT.res.nsteps, 1);
    state(MAINE, 6, 1, GR_BT_WORN);
    assert_int_equal(U(MAINE)->broken, 1);
    free(B);
}

/* « Désordre si charge par terrain handicapant ou difficile » for an
 * infantry charge: the players' (the table's) `rough-charge`; without it
 * the same result leaves the attacker in good order. */
static void test_rough_charge_disorders(void **state_)
{
    (void)state_;
    for (int rough = 0; rough < 2; rough++) {
        NLOG = 0;
        B = new_battle();
        next_to(1, "s0_maneuver");
        /* +1 Chef vaillant (commander), +1 vétérans, +2 fraîche = +4; die
         * 4 -> 8: Marche Forcée. */
        ok("maneuver 20th_maine", "4");
        result(4, 8, "forced_march");
        ok("declare 20th_maine --target 15th_alabama", NULL);
        for (int i = 0; i < 4; i++)
            ok("next", NULL);
        /* 20th (8): +1 Vétérans +2 Frais = +3; 15th (7): +1 +2 = +3; 8 v 7
         * under 3/2.  Dice 5 v 2: 5 + 3 - (2 + 3) = 3: « 1 - 4 REPOUSSÉS »:
         * the 15th in disorder; the 20th « Désordre si charge par terrain
         * handicapant ou difficile » only through rough ground (infantry,
         * the first combat). */
        ok(rough ? "charge 20th_maine --target 15th_alabama --rough-charge"
                 : "charge 20th_maine --target 15th_alabama",
           "5,2");
        result(0, 3, "pushed_back");
        assert_int_equal(U(AL15)->disordered, 1);
        assert_int_equal(U(MAINE)->disordered, rough);
        free(B);
    }
}

/* A formation change the maneuver result allows, and its modifiers; a
 * cavalry counter-charge: the cavalry's charge line, and the effects that
 * fall on cavalry and on an attacker already disordered. */
static void test_formation_and_countercharge(void **state_)
{
    (void)state_;
    NLOG = 0;
    B = new_battle();
    B->units[AL47].arm = GR_BT_CAVALRY; /* the 47th as a cavalry regiment, 5 stands, green */
    gr_error e;
    assert_int_equal(B->rules->setup(B, &e), GR_OK);
    next_to(1, "s0_maneuver");
    /* 20th: +1 vaillant (commander) +1 vétérans +2 fraîche = +4; die 5 -> 9:
     * forced march (well executed): it may change formation. */
    ok("maneuver 20th_maine", "5");
    result(4, 9, "forced_march");
    refused("form 83rd_pa --formation march_column", NULL, GR_EILLEGAL, "allows no such change");
    ok("form 20th_maine --formation single_line", NULL);
    assert_string_equal(U(MAINE)->formation, "single_line");
    ok("declare 20th_maine --target 15th_alabama", NULL);
    refused("countercharge 15th_alabama --target 20th_maine", NULL, GR_EILLEGAL,
            "not mounted cavalry");
    ok("countercharge 47th_alabama --target 20th_maine", NULL);
    next_to(1, "s0_leader_moves");
    next_to(1, "s0_defensive_fire");
    /* 15th on the 20th in single line: 7 pts: 0; "- 1 Cible en couvert
     * partiel ou en simple ligne": -1.  Die 8 -> 7: Vétéran "7 - 8": Tir
     * mortel: 8 -> 7, disordered. */
    ok("musketry 15th_alabama --target 20th_maine --band close --per-stand 1", "8");
    result(-1, 7, "deadly");
    assert_int_equal(mod("simple ligne", -1), -1);
    state(MAINE, 7, 1, GR_BT_FRESH);
    for (int i = 0; i < 2; i++)
        ok("next", NULL);
    assert_string_equal(B->rules->phases[B->phase].id, "s0_melee");
    refused("charge 20th_maine --target 47th_alabama", "4,6", GR_EINPUT, "{terrain}");
    /* The 20th (7) against the counter-charging 47th (5): attacker +1
     * Vétérans +2 Frais -1 désordre -1 Simple ligne = +1; defender -1 Bleus
     * +2 Frais +2 "Charge de cavalerie | +2 terrain clair" = +3; 7 v 5 is
     * under 3/2.  Dice 4 v 6: 5 - 9 = -4: "-1 à -4" ASSAUT MANQUÉ: the
     * attacker, already disordered, loses 1 stand (7 -> 6: 2 lost = its
     * worn 2, ébranlée) and retreats 5 cm; the defender holds; its cavalry
     * is disordered. */
    ok("charge 20th_maine --target 47th_alabama --terrain clear", "4,6");
    assert_int_equal(mod("terrain clair", 1), 2);
    assert_int_equal(mod("Simple ligne", 0), -1);
    result(1 - 3, -4, "failed_assault");
    state(MAINE, 6, 1, GR_BT_WORN);
    state(AL47, 5, 1, GR_BT_FRESH);
    assert_true(said("retreat 5 cm"));
    assert_true(said("may take the position or be recalled"));
    free(B);
}

/* "Sérieusement blessé: retirez le chef pour un tour": the leader is out of
 * play (his regiments are "Non commandé"; he cannot be replaced) until the
 * next game turn begins, then commands again. */
static void test_leader_out_for_a_turn(void **state_)
{
    (void)state_;
    NLOG = 0;
    B = new_battle();
    for (int i = 0; i < 4; i++)
        ok("next", NULL);
    assert_string_equal(B->rules->phases[B->phase].id, "s0_offensive_fire");
    /* 83rd on the 15th: 6 pts: 0; die 10: Vétéran "10": Tir mortel (7 -> 6,
     * disordered); a natural 10: Oates tests, die 7: "Sérieusement blessé". */
    ok("musketry 83rd_pa --target 15th_alabama --band close --per-stand 1 --leader oates", "10,7");
    result(0, 10, "deadly");
    assert_int_equal(B->leaders[OATES].status, GR_BT_OUT_OF_ACTION);
    assert_int_equal(B->leaders[OATES].back_turn, 2);
    for (int i = 0; i < 4; i++)
        ok("next", NULL);
    assert_string_equal(B->rules->phases[B->phase].id, "s1_leaders");
    refused("replace --leader oates", NULL, GR_EILLEGAL, "back next turn");
    next_to(1, "s1_maneuver");
    /* 15th, disordered, its commander out: -2 Non commandé, +1 vétérans,
     * +2 fraîche (1 lost) = +1; die 5 -> 6: "5 - 10 Rallie". */
    ok("maneuver 15th_alabama", "5");
    result(1, 6, "rally");
    assert_int_equal(mod("Non commandé", -1), -2);
    assert_int_equal(mod("Chef moyen", -1), 99);
    for (int i = 0; i < 7; i++) /* s1_maneuver (9) .. s1_breakthrough (15), turn 2 */
        ok("next", NULL);
    assert_int_equal(B->turn, 2);
    assert_int_equal(B->leaders[OATES].status, GR_BT_ACTIVE);
    for (int i = 0; i < 9; i++)
        ok("next", NULL);
    assert_string_equal(B->rules->phases[B->phase].id, "s1_maneuver");
    /* Oates commands again: 0 Chef moyen, +1 vétérans, +2 fraîche = +3; die
     * 5 -> 8: forced march. */
    ok("maneuver 15th_alabama", "5");
    result(3, 8, "forced_march");
    assert_int_equal(mod("Chef moyen", -1), 0);
    assert_int_equal(mod("Non commandé", -1), 99);
    free(B);
}

/* Guns shocked by their maneuver: at close range they limber, retreat a
 * full move and are silenced; beyond it they hold and may fire. */
static void test_guns_shocked(void **state_)
{
    (void)state_;
    for (int close = 1; close >= 0; close--) {
        NLOG = 0;
        B = new_battle();
        next_to(1, "s0_maneuver");
        /* +2 fraîche +2 en batterie -2 pris de flanc -1 position clé perdue
         * -2 pertes les plus nombreuses = -1; die 1 -> 0: "0 - -1 Choqué". */
        ok(close ? "maneuver hazlett --close yes --flanked --key-position-lost --losses heaviest"
                 : "maneuver hazlett --close no --flanked --key-position-lost --losses heaviest",
           "1");
        result(-1, 0, "shocked");
        if (close) {
            assert_int_equal(U(HAZLETT)->limbered, 1);
            assert_string_equal(U(HAZLETT)->formation, "limbered");
            assert_int_equal(U(HAZLETT)->guns_silenced, 3);
            /* "Batterie à pieds 30 / 40": a full move in the open is 30 cm */
            assert_true(said("retreat a full move (30 cm in the open)"));
        } else {
            assert_int_equal(U(HAZLETT)->limbered, 0);
            assert_int_equal(U(HAZLETT)->guns_silenced, 0);
            assert_true(said("holds its position"));
            assert_true(said("may fire"));
        }
        free(B);
    }
}

/* MANŒUVRES DES CANONS, BIEN EXÉCUTÉE: « Avance à la prolonge de 5cm, 10cm
 * si MH, pas de tir. Avance interdite pour HH ; HR » and « Recul à la
 * prolonge : 1/2 mouv, pas de tir. Interdit si HH ou HR ».  Hazlett: +2
 * fraîche +2 en batterie = +4; die 3 -> 7: "3 - 7 Manœuvre bien exécutée".
 * A battery that went to the prolonge is refused its cannonade in this
 * player's turn (its offensive fire) and fires again in the next player's
 * turn (its side's defensive fire). */
static void test_prolonge(void **state_)
{
    (void)state_;
    static const struct {
        const char *gun, *dir, *said; /* said NULL: refused */
    } cases[] = {
        {"other", "advance", "advances 5 cm at the prolonge"},
        {"mh", "advance", "advances 10 cm at the prolonge"},
        /* « 1/2 mouv »: half the foot battery's 30 cm (CAPACITES DE MOUVEMENT) */
        {"other", "retire", "retires half a move at the prolonge (15 cm in the open)"},
        {"mh", "retire", "retires half a move at the prolonge (15 cm in the open)"},
        {"hh", "advance", NULL},
        {"hr", "advance", NULL},
        {"hh", "retire", NULL},
        {"hr", "retire", NULL},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        NLOG = 0;
        B = new_battle();
        snprintf(B->units[HAZLETT].weapon, GR_BT_ID, "%s", cases[k].gun);
        char spec[96];
        snprintf(spec, sizeof spec, "prolonge hazlett --direction %s", cases[k].dir);
        next_to(1, "s0_maneuver");
        refused(spec, NULL, GR_EILLEGAL, "does not allow it"); /* not tested yet */
        ok("maneuver hazlett --close no", "3");
        result(4, 7, "well_executed");
        if (!cases[k].said) {
            refused(spec, NULL, GR_EILLEGAL, "interdit");
            assert_int_equal(U(HAZLETT)->sys[0 /* RFF_U_COLUMN */], 1 /* well executed */);
            free(B);
            continue;
        }
        refused("prolonge hazlett --direction sideways", NULL, GR_EINPUT, "accepted: advance");
        refused("prolonge hazlett", NULL, GR_EINPUT, "accepted: advance");
        ok(spec, NULL);
        assert_true(said(cases[k].said));
        assert_true(said("no fire this turn"));
        assert_int_equal(U(HAZLETT)->limbered, 0); /* it stays unlimbered */
        refused(spec, NULL, GR_EILLEGAL, "has gone to the prolonge this turn");
        if (k == 0) {
            next_to(1, "s0_leader_moves");
            next_to(1, "s0_defensive_fire");
            next_to(1, "s0_offensive_fire");
            refused("cannonade hazlett --target 47th_alabama --band long --per-stand 2", "6",
                    GR_EILLEGAL, "went to the prolonge this turn");
            for (int i = 0; i < 7; i++) /* s0_offensive_fire (4) .. s1_defensive_fire (11) */
                ok("next", NULL);
            assert_string_equal(B->rules->phases[B->phase].id, "s1_defensive_fire");
            /* 3 gun stands x 2 = 6 pts: "0 6 - 8 pts"; "-1 ... tir de canon":
             * -1.  Die 6 -> 5: Bleu "5 - 6": Tir efficace: the 47th is
             * disordered. */
            ok("cannonade hazlett --target 47th_alabama --band long --per-stand 2", "6");
            result(-1, 5, "effective");
            state(AL47, 5, 1, GR_BT_FRESH);
        }
        free(B);
    }
}

/* MANŒUVRES DES CANONS, RETARDÉE: « Attelle et retraite d'un mouvement
 * complet, silencieux ».  Hazlett: +2 fraîche +2 en batterie -2 pris de
 * flanc -2 pertes les plus nombreuses = 0; die 1 -> 1: "1 - 2 Manœuvre
 * retardée". */
static void test_limber_and_retreat(void **state_)
{
    (void)state_;
    NLOG = 0;
    B = new_battle();
    next_to(1, "s0_maneuver");
    refused("limber_retreat hazlett", NULL, GR_EILLEGAL, "does not allow it");
    ok("maneuver hazlett --close no --flanked --losses heaviest", "1");
    result(0, 1, "delayed");
    refused("prolonge hazlett --direction advance", NULL, GR_EILLEGAL, "does not allow it");
    refused("limber_retreat 20th_maine", NULL, GR_EILLEGAL, "not an unlimbered battery");
    ok("limber_retreat hazlett", NULL);
    assert_int_equal(U(HAZLETT)->limbered, 1);
    assert_string_equal(U(HAZLETT)->formation, "limbered");
    assert_int_equal(U(HAZLETT)->guns_silenced, 3); /* every gun stand left */
    /* « Batterie à pieds 30 / 40 »: a full move in the open is 30 cm */
    assert_true(said("limbers, retreats a full move (30 cm in the open), guns silenced"));
    refused("limber_retreat hazlett", NULL, GR_EILLEGAL, "not an unlimbered battery");
    free(B);
    /* a well-executed battery has no such choice (the column BIEN EXÉCUTÉE
     * does not list it): +4, die 3 -> 7 */
    B = new_battle();
    next_to(1, "s0_maneuver");
    ok("maneuver hazlett --close no", "3");
    refused("limber_retreat hazlett", NULL, GR_EILLEGAL, "after a delayed result");
    free(B);
}

/* EFFETS ADDITIONNELS: « Cible en masse. Les unités dans les 5cm derrière
 * la cible subissent l'effet directement après. »  The 83rd and Hazlett's
 * guns stand behind the 20th Maine (the table says so: here the players
 * name them). */
static void test_massed_target(void **state_)
{
    (void)state_;
    fresh_to_defensive_fire();
    refused("massed_effect 83rd_pa", NULL, GR_EILLEGAL, "no fire on a massed target");
    /* 15th: 7 stands x 1 = 7 pts: "0 6 - 8 pts"; the 20th in double line: no
     * other modifier.  Die 7 -> 7: Vétéran "7 - 8": Tir mortel: disordered,
     * 1 stand: 8 -> 7. */
    ok("musketry 15th_alabama --target 20th_maine --band close --per-stand 1 --massed", "7");
    result(0, 7, "deadly");
    state(MAINE, 7, 1, GR_BT_FRESH);
    assert_true(said("massed_effect UNIT for each"));
    /* the same result for the 83rd (Tir mortel, read for troops): disordered,
     * 1 stand: 6 -> 5 */
    ok("massed_effect 83rd_pa", NULL);
    assert_false(OUT.resolved); /* no roll: the fire's result */
    assert_true(said("« Cible en masse », within 5 cm behind 20th_maine: Tir mortel."));
    state(PA83, 5, 1, GR_BT_FRESH);
    refused("massed_effect 83rd_pa", NULL, GR_EILLEGAL, "taken this fire's effect already");
    refused("massed_effect 20th_maine", NULL, GR_EINPUT, "the target itself");
    refused("massed_effect 47th_alabama", NULL, GR_EILLEGAL, "only Union's units act");
    /* 47th: 5 pts: "-1 4 - 5 pts", "-1 Mousqueterie de bleu": -2.  Die 8 ->
     * 6: Vétéran "6": Tir efficace: the 20th, already disordered, loses 1
     * stand (7 -> 6: 2 lost, its roster's « worn » 2: ébranlée). */
    ok("musketry 47th_alabama --target 20th_maine --band long --per-stand 1 --massed", "8");
    result(-2, 6, "effective");
    state(MAINE, 6, 1, GR_BT_WORN);
    /* behind it, each by its own state: the 83rd, disordered since the last
     * fire, loses 1 stand (5 -> 4, worn); Hazlett's guns: « 1 socle de canon
     * silencieux » */
    ok("massed_effect 83rd_pa", NULL);
    state(PA83, 4, 1, GR_BT_WORN); /* 2 lost: its « worn » 2 */
    ok("massed_effect hazlett", NULL);
    assert_int_equal(U(HAZLETT)->guns_silenced, 1);
    assert_int_equal(gr_bt_unit_stands(U(HAZLETT)), 3);
    /* « directement après »: it lapses with the step */
    next_to(1, "s0_offensive_fire");
    refused("massed_effect 83rd_pa", NULL, GR_EILLEGAL, "no fire on a massed target");
    /* a fire without effect is due to no one: Hazlett (2 able gun stands x
     * 1 = 2 pts: "-3 2 pts", -1 canon: -4), die 1 -> -3: Vétéran "4 ou
     * moins": Tir sans effet */
    ok("cannonade hazlett --target 15th_alabama --band long --per-stand 1 --massed", "1");
    result(-4, -3, "no_effect");
    refused("massed_effect 47th_alabama", NULL, GR_EILLEGAL, "no fire on a massed target");
    free(B);
}

/* Dice from the seed: the same action rolls the same dice when replayed. */
static void test_seeded_dice(void **state_)
{
    (void)state_;
    B = new_battle();
    NLOG = 0;
    ok("next", NULL);
    ok("maneuver 20th_maine", NULL);
    int roll = LOG[1].rolls[0];
    assert_true(roll >= 1 && roll <= 10);
    assert_int_equal(LOG[1].nrolls, 1);
    uint64_t h = gr_battle_hash(B);
    gr_battle *r = new_battle();
    for (int i = 0; i < NLOG; i++) {
        gr_bt_action a = LOG[i];
        a.nrolls = 0; /* roll again from the seed */
        assert_int_equal(gr_battle_do(r, &a, NULL, &ERR), GR_OK);
        if (i == 1)
            assert_int_equal(a.rolls[0], roll);
    }
    assert_true(gr_battle_hash(r) == h);
    free(r);
    free(B);
}

/* The order of battle's vocabulary is checked, naming the unit's line:col. */
static void test_setup_refuses(void **state_)
{
    (void)state_;
    gr_battle *b = new_battle();
    gr_error e;
    snprintf(b->units[AL15].quality, GR_BT_ID, "elite");
    assert_int_equal(b->rules->setup(b, &e), GR_EINPUT);
    assert_non_null(strstr(e.msg, "13:5"));
    assert_non_null(strstr(e.msg, "crack, veteran, trained, green"));
    snprintf(b->units[AL15].quality, GR_BT_ID, "veteran");
    b->units[AL15].worn_at = b->units[AL15].spent_at = GR_BT_UNSET;
    assert_int_equal(b->rules->setup(b, &e), GR_EINPUT);
    assert_non_null(strstr(e.msg, "\"worn\" and \"spent\""));
    b->units[AL15].worn_at = 2;
    b->units[AL15].spent_at = 4;
    snprintf(b->units[MAINE].flags[0], GR_BT_ID, "buck_and_ball");
    b->units[MAINE].nflags = 1;
    assert_int_equal(b->rules->setup(b, &e), GR_EINPUT);
    assert_non_null(strstr(e.msg, "sm"));
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_three_turns),
        cmocka_unit_test(test_guns_and_fierce_fight),
        cmocka_unit_test(test_fought_again_from_the_state),
        cmocka_unit_test(test_natural_10_leader_loss),
        cmocka_unit_test(test_charges_under_fire),
        cmocka_unit_test(test_brave_colonel_no_leader_test),
        cmocka_unit_test(test_rough_charge_disorders),
        cmocka_unit_test(test_formation_and_countercharge),
        cmocka_unit_test(test_leader_out_for_a_turn),
        cmocka_unit_test(test_guns_shocked),
        cmocka_unit_test(test_prolonge),
        cmocka_unit_test(test_limber_and_retreat),
        cmocka_unit_test(test_massed_target),
        cmocka_unit_test(test_seeded_dice),
        cmocka_unit_test(test_setup_refuses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
