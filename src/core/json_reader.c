/* json_reader.c - the JSON reader (core): it keeps the position of every
 * value, so that every loader can say FILE:LINE:COL. */
#include "grognard/json_reader.h"

#include "grognard/alloc.h"
#include "grognard/utf8.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Nodes and strings live in a chain of blocks freed together. */
typedef struct jr_block {
    struct jr_block *next;
    size_t used, cap;
    max_align_t data[];
} jr_block;

struct gr_jr_doc {
    jr_block *blocks;
};

typedef struct jr_parser {
    const char *s;
    size_t len, pos;
    int line, col;
    const char *name;
    gr_jr_doc *doc;
    gr_error *err;
    int failed;
    size_t nodes, max_nodes; /* values made so far; at most this many (0: no limit) */
} jr_parser;

static void *jr_alloc(jr_parser *p, size_t n)
{
    n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    jr_block *b = p->doc->blocks;
    if (!b || b->cap - b->used < n) {
        size_t cap = n > 65536 ? n : 65536;
        b = gr_malloc(sizeof *b + cap);
        if (!b) {
            if (!p->failed)
                gr_error_set(p->err, GR_ERUNTIME, "%s: out of memory reading JSON", p->name);
            p->failed = 1;
            return NULL;
        }
        b->used = 0;
        b->cap = cap;
        b->next = p->doc->blocks;
        p->doc->blocks = b;
    }
    void *r = (char *)b->data + b->used;
    b->used += n;
    memset(r, 0, n);
    return r;
}

void gr_jr_free(gr_jr_doc *doc)
{
    if (!doc)
        return;
    jr_block *b = doc->blocks;
    while (b) {
        jr_block *n = b->next;
        gr_free(b);
        b = n;
    }
    gr_free(doc);
}

const char *gr_jr_type_name(gr_jr_type t)
{
    switch (t) {
    case GR_JR_NULL: return "null";
    case GR_JR_BOOL: return "true or false";
    case GR_JR_NUMBER: return "a number";
    case GR_JR_STRING: return "a string";
    case GR_JR_ARRAY: return "an array";
    case GR_JR_OBJECT: return "an object";
    }
    return "?";
}

const gr_jr_node *gr_jr_get(const gr_jr_node *obj, const char *key)
{
    if (!obj || obj->type != GR_JR_OBJECT)
        return NULL;
    for (const gr_jr_node *m = obj->child; m; m = m->next)
        if (!strcmp(m->key, key))
            return m;
    return NULL;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
jr_syntax(jr_parser *p, const char *fmt, ...);

static void jr_syntax(jr_parser *p, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = 1;
    char what[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    gr_error_set(p->err, GR_EINPUT, "%s:%d:%d: malformed JSON: %s", p->name, p->line, p->col, what);
}

#if defined(__GNUC__)
__attribute__((format(printf, 5, 0)))
#endif
static gr_status
jr_vfail(gr_error *err, const char *name, int line, int col, const char *fmt, va_list ap);

static gr_status jr_vfail(gr_error *err, const char *name, int line, int col, const char *fmt,
                          va_list ap)
{
    char what[440];
    vsnprintf(what, sizeof what, fmt, ap);
    return gr_error_set(err, GR_EINPUT, "%s:%d:%d: %s", name, line, col, what);
}

const char *gr_jr_printable(const char *s, size_t max, char *buf, size_t cap)
{
    size_t n = 0, chars = 0;
    if (!cap)
        return buf;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        int lead = (*p & 0xC0) != 0x80;
        if (lead && chars == max) {
            if (n + 4 <= cap) {
                memcpy(buf + n, "...", 3);
                n += 3;
            }
            break;
        }
        if (n + 1 >= cap || (lead && n + 4 + 3 >= cap))
            break;
        chars += (size_t)lead;
        buf[n++] = (*p < 0x20 || *p == 0x7f) ? '?' : (char)*p;
    }
    buf[n] = '\0';
    return buf;
}

gr_status gr_jr_fail(gr_error *err, const char *name, const gr_jr_node *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gr_status st = jr_vfail(err, name, at ? at->line : 1, at ? at->col : 1, fmt, ap);
    va_end(ap);
    return st;
}

gr_status gr_jr_fail_key(gr_error *err, const char *name, const gr_jr_node *at, const char *fmt,
                         ...)
{
    va_list ap;
    va_start(ap, fmt);
    gr_status st = at->key ? jr_vfail(err, name, at->key_line, at->key_col, fmt, ap)
                           : jr_vfail(err, name, at->line, at->col, fmt, ap);
    va_end(ap);
    return st;
}

gr_status gr_jr_only_keys(gr_error *err, const char *name, const gr_jr_node *obj,
                          const char *const *keys, const char *what, const char *doc)
{
    for (const gr_jr_node *m = obj->child; m; m = m->next) {
        size_t i = 0;
        while (keys[i] && strcmp(m->key, keys[i]))
            i++;
        if (keys[i])
            continue;
        char list[512], kb[168];
        gr_join(list, sizeof list, keys, SIZE_MAX);
        return gr_jr_fail_key(err, name, m, "unknown key \"%s\"%s%s; accepted keys: %s%s%s%s",
                              gr_jr_printable(m->key, 40, kb, sizeof kb), what ? " in " : "",
                              what ? what : "", list, doc ? " (" : "", doc ? doc : "",
                              doc ? ")" : "");
    }
    return GR_OK;
}

static int jr_peek(const jr_parser *p)
{
    return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
}

/* Advance one byte, keeping line and column (columns count UTF-8 characters). */
static void jr_adv(jr_parser *p)
{
    unsigned char c = (unsigned char)p->s[p->pos++];
    if (c == '\n') {
        p->line++;
        p->col = 1;
    } else if ((c & 0xC0) != 0x80) {
        p->col++;
    }
}

static void jr_skip_ws(jr_parser *p)
{
    for (;;) {
        int c = jr_peek(p);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
            jr_adv(p);
        else
            return;
    }
}

static const char *jr_describe_char(int c, char *buf, size_t cap)
{
    if (c < 0)
        snprintf(buf, cap, "the end of the file");
    else if (c >= 0x21 && c < 0x7f)
        snprintf(buf, cap, "'%c'", c);
    else
        snprintf(buf, cap, "byte 0x%02X", (unsigned)c);
    return buf;
}

static int jr_hex4(jr_parser *p, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        int c = jr_peek(p);
        int d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else {
            jr_syntax(p, "bad \\u escape in a string; write \\u followed by four hex digits");
            return -1;
        }
        v = v * 16 + (unsigned)d;
        jr_adv(p);
    }
    *out = v;
    return 0;
}

static size_t jr_put_utf8(char *o, unsigned cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | (cp >> 12));
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (cp >> 18));
    o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* A string at p->pos (the opening quote).  Decoded text never grows, so
 * the raw length bounds the buffer. */
static const char *jr_string(jr_parser *p, size_t *len_out, int *escaped)
{
    jr_adv(p); /* the quote */
    size_t start = p->pos, end = start;
    while (end < p->len && p->s[end] != '"') {
        if (p->s[end] == '\\')
            end++;
        end++;
    }
    size_t cap = (end > p->len ? p->len : end) - start + 1;
    char *out = jr_alloc(p, cap);
    if (!out)
        return NULL;
    size_t n = 0;
    *escaped = 0;
    for (;;) {
        int c = jr_peek(p);
        if (c < 0) {
            jr_syntax(p, "the file ends inside a string; close the string with '\"'");
            return NULL;
        }
        if (c == '"') {
            jr_adv(p);
            break;
        }
        if (c < 0x20) {
            jr_syntax(p,
                      "control character 0x%02X inside a string; write it as an escape "
                      "(\\n, \\t) or close the string with '\"' on this line",
                      (unsigned)c);
            return NULL;
        }
        if (c == '\\') {
            *escaped = 1;
            jr_adv(p);
            int e = jr_peek(p);
            const char *simple = "\"\\/bfnrt";
            const char *repl = "\"\\/\b\f\n\r\t";
            const char *hit = e > 0 ? strchr(simple, e) : NULL;
            if (hit) {
                out[n++] = repl[hit - simple];
                jr_adv(p);
                continue;
            }
            if (e != 'u') {
                char d[32];
                jr_syntax(p,
                          "bad escape '\\' followed by %s in a string; accepted: \\\" \\\\ \\/ "
                          "\\b \\f \\n \\r \\t \\uXXXX",
                          jr_describe_char(e, d, sizeof d));
                return NULL;
            }
            jr_adv(p);
            unsigned cp;
            if (jr_hex4(p, &cp))
                return NULL;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                unsigned lo;
                if (jr_peek(p) != '\\' || p->pos + 1 >= p->len || p->s[p->pos + 1] != 'u') {
                    jr_syntax(p, "a \\u surrogate pair is cut in half; follow \\uD8xx with a "
                                 "\\uDCxx escape");
                    return NULL;
                }
                jr_adv(p);
                jr_adv(p);
                if (jr_hex4(p, &lo))
                    return NULL;
                if (lo < 0xDC00 || lo > 0xDFFF) {
                    jr_syntax(p, "bad second half of a \\u surrogate pair; use \\uDC00 to \\uDFFF");
                    return NULL;
                }
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                jr_syntax(p, "a lone \\u surrogate in a string; write the character itself");
                return NULL;
            }
            if (cp == 0) {
                jr_syntax(p, "\\u0000 is not allowed in a string; remove it");
                return NULL;
            }
            n += jr_put_utf8(out + n, cp);
            continue;
        }
        size_t k = gr_utf8_len((const unsigned char *)p->s + p->pos, p->len - p->pos);
        if (!k) {
            jr_syntax(p, "invalid UTF-8 in a string; save the file as UTF-8");
            return NULL;
        }
        for (size_t i = 0; i < k; i++) {
            out[n++] = p->s[p->pos];
            jr_adv(p);
        }
    }
    out[n] = '\0';
    *len_out = n;
    return out;
}

static int jr_isdigit(int c)
{
    return c >= '0' && c <= '9';
}

static void jr_number(jr_parser *p, gr_jr_node *v)
{
    size_t start = p->pos;
    int frac = 0;
    if (jr_peek(p) == '-')
        jr_adv(p);
    if (jr_peek(p) == '0') {
        jr_adv(p);
        if (jr_isdigit(jr_peek(p))) {
            jr_syntax(p, "a number may not have a leading zero; write it without the 0");
            return;
        }
    } else if (jr_isdigit(jr_peek(p))) {
        while (jr_isdigit(jr_peek(p)))
            jr_adv(p);
    } else {
        jr_syntax(p, "'-' must be followed by digits; write a number like -3");
        return;
    }
    if (jr_peek(p) == '.') {
        frac = 1;
        jr_adv(p);
        if (!jr_isdigit(jr_peek(p))) {
            jr_syntax(p, "a digit must follow the decimal point; write 1.0, not 1.");
            return;
        }
        while (jr_isdigit(jr_peek(p)))
            jr_adv(p);
    }
    if (jr_peek(p) == 'e' || jr_peek(p) == 'E') {
        frac = 1;
        jr_adv(p);
        if (jr_peek(p) == '+' || jr_peek(p) == '-')
            jr_adv(p);
        if (!jr_isdigit(jr_peek(p))) {
            jr_syntax(p, "an exponent needs digits; write 1e3");
            return;
        }
        while (jr_isdigit(jr_peek(p)))
            jr_adv(p);
    }
    size_t n = p->pos - start;
    v->type = GR_JR_NUMBER;
    char *raw = jr_alloc(p, n + 1);
    if (!raw)
        return;
    memcpy(raw, p->s + start, n);
    raw[n] = '\0';
    v->raw = raw;
    v->num = strtod(raw, NULL);
    if (!frac) {
        errno = 0;
        long long ll = strtoll(raw, NULL, 10);
        if (errno == 0) {
            v->is_int = 1;
            v->ival = ll;
        } else {
            v->too_large = 1;
        }
    }
}

int gr_jr_u64(const gr_jr_node *v, uint64_t *out)
{
    if (!v || v->type != GR_JR_NUMBER || !v->raw || !jr_isdigit(v->raw[0]))
        return 0;
    uint64_t x = 0;
    for (const char *c = v->raw; *c; c++) {
        if (!jr_isdigit(*c))
            return 0;
        unsigned d = (unsigned)(*c - '0');
        if (x > (UINT64_MAX - d) / 10)
            return 0;
        x = x * 10 + d;
    }
    *out = x;
    return 1;
}

int gr_jr_milli(const gr_jr_node *v, int64_t *milli)
{
    if (!v || v->type != GR_JR_NUMBER || !v->raw)
        return 0;
    const char *s = v->raw;
    int neg = *s == '-';
    if (neg)
        s++;
    int64_t whole = 0, frac = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        whole = whole * 10 + (*s - '0');
        if (whole > 1000000000000000LL)
            return 0;
    }
    if (*s == '.') {
        int digits = 0;
        for (s++; *s >= '0' && *s <= '9'; s++, digits++) {
            if (digits >= 3) {
                if (*s != '0')
                    return 0; /* finer than a thousandth */
                continue;
            }
            frac = frac * 10 + (*s - '0');
        }
        for (; digits < 3; digits++)
            frac *= 10;
    }
    if (*s)
        return 0; /* an exponent */
    *milli = (neg ? -1 : 1) * (whole * 1000 + frac);
    return 1;
}

static int jr_word(jr_parser *p, const char *w)
{
    size_t n = strlen(w);
    if (p->len - p->pos < n || memcmp(p->s + p->pos, w, n))
        return 0;
    for (size_t i = 0; i < n; i++)
        jr_adv(p);
    return 1;
}

static gr_jr_node *jr_value(jr_parser *p, int depth);

static gr_jr_node *jr_container(jr_parser *p, gr_jr_node *v, int depth)
{
    int obj = jr_peek(p) == '{';
    char close = obj ? '}' : ']';
    v->type = obj ? GR_JR_OBJECT : GR_JR_ARRAY;
    jr_adv(p);
    jr_skip_ws(p);
    if (jr_peek(p) == close) {
        jr_adv(p);
        return v;
    }
    gr_jr_node **tail = &v->child;
    for (;;) {
        jr_skip_ws(p);
        const char *key = NULL;
        int kl = p->line, kc = p->col;
        if (obj) {
            if (jr_peek(p) < 0) {
                jr_syntax(p, "the file ends inside an object; complete it and close it with '}'");
                return NULL;
            }
            if (jr_peek(p) != '"') {
                char d[32];
                jr_syntax(p, "expected a key in double quotes, found %s; quote the key%s",
                          jr_describe_char(jr_peek(p), d, sizeof d),
                          jr_peek(p) == '}' ? " or remove the trailing comma" : "");
                return NULL;
            }
            size_t kn;
            int esc;
            key = jr_string(p, &kn, &esc);
            if (!key)
                return NULL;
            if (strlen(key) != kn) {
                jr_syntax(p, "a key contains a NUL character; remove it");
                return NULL;
            }
            for (gr_jr_node *m = v->child; m; m = m->next)
                if (!strcmp(m->key, key)) {
                    p->line = kl;
                    p->col = kc;
                    jr_syntax(p,
                              "key \"%s\" appears twice in this object (first at line %d); "
                              "keep only one",
                              key, m->key_line);
                    return NULL;
                }
            jr_skip_ws(p);
            if (jr_peek(p) != ':') {
                char d[32];
                jr_syntax(p, "expected ':' after the key \"%s\", found %s; write \"%s\": VALUE",
                          key, jr_describe_char(jr_peek(p), d, sizeof d), key);
                return NULL;
            }
            jr_adv(p);
            jr_skip_ws(p);
        }
        gr_jr_node *m = jr_value(p, depth + 1);
        if (!m)
            return NULL;
        m->key = key;
        m->key_line = kl;
        m->key_col = kc;
        *tail = m;
        tail = &m->next;
        v->len++;
        jr_skip_ws(p);
        int c = jr_peek(p);
        if (c == ',') {
            jr_adv(p);
            jr_skip_ws(p);
            if (jr_peek(p) == close) {
                jr_syntax(p, "a comma before '%c'; remove the trailing comma", close);
                return NULL;
            }
            continue;
        }
        if (c == close) {
            jr_adv(p);
            return v;
        }
        char d[32];
        jr_syntax(p, "expected ',' or '%c' after %s, found %s; add the missing comma or '%c'",
                  close, obj ? "an object member" : "an array element",
                  jr_describe_char(c, d, sizeof d), close);
        return NULL;
    }
}

static gr_jr_node *jr_value(jr_parser *p, int depth)
{
    if (depth > GR_JR_MAX_DEPTH) {
        jr_syntax(p, "values nest more than %d deep; flatten the file", GR_JR_MAX_DEPTH);
        return NULL;
    }
    jr_skip_ws(p);
    if (p->max_nodes && p->nodes == p->max_nodes) {
        if (!p->failed)
            gr_error_set(p->err, GR_EINPUT,
                         "%s:%d:%d: the file holds more than %zu values (numbers, strings, "
                         "arrays, objects), more than this kind of file can (limits in "
                         "docs/scenarios.md); it was not written by grognard, or it was damaged",
                         p->name, p->line, p->col, p->max_nodes);
        p->failed = 1;
        return NULL;
    }
    p->nodes++;
    gr_jr_node *v = jr_alloc(p, sizeof *v);
    if (!v)
        return NULL;
    v->line = p->line;
    v->col = p->col;
    int c = jr_peek(p);
    switch (c) {
    case '{':
    case '[': return jr_container(p, v, depth);
    case '"':
        v->type = GR_JR_STRING;
        v->str = jr_string(p, &v->len, &v->raw_escaped);
        return v->str ? v : NULL;
    case 't':
    case 'f':
    case 'n':
        if (jr_word(p, "true")) {
            v->type = GR_JR_BOOL;
            v->boolean = 1;
            return v;
        }
        if (jr_word(p, "false")) {
            v->type = GR_JR_BOOL;
            return v;
        }
        if (jr_word(p, "null")) {
            v->type = GR_JR_NULL;
            return v;
        }
        break;
    default:
        if (c == '-' || jr_isdigit(c)) {
            jr_number(p, v);
            return p->failed ? NULL : v;
        }
        break;
    }
    char d[32];
    if (c == '\'')
        jr_syntax(p, "strings take double quotes in JSON; replace ' with \"");
    else if (c < 0 && depth == 0)
        jr_syntax(p, "the file is empty; write the JSON object the file should hold");
    else if (c < 0)
        jr_syntax(p, "the file ends where a value was expected; complete the value or remove the "
                     "comma before it");
    else
        jr_syntax(p,
                  "expected a value (object, array, string, number, true, false or null), "
                  "found %s; check the syntax here",
                  jr_describe_char(c, d, sizeof d));
    return NULL;
}

gr_jr_doc *gr_jr_parse(const char *text, size_t len, const char *name, size_t max_nodes,
                       gr_jr_node **root, gr_error *err)
{
    jr_parser p = {.s = text,
                   .len = len,
                   .line = 1,
                   .col = 1,
                   .name = name,
                   .err = err,
                   .max_nodes = max_nodes};
    p.doc = gr_calloc(1, sizeof *p.doc);
    if (!p.doc) {
        gr_error_set(err, GR_ERUNTIME, "%s: out of memory reading JSON", name);
        return NULL;
    }
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
        p.pos = 3; /* a UTF-8 byte order mark */
    gr_jr_node *r = jr_value(&p, 0);
    if (r) {
        jr_skip_ws(&p);
        if (p.pos < p.len) {
            char d[32];
            jr_syntax(&p,
                      "unexpected %s after the end of the document; remove it (one object per "
                      "file)",
                      jr_describe_char(jr_peek(&p), d, sizeof d));
            r = NULL;
        }
    }
    if (!r) {
        gr_jr_free(p.doc);
        return NULL;
    }
    *root = r;
    return p.doc;
}
