/* args_io.c - a table's or procedure's inputs from a JSON object, read with
 * the positioned reader (grognard/args_io.h). */
#include "grognard/args_io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/alloc.h"
#include "grognard/json_reader.h"

struct gr_args_json {
    gr_jr_doc *doc;
};

void gr_args_json_free(gr_args_json *keep)
{
    if (!keep)
        return;
    gr_jr_free(keep->doc);
    gr_free(keep);
}

size_t gr_args_names(const gr_param *params, size_t n, int skip, const char *prefix, char *buf,
                     size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && len < cap; i++)
        if ((int)i != skip)
            len += (size_t)snprintf(buf + len, cap - len, "%s%s%s", len ? ", " : "", prefix,
                                    params[i].name);
    return len;
}

/* 1 if the number's text has a fraction or exponent that no whole number
 * is written with. */
static int has_exponent(const char *raw)
{
    return strchr(raw, 'e') || strchr(raw, 'E');
}

/* One member `m` for the input params[k]. */
static gr_status set_member(const char *name, const gr_param *p, int k, const gr_param *params,
                            const gr_jr_node *m, gr_args *a, gr_error *err)
{
    const char *value = NULL;
    char whole[32];
    switch (m->type) {
    case GR_JR_BOOL:
        if (p->kind != GR_P_FLAG)
            return gr_jr_fail(err, name, m,
                              "\"%s\" is not a yes/no input; give it as a number or a string",
                              p->name);
        value = m->boolean ? "true" : "false";
        break;
    case GR_JR_STRING:
        if (strlen(m->str) != m->len)
            return gr_jr_fail(err, name, m, "\"%s\" contains a NUL character; remove it", p->name);
        value = m->str;
        break;
    case GR_JR_NUMBER:
        if (p->kind == GR_P_TEXT)
            return gr_jr_fail(err, name, m, "\"%s\" must be a string", p->name);
        if (m->too_large) {
            char acc[256];
            gr_param_describe(p, acc, sizeof acc);
            return gr_jr_fail(err, name, m, "\"%s\": %.40s%s is too large; accepted: %s", p->name,
                              m->raw, strlen(m->raw) > 40 ? "..." : "", acc);
        }
        if (has_exponent(m->raw))
            return gr_jr_fail(err, name, m,
                              "\"%s\": %.40s is written with an exponent; write it in plain "
                              "digits (e.g. 100, 2.5)",
                              p->name, m->raw);
        if (p->kind == GR_P_NUM) {
            int64_t milli;
            if (!gr_jr_milli(m, &milli))
                return gr_jr_fail(err, name, m,
                                  "\"%s\": %.40s%s is finer than a thousandth, the finest this "
                                  "input takes; it is not rounded: write at most three decimals",
                                  p->name, m->raw, strlen(m->raw) > 40 ? "..." : "");
        }
        value = m->raw;
        if (p->kind == GR_P_INT && strchr(m->raw, '.')) {
            /* 4.0 is the whole number 4 exactly; 4.5 stays as written, refused */
            int64_t milli;
            if (gr_jr_milli(m, &milli) && milli % 1000 == 0) {
                snprintf(whole, sizeof whole, "%lld", (long long)(milli / 1000));
                value = whole;
            }
        }
        break;
    default:
        return gr_jr_fail(err, name, m, "\"%s\" must be a number, string or boolean, not %s",
                          p->name, gr_jr_type_name(m->type));
    }
    if (p->kind == GR_P_TEXT && m->type != GR_JR_STRING)
        return gr_jr_fail(err, name, m, "\"%s\" must be a string", p->name);
    gr_error e;
    gr_error_clear(&e);
    if (gr_args_set(params, k, value, a, &e) != GR_OK)
        return gr_jr_fail(err, name, m, "%s", e.msg);
    return GR_OK;
}

static gr_status read_seed(const char *name, const gr_jr_node *m, int *has_seed, uint64_t *seed,
                           gr_error *err)
{
    if (m->type != GR_JR_NUMBER || !m->raw || m->raw[0] == '-' || has_exponent(m->raw) ||
        strchr(m->raw, '.'))
        return gr_jr_fail(err, name, m,
                          "\"seed\" must be a whole number from 0 to 9223372036854775807");
    errno = 0;
    char *end;
    unsigned long long v = strtoull(m->raw, &end, 10);
    if (errno || *end || v > INT64_MAX)
        return gr_jr_fail(err, name, m,
                          "\"seed\" %.40s%s is too large; accepted: a whole number from 0 to "
                          "9223372036854775807",
                          m->raw, strlen(m->raw) > 40 ? "..." : "");
    *has_seed = 1;
    *seed = v;
    return GR_OK;
}

gr_status gr_args_json_parse(const char *text, size_t len, const char *name, const gr_param *params,
                             size_t nparams, int skip, gr_args *a, int *has_seed, uint64_t *seed,
                             gr_args_json **keep, gr_error *err)
{
    *keep = NULL;
    if (len > GR_ARGS_JSON_MAX_BYTES)
        return gr_error_set(err, GR_EINPUT,
                            "%s:1:1: more than %d bytes; a situation is one "
                            "small JSON object like {\"power\": 13}",
                            name, GR_ARGS_JSON_MAX_BYTES);
    gr_jr_node *root;
    gr_jr_doc *doc = gr_jr_parse(text, len, name, GR_ARGS_JSON_MAX_NODES, &root, err);
    if (!doc)
        return err ? err->code : GR_EINPUT;
    gr_status st = GR_OK;
    if (root->type != GR_JR_OBJECT) {
        st = gr_jr_fail(err, name, root,
                        "the situation must be a JSON object like {\"power\": 13}, not %s",
                        gr_jr_type_name(root->type));
        goto done;
    }
    for (const gr_jr_node *m = root->child; m && st == GR_OK; m = m->next) {
        if (seed && !strcmp(m->key, "seed")) {
            st = read_seed(name, m, has_seed, seed, err);
            continue;
        }
        int k = gr_param_index(params, nparams, m->key);
        if (k < 0 || k == skip) {
            char accepted[1024], kb[168];
            size_t at = gr_args_names(params, nparams, skip, "", accepted, sizeof accepted);
            if (seed && at < sizeof accepted)
                snprintf(accepted + at, sizeof accepted - at, "%sseed", at ? ", " : "");
            st = gr_jr_fail_key(err, name, m, "unknown key \"%s\"; accepted: %s",
                                gr_jr_printable(m->key, 40, kb, sizeof kb), accepted);
            continue;
        }
        st = set_member(name, &params[k], k, params, m, a, err);
    }
    if (st == GR_OK) {
        gr_args_json *kp = gr_malloc(sizeof *kp);
        if (!kp) {
            st = gr_error_set(err, GR_ERUNTIME, "%s: out of memory", name);
        } else {
            kp->doc = doc;
            *keep = kp;
            return GR_OK;
        }
    }
done:
    gr_jr_free(doc);
    return st;
}
