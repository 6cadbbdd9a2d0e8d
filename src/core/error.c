/* error.c - the caller-owned error record. */
#include "grognard/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Length of a valid UTF-8 sequence at s (NUL-terminated), or 0. */
static size_t utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    size_t n;
    unsigned min;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        min = 0x10000;
    } else {
        return 0;
    }
    unsigned cp = c & (0x3Fu >> (n - 1));
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) /* the NUL stops here too */
            return 0;
        cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

size_t gr_escape(const char *s, char *buf, size_t cap)
{
    size_t n = 0;
    if (!cap)
        return 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        char piece[8];
        size_t k = utf8_len(p), len;
        if (k == 1 && *p == '\n')
            len = (size_t)snprintf(piece, sizeof piece, "\\n");
        else if (k == 1 && *p == '\r')
            len = (size_t)snprintf(piece, sizeof piece, "\\r");
        else if (k == 1 && *p == '\t')
            len = (size_t)snprintf(piece, sizeof piece, "\\t");
        else if (k == 0 || (k == 1 && (*p < 0x20 || *p == 0x7f)))
            len = (size_t)snprintf(piece, sizeof piece, "\\x%02x", *p);
        else if (k == 2 && p[0] == 0xC2 && p[1] < 0xA0) /* C1 controls, U+0080..U+009F */
            len = (size_t)snprintf(piece, sizeof piece, "\\u%04x", (unsigned)p[1]);
        else {
            memcpy(piece, p, k);
            len = k;
        }
        if (n + len >= cap)
            break; /* never half a character or half an escape */
        memcpy(buf + n, piece, len);
        n += len;
        p += k ? k : 1;
    }
    buf[n] = '\0';
    return n;
}

gr_status gr_error_set(gr_error *err, gr_status code, const char *fmt, ...)
{
    if (err) {
        char raw[GR_ERROR_MSG];
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        vsnprintf(raw, sizeof raw, fmt, ap);
        va_end(ap);
        gr_escape(raw, err->msg, sizeof err->msg);
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
