/* fuzz_save.c - libFuzzer target: the save reader (gr_save_parse) on any
 * bytes. */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_check.h"
#include "grognard/save.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gr_saved g;
    gr_error err;
    gr_error_clear(&err);
    gr_status st = gr_save_parse((const char *)data, size, "fuzz.json", &g, &err);
    fuzz_check_status(st, &err);
    if (st == GR_OK && (!g.scenario || g.nsteps > GR_SAVE_MAX_STEPS))
        abort();
    gr_saved_free(&g);
    return 0;
}
