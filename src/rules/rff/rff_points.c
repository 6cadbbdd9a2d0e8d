/* rff_points.c - the musketry and cannonade points per stand, which the
 * seed lost: read at run time from a JSON data file (the shipped
 * data/rff/fire_points.json, or a scenario's file given as --points-file),
 * validated whole, with FILE:LINE:COLUMN in
 * every message.  A value no source supports is null in the file, and the
 * callers say so plainly: nothing here guesses a number. */
#include "rff.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define POINTS_FORMAT "grognard-rff-fire-points"
#define POINTS_MAX    100 /* points per stand accepted in a file */

typedef struct pfile {
    const char *path;
    char *text;
    size_t len;
} pfile;

/* Line and column (1-based) of the last of `keys` found in turn in the
 * text (jansson keeps no positions for values, so a value's error points at
 * its key).  Falls back to 1:1. */
static void locate(const pfile *f, const char *const *keys, int n, int *line, int *col)
{
    const char *pos = f->text, *hit = NULL;
    for (int i = 0; i < n; i++) {
        char quoted[96];
        snprintf(quoted, sizeof quoted, "\"%s\"", keys[i]);
        const char *p = strstr(pos, quoted);
        if (!p)
            break;
        hit = p;
        pos = p + strlen(quoted);
    }
    *line = 1;
    *col = 1;
    if (!hit)
        return;
    for (const char *p = f->text; p < hit; p++) {
        if (*p == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
    }
}

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static gr_status
bad(const pfile *f, const char *const *keys, int n, gr_error *err, const char *fmt, ...)
{
    char what[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    int line, col;
    locate(f, keys, n, &line, &col);
    return gr_error_set(err, GR_EINPUT, "%s:%d:%d: %s", f->path, line, col, what);
}

static void list_codes(const char *const *codes, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; codes[i] && len < cap; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ", " : "", codes[i]);
}

static int code_index(const char *const *codes, const char *key)
{
    for (int i = 0; codes[i]; i++)
        if (!strcmp(codes[i], key))
            return i;
    return -1;
}

/* Check one band entry {"points": number|null, "source": string}. */
static gr_status check_band(const pfile *f, const char *section, const char *code, const char *band,
                            json_t *v, gr_error *err)
{
    const char *keys[] = {section, code, band, NULL};
    if (!json_is_object(v))
        return bad(f, keys, 3, err,
                   "%s.%s.%s must be an object like {\"points\": null, \"source\": \"none "
                   "found\"}",
                   section, code, band);
    const char *k;
    json_t *x;
    json_object_foreach(v, k, x)
    {
        keys[3] = k;
        if (strcmp(k, "points") && strcmp(k, "source") && strcmp(k, "note"))
            return bad(f, keys, 4, err,
                       "%s.%s.%s: unknown key \"%s\"; accepted: points, source, note", section,
                       code, band, k);
    }
    json_t *pts = json_object_get(v, "points");
    json_t *src = json_object_get(v, "source");
    keys[3] = "points";
    if (!pts)
        return bad(f, keys, 3, err,
                   "%s.%s.%s has no \"points\"; accepted: a number from 0 to %d, "
                   "or null when no source gives the value",
                   section, code, band, POINTS_MAX);
    if (!json_is_null(pts) &&
        (!json_is_number(pts) || json_number_value(pts) < 0 || json_number_value(pts) > POINTS_MAX))
        return bad(f, keys, 4, err,
                   "%s.%s.%s.points is not accepted; accepted: a number from 0 to %d, or null "
                   "when no source gives the value",
                   section, code, band, POINTS_MAX);
    keys[3] = "source";
    if (!src || !json_is_string(src) || !*json_string_value(src))
        return bad(f, keys, src ? 4 : 3, err,
                   "%s.%s.%s needs a \"source\": the public source of the value, or \"none "
                   "found\"",
                   section, code, band);
    if (!json_is_null(pts) && !strcmp(json_string_value(src), "none found"))
        return bad(f, keys, 4, err,
                   "%s.%s.%s gives points but its source is \"none found\"; accepted: a value "
                   "with the source it comes from, or null",
                   section, code, band);
    return GR_OK;
}

static gr_status check_section(const pfile *f, json_t *root, const char *section,
                               const char *const *codes, gr_error *err)
{
    const char *keys[] = {section, NULL, NULL};
    json_t *sec = json_object_get(root, section);
    char accepted[160];
    list_codes(codes, accepted, sizeof accepted);
    if (!sec)
        return bad(f, keys, 0, err, "no \"%s\" object; accepted keys: %s", section, accepted);
    if (!json_is_object(sec))
        return bad(f, keys, 1, err, "\"%s\" must be an object with the keys %s", section, accepted);
    const char *code;
    json_t *v;
    json_object_foreach(sec, code, v)
    {
        keys[1] = code;
        if (code_index(codes, code) < 0)
            return bad(f, keys, 2, err, "%s: unknown code \"%s\"; accepted: %s", section, code,
                       accepted);
        if (!json_is_object(v))
            return bad(f, keys, 2, err, "%s.%s must be an object with the bands close, long",
                       section, code);
        const char *band;
        json_t *b;
        json_object_foreach(v, band, b)
        {
            keys[2] = band;
            if (code_index(rff_bands, band) < 0)
                return bad(f, keys, 3, err,
                           "%s.%s: unknown range band \"%s\"; accepted: close, "
                           "long",
                           section, code, band);
            gr_status st = check_band(f, section, code, band, b, err);
            if (st != GR_OK)
                return st;
        }
    }
    return GR_OK;
}

static gr_status check_root(const pfile *f, json_t *root, gr_error *err)
{
    const char *keys[] = {NULL};
    if (!json_is_object(root))
        return bad(f, keys, 0, err, "the points file must be one JSON object");
    const char *k;
    json_t *v;
    json_object_foreach(root, k, v)
    {
        const char *kk[] = {k};
        if (strcmp(k, "format") && strcmp(k, "version") && strcmp(k, "note") &&
            strcmp(k, "musketry") && strcmp(k, "cannon"))
            return bad(f, kk, 1, err,
                       "unknown key \"%s\"; accepted: format, version, note, musketry, cannon", k);
    }
    json_t *fmt = json_object_get(root, "format");
    const char *fk[] = {"format"};
    if (!fmt || !json_is_string(fmt) || strcmp(json_string_value(fmt), POINTS_FORMAT))
        return bad(f, fk, fmt ? 1 : 0, err, "\"format\" must be \"%s\"", POINTS_FORMAT);
    json_t *ver = json_object_get(root, "version");
    const char *vk[] = {"version"};
    if (!ver || !json_is_integer(ver) || json_integer_value(ver) != 1)
        return bad(f, vk, ver ? 1 : 0, err, "\"version\" must be 1 (the only version known)");
    gr_status st = check_section(f, root, "musketry", rff_weapon_codes, err);
    if (st == GR_OK)
        st = check_section(f, root, "cannon", rff_gun_codes, err);
    return st;
}

/* The file to read: the caller's, else the shipped one (in the source
 * tree, or installed). */
static const char *resolve_path(const char *path)
{
    if (path)
        return path;
    FILE *f = fopen(rff_default_points_path, "rb");
    if (f) {
        fclose(f);
        return rff_default_points_path;
    }
    return rff_installed_points_path;
}

/* Read and validate the file; *root owns the parsed JSON on success. */
static gr_status load(const char *path, json_t **root, pfile *f, gr_error *err)
{
    f->path = resolve_path(path);
    f->text = NULL;
    FILE *fp = fopen(f->path, "rb");
    if (!fp)
        return gr_error_set(
            err,
            f->path == rff_default_points_path || f->path == rff_installed_points_path ? GR_ERUNTIME
                                                                                       : GR_EINPUT,
            "%s: cannot open the fire-points file; accepted: a readable JSON "
            "file (--points-file FILE; default %s)",
            f->path, rff_default_points_path);
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + len, 1, cap - len - 1, fp);
        len += got;
        if (len + 1 < cap)
            break;
        char *nb = cap > (1u << 22) ? NULL : realloc(buf, cap * 2);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    fclose(fp);
    if (!buf)
        return gr_error_set(err, GR_EINPUT, "%s: the fire-points file is too large (4 MB at most)",
                            f->path);
    buf[len] = '\0';
    f->text = buf;
    f->len = len;
    json_error_t jerr;
    *root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!*root) {
        gr_status st = gr_error_set(err, GR_EINPUT, "%s:%d:%d: malformed JSON: %s", f->path,
                                    jerr.line, jerr.column, jerr.text);
        free(buf);
        f->text = NULL;
        return st;
    }
    gr_status st = check_root(f, *root, err);
    if (st != GR_OK) {
        json_decref(*root);
        *root = NULL;
        free(buf);
        f->text = NULL;
    }
    return st;
}

gr_status rff_points_check(const char *path, gr_error *err)
{
    json_t *root;
    pfile f;
    gr_status st = load(path, &root, &f, err);
    if (st == GR_OK) {
        json_decref(root);
        free(f.text);
    }
    return st;
}

gr_status rff_points_read(const char *path, int guns, int w, int band, rff_points *out,
                          gr_error *err)
{
    json_t *root;
    pfile f;
    memset(out, 0, sizeof *out);
    gr_status st = load(path, &root, &f, err);
    if (st != GR_OK)
        return st;
    snprintf(out->path, sizeof out->path, "%s", f.path);
    const char *code = guns ? rff_gun_codes[w] : rff_weapon_codes[w];
    json_t *entry =
        json_object_get(json_object_get(json_object_get(root, guns ? "cannon" : "musketry"), code),
                        rff_bands[band]);
    if (!entry) {
        snprintf(out->source, sizeof out->source, "absent from the file");
    } else {
        json_t *pts = json_object_get(entry, "points");
        snprintf(out->source, sizeof out->source, "%s",
                 json_string_value(json_object_get(entry, "source")));
        if (json_is_number(pts)) {
            out->known = 1;
            double d = json_number_value(pts) * GR_MILLI;
            out->milli = (int64_t)(d + 0.5);
        }
    }
    json_decref(root);
    free(f.text);
    return GR_OK;
}
