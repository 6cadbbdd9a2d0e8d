/* grognard/json_reader.h - the JSON reader, which remembers where every
 * value is (core: every loader of the project, in whatever layer, reads its
 * files with it: scenarios, saved games, the RFF fire-points file).
 *
 * jansson reports the line and column of a syntax error but not of each
 * value, and a person editing a file needs "austerlitz.json:41:17: unit
 * 'Friant' stands off the map" for a value that is well-formed JSON but
 * wrong.  This reader builds a tree in which every value and every object key
 * carries its 1-based line and column (columns count characters, not bytes),
 * so no loader has to guess a position.  It accepts exactly RFC 8259 JSON,
 * refuses duplicate keys, nests at most GR_JR_MAX_DEPTH deep, and never reads
 * past the text it was given. */
#ifndef GROGNARD_JSON_READER_H
#define GROGNARD_JSON_READER_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/error.h"

#define GR_JR_MAX_DEPTH 64

typedef enum gr_jr_type {
    GR_JR_NULL,
    GR_JR_BOOL,
    GR_JR_NUMBER,
    GR_JR_STRING,
    GR_JR_ARRAY,
    GR_JR_OBJECT
} gr_jr_type;

typedef struct gr_jr_node {
    gr_jr_type type;
    int line, col;         /* where the value starts */
    const char *key;       /* member of an object: its key (NUL-terminated) */
    int key_line, key_col; /* ... and where the key starts */
    const char *str;       /* GR_JR_STRING: the decoded text, NUL-terminated (UTF-8) */
    size_t len;            /* GR_JR_STRING: bytes; GR_JR_ARRAY/GR_JR_OBJECT: members */
    int raw_escaped;       /* GR_JR_STRING: the source text had escapes */
    int boolean;           /* GR_JR_BOOL */
    double num;            /* GR_JR_NUMBER */
    int is_int;            /* GR_JR_NUMBER written without fraction or exponent, fits int64 */
    int too_large;         /* GR_JR_NUMBER written without fraction or exponent, beyond int64 */
    int64_t ival;
    const char *raw;          /* GR_JR_NUMBER: its text exactly as written (NUL-terminated) */
    struct gr_jr_node *child; /* first member of an array or object */
    struct gr_jr_node *next;  /* next member of the parent */
} gr_jr_node;

typedef struct gr_jr_doc gr_jr_doc;

/* Parse `len` bytes of `text` (need not be NUL-terminated).  On success
 * returns the document (free it with gr_jr_free) and sets *root.  On a syntax
 * error returns NULL and writes "NAME:LINE:COL: malformed JSON: what; how to
 * fix" into err (code GR_EINPUT); on memory exhaustion code GR_ERUNTIME.
 *
 * `max_nodes` (0: no limit) bounds the values (each a gr_jr_node, about 100
 * bytes) the document may hold: a file with more is refused at the first
 * value too many (GR_EINPUT), so the memory used is bounded by what the
 * format can hold, not by the file's size (a file of "0," is a value every
 * two bytes: 64 MB of it would take 3 GB of nodes).  Each loader passes the
 * most its format holds. */
gr_jr_doc *gr_jr_parse(const char *text, size_t len, const char *name, size_t max_nodes,
                       gr_jr_node **root, gr_error *err);

void gr_jr_free(gr_jr_doc *doc);

/* The exact value of the number `v` in thousandths, if it has one: 1 and
 * *milli set when v is written with at most three nonzero decimals (no
 * exponent) and lies within +-10^15; else 0 (nothing is rounded). */
int gr_jr_milli(const gr_jr_node *v, int64_t *milli);

/* The value of the number `v` as an unsigned 64-bit whole number: 1 and
 * *out set when v is written as digits alone (no sign, fraction or
 * exponent) and lies within 0 .. 18446744073709551615; else 0. */
int gr_jr_u64(const gr_jr_node *v, uint64_t *out);

/* The member `key` of object `obj`, or NULL. */
const gr_jr_node *gr_jr_get(const gr_jr_node *obj, const char *key);

/* A name for a node's type, for messages ("a string", "an array"...). */
const char *gr_jr_type_name(gr_jr_type t);

/* `s` (a key or string of the file) made fit for a one-line message: at
 * most `max` characters (cut on a character boundary, "..." added), control
 * characters shown as '?'.  Writes into buf (cap bytes) and returns it. */
const char *gr_jr_printable(const char *s, size_t max, char *buf, size_t cap);

/* Write "NAME:LINE:COL: what" into err with the position of the value `at`
 * (gr_jr_fail) or of its key (gr_jr_fail_key: an object member's key; the
 * value's position for an array element; 1:1 when `at` is NULL, for
 * gr_jr_fail), code GR_EINPUT, and return GR_EINPUT.  `what` should say
 * what is wrong and how to fix it. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
gr_status
gr_jr_fail(gr_error *err, const char *name, const gr_jr_node *at, const char *fmt, ...);
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
gr_status
gr_jr_fail_key(gr_error *err, const char *name, const gr_jr_node *at, const char *fmt, ...);

/* Refuse a member of the object obj whose key is not in keys (NULL-
 * terminated): GR_EINPUT, "NAME:LINE:COL: unknown key \"K\" in WHAT;
 * accepted keys: A, B (DOC)" at the key (what and doc may be NULL). */
gr_status gr_jr_only_keys(gr_error *err, const char *name, const gr_jr_node *obj,
                          const char *const *keys, const char *what, const char *doc);

#endif
