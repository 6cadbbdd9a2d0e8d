/* grognard/log.h - TRANSITION: the text log, while the R&E engine's events
 * become structured (grognard/event.h). */
#ifndef GROGNARD_LOG_H
#define GROGNARD_LOG_H

#include "grognard/event.h"

#define GR_LOG_TEXT   160
#define GR_LOG_SOURCE 40

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void gr_logf(gr_log *log, const char *source, const char *fmt, ...);

#endif
