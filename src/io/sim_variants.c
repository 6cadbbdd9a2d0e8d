/* sim_variants.c - a scenario's variants for grognard sim --variants
 * (grognard/sim_variants.h). */
#include "grognard/sim_variants.h"

#include <stdlib.h>
#include <string.h>

#include "grognard/alloc.h"
#include "grognard/file_io.h"
#include "grognard/json_reader.h"

#define MAX_BYTES (1 << 20)
#define MAX_NODES 200000

void gr_sim_variants_free(gr_sim_variants *vs)
{
    for (int i = 0; i < vs->n; i++) {
        json_decref(vs->v[i].remove);
        json_decref(vs->v[i].append);
        json_decref(vs->v[i].patch);
    }
    memset(vs, 0, sizeof *vs);
}

/* The checks, with positions (gr_jr); the values are taken from jansson's
 * parse of the same text. */
static gr_status check(const char *name, const gr_jr_node *root, gr_error *err)
{
    const gr_jr_node *list = root->type == GR_JR_OBJECT ? gr_jr_get(root, "variants") : NULL;
    if (!list || list->type != GR_JR_ARRAY || list->len < 1 || list->len > GR_SIM_MAX_VARIANTS)
        return gr_jr_fail(err, name, list ? list : root,
                          "a variants file is {\"variants\": [{\"name\": ..., \"patch\": {...}}, "
                          "...]} with 1 to %d variants (docs/designer.md)",
                          GR_SIM_MAX_VARIANTS);
    for (const gr_jr_node *v = list->child; v; v = v->next) {
        if (v->type != GR_JR_OBJECT)
            return gr_jr_fail(err, name, v,
                              "a variant is an object {\"name\", \"patch\", \"append\", "
                              "\"remove\"}");
        const gr_jr_node *n = gr_jr_get(v, "name");
        if (!n || n->type != GR_JR_STRING || !n->len || n->len >= GR_SIM_VARIANT_NAME)
            return gr_jr_fail(err, name, n ? n : v,
                              "a variant needs a \"name\": a text of 1 to %d bytes",
                              GR_SIM_VARIANT_NAME - 1);
        for (const gr_jr_node *w = list->child; w != v; w = w->next)
            if (!strcmp(gr_jr_get(w, "name")->str, n->str))
                return gr_jr_fail(err, name, n, "two variants are named \"%s\"; name each once",
                                  n->str);
        int changes = 0;
        for (const gr_jr_node *m = v->child; m; m = m->next) {
            int arrays = !strcmp(m->key, "append") || !strcmp(m->key, "remove");
            if (!strcmp(m->key, "name"))
                continue;
            if (!arrays && strcmp(m->key, "patch"))
                return gr_jr_fail_key(err, name, m,
                                      "unknown member \"%s\"; accepted: name, patch, append, "
                                      "remove",
                                      m->key);
            if (m->type != GR_JR_OBJECT)
                return gr_jr_fail(err, name, m, "\"%s\" must be an object", m->key);
            for (const gr_jr_node *k = arrays ? m->child : NULL; k; k = k->next) {
                if (k->type != GR_JR_ARRAY)
                    return gr_jr_fail(err, name, k, "\"%s\" of \"%s\" must be an array (of %s)",
                                      k->key, m->key,
                                      m->key[0] == 'a' ? "values to add" : "indices");
                for (const gr_jr_node *i = m->key[0] == 'r' ? k->child : NULL; i; i = i->next)
                    if (i->type != GR_JR_NUMBER || !i->is_int || i->ival < 0 || i->ival > 1000000)
                        return gr_jr_fail(err, name, i,
                                          "an index to remove is a whole number from 0");
            }
            changes++;
        }
        if (!changes)
            return gr_jr_fail(err, name, v,
                              "variant \"%s\" changes nothing: give it a \"patch\", an "
                              "\"append\" or a \"remove\"",
                              n->str);
    }
    return GR_OK;
}

gr_status gr_sim_variants_parse(const char *text, size_t len, const char *name, gr_sim_variants *vs,
                                gr_error *err)
{
    memset(vs, 0, sizeof *vs);
    gr_jr_node *root;
    gr_jr_doc *doc = gr_jr_parse(text, len, name, MAX_NODES, &root, err);
    if (!doc)
        return err->code;
    gr_status s = check(name, root, err);
    gr_jr_free(doc);
    if (s != GR_OK)
        return s;
    json_error_t je;
    json_t *j = json_loadb(text, len, 0, &je);
    if (!j)
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory reading the variants", name);
    json_t *list = json_object_get(j, "variants"), *v;
    size_t i;
    json_array_foreach(list, i, v)
    {
        gr_sim_variant *x = &vs->v[vs->n++];
        snprintf(x->name, sizeof x->name, "%s", json_string_value(json_object_get(v, "name")));
        x->remove = json_incref(json_object_get(v, "remove"));
        x->append = json_incref(json_object_get(v, "append"));
        x->patch = json_incref(json_object_get(v, "patch"));
    }
    json_decref(j);
    return GR_OK;
}

gr_status gr_sim_variants_read(const char *file, gr_sim_variants *vs, gr_error *err)
{
    char *text = NULL;
    size_t len = 0;
    memset(vs, 0, sizeof *vs);
    gr_status s = gr_read_file(file, MAX_BYTES, &text, &len, err);
    if (s != GR_OK)
        return s;
    s = gr_sim_variants_parse(text, len, file, vs, err);
    gr_free(text);
    return s;
}

/* RFC 7386: target merged with patch (both objects here; a patch member
 * that is an object merges into the target's object member, or into an
 * empty one).  Returns 0, -1 out of memory. */
static int merge(json_t *target, json_t *patch)
{
    const char *k;
    json_t *pv;
    json_object_foreach(patch, k, pv)
    {
        if (json_is_null(pv)) {
            json_object_del(target, k);
        } else if (json_is_object(pv)) {
            json_t *tv = json_object_get(target, k);
            if (!json_is_object(tv)) {
                tv = json_object();
                if (!tv || json_object_set_new(target, k, tv))
                    return -1;
            }
            if (merge(tv, pv))
                return -1;
        } else if (json_object_set(target, k, pv)) {
            return -1;
        }
    }
    return 0;
}

static int by_index_down(const void *a, const void *b)
{
    json_int_t x = *(const json_int_t *)a, y = *(const json_int_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

gr_status gr_sim_variant_apply(const char *text, size_t len, const char *scen,
                               const gr_sim_variant *v, char **out, size_t *outlen, gr_error *err)
{
    *out = NULL;
    json_error_t je;
    json_t *j = json_loadb(text, len, 0, &je);
    if (!json_is_object(j)) {
        json_decref(j);
        return gr_error_set(err, GR_EINPUT,
                            "variant \"%s\": %s is not a JSON object; a variant changes a "
                            "scenario file in JSON",
                            v->name, scen);
    }
    gr_status s = GR_OK;
    const char *k;
    json_t *a;
    json_object_foreach(v->remove, k, a)
    {
        json_t *arr = json_object_get(j, k);
        size_t n = json_array_size(a), i;
        json_int_t idx[1024];
        if (!json_is_array(arr) || n > 1024) {
            s = gr_error_set(err, GR_EINPUT,
                             "variant \"%s\": remove \"%s\": %s has no array \"%s\" at its top "
                             "level",
                             v->name, k, scen, k);
            break;
        }
        json_t *x;
        json_array_foreach(a, i, x) idx[i] = json_integer_value(x);
        qsort(idx, n, sizeof idx[0], by_index_down);
        for (i = 0; i < n && s == GR_OK; i++) {
            if (i && idx[i] == idx[i - 1])
                continue;
            if ((size_t)idx[i] >= json_array_size(arr))
                s = gr_error_set(err, GR_EINPUT,
                                 "variant \"%s\": remove \"%s\" %lld: %s has %zu (indices 0 to "
                                 "%zu)",
                                 v->name, k, (long long)idx[i], scen, json_array_size(arr),
                                 json_array_size(arr) ? json_array_size(arr) - 1 : 0);
            else
                json_array_remove(arr, (size_t)idx[i]);
        }
        if (s != GR_OK)
            break;
    }
    if (s == GR_OK)
        json_object_foreach(v->append, k, a)
        {
            json_t *arr = json_object_get(j, k);
            if (!json_is_array(arr)) {
                s = gr_error_set(err, GR_EINPUT,
                                 "variant \"%s\": append \"%s\": %s has no array \"%s\" at its "
                                 "top level",
                                 v->name, k, scen, k);
                break;
            }
            if (json_array_extend(arr, a)) {
                s = gr_error_set(err, GR_ERUNTIME, "out of memory making variant \"%s\"", v->name);
                break;
            }
        }
    if (s == GR_OK && v->patch && merge(j, v->patch))
        s = gr_error_set(err, GR_ERUNTIME, "out of memory making variant \"%s\"", v->name);
    if (s == GR_OK) {
        *out = json_dumps(j, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
        if (!*out)
            s = gr_error_set(err, GR_ERUNTIME, "out of memory making variant \"%s\"", v->name);
        else
            *outlen = strlen(*out);
    }
    json_decref(j);
    return s;
}
