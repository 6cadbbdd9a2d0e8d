/* grognard/event.h - structured events: what happened in a game, why, and
 * where the rules say so; and the languages their text is made in.
 *
 * An engine appends one gr_event per die, modifier, rule or outcome it
 * applies.  An event is data (a kind, the units, hexes, dice faces and
 * numbers it concerns, and the rule paragraph); the sentence a player reads
 * is made from it by the game's renderer, in French or in English, and is
 * never parsed back.  The meaning of each field is given per kind by the
 * game that emits it (R&E: grognard/re.h, RE_EV_*).
 *
 * gr_log is a plain, bounded, caller-owned list of events (no allocation):
 * events past the capacity are counted in `dropped`, never lost silently. */
#ifndef GROGNARD_EVENT_H
#define GROGNARD_EVENT_H

#include <stdint.h>

#include "grognard/error.h"

typedef enum gr_lang {
    GR_LANG_EN = 0,
    GR_LANG_FR = 1,
} gr_lang;

/* "en" or "fr" (case ignored) into *out; GR_EINPUT naming what is accepted. */
gr_status gr_lang_parse(const char *s, gr_lang *out, gr_error *err);

/* "en" or "fr". */
const char *gr_lang_code(gr_lang lang);

#define GR_EV_UNITS 4  /* ids an event names (units, corps or sides, by kind) */
#define GR_EV_HEXES 2  /* hexes an event names */
#define GR_EV_FACES 12 /* dice faces an event carries */
#define GR_EV_VALS  4  /* numbers an event carries (counts, modifiers, ids) */
#define GR_EV_NONE  0xFF

typedef struct gr_event {
    uint16_t kind;                /* the game's event kind */
    uint8_t nfaces;               /* faces used */
    uint8_t units[GR_EV_UNITS];   /* GR_EV_NONE where unused */
    int8_t hexes[GR_EV_HEXES][2]; /* col,row (offset coordinates); -1,-1 unused */
    uint8_t faces[GR_EV_FACES];
    int32_t vals[GR_EV_VALS];
    const char *rule; /* the rule paragraph, static text ("seed 004 §4.3 Dés"), or NULL */
    /* The rules' own words the event quotes (a modifier's line as the sheet
     * prints it, a table's printed cell): static text of the rules' data, or
     * NULL.  Like `rule`, a constant: never text the game made. */
    const char *said;
    /* 1: a detail of the event before it in the same step (a modifier, a
     * table read of the test that event resolved), shown under that line. */
    uint8_t detail;
} gr_event;

#define GR_LOG_MAX 128

typedef struct gr_log {
    int n;       /* events written */
    int dropped; /* events that did not fit */
    gr_event ev[GR_LOG_MAX];
} gr_log;

/* Empty the log (log may be NULL). */
void gr_log_clear(gr_log *log);

/* A new event of `kind` citing `rule` (may be NULL), every other field
 * unused (units GR_EV_NONE, hexes -1, no faces, vals 0), appended to log.
 * Returns it for the caller to fill, or NULL if log is NULL or full (a full
 * log counts it in `dropped`): callers write through the pointer only when
 * it is not NULL. */
gr_event *gr_log_add(gr_log *log, int kind, const char *rule);

#endif
