/* grognard/dice.h - dice, and their exact distributions.
 *
 * A gr_dist is the exact probability distribution of an integer total:
 * P(total = lo + i) = w[i] / den.  Weights are integers, so odds are exact
 * fractions (21/36, not 0.5833...).  Distributions compose: the sum of two
 * dice, the difference of two opposed rolls, a shift by a modifier. */
#ifndef GROGNARD_DICE_H
#define GROGNARD_DICE_H

#include <stdint.h>

#include "grognard/error.h"
#include "grognard/rng.h"

#define GR_DIST_MAX 64

typedef struct gr_dist {
    int lo;       /* smallest total with (possibly zero) weight */
    int n;        /* number of totals: lo .. lo + n - 1 */
    uint64_t den; /* sum of all weights */
    uint64_t w[GR_DIST_MAX];
} gr_dist;

/* The roll a table is read with. */
typedef enum gr_roll_kind {
    GR_ROLL_NONE = 0,   /* the table is read without a die */
    GR_ROLL_D6,         /* one six-sided die */
    GR_ROLL_D10,        /* one ten-sided die, faces 1..10 */
    GR_ROLL_2D6,        /* two six-sided dice, added */
    GR_ROLL_D10_VS_D10, /* opposed: attacker D10 minus defender D10 */
    GR_ROLL_2D6_VS_2D6, /* opposed: attacker 2D6 minus defender 2D6 */
} gr_roll_kind;

/* Is k an opposed roll (attacker against defender)? */
static inline int gr_roll_opposed(gr_roll_kind k)
{
    return k == GR_ROLL_D10_VS_D10 || k == GR_ROLL_2D6_VS_2D6;
}

/* Human name of a roll kind: "D10", "2D6", "D10 vs D10", ... */
const char *gr_roll_name(gr_roll_kind k);

/* The values of one part of a roll of kind k as a player types it (a
 * die's face, or a 2D6 total), lo..hi, and how many parts it has: 1, 2
 * for an opposed roll (attacker then defender), 0 for GR_ROLL_NONE. */
int gr_roll_parts(gr_roll_kind k, int *lo, int *hi);

/* The ways, out of *den, that one part of a roll of kind k shows v (a
 * 2D6 total: 6 - |v - 7| of 36; a die's face: 1 of its faces); 0 when v
 * cannot be rolled. */
uint32_t gr_roll_part_ways(gr_roll_kind k, int v, uint32_t *den);

/* Shift every total by k (a modifier). */
void gr_dist_shift(gr_dist *d, int k);

/* The distribution of a roll kind (GR_ROLL_NONE gives the point mass 0). */
void gr_dist_of_roll(gr_dist *d, gr_roll_kind k);

/* Exact probability of `total`, as weight / d->den. */
uint64_t gr_dist_weight(const gr_dist *d, int total);

/* The faces of one roll of kind k, and its total.  faces[] receives up to 4
 * faces in order (attacker dice first); *nfaces their count.  The total of
 * an opposed roll is attacker minus defender. */
int gr_roll(gr_rng *r, gr_roll_kind k, int faces[4], int *nfaces);

/* Greatest common divisor, for reducing fractions (gcd(0, 0) = 1). */
uint64_t gr_gcd(uint64_t a, uint64_t b);

#endif
