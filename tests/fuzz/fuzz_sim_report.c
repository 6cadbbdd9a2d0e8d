/* fuzz_sim_report.c - libFuzzer target: the simulation report reader
 * (gr_sim_study_parse, what grognard sim-merge reads; a lone report is a
 * study of one) on any bytes. */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_check.h"
#include "grognard/sim_io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gr_error err;
    gr_error_clear(&err);
    gr_sim_study s;
    gr_status st = gr_sim_study_parse((const char *)data, size, "fuzz.json", &s, &err);
    fuzz_check_status(st, &err);
    if (st != GR_OK)
        return 0;
    if (s.n < 1 || s.n > GR_SIM_MAX_RUNS)
        abort();
    /* what the reader promises of each report it accepts */
    for (int i = 0; i < s.n; i++) {
        const gr_sim_doc *d = &s.d[i];
        const gr_sim_report *r = &s.r[i];
        if (r->games < 1 || r->wins[0] + r->wins[1] + r->draws + r->unfinished != r->games ||
            r->nstats < 0 || r->nobj < 0 || r->nobj > GR_SIM_MAX_OBJ || r->map_cols > GR_SIM_MAP ||
            r->map_rows > GR_SIM_MAP || r->nstats > GR_SIM_MAX_STATS || r->nturns < 0 ||
            r->nturns > GR_SIM_MAX_TURNS || r->steps_min > r->steps_max ||
            (d->shards && (d->shard < 1 || d->shard > d->shards)))
            abort();
    }
    gr_sim_study_free(&s);
    return 0;
}
