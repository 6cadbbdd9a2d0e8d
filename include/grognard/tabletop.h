/* grognard/tabletop.h - the table of the miniature systems (aoe, nf, rff),
 * measured exactly (issue 28).
 *
 * Positions are integers in table units (tt_coord): 1/1000 inch for aoe and
 * nf (TT_UNITS_PER_INCH), 1/100 mm for rff (TT_UNITS_PER_CM is 1000 of them
 * per centimetre).  Every coordinate lies in [-TT_COORD_MAX, TT_COORD_MAX],
 * so that every product the predicates form fits in 128 bits (see
 * tt_geom.c).  A facing is an integer direction vector (tt_dir) whose
 * components are at most TT_DIR_MAX in magnitude (finer than 0.02 degree).
 *
 * Every predicate that decides a rule (orientation, intersection,
 * containment, distance against a range, comparison of two distances, a
 * path's cost against an allowance) is computed exactly in 64/128-bit
 * integers: no floating point decides, and the same table gives the same
 * answer bit for bit on every machine.  Where a position is built from a
 * length and a direction (a stand's corners, a retreat of 3"), it is
 * rounded once, in integers, to the nearest table unit (ties away from
 * zero); the rounded position is then the stand's position and is judged
 * exactly.  Distances reported as numbers (tt_dist_floor) are rounded down
 * to a table unit and never decide.
 *
 * Readings where the seeds are silent (how range is measured, what blocks
 * sight, base sizes, formations' layouts) are written in docs/rules/aoe.md,
 * nf.md and rff.md, sections "On the table: measuring". */
#ifndef GROGNARD_TABLETOP_H
#define GROGNARD_TABLETOP_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/error.h"

/* ---- units and exact predicates (tt_geom.c) ------------------------------ */

typedef int32_t tt_coord;
#define TT_COORD_MAX      524287 /* 2^19 - 1: 524" at 1/1000", 5.24 m at 1/100 mm */
#define TT_DIR_MAX        4095
#define TT_UNITS_PER_INCH 1000
#define TT_UNITS_PER_CM   1000
#define TT_INCH(x)        ((tt_coord)((x)*TT_UNITS_PER_INCH))
#define TT_CM(x)          ((tt_coord)((x)*TT_UNITS_PER_CM))

typedef struct tt_pt {
    tt_coord x, y;
} tt_pt;

/* A facing: a non-zero integer vector, |x|,|y| <= TT_DIR_MAX.  y grows
 * "north"; the right of facing f is (f.y, -f.x). */
typedef struct tt_dir {
    int32_t x, y;
} tt_dir;

/* 128-bit integers (gcc and clang; __extension__ keeps -Wpedantic quiet). */
__extension__ typedef __int128 tt_i128;
__extension__ typedef unsigned __int128 tt_u128;

/* A non-negative rational num/den (den > 0), for squared distances. */
typedef struct tt_q {
    tt_i128 num;
    tt_i128 den;
} tt_q;

/* Orientation of c relative to the line a->b: +1 left (counter-clockwise),
 * -1 right, 0 collinear.  Exact. */
int tt_orient(tt_pt a, tt_pt b, tt_pt c);

/* 1 if p lies on the closed segment [a,b].  Exact. */
int tt_on_segment(tt_pt a, tt_pt b, tt_pt p);

/* Segments [a,b] and [c,d]: 0 disjoint, 1 they share at least one point
 * (touching at an end, a corner, or overlapping collinearly), 2 they cross
 * properly (one point, interior to both).  Exact. */
int tt_seg_meet(tt_pt a, tt_pt b, tt_pt c, tt_pt d);

/* Point p against the simple polygon v[0..n-1] (either orientation):
 * +1 strictly inside, 0 on the boundary, -1 outside.  Exact. */
int tt_point_in_poly(const tt_pt *v, int n, tt_pt p);

/* 1 if the open interiors of the convex polygons a and b (counter-clockwise)
 * intersect: touching along an edge or at a corner is not an overlap.
 * Exact (separating axes). */
int tt_convex_overlap(const tt_pt *a, int na, const tt_pt *b, int nb);

/* 1 if the segment [p,q] meets the open interior of the simple polygon v:
 * grazing a corner, running along an edge, or ending on the boundary do not
 * count.  Exact. */
int tt_seg_enters_poly(tt_pt p, tt_pt q, const tt_pt *v, int n);

/* Squared distance from p to the segment [a,b], exact, as a rational. */
tt_q tt_dist2_pt_seg(tt_pt p, tt_pt a, tt_pt b);

/* Squared distance between two convex polygons (counter-clockwise), exact:
 * 0 when they touch or overlap. */
tt_q tt_dist2_poly(const tt_pt *a, int na, const tt_pt *b, int nb);

/* 1 if the convex polygons a and b (counter-clockwise) are within r of
 * each other, edge to edge (closed: exactly r is within), exact; the same
 * answer as tt_q_cmp_len(tt_dist2_poly(a, na, b, nb), r) <= 0, sooner. */
int tt_poly_within(const tt_pt *a, int na, const tt_pt *b, int nb, int64_t r);

/* The sign of (the distance between the convex polygons a and b,
 * counter-clockwise, edge to edge) - r, exact: the same answer as
 * tt_q_cmp_len(tt_dist2_poly(a, na, b, nb), r), sooner. */
int tt_poly_cmp_len(const tt_pt *a, int na, const tt_pt *b, int nb, int64_t r);

/* Compare two rationals: -1, 0, +1. */
int tt_q_cmp(tt_q a, tt_q b);

/* Compare the rational squared distance d2 with the squared length r*r:
 * -1 closer than r, 0 exactly r, +1 farther. */
int tt_q_cmp_len(tt_q d2, int64_t r);

/* floor(sqrt(d2)): a distance to report, in table units, rounded down.
 * Never use it to decide a rule. */
int64_t tt_dist_floor(tt_q d2);

/* floor(sqrt(n)) of a non-negative 128-bit integer. */
tt_u128 tt_isqrt(tt_u128 n);

/* Exact: the sign of sum(a[i] * sqrt(n[i])) - m, the a[i] >= 0,
 * n[i] < 2^42, k <= 64: -1, 0 or +1.  When the sum is irrational and lies
 * within k * max(a) * 2^-43 table units of m (never met on a table), +1 is
 * returned (the cost is taken to exceed).  See tt_geom.c. */
int tt_sqrt_sum_cmp(const int64_t *a, const int64_t *n, int k, int64_t m);

/* A facing made from any non-zero vector: the same direction reduced so that
 * both components are at most TT_DIR_MAX (divided by their gcd first, then,
 * if still too long, scaled down and rounded).  {0,1} for the zero vector. */
tt_dir tt_dir_make(int64_t x, int64_t y);

/* The facing f turned counter-clockwise by `deg` degrees, deg a multiple of
 * 15 in [-180, 180], from a fixed integer table of cos/sin (so the same on
 * every machine); rounded as tt_dir_make does. */
tt_dir tt_dir_turn(tt_dir f, int deg);

/* The point p + (fwd * f + right * r) / |f|, r the right of f, rounded to
 * the nearest table unit (ties away from zero).  fwd and right are in table
 * units; pass them doubled with `half` = 1 to place a half unit. */
tt_pt tt_offset(tt_pt p, tt_dir f, int64_t fwd, int64_t right, int half);

/* ---- stands, units, formations (tt_unit.c) -------------------------------- */

typedef enum tt_system { TT_AOE, TT_NF, TT_RFF, TT_NSYSTEMS } tt_system;

typedef enum tt_arm {
    TT_INFANTRY,
    TT_CAVALRY,
    TT_ARTILLERY, /* a gun stand (a battery's arm) */
    TT_LIMBER,    /* not an arm of its own: the base of a gun limbered (gun
                     and team), which a battery in TT_LIMBERED is laid out
                     with (tt_unit_base) */
    TT_GENERAL,
    TT_NARMS
} tt_arm;

/* A base: width (frontage) and depth, in table units. */
typedef struct tt_base {
    tt_coord w, d;
} tt_base;

/* The published base size of an arm in a system (docs/rules/SYSTEM.md, "On
 * the table: measuring", with its source).  A scenario overrides it through
 * tt_table.bases. */
tt_base tt_base_default(tt_system sys, tt_arm arm);

typedef enum tt_formation {
    TT_LINE,     /* stands side by side */
    TT_COLUMN,   /* attack column: two stands wide, the rest behind */
    TT_MARCH,    /* march/road column: one stand wide */
    TT_SQUARE,   /* two stands wide like the column, all sides a front */
    TT_SKIRMISH, /* a line with one base width between stands */
    TT_BATTERY,  /* guns unlimbered side by side */
    TT_LIMBERED, /* guns limbered, one behind another */
    TT_NFORMATIONS
} tt_formation;

const char *tt_formation_name(tt_formation f);

/* A stand as placed: four corners counter-clockwise, c[0] front-right,
 * c[1] front-left, c[2] rear-left, c[3] rear-right (front edge c[0]-c[1]). */
typedef struct tt_stand {
    tt_pt c[4];
} tt_stand;

#define TT_MAX_STANDS 16

/* A unit's pose: where the centre of its front edge is, its facing and its
 * formation; its stands follow from these (tt_unit_layout). */
typedef struct tt_pose {
    tt_pt at;
    tt_dir face;
    tt_formation form;
} tt_pose;

typedef struct tt_unit {
    int id;   /* caller's id, unique on the table */
    int side; /* 0 or 1 */
    tt_arm arm;
    int nstands; /* 1..TT_MAX_STANDS: the stands left */
    tt_pose pose;
    tt_stand st[TT_MAX_STANDS]; /* filled by tt_unit_layout */
    int row[TT_MAX_STANDS];     /* rank of each stand, 0 = the front rank */
    tt_pt lo, hi;               /* bounding box of the stands */
} tt_unit;

/* The base u's stands are laid out with on table t: t->bases[u->arm], but
 * t->bases[TT_LIMBER] for a battery in TT_LIMBERED. */
struct tt_table;
tt_base tt_unit_base(const struct tt_table *t, const tt_unit *u);

/* Lay u's stands out from u->pose, u->arm, u->nstands and the base `b`
 * (line: side by side; column and square: two wide; march and limbered: one
 * wide; skirmish: a gap of one width between stands).  Fails (GR_EINPUT, a
 * message naming the unit) when the formation does not fit the arm or a
 * corner leaves the table's coordinate range. */
gr_status tt_unit_layout(tt_unit *u, tt_base b, gr_error *err);

/* The unit's front: from the front-left corner of its leftmost front stand
 * to the front-right corner of its rightmost one.  *l and *r. */
void tt_unit_front(const tt_unit *u, tt_pt *l, tt_pt *r);

typedef enum tt_side { TT_FRONT, TT_LEFT, TT_RIGHT, TT_REAR } tt_side;

/* Which side of u the point p is on: TT_FRONT ahead of the line of its
 * front, TT_REAR behind the line of its rear, else the flank (left or right
 * of the unit's centre line).  A square has no flank or rear: always
 * TT_FRONT.  Exact. */
tt_side tt_unit_side_of(const tt_unit *u, tt_pt p);

/* ---- terrain (tt_terrain.c) ---------------------------------------------- */

typedef enum tt_kind {
    TT_WOOD,
    TT_TOWN,
    TT_RIVER,  /* polyline: impassable but at a bridge or a ford */
    TT_STREAM, /* polyline: crossed as a ford */
    TT_ROAD,   /* polyline */
    TT_BRIDGE, /* polygon */
    TT_FORD,   /* polygon */
    TT_MARSH,
    TT_ROUGH, /* broken ground, vineyards, bocage: difficult */
    TT_HILL,  /* polygon: a contour; its level is the ground's inside it */
    TT_CREST, /* polyline on a hill, with the hill's level */
    TT_HEDGE, /* polyline: a hedge (nf « behind a hedge »; rff « couvert linéaire ») */
    TT_WALL,  /* polyline: a stone wall or a fence (nf « behind a stone wall », « wall ») */
    TT_WORKS, /* polyline: entrenchment, breastworks (nf « in entrenchment or works ») */
    TT_NKINDS
} tt_kind;

/* How a kind slows a move (the speed tables' columns). */
typedef enum tt_going {
    TT_GO_CLEAR,
    TT_GO_ROAD,
    TT_GO_ROUGH,     /* aoe "Difficile", nf "Rough", rff "handicap." */
    TT_GO_DIFFICULT, /* rff "Terrain difficile" (aoe, nf: as rough) */
    TT_GO_FORD,      /* the crossing costs a penalty (aoe "À gué") */
    TT_GO_NONE,      /* impassable */
    TT_NGOINGS
} tt_going;

typedef enum tt_cover { TT_COVER_NONE, TT_COVER_LIGHT, TT_COVER_HEAVY } tt_cover;

/* What a kind does on a system's table: data (tt_kind_default), which a
 * scenario may override through tt_table.kinds. */
typedef struct tt_kind_fx {
    tt_going going;
    tt_cover cover;
    uint8_t blocks_sight; /* an area (or a crest) that blocks a line of sight */
    uint8_t polyline;     /* the kind is a line, not an area */
    uint8_t obstacle;     /* a linear obstacle: 0 none, 1 one a unit may stand behind
                             (tt_behind_line), 2 a major one as well (rff « Escalade
                             d'un obstacle majeur »: tt_mover.obstacle_penalty) */
} tt_kind_fx;

tt_kind_fx tt_kind_default(tt_system sys, tt_kind k);
const char *tt_kind_name(tt_kind k);

#define TT_MAX_VERTS 32

typedef struct tt_feature {
    tt_kind kind;
    int level; /* hills and crests: the contour level (0 = the plain) */
    int n;     /* vertices */
    tt_pt v[TT_MAX_VERTS];
    tt_pt lo, hi; /* bounding box, filled by tt_table_add_feature */
} tt_feature;

/* ---- the table ------------------------------------------------------------ */

#define TT_MAX_UNITS    128
#define TT_MAX_FEATURES 96

typedef struct tt_table {
    tt_system sys;
    tt_pt lo, hi; /* the table's edges */
    tt_base bases[TT_NARMS];
    tt_kind_fx kinds[TT_NKINDS];
    tt_coord contact; /* footprints this close are in contact (data) */
    int nunits;
    tt_unit units[TT_MAX_UNITS];
    int nfeatures;
    tt_feature features[TT_MAX_FEATURES];
} tt_table;

/* An empty table of system `sys` from (0,0) to (w,h) (each cut to
 * [0, TT_COORD_MAX]), with the system's default bases and kinds (which the
 * caller may then override) and a contact distance of TT_CONTACT_DEFAULT.
 * A caller may move t->lo and t->hi anywhere within the coordinate range. */
#define TT_CONTACT_DEFAULT 10 /* 1/100 inch, 1/10 mm */
void tt_table_init(tt_table *t, tt_system sys, tt_coord w, tt_coord h);

/* Make `to` the table `from` is, for every function that reads a table:
 * the units and features in use are written, with the rest of the table;
 * the slots beyond them keep what `to` held (no function reads them). */
void tt_table_copy(tt_table *to, const tt_table *from);

/* Add a feature (checked: 2..TT_MAX_VERTS vertices, 3 for an area, inside
 * the table, a simple polygon for an area). */
gr_status tt_table_add_feature(tt_table *t, const tt_feature *f, gr_error *err);

/* 1 if unit u (its id, side, arm, stands and pose) could stand where its
 * pose puts it on table t: what tt_table_add_unit checks (laid out with
 * the table's base, every corner on the table, no stand overlapping one of
 * another unit's, no stand on impassable ground), the unit of the same id
 * on the table ignored: a unit already there moved to a new pose.  The
 * table is not changed. */
int tt_unit_fits(const tt_table *t, const tt_unit *u);

/* Add a unit: its stands are laid out with the table's base for its arm;
 * refused if the id is taken, or a stand overlaps another stand, leaves the
 * table, or stands in impassable ground. */
gr_status tt_table_add_unit(tt_table *t, const tt_unit *u, gr_error *err);

/* The unit with that id, or NULL. */
tt_unit *tt_table_unit(tt_table *t, int id);

/* The ground level at p: the highest level of the hills whose closed
 * contour holds p (0 on the plain). */
int tt_level_at(const tt_table *t, tt_pt p);

/* The going of the leg [p,q]: TT_GO_ROAD when the leg lies wholly on one
 * segment of a road; else the worst (clear < rough < difficult < none) of
 * the area features whose interior it enters.  A leg meeting a river is
 * TT_GO_NONE unless it enters a bridge or a ford (then the bridge's or the
 * ford's going applies); *ford is set when the leg enters a ford or meets a
 * stream or a river at a ford. */
tt_going tt_going_of_leg(const tt_table *t, tt_pt p, tt_pt q, int *ford);

/* The best cover of the area features holding p in their interior or on
 * their boundary. */
tt_cover tt_cover_at(const tt_table *t, tt_pt p);

/* ---- queries (tt_query.c) ------------------------------------------------- */

/* Squared distance, base edge to base edge, between two units (0 if they
 * touch or overlap).  Exact. */
tt_q tt_unit_dist2(const tt_unit *a, const tt_unit *b);

/* -1, 0, +1: distance a..b against the length r (table units), exact:
 * the same answer as tt_q_cmp_len(tt_unit_dist2(a, b), r), sooner. */
int tt_unit_cmp_range(const tt_unit *a, const tt_unit *b, int64_t r);

/* The enemy unit nearest to u (edge to edge), ties to the lower id; NULL if
 * none. */
const tt_unit *tt_nearest_enemy(const tt_table *t, const tt_unit *u);

/* A fire arc: half-angle on each side of straight ahead from the front
 * corners, below 90 degrees, given by tan^2 = num/den, both above 0 and at
 * most 2^20 (45 degrees: 1/1; 30 degrees: 1/3). */
typedef struct tt_arc {
    int64_t tan2_num, tan2_den;
} tt_arc;
#define TT_ARC_45 ((tt_arc){1, 1})
#define TT_ARC_30 ((tt_arc){1, 3})

/* 1 if any part of the stand `target` lies in the arc of `firer`: ahead of
 * the firer's front edge and within the two rays from its front corners
 * turned out by the arc's half-angle (closed).  Exact. */
int tt_in_arc(const tt_stand *firer, tt_dir face, tt_arc arc, const tt_stand *target);

/* 1 if the line of sight [a,b] is clear on table t: not entering a
 * sight-blocking area (wood, town) unless that area holds a or b, not
 * crossing a crest of level L properly when an end stands at level <= L,
 * and not entering a stand of a unit other than those with ids skip1 and
 * skip2; an area or a unit lower than both ends does not block.  A line
 * grazing an obstacle's corner or running along its edge is clear, but not
 * one running along a seam of zero width where two obstacles (stands of
 * one unit or of two, or two areas) touch from both sides.  Exact.
 * The reading is in docs/rules/aoe.md "On the table: measuring". */
int tt_los_pt(const tt_table *t, tt_pt a, tt_pt b, int skip1, int skip2);

/* tt_los_pt, and what blocks a line that is not clear: 1 clear (*feature
 * and *unit -1); 0 blocked, with *feature the index in t->features of the
 * first obstacle found, or *unit the id of the unit whose stand it enters
 * (the other -1; both -1: a seam where two obstacles touch).  Which
 * obstacle is named when several block is fixed but unspecified. */
int tt_los_blocker(const tt_table *t, tt_pt a, tt_pt b, int skip1, int skip2, int *feature,
                   int *unit);

/* 1 if unit u stands behind a linear feature of kind k (a polyline) against
 * an enemy standing at `enemy` (its centre): some segment of the feature
 * meets the strip of ground `near` deep ahead of u's front edge (closed:
 * the ground between its front corners and the same corners moved `near`
 * straight ahead), and the feature lies between u and the enemy: the
 * segment from the centre of u's stands' box to `enemy` crosses it from one
 * side to the other.  The reading (near: one base depth) is in
 * docs/rules/aoe.md « On the table: measuring ».  Exact but for the strip's
 * far corners (tt_offset's rounding). */
int tt_behind_line(const tt_table *t, const tt_unit *u, tt_pt enemy, tt_kind k, int64_t near);

/* 1 if the segment [a,b] crosses, from one side to the other, a polyline
 * feature whose kind's obstacle grade is at least `grade` (1 any linear
 * obstacle, 2 a major one). */
int tt_crosses_obstacle(const tt_table *t, tt_pt a, tt_pt b, int grade);

/* 1 if some stand of `from` sees some stand of `to`: a clear line from a
 * front corner of one of from's stands to a corner of one of to's. */
int tt_los_unit(const tt_table *t, const tt_unit *from, const tt_unit *to);

/* Fire check: 1 if some front-rank stand of the firer has some stand of the
 * target within range r (edge to edge, exact), in its arc, and in sight (a
 * clear line from one of its two front corners to a corner of that target
 * stand): stands fire, each at what it reaches and sees. */
int tt_can_fire(const tt_table *t, const tt_unit *firer, const tt_unit *target, int64_t r,
                tt_arc arc);

/* aoe's reserve zone (seed 000): 1 if no enemy unit is closer than r
 * (18" in aoe); exactly r stays out of reach. */
int tt_in_reserve_zone(const tt_table *t, const tt_unit *u, int64_t r);

/* 1 if the point p (a general) is within radius r of some stand of u
 * (closed: exactly r is within). */
int tt_within_radius(const tt_unit *u, tt_pt p, int64_t r);

/* The index of the first band limit b[i] the distance a..b does not exceed
 * (bands are "up to and including"), or n if beyond every limit. */
int tt_range_band(const tt_unit *a, const tt_unit *b, const int64_t *limits, int n);

/* 1 if a and b are in contact (edge to edge within t->contact). */
int tt_in_contact(const tt_table *t, const tt_unit *a, const tt_unit *b);

/* ---- moves (tt_move.c) ---------------------------------------------------- */

/* How a unit moves: its allowance and its speeds per going, all in table
 * units, filled by the rules layer from the seed's speed table (the seeds'
 * values; tt_move.c reads nothing of a system).  All are at least 0 and at
 * most 4 * TT_COORD_MAX; the clear speed is above 0; the rates clear/speed
 * need a common denominator of at most 2^20 (speeds in whole inches or
 * centimetres always do).  A move checked with a mover that breaks this is
 * refused with GR_EINPUT saying what is wrong; tt_move_set lists nothing. */
typedef struct tt_mover {
    int64_t allowance;                  /* this move's allowance (clear ground) */
    int64_t speed[TT_NGOINGS];          /* the speed on each going; 0 = cannot enter */
    int64_t ford_penalty;               /* aoe "À gué -2\"": taken off once per ford leg */
    int64_t pass_penalty;               /* "3\" par unité traversée": per friendly unit */
    uint8_t pass_battery_free;          /* 1: a friendly unlimbered battery (TT_BATTERY)
                                           passed costs nothing (nf "Unlimbered artillery
                                           may be passed through at no additional cost") */
    int64_t obstacle_penalty;           /* taken off once per leg along which the centre of
                                           the unit's stands' box (from where it is to the
                                           leg's end) crosses a major obstacle (grade 2) */
    int64_t formation_cost;             /* the cost of a change of formation */
    uint8_t may_change[TT_NFORMATIONS]; /* formations it may take */
} tt_mover;

#define TT_MAX_LEGS 16

/* A move: a wheel first (about the front corner on the side it turns to,
 * the outer front corner's chord paid), then the unit's front centre moved
 * along the legs keeping its facing, then an optional change of formation. */
typedef struct tt_move {
    int wheel; /* degrees, multiple of 15, + = left (counter-clockwise) */
    int nlegs;
    tt_pt leg[TT_MAX_LEGS]; /* successive positions of the front centre */
    tt_dir face_end;   /* facing after the legs (a march column follows the road); 0,0 = keep */
    tt_formation form; /* the formation at the end */
} tt_move;

/* The result of checking a move. */
typedef struct tt_verdict {
    int ok;
    int64_t passed; /* friendly units passed through */
    int pass_id[4]; /* the first of them (up to 4), by id, in the table's order */
    tt_pose end;    /* the pose reached */
    char why[160];  /* why not, for a person */
} tt_verdict;

/* Check move m of unit `id`: the cost (legs at the speed of the worst going
 * each enters; a ford's penalty; pass_penalty per friendly unit crossed;
 * obstacle_penalty per leg crossing a major obstacle;
 * formation_cost) within the allowance, exactly; no enemy stand crossed; the
 * end pose overlapping no stand, on the table, on passable ground.  The
 * table is not changed.  Returns GR_OK with v->ok 0 or 1; GR_EINPUT on a
 * malformed move or an unknown id. */
gr_status tt_check_move(const tt_table *t, int id, const tt_mover *mv, const tt_move *m,
                        tt_verdict *v, gr_error *err);

/* Check a pose a person drags the unit to (teleport: only where it ends,
 * not the path; the cost is the straight line from where it is). */
gr_status tt_check_pose(const tt_table *t, int id, const tt_mover *mv, tt_pose pose, tt_verdict *v,
                        gr_error *err);

/* The kinds of moves a move set holds. */
typedef enum tt_move_kind {
    TT_MK_HOLD,      /* stay, perhaps changing formation */
    TT_MK_ADVANCE,   /* straight ahead, a quarter, half, three quarters or all of the reach */
    TT_MK_WHEEL,     /* wheel 15..90 degrees and advance what is left */
    TT_MK_CONTACT,   /* straight ahead into contact with a named enemy */
    TT_MK_FALL_BACK, /* straight back, keeping the facing */
    TT_MK_ROAD,      /* along a road, to a vertex or as far as it goes */
} tt_move_kind;

typedef struct tt_option {
    tt_move_kind kind;
    int target; /* TT_MK_CONTACT: the enemy's id */
    tt_move move;
    tt_pose end;
} tt_option;

#define TT_MAX_OPTIONS 96

/* Every move unit `id` may make with mover mv, at most `cap` of them, in a
 * fixed order (the kinds in enum order, then by size): each passed by
 * tt_check_move.  Returns how many were written; deterministic. */
int tt_move_set(const tt_table *t, int id, const tt_mover *mv, tt_option *out, int cap);

/* A retreat of `dist` away from the enemy, keeping the facing: straight
 * away from the nearest enemy's front centre, else straight back, else 45
 * then 90 degrees either side of straight back: the first direction whose
 * end pose is legal (no enemy swept, nothing overlapped, on the table, on
 * passable ground) and leaves every enemy at least as far as before;
 * shortened by quarters when none fits.  Returns the distance retreated in
 * *done (0 when no direction works) and the end pose in *end. */
gr_status tt_retreat(const tt_table *t, int id, int64_t dist, tt_pose *end, int64_t *done,
                     gr_error *err);

#endif
