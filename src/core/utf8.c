/* utf8.c - the one UTF-8 check. */
#include "grognard/utf8.h"

#include <string.h>

size_t gr_utf8_len(const unsigned char *s, size_t left)
{
    if (left == 0)
        return 0;
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
    if (left < n)
        return 0;
    unsigned cp = c & (0x3Fu >> (n - 1));
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) /* a NUL stops here too */
            return 0;
        cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

int gr_utf8_valid(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t left = strlen(s);
    while (left) {
        size_t k = gr_utf8_len(p, left);
        if (!k)
            return 0;
        p += k;
        left -= k;
    }
    return 1;
}
