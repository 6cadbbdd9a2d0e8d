/* error.c - the caller-owned error record. */
#include "grognard/error.h"

#include <stdarg.h>
#include <stdio.h>

gr_status gr_error_set(gr_error *err, gr_status code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

void gr_error_clear(gr_error *err)
{
    if (err) {
        err->code = GR_OK;
        err->msg[0] = '\0';
    }
}
