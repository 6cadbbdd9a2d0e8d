/* grognard/sim_variants.h - the variants of a scenario a designer compares
 * (grognard sim --variants FILE): each a change to the scenario's file,
 * made on its JSON, so that it names no game: a rule option set or cleared,
 * the victory kind changed, a reinforcement's timing, a unit added or
 * removed, whatever the type's format says.
 *
 * The file: {"variants": [{"name": "without the fog", "patch": {...},
 * "append": {...}, "remove": {...}}, ...]}, at least one of the three in
 * each, applied in this order:
 * - "remove": {"KEY": [i, ...]}: the members i (from 0) of the scenario's
 *   top-level array KEY are taken out ("units": [3] removes the fourth unit);
 * - "append": {"KEY": [v, ...]}: the values are added at the end of the
 *   top-level array KEY ("units": [{...}] adds a unit);
 * - "patch": a JSON merge patch (RFC 7386) of the scenario: a member set to
 *   a value replaces it (objects merge member by member, arrays are
 *   replaced whole), a member set to null is removed ({"rules": {"sight":
 *   null}} lifts the fog; {"victory": "points"} changes the victory kind).
 * The variant is then loaded by the scenario's own type, which checks it
 * as any scenario file. */
#ifndef GROGNARD_SIM_VARIANTS_H
#define GROGNARD_SIM_VARIANTS_H

#include <stddef.h>

#include <jansson.h>

#include "grognard/error.h"

#define GR_SIM_MAX_VARIANTS 32
#define GR_SIM_VARIANT_NAME 256 /* a variant's name with its NUL */

typedef struct gr_sim_variant {
    char name[GR_SIM_VARIANT_NAME];
    json_t *remove, *append, *patch; /* owned; NULL when not given */
} gr_sim_variant;

typedef struct gr_sim_variants {
    int n;
    gr_sim_variant v[GR_SIM_MAX_VARIANTS];
} gr_sim_variants;

/* Read the variants file `file` into vs.  GR_EINPUT "FILE:LINE:COL: what;
 * how to fix it" for a file that is not one (no "variants", a variant
 * without a name or a change, two of one name, more than
 * GR_SIM_MAX_VARIANTS); GR_ERUNTIME if it cannot be read.  Free with
 * gr_sim_variants_free (also after an error). */
gr_status gr_sim_variants_read(const char *file, gr_sim_variants *vs, gr_error *err);
gr_status gr_sim_variants_parse(const char *text, size_t len, const char *name, gr_sim_variants *vs,
                                gr_error *err);
void gr_sim_variants_free(gr_sim_variants *vs);

/* The scenario's text (len bytes, named `scen` in messages) changed by v:
 * *out a new NUL-terminated text (free()) of *outlen bytes.  GR_EINPUT
 * naming the variant if the scenario is not a JSON object, a KEY is not
 * one of its arrays, or an index is past its end. */
gr_status gr_sim_variant_apply(const char *text, size_t len, const char *scen,
                               const gr_sim_variant *v, char **out, size_t *outlen, gr_error *err);

#endif
