/* tb_aoe.c - L'Âge des Aigles's join on the table (tb.h "the join",
 * `aoe-table`): which facts of the table each of the companion's tests
 * gets, what its results do to the stands, aoe's formations, speeds, fire
 * bands and phase words.  No rule is written here: a test is the
 * companion's (bt_aoe*.c), its legality the companion's prepare
 * (docs/rules/aoe.md "On the table: the battle file and the game"). */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/bt_game.h"
#include "grognard/dice.h"
#include "grognard/effect.h"
#include "grognard/resolve.h"
#include "grognard/table.h"
#include "tb_join.h"

/* ---- what the table gives the rules (docs/rules/aoe.md) ------------------ */

/* The reserve zone (seed 000: « s'approche à moins de 18" »). */
#define TB_RESERVE_ZONE TT_INCH(18)
/* Musketry: the sheet's shortest fire column (2"), read as the range of a
 * brigade's fire and of « au-delà de la portée de mousquetterie ». */
#define TB_MUSKETRY TT_INCH(2)
static const char *const battery_words[] = {"limber", "unlimber", "move"};
/* A battery's pivot (seed 003, Artillerie: « pivoter (en batterie) de 0 à
 * 45° »): the table's turns of 15, 30 and 45 degrees, + counter-clockwise
 * (left), about its front centre; arg 3 + i. */
static const int pivot_turn[] = {15, 30, 45, -15, -30, -45};
#define NBATTERY_ARGS (3 + (int)(sizeof pivot_turn / sizeof pivot_turn[0]))

/* A change of formation declared with a movement test (K_MOVEMENT's arg):
 * the formation it ends in, and the movement procedure's --deployment
 * that prices it (Table des vitesses: « Pas de mouvement si déploiement en
 * ligne ou en ligne soutenue », « ... en tirailleurs », « 1/2 mouvement si
 * déploiement en colonne de manœuvre, de route »); forming square is not
 * priced by the sheet (NULL). */
static const struct {
    const char *formation, *deployment;
} changes[] = {
    {NULL, NULL},
    {"line", "line"},
    {"supported_line", "supported_line"},
    {"skirmish", "skirmish"},
    {"column", "maneuver_column"},
    {"road_column", "road_column"},
    {"square", NULL},
};
#define NCHANGES ((int)(sizeof changes / sizeof changes[0]))

/* The reach of u's fire: its last fire band (gr_bt_aoe_fire_bands). */
static int64_t fire_range(const gr_bt_unit *u)
{
    int64_t lim[8];
    int n = gr_bt_aoe_fire_bands(u, lim, 8);
    return n > 0 && n <= 8 ? lim[n - 1] : 0;
}

/* A general's radius (seed 000: « un général dans ses 12" », « rayon de
 * commandement de 12" »). */
#define TB_GENERAL_RADIUS TT_INCH(12)
/* A general's move in milli-inches: seed 003, Table des vitesses, the row
 * « Généraux et ADC », column « Nominale » (12"), read from the rules'
 * table (src/rules/aoe/aoe_tables.c); 0 if it cannot be read. */
static int64_t general_move_allowance(void)
{
    const gr_system *sys = gr_system_find("aoe");
    const gr_table *t = sys ? gr_system_table(sys, "speed") : NULL;
    if (!t)
        return 0;
    gr_args a;
    memset(&a, 0, sizeof a);
    gr_error e;
    gr_cell cell;
    memset(&cell, 0, sizeof cell);
    if (gr_args_set(t->params, 0, "generals", &a, &e) != GR_OK ||
        gr_args_set(t->params, 1, "nominal", &a, &e) != GR_OK ||
        t->lookup(&a, &cell, &e) != GR_OK || cell.nfields < 1)
        return 0;
    return cell.fields[0].i;
}

/* « Ne peut être mise en batterie que par un général dans ses 12" »: an
 * active general of its side within 12" of one of the battery's stands. */
static int general_near(const tb_state *s, const tt_unit *u)
{
    for (int l = 0; l < s->b.nleaders; l++) {
        tt_pt p;
        if (s->b.leaders[l].side == u->side && tb_leader_pos(s, l, &p) &&
            tt_within_radius(u, p, TB_GENERAL_RADIUS))
            return 1;
    }
    return 0;
}

/* « Par général hiérarchique ... détaché dans le rayon de cdt du général en
 * chef »: the detached generals of unit u's chain of command farther than
 * 12" from the commander-in-chief, as "id,id" (the companion's
 * --out-of-radius; it counts the others).  0 if none. */
static int out_of_radius(const tb_state *s, int u, char *buf, size_t cap)
{
    const gr_battle *b = &s->b;
    int chief = -1;
    for (int l = 0; l < b->nleaders; l++)
        if (b->leaders[l].side == b->units[u].side && !strcmp(b->leaders[l].role, "army"))
            chief = l;
    tt_pt cp = {0, 0};
    int has_chief = chief >= 0 && tb_leader_pos(s, chief, &cp);
    size_t n = 0;
    buf[0] = '\0';
    int guard = 0;
    for (int l = b->units[u].leader; l >= 0 && guard < GR_BT_MAX_LEADERS;
         l = b->leaders[l].parent, guard++) {
        const gr_bt_leader *x = &b->leaders[l];
        if (l == chief || x->attached >= 0 || !gr_bt_leader_active(x))
            continue;
        tt_pt p;
        int near = has_chief && tb_leader_pos(s, l, &p);
        if (near) {
            int64_t dx = (int64_t)p.x - cp.x, dy = (int64_t)p.y - cp.y;
            near = dx * dx + dy * dy <= (int64_t)TB_GENERAL_RADIUS * TB_GENERAL_RADIUS;
        }
        if (!near && n + strlen(x->id) + 2 < cap)
            n += (size_t)snprintf(buf + n, cap - n, "%s%s", n ? "," : "", x->id);
    }
    return n > 0;
}

/* The mover of unit u for an allowance: the speeds of the Table des
 * vitesses per going; no change of formation on the way. */
static void mover_of(const tb_state *s, int u, int64_t allow, tt_mover *mv)
{
    const gr_bt_unit *bu = &s->b.units[u];
    memset(mv, 0, sizeof *mv);
    int64_t nominal = gr_bt_aoe_speed(bu, "nominal");
    mv->allowance = allow;
    mv->speed[TT_GO_CLEAR] = nominal;
    mv->speed[TT_GO_ROAD] = gr_bt_aoe_speed(bu, "road");
    mv->speed[TT_GO_ROUGH] = mv->speed[TT_GO_DIFFICULT] = gr_bt_aoe_speed(bu, "difficult");
    mv->speed[TT_GO_FORD] = nominal;
    mv->ford_penalty = nominal - gr_bt_aoe_speed(bu, "ford");
    mv->pass_penalty = gr_bt_aoe_pass_through();
    const tt_unit *tu = tb_on_table_c(&s->t, u);
    if (tu)
        mv->may_change[tu->pose.form] = 1;
}

/* A breakthrough's moves (seed 003, « perce avec charge à demi-vitesse vers
 * l'unité ennemie la plus proche »): into contact with that enemy, or
 * straight or wheeling toward it: its front centre ending nearer that
 * enemy's nearest stand than it started. */
static int break_ok(const tb_state *s, const tt_option *o)
{
    if (s->x.mv_break == 3)
        return o->kind == TT_MK_ADVANCE;
    return tb_toward_enemy(s, o) > 0;
}

/* 1: the unit whose move is chosen may hold: not a breakthrough, or one
 * the result lets it decline (« occupe la position ... ou perce »), or one
 * with no move toward the enemy. */
static int may_hold(const tb_state *s)
{
    if (s->x.mv_break != 1)
        return 1;
    int n;
    const tt_option *o = tb_move_set(s, &n);
    for (int i = 0; o && i < n; i++)
        if (break_ok(s, &o[i]))
            return 0;
    return 1;
}

/* ---- the table follows the battle ------------------------------------------- */

/* Keep the companion's zones as the table has them (seed 000's 18"). */
static void sync_zones(tb_state *s)
{
    if (s->b.phase == 0 || !s->x.moved)
        return; /* the zone verb is not open in the initiative interphase */
    s->x.moved = 0;
    for (int i = 0; i < s->t.nunits; i++) {
        const tt_unit *u = &s->t.units[i];
        const gr_bt_unit *bu = &s->b.units[u->id];
        if (bu->removed)
            continue;
        int z = tt_in_reserve_zone(&s->t, u, TB_RESERVE_ZONE);
        if (z == bu->in_reserve)
            continue;
        gr_bt_action a;
        tb_call_init(&a, "zone", u->id, -1);
        tb_call_fact(&a.call, "to", z ? "reserve" : "tactical");
        gr_battle_do(&s->b, &a, NULL, NULL);
    }
}

/* The distance of a retreat line for unit ui (milli-inches). */
static int64_t retreat_length(const tb_state *s, int ui, const gr_effect *e)
{
    const gr_bt_unit *bu = &s->b.units[ui];
    const tt_unit *u = tb_on_table_c(&s->t, ui);
    const tt_unit *en = u ? tt_nearest_enemy(&s->t, u) : NULL;
    int64_t cur = en ? tt_dist_floor(tt_unit_dist2(u, en)) : TT_COORD_MAX;
    int64_t nominal = gr_bt_aoe_speed(bu, "nominal"), beyond = TB_MUSKETRY + 1 - cur;
    if (beyond < 0)
        beyond = 0;
    switch ((gr_fx_retreat)e->retreat) {
    case GR_RETREAT_DISTANCE: return (int64_t)e->distance * TT_UNITS_PER_INCH;
    case GR_RETREAT_TO_DISTANCE: {
        int64_t d = (int64_t)e->distance * TT_UNITS_PER_INCH - cur;
        return d > 0 ? d : 0;
    }
    case GR_RETREAT_FULL_MOVE: return nominal;
    case GR_RETREAT_HALF_MOVE: return nominal / 2;
    case GR_RETREAT_BEYOND_MUSKET: return beyond;
    case GR_RETREAT_BEYOND_MUSKET_OR_HALF: return beyond > nominal / 2 ? beyond : nominal / 2;
    default: return 0;
    }
}

/* The change of formation c (changes[]) of unit u, declared with its test:
 * made through the companion's `formation` (refused when the result says
 * « ne peut changer de formation ») if the new layout fits on the table
 * (from the same front centre), then laid out. */
static void apply_change(tb_state *s, int u, int c)
{
    tt_unit *tu = tb_on_table(&s->t, u);
    if (c <= 0 || c >= NCHANGES || !tu)
        return;
    int form = tb_formation_of(s->b.units[u].arm, changes[c].formation);
    if (form < 0)
        return;
    tt_mover mv;
    mover_of(s, u, 0, &mv);
    mv.may_change[form] = 1;
    tt_pose p = tu->pose;
    p.form = (tt_formation)form;
    tt_verdict v;
    if (tt_check_pose(&s->t, u, &mv, p, &v, NULL) != GR_OK || !v.ok)
        return;
    gr_bt_action a;
    tb_call_init(&a, "formation", u, -1);
    tb_call_fact(&a.call, "to", changes[c].formation);
    if (gr_battle_do(&s->b, &a, NULL, NULL) != GR_OK)
        return;
    tb_relayout(s, &s->t, tu);
    s->x.moved = 1;
}

/* A test done: the table follows its result (stands, formations,
 * removals, retreats), then a movement test opens its unit's move. */
static void after_test(const tb_scenario *sc, tb_state *s, const gr_bt_action *a,
                       const gr_bt_outcome *out, const tb_before *bf)
{
    (void)sc;
    /* the depth of the ground the defender holds, before its result: what
     * « occupe la position évacuée » lets the attacker advance into */
    const tt_unit *dfd = a->call.target >= 0 ? tb_on_table_c(&s->t, a->call.target) : NULL;
    int64_t held = dfd ? tb_depth_of(&s->t, dfd) : 0;
    tb_follow_battle(s, bf);
    const gr_resolution *r = &out->res;
    int moving = -1, brk = 0;
    int64_t allow = 0;
    for (int k = 0; out->resolved && k < r->nsteps; k++) {
        const gr_step *st = &r->steps[k];
        int fire = !strcmp(st->what, "Fire"), combat = !strcmp(st->what, "Combat"),
            move = !strcmp(st->what, "Movement");
        if (!fire && !combat && !move)
            continue;
        const gr_effects *fx = tb_step_effects(st);
        for (size_t i = 0; fx && i < fx->n; i++) {
            const gr_effect *e = &fx->lines[i];
            int who[2] = {-1, -1};
            if (combat && e->who == GR_FX_ATTACKER && e->position == GR_POS_BREAKTHROUGH)
                brk = 1;
            if (combat && e->who == GR_FX_ATTACKER && e->position == GR_POS_CARRIES_OR_BREAKTHROUGH)
                brk = 2;
            if (combat && e->who == GR_FX_ATTACKER && e->position == GR_POS_CARRIES)
                brk = 3;
            if (move)
                who[0] = a->call.unit;
            else if (e->who == GR_FX_TARGET)
                who[0] = a->call.target;
            else if (e->who == GR_FX_ATTACKER)
                who[0] = a->call.unit;
            else {
                who[0] = a->call.target;
                who[1] = a->call.unit;
            }
            for (int w = 0; w < 2; w++) {
                int ui = who[w];
                if (ui < 0 || s->b.units[ui].removed || !gr_bt_arm_hit(e->arm, &s->b.units[ui]))
                    continue;
                /* a line with a condition was judged by the companion; its
                 * retreat is carried out only when it always applies */
                if (e->retreat && e->when == GR_FX_ALWAYS)
                    tb_retreat(s, ui, retreat_length(s, ui, e));
                if (move && (e->move == GR_MOVE_FULL || e->move == GR_MOVE_HALF) && !e->retreat) {
                    int64_t nominal = gr_bt_aoe_speed(&s->b.units[ui], "nominal");
                    moving = ui;
                    allow = e->move == GR_MOVE_HALF ? nominal / 2 : nominal;
                }
            }
        }
    }
    /* the procedure's own allowance when it gives one (a deployment priced
     * by the Table des vitesses) */
    for (int i = 0; moving >= 0 && i < r->nvalues; i++)
        if (!strcmp(r->values[i].key, "allowance_inches"))
            allow = r->values[i].i;
    if (moving >= 0 && allow > 0 && tb_on_table(&s->t, moving)) {
        s->x.mv_unit = moving;
        s->x.mv_allow = allow;
        return; /* the change of formation follows the move */
    }
    /* a breakthrough: the attacker charges at half speed toward the
     * nearest enemy unit, its side choosing the move */
    const tt_unit *au = brk ? tb_on_table_c(&s->t, a->call.unit) : NULL;
    const tt_unit *en =
        au && !s->b.units[a->call.unit].removed ? tt_nearest_enemy(&s->t, au) : NULL;
    if (en && brk < 3) {
        s->x.mv_unit = a->call.unit;
        s->x.mv_allow = gr_bt_aoe_speed(&s->b.units[a->call.unit], "nominal") / 2;
        s->x.mv_break = brk;
        s->x.mv_toward = en->id;
    }
    /* « occupe la position évacuée par l'ennemi »: straight ahead, up to
     * the depth of the ground the defender held, or it stays */
    if (au && brk == 3 && !s->b.units[a->call.unit].removed && held > 0) {
        s->x.mv_unit = a->call.unit;
        s->x.mv_allow = held;
        s->x.mv_break = 3;
        s->x.mv_toward = a->call.target;
    }
    if (s->x.mv_change && a->call.unit >= 0)
        apply_change(s, a->call.unit, s->x.mv_change);
    s->x.mv_change = 0;
}

static void do_next(const tb_scenario *sc, tb_state *s)
{
    int was = s->b.phase;
    const char *was_id = s->b.rules->phases[was].id;
    gr_bt_action a;
    tb_call_init(&a, "next", -1, -1);
    gr_battle_do(&s->b, &a, NULL, NULL);
    if (strstr(was_id, "_combat"))
        tb_take_objectives(sc, s);
    if (s->b.turn > sc->turns) {
        s->b.turn = sc->turns; /* the battle ends with its last turn */
        tb_end_of_battle(sc, s);
        return;
    }
    const char *now = s->b.rules->phases[s->b.phase].id;
    if (strstr(now, "_combat"))
        memset(s->x.cc_asked, 0, sizeof s->x.cc_asked);
    if (strstr(now, "_leaders")) {
        s->x.moved = 1; /* a zone refused in the last segment may be recorded now */
        tb_segment_start(sc, s);
    }
    tb_after_step(sc, s);
}

/* The facts of a fire or a combat as the table measures them. */
static void table_facts(const tb_scenario *sc, const tb_state *s, int kind, gr_bt_action *a)
{
    const tt_unit *u = tb_on_table_c(&s->t, a->call.unit),
                  *t = tb_on_table_c(&s->t, a->call.target);
    if (!u || !t)
        return;
    const gr_bt_unit *bu = &s->b.units[a->call.unit], *bt = &s->b.units[a->call.target];
    char buf[32];
    int cover = tb_cover_of(sc, &s->t, t);
    if (kind == K_FIRE) {
        if (bu->arm == GR_BT_ARTILLERY) {
            gr_milli_str(tb_dist_ceil(u, t), buf, sizeof buf);
            tb_call_fact(&a->call, "range", buf);
        }
        if (cover) {
            snprintf(buf, sizeof buf, "%d", cover);
            tb_call_fact(&a->call, "cover", buf);
        }
        return;
    }
    if (cover) {
        snprintf(buf, sizeof buf, "%d", cover);
        tb_call_fact(&a->call, "defender-cover", buf);
    }
    /* « Cavalerie chargeant de l'infanterie en terrain libre, qui n'est
     * pas en carré »: the distance at the start of its charge */
    if (bu->arm == GR_BT_CAVALRY && bt->arm == GR_BT_INFANTRY && !cover &&
        strcmp(bt->formation, "square")) {
        int64_t d = s->x.charge_from[a->call.unit];
        gr_milli_str(d >= 0 ? d : 0, buf, sizeof buf);
        tb_call_fact(&a->call, "charge-distance", buf);
    }
}

/* The call of a decision (a test or a verb of no roll). */
static int call_of(const tb_scenario *sc, const tb_state *s, gr_action act, gr_bt_action *a)
{
    int k = tb_act_kind(act), u = tb_act_unit(act), t = tb_act_target(act);
    switch (k) {
    case K_INITIATIVE: tb_call_init(a, "initiative", -1, -1); return 1;
    case K_RESERVE: tb_call_init(a, "reserve", u, -1); return 1;
    case K_MOVEMENT: {
        char oor[GR_BT_ID];
        if (tb_act_arg(act) >= (uint64_t)NCHANGES)
            return 0;
        tb_call_init(a, "movement", u, -1);
        if (changes[tb_act_arg(act)].deployment)
            tb_call_fact(&a->call, "deployment", changes[tb_act_arg(act)].deployment);
        if (out_of_radius(s, u, oor, sizeof oor))
            tb_call_fact(&a->call, "out-of-radius", oor);
        return 1;
    }
    case K_FIRE:
        tb_call_init(a, "fire", u, t);
        table_facts(sc, s, K_FIRE, a);
        return 1;
    case K_COMBAT:
        tb_call_init(a, "combat", u, t);
        table_facts(sc, s, K_COMBAT, a);
        return 1;
    case K_ATTACH:
        tb_call_init(a, "attach", u, -1);
        a->call.leader = t;
        return 1;
    case K_DETACH:
        tb_call_init(a, "detach", -1, -1);
        a->call.leader = t;
        return 1;
    case K_BATTERY:
        if (tb_act_arg(act) >= (uint64_t)NBATTERY_ARGS)
            return 0;
        tb_call_init(a, "battery", u, -1);
        tb_call_fact(&a->call, "action",
                     tb_act_arg(act) > 2 ? "pivot" : battery_words[tb_act_arg(act)]);
        return 1;
    case K_COUNTERCHARGE: tb_call_init(a, "countercharge", u, t); return 1;
    default: return 0;
    }
}

/* ---- counter-charges (seed 000, Phase (3) « charges et contre-charges ») ----
 * In a combat phase, before a cavalry brigade of the phasing side fights,
 * the side it charges answers: each of its cavalry brigades in contact
 * with the charger may counter-charge it (the companion's `countercharge`,
 * its rule and its refusals), or the side lets the charge come
 * (`countercharge none --target C`).  The side not phasing decides
 * (gr_battle_decider: a counter-charge is the defence of the cavalry
 * charged); the phasing side's combats wait for the answer. */

/* 1: u may counter-charge the charger c now (in contact on the table, and
 * the companion's prepare accepts it). */
static int cc_may(const tb_scenario *sc, const tb_state *s, int u, int c)
{
    const tt_unit *tu = tb_on_table_c(&s->t, u), *tc = tb_on_table_c(&s->t, c);
    if (!tu || !tc || !tt_in_contact(&s->t, tu, tc))
        return 0;
    gr_bt_action a;
    call_of(sc, s, tb_act(K_COUNTERCHARGE, u, c, 0), &a);
    return tb_allowed(&s->b, &a);
}

/* The charger whose charge waits for the other side's answer, or -1. */
static int cc_charger(const tb_scenario *sc, const tb_state *s)
{
    const gr_battle *b = &s->b;
    if (s->x.over || s->x.pending || s->x.mv_unit >= 0 ||
        !strstr(b->rules->phases[b->phase].id, "_combat"))
        return -1;
    int side = gr_battle_active_side(b);
    for (int i = 0; i < s->t.nunits; i++) {
        const tt_unit *c = &s->t.units[i];
        const gr_bt_unit *bc = &b->units[c->id];
        if (c->side != side || bc->arm != GR_BT_CAVALRY || bc->removed || s->x.cc_asked[c->id])
            continue;
        for (int j = 0; j < s->t.nunits; j++)
            if (s->t.units[j].side != side && cc_may(sc, s, s->t.units[j].id, c->id))
                return c->id;
    }
    return -1;
}

/* ---- the decisions of a phase ------------------------------------------------ */

static int aoe_actions(const tb_scenario *sc, const tb_state *s, gr_action *out, int cap)
{
    const gr_battle *b = &s->b;
    int n = 0;
    const char *ph = b->rules->phases[b->phase].id;
    int side = gr_battle_active_side(b);
    gr_bt_action a;
    int charger = cc_charger(sc, s);
    if (charger >= 0) {
        for (int j = 0; j < s->t.nunits; j++)
            if (s->t.units[j].side != side && cc_may(sc, s, s->t.units[j].id, charger))
                tb_push(out, cap, &n, tb_act(K_COUNTERCHARGE, s->t.units[j].id, charger, 0));
        tb_push(out, cap, &n, tb_act(K_NO_COUNTER, -1, charger, 0));
        return n < cap ? n : cap;
    }
    if (strstr(ph, "_leaders")) {
        /* a general attaches to a brigade of his side within his 12", or
         * detaches (seed 000: « Remplacer, attacher & détacher les
         * généraux ») */
        for (int l = 0; l < b->nleaders; l++) {
            const gr_bt_leader *x = &b->leaders[l];
            tt_pt p;
            if (x->side != side || s->x.leader_acted[l] || !tb_leader_pos(s, l, &p))
                continue;
            if (x->attached >= 0) {
                gr_action d = tb_act(K_DETACH, -1, l, 0);
                call_of(sc, s, d, &a);
                if (tb_allowed(b, &a))
                    tb_push(out, cap, &n, d);
                continue;
            }
            for (int i = 0; i < s->t.nunits; i++) {
                const tt_unit *u = &s->t.units[i];
                if (u->side != side || b->units[u->id].arm == GR_BT_ARTILLERY ||
                    !tt_within_radius(u, p, TB_GENERAL_RADIUS))
                    continue;
                gr_action x2 = tb_act(K_ATTACH, u->id, l, 0);
                call_of(sc, s, x2, &a);
                if (tb_allowed(b, &a))
                    tb_push(out, cap, &n, x2);
            }
        }
    } else if (!strcmp(ph, "initiative")) {
        gr_action x = tb_act(K_INITIATIVE, -1, -1, 0);
        call_of(sc, s, x, &a);
        if (tb_allowed(b, &a))
            tb_push(out, cap, &n, x);
    } else if (strstr(ph, "_reserve") || strstr(ph, "_tactical")) {
        int reserve = strstr(ph, "_reserve") != NULL;
        for (int i = 0; i < s->t.nunits; i++) {
            const tt_unit *u = &s->t.units[i];
            const gr_bt_unit *bu = &b->units[u->id];
            if (u->side != side || bu->removed || bu->fired)
                continue;
            if (bu->arm == GR_BT_ARTILLERY) {
                if (reserve)
                    continue;
                for (int w = 0; w < NBATTERY_ARGS; w++) {
                    gr_action x = tb_act(K_BATTERY, u->id, -1, (uint64_t)w);
                    call_of(sc, s, x, &a);
                    if ((w != 2 || bu->limbered) && (w != 1 || general_near(s, u)) &&
                        (w < 3 || tb_pivot_fits(s, u->id, pivot_turn[w - 3], NULL)) &&
                        tb_allowed(b, &a))
                        tb_push(out, cap, &n, x);
                }
                continue;
            }
            if (reserve && !tt_in_reserve_zone(&s->t, u, TB_RESERVE_ZONE))
                continue;
            gr_action x = tb_act(reserve ? K_RESERVE : K_MOVEMENT, u->id, -1, 0);
            call_of(sc, s, x, &a);
            if (!tb_allowed(b, &a))
                continue;
            tb_push(out, cap, &n, x);
            for (int c = 1; !reserve && c < NCHANGES; c++)
                if (tb_formation_of(bu->arm, changes[c].formation) >= 0 &&
                    strcmp(bu->formation, changes[c].formation)) {
                    x = tb_act(K_MOVEMENT, u->id, -1, (uint64_t)c);
                    call_of(sc, s, x, &a);
                    if (tb_allowed(b, &a))
                        tb_push(out, cap, &n, x);
                }
        }
    } else if (strstr(ph, "_fire")) {
        for (int i = 0; i < s->t.nunits; i++) {
            const tt_unit *u = &s->t.units[i];
            const gr_bt_unit *bu = &b->units[u->id];
            if (u->side != side || bu->removed || bu->fired)
                continue;
            for (int j = 0; j < s->t.nunits; j++) {
                const tt_unit *t = &s->t.units[j];
                if (t->side == side || !tt_can_fire(&s->t, u, t, fire_range(bu), TT_ARC_45))
                    continue;
                gr_action x = tb_act(K_FIRE, u->id, t->id, 0);
                call_of(sc, s, x, &a);
                if (tb_allowed(b, &a))
                    tb_push(out, cap, &n, x);
            }
        }
    } else if (strstr(ph, "_combat")) {
        for (int i = 0; i < s->t.nunits; i++) {
            const tt_unit *u = &s->t.units[i];
            const gr_bt_unit *bu = &b->units[u->id];
            if (u->side != side || bu->removed || bu->arm == GR_BT_ARTILLERY)
                continue;
            for (int j = 0; j < s->t.nunits; j++) {
                const tt_unit *t = &s->t.units[j];
                if (t->side == side || !tt_in_contact(&s->t, u, t))
                    continue;
                gr_action x = tb_act(K_COMBAT, u->id, t->id, 0);
                call_of(sc, s, x, &a);
                if (tb_allowed(b, &a))
                    tb_push(out, cap, &n, x);
            }
        }
    }
    tb_push(out, cap, &n, tb_act(K_NEXT, -1, -1, 0));
    return n < cap ? n : cap;
}

/* The move of a detached general (seed 000, « d. Mouvement des généraux
 * détachés »; seed 003, Table des vitesses, « Généraux et ADC 12" »): in
 * his side's generals' phase, once a segment, to any point of the table
 * within 12" in a straight line (docs/rules/aoe.md « On the table »). */
static gr_status general_move(tb_state *s, gr_action act, gr_error *err)
{
    static const tb_leader_words words = {
        "general", "his brigade (detach him in phase a.)", "segment",
        "the « Généraux et ADC » nominal speed of the Table des vitesses"};
    const gr_battle *b = &s->b;
    int l = tb_act_target(act);
    const gr_bt_leader *x = &b->leaders[l];
    if (!strstr(b->rules->phases[b->phase].id, "_generals"))
        return gr_error_set(err, GR_EILLEGAL,
                            "%s: generals move in « Mouvement des généraux détachés », their "
                            "side's phase d.",
                            x->id);
    if (x->side != gr_battle_active_side(b))
        return gr_error_set(err, GR_EILLEGAL, "%s is of the %s: not their segment", x->id,
                            b->side_name[x->side]);
    return tb_leader_move(s, l, tb_act_point(act), general_move_allowance(), &words, err);
}

/* A decision of aoe's phases (the frame has done dice, the initiative's
 * choice and moves). */
static gr_status aoe_step(const tb_scenario *sc, tb_state *s, gr_action act, gr_bt_outcome *keep,
                          gr_error *err)
{
    int k = tb_act_kind(act), u = tb_act_unit(act);
    int charger = cc_charger(sc, s);
    if (charger >= 0 || k == K_COUNTERCHARGE || k == K_NO_COUNTER) {
        if ((k != K_COUNTERCHARGE && k != K_NO_COUNTER) || tb_act_target(act) != charger)
            return charger >= 0
                       ? gr_error_set(err, GR_EILLEGAL,
                                      "%s charges: the %s answer first (`countercharge UNIT "
                                      "--target %s` or `countercharge none --target %s`)",
                                      s->b.units[charger].id,
                                      s->b.side_name[1 - s->b.units[charger].side],
                                      s->b.units[charger].id, s->b.units[charger].id)
                       : gr_error_set(err, GR_EILLEGAL, "no charge waits for a counter-charge now");
        if (k == K_COUNTERCHARGE) {
            gr_bt_action cc;
            if (!cc_may(sc, s, u, charger))
                return gr_error_set(err, GR_EILLEGAL,
                                    "%s cannot counter-charge %s: not cavalry of the side "
                                    "charged in contact with it, or it has counter-charged",
                                    s->b.units[u].id, s->b.units[charger].id);
            call_of(sc, s, act, &cc);
            gr_status st = gr_battle_do(&s->b, &cc, NULL, err);
            if (st != GR_OK)
                return st;
        }
        s->x.cc_asked[charger] = 1;
        tb_after_step(sc, s);
        return GR_OK;
    }
    if (k == K_GENERAL)
        return general_move(s, act, err);
    if (k == K_NEXT) {
        do_next(sc, s);
        return GR_OK;
    }
    gr_bt_action a;
    if (!call_of(sc, s, act, &a))
        return gr_error_set(err, GR_EINPUT, "not an action of the table's game");
    if (k == K_ATTACH || k == K_DETACH) {
        if (s->x.leader_acted[tb_act_target(act)])
            return gr_error_set(err, GR_EILLEGAL, "%s has attached or detached this segment",
                                s->b.leaders[tb_act_target(act)].id);
        gr_status st = gr_battle_do(&s->b, &a, NULL, err);
        if (st != GR_OK)
            return st;
        s->x.leader_acted[tb_act_target(act)] = 1;
        tb_after_step(sc, s);
        return GR_OK;
    }
    if (k == K_BATTERY) {
        tb_before bf;
        tt_pose pivoted;
        if (tb_act_arg(act) > 2 && !tb_pivot_fits(s, u, pivot_turn[tb_act_arg(act) - 3], &pivoted))
            return gr_error_set(err, GR_EILLEGAL,
                                "%s cannot pivot %d degrees there: its stands would overlap "
                                "another, leave the table or stand on impassable ground",
                                s->b.units[u].id, pivot_turn[tb_act_arg(act) - 3]);
        tb_snapshot(s, &bf);
        gr_status st = gr_battle_do(&s->b, &a, NULL, err);
        if (st != GR_OK)
            return st;
        tb_follow_battle(s, &bf);
        if (tb_act_arg(act) > 2) {
            tt_unit *tu = tb_on_table(&s->t, u);
            tu->pose = pivoted;
            tb_relayout(s, &s->t, tu);
            s->x.moved = 1;
        }
        if (tb_act_arg(act) == 2) {
            s->x.mv_unit = u;
            s->x.mv_allow = gr_bt_aoe_speed(&s->b.units[u], "nominal");
        }
        tb_after_step(sc, s);
        return GR_OK;
    }
    if ((k == K_FIRE || k == K_COMBAT)) {
        const tt_unit *fu = tb_on_table_c(&s->t, u), *tu = tb_on_table_c(&s->t, tb_act_target(act));
        if (!fu || !tu)
            return gr_error_set(err, GR_EILLEGAL, "a unit named is not on the table");
        if (k == K_FIRE && !tt_can_fire(&s->t, fu, tu, fire_range(&s->b.units[u]), TT_ARC_45))
            return gr_error_set(err, GR_EILLEGAL,
                                "%s cannot fire at %s: out of range, arc or sight on the table",
                                s->b.units[u].id, s->b.units[tb_act_target(act)].id);
        if (k == K_COMBAT && !tt_in_contact(&s->t, fu, tu))
            return gr_error_set(err, GR_EILLEGAL, "%s is not in contact with %s", s->b.units[u].id,
                                s->b.units[tb_act_target(act)].id);
    }
    if ((k == K_RESERVE || k == K_MOVEMENT || k == K_FIRE || k == K_COMBAT) &&
        (u < 0 || u >= s->b.nunits || !tb_on_table_c(&s->t, u)))
        return gr_error_set(err, GR_EILLEGAL, "the unit is not on the table");
    s->x.mv_change = k == K_MOVEMENT ? (int)tb_act_arg(act) : 0;
    return tb_start_test(sc, s, &a, keep, err);
}

/* ---- moves after a combat (the frame's move, aoe's breakthroughs) ------------- */

static int aoe_move_ok(const tb_state *s, const tt_option *o)
{
    return !s->x.mv_break || break_ok(s, o);
}

/* Holding is listed for a breakthrough the unit may decline (or with no
 * move toward the enemy); else only when it has nowhere to go (the frame). */
static int aoe_hold_listed(const tb_state *s)
{
    return s->x.mv_break && may_hold(s);
}

static gr_status aoe_move_refused(const tb_state *s, gr_action act, gr_error *err)
{
    int k = tb_act_kind(act), u = tb_act_unit(act);
    if (k == K_MOVE && tb_act_arg(act) != TB_ARG_MASK) {
        int n;
        const tt_option *opt = tb_move_set(s, &n);
        uint64_t i = tb_act_arg(act);
        if (!opt || i >= (uint64_t)n)
            return GR_OK; /* the frame says so */
        if (s->x.mv_break == 3 && !break_ok(s, &opt[i]))
            return gr_error_set(err, GR_EILLEGAL,
                                "%s occupies the position %s left: straight ahead only",
                                s->b.units[u].id, s->b.units[s->x.mv_toward].id);
        if (s->x.mv_break && !break_ok(s, &opt[i]))
            return gr_error_set(err, GR_EILLEGAL,
                                "%s breaks through: it charges toward the nearest enemy, "
                                "%s (into contact, or ending nearer it)",
                                s->b.units[u].id, s->b.units[s->x.mv_toward].id);
        return GR_OK;
    }
    if (k == K_MOVE && !may_hold(s))
        return gr_error_set(err, GR_EILLEGAL,
                            "%s breaks through (« perce avec charge »): it must charge "
                            "toward %s; choose one of its moves",
                            s->b.units[u].id, s->b.units[s->x.mv_toward].id);
    if (k == K_POSE && s->x.mv_break)
        return gr_error_set(err, GR_EILLEGAL,
                            "%s moves after its combat (a breakthrough, or occupying the "
                            "position %s left): choose one of the listed moves",
                            s->b.units[u].id, s->b.units[s->x.mv_toward].id);
    return GR_OK;
}

/* The change of formation declared with the movement test follows the
 * move. */
static void aoe_moved(const tb_scenario *sc, tb_state *s, int u)
{
    (void)sc;
    apply_change(s, u, s->x.mv_change);
}

static void aoe_after_step(const tb_scenario *sc, tb_state *s)
{
    (void)sc;
    sync_zones(s);
}

static int aoe_answering(const tb_scenario *sc, const tb_state *s)
{
    int c = cc_charger(sc, s);
    return c >= 0 ? 1 - s->b.units[c].side : -1;
}

/* ---- words -------------------------------------------------------------------- */

static int tb_aoe_describe(const tb_state *s, gr_action act, char *buf, size_t cap)
{
    int k = tb_act_kind(act), u = tb_act_unit(act);
    const char *uid = u >= 0 && u < s->b.nunits ? s->b.units[u].id : "?";
    switch (k) {
    case K_MOVEMENT:
        if (tb_act_arg(act) > 0 && tb_act_arg(act) < (uint64_t)NCHANGES)
            return snprintf(buf, cap, "movement %s --formation %s", uid,
                            changes[tb_act_arg(act)].formation);
        return snprintf(buf, cap, "movement %s", uid);
    case K_BATTERY:
        if (tb_act_arg(act) > 2 && tb_act_arg(act) < (uint64_t)NBATTERY_ARGS)
            return snprintf(buf, cap, "battery %s --action pivot --turn %d", uid,
                            pivot_turn[tb_act_arg(act) - 3]);
        return snprintf(buf, cap, "battery %s --action %s", uid,
                        tb_act_arg(act) <= 2 ? battery_words[tb_act_arg(act)] : "?");
    default: return -1;
    }
}

static void aoe_action_json(const tb_state *s, gr_action a, json_t *o)
{
    (void)s;
    int k = tb_act_kind(a);
    uint64_t arg = tb_act_arg(a);
    if (k == K_MOVEMENT && arg > 0 && arg < (uint64_t)NCHANGES) {
        json_object_set_new(o, "formation", json_string(changes[arg].formation));
    } else if (k == K_BATTERY && arg <= 2) {
        json_object_set_new(o, "battery", json_string(battery_words[arg]));
    } else if (k == K_BATTERY && arg < (uint64_t)NBATTERY_ARGS) {
        json_object_set_new(o, "battery", json_string("pivot"));
        json_object_set_new(o, "turn", json_integer(pivot_turn[arg - 3]));
    }
}

static const char *const aoe_kind_words[K_COUNT] = {
    "die",           "next",          "initiative", "reserve", "movement", "move",
    "pose",          "fire",          "combat",     "battery", "attach",   "detach",
    "countercharge", "countercharge", "initiative", "general"};

/* The decisions as the log says them, in English and in French (the page
 * shows one language; the kind words are the command's words). */
static const char *const aoe_kind_said_en[K_COUNT] = {"die",
                                                      "next phase",
                                                      "initiative",
                                                      "reserve move",
                                                      "movement test",
                                                      "move",
                                                      "placed",
                                                      "fire",
                                                      "combat",
                                                      "battery",
                                                      "attach",
                                                      "detach",
                                                      "counter-charge",
                                                      "no counter-charge",
                                                      "initiative choice",
                                                      "general"};
static const char *const aoe_kind_said_fr[K_COUNT] = {"dé",
                                                      "phase suivante",
                                                      "initiative",
                                                      "mouvement de réserve",
                                                      "test de mouvement",
                                                      "mouvement",
                                                      "placé",
                                                      "tir",
                                                      "combat",
                                                      "batterie",
                                                      "se joint",
                                                      "quitte",
                                                      "contre-charge",
                                                      "pas de contre-charge",
                                                      "choix de l'initiative",
                                                      "général"};

static void aoe_unit_json(const tb_state *s, int unit, const tt_unit *u, json_t *o)
{
    (void)unit;
    if (u)
        json_object_set_new(
            o, "zone",
            json_string(tt_in_reserve_zone(&s->t, u, TB_RESERVE_ZONE) ? "reserve" : "tactical"));
}

static int aoe_unit_notes(const tb_state *s, int unit, const tt_unit *u, char *buf, size_t cap)
{
    const gr_bt_unit *bu = &s->b.units[unit];
    return snprintf(buf, cap, "%s%s%s",
                    tt_in_reserve_zone(&s->t, u, TB_RESERVE_ZONE) ? "reserve zone"
                                                                  : "tactical zone",
                    bu->disordered ? ", disordered" : "", bu->guns_silenced ? ", silenced" : "");
}

/* ---- the battle file's words ---------------------------------------------------- */

/* The aoe formations of the order of battle (docs/oob.md) and how the table
 * lays them out (docs/rules/aoe.md "On the table: formations"): a supported
 * line stands as a line, a road column as a march column. */
static const tb_formation_word aoe_formations[] = {
    {"line", 1u << GR_BT_INFANTRY | 1u << GR_BT_CAVALRY, TT_LINE},
    {"supported_line", 1u << GR_BT_INFANTRY, TT_LINE},
    {"column", 1u << GR_BT_INFANTRY | 1u << GR_BT_CAVALRY, TT_COLUMN},
    {"road_column", 1u << GR_BT_INFANTRY | 1u << GR_BT_CAVALRY, TT_MARCH},
    {"square", 1u << GR_BT_INFANTRY, TT_SQUARE},
    {"skirmish", 1u << GR_BT_INFANTRY, TT_SKIRMISH},
    {"unlimbered", 1u << GR_BT_ARTILLERY, TT_BATTERY},
    {"limbered", 1u << GR_BT_ARTILLERY, TT_LIMBERED},
};

int tb_formation_of(gr_bt_arm arm, const char *word)
{
    return tb_join_formation(&tb_join_aoe, arm, word);
}

/* The cover value of a feature when the file gives none (docs/rules/aoe.md
 * "On the table: cover"): light cover 1, heavy cover 2. */
static int aoe_default_cover(const tt_table *t, tt_kind k)
{
    tt_cover c = t->kinds[k].cover;
    return c == TT_COVER_HEAVY ? 2 : c == TT_COVER_LIGHT ? 1 : 0;
}

static int32_t aoe_judge(const tb_scenario *sc, const tb_state *s, int player, int ahead)
{
    return tb_judge_common(sc, s, player, ahead);
}

const tb_join tb_join_aoe = {
    .system = "aoe",
    .type = "aoe-table",
    .name = "L'Âge des Aigles",
    .game = &tb_game_aoe_table,
    .table_system = TT_AOE,
    .formations = aoe_formations,
    .nformations = (int)(sizeof aoe_formations / sizeof aoe_formations[0]),
    .default_cover = aoe_default_cover,
    .nchanges = NCHANGES,
    .nbattery = NBATTERY_ARGS,
    .fire_arc = {1, 1}, /* TT_ARC_45 */
    .fire_range = fire_range,
    .mover = mover_of,
    .init = NULL,
    .answering = aoe_answering,
    .actions = aoe_actions,
    .call_of = call_of,
    .step = aoe_step,
    .after_test = after_test,
    .moved = aoe_moved,
    .after_step = aoe_after_step,
    .move_ok = aoe_move_ok,
    .hold_listed = aoe_hold_listed,
    .move_refused = aoe_move_refused,
    .describe = tb_aoe_describe,
    .action_json = aoe_action_json,
    .kind_words = aoe_kind_words,
    .kind_said = {aoe_kind_said_en, aoe_kind_said_fr},
    .unit_json = aoe_unit_json,
    .unit_notes = aoe_unit_notes,
    .judge = aoe_judge,
};
