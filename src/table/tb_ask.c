/* tb_ask.c - the questions a page asks of a battle on the table (tb.h,
 * game.h's sight_json, measure_json, reach_json, check_json, odds_json):
 * a unit's fire arc, bands and targets; the ruler; where the unit whose
 * move is chosen may go; a dry run of an action; the odds of a test.
 *
 * Every answer is the rules': distances, arcs, sight and moves are the
 * table's exact predicates (tabletop.h), legality is the game's own check
 * (tb_game_check), the odds are the companion's test run on every face of
 * its dice (gr_battle_do_exact).  Lengths reported as numbers are rounded
 * up to the thousandth of an inch (the table's unit), as the range a test
 * is given (tb_game.c, dist_ceil); nothing here decides with them.
 * docs/api.md, "A battle on the table", gives the shapes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/tb.h"

/* ---- small helpers ------------------------------------------------------------ */

static json_t *in_json(int64_t milli)
{
    return json_real((double)milli / TT_UNITS_PER_INCH);
}

static json_t *pt_json(tt_pt p)
{
    return json_pack("[oo]", in_json(p.x), in_json(p.y));
}

static const tt_unit *unit_on(const tt_table *t, int id)
{
    for (int i = 0; i < t->nunits; i++)
        if (t->units[i].id == id)
            return &t->units[i];
    return NULL;
}

/* sqrt(d2) rounded up to a table unit */
static int64_t len_ceil(tt_q d2)
{
    int64_t f = tt_dist_floor(d2);
    return tt_q_cmp_len(d2, f) == 0 ? f : f + 1;
}

/* The point of [a,b] nearest to p, rounded to the nearest table unit (for
 * drawing only). */
static tt_pt nearest_on(tt_pt p, tt_pt a, tt_pt b)
{
    tt_i128 dx = (tt_i128)b.x - a.x, dy = (tt_i128)b.y - a.y;
    tt_i128 len = dx * dx + dy * dy, dot = ((tt_i128)p.x - a.x) * dx + ((tt_i128)p.y - a.y) * dy;
    if (len == 0 || dot <= 0)
        return a;
    if (dot >= len)
        return b;
    tt_i128 nx = dx * dot, ny = dy * dot;
    tt_pt q;
    q.x = (tt_coord)(a.x + (nx >= 0 ? (2 * nx + len) / (2 * len) : -((-2 * nx + len) / (2 * len))));
    q.y = (tt_coord)(a.y + (ny >= 0 ? (2 * ny + len) / (2 * len) : -((-2 * ny + len) / (2 * len))));
    return q;
}

/* The nearest points of the polygons a and b (corners to edges, both
 * ways): *pa on a, *pb on b; *best their squared distance, exact. */
static void nearest_pts(const tt_pt *a, int na, const tt_pt *b, int nb, tt_pt *pa, tt_pt *pb,
                        tt_q *best, int *have)
{
    for (int pass = 0; pass < 2; pass++) {
        const tt_pt *v = pass ? b : a, *e = pass ? a : b;
        int nv = pass ? nb : na, ne = pass ? na : nb;
        for (int i = 0; i < nv; i++)
            for (int j = 0; j < ne; j++) {
                tt_pt e0 = e[j], e1 = e[ne == 1 ? j : (j + 1) % ne];
                tt_q d = tt_dist2_pt_seg(v[i], e0, e1);
                if (*have && tt_q_cmp(d, *best) >= 0)
                    continue;
                *best = d;
                *have = 1;
                tt_pt q = nearest_on(v[i], e0, e1);
                *pa = pass ? q : v[i];
                *pb = pass ? v[i] : q;
            }
    }
}

/* A feature's or a unit's name for a person. */
static json_t *obstacle(const tb_scenario *sc, const void *st, int feature, int unit)
{
    if (feature >= 0)
        return json_string(sc->feature_name[feature][0]
                               ? sc->feature_name[feature]
                               : tt_kind_name(tb_game_table(st)->features[feature].kind));
    if (unit >= 0)
        return json_string(tb_game_battle(st)->units[unit].name);
    return json_string("two obstacles touching");
}

/* The sight line of u toward the polygon v (a target's stand corners, or a
 * point): from the corner of u's front rank nearest to v to v's corner
 * nearest to it.  Its blocker, if any, is what a page names. */
static void sight_line(const tt_unit *u, const tt_pt *v, int nv, tt_pt *a, tt_pt *b)
{
    int64_t best = -1;
    for (int i = 0; i < u->nstands && u->row[i] == 0; i++)
        for (int k = 0; k < 2; k++)
            for (int m = 0; m < nv; m++) {
                int64_t dx = (int64_t)v[m].x - u->st[i].c[k].x,
                        dy = (int64_t)v[m].y - u->st[i].c[k].y;
                if (best < 0 || dx * dx + dy * dy < best) {
                    best = dx * dx + dy * dy;
                    *a = u->st[i].c[k];
                    *b = v[m];
                }
            }
}

static json_t *blocker_of(const tb_scenario *sc, const void *st, tt_pt a, tt_pt b, int skip1,
                          int skip2)
{
    int f, w;
    if (tt_los_blocker(tb_game_table(st), a, b, skip1, skip2, &f, &w))
        return json_null();
    return obstacle(sc, st, f, w);
}

/* The fire bands of unit u: their limits and names. */
static int bands_of(const gr_bt_unit *bu, int64_t *lim, char (*name)[16])
{
    int n = gr_bt_aoe_fire_bands(bu, lim, 8);
    if (n > 8)
        n = 8;
    for (int i = 0; i < n; i++) {
        if (bu->arm == GR_BT_ARTILLERY) {
            char in[24];
            gr_milli_str(lim[i], in, sizeof in);
            snprintf(name[i], sizeof name[i], "%.12s\"", in);
        } else {
            snprintf(name[i], sizeof name[i], "musketry");
        }
    }
    return n;
}

/* ---- sight: arcs, bands, targets ------------------------------------------------ */

json_t *tb_ask_sight(const void *scv, const void *st, int unit)
{
    const tb_scenario *sc = scv;
    const tt_table *t = tb_game_table(st);
    const gr_battle *b = tb_game_battle(st);
    const tt_unit *u = unit_on(t, unit);
    if (!u || unit < 0 || unit >= b->nunits)
        return NULL;
    const gr_bt_unit *bu = &b->units[unit];
    int64_t lim[8];
    char names[8][16];
    const tb_join *j = tb_join_of(sc);
    int nb = j->fire_bands ? j->fire_bands(bu, lim, names, 8) : bands_of(bu, lim, names);
    int64_t reach = nb > 0 ? lim[nb - 1] : 0;
    tt_arc arc = j->arc_of ? j->arc_of(bu) : j->fire_arc;
    /* the arc's side at `reach` ahead: reach x tan (a 45-degree arc: reach) */
    int64_t side = (int64_t)tt_isqrt((tt_u128)reach * (tt_u128)reach * (tt_u128)arc.tan2_num /
                                     (tt_u128)arc.tan2_den);
    json_t *bands = json_array(), *targets = json_array();
    for (int i = 0; i < nb; i++)
        json_array_append_new(bands,
                              json_pack("{ssso}", "name", names[i], "inches", in_json(lim[i])));
    /* the arc (TT_ARC_45): straight ahead of the front, out to 45 degrees
     * from its two ends, drawn as far ahead as the last band */
    tt_pt l, r;
    tt_unit_front(u, &l, &r);
    json_t *poly =
        json_pack("[oooo]", pt_json(r), pt_json(tt_offset(r, u->pose.face, reach, side, 0)),
                  pt_json(tt_offset(l, u->pose.face, reach, -side, 0)), pt_json(l));
    json_t *arcs = json_pack("[{ssso}]", "kind", "fire", "polygon", poly);
    for (int i = 0; i < t->nunits; i++) {
        const tt_unit *e = &t->units[i];
        if (e->side == u->side)
            continue;
        int in_arc = 0;
        for (int k = 0; k < u->nstands && u->row[k] == 0 && !in_arc; k++)
            for (int m = 0; m < e->nstands && !in_arc; m++)
                in_arc = tt_in_arc(&u->st[k], u->pose.face, arc, &e->st[m]);
        int sees = tt_los_unit(t, u, e);
        json_t *blocked = json_null();
        if (!sees) {
            tt_pt a = u->pose.at, c = e->pose.at;
            tt_pt corners[TT_MAX_STANDS * 4];
            for (int m = 0; m < e->nstands; m++)
                memcpy(&corners[4 * m], e->st[m].c, sizeof e->st[m].c);
            sight_line(u, corners, 4 * e->nstands, &a, &c);
            json_decref(blocked);
            blocked = blocker_of(sc, st, a, c, u->id, e->id);
        }
        int band = tt_range_band(u, e, lim, nb);
        json_array_append_new(
            targets,
            json_pack("{sisssosbsbsosbso}", "unit", e->id, "id", b->units[e->id].id, "inches",
                      in_json(len_ceil(tt_unit_dist2(u, e))), "in_arc", in_arc, "sight", sees,
                      "blocked_by", blocked, "may_fire", tt_can_fire(t, u, e, reach, arc), "band",
                      band < nb ? json_string(names[band]) : json_null()));
    }
    return json_pack("{sisssososo}", "unit", unit, "id", bu->id, "arcs", arcs, "bands", bands,
                     "targets", targets);
}

/* ---- the ruler -------------------------------------------------------------------- */

json_t *tb_ask_measure(const void *scv, const void *st, int player, int from, int to,
                       const char *xs, const char *ys, gr_error *err)
{
    (void)player; /* nothing on the table is hidden (docs/rules/aoe.md) */
    const tb_scenario *sc = scv;
    const tt_table *t = tb_game_table(st);
    const tt_unit *u = from >= 0 ? unit_on(t, from) : NULL, *v = NULL;
    if (!u) {
        gr_error_set(err, GR_EINPUT,
                     "unit %d is not on the table (not yet arrived, out of play, or no such "
                     "unit): from=U is an index of the view's \"units\" with a \"pose\"",
                     from);
        return NULL;
    }
    tt_pt p = {0, 0};
    if (to >= 0) {
        if (!(v = unit_on(t, to))) {
            gr_error_set(err, GR_EINPUT,
                         "unit %d is not on the table: to=T is an index of the view's \"units\" "
                         "with a \"pose\"",
                         to);
            return NULL;
        }
    } else {
        int64_t x, y;
        if (!xs || !ys || !tb_parse_inches(xs, &x) || !tb_parse_inches(ys, &y) || x < t->lo.x ||
            x > t->hi.x || y < t->lo.y || y > t->hi.y) {
            gr_error_set(err, GR_EINPUT,
                         "give to=T (a unit) or x=X&y=Y, a point on the table in %s (at most "
                         "three decimals, 0 to %g by 0 to %g)",
                         strcmp(tb_unit_abbr(tb_join_of(sc)), "cm") ? "inches" : "cm",
                         (double)t->hi.x / TT_UNITS_PER_INCH, (double)t->hi.y / TT_UNITS_PER_INCH);
            return NULL;
        }
        p.x = (tt_coord)x;
        p.y = (tt_coord)y;
    }
    /* the nearest points, stand to stand (or stand to point) */
    tt_pt pa = u->pose.at, pb = v ? v->pose.at : p;
    tt_q best = {0, 1};
    int have = 0;
    for (int i = 0; i < u->nstands; i++)
        for (int j = 0; j < (v ? v->nstands : 1); j++)
            nearest_pts(u->st[i].c, 4, v ? v->st[j].c : &p, v ? 4 : 1, &pa, &pb, &best, &have);
    tt_q d2 = v ? tt_unit_dist2(u, v) : best;
    int sees = 0;
    tt_pt sa = u->pose.at, sb = pb;
    if (v) {
        sees = tt_los_unit(t, u, v);
        tt_pt corners[TT_MAX_STANDS * 4];
        for (int m = 0; m < v->nstands; m++)
            memcpy(&corners[4 * m], v->st[m].c, sizeof v->st[m].c);
        sight_line(u, corners, 4 * v->nstands, &sa, &sb);
    } else {
        for (int i = 0; i < u->nstands && u->row[i] == 0 && !sees; i++)
            for (int k = 0; k < 2 && !sees; k++)
                sees = tt_los_pt(t, u->st[i].c[k], p, u->id, -1);
        sight_line(u, &p, 1, &sa, &sb);
    }
    json_t *blocked = json_array();
    if (!sees) {
        json_t *o = blocker_of(sc, st, sa, sb, u->id, v ? v->id : -1);
        if (json_is_string(o))
            json_array_append(blocked, o);
        json_decref(o);
    }
    return json_pack("{sisososos[oo]sbsos[oo]}", "from", from, "to",
                     v ? json_integer(to) : json_null(), "point", pt_json(pb), "inches",
                     in_json(len_ceil(d2)), "line", pt_json(pa), pt_json(pb), "sight", sees,
                     "blocked_by", blocked, "sight_line", pt_json(sa), pt_json(sb));
}

/* ---- the move to be chosen --------------------------------------------------------- */

/* A facing as a compass bearing in degrees (0 north, 90 east), for a page
 * (display only: rounded to a tenth). */
static double bearing(tt_dir d)
{
    double deg = atan2((double)d.x, (double)d.y) * 180.0 / 3.14159265358979323846;
    if (deg < 0)
        deg += 360.0;
    return round(deg * 10.0) / 10.0;
}

static json_t *pose_brief(tt_pose p)
{
    return json_pack("{sosfs[ii]}", "at", pt_json(p.at), "facing", bearing(p.face), "face",
                     p.face.x, p.face.y);
}

/* What a move or a pose costs unit u: the least allowance (in table
 * units) with which the table's own check accepts it, found by halving
 * between 0 and `allow` (which accepts it).  -1 if `allow` does not. */
static int64_t cost_of(const tt_table *t, int u, const tt_mover *mv0, const tt_move *m,
                       const tt_pose *pose)
{
    tt_mover mv = *mv0;
    tt_verdict v;
    int64_t lo = -1, hi = mv0->allowance;
    for (int first = 1;; first = 0) {
        int64_t mid = first ? hi : lo + (hi - lo) / 2;
        mv.allowance = mid;
        gr_status s =
            m ? tt_check_move(t, u, &mv, m, &v, NULL) : tt_check_pose(t, u, &mv, *pose, &v, NULL);
        int ok = s == GR_OK && v.ok;
        if (first && !ok)
            return -1;
        if (!first) {
            if (ok)
                hi = mid;
            else
                lo = mid;
        }
        if (hi - lo <= 1)
            return hi;
    }
}

/* The result that gave the allowance, in words (the state keeps the
 * allowance, not the table's line: docs/rules/aoe.md « On the table »). */
static void result_words(const gr_bt_unit *bu, int brk, int64_t allow, char *buf, size_t cap)
{
    int64_t nominal = gr_bt_aoe_speed(bu, "nominal");
    char in[24];
    gr_milli_str(allow, in, sizeof in);
    if (brk == 1)
        snprintf(buf, cap,
                 "breakthrough: it charges at half speed toward the nearest enemy "
                 "(« perce avec charge à demi-vitesse »)");
    else if (brk == 2)
        snprintf(buf, cap,
                 "it occupies the position the enemy left or breaks through at half "
                 "speed (« occupe la position évacuée ... ou perce »)");
    else if (brk == 3)
        snprintf(buf, cap,
                 "it occupies the position the enemy left (« occupe la position "
                 "évacuée »), straight ahead up to %s\"",
                 in);
    else if (bu->arm == GR_BT_ARTILLERY)
        snprintf(buf, cap, "the battery moves limbered, at its nominal speed (%s\")", in);
    else if (allow == nominal)
        snprintf(buf, cap, "full move: its nominal speed, %s\"", in);
    else if (allow * 2 == nominal)
        snprintf(buf, cap, "half move: %s\"", in);
    else
        snprintf(buf, cap,
                 "a move of %s\" (its change of formation priced by the Table des "
                 "vitesses)",
                 in);
}

json_t *tb_ask_reach(const void *scv, const void *st, int player, int unit, gr_error *err)
{
    (void)player;
    const tt_table *t = tb_game_table(st);
    const gr_battle *b = tb_game_battle(st);
    int mu = tb_game_move_unit(st);
    const tt_unit *u = unit_on(t, unit);
    if (mu < 0 || unit != mu || !u) {
        gr_error_set(err, GR_EILLEGAL, "unit %d is not the unit whose move is to be chosen%s%s%s",
                     unit,
                     mu >= 0 ? ": "
                             : " (none is now: a unit's move is chosen after its movement "
                               "test, a battery's move or a combat it won)",
                     mu >= 0 ? b->units[mu].id : "", mu >= 0 ? " is" : "");
        return NULL;
    }
    const gr_game_type *ty = tb_join_of(scv)->game;
    int64_t allow = tb_game_move_allowance(st);
    int brk = tb_game_move_after_combat(st);
    tt_mover mv;
    tb_game_mover(st, unit, allow, &mv);
    char words[256];
    if (tb_join_of(scv)->move_words)
        tb_join_of(scv)->move_words(st, unit, brk, allow, words, sizeof words);
    else
        result_words(&b->units[unit], brk, allow, words, sizeof words);
    json_t *moves = json_array(), *area = json_array();
    gr_action *all = malloc((size_t)ty->max_actions * sizeof *all);
    int n = all ? ty->legal_actions(scv, st, all, ty->max_actions) : 0, nopt = 0;
    const tt_option *opt = tb_game_moves(st, &nopt);
    for (int i = 0; i < n; i++) {
        int uu, oi;
        tt_pose end;
        if (!tb_game_action_pose(st, all[i], &uu, &end, &oi))
            continue;
        char text[256];
        ty->describe(scv, st, all[i], text, sizeof text);
        int64_t cost = oi >= 0 && oi < nopt ? cost_of(t, unit, &mv, &opt[oi].move, NULL) : 0;
        json_array_append_new(moves,
                              json_pack("{sisssossso}", "action", i, "text", text, "pose",
                                        pose_brief(end), "formation", tt_formation_name(end.form),
                                        "cost", cost >= 0 ? in_json(cost) : json_null()));
    }
    free(all);
    /* where its front centre may end as a pose a person drags (its facing
     * and formation kept): each 1" cell whose centre the table's check
     * accepts, a row's neighbours joined; none after a combat, whose moves
     * are the listed ones */
    if (!brk && allow > 0) {
        const int64_t cell = TT_UNITS_PER_INCH;
        int64_t x0 = (u->pose.at.x - allow) / cell - 1, x1 = (u->pose.at.x + allow) / cell + 1;
        int64_t y0 = (u->pose.at.y - allow) / cell - 1, y1 = (u->pose.at.y + allow) / cell + 1;
        if (x0 < t->lo.x / cell)
            x0 = t->lo.x / cell;
        if (y0 < t->lo.y / cell)
            y0 = t->lo.y / cell;
        for (int64_t y = y0; y <= y1 && (y + 1) * cell <= t->hi.y; y++) {
            int64_t run = -1;
            for (int64_t x = x0; x <= x1 + 1; x++) {
                int ok = 0;
                if (x <= x1 && (x + 1) * cell <= t->hi.x) {
                    tt_pose p = u->pose;
                    p.at.x = (tt_coord)(x * cell + cell / 2);
                    p.at.y = (tt_coord)(y * cell + cell / 2);
                    tt_verdict v;
                    ok = tt_check_pose(t, unit, &mv, p, &v, NULL) == GR_OK && v.ok;
                }
                if (ok && run < 0)
                    run = x;
                if (!ok && run >= 0) {
                    tt_pt a = {(tt_coord)(run * cell), (tt_coord)(y * cell)};
                    tt_pt c = {(tt_coord)(x * cell), (tt_coord)((y + 1) * cell)};
                    json_array_append_new(area, json_pack("[oooo]", pt_json(a),
                                                          pt_json((tt_pt){c.x, a.y}), pt_json(c),
                                                          pt_json((tt_pt){a.x, c.y})));
                    run = -1;
                }
            }
        }
    }
    return json_pack("{sisssssosososo}", "unit", unit, "id", b->units[unit].id, "result", words,
                     "allowance", in_json(allow), "moves", moves, "area", area, "cell",
                     in_json(TT_UNITS_PER_INCH));
}

/* ---- a dry run ----------------------------------------------------------------------- */

static json_t *refused(const char *why)
{
    return json_pack("{sbss}", "legal", 0, "reason", why);
}

json_t *tb_ask_check(const void *scv, const void *st, int player, const char *text, gr_lang lang,
                     gr_error *err)
{
    (void)lang; /* the game's reasons are written in English, the sheets' words quoted */
    (void)err;
    const gr_game_type *ty = tb_join_of(scv)->game;
    const gr_battle *b = tb_game_battle(st);
    int cur = ty->current_player(scv, st);
    char why[GR_ERROR_MSG + 64];
    if (cur != player) {
        if (cur == GR_TERMINAL)
            snprintf(why, sizeof why, "the battle is over");
        else if (cur == GR_CHANCE)
            snprintf(why, sizeof why, "a die is awaited for the test under way");
        else
            snprintf(why, sizeof why, "the %s are to move, not the %s", b->side_name[cur],
                     player >= 0 && player < 2 ? b->side_name[player] : "spectators");
        return refused(why);
    }
    gr_action a;
    gr_error e;
    gr_error_clear(&e);
    if (ty->parse(scv, st, text, &a, &e) != GR_OK || tb_game_check(scv, st, a, &e) != GR_OK)
        return refused(e.msg);
    char said[256];
    ty->describe(scv, st, a, said, sizeof said);
    json_t *o = json_pack("{sbss}", "legal", 1, "text", said);
    int u, oi;
    tt_pose end;
    json_t *cost = json_null();
    if (tb_game_action_pose(st, a, &u, &end, &oi)) {
        tt_mover mv;
        tb_game_mover(st, u, tb_game_move_allowance(st), &mv);
        int nopt = 0;
        const tt_option *opt = tb_game_moves(st, &nopt);
        int pose = strncmp(said, "pose ", 5) == 0;
        int64_t c = pose                   ? cost_of(tb_game_table(st), u, &mv, NULL, &end)
                    : oi >= 0 && oi < nopt ? cost_of(tb_game_table(st), u, &mv, &opt[oi].move, NULL)
                                           : 0;
        json_decref(cost);
        cost = c >= 0 ? in_json(c) : json_null();
        json_object_set_new(o, "pose", pose_brief(end));
    }
    json_object_set_new(o, "cost", cost);
    return o;
}

/* ---- the odds of a test ------------------------------------------------------------ */

#define MAX_RESULTS 64

typedef struct odds_walk {
    const gr_battle *b;
    gr_battle *copy;
    gr_bt_outcome *out;
    int n;
    struct {
        char key[200], ids[96];
        int order;
        uint64_t num, den;
    } r[MAX_RESULTS];
    json_t *mods, *factors;
    int total;
    gr_roll_kind first;
    gr_status st;
    gr_error *err;
} odds_walk;

static uint64_t gcd64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* num/den += n/d, reduced */
static void q_add(uint64_t *num, uint64_t *den, uint64_t n, uint64_t d)
{
    uint64_t g = gcd64(*den, d);
    uint64_t nn = *num * (d / g) + n * (*den / g), dd = *den / g * d;
    g = gcd64(nn, dd);
    *num = nn / g;
    *den = dd / g;
}

static void leaf(odds_walk *w, uint64_t num, uint64_t den)
{
    const gr_resolution *r = &w->out->res;
    char key[200] = "", ids[96] = "";
    size_t k = 0, m = 0;
    for (int i = 0; w->out->resolved && i < r->nsteps; i++) {
        const gr_outcome *o = &r->steps[i].table->outcomes[r->steps[i].cell.outcome];
        k += (size_t)snprintf(key + k, k < sizeof key ? sizeof key - k : 0, "%s%s: %s",
                              i ? "; " : "", r->steps[i].what, o->label);
        m += (size_t)snprintf(ids + m, m < sizeof ids ? sizeof ids - m : 0, "%s%s", i ? "+" : "",
                              o->id);
        /* a number the cell adds (« une base supplémentaire ... »: its
         * extra_stands) makes a result of its own */
        const gr_cell *c = &r->steps[i].cell;
        for (int f = 0; f < c->nfields && k < sizeof key; f++)
            if (c->fields[f].kind == GR_F_INT && !(r->steps[i].silent & (1u << f)))
                k += (size_t)snprintf(key + k, sizeof key - k, " (%s %lld)", c->fields[f].key,
                                      (long long)c->fields[f].i);
        if (k >= sizeof key)
            k = sizeof key - 1;
        if (m >= sizeof ids)
            m = sizeof ids - 1;
    }
    if (!w->mods) {
        w->mods = json_array();
        w->factors = json_array();
        for (int i = 0; i < r->nmods; i++) {
            const gr_mod *md = &r->mods[i];
            if (md->kind == GR_MOD_MUL)
                json_array_append_new(w->factors,
                                      json_pack("{sss[ii]sbss}", "name", md->reason, "factor",
                                                md->num, md->den, "applied", md->applied, "source",
                                                md->source ? md->source : ""));
            if (md->kind != GR_MOD_DRM)
                continue;
            json_array_append_new(w->mods,
                                  json_pack("{sssisbsiss}", "name", md->reason, "value", md->value,
                                            "applied", md->applied, "side", md->side, "source",
                                            md->source ? md->source : ""));
        }
        w->total = r->nsteps > 0 ? r->steps[0].modifier : 0;
    }
    for (int i = 0; i < w->n; i++)
        if (!strcmp(w->r[i].key, key) && !strcmp(w->r[i].ids, ids)) {
            q_add(&w->r[i].num, &w->r[i].den, num, den);
            return;
        }
    if (w->n == MAX_RESULTS) {
        w->st = gr_error_set(w->err, GR_ERUNTIME, "the test has more than %d results", MAX_RESULTS);
        return;
    }
    strcpy(w->r[w->n].key, key);
    strcpy(w->r[w->n].ids, ids);
    /* the sheet's order: by the first table's result, then the next's */
    int order = 0;
    for (int i = 0; i < GR_MAX_STEPS; i++)
        order = order * 16 + (w->out->resolved && i < r->nsteps ? r->steps[i].cell.outcome + 1 : 0);
    w->r[w->n].order = order;
    w->r[w->n].num = num;
    w->r[w->n].den = den;
    w->n++;
}

/* Run the test with the dice in a, and with every face of the next roll
 * it asks for; probability num/den of those dice. */
static void walk(odds_walk *w, const gr_bt_action *a, uint64_t num, uint64_t den)
{
    if (w->st != GR_OK)
        return;
    gr_bt_action t = *a;
    gr_roll_kind need = GR_ROLL_NONE;
    const char *name = NULL;
    memcpy(w->copy, w->b, sizeof *w->copy);
    if ((w->st = gr_battle_do_exact(w->copy, &t, w->out, &need, &name, w->err)) != GR_OK)
        return;
    if (need == GR_ROLL_NONE) {
        leaf(w, num, den);
        return;
    }
    if (a->nrolls == 0)
        w->first = need;
    int lo, hi, parts = gr_roll_parts(need, &lo, &hi);
    if (parts < 1 || parts > 2 || a->nrolls + parts > (int)(sizeof a->rolls / sizeof a->rolls[0])) {
        w->st = gr_error_set(w->err, GR_ERUNTIME, "the test asks for more dice than it keeps");
        return;
    }
    for (int v0 = lo; v0 <= hi; v0++)
        for (int v1 = parts == 2 ? lo : 0; v1 <= (parts == 2 ? hi : 0); v1++) {
            uint32_t d0, d1 = 1, w0 = gr_roll_part_ways(need, v0, &d0), w1 = 1;
            if (parts == 2)
                w1 = gr_roll_part_ways(need, v1, &d1);
            if (!w0 || !w1)
                continue;
            gr_bt_action next = *a;
            next.rolls[next.nrolls++] = v0;
            if (parts == 2)
                next.rolls[next.nrolls++] = v1;
            uint64_t n2 = num * w0 * w1, d2 = den * d0 * d1, g = gcd64(n2, d2);
            walk(w, &next, n2 / g, d2 / g);
        }
}

static int by_order(const void *x, const void *y)
{
    const int *a = x, *b = y;
    return (*a > *b) - (*a < *b);
}

json_t *tb_ask_odds(const void *scv, const void *st, int player, gr_action a, gr_error *err)
{
    (void)player; /* nothing on the table is hidden (docs/rules/aoe.md) */
    gr_bt_action call;
    memset(&call, 0, sizeof call);
    if (!tb_game_test_call(scv, st, a, &call)) {
        gr_error_set(err, GR_EILLEGAL,
                     "that action is not a test with dice: odds are given for a fire or a "
                     "combat of the view's \"legal\"");
        return NULL;
    }
    call.nrolls = 0;
    odds_walk *w = calloc(1, sizeof *w);
    if (w) {
        w->copy = malloc(sizeof *w->copy);
        w->out = malloc(sizeof *w->out);
    }
    if (!w || !w->copy || !w->out) {
        if (w) {
            free(w->copy);
            free(w->out);
        }
        free(w);
        gr_error_set(err, GR_ERUNTIME, "out of memory working out the odds; try again");
        return NULL;
    }
    w->b = tb_game_battle(st);
    w->err = err;
    w->st = GR_OK;
    walk(w, &call, 1, 1);
    json_t *res = NULL;
    if (w->st == GR_OK) {
        /* the results in the order of the sheet's first table */
        int idx[MAX_RESULTS][2];
        for (int i = 0; i < w->n; i++) {
            idx[i][0] = w->r[i].order * MAX_RESULTS + i;
            idx[i][1] = i;
        }
        qsort(idx, (size_t)w->n, sizeof idx[0], by_order);
        json_t *results = json_array();
        for (int k = 0; k < w->n; k++) {
            int i = idx[k][1];
            char p[48];
            snprintf(p, sizeof p, "%llu/%llu", (unsigned long long)w->r[i].num,
                     (unsigned long long)w->r[i].den);
            double pc = round(1e4 * (double)w->r[i].num / (double)w->r[i].den) / 100.0;
            json_array_append_new(results, json_pack("{sssssssf}", "result", w->r[i].key, "id",
                                                     w->r[i].ids, "p", p, "percent", pc));
        }
        res = json_pack("{sssssosisoso}", "test", call.call.verb, "roll", gr_roll_name(w->first),
                        "modifiers", w->mods ? w->mods : json_array(), "total", w->total, "factors",
                        w->factors ? w->factors : json_array(), "results", results);
    } else {
        json_decref(w->mods);
        json_decref(w->factors);
    }
    free(w->copy);
    free(w->out);
    free(w);
    return res;
}
