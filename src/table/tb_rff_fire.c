/* tb_rff_fire.c - the `fire` block of an rff-table battle file (docs/table.md
 * "The rff-table battle file"): the ranges in cm and the points per stand
 * that seed 001 lost, for the weapon and gun codes the order of battle
 * uses.  Readings: docs/rules/rff.md "On the table: the battle file and the
 * game `rff-table`". */
#include "grognard/tb_rff.h"

#include <stdio.h>
#include <string.h>

#include "grognard/table.h"

#define fail(at, ...) gr_jr_fail(err, name, (at), __VA_ARGS__)

const char *tb_rff_code(int code)
{
    if (code >= 0 && code < RFF_NWEAPONS)
        return rff_weapon_codes[code];
    if (code >= RFF_NWEAPONS && code < TB_RFF_NCODES)
        return rff_gun_codes[code - RFF_NWEAPONS];
    return "?";
}

/* The order of battle's words for the weapons and guns (the rules' inputs,
 * src/rules/rff/rff_tables.c, as bt_rff.h declares them): "rm" ...
 * "carbine", "hh" ... "other", index-aligned with the file's codes
 * (rff_weapon_codes, rff_gun_codes: grognard/rff_points.h). */
extern const char *const rff_weapons[];
extern const char *const rff_guns[];

static int code_index(const char *const *words, const char *word)
{
    for (int i = 0; words[i]; i++)
        if (!strcmp(words[i], word))
            return i;
    return -1;
}

int tb_rff_code_of(const gr_bt_unit *u)
{
    if (u->arm == GR_BT_ARTILLERY) {
        int g = code_index(rff_guns, u->weapon[0] ? u->weapon : "other");
        return g < 0 ? -1 : TB_RFF_GUN(g);
    }
    return u->weapon[0] ? code_index(rff_weapons, u->weapon) : -1;
}

void tb_rff_used_of(const gr_battle *b, tb_rff_used *used)
{
    memset(used, 0, sizeof *used);
    for (int i = 0; i < b->nunits; i++) {
        int c = tb_rff_code_of(&b->units[i]);
        if (c >= 0 && !used->unit[c][0])
            snprintf(used->unit[c], sizeof used->unit[c], "%s", b->units[i].id);
    }
}

int tb_rff_band(const tb_rff_fire *f, int code, tt_coord dist)
{
    if (code < 0 || code >= TB_RFF_NCODES || f->range[code] <= 0 || dist < 0)
        return -1;
    return dist <= f->close[code] ? 0 : dist <= f->range[code] ? 1 : -1;
}

int tb_rff_per_stand(const tb_rff_fire *f, int code, int band, char *buf, size_t cap)
{
    if (cap)
        buf[0] = '\0';
    if (code < 0 || code >= TB_RFF_NCODES || band < 0 || band >= RFF_NBANDS)
        return 0;
    const rff_points_entry *e = code < RFF_NWEAPONS ? &f->points.musketry[code][band]
                                                    : &f->points.cannon[code - RFF_NWEAPONS][band];
    if (!e->known)
        return 0;
    gr_milli_str(e->milli, buf, cap);
    return 1;
}

/* The codes of one section, listed for a message. */
static void code_list(int guns, char *buf, size_t cap)
{
    const char *const *codes = guns ? rff_gun_codes : rff_weapon_codes;
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; codes[i] && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", i ? ", " : "", codes[i]);
}

static int code_in(int guns, const char *key)
{
    const char *const *codes = guns ? rff_gun_codes : rff_weapon_codes;
    for (int i = 0; codes[i]; i++)
        if (!strcmp(codes[i], key))
            return guns ? RFF_NWEAPONS + i : i;
    return -1;
}

/* An object whose every key is a code of the section (guns: 1), each used
 * by the order of battle and each used one present.  *node[code] is set. */
static gr_status codes_of(const gr_jr_node *obj, const char *what, int guns,
                          const tb_rff_used *used, const gr_jr_node **node, const char *name,
                          gr_error *err)
{
    char acc[160];
    code_list(guns, acc, sizeof acc);
    if (obj->type != GR_JR_OBJECT)
        return fail(obj, "fire.%s must be an object {CODE: ...}, CODE one of %s (docs/table.md)",
                    what, acc);
    for (const gr_jr_node *m = obj->child; m; m = m->next) {
        int c = code_in(guns, m->key);
        if (c < 0) {
            char kb[48];
            return gr_jr_fail_key(err, name, m, "fire.%s: unknown code \"%s\"; accepted: %s", what,
                                  gr_jr_printable(m->key, 40, kb, sizeof kb), acc);
        }
        if (!used->unit[c][0])
            return gr_jr_fail_key(err, name, m,
                                  "fire.%s.%s: no unit of the order of battle uses %s; remove it",
                                  what, m->key, m->key);
        node[c] = m;
    }
    for (int c = guns ? RFF_NWEAPONS : 0; c < (guns ? TB_RFF_NCODES : RFF_NWEAPONS); c++)
        if (used->unit[c][0] && !node[c])
            return fail(obj,
                        "fire.%s has no \"%s\", which unit \"%s\" uses; add it (docs/table.md)",
                        what, tb_rff_code(c), used->unit[c]);
    return GR_OK;
}

/* One band's entry {"points": N, "source": S} (the fire-points file's
 * shape; null points are not accepted here: the game needs the value). */
static gr_status entry(const gr_jr_node *band, const char *what, const char *code, const char *bn,
                       rff_points_entry *out, const char *name, gr_error *err)
{
    static const char *const keys[] = {"points", "source", "note", NULL};
    char where[96];
    snprintf(where, sizeof where, "fire.%s.%s.%s", what, code, bn);
    if (band->type != GR_JR_OBJECT)
        return fail(band, "%s must be an object {\"points\": N, \"source\": S}", where);
    if (gr_jr_only_keys(err, name, band, keys, where, "docs/table.md") != GR_OK)
        return GR_EINPUT;
    const gr_jr_node *pts = gr_jr_get(band, "points"), *src = gr_jr_get(band, "source");
    int64_t milli = 0;
    if (!pts || pts->type != GR_JR_NUMBER || !gr_jr_milli(pts, &milli) || milli < 0 ||
        milli > (int64_t)RFF_POINTS_MAX * 1000)
        return fail(pts ? pts : band,
                    "%s.points must be a number from 0 to %d with at most three decimals (the "
                    "points per stand the seed lost; the battle gives them)",
                    where, RFF_POINTS_MAX);
    if (!src || src->type != GR_JR_STRING || !src->len)
        return fail(src ? src : band, "%s needs a \"source\": where the value comes from", where);
    if (src->len >= RFF_SOURCE_LEN || strlen(src->str) != src->len)
        return fail(src, "%s.source is %zu bytes long; at most %d, without NUL", where, src->len,
                    RFF_SOURCE_LEN - 1);
    if (!strcmp(src->str, "none found"))
        return fail(src,
                    "%s gives points but its source is \"none found\"; give the source the value "
                    "comes from (a battle's own value says so)",
                    where);
    out->present = 1;
    out->known = 1;
    out->milli = milli;
    out->line = band->line;
    out->col = band->col;
    memcpy(out->source, src->str, src->len + 1);
    return GR_OK;
}

static gr_status points_of(const gr_jr_node *sec, const char *what, int guns,
                           const tb_rff_used *used, tb_rff_fire *out, const char *name,
                           gr_error *err)
{
    const gr_jr_node *node[TB_RFF_NCODES] = {0};
    gr_status st = codes_of(sec, what, guns, used, node, name, err);
    if (st != GR_OK)
        return st;
    static const char *const bands[] = {"close", "long", NULL};
    for (int c = 0; c < TB_RFF_NCODES; c++) {
        if (!node[c])
            continue;
        char where[64];
        snprintf(where, sizeof where, "fire.%s.%s", what, tb_rff_code(c));
        if (node[c]->type != GR_JR_OBJECT)
            return fail(node[c], "%s must be an object {\"close\": {...}, \"long\": {...}}", where);
        if (gr_jr_only_keys(err, name, node[c], bands, where, "docs/table.md") != GR_OK)
            return GR_EINPUT;
        for (int k = 0; k < RFF_NBANDS; k++) {
            const gr_jr_node *b = gr_jr_get(node[c], bands[k]);
            if (!b)
                return fail(node[c], "%s has no \"%s\"; add {\"points\": N, \"source\": S}", where,
                            bands[k]);
            rff_points_entry *e =
                guns ? &out->points.cannon[c - RFF_NWEAPONS][k] : &out->points.musketry[c][k];
            if ((st = entry(b, what, tb_rff_code(c), bands[k], e, name, err)) != GR_OK)
                return st;
        }
    }
    return GR_OK;
}

gr_status tb_rff_fire_read(const gr_jr_node *root, const char *name, const tb_rff_used *used,
                           tt_coord max_len, tb_rff_fire *out, gr_error *err)
{
    memset(out, 0, sizeof *out);
    snprintf(out->points.path, sizeof out->points.path, "%s (fire)", name);
    const gr_jr_node *f = gr_jr_get(root, "fire");
    if (!f)
        return fail(root, "an rff-table battle has no \"fire\": seed 001 lost the fire ranges and "
                          "points, so the battle gives them; add it (docs/table.md)");
    static const char *const keys[] = {"source", "ranges", "musketry", "cannon", NULL};
    if (f->type != GR_JR_OBJECT)
        return fail(f, "\"fire\" must be an object (docs/table.md)");
    if (gr_jr_only_keys(err, name, f, keys, "fire", "docs/table.md") != GR_OK)
        return GR_EINPUT;
    const gr_jr_node *src = gr_jr_get(f, "source");
    if (src) {
        if (src->type != GR_JR_STRING || !src->len || src->len >= RFF_SOURCE_LEN ||
            strlen(src->str) != src->len)
            return fail(src, "fire.source must be a text of 1 to %d bytes", RFF_SOURCE_LEN - 1);
        memcpy(out->source, src->str, src->len + 1);
    }
    const gr_jr_node *ranges = gr_jr_get(f, "ranges");
    if (!ranges)
        return fail(f, "fire has no \"ranges\"; add {CODE: {\"close\": cm, \"long\": cm}}");
    const gr_jr_node *rn[TB_RFF_NCODES] = {0};
    /* ranges hold both sections' codes: weapons and guns */
    if (ranges->type != GR_JR_OBJECT)
        return fail(ranges, "fire.ranges must be an object {CODE: {\"close\": cm, \"long\": cm}}");
    for (const gr_jr_node *m = ranges->child; m; m = m->next) {
        int c = code_in(0, m->key);
        if (c < 0)
            c = code_in(1, m->key);
        if (c < 0) {
            char kb[48], a1[160], a2[64];
            code_list(0, a1, sizeof a1);
            code_list(1, a2, sizeof a2);
            return gr_jr_fail_key(err, name, m,
                                  "fire.ranges: unknown code \"%s\"; accepted: %s, %s",
                                  gr_jr_printable(m->key, 40, kb, sizeof kb), a1, a2);
        }
        if (!used->unit[c][0])
            return gr_jr_fail_key(err, name, m,
                                  "fire.ranges.%s: no unit of the order of battle uses %s; "
                                  "remove it",
                                  m->key, m->key);
        rn[c] = m;
    }
    for (int c = 0; c < TB_RFF_NCODES; c++) {
        if (!used->unit[c][0])
            continue;
        if (!rn[c])
            return fail(ranges,
                        "fire.ranges has no \"%s\", which unit \"%s\" uses; add {\"close\": cm, "
                        "\"long\": cm}",
                        tb_rff_code(c), used->unit[c]);
        static const char *const rk[] = {"close", "long", NULL};
        char where[48];
        snprintf(where, sizeof where, "fire.ranges.%s", tb_rff_code(c));
        if (rn[c]->type != GR_JR_OBJECT)
            return fail(rn[c], "%s must be an object {\"close\": cm, \"long\": cm}", where);
        if (gr_jr_only_keys(err, name, rn[c], rk, where, "docs/table.md") != GR_OK)
            return GR_EINPUT;
        const gr_jr_node *cl = gr_jr_get(rn[c], "close"), *lg = gr_jr_get(rn[c], "long");
        int64_t a = 0, b = 0;
        if (!cl || cl->type != GR_JR_NUMBER || !gr_jr_milli(cl, &a) || !lg ||
            lg->type != GR_JR_NUMBER || !gr_jr_milli(lg, &b) || a <= 0 || b <= a || b > max_len)
            return fail(cl && lg ? cl : rn[c],
                        "%s must give \"close\" and \"long\" in cm, at most three decimals, "
                        "0 < close < long <= %g",
                        where, (double)max_len / TT_UNITS_PER_CM);
        out->close[c] = (tt_coord)a;
        out->range[c] = (tt_coord)b;
    }
    int any_w = 0, any_g = 0;
    for (int c = 0; c < TB_RFF_NCODES; c++)
        if (used->unit[c][0])
            *(c < RFF_NWEAPONS ? &any_w : &any_g) = 1;
    const gr_jr_node *mu = gr_jr_get(f, "musketry"), *ca = gr_jr_get(f, "cannon");
    gr_status st;
    if (any_w && !mu)
        return fail(f, "fire has no \"musketry\"; add the points per stand (docs/table.md)");
    if (any_g && !ca)
        return fail(f, "fire has no \"cannon\"; add the points per gun stand (docs/table.md)");
    if (mu && (st = points_of(mu, "musketry", 0, used, out, name, err)) != GR_OK)
        return st;
    if (ca && (st = points_of(ca, "cannon", 1, used, out, name, err)) != GR_OK)
        return st;
    out->present = 1;
    return GR_OK;
}
