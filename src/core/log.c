/* log.c - the bounded, caller-owned event log. */
#include "grognard/log.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

void gr_log_clear(gr_log *log)
{
    if (log) {
        log->n = 0;
        log->dropped = 0;
    }
}

gr_event *gr_log_add(gr_log *log, int kind, const char *rule)
{
    if (!log)
        return NULL;
    if (log->n >= GR_LOG_MAX) {
        log->dropped++;
        return NULL;
    }
    gr_event *ev = &log->ev[log->n++];
    memset(ev, 0, sizeof *ev);
    ev->kind = (uint16_t)kind;
    memset(ev->units, GR_EV_NONE, sizeof ev->units);
    memset(ev->hexes, -1, sizeof ev->hexes);
    ev->rule = rule;
    return ev;
}

void gr_logf(gr_log *log, const char *source, const char *fmt, ...)
{
    gr_event *ev = gr_log_add(log, 0, source);
    if (!ev)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ev->text, sizeof ev->text, fmt, ap);
    va_end(ap);
    snprintf(ev->source, sizeof ev->source, "%s", source ? source : "");
}

gr_status gr_lang_parse(const char *s, gr_lang *out, gr_error *err)
{
    if (s && !strcasecmp(s, "en")) {
        *out = GR_LANG_EN;
        return GR_OK;
    }
    if (s && !strcasecmp(s, "fr")) {
        *out = GR_LANG_FR;
        return GR_OK;
    }
    return gr_error_set(err, GR_EINPUT, "language '%s' is not known; accepted: en, fr",
                        s ? s : "");
}

const char *gr_lang_code(gr_lang lang)
{
    return lang == GR_LANG_FR ? "fr" : "en";
}
