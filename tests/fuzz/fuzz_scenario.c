/* fuzz_scenario.c - libFuzzer target: the R&E scenario loader
 * (re_scenario_parse) on any bytes.  A finding is a crash, a sanitizer
 * report, or an error without a one-line message. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"
#include "grognard/re_io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static re_scenario sc;
    gr_error err;
    gr_error_clear(&err);
    gr_status st = re_scenario_parse((const char *)data, size, "fuzz.json", &sc, &err);
    fuzz_check_status(st, &err);
    if (st == GR_OK)
        (void)re_scenario_digest(&sc);
    return 0;
}
