/* fuzz_situation.c - libFuzzer target: resolve's JSON on stdin
 * (gr_args_json_parse).  The first byte picks the procedure whose inputs
 * the rest is read for, over every procedure of every system. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"
#include "grognard/args_io.h"
#include "grognard/resolve.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const gr_procedure *pick(unsigned k)
{
    size_t n = 0;
    for (int i = 0; gr_systems[i]; i++)
        n += gr_systems[i]->nprocedures;
    k %= (unsigned)n;
    for (int i = 0; gr_systems[i]; i++) {
        if (k < gr_systems[i]->nprocedures)
            return gr_systems[i]->procedures[k];
        k -= (unsigned)gr_systems[i]->nprocedures;
    }
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const gr_procedure *p = pick(data[0]);
    gr_args a;
    memset(&a, 0, sizeof a);
    int has_seed = 0;
    uint64_t seed = 0;
    gr_args_json *keep = NULL;
    gr_error err;
    gr_error_clear(&err);
    gr_status st = gr_args_json_parse((const char *)data + 1, size - 1, "stdin", p->params,
                                      p->nparams, -1, &a, &has_seed, &seed, &keep, &err);
    fuzz_check_status(st, &err);
    if (st == GR_OK) {
        if (!keep || (has_seed && seed > INT64_MAX))
            abort();
        for (size_t i = 0; i < p->nparams; i++)
            if (p->params[i].kind == GR_P_TEXT && a.given[i])
                (void)strlen(gr_args_text(&a, (int)i));
        gr_error e2;
        (void)gr_args_check_required(p->params, p->nparams, &a, &e2);
    } else if (keep) {
        abort();
    }
    gr_args_json_free(keep);
    return 0;
}
