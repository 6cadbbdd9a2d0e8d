/* rff_points.c - the musketry and cannonade points per stand, which the
 * seed lost, as the rules receive them: plain data (grognard/rff_points.h)
 * read by the io layer from a data file and passed in with the inputs
 * (rff_args_set_points).  The rules open no file; a value no source
 * supports is null in the file, and the callers say so plainly. */
#include "rff.h"

void rff_args_set_points(gr_args *a, const rff_points *pts)
{
    a->data = pts;
}

gr_status rff_points_get(const gr_args *a, int guns, int w, int band, const rff_points **file,
                         const rff_points_entry **out, gr_error *err)
{
    const rff_points *p = a->data;
    *file = p;
    *out = NULL;
    if (!p)
        return gr_error_set(err, GR_ERUNTIME,
                            "no fire points were given to the rules: the caller reads the "
                            "fire-points file (rff_points_load: data/rff/fire_points.json or a "
                            "scenario's {points-file} FILE) and passes it with "
                            "rff_args_set_points");
    *out = guns ? &p->cannon[w][band] : &p->musketry[w][band];
    return GR_OK;
}
