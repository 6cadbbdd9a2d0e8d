/* re_json.h - a small JSON reader that remembers where every value is
 * (internal to src/io).
 *
 * jansson reports the line and column of a syntax error but not of each
 * value, and a scenario designer needs "austerlitz.json:41:17: unit 'Friant'
 * stands off the map" for a value that is well-formed JSON but wrong.  This
 * reader builds a tree in which every value and every object key carries its
 * 1-based line and column (columns count characters, not bytes).  It accepts
 * exactly RFC 8259 JSON, refuses duplicate keys, nests at most RJ_MAX_DEPTH
 * deep, and never reads past the text it was given. */
#ifndef GROGNARD_RE_JSON_H
#define GROGNARD_RE_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/error.h"

#define RJ_MAX_DEPTH 64

typedef enum rj_type { RJ_NULL, RJ_BOOL, RJ_NUMBER, RJ_STRING, RJ_ARRAY, RJ_OBJECT } rj_type;

typedef struct rj_node {
    rj_type type;
    int line, col;         /* where the value starts */
    const char *key;       /* member of an object: its key (NUL-terminated) */
    int key_line, key_col; /* ... and where the key starts */
    const char *str;       /* RJ_STRING: the decoded text, NUL-terminated (UTF-8) */
    size_t len;            /* RJ_STRING: bytes; RJ_ARRAY/RJ_OBJECT: members */
    int raw_escaped;       /* RJ_STRING: the source text had escapes */
    int boolean;           /* RJ_BOOL */
    double num;            /* RJ_NUMBER */
    int is_int;            /* RJ_NUMBER written without fraction or exponent, fits int64 */
    int64_t ival;
    struct rj_node *child; /* first member of an array or object */
    struct rj_node *next;  /* next member of the parent */
} rj_node;

typedef struct rj_doc rj_doc;

/* Parse `len` bytes of `text` (need not be NUL-terminated).  On success
 * returns the document (free it with rj_free) and sets *root.  On a syntax
 * error returns NULL and writes "NAME:LINE:COL: what; how to fix" into err
 * (code GR_EINPUT); on memory exhaustion code GR_ERUNTIME. */
rj_doc *rj_parse(const char *text, size_t len, const char *name, rj_node **root, gr_error *err);

void rj_free(rj_doc *doc);

/* The member `key` of object `obj`, or NULL. */
const rj_node *rj_get(const rj_node *obj, const char *key);

/* A name for a node's type, for messages ("a string", "an array"...). */
const char *rj_type_name(rj_type t);

#endif
