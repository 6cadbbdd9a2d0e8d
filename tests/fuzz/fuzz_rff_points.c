/* fuzz_rff_points.c - libFuzzer target: the RFF fire-points reader
 * (rff_points_parse) on any bytes. */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_check.h"
#include "grognard/rff_io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static rff_points pts;
    gr_error err;
    gr_error_clear(&err);
    gr_status st = rff_points_parse((const char *)data, size, "fuzz.json", &pts, &err);
    fuzz_check_status(st, &err);
    return 0;
}
