/* tt_unit.c - bases, formations and a unit's stands. */
#include <string.h>

#include "grognard/tabletop.h"
#include "tt_internal.h"

int tt_layout_columns(tt_formation f, int k, int *gap)
{
    *gap = f == TT_SKIRMISH;
    return f == TT_COLUMN || f == TT_SQUARE    ? (k < 2 ? k : 2)
           : f == TT_MARCH || f == TT_LIMBERED ? 1
                                               : k;
}

/* Base sizes, width x depth, in table units (1/1000 inch for aoe and nf,
 * 1/100 mm for rff).  Sources and readings: docs/rules/aoe.md, nf.md,
 * rff.md, "On the table: measuring".  A scenario overrides them through
 * tt_table.bases. */
static const tt_base base_defaults[TT_NSYSTEMS][TT_NARMS] = {
    /* aoe: 15 mm basing of the Age of Eagles rulebook */
    [TT_AOE] = {[TT_INFANTRY] = {1000, 750},
                [TT_CAVALRY] = {1000, 1000},
                [TT_ARTILLERY] = {1000, 1000},
                [TT_LIMBER] = {1000, 2000},
                [TT_GENERAL] = {1000, 1000}},
    /* nf: the same family's convention (read as aoe's) */
    [TT_NF] = {[TT_INFANTRY] = {1000, 750},
               [TT_CAVALRY] = {1000, 1000},
               [TT_ARTILLERY] = {1000, 1000},
               [TT_LIMBER] = {1000, 2000},
               [TT_GENERAL] = {1000, 1000}},
    /* rff: 1" (2.5 cm) frontage; depths 3/4" infantry, 1 1/2" mounted and guns */
    [TT_RFF] = {[TT_INFANTRY] = {2500, 1900},
                [TT_CAVALRY] = {2500, 3800},
                [TT_ARTILLERY] = {2500, 3800},
                [TT_LIMBER] = {2500, 5000},
                [TT_GENERAL] = {2500, 2500}},
};

tt_base tt_base_default(tt_system sys, tt_arm arm)
{
    tt_base none = {0, 0};
    if ((unsigned)sys >= TT_NSYSTEMS || (unsigned)arm >= TT_NARMS)
        return none;
    return base_defaults[sys][arm];
}

static const char *const formation_names[TT_NFORMATIONS] = {
    "line", "column", "march", "square", "skirmish", "battery", "limbered",
};

const char *tt_formation_name(tt_formation f)
{
    return (unsigned)f < TT_NFORMATIONS ? formation_names[f] : "?";
}

/* Which formations an arm may take. */
static int formation_fits(tt_arm arm, tt_formation f)
{
    switch (arm) {
    case TT_INFANTRY: return f <= TT_SKIRMISH;
    case TT_CAVALRY: return f == TT_LINE || f == TT_COLUMN || f == TT_MARCH;
    case TT_ARTILLERY:
    case TT_LIMBER: return f == TT_BATTERY || f == TT_LIMBERED;
    case TT_GENERAL: return f == TT_LINE;
    default: return 0;
    }
}

static int in_range(tt_pt p)
{
    return p.x >= -TT_COORD_MAX && p.x <= TT_COORD_MAX && p.y >= -TT_COORD_MAX &&
           p.y <= TT_COORD_MAX;
}

/* A layout about the origin: where each stand's corners stand from the
 * pose's point, and its rank.  A layout at any point is this one moved
 * there, exactly (tt_offset rounds the offset alone), so a thread keeps
 * the last few it made, by facing, formation, stands and base: a unit
 * wheeling 15 degrees at a time, or tried at every length of a move, is
 * laid out once a facing. */
typedef struct tt_layout {
    tt_dir face;
    int form, k; /* 0 stands: an empty slot */
    tt_base b;
    tt_pt c[TT_MAX_STANDS][4];
    int row[TT_MAX_STANDS];
    tt_pt lo, hi; /* the box of the corners */
} tt_layout;

#define LAYOUT_SLOTS 512
static _Thread_local tt_layout layouts[LAYOUT_SLOTS];

static const tt_layout *layout_of(tt_dir face, tt_formation f, int k, tt_base b)
{
    uint32_t h = (uint32_t)face.x * 2654435761u ^ (uint32_t)face.y * 40503u ^ (uint32_t)f * 97u ^
                 (uint32_t)k * 7919u ^ (uint32_t)b.w ^ (uint32_t)b.d * 31u;
    tt_layout *l = &layouts[(h ^ h >> 16) % LAYOUT_SLOTS];
    if (l->k == k && l->form == (int)f && l->face.x == face.x && l->face.y == face.y &&
        l->b.w == b.w && l->b.d == b.d)
        return l;
    int gap, wide = tt_layout_columns(f, k, &gap);
    int64_t w = b.w, d = b.d;
    int64_t pitch = w * (1 + gap);         /* centre to centre, across */
    int64_t span = pitch * (wide - 1) + w; /* the front's width */
    tt_along a;
    tt_along_make(&a, face, 1);
    const tt_pt o = {0, 0};
    for (int i = 0; i < k; i++) {
        int col = i % wide, row = i / wide;
        /* doubled local coordinates of the stand's front-left corner */
        int64_t left2 = -span + 2 * pitch * col;
        int64_t front2 = -2 * d * row;
        l->c[i][0] = tt_along_offset(&a, o, front2, left2 + 2 * w);
        l->c[i][1] = tt_along_offset(&a, o, front2, left2);
        l->c[i][2] = tt_along_offset(&a, o, front2 - 2 * d, left2);
        l->c[i][3] = tt_along_offset(&a, o, front2 - 2 * d, left2 + 2 * w);
        l->row[i] = row;
    }
    l->lo = l->hi = l->c[0][0];
    for (int i = 0; i < k; i++)
        for (int c = 0; c < 4; c++)
            tt_box_add(&l->lo, &l->hi, l->c[i][c], l->c[i][c]);
    l->face = face, l->form = (int)f, l->k = k, l->b = b;
    return l;
}

gr_status tt_unit_layout(tt_unit *u, tt_base b, gr_error *err)
{
    int k = u->nstands;
    if (k < 1 || k > TT_MAX_STANDS)
        return gr_error_set(err, GR_EINPUT, "unit %d: %d stands (accepted: 1 to %d)", u->id, k,
                            TT_MAX_STANDS);
    if (b.w <= 0 || b.d <= 0)
        return gr_error_set(err, GR_EINPUT,
                            "unit %d: base %d x %d (a base needs a width and a depth)", u->id, b.w,
                            b.d);
    tt_formation f = u->pose.form;
    if ((unsigned)f >= TT_NFORMATIONS || !formation_fits(u->arm, f))
        return gr_error_set(err, GR_EINPUT, "unit %d: formation %s does not fit its arm", u->id,
                            tt_formation_name(f));
    tt_dir face = u->pose.face;
    if ((face.x == 0 && face.y == 0) || face.x > TT_DIR_MAX || face.x < -TT_DIR_MAX ||
        face.y > TT_DIR_MAX || face.y < -TT_DIR_MAX)
        return gr_error_set(err, GR_EINPUT,
                            "unit %d: facing (%d,%d) (a non-zero vector, components within %d)",
                            u->id, face.x, face.y, TT_DIR_MAX);
    const tt_layout *l = layout_of(face, f, k, b);
    for (int i = 0; i < k; i++) {
        for (int c = 0; c < 4; c++) {
            tt_pt o = l->c[i][c];
            u->st[i].c[c].x = (tt_coord)((int64_t)u->pose.at.x + o.x);
            u->st[i].c[c].y = (tt_coord)((int64_t)u->pose.at.y + o.y);
        }
        u->row[i] = l->row[i];
    }
    /* the box moved with the layout: every corner within range when the
     * box's are (no sum wraps), else each corner checked for the message */
    int64_t lx = (int64_t)u->pose.at.x + l->lo.x, ly = (int64_t)u->pose.at.y + l->lo.y;
    int64_t hx = (int64_t)u->pose.at.x + l->hi.x, hy = (int64_t)u->pose.at.y + l->hi.y;
    if (in_range(u->pose.at) && lx >= -TT_COORD_MAX && ly >= -TT_COORD_MAX && hx <= TT_COORD_MAX &&
        hy <= TT_COORD_MAX) {
        u->lo.x = (tt_coord)lx, u->lo.y = (tt_coord)ly;
        u->hi.x = (tt_coord)hx, u->hi.y = (tt_coord)hy;
        return GR_OK;
    }
    u->lo = u->hi = u->st[0].c[0];
    for (int i = 0; i < k; i++)
        for (int c = 0; c < 4; c++) {
            tt_pt p = u->st[i].c[c];
            if (!in_range(p) || !in_range(u->pose.at))
                return gr_error_set(err, GR_EINPUT,
                                    "unit %d: a stand reaches (%d,%d), beyond the table's range "
                                    "(coordinates within %d)",
                                    u->id, p.x, p.y, TT_COORD_MAX);
            tt_box_add(&u->lo, &u->hi, p, p);
        }
    return GR_OK;
}

void tt_unit_front(const tt_unit *u, tt_pt *l, tt_pt *r)
{
    int last = 0;
    while (last + 1 < u->nstands && u->row[last + 1] == 0)
        last++;
    *l = u->st[0].c[1];
    *r = u->st[last].c[0];
}

tt_side tt_unit_side_of(const tt_unit *u, tt_pt p)
{
    if (u->pose.form == TT_SQUARE)
        return TT_FRONT;
    tt_pt l, r;
    tt_unit_front(u, &l, &r);
    if (tt_orient_in(l, r, p) > 0) /* left of left->right: ahead */
        return TT_FRONT;
    const tt_stand *back = &u->st[u->nstands - 1];
    /* the rear line: the rear edge of the last rank, extended */
    if (tt_orient_in(back->c[2], back->c[3], p) < 0) /* right of rear-left->rear-right: behind */
        return TT_REAR;
    tt_pt a = u->pose.at;
    tt_pt ahead = {(tt_coord)(a.x + u->pose.face.x), (tt_coord)(a.y + u->pose.face.y)};
    return tt_orient_in(a, ahead, p) >= 0 ? TT_LEFT : TT_RIGHT;
}
