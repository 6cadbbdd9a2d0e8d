/* tt_terrain.c - the table: terrain features, units placed, and what the
 * ground does to a move or a line of sight. */
#include <stddef.h>
#include <string.h>

#include "tt_internal.h"

static const char *const kind_names[TT_NKINDS] = {
    "wood",  "town",  "river", "stream", "road",  "bridge", "ford",
    "marsh", "rough", "hill",  "crest",  "hedge", "wall",   "works",
};

const char *tt_kind_name(tt_kind k)
{
    return (unsigned)k < TT_NKINDS ? kind_names[k] : "?";
}

/* What each kind does (docs/rules/SYSTEM.md "On the table: measuring"):
 * going from the speed tables' columns (aoe "Difficile", nf "Rough
 * Terrain. Woods, ...", rff "Terrain handicap." / "Terrain difficile"),
 * cover from the fire and melee modifiers (nf "-1 Target is in woods ...",
 * "-2 Target deployed in a town"; aoe "à couvert (selon scénario)"). */
static const tt_kind_fx kind_defaults[TT_NKINDS] = {
    [TT_WOOD] = {TT_GO_ROUGH, TT_COVER_LIGHT, 1, 0},
    [TT_TOWN] = {TT_GO_ROUGH, TT_COVER_HEAVY, 1, 0},
    [TT_RIVER] = {TT_GO_NONE, TT_COVER_NONE, 0, 1},
    [TT_STREAM] = {TT_GO_FORD, TT_COVER_NONE, 0, 1},
    [TT_ROAD] = {TT_GO_ROAD, TT_COVER_NONE, 0, 1},
    [TT_BRIDGE] = {TT_GO_CLEAR, TT_COVER_NONE, 0, 0},
    [TT_FORD] = {TT_GO_FORD, TT_COVER_NONE, 0, 0},
    [TT_MARSH] = {TT_GO_DIFFICULT, TT_COVER_NONE, 0, 0},
    [TT_ROUGH] = {TT_GO_ROUGH, TT_COVER_NONE, 0, 0},
    [TT_HILL] = {TT_GO_CLEAR, TT_COVER_NONE, 0, 0},
    [TT_CREST] = {TT_GO_CLEAR, TT_COVER_NONE, 1, 1},
    /* the linear obstacles (docs/rules/aoe.md "On the table: measuring"):
     * their cover is a unit's behind them (tt_behind_line), nf's "-1
     * Target is ... behind a hedge", "-2 Target ... behind a stone wall, in
     * entrenchment or works"; they neither slow a move nor block sight */
    [TT_HEDGE] = {TT_GO_CLEAR, TT_COVER_LIGHT, 0, 1, 1},
    [TT_WALL] = {TT_GO_CLEAR, TT_COVER_HEAVY, 0, 1, 1},
    [TT_WORKS] = {TT_GO_CLEAR, TT_COVER_HEAVY, 0, 1, 1},
};

tt_kind_fx tt_kind_default(tt_system sys, tt_kind k)
{
    tt_kind_fx none = {TT_GO_CLEAR, TT_COVER_NONE, 0, 0, 0};
    if ((unsigned)k >= TT_NKINDS)
        return none;
    tt_kind_fx fx = kind_defaults[k];
    /* rff prints two grades of bad going: a wood is "handicapant", a marsh
     * "difficile"; aoe and nf have one column ("Difficile", "Rough"), which
     * the rules layer gives to both gradings. */
    /* rff's « Escalade d'un obstacle majeur »: a wall and works are major
     * obstacles there (docs/rules/rff.md "On the table"); the other systems
     * print no rule for crossing one */
    if (sys == TT_RFF && (k == TT_WALL || k == TT_WORKS))
        fx.obstacle = 2;
    return fx;
}

tt_base tt_unit_base(const tt_table *t, const tt_unit *u)
{
    if (u->pose.form == TT_LIMBERED)
        return t->bases[TT_LIMBER];
    return t->bases[(unsigned)u->arm < TT_NARMS ? u->arm : TT_INFANTRY];
}

void tt_table_init(tt_table *t, tt_system sys, tt_coord w, tt_coord h)
{
    memset(t, 0, sizeof *t);
    t->sys = sys;
    t->hi.x = w < 0 ? 0 : w > TT_COORD_MAX ? TT_COORD_MAX : w;
    t->hi.y = h < 0 ? 0 : h > TT_COORD_MAX ? TT_COORD_MAX : h;
    for (int a = 0; a < TT_NARMS; a++)
        t->bases[a] = tt_base_default(sys, (tt_arm)a);
    for (int k = 0; k < TT_NKINDS; k++) {
        /* member by member: the struct's padding keeps the memset's zeros
         * (a copy of the whole struct may write garbage there), so that the
         * table hashes the same as bytes in every process (a scenario's
         * digest, checked when a save is replayed; tb_game.c's move cache) */
        tt_kind_fx fx = tt_kind_default(sys, (tt_kind)k);
        t->kinds[k].going = fx.going;
        t->kinds[k].cover = fx.cover;
        t->kinds[k].blocks_sight = fx.blocks_sight;
        t->kinds[k].polyline = fx.polyline;
        t->kinds[k].obstacle = fx.obstacle;
    }
    t->contact = TT_CONTACT_DEFAULT;
}

void tt_table_copy(tt_table *to, const tt_table *from)
{
    size_t units = offsetof(tt_table, units) + (size_t)from->nunits * sizeof from->units[0];
    size_t at = offsetof(tt_table, nfeatures);
    size_t features =
        offsetof(tt_table, features) - at + (size_t)from->nfeatures * sizeof from->features[0];
    memcpy(to, from, units);
    memcpy((char *)to + at, (const char *)from + at, features);
}

static void box_of(const tt_pt *v, int n, tt_pt *lo, tt_pt *hi)
{
    *lo = *hi = v[0];
    for (int i = 1; i < n; i++)
        tt_box_add(lo, hi, v[i], v[i]);
}

void tt_unit_box(tt_unit *u)
{
    tt_pt lo, hi;
    tt_stand_box(&u->st[0], &u->lo, &u->hi);
    for (int i = 1; i < u->nstands; i++) {
        tt_stand_box(&u->st[i], &lo, &hi);
        tt_box_add(&u->lo, &u->hi, lo, hi);
    }
}

gr_status tt_table_add_feature(tt_table *t, const tt_feature *f, gr_error *err)
{
    if (t->nfeatures >= TT_MAX_FEATURES)
        return gr_error_set(err, GR_EINPUT, "feature %d: the table holds at most %d features",
                            t->nfeatures, TT_MAX_FEATURES);
    if ((unsigned)f->kind >= TT_NKINDS)
        return gr_error_set(err, GR_EINPUT, "feature %d: unknown kind %d", t->nfeatures,
                            (int)f->kind);
    int line = t->kinds[f->kind].polyline;
    if (f->n < (line ? 2 : 3) || f->n > TT_MAX_VERTS)
        return gr_error_set(err, GR_EINPUT, "feature %d (%s): %d vertices (accepted: %d to %d)",
                            t->nfeatures, tt_kind_name(f->kind), f->n, line ? 2 : 3, TT_MAX_VERTS);
    for (int i = 0; i < f->n; i++)
        if (f->v[i].x < t->lo.x || f->v[i].x > t->hi.x || f->v[i].y < t->lo.y ||
            f->v[i].y > t->hi.y)
            return gr_error_set(err, GR_EINPUT,
                                "feature %d (%s): vertex %d at (%d,%d) is off the table "
                                "(%d,%d)-(%d,%d)",
                                t->nfeatures, tt_kind_name(f->kind), i, f->v[i].x, f->v[i].y,
                                t->lo.x, t->lo.y, t->hi.x, t->hi.y);
    if (!line) { /* a simple polygon: edges meet only their neighbours, at the shared vertex */
        for (int i = 0; i < f->n; i++)
            for (int j = i + 1; j < f->n; j++) {
                tt_pt a = f->v[i], b = f->v[(i + 1) % f->n];
                tt_pt c = f->v[j], d = f->v[(j + 1) % f->n];
                int adjacent = j == i + 1 || (i == 0 && j == f->n - 1);
                int m = tt_seg_meet(a, b, c, d);
                if ((!adjacent && m) ||
                    (adjacent &&
                     (m == 2 || (j == i + 1 ? tt_on_segment(c, d, a) || tt_on_segment(a, b, d)
                                            : tt_on_segment(c, d, b) || tt_on_segment(a, b, c)))))
                    return gr_error_set(err, GR_EINPUT,
                                        "feature %d (%s): edges %d and %d meet: an area must be a "
                                        "simple polygon (split it in two)",
                                        t->nfeatures, tt_kind_name(f->kind), i, j);
            }
    }
    tt_feature *g = &t->features[t->nfeatures];
    *g = *f;
    box_of(g->v, g->n, &g->lo, &g->hi);
    t->nfeatures++;
    return GR_OK;
}

tt_unit *tt_table_unit(tt_table *t, int id)
{
    for (int i = 0; i < t->nunits; i++)
        if (t->units[i].id == id)
            return &t->units[i];
    return NULL;
}

int tt_overlap_any(const tt_table *t, const tt_unit *u, int skip)
{
    for (int i = 0; i < t->nunits; i++) {
        const tt_unit *o = &t->units[i];
        if (o->id == skip || o->id == u->id || !tt_box_meet(u->lo, u->hi, o->lo, o->hi))
            continue;
        for (int a = 0; a < u->nstands; a++)
            for (int b = 0; b < o->nstands; b++)
                if (tt_convex_overlap(u->st[a].c, 4, o->st[b].c, 4))
                    return o->id;
    }
    return -1;
}

int tt_on_table(const tt_table *t, const tt_unit *u)
{
    return u->lo.x >= t->lo.x && u->lo.y >= t->lo.y && u->hi.x <= t->hi.x && u->hi.y <= t->hi.y;
}

/* 1 if an area feature of kind `k` (bridge or ford) overlaps the stand */
static int stand_in_kind(const tt_table *t, const tt_stand *s, tt_pt lo, tt_pt hi, tt_kind k)
{
    for (int i = 0; i < t->nfeatures; i++) {
        const tt_feature *f = &t->features[i];
        if (f->kind != k || !tt_box_meet(lo, hi, f->lo, f->hi))
            continue;
        for (int c = 0; c < 4; c++)
            if (tt_point_in_poly(f->v, f->n, s->c[c]) >= 0)
                return 1;
        for (int v = 0; v < f->n; v++)
            if (tt_point_in_poly(s->c, 4, f->v[v]) >= 0)
                return 1;
    }
    return 0;
}

int tt_on_impassable(const tt_table *t, const tt_unit *u)
{
    for (int i = 0; i < t->nfeatures; i++) {
        const tt_feature *f = &t->features[i];
        if (t->kinds[f->kind].going != TT_GO_NONE || !tt_box_meet(u->lo, u->hi, f->lo, f->hi))
            continue;
        for (int s = 0; s < u->nstands; s++) {
            const tt_stand *st = &u->st[s];
            tt_pt lo, hi;
            tt_stand_box(st, &lo, &hi);
            if (!tt_box_meet(lo, hi, f->lo, f->hi))
                continue;
            int hit = 0;
            if (t->kinds[f->kind].polyline) {
                for (int v = 0; v + 1 < f->n && !hit; v++)
                    hit = tt_seg_enters_poly(f->v[v], f->v[v + 1], st->c, 4);
                if (hit && (stand_in_kind(t, st, lo, hi, TT_BRIDGE) ||
                            stand_in_kind(t, st, lo, hi, TT_FORD)))
                    hit = 0;
            } else {
                /* the area and the stand share interior points */
                for (int c = 0; c < 4 && !hit; c++)
                    hit = tt_point_in_poly(f->v, f->n, st->c[c]) == 1 ||
                          tt_seg_enters_poly(st->c[c], st->c[(c + 1) % 4], f->v, f->n);
                for (int v = 0; v < f->n && !hit; v++)
                    hit = tt_point_in_poly(st->c, 4, f->v[v]) == 1;
            }
            if (hit)
                return 1;
        }
    }
    return 0;
}

int tt_unit_fits(const tt_table *t, const tt_unit *u)
{
    if ((unsigned)u->arm >= TT_NARMS || (u->side != 0 && u->side != 1))
        return 0;
    tt_unit n = *u;
    return tt_unit_layout(&n, tt_unit_base(t, &n), NULL) == GR_OK && tt_on_table(t, &n) &&
           tt_overlap_any(t, &n, -1) < 0 && !tt_on_impassable(t, &n);
}

gr_status tt_table_add_unit(tt_table *t, const tt_unit *u, gr_error *err)
{
    if (t->nunits >= TT_MAX_UNITS)
        return gr_error_set(err, GR_EINPUT, "unit %d: the table holds at most %d units", u->id,
                            TT_MAX_UNITS);
    if (tt_table_unit(t, u->id))
        return gr_error_set(err, GR_EINPUT, "unit %d: that id is already on the table", u->id);
    if ((unsigned)u->arm >= TT_NARMS || (u->side != 0 && u->side != 1))
        return gr_error_set(err, GR_EINPUT, "unit %d: arm %d side %d (arms 0-%d, sides 0 or 1)",
                            u->id, (int)u->arm, u->side, TT_NARMS - 1);
    tt_unit n = *u;
    gr_status st = tt_unit_layout(&n, tt_unit_base(t, &n), err);
    if (st != GR_OK)
        return st;
    if (!tt_on_table(t, &n))
        return gr_error_set(err, GR_EINPUT,
                            "unit %d: its stands reach (%d,%d)-(%d,%d), off the "
                            "table (%d,%d)-(%d,%d)",
                            n.id, n.lo.x, n.lo.y, n.hi.x, n.hi.y, t->lo.x, t->lo.y, t->hi.x,
                            t->hi.y);
    int hit = tt_overlap_any(t, &n, -1);
    if (hit >= 0)
        return gr_error_set(err, GR_EINPUT,
                            "unit %d: its stands overlap unit %d's (bases may "
                            "touch, not overlap)",
                            n.id, hit);
    if (tt_on_impassable(t, &n))
        return gr_error_set(err, GR_EINPUT,
                            "unit %d: a stand stands on impassable ground (a "
                            "river away from a bridge or ford)",
                            n.id);
    t->units[t->nunits++] = n;
    return GR_OK;
}

int tt_level_at(const tt_table *t, tt_pt p)
{
    int level = 0;
    for (int i = 0; i < t->nfeatures; i++) {
        const tt_feature *f = &t->features[i];
        if (f->kind == TT_HILL && f->level > level && p.x >= f->lo.x && p.x <= f->hi.x &&
            p.y >= f->lo.y && p.y <= f->hi.y && tt_point_in_poly(f->v, f->n, p) >= 0)
            level = f->level;
    }
    return level;
}

static int going_rank(tt_going g)
{
    switch (g) {
    case TT_GO_NONE: return 4;
    case TT_GO_DIFFICULT: return 3;
    case TT_GO_ROUGH: return 2;
    default: return 0;
    }
}

/* 1 if [p,q] enters the interior of area f, or has an end inside it */
static int leg_in_area(const tt_feature *f, tt_pt p, tt_pt q)
{
    return tt_seg_enters_poly(p, q, f->v, f->n);
}

static int leg_meets_line(const tt_feature *f, tt_pt p, tt_pt q)
{
    for (int v = 0; v + 1 < f->n; v++)
        if (tt_seg_meet(p, q, f->v[v], f->v[v + 1]))
            return 1;
    return 0;
}

tt_going tt_going_of_leg(const tt_table *t, tt_pt p, tt_pt q, int *ford)
{
    tt_pt lo, hi;
    tt_seg_box(p, q, &lo, &hi);
    *ford = 0;
    int on_road = 0, river = 0, crossing = 0;
    tt_going worst = TT_GO_CLEAR;
    for (int i = 0; i < t->nfeatures; i++) {
        const tt_feature *f = &t->features[i];
        if (!tt_box_meet(lo, hi, f->lo, f->hi))
            continue;
        tt_kind_fx fx = t->kinds[f->kind];
        if (fx.polyline) {
            if (fx.going == TT_GO_ROAD) {
                for (int v = 0; v + 1 < f->n; v++)
                    if (tt_on_segment(f->v[v], f->v[v + 1], p) &&
                        tt_on_segment(f->v[v], f->v[v + 1], q))
                        on_road = 1;
            } else if (leg_meets_line(f, p, q)) {
                if (fx.going == TT_GO_NONE)
                    river = 1;
                else if (fx.going == TT_GO_FORD)
                    *ford = 1;
                else if (going_rank(fx.going) > going_rank(worst))
                    worst = fx.going;
            }
            continue;
        }
        if (!leg_in_area(f, p, q))
            continue;
        if (f->kind == TT_BRIDGE || f->kind == TT_FORD)
            crossing = 1;
        if (fx.going == TT_GO_FORD)
            *ford = 1;
        else if (going_rank(fx.going) > going_rank(worst))
            worst = fx.going;
    }
    if (river && !crossing)
        return TT_GO_NONE;
    if (on_road && worst != TT_GO_NONE)
        return TT_GO_ROAD;
    return worst;
}

tt_cover tt_cover_at(const tt_table *t, tt_pt p)
{
    tt_cover best = TT_COVER_NONE;
    for (int i = 0; i < t->nfeatures; i++) {
        const tt_feature *f = &t->features[i];
        tt_kind_fx fx = t->kinds[f->kind];
        if (fx.polyline || fx.cover <= best || p.x < f->lo.x || p.x > f->hi.x || p.y < f->lo.y ||
            p.y > f->hi.y)
            continue;
        if (tt_point_in_poly(f->v, f->n, p) >= 0)
            best = fx.cover;
    }
    return best;
}
