/* fuzz_oob.c - libFuzzer target: the order-of-battle reader (gr_oob_parse)
 * on any bytes, with the registered companion rules (each system's setup
 * checks its words), then the state hash.  A finding is a crash, a
 * sanitizer report, or an error without a one-line message. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"
#include "grognard/oob.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static gr_battle b;
    gr_error err;
    gr_error_clear(&err);
    gr_status st = gr_oob_parse((const char *)data, size, "fuzz.json", NULL, 1, &b, &err);
    fuzz_check_status(st, &err);
    if (st == GR_OK)
        (void)gr_battle_hash(&b);
    return 0;
}
