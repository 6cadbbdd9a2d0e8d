/* fuzz_json.c - libFuzzer target: the positioned JSON reader (gr_jr_parse)
 * on any bytes; a document it accepts is walked whole and checked: types,
 * positions, string lengths, member counts, numbers' text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"
#include "grognard/json_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t walk(const gr_jr_node *v, int depth)
{
    size_t n = 1;
    char buf[64];
    if (depth > GR_JR_MAX_DEPTH + 1 || v->line < 1 || v->col < 1)
        abort();
    switch (v->type) {
    case GR_JR_STRING:
        if (!v->str || v->str[v->len] != '\0')
            abort();
        gr_jr_printable(v->str, 20, buf, sizeof buf);
        break;
    case GR_JR_NUMBER: {
        int64_t milli;
        if (!v->raw || (v->is_int && v->too_large))
            abort();
        if (gr_jr_milli(v, &milli) && v->is_int && milli / 1000 != v->ival)
            abort();
        break;
    }
    case GR_JR_ARRAY:
    case GR_JR_OBJECT: {
        size_t members = 0;
        for (const gr_jr_node *m = v->child; m; m = m->next) {
            if ((v->type == GR_JR_OBJECT) != (m->key != NULL))
                abort();
            if (m->key && gr_jr_get(v, m->key) != m)
                abort(); /* keys are unique */
            members++;
            n += walk(m, depth + 1);
        }
        if (members != v->len)
            abort();
        break;
    }
    case GR_JR_NULL:
    case GR_JR_BOOL: break;
    default: abort();
    }
    (void)gr_jr_type_name(v->type);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gr_error err;
    gr_error_clear(&err);
    gr_jr_node *root = NULL;
    /* the node budget bites too: inputs past 2,000 values are refused */
    gr_jr_doc *doc = gr_jr_parse((const char *)data, size, "fuzz.json", 2000, &root, &err);
    if (!doc) {
        fuzz_check_status(err.code, &err);
        if (err.code == GR_OK)
            abort();
        return 0;
    }
    if (walk(root, 0) > 2000)
        abort();
    gr_jr_free(doc);
    return 0;
}
