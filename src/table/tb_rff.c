/* tb_rff.c - Regimental Fire and Fury's join on the table (tb.h "the
 * join", `rff-table`, issue 35).  The battle file: lengths in centimetres
 * (seed 001), rff's formation words, its own keys (`fire`, tb_rff_fire.c:
 * the ranges and points the seed lost; `dense_woods`; the objectives'
 * `key`).  The game: the decisions of each step of seed 001's « SEQUENCE
 * DU TOUR DU JOUEUR ACTIF » as the companion keeps it (bt_rff*.c: the
 * leaders, the maneuver tests and their moves, a charge declared by a move
 * into contact and the opponent's cavalry counter-charging it, the
 * detached leaders' moves, defensive then offensive musketry and
 * cannonade, the melees, the breakthrough moves and their combats), the
 * facts of the table each test gets (range band in cm from the file,
 * arc, sight, flank, cover, command radius, terrain), and what its results
 * do to the stands (stands lost, retreats in cm, routs, a charge stopped).
 * No rule value is written here: the tests are the companion's, the
 * speeds and the command radius are read from rff's tables
 * (src/rules/rff), the fire values from the battle file; every reading is
 * in docs/rules/rff.md, "On the table: the battle file and the game
 * `rff-table`". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../battle/bt_rff.h"
#include "grognard/effect.h"
#include "grognard/resolve.h"
#include "grognard/table.h"
#include "tb_join.h"

/* ---- the join's own counters (tb_state.sys) --------------------------------- */

/* sys[RS_FLAGS + u]: the RSF_ bits, kept for the player's turn.
 * sys[RS_CC + u]: 1 + the charger u may counter-charge now, 0 none; -(1 +
 * the charger) once u has counter-charged it (« Cavalerie contre-chargeant »,
 * read by the charge's result). */
enum { RS_FLAGS = 0, RS_CC = GR_BT_MAX_UNITS };
_Static_assert(RS_CC + GR_BT_MAX_UNITS <= TB_SYS_WORDS, "rff's counters fit tb_state.sys");
enum {
    RSF_CHARGE = 1,     /* its move may end in contact: a charge (a well-executed result) */
    RSF_FORM = 2,       /* its move may change formation (any: well executed) */
    RSF_LINES = 4,      /* ... into double or single line only (delayed) */
    RSF_BREAK = 8,      /* its move is a breakthrough move (3b) */
    RSF_CHOOSE = 16,    /* its choice after its maneuver waits (RB_*); the move's allowance
                           (table units) is kept in the bits from RSF_ALLOW_SHIFT */
    RSF_UNLIMBER = 32,  /* a battery unlimbers at the end of its move (« Mouvement complet et
                           dételle ») */
    RSF_STREAM = 64,    /* its move into contact crossed a stream (« Défense d'un terrain
                           favorable » for the unit charged) */
    RSF_PASSED = 128,   /* its move passed through a friendly unit this turn (« passage de
                           ligne ») */
    RSF_ROUGH = 256,    /* its move into contact went through « terrain handicapant ou
                           difficile » (« Désordre si charge par terrain handicapant ») */
    RSF_PROLONGE = 512, /* a battery's move at the prolonge: straight ahead (« Avance ») ... */
    RSF_BACK = 1024,    /* ... or, with RSF_PROLONGE, straight back (« Recul ») */
};
#define RSF_ALLOW_SHIFT 11

/* The choices of a unit after its maneuver (K_BATTERY's argument): its
 * move, or instead of it one of the column's verbs of no roll, «
 * Réapprovisionne en munitions » (troops and guns) and the guns' « Rallie »
 * (MANŒUVRES DE LA TROUPE / DES CANONS, BIEN EXÉCUTÉE), which are the
 * companion's `resupply` and `rally`; and a battery's own (MANŒUVRES DES
 * CANONS): stand (« Tire »), « Attelle ou dételle » (delayed), « Dételle et
 * tire », « Attèle et mouvement complet », « Mouvement complet et dételle »
 * (well executed), « Pivote (et tire) » by one of rb_pivot's turns (the
 * companion's `form` limbered / unlimbered; a pivot is the table's); after
 * the pivots, « Avance » and « Recul à la prolonge » (well executed) and «
 * Attelle et retraite d'un mouvement complet, silencieux » (delayed), the
 * companion's `prolonge` and `limber_retreat` (numbered after the
 * pivots, so that the pivots keep theirs). */
enum {
    RB_MOVE,
    RB_RESUPPLY,
    RB_RALLY,
    RB_STAND,
    RB_LIMBER,
    RB_UNLIMBER,
    RB_LIMBER_MOVE,
    RB_MOVE_UNLIMBER,
    RB_PIVOT /* RB_PIVOT + i: a pivot by rb_pivot[i] degrees */
};
static const char *const rb_verbs[RB_PIVOT] = {NULL, "resupply", "rally"};
static const char *const rb_words[RB_PIVOT] = {"take_move",       "resupply",         "rally",
                                               "stand",           "limber",           "unlimber",
                                               "limber_and_move", "move_and_unlimber"};
/* A battery's pivot, about its front centre, + counter-clockwise (left):
 * seed 001 prints no angle for « Pivote »; the troops' « Changement de front
 * (90° max) » bounds it, in the table's steps of 30 degrees (a reading). */
static const int rb_pivot[] = {30, 60, 90, -30, -60, -90};
#define RB_NPIVOT ((int)(sizeof rb_pivot / sizeof rb_pivot[0]))
enum {
    RB_PROLONGE_ADVANCE = RB_PIVOT + RB_NPIVOT,
    RB_PROLONGE_RETIRE,
    RB_LIMBER_RETREAT,
    RB_COUNT
};
static const char *const rb_words_after[RB_COUNT - RB_PROLONGE_ADVANCE] = {
    "prolonge_advance", "prolonge_retire", "limber_and_retreat"};

/* The word of choice c (rb_words, rb_words_after), NULL for a pivot. */
static const char *rb_word(uint64_t c)
{
    return c < RB_PIVOT ? rb_words[c]
           : c >= RB_PROLONGE_ADVANCE && c < (uint64_t)RB_COUNT
               ? rb_words_after[c - RB_PROLONGE_ADVANCE]
               : NULL;
}

/* ---- rff's tables (src/rules/rff/rff_tables.c) -------------------------------- */

static int row_index(const char *row)
{
    for (int i = 0; rff_move_units[i]; i++)
        if (!strcmp(rff_move_units[i], row))
            return i;
    return -1;
}

/* Unit u's cm on terrain column `col` (0 clear, 1 handicap., 2 difficult,
 * 3 road) at full move or forced march; -1 for a "-" cell. */
static int move_cm(const gr_bt_unit *u, int col, int forced)
{
    int r = row_index(rff_bt_move_row(u));
    return r < 0 ? -1 : rff_move_cm(r, col, forced);
}

/* The command radius of a condition (RAYON DE COMMANDEMENT), table units. */
static int64_t command_radius(const char *condition)
{
    const gr_system *sys = gr_system_find("rff");
    const gr_table *t = sys ? gr_system_table(sys, "command_radius") : NULL;
    if (!t)
        return 0;
    gr_args a;
    memset(&a, 0, sizeof a);
    gr_error e;
    gr_cell c;
    memset(&c, 0, sizeof c);
    int k = gr_param_index(t->params, t->nparams, "condition");
    if (k < 0 || gr_args_set(t->params, k, condition, &a, &e) != GR_OK ||
        t->lookup(&a, &c, &e) != GR_OK)
        return 0;
    for (int i = 0; i < c.nfields; i++)
        if (!strcmp(c.fields[i].key, "cm"))
            return c.fields[i].i * TT_UNITS_PER_CM;
    return 0;
}

/* Distances printed inside the seed's lines of text, not in a table's
 * cells: « -2 Pris de flanc dans les 20cm » (MODIFICATEURS AU DE),
 * « chef le plus près dans les 10cm de la cible » and « Recul à 5cm de la
 * cible » (EFFETS ADDITIONNELS). */
#define RFF_FLANK_REACH TT_CM(20)
#define RFF_LEADER_NEAR TT_CM(10)
#define RFF_CHARGE_STOP TT_CM(5)
/* « Cible en masse. Les unités dans les 5cm derrière la cible » (EFFETS
 * ADDITIONNELS). */
#define RFF_MASSED_BEHIND TT_CM(5)

/* The order of battle's formation words (rff_bt_troop_forms,
 * rff_bt_gun_forms) and how the table lays them out: a double line side by
 * side, a single line of infantry with a base width between stands, a
 * combat column two wide, a march column one wide; cavalry in single line
 * or dismounted as a line (the table lays cavalry out in line, column or
 * march only, tt_unit.c). */
static const tb_formation_word rff_formations_of[] = {
    {"double_line", 1u << GR_BT_INFANTRY | 1u << GR_BT_CAVALRY, TT_LINE},
    {"single_line", 1u << GR_BT_INFANTRY, TT_SKIRMISH},
    {"single_line", 1u << GR_BT_CAVALRY, TT_LINE},
    {"combat_column", 1u << GR_BT_INFANTRY | 1u << GR_BT_CAVALRY, TT_COLUMN},
    {"march_column", 1u << GR_BT_INFANTRY | 1u << GR_BT_CAVALRY, TT_MARCH},
    {"dismounted", 1u << GR_BT_CAVALRY, TT_LINE},
    {"unlimbered", 1u << GR_BT_ARTILLERY, TT_BATTERY},
    {"limbered", 1u << GR_BT_ARTILLERY, TT_LIMBERED},
};

/* ---- the table's facts ---------------------------------------------------------- */

/* The going under point p (the table's goings, tt_going_of_leg). */
static tt_going going_at(const tt_table *t, tt_pt p)
{
    int ford = 0;
    return tt_going_of_leg(t, p, p, &ford);
}

/* The terrain column of the going under p: 0 clear, 1 « handicap. », 2
 * « difficile » (a road is read as its ground's: clear). */
static const char *terrain_word(const tt_table *t, tt_pt p)
{
    tt_going g = going_at(t, p);
    return g == TT_GO_DIFFICULT                  ? "difficult"
           : g == TT_GO_ROUGH || g == TT_GO_FORD ? "rough"
                                                 : "clear";
}

/* Where unit e stands, for the side of another unit it is on: the centre
 * of its stands' box (its front centre lies on the other's front line when
 * the two touch front to front, which tt_unit_side_of reads as a flank). */
static tt_pt centre_of(const tt_unit *e)
{
    tt_pt p = {(tt_coord)(((int64_t)e->lo.x + e->hi.x) / 2),
               (tt_coord)(((int64_t)e->lo.y + e->hi.y) / 2)};
    return p;
}

/* 1: an enemy's centre lies on u's flank or rear within `reach` of u (edge
 * to edge); reach 0: in contact. */
static int flanked(const tb_state *s, const tt_unit *u, int64_t reach)
{
    for (int i = 0; i < s->t.nunits; i++) {
        const tt_unit *e = &s->t.units[i];
        if (e->side == u->side || s->b.units[e->id].removed)
            continue;
        int near = reach ? tt_unit_cmp_range(u, e, reach) <= 0 : tt_in_contact(&s->t, u, e);
        if (near && tt_unit_side_of(u, centre_of(e)) != TT_FRONT)
            return 1;
    }
    return 0;
}

/* The regiment's commander (or the leader attached), active and on the
 * table, within his command radius: 20 cm with a clear line of sight from
 * him to the regiment, 10 cm when it is blocked (docs/rules/rff.md « On the
 * table: measuring »). */
static int commanded(const tb_state *s, int u)
{
    const gr_battle *b = &s->b;
    if (gr_battle_attached_leader(b, u) >= 0)
        return 1;
    int l = b->units[u].leader;
    const tt_unit *tu = tb_on_table_c(&s->t, u);
    tt_pt p;
    if (l < 0 || !tu || !gr_bt_leader_active(&b->leaders[l]) || !tb_leader_pos(s, l, &p))
        return 0;
    int clear = 0;
    for (int i = 0; i < tu->nstands && !clear; i++)
        for (int c = 0; c < 4 && !clear; c++)
            clear = tt_los_pt(&s->t, p, tu->st[i].c[c], u, -1);
    return tt_within_radius(tu, p, command_radius(clear ? "clear_sight" : "blocked_sight"));
}

/* « Lourdes pertes » at the army's first critical level, « Pertes les plus
 * nombreuses » at its second (docs/rules/rff.md). */
static const char *losses_word(const tb_state *s, int side)
{
    return s->x.levels[side] >= 2 ? "heaviest" : s->x.levels[side] >= 1 ? "heavy" : NULL;
}

/* « -1 Position clé perdue »: a key position its side held at the start
 * that the enemy holds now. */
static int key_lost(const tb_scenario *sc, const tb_state *s, int side)
{
    for (int i = 0; i < sc->nobjectives; i++)
        if (sc->key[i] && sc->objective[i].held == side && s->x.holder[i] == 1 - side)
            return 1;
    return 0;
}

/* The reach of u's fire: the battle file's range of its code, 0 when it has
 * none (troops without a weapon).  Whether it may fire now (mounted
 * cavalry, silenced guns) is the companion's prepare. */
static int64_t reach_of(const tb_scenario *sc, const gr_bt_unit *u)
{
    int c = tb_rff_code_of(u);
    return c < 0 ? 0 : sc->rff_fire.range[c];
}

/* The nearest active leader of `side` within RFF_LEADER_NEAR of unit t, or
 * -1. */
static int leader_near(const tb_state *s, int side, const tt_unit *t)
{
    int best = -1;
    tt_q bd = {0};
    for (int l = 0; l < s->b.nleaders; l++) {
        tt_pt p;
        if (s->b.leaders[l].side != side || !tb_leader_pos(s, l, &p) ||
            !tt_within_radius(t, p, RFF_LEADER_NEAR))
            continue;
        tt_q d = tb_front_to(p, t);
        if (best < 0 || tt_q_cmp(d, bd) < 0) {
            best = l;
            bd = d;
        }
    }
    return best;
}

/* « Cible en masse »: the units of target t's side (t excepted, in play)
 * whose centre lies on t's rear side (tt_unit_side_of TT_REAR: behind the
 * line of its last rank's rear edge) and whose stands are within 5 cm of
 * t's, edge to edge (docs/rules/rff.md).  Their ids into out (at most cap),
 * in table order; the count. */
static int behind_of(const tb_state *s, const tt_unit *t, int *out, int cap)
{
    int n = 0;
    for (int i = 0; i < s->t.nunits && n < cap; i++) {
        const tt_unit *f = &s->t.units[i];
        if (f->side == t->side && f->id != t->id && !s->b.units[f->id].removed &&
            tt_unit_side_of(t, centre_of(f)) == TT_REAR &&
            tt_unit_cmp_range(t, f, RFF_MASSED_BEHIND) <= 0)
            out[n++] = f->id;
    }
    return n;
}

static int rff_default_cover(const tt_table *t, tt_kind k);

/* Whether u stands behind a linear obstacle (a hedge, a wall, works:
 * tt_behind_line, within one base depth ahead of its front) against an
 * enemy whose stands' centre is `from`: 0 none, else 1 + the best cover
 * grade among the lines it is behind (rff_default_cover of their kinds: a
 * hedge partial, a wall or works total). */
static int behind_lines(const tt_table *t, const tt_unit *u, tt_pt from)
{
    int best = 0;
    for (int k = 0; k < TT_NKINDS; k++)
        if (t->kinds[k].obstacle && tt_behind_line(t, u, from, (tt_kind)k, tt_unit_base(t, u).d) &&
            1 + rff_default_cover(t, (tt_kind)k) > best)
            best = 1 + rff_default_cover(t, (tt_kind)k);
    return best;
}

/* « couvert linéaire » (+1 maneuver): u stands behind a linear obstacle
 * against the nearest enemy (the centre of its stands). */
static int linear_cover(const tt_table *t, const tt_unit *u)
{
    const tt_unit *e = tt_nearest_enemy(t, u);
    return e && behind_lines(t, u, centre_of(e)) > 0;
}

static void maneuver_facts(const tb_scenario *sc, const tb_state *s, int u, gr_bt_action *a)
{
    const tt_unit *tu = tb_on_table_c(&s->t, u);
    if (!tu)
        return;
    const gr_bt_unit *bu = &s->b.units[u];
    if (bu->arm != GR_BT_ARTILLERY)
        tb_call_fact(&a->call, "terrain", terrain_word(&s->t, tu->pose.at));
    if (flanked(s, tu, RFF_FLANK_REACH))
        tb_call_fact(&a->call, "flanked", "yes");
    if (!commanded(s, u) && bu->leader >= 0 && gr_bt_leader_active(&s->b.leaders[bu->leader]))
        tb_call_fact(&a->call, "command", "out_of_command");
    const char *loss = losses_word(s, bu->side);
    if (loss)
        tb_call_fact(&a->call, "losses", loss);
    if (key_lost(sc, s, bu->side))
        tb_call_fact(&a->call, "key-position-lost", "yes");
    if (linear_cover(&s->t, tu))
        tb_call_fact(&a->call, "linear-cover", "yes");
    if (bu->arm == GR_BT_ARTILLERY) {
        int close = 0;
        for (int i = 0; i < s->t.nunits && !close; i++) {
            const tt_unit *e = &s->t.units[i];
            int c = tb_rff_code_of(&s->b.units[e->id]);
            close = e->side != tu->side && c >= 0 && !s->b.units[e->id].removed &&
                    tt_unit_cmp_range(tu, e, sc->rff_fire.close[c]) <= 0;
        }
        tb_call_fact(&a->call, "close", close ? "yes" : "no");
    }
}

static void fire_facts(const tb_scenario *sc, const tb_state *s, gr_bt_action *a)
{
    const tt_unit *u = tb_on_table_c(&s->t, a->call.unit),
                  *t = tb_on_table_c(&s->t, a->call.target);
    if (!u || !t)
        return;
    const gr_bt_unit *bu = &s->b.units[a->call.unit], *bt = &s->b.units[a->call.target];
    int code = tb_rff_code_of(bu);
    int band = tb_rff_band(&sc->rff_fire, code, (tt_coord)tb_dist_ceil(u, t));
    char buf[32];
    if (band >= 0) {
        tb_call_fact(&a->call, "band", rff_bands[band]);
        if (tb_rff_per_stand(&sc->rff_fire, code, band, buf, sizeof buf))
            tb_call_fact(&a->call, "per-stand", buf);
    }
    static const char *const covers[] = {"none", "partial", "full", "fortified"};
    /* the ground's cover, or a line's the target stands behind against the
     * firer, the better (« Cible en couvert partiel » behind a hedge, « à
     * couvert en totalité » behind a wall or works) */
    int cover = tb_cover_of(sc, &s->t, t), lined = behind_lines(&s->t, t, centre_of(u)) - 1;
    if (lined > cover)
        cover = lined;
    if (cover > 0 && cover <= 3)
        tb_call_fact(&a->call, "cover", covers[cover]);
    tt_side side = tt_unit_side_of(t, centre_of(u));
    int line = !strcmp(bt->formation, "double_line") || !strcmp(bt->formation, "single_line") ||
               !strcmp(bt->formation, "dismounted") ||
               (bt->arm == GR_BT_ARTILLERY && !bt->limbered);
    if ((side == TT_LEFT || side == TT_RIGHT) && line)
        tb_call_fact(&a->call, "target-enfiladed", "yes");
    else if (side != TT_FRONT)
        tb_call_fact(&a->call, "target-flanked", "yes");
    int l = leader_near(s, bt->side, t);
    if (l >= 0)
        a->call.leader = l;
    else
        tb_call_fact(&a->call, "no-leader-near", "yes");
    int behind[1];
    if (behind_of(s, t, behind, 1) > 0)
        tb_call_fact(&a->call, "massed", "yes");
}

/* « Canon supporté »: a regiment of its side in contact with the battery (a
 * reading: the seed does not say what supports a gun). */
static int supported(const tb_state *s, const tt_unit *g)
{
    for (int i = 0; i < s->t.nunits; i++) {
        const tt_unit *f = &s->t.units[i];
        if (f->side == g->side && f->id != g->id && s->b.units[f->id].arm != GR_BT_ARTILLERY &&
            tt_in_contact(&s->t, f, g))
            return 1;
    }
    return 0;
}

/* 1: unit u is mounted cavalry (« battu par cavalerie », « Charge de
 * cavalerie »). */
static int mounted(const gr_bt_unit *u)
{
    return u->arm == GR_BT_CAVALRY && strcmp(u->formation, "dismounted");
}

static void charge_facts(const tb_scenario *sc, const tb_state *s, gr_bt_action *a)
{
    const tt_unit *u = tb_on_table_c(&s->t, a->call.unit),
                  *t = tb_on_table_c(&s->t, a->call.target);
    if (!u || !t)
        return;
    const gr_bt_unit *ba = &s->b.units[a->call.unit];
    /* « Charge de cavalerie: +2 terrain clair, +1 terrain handicapant, 0
     * terrain difficile »: the ground under the defender, for mounted
     * cavalry only (the companion refuses it for others) */
    const gr_bt_unit *bd = &s->b.units[a->call.target];
    if (mounted(ba))
        tb_call_fact(&a->call, "terrain", terrain_word(&s->t, t->pose.at));
    else if (mounted(bd) && bd->sys[RFF_U_COUNTER] == a->call.unit + 1)
        /* the defender counter-charges: its « Charge de cavalerie » on the
         * ground under the charger it meets (one `terrain` for both sides) */
        tb_call_fact(&a->call, "terrain", terrain_word(&s->t, u->pose.at));
    if (flanked(s, u, 0))
        tb_call_fact(&a->call, "attacker-flanked", "yes");
    if (tt_unit_side_of(t, centre_of(u)) != TT_FRONT)
        tb_call_fact(&a->call, "defender-flanked", "yes");
    /* « Défense d'un terrain favorable / +1 / Protection dense ou fortifiée »
     * (one +1, the companion's): the defender higher, the charge across a
     * stream (RSF_STREAM) or the defender in dense cover (2: its ground's,
     * or a wall's or works' it stands behind against the attacker) is
     * `favorable`; a « position fortifiée » (cover 3) is `fortified`, which
     * also gives the results' « si fortifié » lines */
    int cover = tb_cover_of(sc, &s->t, t), lined = behind_lines(&s->t, t, centre_of(u)) - 1;
    if (tt_level_at(&s->t, t->pose.at) > tt_level_at(&s->t, u->pose.at) ||
        (s->sys[RS_FLAGS + a->call.unit] & RSF_STREAM) || cover == 2 || lined == 2)
        tb_call_fact(&a->call, "favorable", "yes");
    if (cover >= 3)
        tb_call_fact(&a->call, "fortified", "yes");
    if (s->sys[RS_FLAGS + a->call.unit] & RSF_ROUGH)
        tb_call_fact(&a->call, "rough-charge", "yes");
    const gr_bt_unit *bu = &s->b.units[a->call.unit], *bt = &s->b.units[a->call.target];
    if (bu->arm == GR_BT_ARTILLERY)
        tb_call_fact(&a->call, "attacker-guns", supported(s, u) ? "supported" : "unsupported");
    if (bt->arm == GR_BT_ARTILLERY)
        tb_call_fact(&a->call, "defender-guns", supported(s, t) ? "supported" : "unsupported");
}

/* ---- the mover --------------------------------------------------------------------- */

/* Unit u's speeds (CAPACITES DE MOUVEMENT): its row's clear, « handicap. »,
 * « difficile » and road cm, at a forced march's rate when its result is
 * one; a "-" road cell moves at the ground's rate (clear); a stream is
 * crossed as « Terrain handicap. » (a reading: the seed has no ford
 * column); the changes of formation its result allows, at half its
 * allowance (« Demi-mouvement et changement de formation »). */
static void rff_mover(const tb_state *s, int u, int64_t allow, tt_mover *mv)
{
    const gr_bt_unit *bu = &s->b.units[u];
    memset(mv, 0, sizeof *mv);
    int forced = bu->sys[RFF_U_COLUMN] == RFF_BT_COL_WELL &&
                 allow > (int64_t)move_cm(bu, 0, 0) * TT_UNITS_PER_CM;
    int64_t cm[4];
    for (int c = 0; c < 4; c++)
        cm[c] = move_cm(bu, c, forced);
    if (cm[0] <= 0)
        cm[0] = 1;
    mv->allowance = allow;
    mv->speed[TT_GO_CLEAR] = cm[0] * TT_UNITS_PER_CM;
    mv->speed[TT_GO_ROAD] = (cm[3] > 0 ? cm[3] : cm[0]) * TT_UNITS_PER_CM;
    mv->speed[TT_GO_ROUGH] = mv->speed[TT_GO_FORD] = (cm[1] > 0 ? cm[1] : 0) * TT_UNITS_PER_CM;
    mv->speed[TT_GO_DIFFICULT] = (cm[2] > 0 ? cm[2] : 0) * TT_UNITS_PER_CM;
    mv->formation_cost = allow / 2;
    /* « Passage de ligne possible » is printed under BIEN EXÉCUTÉE only: a
     * regiment's delayed move (RETARDÉE, « Rallie ») passes through no
     * friendly unit (each would cost more than its allowance) */
    if (bu->arm != GR_BT_ARTILLERY && bu->sys[RFF_U_COLUMN] == RFF_BT_COL_DELAYED &&
        !(s->sys[RS_FLAGS + u] & RSF_BREAK) && s->x.mv_break != 3)
        mv->pass_penalty = allow + 1;
    if (s->sys[RS_FLAGS + u] & RSF_PROLONGE) /* guns moved by hand: no road rate */
        mv->speed[TT_GO_ROAD] = mv->speed[TT_GO_CLEAR];
    const tt_unit *tu = tb_on_table_c(&s->t, u);
    /* « Escalade d'un obstacle majeur », a maneuver of its own (BIEN
     * EXÉCUTÉE, RETARDÉE): the move that crosses a major obstacle is the
     * climb, its allowance less the unit's depth taken for it, so that the
     * regiment goes over from the obstacle and no farther */
    int64_t depth = tu ? tb_depth_of(&s->t, tu) : 0;
    if (tu && allow > depth)
        mv->obstacle_penalty = allow - depth;
    if (tu)
        mv->may_change[tu->pose.form] = 1;
    int fl = s->sys[RS_FLAGS + u];
    if (fl & (RSF_FORM | RSF_LINES)) {
        for (int i = 0; i < (int)(sizeof rff_formations_of / sizeof rff_formations_of[0]); i++) {
            const tb_formation_word *w = &rff_formations_of[i];
            if (!(w->arms & (1u << bu->arm)))
                continue;
            if ((fl & RSF_FORM) || !strcmp(w->word, "double_line") ||
                !strcmp(w->word, "single_line") || bu->arm == GR_BT_ARTILLERY)
                mv->may_change[w->form] = 1;
        }
    }
}

/* The companion's word of a table formation for u (the first of rff's
 * words that lays out so): the move's change of formation, as `form`. */
static const char *word_of(const gr_bt_unit *u, tt_formation f)
{
    for (size_t i = 0; i < sizeof rff_formations_of / sizeof rff_formations_of[0]; i++)
        if ((rff_formations_of[i].arms & (1u << u->arm)) && rff_formations_of[i].form == f)
            return rff_formations_of[i].word;
    return NULL;
}

static void rff_set_formation(tb_state *s, int u, tt_formation f)
{
    const char *w = word_of(&s->b.units[u], f);
    if (!w)
        return;
    gr_bt_action a;
    tb_call_init(&a, "form", u, -1);
    tb_call_fact(&a.call, "formation", w);
    gr_error e;
    if (gr_battle_do(&s->b, &a, NULL, &e) != GR_OK)           /* refused: the word is kept as the */
        snprintf(s->b.units[u].formation, GR_BT_ID, "%s", w); /* table lays it out */
}

/* Battery u takes formation `to` (the companion's `form`), laid out again. */
static gr_status form_battery(tb_state *s, int u, const char *to, gr_error *err)
{
    tb_before bf;
    tb_snapshot(s, &bf);
    gr_bt_action a;
    tb_call_init(&a, "form", u, -1);
    tb_call_fact(&a.call, "formation", to);
    gr_status st = gr_battle_do(&s->b, &a, NULL, err);
    if (st == GR_OK)
        tb_follow_battle(s, &bf);
    return st;
}

/* ---- moves: after a maneuver, a charge, a breakthrough --------------------------- */

/* A move into contact is a charge, listed only after a well-executed
 * result; a breakthrough move goes toward the nearest enemy (into contact
 * with it, or ending nearer). */
static int rff_move_ok(const tb_state *s, const tt_option *o)
{
    int u = s->x.mv_unit, fl = s->sys[RS_FLAGS + u];
    if (s->x.mv_break == 3) /* « prend la position »: straight ahead (or it stays) */
        return o->kind == TT_MK_ADVANCE;
    if (s->x.mv_break == 4) /* « peut être rappelée »: straight back (or it stays) */
        return o->kind == TT_MK_FALL_BACK;
    if (fl & RSF_BREAK) {
        int toward = tb_toward_enemy(s, o);
        return toward < 0 ? o->kind == TT_MK_HOLD : toward;
    }
    if (fl & RSF_PROLONGE) /* « à la prolonge »: straight ahead, or straight back (or it stays) */
        return o->kind == TT_MK_HOLD ||
               o->kind == ((fl & RSF_BACK) ? TT_MK_FALL_BACK : TT_MK_ADVANCE);
    if (o->kind == TT_MK_CONTACT)
        return (fl & RSF_CHARGE) != 0;
    return 1;
}

static int rff_hold_listed(const tb_state *s)
{
    return (s->sys[RS_FLAGS + s->x.mv_unit] & RSF_BREAK) != 0 || s->x.mv_break == 3 ||
           s->x.mv_break == 4;
}

static gr_status rff_move_refused(const tb_state *s, gr_action act, gr_error *err)
{
    int k = tb_act_kind(act), u = tb_act_unit(act);
    if (k == K_MOVE && tb_act_arg(act) != TB_ARG_MASK) {
        int n;
        const tt_option *opt = tb_move_set(s, &n);
        uint64_t i = tb_act_arg(act);
        if (opt && i < (uint64_t)n && !rff_move_ok(s, &opt[i]) && s->x.mv_break == 4)
            return gr_error_set(err, GR_EILLEGAL,
                                "%s is recalled (« Cavalerie peut être rappelée (mouvement "
                                "complet) »): straight back only, or it stays",
                                s->b.units[u].id);
        if (opt && i < (uint64_t)n && !rff_move_ok(s, &opt[i]) && s->x.mv_break == 3)
            return gr_error_set(err, GR_EILLEGAL,
                                "%s takes the position %s left (« ATTAQUANT prend la position "
                                "»): straight ahead only, or it stays",
                                s->b.units[u].id, s->b.units[s->x.mv_toward].id);
        if (opt && i < (uint64_t)n && !rff_move_ok(s, &opt[i]) &&
            (s->sys[RS_FLAGS + u] & RSF_PROLONGE))
            return gr_error_set(
                err, GR_EILLEGAL, "%s moves at the prolonge: straight %s only, or it stays",
                s->b.units[u].id, (s->sys[RS_FLAGS + u] & RSF_BACK) ? "back" : "ahead");
        if (opt && i < (uint64_t)n && !rff_move_ok(s, &opt[i]))
            return gr_error_set(err, GR_EILLEGAL,
                                (s->sys[RS_FLAGS + u] & RSF_BREAK)
                                    ? "%s breaks through « vers ennemi plus proche »: into "
                                      "contact with it, or ending nearer it"
                                    : "%s: a move into contact is a charge, declared only after "
                                      "a well-executed maneuver",
                                s->b.units[u].id);
        return GR_OK;
    }
    if (k == K_POSE && ((s->sys[RS_FLAGS + u] & (RSF_BREAK | RSF_PROLONGE)) || s->x.mv_break >= 3))
        return gr_error_set(err, GR_EILLEGAL, "%s: choose one of the listed moves",
                            s->b.units[u].id);
    return GR_OK;
}

/* The opponent's mounted cavalry in good order in contact with a charger
 * may counter-charge it (« L'adversaire déclare contre charges de
 * cavalerie »; in contact, as aoe's reading: docs/rules/rff.md). */
static int may_counter(const tb_state *s, int e, int c)
{
    const gr_bt_unit *be = &s->b.units[e];
    const tt_unit *te = tb_on_table_c(&s->t, e), *tc = tb_on_table_c(&s->t, c);
    return te && tc && be->arm == GR_BT_CAVALRY && !be->removed && !be->disordered &&
           strcmp(be->formation, "dismounted") && tt_in_contact(&s->t, te, tc);
}

static int rff_answering(const tb_scenario *sc, const tb_state *s)
{
    (void)sc;
    for (int i = 0; i < s->b.nunits; i++)
        if (s->sys[RS_CC + i] > 0)
            return 1 - rff_bt_phasing_side(&s->b);
    return -1;
}

/* The player to move when no die, choice or move waits (tb_join
 * answering): the opponent answering a charge; in the charge phase's
 * three steps, which the companion gives « les joueurs » both
 * (GR_BT_BOTH_PLAYERS, whose gr_battle_active_side is the turn's first
 * player), the phasing player, whose charges, breakthrough moves and
 * breakthroughs they are (« ATTAQUANT »); else -1 (the active side). */
static int rff_to_answer(const tb_scenario *sc, const tb_state *s)
{
    int p = rff_answering(sc, s), st = rff_bt_step(&s->b);
    if (p >= 0)
        return p;
    return st == RFF_PH_MELEE || st == RFF_PH_BREAKTHROUGH_MOVES || st == RFF_PH_BREAKTHROUGH
               ? rff_bt_phasing_side(&s->b)
               : -1;
}

/* The moved unit: a maneuver's move that ends in contact with an enemy is
 * a charge declared on it (the nearest in contact; « Déclarez vos
 * charges »); its counter-charges wait for the opponent.  A breakthrough
 * move names the enemy it reached (3b). */
static void rff_moved(const tb_scenario *sc, tb_state *s, int u)
{
    (void)sc;
    int fl = s->sys[RS_FLAGS + u];
    s->sys[RS_FLAGS + u] &=
        ~(RSF_CHARGE | RSF_FORM | RSF_LINES | RSF_BREAK | RSF_UNLIMBER | RSF_PROLONGE | RSF_BACK);
    const tt_unit *tu = tb_on_table_c(&s->t, u);
    if (!tu)
        return;
    gr_error ferr;
    if (fl & RSF_UNLIMBER) /* « Mouvement complet et dételle » */
        form_battery(s, u, "unlimbered", &ferr);
    tu = tb_on_table_c(&s->t, u);
    if (!tu)
        return;
    int target = -1;
    for (int i = 0; i < s->t.nunits && target < 0; i++) {
        const tt_unit *e = &s->t.units[i];
        if (e->side != tu->side && tt_in_contact(&s->t, tu, e))
            target = e->id;
    }
    gr_bt_action a;
    gr_error err;
    if (fl & RSF_BREAK) {
        tb_call_init(&a, "breakthrough", u, target);
        if (gr_battle_do(&s->b, &a, NULL, &err) != GR_OK && target >= 0) {
            tb_call_init(&a, "breakthrough", u, -1);
            gr_battle_do(&s->b, &a, NULL, &err);
        }
        return;
    }
    if (target < 0 || !(fl & RSF_CHARGE))
        return;
    tb_call_init(&a, "declare", u, target);
    if (gr_battle_do(&s->b, &a, NULL, &err) != GR_OK)
        return;
    s->x.charge_from[u] = 0;
    for (int i = 0; i < s->t.nunits; i++)
        if (s->t.units[i].side != tu->side && may_counter(s, s->t.units[i].id, u) &&
            s->sys[RS_CC + s->t.units[i].id] >= 0) /* not one that has counter-charged */
            s->sys[RS_CC + s->t.units[i].id] = u + 1;
}

/* Unit u is about to make move m (NULL: a pose or holding, a straight
 * line from where it stands) to `end`, the table as before it.
 * « Défense d'un terrain favorable » (TABLE DES CHARGES): a leg of its
 * front centre's path (from where it stands through the move's legs)
 * meets a stream (a ford's crossing, tt_going_of_leg): RSF_STREAM, which
 * its next charge reads; a leg on « handicap. » or « difficile » ground,
 * or across a stream (moved at « handicap. »): RSF_ROUGH, its charge's «
 * Désordre si charge par terrain handicapant ou difficile ».  « Passage de ligne » (MANŒUVRES DE LA
 * TROUPE, BIEN EXÉCUTÉE): its stands pass through a friendly unit's (the move set's sweep,
 * tt_check_move): RSF_PASSED, the fire's « +1 Cible ... ayant fait un passage de ligne » this turn;
 * « Les deux en désordre si une déjà en désordre ou "bleu" ou si a lieu dans terrain handicapant ou
 * difficile »: the ground under the front centre of the unit passed through. */
static void rff_moving(const tb_scenario *sc, tb_state *s, int u, const tt_mover *mv,
                       const tt_move *m, tt_pose end)
{
    (void)sc;
    const tt_unit *tu = tb_on_table_c(&s->t, u);
    if (!tu)
        return;
    tt_move line;
    if (!m) {
        memset(&line, 0, sizeof line);
        line.nlegs = end.at.x != tu->pose.at.x || end.at.y != tu->pose.at.y;
        line.leg[0] = end.at;
        line.form = tu->pose.form;
        m = &line;
    }
    int stream = 0, rough = 0;
    tt_pt p = tu->pose.at;
    for (int i = 0; i < m->nlegs && i < TT_MAX_LEGS; i++) {
        int ford = 0;
        tt_going g = tt_going_of_leg(&s->t, p, m->leg[i], &ford);
        stream |= ford;
        rough |= ford || g == TT_GO_ROUGH || g == TT_GO_DIFFICULT;
        p = m->leg[i];
    }
    s->sys[RS_FLAGS + u] = (s->sys[RS_FLAGS + u] & ~(RSF_STREAM | RSF_ROUGH)) |
                           (stream ? RSF_STREAM : 0) | (rough ? RSF_ROUGH : 0);
    tt_verdict v;
    gr_error err;
    if (!m->nlegs || tt_check_move(&s->t, u, mv, m, &v, &err) != GR_OK || v.passed <= 0)
        return;
    s->sys[RS_FLAGS + u] |= RSF_PASSED;
    gr_bt_unit *a = &s->b.units[u];
    for (int i = 0; i < v.passed && i < 4; i++) {
        gr_bt_unit *f = &s->b.units[v.pass_id[i]];
        const tt_unit *tf = tb_on_table_c(&s->t, v.pass_id[i]);
        int there = tf && strcmp(terrain_word(&s->t, tf->pose.at), "clear");
        if (!there && !a->disordered && !f->disordered && strcmp(a->quality, "green") &&
            strcmp(f->quality, "green"))
            continue;
        if (a->arm != GR_BT_ARTILLERY)
            a->disordered = 1;
        if (f->arm != GR_BT_ARTILLERY)
            f->disordered = 1;
    }
}

/* ---- the calls ------------------------------------------------------------------- */

static int step_of(const tb_state *s)
{
    return rff_bt_step(&s->b);
}

static int rff_call_of(const tb_scenario *sc, const tb_state *s, gr_action act, gr_bt_action *a)
{
    int k = tb_act_kind(act), u = tb_act_unit(act), t = tb_act_target(act);
    switch (k) {
    case K_MOVEMENT:
        if (tb_act_arg(act) != 0 || u < 0 || step_of(s) != RFF_PH_MANEUVER)
            return 0;
        tb_call_init(a, "maneuver", u, -1);
        maneuver_facts(sc, s, u, a);
        return 1;
    case K_FIRE:
        if (u < 0)
            return 0;
        tb_call_init(a, s->b.units[u].arm == GR_BT_ARTILLERY ? "cannonade" : "musketry", u, t);
        fire_facts(sc, s, a);
        if (t >= 0 && (s->sys[RS_FLAGS + t] & RSF_PASSED)) /* « ayant fait un passage de ligne » */
            tb_call_fact(&a->call, "target-passed-lines", "yes");
        return 1;
    case K_COMBAT:
        tb_call_init(a, "charge", u, t);
        charge_facts(sc, s, a);
        return 1;
    case K_COUNTERCHARGE: tb_call_init(a, "countercharge", u, t); return 1;
    case K_BATTERY:
        if (u < 0 || tb_act_arg(act) >= RB_PIVOT || !rb_verbs[tb_act_arg(act)])
            return 0;
        tb_call_init(a, rb_verbs[tb_act_arg(act)], u, -1);
        return 1;
    case K_ATTACH:
        tb_call_init(a, "attach", u, -1);
        a->call.leader = t;
        return 1;
    case K_DETACH:
        tb_call_init(a, "detach", -1, -1);
        a->call.leader = t;
        return 1;
    case K_REPLACE:
        tb_call_init(a, "replace", -1, -1);
        a->call.leader = t;
        return 1;
    default: return 0;
    }
}

static void push_if(const tb_scenario *sc, const tb_state *s, gr_action x, gr_action *out, int cap,
                    int *n)
{
    gr_bt_action a;
    if (rff_call_of(sc, s, x, &a) && tb_allowed(&s->b, &a))
        tb_push(out, cap, n, x);
}

/* 1: u may make its breakthrough move now (3b): it broke through this turn
 * and has not moved yet. */
static int may_break(const tb_state *s, int u)
{
    const gr_bt_unit *bu = &s->b.units[u];
    return !bu->removed && bu->sys[RFF_U_BREAKTHROUGH] && !bu->sys[RFF_U_BT_TARGET] &&
           !(s->sys[RS_FLAGS + u] & RSF_BREAK) && tb_on_table_c(&s->t, u);
}

/* The unit whose choice after its maneuver waits, or -1. */
static int choosing_unit(const tb_state *s)
{
    for (int i = 0; i < s->b.nunits; i++)
        if (s->sys[RS_FLAGS + i] & RSF_CHOOSE)
            return i;
    return -1;
}

/* 1: the companion allows verb (with fact key val, key NULL none) to
 * battery u now. */
static int may_do(const tb_state *s, int u, const char *verb, const char *key, const char *val)
{
    gr_bt_action a;
    tb_call_init(&a, verb, u, -1);
    if (key)
        tb_call_fact(&a.call, key, val);
    return tb_allowed(&s->b, &a);
}

/* 1: the companion lets battery u take formation `to` now (`form`). */
static int may_form(const tb_state *s, int u, const char *to)
{
    return may_do(s, u, "form", "formation", to);
}

/* 1: battery choice c (RB_STAND and after) is open to u after its result
 * (MANŒUVRES DES CANONS): well executed, limbered: its move, or a full move
 * and unlimber, or unlimber (and fire); unlimbered: limber and a full move,
 * a pivot, or stand; delayed, limbered: « Mouvement complet attelé » (its
 * move) or unlimber; unlimbered: limber, pivot, or stand (« Tire »). */
static int gun_choice(const tb_state *s, int u, int c)
{
    const gr_bt_unit *bu = &s->b.units[u];
    int col = bu->sys[RFF_U_COLUMN], lim = bu->limbered;
    int well = col == RFF_BT_COL_WELL, del = col == RFF_BT_COL_DELAYED;
    if (bu->arm != GR_BT_ARTILLERY || (!well && !del))
        return 0;
    switch (c) {
    case RB_MOVE: return lim;
    case RB_STAND: return !lim;
    case RB_LIMBER: return del && !lim && may_form(s, u, "limbered");
    case RB_UNLIMBER: return lim && may_form(s, u, "unlimbered");
    case RB_LIMBER_MOVE: return well && !lim && may_form(s, u, "limbered");
    case RB_MOVE_UNLIMBER: return well && lim && may_form(s, u, "unlimbered");
    /* the companion reads MANŒUVRES DES CANONS (not HH or HR at the prolonge) */
    case RB_PROLONGE_ADVANCE:
        return well && !lim && may_do(s, u, "prolonge", "direction", "advance");
    case RB_PROLONGE_RETIRE: return well && !lim && may_do(s, u, "prolonge", "direction", "retire");
    case RB_LIMBER_RETREAT: return del && !lim && may_do(s, u, "limber_retreat", NULL, NULL);
    default:
        return c >= RB_PIVOT && c < RB_PIVOT + RB_NPIVOT && !lim &&
               tb_pivot_fits(s, u, rb_pivot[c - RB_PIVOT], NULL);
    }
}

/* Unit u's choices after its maneuver (its move first, then each verb the
 * companion allows it now, then a battery's own), into out; the count. */
static int choices_of(const tb_scenario *sc, const tb_state *s, int u, gr_action *out, int cap)
{
    int n = 0, guns = s->b.units[u].arm == GR_BT_ARTILLERY;
    if (!guns || gun_choice(s, u, RB_MOVE))
        tb_push(out, cap, &n, tb_act(K_BATTERY, u, -1, RB_MOVE));
    for (int c = RB_MOVE + 1; c < RB_STAND; c++)
        push_if(sc, s, tb_act(K_BATTERY, u, -1, (uint64_t)c), out, cap, &n);
    for (int c = RB_STAND; guns && c < RB_COUNT; c++)
        if (gun_choice(s, u, c))
            tb_push(out, cap, &n, tb_act(K_BATTERY, u, -1, (uint64_t)c));
    return n;
}

/* ---- the decisions of each step ------------------------------------------------- */

static int rff_actions(const tb_scenario *sc, const tb_state *s, gr_action *out, int cap)
{
    const gr_battle *b = &s->b;
    int n = 0, step = step_of(s), side = rff_to_answer(sc, s);
    if (side < 0)
        side = gr_battle_active_side(b);
    if (rff_answering(sc, s) >= 0) {
        for (int i = 0; i < b->nunits; i++) {
            int c = s->sys[RS_CC + i] - 1;
            if (c < 0)
                continue;
            push_if(sc, s, tb_act(K_COUNTERCHARGE, i, c, 0), out, cap, &n);
            tb_push(out, cap, &n, tb_act(K_NO_COUNTER, i, c, 0));
        }
        return n < cap ? n : cap;
    }
    int ch = choosing_unit(s);
    if (ch >= 0) {
        n = choices_of(sc, s, ch, out, cap);
        return n < cap ? n : cap;
    }
    switch (step) {
    case RFF_PH_LEADERS:
        for (int l = 0; l < b->nleaders; l++) {
            const gr_bt_leader *x = &b->leaders[l];
            tt_pt p;
            if (x->side != side || s->x.leader_acted[l])
                continue;
            push_if(sc, s, tb_act(K_REPLACE, -1, l, 0), out, cap, &n);
            if (!tb_leader_pos(s, l, &p))
                continue;
            if (x->attached >= 0) {
                push_if(sc, s, tb_act(K_DETACH, -1, l, 0), out, cap, &n);
                continue;
            }
            for (int i = 0; i < s->t.nunits; i++) {
                const tt_unit *u = &s->t.units[i];
                if (u->side == side && tt_within_radius(u, p, command_radius("clear_sight")))
                    push_if(sc, s, tb_act(K_ATTACH, u->id, l, 0), out, cap, &n);
            }
        }
        break;
    case RFF_PH_MANEUVER:
        for (int i = 0; i < s->t.nunits; i++)
            if (s->t.units[i].side == side)
                push_if(sc, s, tb_act(K_MOVEMENT, s->t.units[i].id, -1, 0), out, cap, &n);
        break;
    case RFF_PH_DEFENSIVE_FIRE:
    case RFF_PH_OFFENSIVE_FIRE:
        for (int i = 0; i < s->t.nunits; i++) {
            const tt_unit *u = &s->t.units[i];
            const gr_bt_unit *bu = &b->units[u->id];
            int64_t reach = reach_of(sc, bu);
            if (u->side != side || bu->removed || bu->fired || reach <= 0)
                continue;
            for (int j = 0; j < s->t.nunits; j++) {
                const tt_unit *t = &s->t.units[j];
                if (t->side != side && tt_can_fire(&s->t, u, t, reach, TT_ARC_45))
                    push_if(sc, s, tb_act(K_FIRE, u->id, t->id, 0), out, cap, &n);
            }
        }
        break;
    case RFF_PH_MELEE:
    case RFF_PH_BREAKTHROUGH:
        for (int i = 0; i < s->t.nunits; i++) {
            const tt_unit *u = &s->t.units[i];
            if (u->side != side)
                continue;
            for (int j = 0; j < s->t.nunits; j++) {
                const tt_unit *t = &s->t.units[j];
                if (t->side != side && tt_in_contact(&s->t, u, t))
                    push_if(sc, s, tb_act(K_COMBAT, u->id, t->id, 0), out, cap, &n);
            }
        }
        break;
    case RFF_PH_BREAKTHROUGH_MOVES:
        for (int i = 0; i < s->t.nunits; i++)
            if (s->t.units[i].side == side && may_break(s, s->t.units[i].id))
                tb_push(out, cap, &n, tb_act(K_MOVEMENT, s->t.units[i].id, -1, 0));
        break;
    default: break;
    }
    tb_push(out, cap, &n, tb_act(K_NEXT, -1, -1, 0));
    return n < cap ? n : cap;
}

/* ---- steps ------------------------------------------------------------------------ */

/* `next`: the companion's next step; the end of a player's turn takes the
 * objectives; the start of one clears what lasts a turn and brings the
 * arrivals. */
static void rff_next(const tb_scenario *sc, tb_state *s)
{
    int was_last = step_of(s) == RFF_PH_BREAKTHROUGH;
    gr_bt_action a;
    tb_call_init(&a, "next", -1, -1);
    gr_battle_do(&s->b, &a, NULL, NULL);
    if (was_last)
        tb_take_objectives(sc, s);
    if (s->b.turn > sc->turns) {
        s->b.turn = sc->turns; /* the battle ends with its last turn */
        tb_end_of_battle(sc, s);
        return;
    }
    if (step_of(s) == RFF_PH_LEADERS) {
        for (int i = 0; i < GR_BT_MAX_UNITS; i++) {
            s->sys[RS_FLAGS + i] = 0;
            s->sys[RS_CC + i] = 0;
        }
        tb_segment_start(sc, s);
    }
    tb_after_step(sc, s);
}

/* « Manœuvrez les chefs détachés »: once a turn, in a straight line, at
 * most the leaders' « Monté » clear move (CAPACITES DE MOUVEMENT), to a
 * point of the table. */
static gr_status leader_move(tb_state *s, gr_action act, gr_error *err)
{
    static const tb_leader_words words = {"leader", "his regiment", "turn",
                                          "a mounted leader's clear move"};
    const gr_battle *b = &s->b;
    int l = tb_act_target(act);
    if (l < 0 || l >= b->nleaders)
        return gr_error_set(err, GR_EINPUT, "name a leader");
    const gr_bt_leader *x = &b->leaders[l];
    if (step_of(s) != RFF_PH_LEADER_MOVES)
        return gr_error_set(err, GR_EILLEGAL,
                            "%s: detached leaders move in « Manœuvrez les chefs détachés », the "
                            "end of their side's maneuver phase",
                            x->id);
    if (x->side != rff_bt_phasing_side(b))
        return gr_error_set(err, GR_EILLEGAL, "%s is of the %s: not their turn", x->id,
                            b->side_name[x->side]);
    int r = row_index("leader_mounted");
    int64_t reach = r < 0 ? 0 : (int64_t)rff_move_cm(r, 0, 0) * TT_UNITS_PER_CM;
    return tb_leader_move(s, l, tb_act_point(act), reach, &words, err);
}

/* The full move of u on clear ground (its formation's row), table units. */
static int64_t full_move(const gr_bt_unit *u)
{
    int cm = move_cm(u, 0, 0);
    return cm > 0 ? (int64_t)cm * TT_UNITS_PER_CM : 0;
}

static gr_status rff_step(const tb_scenario *sc, tb_state *s, gr_action act, gr_bt_outcome *keep,
                          gr_error *err)
{
    int k = tb_act_kind(act), u = tb_act_unit(act), t = tb_act_target(act);
    const gr_battle *b = &s->b;
    if (rff_answering(sc, s) >= 0 || k == K_COUNTERCHARGE || k == K_NO_COUNTER) {
        if ((k != K_COUNTERCHARGE && k != K_NO_COUNTER) || u < 0 || s->sys[RS_CC + u] != t + 1)
            return gr_error_set(err, GR_EILLEGAL,
                                "a charge waits for the %s's answer: `countercharge UNIT --target "
                                "C` or `no_countercharge UNIT --target C`",
                                b->side_name[1 - rff_bt_phasing_side(b)]);
        if (k == K_COUNTERCHARGE) {
            gr_bt_action a;
            rff_call_of(sc, s, act, &a);
            gr_status st = gr_battle_do(&s->b, &a, NULL, err);
            if (st != GR_OK)
                return st;
        }
        s->sys[RS_CC + u] = k == K_COUNTERCHARGE ? -(t + 1) : 0;
        tb_after_step(sc, s);
        return GR_OK;
    }
    int ch = choosing_unit(s);
    if (ch >= 0 || k == K_BATTERY) {
        if (ch < 0 || k != K_BATTERY || u != ch)
            return gr_error_set(err, GR_EILLEGAL,
                                ch < 0 ? "no unit chooses what follows its maneuver now"
                                       : "%s chooses what follows its well-executed maneuver "
                                         "now: its move (`take_move %s`) or `resupply`/`rally`",
                                ch < 0 ? "" : b->units[ch].id, ch < 0 ? "" : b->units[ch].id);
        int fl = s->sys[RS_FLAGS + u];
        int64_t allow = (int64_t)(fl >> RSF_ALLOW_SHIFT);
        int c = (int)tb_act_arg(act);
        gr_action open[RB_COUNT];
        int nopen = choices_of(sc, s, u, open, RB_COUNT), listed = 0;
        for (int i = 0; i < nopen && i < RB_COUNT; i++)
            listed |= open[i] == act;
        if (!listed)
            return gr_error_set(err, GR_EILLEGAL,
                                "%s: its maneuver result does not allow that now (MANŒUVRES DES "
                                "CANONS / DE LA TROUPE)",
                                b->units[u].id);
        if (c == RB_MOVE || c == RB_LIMBER_MOVE || c == RB_MOVE_UNLIMBER) {
            gr_status st;
            if (c == RB_LIMBER_MOVE && (st = form_battery(s, u, "limbered", err)) != GR_OK)
                return st;
            s->sys[RS_FLAGS + u] = (fl & (RSF_CHARGE | RSF_FORM | RSF_LINES)) |
                                   (c == RB_MOVE_UNLIMBER ? RSF_UNLIMBER : 0);
            s->x.mv_unit = u;
            /* « Attèle et mouvement complet », « Mouvement complet et dételle » */
            s->x.mv_allow = c == RB_MOVE ? allow : full_move(&b->units[u]);
            tb_after_step(sc, s);
            return GR_OK;
        }
        if (c == RB_PROLONGE_ADVANCE || c == RB_PROLONGE_RETIRE) {
            /* « Avance à la prolonge de 5cm, 10cm si MH » (the rules' cm),
             * « Recul à la prolonge : 1/2 mouv »; unlimbered, « pas de tir »
             * (the companion keeps it) */
            int adv = c == RB_PROLONGE_ADVANCE, cm = -1;
            gr_bt_action a;
            tb_call_init(&a, "prolonge", u, -1);
            tb_call_fact(&a.call, "direction", adv ? "advance" : "retire");
            gr_status st = gr_battle_do(&s->b, &a, NULL, err);
            if (st != GR_OK)
                return st;
            rff_bt_gun_may(&b->units[u], "well_executed", "prolonge_advance", &cm);
            s->sys[RS_FLAGS + u] = RSF_PROLONGE | (adv ? 0 : RSF_BACK);
            s->x.mv_unit = u;
            s->x.mv_allow =
                adv ? (int64_t)(cm > 0 ? cm : 0) * TT_UNITS_PER_CM : full_move(&b->units[u]) / 2;
            tb_after_step(sc, s);
            return GR_OK;
        }
        if (c == RB_LIMBER_RETREAT) {
            /* « Attelle et retraite d'un mouvement complet, silencieux »: the
             * companion limbers and silences it; a full move away from the
             * nearest enemy (as any retreat) */
            tb_before lb;
            tb_snapshot(s, &lb);
            gr_bt_action a;
            tb_call_init(&a, "limber_retreat", u, -1);
            gr_status st = gr_battle_do(&s->b, &a, NULL, err);
            if (st != GR_OK)
                return st;
            tb_follow_battle(s, &lb);
            tb_retreat(s, u, full_move(&b->units[u]));
            s->sys[RS_FLAGS + u] = 0;
            tb_after_step(sc, s);
            return GR_OK;
        }
        if (c >= RB_STAND) {
            gr_status st = GR_OK;
            tt_pose turned;
            if (c == RB_LIMBER || c == RB_UNLIMBER)
                st = form_battery(s, u, c == RB_LIMBER ? "limbered" : "unlimbered", err);
            else if (c >= RB_PIVOT && tb_pivot_fits(s, u, rb_pivot[c - RB_PIVOT], &turned)) {
                tt_unit *tu = tb_on_table(&s->t, u);
                tu->pose = turned;
                tb_relayout(s, &s->t, tu);
                s->x.moved = 1;
            }
            if (st != GR_OK)
                return st;
            s->sys[RS_FLAGS + u] = 0;
            tb_after_step(sc, s);
            return GR_OK;
        }
        gr_bt_action a;
        if (!rff_call_of(sc, s, act, &a))
            return gr_error_set(err, GR_EINPUT, "not a choice after a maneuver");
        gr_status st = gr_battle_do(&s->b, &a, NULL, err);
        if (st != GR_OK)
            return st;
        s->sys[RS_FLAGS + u] = 0; /* the verb is made instead of its move */
        tb_after_step(sc, s);
        return GR_OK;
    }
    if (k == K_NEXT) {
        rff_next(sc, s);
        return GR_OK;
    }
    if (k == K_GENERAL)
        return leader_move(s, act, err);
    if (k == K_MOVEMENT && step_of(s) == RFF_PH_BREAKTHROUGH_MOVES) {
        if (u < 0 || u >= b->nunits || !may_break(s, u) ||
            b->units[u].side != rff_bt_phasing_side(b))
            return gr_error_set(err, GR_EILLEGAL,
                                "only a regiment that broke through this turn makes a "
                                "breakthrough move, once (« Faites les mouvements de percée »)");
        const tt_unit *tu = tb_on_table_c(&s->t, u);
        const tt_unit *en = tu ? tt_nearest_enemy(&s->t, tu) : NULL;
        s->sys[RS_FLAGS + u] = RSF_BREAK;
        if (!en || full_move(&b->units[u]) <= 0) {
            rff_moved(sc, s, u);
            tb_after_step(sc, s);
            return GR_OK;
        }
        s->x.mv_unit = u;
        s->x.mv_allow = full_move(&b->units[u]) / 2; /* « perce sur 1/2 mouvement » */
        s->x.mv_break = 1;
        s->x.mv_toward = en->id;
        return GR_OK;
    }
    gr_bt_action a;
    if (!rff_call_of(sc, s, act, &a))
        return gr_error_set(err, GR_EINPUT, "not an action of Regimental Fire and Fury's table");
    if (k == K_ATTACH || k == K_DETACH || k == K_REPLACE) {
        if (s->x.leader_acted[t])
            return gr_error_set(err, GR_EILLEGAL, "%s has attached or detached this turn",
                                b->leaders[t].id);
        if (k == K_ATTACH) {
            tt_pt p;
            const tt_unit *tu = tb_on_table_c(&s->t, u);
            if (!tu || !tb_leader_pos(s, t, &p) ||
                !tt_within_radius(tu, p, command_radius("clear_sight")))
                return gr_error_set(err, GR_EILLEGAL,
                                    "%s is not within %s's command radius: a leader attaches "
                                    "to a regiment within it",
                                    b->units[u].id, b->leaders[t].id);
        }
        gr_status st = gr_battle_do(&s->b, &a, NULL, err);
        if (st != GR_OK)
            return st;
        s->x.leader_acted[t] = 1; /* once a leader a turn (replace included: the
                                     companion lets a replaced commander be replaced again) */
        tb_after_step(sc, s);
        return GR_OK;
    }
    const tt_unit *fu = tb_on_table_c(&s->t, u), *tu = t >= 0 ? tb_on_table_c(&s->t, t) : NULL;
    if (!fu || (t >= 0 && !tu))
        return gr_error_set(err, GR_EILLEGAL, "a unit named is not on the table");
    if (k == K_FIRE && !tt_can_fire(&s->t, fu, tu, reach_of(sc, &b->units[u]), TT_ARC_45))
        return gr_error_set(err, GR_EILLEGAL,
                            "%s cannot fire at %s: out of range, arc or sight on the table",
                            b->units[u].id, b->units[t].id);
    if (k == K_COMBAT && !tt_in_contact(&s->t, fu, tu))
        return gr_error_set(err, GR_EILLEGAL, "%s is not in contact with %s", b->units[u].id,
                            b->units[t].id);
    return tb_start_test(sc, s, &a, keep, err);
}

/* ---- results carried out on the table -------------------------------------------- */

/* The largest close range of the enemies of side (« courte portée »). */
static int64_t enemy_close(const tb_scenario *sc, const tb_state *s, int side)
{
    int64_t m = 0;
    for (int i = 0; i < s->t.nunits; i++) {
        const tt_unit *e = &s->t.units[i];
        int c = tb_rff_code_of(&s->b.units[e->id]);
        if (e->side != side && c >= 0 && sc->rff_fire.close[c] > m)
            m = sc->rff_fire.close[c];
    }
    return m;
}

/* How far unit ui must go to stand `to` (table units) from the nearest
 * enemy, edge to edge: 0 if it already does. */
static int64_t to_distance(const tb_state *s, int ui, int64_t to)
{
    const tt_unit *u = tb_on_table_c(&s->t, ui);
    const tt_unit *e = u ? tt_nearest_enemy(&s->t, u) : NULL;
    if (!e)
        return 0;
    int64_t d = tb_dist_ceil(u, e);
    return d < to ? to - d : 0;
}

/* A retreat's length (docs/rules/rff.md « Retreats »): the printed cm, to
 * 5 cm of the target, a full or half move of its formation's row, a rout
 * move (the arm's rout row), out of close range (just beyond every
 * enemy's close band). */
static int64_t retreat_length(const tb_scenario *sc, const tb_state *s, int ui, const gr_effect *e)
{
    const gr_bt_unit *bu = &s->b.units[ui];
    switch ((gr_fx_retreat)e->retreat) {
    case GR_RETREAT_DISTANCE: return (int64_t)e->distance * TT_UNITS_PER_CM;
    case GR_RETREAT_TO_DISTANCE: return to_distance(s, ui, (int64_t)e->distance * TT_UNITS_PER_CM);
    case GR_RETREAT_FULL_MOVE: return full_move(bu);
    case GR_RETREAT_HALF_MOVE: return full_move(bu) / 2;
    case GR_RETREAT_ROUT_MOVE: {
        int r = row_index(bu->arm == GR_BT_CAVALRY ? "cavalry_rout" : "infantry_rout");
        if (bu->arm == GR_BT_ARTILLERY)
            return full_move(bu);
        return r < 0 ? 0 : (int64_t)rff_move_cm(r, 0, 0) * TT_UNITS_PER_CM;
    }
    case GR_RETREAT_BEYOND_CLOSE:
        return to_distance(s, ui, enemy_close(sc, s, bu->side) + s->t.contact);
    default: return 0;
    }
}

/* 1: line e of a charge's result holds for party ui (its defender or its
 * attacker) on the table: its condition read as the companion reads it
 * (bt_rff_apply.c when_ok) from the facts the table gave the charge
 * (charge_facts): « si pris de flanc » the side's flank fact, « si battu
 * par cavalerie » the other side mounted, « si fortifié » / « si défense
 * fortifié » the fact `fortified` (cover 3), « après 2° combat » a
 * breakthrough's combat (3° c.).  Conditions that move nothing on the
 * table (stands, recalls) are not read here: 0. */
static int charge_line_holds(const tb_state *s, const gr_bt_action *a, const gr_effect *e, int ui)
{
    int att = ui == a->call.unit, other = att ? a->call.target : a->call.unit;
    int flank = gr_bt_call_get(&a->call, att ? "attacker-flanked" : "defender-flanked") != NULL;
    switch (e->when) {
    case GR_FX_ALWAYS: return 1;
    case GR_FX_IF_FLANKED: return flank;
    case GR_FX_IF_FLANKED_OR_CAVALRY: return flank || (other >= 0 && mounted(&s->b.units[other]));
    case GR_FX_IF_FORTIFIED: return gr_bt_call_get(&a->call, "fortified") != NULL;
    case GR_FX_IF_AFTER_FIRST_COMBAT: return 1; /* every combat is (the companion's reading) */
    case GR_FX_IF_AFTER_SECOND_COMBAT: return step_of(s) == RFF_PH_BREAKTHROUGH;
    case GR_FX_IF_COUNTERCHARGING: return !att && s->sys[RS_CC + ui] == -(other + 1);
    default: return 0;
    }
}

/* The depth of the ground unit ui holds: its stands' rows times its base
 * depth; 0 off the table. */
static int64_t depth_held(const tb_state *s, int ui)
{
    const tt_unit *u = ui >= 0 ? tb_on_table_c(&s->t, ui) : NULL;
    return u ? tb_depth_of(&s->t, u) : 0;
}

/* Unit u takes the ground `left` held, `depth` deep, if `left` has left it
 * (out of play, or no longer in contact): its move straight ahead up to
 * that depth, or it stays (mv_break 3), opened; 1 if it was. */
static int takes_ground(tb_state *s, int u, int left, int64_t depth)
{
    const tt_unit *tu = tb_on_table_c(&s->t, u), *tl = tb_on_table_c(&s->t, left);
    if (!tu || depth <= 0 || s->b.units[u].removed ||
        (tl && !s->b.units[left].removed && tt_in_contact(&s->t, tu, tl)))
        return 0;
    s->x.mv_unit = u;
    s->x.mv_allow = depth;
    s->x.mv_break = 3;
    s->x.mv_toward = left;
    return 1;
}

/* « Cavalerie peut être rappelée (mouvement complet) » (TABLE DES
 * CHARGES; « Cav. peut être rappelée d'un mouv. complet » after « Charge
 * stoppée »): unit u, mounted cavalry on the table and not broken, may go
 * straight back up to its full move, or stay (mv_break 4), opened; 1 if it
 * was. */
static int recalled(tb_state *s, int u)
{
    const gr_bt_unit *bu = u >= 0 ? &s->b.units[u] : NULL;
    if (!bu || bu->removed || bu->broken || !mounted(bu) || !tb_on_table_c(&s->t, u) ||
        full_move(bu) <= 0)
        return 0;
    s->x.mv_unit = u;
    s->x.mv_allow = full_move(bu);
    s->x.mv_break = 4;
    s->x.mv_toward = -1;
    return 1;
}

static void rff_after_test(const tb_scenario *sc, tb_state *s, const gr_bt_action *a,
                           const gr_bt_outcome *out, const tb_before *bf)
{
    const char *verb = a->call.verb;
    int maneuver = !strcmp(verb, "maneuver");
    /* the depth of the ground each side holds, before its result: what
     * « ATTAQUANT prend la position » lets the attacker advance into (as
     * aoe's « occupe la position évacuée », tb_aoe.c), and « Cavalerie
     * contre-chargeant peut prendre la position » the defender */
    int64_t held = maneuver ? 0 : depth_held(s, a->call.target),
            att_held = maneuver ? 0 : depth_held(s, a->call.unit);
    int takes = 0, def_takes = 0, att_retreated = 0, def_retreated = 0,
        charge = !strcmp(verb, "charge");
    /* « Cible en masse »: the units behind the target as the fire found them
     * (before its losses are taken off the table) */
    const tt_unit *dfd =
        !maneuver && a->call.target >= 0 ? tb_on_table_c(&s->t, a->call.target) : NULL;
    int behind[GR_BT_MAX_UNITS], nbehind = 0;
    if (dfd && (!strcmp(verb, "musketry") || !strcmp(verb, "cannonade")))
        nbehind = behind_of(s, dfd, behind, GR_BT_MAX_UNITS);
    tb_follow_battle(s, bf);
    /* ... take its result directly after, through the companion, when it
     * has an effect (the companion keeps it due: RFF_B_MASSED) */
    if (nbehind > 0 && out->resolved && s->b.sys[RFF_B_MASSED] == a->call.target + 1) {
        tb_before mb;
        tb_snapshot(s, &mb);
        for (int i = 0; i < nbehind; i++) {
            gr_bt_action m;
            gr_error merr;
            tb_call_init(&m, "massed_effect", behind[i], -1);
            gr_battle_do(&s->b, &m, NULL, &merr);
        }
        tb_follow_battle(s, &mb);
    }
    const gr_resolution *r = &out->res;
    int move = GR_MOVE_UNSTATED, retreated = 0;
    /* a charge's retreats: each side's last line that holds (a conditional
     * line, printed after the general one, replaces it: « Perd 1 socle
     * supplémentaire et retraite mouvement de déroute, brisé, si battu par
     * cavalerie ou pris de flanc »), none for a side that « Tient la
     * position ... si fortifié » */
    const gr_effect *back[2] = {NULL, NULL};
    int holds[2] = {0, 0}, recall[2] = {0, 0};
    for (int k = 0; out->resolved && k < r->nsteps; k++) {
        const gr_effects *fx = tb_step_effects(&r->steps[k]);
        for (size_t i = 0; fx && i < fx->n; i++) {
            const gr_effect *e = &fx->lines[i];
            int who[2] = {-1, -1};
            if (maneuver) {
                who[0] = a->call.unit;
            } else {
                if (e->who == GR_FX_TARGET || e->who == GR_FX_EACH)
                    who[0] = a->call.target;
                if (e->who == GR_FX_ATTACKER || e->who == GR_FX_EACH)
                    who[1] = a->call.unit;
            }
            if (maneuver && e->move != GR_MOVE_UNSTATED && !e->retreat)
                move = e->move;
            /* « ATTAQUANT prend la position »; BALAYÉS's « Prend la position
             * après 2° combat » */
            if (charge && e->who == GR_FX_ATTACKER && e->position == GR_POS_CARRIES &&
                gr_bt_arm_hit(e->arm, &s->b.units[a->call.unit]) &&
                charge_line_holds(s, a, e, a->call.unit))
                takes = 1;
            if (charge && e->who == GR_FX_TARGET && e->position == GR_POS_CARRIES_OR_RECALL &&
                gr_bt_arm_hit(e->arm, &s->b.units[a->call.target]) &&
                charge_line_holds(s, a, e, a->call.target))
                def_takes = 1;
            for (int w = 0; w < 2; w++) {
                int ui = who[w];
                if (ui < 0 || s->b.units[ui].removed || !gr_bt_arm_hit(e->arm, &s->b.units[ui]))
                    continue;
                if (charge) {
                    if (!charge_line_holds(s, a, e, ui))
                        continue;
                    if (e->retreat)
                        back[w] = e;
                    holds[w] |= e->position == GR_POS_HOLDS;
                    recall[w] |= e->position == GR_POS_MAY_RECALL;
                } else if (e->retreat && e->when == GR_FX_ALWAYS) {
                    tb_retreat(s, ui, retreat_length(sc, s, ui, e));
                    retreated = 1;
                    att_retreated |= ui == a->call.unit;
                }
            }
        }
    }
    /* « Charge stoppée. Recul à 5cm de la cible » (EFFETS ADDITIONNELS):
     * the fire's target, a charger the fire stopped, falls back to 5 cm
     * edge to edge from the nearest enemy (the unit it charged, in
     * contact) */
    for (int i = 0; !maneuver && !charge && out->resolved && i < r->nvalues; i++)
        if (!strcmp(r->values[i].key, "charge_stopped") && r->values[i].i &&
            !s->b.units[a->call.target].removed) {
            tb_retreat(s, a->call.target, to_distance(s, a->call.target, RFF_CHARGE_STOP));
            /* « Cav. peut être rappelée d'un mouv. complet » */
            if (recalled(s, a->call.target))
                return;
        }
    for (int w = 0; charge && w < 2; w++) {
        int ui = w ? a->call.unit : a->call.target;
        if (!back[w] || holds[w] || s->b.units[ui].removed)
            continue;
        /* « Retrait à 5cm si défense fortifié »: the charge stopped by the
         * works, as « Recul à 5cm de la cible »: to 5 cm edge to edge */
        int64_t len = back[w]->when == GR_FX_IF_FORTIFIED && back[w]->retreat == GR_RETREAT_DISTANCE
                          ? to_distance(s, ui, (int64_t)back[w]->distance * TT_UNITS_PER_CM)
                          : retreat_length(sc, s, ui, back[w]);
        tb_retreat(s, ui, len);
        retreated = 1;
        att_retreated |= w;
        def_retreated |= !w;
    }
    /* « ATTAQUANT prend la position » (ENFONCÉS, REPOUSSÉS, BALAYÉS after
     * the 2° combat): when the defender has left it (retreated or out of
     * play: a defender that holds, fortified, is still in contact) and the
     * attacker neither retreated nor breaks through this turn (its
     * breakthrough move is 3b's); « Cavalerie contre-chargeant peut prendre
     * la position ou être rappelée » (ASSAUT MANQUÉ, BRISÉ, REPOUSSÉ): the
     * counter-charging cavalry that held, likewise into the ground the
     * charger left (its recall, a full move, is not offered) */
    if ((takes && !att_retreated && !s->b.units[a->call.unit].sys[RFF_U_BREAKTHROUGH] &&
         takes_ground(s, a->call.unit, a->call.target, held)) ||
        (def_takes && !def_retreated && takes_ground(s, a->call.target, a->call.unit, att_held)))
        return;
    /* the recalls: the attacker's (not when it breaks through this turn:
     * 3° b. moves it), the defender's, and the counter-charger's « ou être
     * rappelée » when it does not take the position */
    if (charge && ((recall[1] && !s->b.units[a->call.unit].sys[RFF_U_BREAKTHROUGH] &&
                    recalled(s, a->call.unit)) ||
                   ((recall[0] || def_takes) && recalled(s, a->call.target))))
        return;
    if (!maneuver || retreated)
        return;
    /* the maneuver's move: a forced march, a full move, half a move on
     * clear ground (the mover slows it on the table's goings) */
    int u = a->call.unit;
    const gr_bt_unit *bu = &s->b.units[u];
    int col = bu->sys[RFF_U_COLUMN];
    /* a result that prints no move is its column's: « BIEN EXÉCUTÉE: Mouvement
     * complet », « RETARDÉE: Demi-mouvement » (the companion keeps the column) */
    if (move == GR_MOVE_UNSTATED)
        move = col == RFF_BT_COL_WELL      ? GR_MOVE_FULL
               : col == RFF_BT_COL_DELAYED ? GR_MOVE_HALF
                                           : GR_MOVE_NONE;
    int64_t allow = move == GR_MOVE_LONG   ? (int64_t)move_cm(bu, 0, 1) * TT_UNITS_PER_CM
                    : move == GR_MOVE_FULL ? full_move(bu)
                    : move == GR_MOVE_HALF ? full_move(bu) / 2
                                           : 0;
    int guns = bu->arm == GR_BT_ARTILLERY;
    /* a battery's delayed move is « Mouvement complet attelé » (MANŒUVRES DES
     * CANONS, RETARDÉE), not the troops' half move */
    if (guns && col == RFF_BT_COL_DELAYED)
        allow = full_move(bu);
    if (allow <= 0 || bu->removed || !tb_on_table(&s->t, u))
        return;
    /* a battery changes formation by its own choices below, not on its move */
    s->sys[RS_FLAGS + u] = col == RFF_BT_COL_WELL      ? RSF_CHARGE | (guns ? 0 : RSF_FORM)
                           : col == RFF_BT_COL_DELAYED ? (guns ? 0 : RSF_LINES)
                                                       : 0;
    /* a verb of no roll its result allows is chosen instead of its move:
     * the move waits for that choice */
    gr_action ch[RB_COUNT];
    int nch = choices_of(sc, s, u, ch, RB_COUNT);
    if ((nch > 1 || (guns && nch > 0 && ch[0] != tb_act(K_BATTERY, u, -1, RB_MOVE))) &&
        allow < (INT64_C(1) << (31 - RSF_ALLOW_SHIFT))) {
        s->sys[RS_FLAGS + u] |= RSF_CHOOSE | (int32_t)(allow << RSF_ALLOW_SHIFT);
        return;
    }
    s->x.mv_unit = u;
    s->x.mv_allow = allow;
}

/* ---- words ------------------------------------------------------------------------ */

static int tb_rff_describe(const tb_state *s, gr_action act, char *buf, size_t cap)
{
    int k = tb_act_kind(act), u = tb_act_unit(act), t = tb_act_target(act);
    const char *uid = u >= 0 && u < s->b.nunits ? s->b.units[u].id : "?";
    const char *tid = t >= 0 && t < s->b.nunits ? s->b.units[t].id : "?";
    switch (k) {
    case K_MOVEMENT:
        return snprintf(buf, cap, "%s %s",
                        step_of(s) == RFF_PH_BREAKTHROUGH_MOVES ? "breakthrough" : "maneuver", uid);
    case K_FIRE:
        return snprintf(buf, cap, "%s %s --target %s",
                        u >= 0 && u < s->b.nunits && s->b.units[u].arm == GR_BT_ARTILLERY
                            ? "cannonade"
                            : "musketry",
                        uid, tid);
    case K_COMBAT: return snprintf(buf, cap, "charge %s --target %s", uid, tid);
    case K_COUNTERCHARGE: return snprintf(buf, cap, "countercharge %s --target %s", uid, tid);
    case K_BATTERY: {
        uint64_t c = tb_act_arg(act);
        if (c >= RB_PIVOT && c < (uint64_t)(RB_PIVOT + RB_NPIVOT))
            return snprintf(buf, cap, "pivot %s --turn %d", uid, rb_pivot[c - RB_PIVOT]);
        return snprintf(buf, cap, "%s %s", rb_word(c) ? rb_word(c) : "?", uid);
    }
    case K_NO_COUNTER: return snprintf(buf, cap, "no_countercharge %s --target %s", uid, tid);
    case K_REPLACE:
        return snprintf(buf, cap, "replace --leader %s",
                        t >= 0 && t < s->b.nleaders ? s->b.leaders[t].id : "?");
    default: return -1;
    }
}

/* A choice after a maneuver as the page words it (tb_join.action_json):
 * "choice" its word (rb_words, or "pivot" with "turn", degrees, + left). */
static void rff_action_json(const tb_state *s, gr_action a, json_t *o)
{
    (void)s;
    if (tb_act_kind(a) != K_BATTERY)
        return;
    uint64_t arg = tb_act_arg(a);
    if (rb_word(arg)) {
        json_object_set_new(o, "choice", json_string(rb_word(arg)));
    } else if (arg < (uint64_t)(RB_PIVOT + RB_NPIVOT)) {
        json_object_set_new(o, "choice", json_string("pivot"));
        json_object_set_new(o, "turn", json_integer(rb_pivot[arg - RB_PIVOT]));
    }
}

static const char *const rff_kind_words[K_COUNT] = {
    [K_DIE] = "die",
    [K_NEXT] = "next",
    [K_MOVEMENT] = "maneuver",
    [K_MOVE] = "move",
    [K_POSE] = "pose",
    [K_FIRE] = "fire",
    [K_COMBAT] = "charge",
    [K_ATTACH] = "attach",
    [K_DETACH] = "detach",
    [K_BATTERY] = "choice",
    [K_COUNTERCHARGE] = "countercharge",
    [K_NO_COUNTER] = "no_countercharge",
    [K_GENERAL] = "general",
    [K_REPLACE] = "replace",
};
static const char *const rff_kind_said_en[K_COUNT] = {
    [K_DIE] = "die",
    [K_NEXT] = "next step",
    [K_MOVEMENT] = "maneuver test",
    [K_MOVE] = "move",
    [K_POSE] = "placed",
    [K_FIRE] = "musketry and cannonade",
    [K_COMBAT] = "charge",
    [K_ATTACH] = "attach",
    [K_DETACH] = "detach",
    [K_BATTERY] = "after the maneuver",
    [K_COUNTERCHARGE] = "cavalry counter-charge",
    [K_NO_COUNTER] = "no counter-charge",
    [K_GENERAL] = "leader",
    [K_REPLACE] = "provisional commander",
};
static const char *const rff_kind_said_fr[K_COUNT] = {
    [K_DIE] = "dé",
    [K_NEXT] = "étape suivante",
    [K_MOVEMENT] = "test de manœuvre",
    [K_MOVE] = "mouvement",
    [K_POSE] = "placé",
    [K_FIRE] = "mousqueterie et canonnade",
    [K_COMBAT] = "charge",
    [K_ATTACH] = "s'attache",
    [K_DETACH] = "se détache",
    [K_BATTERY] = "après la manœuvre",
    [K_COUNTERCHARGE] = "contre charge de cavalerie",
    [K_NO_COUNTER] = "pas de contre charge",
    [K_GENERAL] = "chef",
    [K_REPLACE] = "commandant provisoire",
};

static int rff_unit_notes(const tb_state *s, int unit, const tt_unit *u, char *buf, size_t cap)
{
    (void)u;
    static const char *const cond[] = {"fresh", "worn", "spent"};
    const gr_bt_unit *bu = &s->b.units[unit];
    return snprintf(buf, cap, "%s%s%s%s",
                    bu->arm == GR_BT_ARTILLERY || (unsigned)bu->condition >= 3
                        ? "battery"
                        : cond[bu->condition],
                    bu->disordered ? ", disordered" : "", bu->broken ? ", broken" : "",
                    bu->sys[RFF_U_CHARGE] ? ", charging" : "");
}

static void rff_unit_json(const tb_state *s, int unit, const tt_unit *u, json_t *o)
{
    (void)u;
    static const char *const cond[] = {"fresh", "worn", "spent"};
    const gr_bt_unit *bu = &s->b.units[unit];
    if ((unsigned)bu->condition < 3)
        json_object_set_new(o, "condition", json_string(cond[bu->condition]));
}

static int32_t rff_judge(const tb_scenario *sc, const tb_state *s, int player, int ahead)
{
    return tb_judge_common(sc, s, player, ahead);
}

/* The reach of u's fire for the frame's text view: the battle file's
 * range of its code (tb.h fire_reach). */
static int64_t rff_fire_reach(const tb_scenario *sc, const gr_bt_unit *u)
{
    return reach_of(sc, u);
}

/* The join's fire_range without a scenario: none (the file gives them). */
static int64_t rff_fire_range(const gr_bt_unit *u)
{
    (void)u;
    return 0;
}

/* « -1 Cible en couvert partiel », « -2 ... à couvert en totalité »: a wood
 * partial (1), a town total (2), the table's light and heavy grades. */
static int rff_default_cover(const tt_table *t, tt_kind k)
{
    tt_cover c = t->kinds[k].cover;
    return c == TT_COVER_HEAVY ? 2 : c == TT_COVER_LIGHT ? 1 : 0;
}

/* What gives unit u its move, in words (tb_ask.c's reach): its result, in
 * seed 001's words, and the allowance in cm. */
static void rff_move_words(const tb_state *s, int u, int brk, int64_t allow, char *buf, size_t cap)
{
    char cm[24];
    gr_milli_str(allow, cm, sizeof cm);
    int fl = s->sys[RS_FLAGS + u];
    const gr_bt_unit *bu = &s->b.units[u];
    if (brk == 3)
        snprintf(buf, cap,
                 "it takes the position the enemy left (« prend la position »), straight ahead "
                 "up to %s cm, or it stays",
                 cm);
    else if (brk == 4)
        snprintf(buf, cap,
                 "it may be recalled (« Cavalerie peut être rappelée (mouvement complet) »): "
                 "straight back up to %s cm, or it stays",
                 cm);
    else if (fl & RSF_BREAK)
        snprintf(buf, cap,
                 "breakthrough (« perce sur 1/2 mouvement vers ennemi plus proche »): %s cm "
                 "toward the nearest enemy",
                 cm);
    else if (fl & RSF_PROLONGE)
        snprintf(buf, cap, "%s: straight %s up to %s cm, unlimbered; it does not fire this turn",
                 (fl & RSF_BACK) ? "« Recul à la prolonge »" : "« Avance à la prolonge »",
                 (fl & RSF_BACK) ? "back" : "ahead", cm);
    else
        snprintf(buf, cap, "%s: %s cm on clear ground, slowed by the goings%s",
                 allow == (int64_t)move_cm(bu, 0, 1) * TT_UNITS_PER_CM && allow > full_move(bu)
                     ? "« Marche Forcée »"
                 : allow == full_move(bu)     ? "« Mouvement complet »"
                 : allow * 2 == full_move(bu) ? "« Demi-mouvement »"
                                              : "its maneuver's move",
                 cm,
                 (fl & RSF_CHARGE) ? "; a move into contact with an enemy declares a charge" : "");
}

static const char *const rff_file_keys[] = {"fire", "dense_woods", NULL};

static gr_status rff_read_file(const gr_jr_node *root, const char *name, tb_scenario *sc,
                               gr_error *err)
{
    const gr_jr_node *n = gr_jr_get(root, "dense_woods");
    if (n) {
        if (n->type != GR_JR_BOOL)
            return gr_jr_fail(err, name, n, "\"dense_woods\" must be true or false");
        sc->dense_woods = n->boolean;
        /* « bois dense »: « Terrain difficile » (CAPACITES DE MOUVEMENT) */
        if (n->boolean)
            sc->table.kinds[TT_WOOD].going = TT_GO_DIFFICULT;
    }
    tb_rff_used used;
    tb_rff_used_of(&sc->start, &used);
    gr_status st = tb_rff_fire_read(root, name, &used, TT_CM(524), &sc->rff_fire, err);
    if (st == GR_OK)
        sc->sys_on = 1;
    return st;
}

const tb_join tb_join_rff = {
    .system = "rff",
    .type = "rff-table",
    .name = "Regimental Fire and Fury",
    .game = &tb_game_rff_table,
    .table_system = TT_RFF,
    .formations = rff_formations_of,
    .nformations = (int)(sizeof rff_formations_of / sizeof rff_formations_of[0]),
    .default_cover = rff_default_cover,
    .nchanges = 1,
    .nbattery = RB_COUNT,
    .fire_arc = {1, 1}, /* TT_ARC_45: the family's (docs/rules/rff.md) */
    .fire_range = rff_fire_range,
    .mover = rff_mover,
    .answering = rff_to_answer,
    .actions = rff_actions,
    .call_of = rff_call_of,
    .step = rff_step,
    .after_test = rff_after_test,
    .moved = rff_moved,
    .move_ok = rff_move_ok,
    .move_words = rff_move_words,
    .hold_listed = rff_hold_listed,
    .move_refused = rff_move_refused,
    .describe = tb_rff_describe,
    .action_json = rff_action_json,
    .kind_words = rff_kind_words,
    .kind_said = {rff_kind_said_en, rff_kind_said_fr},
    .unit_json = rff_unit_json,
    .unit_notes = rff_unit_notes,
    .judge = rff_judge,
    .set_formation = rff_set_formation,
    .fire_reach = rff_fire_reach,
    .moving = rff_moving,
    .length_word = "cm",
    .length_unit = TT_UNITS_PER_CM,
    .arrival_edge = TT_CM(15),      /* aoe's 6" at the sheet's 2.5 cm to the inch */
    .objective_radius = TT_CM(7.5), /* aoe's 3" likewise */
    .file_keys = rff_file_keys,
    .read_file = rff_read_file,
    .objective_key = 1,
};
