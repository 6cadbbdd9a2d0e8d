/* fuzz_check.h - what every fuzz target checks of a loader's answer: GR_OK,
 * or GR_EINPUT / GR_ERUNTIME with a one-line message naming the input. */
#ifndef GROGNARD_FUZZ_CHECK_H
#define GROGNARD_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/error.h"

static inline void fuzz_check_status(gr_status st, const gr_error *err)
{
    if (st == GR_OK)
        return;
    if ((st != GR_EINPUT && st != GR_ERUNTIME) || err->code != st || !err->msg[0] ||
        strchr(err->msg, '\n')) {
        fprintf(stderr, "fuzz: bad error (status %d, code %d): '%s'\n", (int)st, (int)err->code,
                err->msg);
        abort();
    }
}

#endif
