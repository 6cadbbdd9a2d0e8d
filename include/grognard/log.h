/* grognard/log.h - an event log: what happened, why, and where the rules
 * say so.
 *
 * A log is a plain, bounded, caller-owned value (no allocation): an engine
 * appends one event per die, modifier or rule it applies, each with the
 * paragraph of the rules it comes from, and a user interface prints them.
 * Events past the capacity are counted in `dropped`, never lost silently. */
#ifndef GROGNARD_LOG_H
#define GROGNARD_LOG_H

#define GR_LOG_MAX    96
#define GR_LOG_TEXT   160
#define GR_LOG_SOURCE 40

typedef struct gr_event {
    char text[GR_LOG_TEXT];     /* "Friant attacks Bagration: 3 dice (infantry) +2 (flank)" */
    char source[GR_LOG_SOURCE]; /* "seed 004 §4.3 Dés" */
} gr_event;

typedef struct gr_log {
    int n;       /* events written */
    int dropped; /* events that did not fit */
    gr_event ev[GR_LOG_MAX];
} gr_log;

/* Empty the log (log may be NULL). */
void gr_log_clear(gr_log *log);

/* Append an event (printf-style text) citing `source` (may be NULL).  A
 * NULL log records nothing, so callers that do not want a log pass NULL. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void gr_logf(gr_log *log, const char *source, const char *fmt, ...);

#endif
