/* grognard/rff_points.h - Regimental Fire and Fury: the musketry and
 * cannonade points per stand, as plain data.
 *
 * The seed lost these values (docs/research/rff-fire-points.md); they come
 * from a data file (the shipped data/rff/fire_points.json, whose values are
 * all null, or a scenario's own file).  The io layer reads and validates
 * the file (grognard/rff_io.h); the caller hands the result to the rules
 * with rff_args_set_points, and the rules read it without any file I/O. */
#ifndef GROGNARD_RFF_POINTS_H
#define GROGNARD_RFF_POINTS_H

#include <stdint.h>

#include "grognard/table.h"

#define RFF_POINTS_FORMAT  "grognard-rff-fire-points" /* the file's "format" */
#define RFF_POINTS_VERSION 1                          /* the file's "version" */
#define RFF_POINTS_MAX     100                        /* points per stand accepted in a file */
#define RFF_NWEAPONS       10                         /* rff_weapon_codes */
#define RFF_NGUNS          4                          /* rff_gun_codes */
#define RFF_NBANDS         2                          /* rff_bands */
#define RFF_SOURCE_LEN     240                        /* a "source" text, NUL included */
#define RFF_PATH_LEN       512                        /* the file's path, NUL included */

/* The codes as the file writes them, NULL-terminated and index-aligned with
 * the rules' inputs: musketry RM, IR, RC, RPC, RPR, BLC, BLR, SM, SH,
 * Carabine (--weapon rm ... carbine); cannon HH, HR, MH, OTHER (--gun hh
 * ... other); bands close, long (--band). */
extern const char *const rff_weapon_codes[];
extern const char *const rff_gun_codes[];
extern const char *const rff_bands[];

/* One value of the file: musketry.CODE.BAND or cannon.CODE.BAND. */
typedef struct rff_points_entry {
    int present;                 /* the file has this entry (else the rest is 0) */
    int known;                   /* "points" is a number; 0: null, no source gives it */
    int64_t milli;               /* known: points per stand, in milli-points */
    char source[RFF_SOURCE_LEN]; /* its "source": where the value comes from, or "none found" */
    int line, col;               /* where the entry's object starts in the file */
} rff_points_entry;

/* A whole fire-points file.  Plain data: copy it freely. */
typedef struct rff_points {
    char path[RFF_PATH_LEN]; /* the file it was read from (for messages) */
    rff_points_entry musketry[RFF_NWEAPONS][RFF_NBANDS];
    rff_points_entry cannon[RFF_NGUNS][RFF_NBANDS];
} rff_points;

/* Give the fire points to the RFF tables (fire_points, cannon_points) and
 * procedures (musketry, cannonade) reading `a`.  `pts` is kept by reference
 * and must outlive `a`.  Without it, those of them that need a per-stand
 * value refuse with GR_ERUNTIME (nothing is guessed, and no file is read). */
void rff_args_set_points(gr_args *a, const rff_points *pts);

#endif
