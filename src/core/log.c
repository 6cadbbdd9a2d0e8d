/* log.c - the bounded, caller-owned event log. */
#include "grognard/log.h"

#include <stdarg.h>
#include <stdio.h>

void gr_log_clear(gr_log *log)
{
    if (log) {
        log->n = 0;
        log->dropped = 0;
    }
}

void gr_logf(gr_log *log, const char *source, const char *fmt, ...)
{
    if (!log)
        return;
    if (log->n >= GR_LOG_MAX) {
        log->dropped++;
        return;
    }
    gr_event *ev = &log->ev[log->n++];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ev->text, sizeof ev->text, fmt, ap);
    va_end(ap);
    snprintf(ev->source, sizeof ev->source, "%s", source ? source : "");
}
