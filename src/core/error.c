/* error.c - the caller-owned error record. */
#include "grognard/error.h"

#include "grognard/utf8.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

size_t gr_escape(const char *s, char *buf, size_t cap)
{
    size_t n = 0;
    if (!cap)
        return 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        char piece[8];
        /* at most 4 bytes are read, and the NUL ends a sequence */
        size_t k = gr_utf8_len(p, 4), len;
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

/* The length of a marked name {NAME} starting at p ('{'), braces included,
 * or 0 if p does not start one. */
static size_t marked_len(const char *p)
{
    if (p[0] != '{' || !(p[1] >= 'a' && p[1] <= 'z'))
        return 0;
    size_t n = 2;
    while ((p[n] >= 'a' && p[n] <= 'z') || (p[n] >= '0' && p[n] <= '9') || p[n] == '_' ||
           p[n] == '-')
        n++;
    return p[n] == '}' ? n + 1 : 0;
}

size_t gr_error_first_param(const char *msg, char *buf, size_t cap)
{
    if (!cap)
        return 0;
    buf[0] = '\0';
    for (const char *p = msg; p && *p; p++) {
        size_t n = marked_len(p);
        if (n && n - 2 < cap) {
            memcpy(buf, p + 1, n - 2);
            buf[n - 2] = '\0';
            return n - 2;
        }
    }
    return 0;
}

size_t gr_error_render(const char *msg, const char *prefix, const char *suffix, char *buf,
                       size_t cap)
{
    size_t n = 0, lp = strlen(prefix), ls = strlen(suffix);
    if (!cap)
        return 0;
    for (const char *p = msg; *p;) {
        size_t k = marked_len(p);
        if (k) {
            if (n + lp + (k - 2) + ls >= cap)
                break;
            memcpy(buf + n, prefix, lp);
            memcpy(buf + n + lp, p + 1, k - 2);
            memcpy(buf + n + lp + k - 2, suffix, ls);
            n += lp + k - 2 + ls;
            p += k;
            continue;
        }
        /* a whole UTF-8 character at a time, never half of one */
        size_t c = gr_utf8_len((const unsigned char *)p, 4);
        if (!c)
            c = 1;
        if (n + c >= cap)
            break;
        memcpy(buf + n, p, c);
        n += c;
        p += c;
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
        /* the input at fault: the first one the message names, one a %s
         * wrote ("{%s}") or a message carried in another's */
        gr_error_first_param(err->msg, err->param, sizeof err->param);
    }
    return code;
}

void gr_error_clear(gr_error *err)
{
    if (err) {
        err->code = GR_OK;
        err->msg[0] = '\0';
        err->param[0] = '\0';
    }
}

const char *gr_join(char *buf, size_t cap, const char *const *words, size_t n)
{
    size_t len = 0;
    if (cap)
        buf[0] = '\0';
    for (size_t i = 0; i < n && words[i] && len < cap; i++) {
        int w =
            snprintf(buf + len, cap - len, "%s%s", i ? ", " : "", words[i][0] ? words[i] : "\"\"");
        if (w < 0)
            break;
        len += (size_t)w;
    }
    return buf;
}
