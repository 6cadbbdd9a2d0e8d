/* event.c - the bounded, caller-owned event log and the languages of its
 * text (grognard/event.h). */
#include "grognard/event.h"

#include <string.h>

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

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int same_code(const char *s, const char *code)
{
    for (; *s && *code; s++, code++)
        if (lower((unsigned char)*s) != *code)
            return 0;
    return *s == 0 && *code == 0;
}

gr_status gr_lang_parse(const char *s, gr_lang *out, gr_error *err)
{
    if (s && same_code(s, "en")) {
        *out = GR_LANG_EN;
        return GR_OK;
    }
    if (s && same_code(s, "fr")) {
        *out = GR_LANG_FR;
        return GR_OK;
    }
    return gr_error_set(err, GR_EINPUT,
                        "unknown language '%s': use 'en' (English) or 'fr' (French)", s ? s : "");
}

const char *gr_lang_code(gr_lang lang)
{
    return lang == GR_LANG_FR ? "fr" : "en";
}
