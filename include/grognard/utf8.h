/* grognard/utf8.h - the one UTF-8 check (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF), for every reader and writer of text. */
#ifndef GROGNARD_UTF8_H
#define GROGNARD_UTF8_H

#include <stddef.h>

/* The length (1 to 4) of the valid UTF-8 sequence at s, which holds at
 * least `left` readable bytes (a NUL byte ends a sequence too), or 0 if
 * none starts there. */
size_t gr_utf8_len(const unsigned char *s, size_t left);

/* 1 if the NUL-terminated s is valid UTF-8 throughout. */
int gr_utf8_valid(const char *s);

#endif
