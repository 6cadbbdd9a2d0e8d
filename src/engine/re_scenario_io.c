/* re_scenario_io.c - load and validate a Révolution et Empire scenario
 * (format version 1, docs/scenarios.md). */
#include "grognard/file_io.h"
#include "grognard/re_io.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "grognard/alloc.h"
#include "grognard/hash.h"
#include "grognard/hex.h"
#include "grognard/re_terrain.h"
#include "grognard/json_reader.h"
#include "re_engine_internal.h"

/* ---- terrain codes ------------------------------------------------------ */

static const struct {
    char code;
    const char *name;
} terrain_codes[RE_TERRAINS] = {
    [RE_CLEAR] = {'.', "terrain clair"},
    [RE_FOREST] = {'F', "Forêts/bois"},
    [RE_ORCHARD] = {'O', "Verger/Palmeraie/Oasis/Bocage"},
    [RE_TOWN] = {'T', "Ville/Village"},
    [RE_MARSH] = {'M', "Marécage"},
    [RE_MOUNTAIN] = {'X', "Montagne"},
    [RE_RAVINE] = {'R', "Ravins/Oued"},
    [RE_FORTRESS] = {'K', "Forteresses"},
    [RE_BUILDING] = {'B', "Bâtiment isolé et fortifié"},
    [RE_LAKE] = {'W', "Lac/Rivière"},
};

/* Terrain codes of the "terrain" rows of a scenario map, one character per
 * hex (docs/scenarios.md has the legend): returns the re_terrain of code c,
 * or -1 if c is not a terrain code. */
static int terrain_from_code(char c)
{
    for (int t = 0; t < RE_TERRAINS; t++)
        if (terrain_codes[t].code == c)
            return t;
    return -1;
}

char re_terrain_code(int t)
{
    return t >= 0 && t < RE_TERRAINS ? terrain_codes[t].code : '?';
}

const char *re_terrain_name(int t)
{
    return t >= 0 && t < RE_TERRAINS ? terrain_codes[t].name : "?";
}

static const char *const unit_codes[RE_UNIT_TYPES] = {
    [RE_INFANTRY] = "I",       [RE_ELITE_INFANTRY] = "IE", [RE_LIGHT_CAVALRY] = "C",
    [RE_HEAVY_CAVALRY] = "HC", [RE_ARTILLERY] = "A",
};

static const char *const dir_names[GR_HEX_DIRS] = {"E", "NE", "NW", "W", "SW", "SE"};

/* ---- files ------------------------------------------------------------- */

/* ---- validation context -------------------------------------------------- */

typedef struct ld {
    const char *name;
    gr_error *err;
    re_scenario *sc;
    char side_ids[RE_SIDES][RE_NAME_LEN];
    char corps_ids[RE_MAX_CORPS][RE_NAME_LEN];
    char reinf_ids[RE_MAX_REINF][RE_NAME_LEN];
    int version;                                         /* of the file: 1 or 2 */
    const gr_jr_node *unit_at[RE_MAX_ROWS][RE_MAX_COLS]; /* the unit standing there */
} ld;

/* "NAME:LINE:COL: what" at the node `at` (gr_jr_fail). */
#define ld_fail(L, at, ...) gr_jr_fail((L)->err, (L)->name, (at), __VA_ARGS__)

static gr_status ld_fail_pos(ld *L, int line, int col, const char *what)
{
    return gr_error_set(L->err, GR_EINPUT, "%s:%d:%d: %s", L->name, line, col, what);
}

/* Levenshtein distance, for "did you mean". */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 40 || lb > 40)
        return 99;
    size_t d[41][41];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < c)
                c = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < c)
                c = d[i][j - 1] + 1;
            d[i][j] = c;
        }
    return d[la][lb];
}

/* The closest of `names` to `s`, or NULL if none is close. */
static const char *closest(const char *s, const char *const *names, size_t n)
{
    const char *best = NULL;
    size_t bd = 3;
    for (size_t i = 0; i < n; i++) {
        size_t d = edit_distance(s, names[i]);
        if (d < bd && d < strlen(s)) {
            bd = d;
            best = names[i];
        }
    }
    return best;
}

static gr_status ld_expect(ld *L, const gr_jr_node *v, gr_jr_type t, const char *what)
{
    if (v->type == t)
        return GR_OK;
    return ld_fail(L, v, "%s must be %s, not %s; write it as %s", what, gr_jr_type_name(t),
                   gr_jr_type_name(v->type),
                   t == GR_JR_OBJECT   ? "{ ... }"
                   : t == GR_JR_ARRAY  ? "[ ... ]"
                   : t == GR_JR_STRING ? "\"...\""
                   : t == GR_JR_BOOL   ? "true or false"
                                       : "a number");
}

static gr_status ld_keys(ld *L, const gr_jr_node *obj, const char *what, const char *const *keys,
                         size_t n)
{
    for (const gr_jr_node *m = obj->child; m; m = m->next) {
        size_t i;
        for (i = 0; i < n; i++)
            if (!strcmp(m->key, keys[i]))
                break;
        if (i < n)
            continue;
        const char *sug = closest(m->key, keys, n);
        char list[400];
        gr_join(list, sizeof list, keys, n);
        char msg[800], kb[168];
        gr_jr_printable(m->key, 40, kb, sizeof kb);
        if (sug)
            snprintf(msg, sizeof msg, "unknown key \"%s\" in %s; did you mean \"%s\"?", kb, what,
                     sug);
        else
            snprintf(msg, sizeof msg, "unknown key \"%s\" in %s; accepted keys: %s", kb, what,
                     list);
        return ld_fail_pos(L, m->key_line, m->key_col, msg);
    }
    return GR_OK;
}

static gr_status ld_missing(ld *L, const gr_jr_node *obj, const char *key, const char *what,
                            const char *example)
{
    return ld_fail(L, obj, "%s has no \"%s\"; add \"%s\": %s", what, key, key, example);
}

static gr_status ld_int(ld *L, const gr_jr_node *obj, const char *key, const char *what, int min,
                        int max, int dflt, int required, int *out)
{
    const gr_jr_node *v = gr_jr_get(obj, key);
    if (!v) {
        if (required) {
            char ex[32];
            snprintf(ex, sizeof ex, "%d", min);
            return ld_missing(L, obj, key, what, ex);
        }
        *out = dflt;
        return GR_OK;
    }
    if (v->type != GR_JR_NUMBER || !v->is_int)
        return ld_fail(L, v,
                       "\"%s\" of %s must be a whole number, not %s; write a number from "
                       "%d to %d without quotes or decimals",
                       key, what,
                       v->type != GR_JR_NUMBER ? gr_jr_type_name(v->type)
                       : v->too_large          ? "a number too large for 64 bits"
                                               : "a fraction",
                       min, max);
    if (v->ival < min || v->ival > max)
        return ld_fail(L, v, "\"%s\" of %s is %lld; write a whole number from %d to %d", key, what,
                       (long long)v->ival, min, max);
    *out = (int)v->ival;
    return GR_OK;
}

static gr_status ld_str(ld *L, const gr_jr_node *obj, const char *key, const char *what,
                        int required, char *buf, size_t cap)
{
    const gr_jr_node *v = gr_jr_get(obj, key);
    if (!v) {
        if (required)
            return ld_missing(L, obj, key, what, "\"...\"");
        buf[0] = '\0';
        return GR_OK;
    }
    if (v->type != GR_JR_STRING)
        return ld_fail(L, v, "\"%s\" of %s must be a string, not %s; write it in double quotes",
                       key, what, gr_jr_type_name(v->type));
    if (v->len >= cap)
        return ld_fail(L, v, "\"%s\" of %s is %zu bytes long; shorten it to at most %zu", key, what,
                       v->len, cap - 1);
    if (strlen(v->str) != v->len)
        return ld_fail(L, v, "\"%s\" of %s contains a NUL character; remove it", key, what);
    if (required && v->len == 0)
        return ld_fail(L, v, "\"%s\" of %s is empty; give it a name", key, what);
    memcpy(buf, v->str, v->len + 1);
    return GR_OK;
}

/* Free text: a string or an array of strings (docs, sources, notes). */
static gr_status ld_text(ld *L, const gr_jr_node *obj, const char *key, const char *what)
{
    const gr_jr_node *v = gr_jr_get(obj, key);
    if (!v || v->type == GR_JR_STRING)
        return GR_OK;
    if (v->type != GR_JR_ARRAY)
        return ld_fail(
            L, v, "\"%s\" of %s must be a string or an array of strings, not %s; quote the text",
            key, what, gr_jr_type_name(v->type));
    for (const gr_jr_node *e = v->child; e; e = e->next)
        if (e->type != GR_JR_STRING)
            return ld_fail(L, e, "\"%s\" of %s must hold only strings, not %s; quote it", key, what,
                           gr_jr_type_name(e->type));
    return GR_OK;
}

/* A hex [col, row] on the map. */
static gr_status ld_hex(ld *L, const gr_jr_node *v, const char *what, int *col, int *row)
{
    const re_scenario *sc = L->sc;
    if (v->type != GR_JR_ARRAY || v->len != 2 || v->child->type != GR_JR_NUMBER ||
        v->child->next->type != GR_JR_NUMBER || !v->child->is_int || !v->child->next->is_int)
        return ld_fail(L, v, "%s must be a hex [col, row] of two whole numbers; write e.g. [3, 4]",
                       what);
    int64_t c = v->child->ival, r = v->child->next->ival;
    if (c < 0 || r < 0 || c >= sc->cols || r >= sc->rows)
        return ld_fail(L, v,
                       "%s [%lld, %lld] is off the map; the map has columns 0 to %d and "
                       "rows 0 to %d",
                       what, (long long)c, (long long)r, sc->cols - 1, sc->rows - 1);
    *col = (int)c;
    *row = (int)r;
    return GR_OK;
}

static int lookup(const char *s, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(s, names[i]))
            return (int)i;
    return -1;
}

/* A string that must be one of `names`. */
static gr_status ld_enum(ld *L, const gr_jr_node *obj, const char *key, const char *what,
                         const char *const *names, size_t n, int *out)
{
    const gr_jr_node *v = gr_jr_get(obj, key);
    char list[300];
    gr_join(list, sizeof list, names, n);
    if (!v)
        return ld_fail(L, obj, "%s has no \"%s\"; add \"%s\": one of %s", what, key, key, list);
    if (v->type != GR_JR_STRING)
        return ld_fail(L, v, "\"%s\" of %s must be a string, one of %s", key, what, list);
    int k = lookup(v->str, names, n);
    if (k < 0) {
        const char *sug = closest(v->str, names, n);
        char vb[168];
        gr_jr_printable(v->str, 40, vb, sizeof vb);
        if (sug)
            return ld_fail(L, v, "\"%s\" of %s is \"%s\"; did you mean \"%s\"? (accepted: %s)", key,
                           what, vb, sug, list);
        return ld_fail(L, v, "\"%s\" of %s is \"%s\"; accepted: %s", key, what, vb, list);
    }
    *out = k;
    return GR_OK;
}

/* ---- the map -------------------------------------------------------------- */

static gr_status ld_terrain(ld *L, const gr_jr_node *map)
{
    re_scenario *sc = L->sc;
    const gr_jr_node *t = gr_jr_get(map, "terrain");
    if (!t)
        return ld_missing(L, map, "terrain", "the map",
                          "[\"....\", \"....\"] (one string per row)");
    if (ld_expect(L, t, GR_JR_ARRAY, "\"terrain\" (one string per row)"))
        return GR_EINPUT;
    if (t->len == 0 || t->len > RE_MAX_ROWS)
        return ld_fail(L, t, "the map has %zu rows; give 1 to %d rows", t->len, RE_MAX_ROWS);
    int row = 0, width = -1;
    for (const gr_jr_node *r = t->child; r; r = r->next, row++) {
        if (r->type != GR_JR_STRING)
            return ld_fail(L, r,
                           "row %d of \"terrain\" must be a string of terrain codes, not %s; write "
                           "e.g. \". . T .\"",
                           row, gr_jr_type_name(r->type));
        int col = 0;
        for (size_t i = 0; i < r->len; i++) {
            char c = r->str[i];
            if (c == ' ')
                continue;
            int code = terrain_from_code(c);
            if (code < 0) {
                char msg[400];
                char shown[8];
                if ((unsigned char)c >= 0x21 && (unsigned char)c < 0x7f)
                    snprintf(shown, sizeof shown, "'%c'", c);
                else
                    snprintf(shown, sizeof shown, "0x%02X", (unsigned char)c);
                snprintf(msg, sizeof msg,
                         "unknown terrain code %s at hex [%d, %d]; use one of . F O T M X R K B "
                         "W (clear, forest, orchard, town, marsh, mountain, ravine, fortress, "
                         "building, lake/river; hills, roads... go in their own lists)",
                         shown, col, row);
                /* the column of the character, when the string has no escapes */
                int cc = r->raw_escaped ? r->col : r->col + 1 + (int)i;
                if (!r->raw_escaped)
                    for (size_t k = 0; k < i; k++)
                        if (((unsigned char)r->str[k] & 0xC0) == 0x80)
                            cc--;
                return ld_fail_pos(L, r->line, cc, msg);
            }
            if (col >= RE_MAX_COLS)
                return ld_fail(L, r,
                               "row %d of \"terrain\" has more than %d hexes; the widest "
                               "map has %d columns",
                               row, RE_MAX_COLS, RE_MAX_COLS);
            sc->map[row][col].terrain = (uint8_t)code;
            col++;
        }
        if (col == 0)
            return ld_fail(L, r, "row %d of \"terrain\" is empty; write one code per hex", row);
        if (width < 0)
            width = col;
        else if (col != width)
            return ld_fail(L, r,
                           "row %d of \"terrain\" has %d hexes but row 0 has %d; every row "
                           "needs the same number",
                           row, col, width);
    }
    sc->cols = (uint8_t)width;
    sc->rows = (uint8_t)row;
    return GR_OK;
}

static gr_status ld_flags(ld *L, const gr_jr_node *map, const char *key, uint8_t flag)
{
    re_scenario *sc = L->sc;
    const gr_jr_node *v = gr_jr_get(map, key);
    if (!v)
        return GR_OK;
    char what[64];
    snprintf(what, sizeof what, "\"%s\" (a list of hexes [col, row])", key);
    if (ld_expect(L, v, GR_JR_ARRAY, what))
        return GR_EINPUT;
    snprintf(what, sizeof what, "an entry of \"%s\"", key);
    for (const gr_jr_node *e = v->child; e; e = e->next) {
        int c = 0, r = 0;
        if (ld_hex(L, e, what, &c, &r))
            return GR_EINPUT;
        re_hexdef *h = &sc->map[r][c];
        if (h->flags & flag)
            return ld_fail(L, e, "hex [%d, %d] is listed twice in \"%s\"; remove one", c, r, key);
        if ((flag & (RE_BRIDGE | RE_FORD)) && h->terrain != RE_LAKE)
            return ld_fail(L, e,
                           "the %s at [%d, %d] is not on a lake/river hex (W); put it on "
                           "the river or change that hex to W",
                           flag == RE_BRIDGE ? "bridge" : "ford", c, r);
        if ((flag & (RE_BRIDGE | RE_FORD)) && (h->flags & (RE_BRIDGE | RE_FORD)))
            return ld_fail(L, e, "hex [%d, %d] has both a bridge and a ford; keep one", c, r);
        if (flag == RE_HILL && h->terrain == RE_LAKE)
            return ld_fail(L, e,
                           "hex [%d, %d] is a lake/river and cannot be a hill; remove it "
                           "from \"hills\"",
                           c, r);
        h->flags |= flag;
    }
    return GR_OK;
}

static gr_status ld_streams(ld *L, const gr_jr_node *map)
{
    re_scenario *sc = L->sc;
    const gr_jr_node *v = gr_jr_get(map, "streams");
    if (!v)
        return GR_OK;
    if (ld_expect(L, v, GR_JR_ARRAY, "\"streams\" (a list of hexsides [[col, row], [col, row]])"))
        return GR_EINPUT;
    for (const gr_jr_node *e = v->child; e; e = e->next) {
        if (e->type != GR_JR_ARRAY || e->len != 2)
            return ld_fail(L, e,
                           "a stream hexside must be a pair of adjacent hexes; write "
                           "[[col, row], [col, row]]");
        int c1, r1, c2, r2;
        if (ld_hex(L, e->child, "a stream's first hex", &c1, &r1) ||
            ld_hex(L, e->child->next, "a stream's second hex", &c2, &r2))
            return GR_EINPUT;
        gr_hex a = gr_hex_from_offset(c1, r1), b = gr_hex_from_offset(c2, r2);
        int d = gr_hex_direction(a, b);
        if (d < 0)
            return ld_fail(L, e,
                           "hexes [%d, %d] and [%d, %d] are not adjacent (odd rows are "
                           "shifted right); a stream runs along the side two neighbours "
                           "share",
                           c1, r1, c2, r2);
        if (sc->map[r1][c1].sides & (1u << d))
            return ld_fail(L, e,
                           "the hexside [%d, %d]-[%d, %d] is listed twice in \"streams\"; "
                           "remove one",
                           c1, r1, c2, r2);
        sc->map[r1][c1].sides |= (uint8_t)(1u << d);
        sc->map[r2][c2].sides |= (uint8_t)(1u << gr_hex_opposite(d));
    }
    return GR_OK;
}

static gr_status ld_places(ld *L, const gr_jr_node *map)
{
    static const char *const keys[] = {"name", "hex"};
    const gr_jr_node *v = gr_jr_get(map, "places");
    if (!v)
        return GR_OK;
    if (ld_expect(L, v, GR_JR_ARRAY, "\"places\" (a list of {\"name\": ..., \"hex\": [col, row]})"))
        return GR_EINPUT;
    for (const gr_jr_node *e = v->child; e; e = e->next) {
        char name[RE_NAME_LEN];
        int c, r;
        if (ld_expect(L, e, GR_JR_OBJECT, "a place") || ld_keys(L, e, "a place", keys, 2) ||
            ld_str(L, e, "name", "a place", 1, name, sizeof name))
            return GR_EINPUT;
        const gr_jr_node *h = gr_jr_get(e, "hex");
        if (!h)
            return ld_missing(L, e, "hex", "a place", "[col, row]");
        if (ld_hex(L, h, "the hex of a place", &c, &r))
            return GR_EINPUT;
    }
    return GR_OK;
}

static gr_status ld_map(ld *L, const gr_jr_node *root)
{
    static const char *const keys[] = {"terrain", "hills",   "fieldworks", "roads",  "bridges",
                                       "fords",   "streams", "places",     "legend", "notes"};
    const gr_jr_node *map = gr_jr_get(root, "map");
    if (!map)
        return ld_missing(L, root, "map", "the scenario", "{\"terrain\": [...]}");
    if (ld_expect(L, map, GR_JR_OBJECT, "\"map\"") ||
        ld_keys(L, map, "\"map\"", keys, sizeof keys / sizeof keys[0]) || ld_terrain(L, map) ||
        ld_flags(L, map, "hills", RE_HILL) || ld_flags(L, map, "fieldworks", RE_FIELDWORKS) ||
        ld_flags(L, map, "roads", RE_ROAD) || ld_flags(L, map, "bridges", RE_BRIDGE) ||
        ld_flags(L, map, "fords", RE_FORD) || ld_streams(L, map) || ld_places(L, map) ||
        ld_text(L, map, "legend", "\"map\"") || ld_text(L, map, "notes", "\"map\""))
        return GR_EINPUT;
    return GR_OK;
}

/* ---- sides, corps, units, objectives ------------------------------------- */

static gr_status ld_side_ref(ld *L, const gr_jr_node *obj, const char *what, int *out)
{
    const char *names[RE_SIDES] = {L->side_ids[0], L->side_ids[1]};
    return ld_enum(L, obj, "side", what, names, RE_SIDES, out);
}

static gr_status ld_sides(ld *L, const gr_jr_node *root)
{
    static const char *const keys[] = {
        "id",      "name",  "commander",    "chits_per_turn", "demoralised_at",
        "retreat", "notes", "chits_by_turn"};
    size_t nkeys = sizeof keys / sizeof keys[0] - (L->version < 2);
    re_scenario *sc = L->sc;
    const gr_jr_node *v = gr_jr_get(root, "sides");
    if (!v)
        return ld_missing(L, root, "sides", "the scenario", "[{...}, {...}] (the two armies)");
    if (ld_expect(L, v, GR_JR_ARRAY, "\"sides\""))
        return GR_EINPUT;
    if (v->len != RE_SIDES)
        return ld_fail(L, v, "\"sides\" lists %zu armies; R&E is played by exactly two", v->len);
    int s = 0;
    for (const gr_jr_node *e = v->child; e; e = e->next, s++) {
        re_sidedef *d = &sc->sides[s];
        int x, dem, dir;
        if (ld_expect(L, e, GR_JR_OBJECT, "a side") || ld_keys(L, e, "a side", keys, nkeys) ||
            ld_str(L, e, "id", "a side", 1, L->side_ids[s], RE_NAME_LEN) ||
            ld_str(L, e, "name", "a side", 1, d->name, sizeof d->name) ||
            ld_str(L, e, "commander", "a side", 0, d->commander, sizeof d->commander) ||
            ld_int(L, e, "chits_per_turn", "a side", 1, 3 * RE_MAX_CORPS, 0, 1, &x) ||
            ld_int(L, e, "demoralised_at", "a side", 1, RE_MAX_UNITS, 0, 1, &dem) ||
            ld_enum(L, e, "retreat", "a side", dir_names, GR_HEX_DIRS, &dir) ||
            ld_text(L, e, "notes", "a side"))
            return GR_EINPUT;
        if (s == 1 && !strcmp(L->side_ids[0], L->side_ids[1]))
            return ld_fail(L, gr_jr_get(e, "id"),
                           "both sides have the id \"%s\"; give each its own", L->side_ids[1]);
        d->chits_per_turn = (uint8_t)x;
        d->demoralised_at = (uint8_t)dem;
        d->retreat_dir = (uint8_t)dir;
    }
    return GR_OK;
}

/* 1 if two names are the same to the prompt. */
static int same_name(const char *a, const char *b)
{
    char fa[2 * RE_NAME_LEN], fb[2 * RE_NAME_LEN];
    re_prompt_form(a, fa, sizeof fa);
    re_prompt_form(b, fb, sizeof fb);
    return !strcmp(fa, fb);
}

static gr_status ld_corps(ld *L, const gr_jr_node *root)
{
    static const char *const keys[] = {"id", "name", "commander", "side", "chits", "notes"};
    re_scenario *sc = L->sc;
    const gr_jr_node *v = gr_jr_get(root, "corps");
    if (!v)
        return ld_missing(L, root, "corps", "the scenario", "[{\"id\": ..., \"side\": ...}]");
    if (ld_expect(L, v, GR_JR_ARRAY, "\"corps\""))
        return GR_EINPUT;
    if (v->len == 0 || v->len > RE_MAX_CORPS)
        return ld_fail(L, v, "\"corps\" lists %zu corps; give 1 to %d", v->len, RE_MAX_CORPS);
    int k = 0;
    for (const gr_jr_node *e = v->child; e; e = e->next, k++) {
        re_corpsdef *d = &sc->corps[k];
        int side, chits;
        if (ld_expect(L, e, GR_JR_OBJECT, "a corps") ||
            ld_keys(L, e, "a corps", keys, sizeof keys / sizeof keys[0]) ||
            ld_str(L, e, "id", "a corps", 1, L->corps_ids[k], RE_NAME_LEN) ||
            ld_str(L, e, "name", "a corps", 1, d->name, sizeof d->name) ||
            ld_str(L, e, "commander", "a corps", 0, d->commander, sizeof d->commander) ||
            ld_side_ref(L, e, "a corps", &side) ||
            ld_int(L, e, "chits", "a corps", 1, 3, 1, 1, &chits) ||
            ld_text(L, e, "notes", "a corps"))
            return GR_EINPUT;
        for (int j = 0; j < k; j++)
            if (!strcmp(L->corps_ids[j], L->corps_ids[k]))
                return ld_fail(L, gr_jr_get(e, "id"),
                               "two corps have the id \"%s\"; give each "
                               "its own",
                               L->corps_ids[k]);
        int j = 0;
        for (const gr_jr_node *o = v->child; j < k; o = o->next, j++)
            if (same_name(sc->corps[j].name, d->name)) {
                char a[60], b[60];
                const gr_jr_node *on = gr_jr_get(o, "name");
                return ld_fail(L, gr_jr_get(e, "name"),
                               "two corps are named \"%s\" and \"%s\" (line %d): corps "
                               "names are read at the prompt (\"chit NAME\") ignoring case and "
                               "runs of spaces, so they must differ otherwise; give each its "
                               "own name",
                               gr_jr_printable(d->name, 40, a, sizeof a),
                               gr_jr_printable(sc->corps[j].name, 40, b, sizeof b),
                               on ? on->line : o->line);
            }
        d->side = (uint8_t)side;
        d->chits = (uint8_t)chits;
    }
    sc->ncorps = (uint8_t)k;
    return GR_OK;
}

/* "tags" of unit k: a list of tag names (format 2). */
static gr_status ld_tags(ld *L, const gr_jr_node *e, int k)
{
    static const char *const tags[] = {"guard"};
    const gr_jr_node *v = gr_jr_get(e, "tags");
    if (!v)
        return GR_OK;
    if (ld_expect(L, v, GR_JR_ARRAY, "\"tags\" of a unit (a list such as [\"guard\"])"))
        return GR_EINPUT;
    for (const gr_jr_node *t = v->child; t; t = t->next) {
        int i = t->type == GR_JR_STRING ? lookup(t->str, tags, 1) : -1;
        if (i < 0) {
            char tb[168];
            if (t->type != GR_JR_STRING)
                return ld_fail(L, t, "a unit tag must be a string, not %s; write e.g. \"guard\"",
                               gr_jr_type_name(t->type));
            return ld_fail(L, t, "unknown unit tag \"%s\"; accepted: \"guard\" (docs/scenarios.md)",
                           gr_jr_printable(t->str, 40, tb, sizeof tb));
        }
        L->sc->ext.unit_tags[k] |= (uint8_t)(1u << i);
    }
    return GR_OK;
}

static gr_status ld_units(ld *L, const gr_jr_node *root)
{
    static const char *const keys[] = {"name", "corps", "type",   "figures", "skirmisher",
                                       "hex",  "notes", "enters", "tags",    "points"};
    size_t nkeys = sizeof keys / sizeof keys[0] - (L->version < 2 ? 3 : 0);
    re_scenario *sc = L->sc;
    const gr_jr_node *v = gr_jr_get(root, "units");
    if (!v)
        return ld_missing(L, root, "units", "the scenario", "[{\"name\": ..., \"corps\": ...}]");
    if (ld_expect(L, v, GR_JR_ARRAY, "\"units\""))
        return GR_EINPUT;
    if (v->len == 0 || v->len > RE_MAX_UNITS)
        return ld_fail(L, v, "\"units\" lists %zu units; give 1 to %d", v->len, RE_MAX_UNITS);
    const char *corps_names[RE_MAX_CORPS];
    for (int i = 0; i < sc->ncorps; i++)
        corps_names[i] = L->corps_ids[i];
    int k = 0;
    for (const gr_jr_node *e = v->child; e; e = e->next, k++) {
        re_unitdef *u = &sc->units[k];
        int corps = 0, type = 0, figs = 0, col = 0, row = 0;
        if (ld_expect(L, e, GR_JR_OBJECT, "a unit") || ld_keys(L, e, "a unit", keys, nkeys) ||
            ld_str(L, e, "name", "a unit", 1, u->name, sizeof u->name) ||
            ld_enum(L, e, "corps", "a unit", corps_names, sc->ncorps, &corps) ||
            ld_enum(L, e, "type", "a unit", unit_codes, RE_UNIT_TYPES, &type) ||
            ld_int(L, e, "figures", "a unit", 1, 7, 0, 1, &figs) ||
            ld_text(L, e, "notes", "a unit"))
            return GR_EINPUT;
        const gr_jr_node *ne = gr_jr_get(e, "name");
        int j = 0;
        for (const gr_jr_node *o = v->child; j < k; o = o->next, j++)
            if (same_name(sc->units[j].name, u->name)) {
                char a[60], b[60];
                const gr_jr_node *on = gr_jr_get(o, "name");
                return ld_fail(L, ne,
                               "two units are named \"%s\" and \"%s\" (line %d): unit names "
                               "are read at the prompt ignoring case and runs of spaces, so "
                               "they must differ otherwise; give each its own name",
                               gr_jr_printable(u->name, 40, a, sizeof a),
                               gr_jr_printable(sc->units[j].name, 40, b, sizeof b),
                               on ? on->line : o->line);
            }
        const gr_jr_node *sk = gr_jr_get(e, "skirmisher");
        if (sk) {
            if (sk->type != GR_JR_BOOL)
                return ld_fail(L, sk,
                               "\"skirmisher\" must be true or false, not %s; write true or false "
                               "without quotes",
                               gr_jr_type_name(sk->type));
            if (sk->boolean && type != RE_INFANTRY && type != RE_ELITE_INFANTRY)
                return ld_fail(L, sk,
                               "unit \"%s\" is %s and cannot have a skirmisher; only "
                               "infantry (I, IE) can: remove \"skirmisher\"",
                               u->name, unit_codes[type]);
            u->skirmisher = (uint8_t)sk->boolean;
        }
        u->side = sc->corps[corps].side;
        u->type = (uint8_t)type;
        u->corps = (uint8_t)corps;
        u->figures = (uint8_t)figs;
        int pts = 0;
        if (ld_int(L, e, "points", "a unit", 1, 20, 0, 0, &pts) || ld_tags(L, e, k))
            return GR_EINPUT;
        sc->ext.unit_points[k] = (uint8_t)pts;
        const gr_jr_node *h = gr_jr_get(e, "hex");
        const gr_jr_node *en = gr_jr_get(e, "enters");
        if (en) {
            const char *rn[RE_MAX_REINF];
            for (int i = 0; i < sc->ext.nreinf; i++)
                rn[i] = L->reinf_ids[i];
            int r = 0;
            if (h)
                return ld_fail(L, h,
                               "unit \"%s\" has a \"hex\" and \"enters\" with a "
                               "reinforcement; keep \"hex\" for a unit on the map at the start, "
                               "\"enters\" for one that comes later, not both",
                               u->name);
            if (!sc->ext.nreinf)
                return ld_fail(L, en,
                               "unit \"%s\" enters with reinforcement \"%s\" but the scenario "
                               "has no \"reinforcements\"; add the list (docs/scenarios.md) or "
                               "give the unit a \"hex\"",
                               u->name, en->type == GR_JR_STRING ? en->str : "?");
            if (ld_enum(L, e, "enters", "a unit", rn, sc->ext.nreinf, &r))
                return GR_EINPUT;
            sc->ext.unit_reinf[k] = (uint8_t)(r + 1);
            u->col = -1;
            u->row = -1;
            continue;
        }
        if (!h)
            return ld_missing(L, e, "hex", "a unit",
                              L->version < 2 ? "[col, row] (its starting hex)"
                                             : "[col, row] (its starting hex), or \"enters\": "
                                               "the id of its reinforcement");
        char what[96];
        snprintf(what, sizeof what, "the hex of unit \"%s\"", u->name);
        if (ld_hex(L, h, what, &col, &row))
            return GR_EINPUT;
        const re_hexdef *hd = &sc->map[row][col];
        if (hd->terrain == RE_LAKE && !(hd->flags & (RE_BRIDGE | RE_FORD)))
            return ld_fail(L, h,
                           "unit \"%s\" stands on a lake/river at [%d, %d], which no unit "
                           "may enter; move it to a land hex",
                           u->name, col, row);
        const re_terrain_row *tr = re_terrain_row_at(hd->terrain);
        if (tr && hd->terrain != RE_LAKE && (tr->forbidden & RE_TYPE_BIT(type)) &&
            !((hd->flags & RE_ROAD) && (tr->road_allows & RE_TYPE_BIT(type))))
            return ld_fail(L, h,
                           "unit \"%s\" (%s) starts at [%d, %d] in %s, which %s may not "
                           "enter (seed 004 §7); move it or change its type",
                           u->name, unit_codes[type], col, row, tr->label, unit_codes[type]);
        if (L->unit_at[row][col]) {
            const gr_jr_node *o = L->unit_at[row][col];
            const gr_jr_node *on = gr_jr_get(o, "name");
            return ld_fail(L, h,
                           "two units in hex [%d, %d]: \"%s\" and \"%s\" (line %d); R&E "
                           "allows one unit per hex, move one of them",
                           col, row, u->name, on && on->str ? on->str : "?", o->line);
        }
        L->unit_at[row][col] = e;
        u->col = (int8_t)col;
        u->row = (int8_t)row;
    }
    sc->nunits = (uint8_t)k;
    return GR_OK;
}

/* ---- format 2: reinforcements, chits by turn ----------------------------- */

static int on_edge(const re_scenario *sc, int c, int r)
{
    return c == 0 || r == 0 || c == sc->cols - 1 || r == sc->rows - 1;
}

static gr_status ld_reinforcements(ld *L, const gr_jr_node *root)
{
    static const char *const keys[] = {"id", "name", "turn", "roll", "entry", "notes"};
    re_scenario *sc = L->sc;
    const gr_jr_node *v = gr_jr_get(root, "reinforcements");
    if (!v)
        return GR_OK;
    if (ld_expect(L, v, GR_JR_ARRAY, "\"reinforcements\""))
        return GR_EINPUT;
    if (v->len > RE_MAX_REINF)
        return ld_fail(L, v,
                       "\"reinforcements\" lists %zu; give at most %d (put units that "
                       "arrive together in one)",
                       v->len, RE_MAX_REINF);
    int k = 0;
    for (const gr_jr_node *e = v->child; e; e = e->next, k++) {
        re_reinforcement *rf = &sc->ext.reinf[k];
        int turn = 0, roll = 0;
        if (ld_expect(L, e, GR_JR_OBJECT, "a reinforcement") ||
            ld_keys(L, e, "a reinforcement", keys, sizeof keys / sizeof keys[0]) ||
            ld_str(L, e, "id", "a reinforcement", 1, L->reinf_ids[k], RE_NAME_LEN) ||
            ld_str(L, e, "name", "a reinforcement", 1, rf->name, sizeof rf->name) ||
            ld_int(L, e, "turn", "a reinforcement", 1, sc->turns, 0, 1, &turn) ||
            ld_int(L, e, "roll", "a reinforcement", 2, 6, 0, 0, &roll) ||
            ld_text(L, e, "notes", "a reinforcement"))
            return GR_EINPUT;
        for (int j = 0; j < k; j++)
            if (!strcmp(L->reinf_ids[j], L->reinf_ids[k]))
                return ld_fail(L, gr_jr_get(e, "id"),
                               "two reinforcements have the id \"%s\"; give each its own",
                               L->reinf_ids[k]);
        const gr_jr_node *en = gr_jr_get(e, "entry");
        if (!en)
            return ld_missing(L, e, "entry", "a reinforcement",
                              "[[col, row], ...] (hexes on the map's edge where it enters)");
        if (ld_expect(L, en, GR_JR_ARRAY, "\"entry\" (a list of hexes [col, row])"))
            return GR_EINPUT;
        if (en->len < 1 || en->len > RE_MAX_ENTRY)
            return ld_fail(L, en, "\"entry\" of reinforcement \"%s\" lists %zu hexes; give 1 to %d",
                           L->reinf_ids[k], en->len, RE_MAX_ENTRY);
        int n = 0;
        for (const gr_jr_node *h = en->child; h; h = h->next, n++) {
            int c, r;
            if (ld_hex(L, h, "an entry hex", &c, &r))
                return GR_EINPUT;
            if (!on_edge(sc, c, r))
                return ld_fail(L, h,
                               "entry hex [%d, %d] of reinforcement \"%s\" is not on the edge of "
                               "the map; reinforcements march in from off the map: use a hex of "
                               "column 0 or %d, or of row 0 or %d",
                               c, r, L->reinf_ids[k], sc->cols - 1, sc->rows - 1);
            for (int j = 0; j < n; j++)
                if (rf->entry[j][0] == c && rf->entry[j][1] == r)
                    return ld_fail(L, h,
                                   "entry hex [%d, %d] is listed twice in reinforcement \"%s\"; "
                                   "remove one",
                                   c, r, L->reinf_ids[k]);
            rf->entry[n][0] = (int8_t)c;
            rf->entry[n][1] = (int8_t)r;
        }
        rf->nentry = (uint8_t)n;
        rf->turn = (uint8_t)turn;
        rf->roll = (uint8_t)roll;
    }
    sc->ext.nreinf = (uint8_t)k;
    return GR_OK;
}

/* "terrain_changes" of "rules": [{"turn": T, "hex": [c, r], "terrain": "W",
 * "features": ["road"]}, ...] in the order of their turns. */
static gr_status ld_terrain_changes(ld *L, const gr_jr_node *rules)
{
    static const char *const keys[] = {"turn", "hex", "terrain", "features", "notes"};
    static const char *const feats[] = {"hill", "fieldworks", "road", "bridge", "ford"};
    static const uint8_t bits[] = {RE_HILL, RE_FIELDWORKS, RE_ROAD, RE_BRIDGE, RE_FORD};
    re_scenario *sc = L->sc;
    const gr_jr_node *v = gr_jr_get(rules, "terrain_changes");
    if (!v)
        return GR_OK;
    if (ld_expect(L, v, GR_JR_ARRAY, "\"terrain_changes\" (a list of {\"turn\", \"hex\", ...})"))
        return GR_EINPUT;
    if (v->len > RE_MAX_CHANGES)
        return ld_fail(L, v, "\"terrain_changes\" lists %zu changes; give at most %d", v->len,
                       RE_MAX_CHANGES);
    int k = 0, last = 2;
    const char *what = "a terrain change";
    for (const gr_jr_node *e = v->child; e; e = e->next, k++) {
        re_terrain_change *c = &sc->ext.changes[k];
        int turn, col, row;
        if (ld_expect(L, e, GR_JR_OBJECT, what) || ld_keys(L, e, what, keys, 5) ||
            ld_int(L, e, "turn", what, 2, sc->turns, 0, 1, &turn) || ld_text(L, e, "notes", what))
            return GR_EINPUT;
        if (turn < last)
            return ld_fail(L, gr_jr_get(e, "turn"),
                           "turn %d of a terrain change comes after turn %d; list the changes in "
                           "the order of their turns",
                           turn, last);
        last = turn;
        const gr_jr_node *h = gr_jr_get(e, "hex");
        if (!h)
            return ld_missing(L, e, "hex", what, "[col, row]");
        if (ld_hex(L, h, "the hex of a terrain change", &col, &row))
            return GR_EINPUT;
        /* the ground and features as they stand before this change */
        int ground = sc->map[row][col].terrain, flags = sc->map[row][col].flags;
        for (int j = 0; j < k; j++)
            if (sc->ext.changes[j].col == col && sc->ext.changes[j].row == row) {
                if (sc->ext.changes[j].what & RE_TC_TERRAIN)
                    ground = sc->ext.changes[j].terrain;
                if (sc->ext.changes[j].what & RE_TC_FLAGS)
                    flags = sc->ext.changes[j].flags;
            }
        c->turn = (uint8_t)turn;
        c->col = (int8_t)col;
        c->row = (int8_t)row;
        const gr_jr_node *t = gr_jr_get(e, "terrain");
        if (t) {
            int code = t->type == GR_JR_STRING && t->len == 1 ? terrain_from_code(t->str[0]) : -1;
            if (code < 0)
                return ld_fail(L, t,
                               "\"terrain\" of a terrain change must be one terrain code; use one "
                               "of \".\" \"F\" \"O\" \"T\" \"M\" \"X\" \"R\" \"K\" \"B\" \"W\"");
            c->what |= RE_TC_TERRAIN;
            c->terrain = (uint8_t)code;
            ground = code;
        }
        const gr_jr_node *f = gr_jr_get(e, "features");
        if (f) {
            if (ld_expect(L, f, GR_JR_ARRAY,
                          "\"features\" of a terrain change (a list such as [\"road\"])"))
                return GR_EINPUT;
            uint8_t fl = 0;
            for (const gr_jr_node *x = f->child; x; x = x->next) {
                int i = x->type == GR_JR_STRING ? lookup(x->str, feats, 5) : -1;
                if (i < 0)
                    return ld_fail(L, x,
                                   "unknown feature in a terrain change; accepted: \"hill\", "
                                   "\"fieldworks\", \"road\", \"bridge\", \"ford\"");
                fl |= bits[i];
            }
            c->what |= RE_TC_FLAGS;
            c->flags = fl;
            flags = fl;
        }
        if (!c->what)
            return ld_fail(L, e,
                           "a terrain change changes nothing; give its new \"terrain\" (a code) "
                           "or its \"features\" (a list, [] for none)");
        if ((flags & (RE_BRIDGE | RE_FORD)) && ground != RE_LAKE)
            return ld_fail(L, f ? f : e,
                           "the terrain change at [%d, %d] leaves a bridge or ford on ground that "
                           "is not a lake/river (W); a bridge or ford stands on W only",
                           col, row);
        if ((flags & RE_HILL) && ground == RE_LAKE)
            return ld_fail(L, f ? f : e,
                           "the terrain change at [%d, %d] makes a lake/river a hill; remove "
                           "\"hill\" or change the ground",
                           col, row);
    }
    sc->ext.nchanges = (uint8_t)k;
    return GR_OK;
}

/* "rules" (format 2): the scenario rules of docs/rules/re.md. */
static gr_status ld_rules(ld *L, const gr_jr_node *root)
{
    static const char *const keys[] = {"guard", "sight", "sudden_death", "terrain_changes",
                                       "notes"};
    static const char *const guards[] = {"none", "ignore-first-retreat", "retreat-one-less"};
    re_scenario *sc = L->sc;
    const gr_jr_node *v = gr_jr_get(root, "rules");
    if (!v)
        return GR_OK;
    if (ld_expect(L, v, GR_JR_OBJECT, "\"rules\"") ||
        ld_keys(L, v, "\"rules\"", keys, sizeof keys / sizeof keys[0]) ||
        ld_text(L, v, "notes", "\"rules\""))
        return GR_EINPUT;
    if (gr_jr_get(v, "guard")) {
        int g = 0; /* set by ld_enum on success */
        if (ld_enum(L, v, "guard", "\"rules\"", guards, 3, &g))
            return GR_EINPUT;
        sc->ext.guard_rule = (uint8_t)g;
    }
    const gr_jr_node *sd = gr_jr_get(v, "sudden_death");
    if (sd) {
        if (ld_expect(L, sd, GR_JR_OBJECT,
                      "\"sudden_death\" (side id: demoralisation points, e.g. {\"a\": 6})"))
            return GR_EINPUT;
        const char *names[RE_SIDES] = {L->side_ids[0], L->side_ids[1]};
        for (const gr_jr_node *m = sd->child; m; m = m->next) {
            int s = lookup(m->key, names, RE_SIDES);
            if (s < 0) {
                char kb[168], msg[400];
                snprintf(msg, sizeof msg,
                         "\"%s\" in \"sudden_death\" is not a side; use the id of a side (\"%s\" "
                         "or \"%s\")",
                         gr_jr_printable(m->key, 40, kb, sizeof kb), names[0], names[1]);
                return ld_fail_pos(L, m->key_line, m->key_col, msg);
            }
            int at;
            if (ld_int(L, sd, m->key, "\"sudden_death\"", 1, 255, 0, 1, &at))
                return GR_EINPUT;
            sc->ext.sudden_death[s] = (uint8_t)at;
        }
    }
    if (ld_terrain_changes(L, v))
        return GR_EINPUT;
    const gr_jr_node *si = gr_jr_get(v, "sight");
    if (si) {
        static const char *const skeys[] = {"turns", "hexes", "notes"};
        if (ld_expect(L, si, GR_JR_ARRAY,
                      "\"sight\" (a list of {\"turns\": [first, last], \"hexes\": N})"))
            return GR_EINPUT;
        for (const gr_jr_node *e = si->child; e; e = e->next) {
            int n;
            if (ld_expect(L, e, GR_JR_OBJECT, "an entry of \"sight\"") ||
                ld_keys(L, e, "an entry of \"sight\"", skeys, 3) ||
                ld_int(L, e, "hexes", "an entry of \"sight\"", 1, 10, 0, 1, &n) ||
                ld_text(L, e, "notes", "an entry of \"sight\""))
                return GR_EINPUT;
            const gr_jr_node *t = gr_jr_get(e, "turns");
            if (!t)
                return ld_missing(L, e, "turns", "an entry of \"sight\"",
                                  "[first, last] (the turns of fog or night)");
            if (t->type != GR_JR_ARRAY || t->len != 2 || t->child->type != GR_JR_NUMBER ||
                t->child->next->type != GR_JR_NUMBER || !t->child->is_int ||
                !t->child->next->is_int)
                return ld_fail(L, t,
                               "\"turns\" of \"sight\" must be [first, last], two whole "
                               "numbers; write e.g. [1, 2]");
            int64_t a = t->child->ival, b = t->child->next->ival;
            if (a < 1 || b < a || b > sc->turns)
                return ld_fail(L, t,
                               "\"turns\" of \"sight\" is [%lld, %lld]; write [first, last] "
                               "with 1 <= first <= last <= %d (the scenario's turns)",
                               (long long)a, (long long)b, sc->turns);
            for (int64_t x = a; x <= b; x++) {
                if (sc->ext.sight[x])
                    return ld_fail(L, t,
                                   "turn %lld is in two entries of \"sight\"; give each turn "
                                   "one sight",
                                   (long long)x);
                sc->ext.sight[x] = (uint8_t)n;
            }
        }
    }
    return GR_OK;
}

/* "chits_by_turn" of side s: [{"turn": T, "chits": N}, ...], from turn T on
 * the side puts N chits in the bowl (after the corps are read: N is at
 * most the chits of the side's corps). */
static gr_status ld_chits_by_turn(ld *L, const gr_jr_node *se, int s, int pool)
{
    static const char *const keys[] = {"turn", "chits", "notes"};
    re_scenario *sc = L->sc;
    const gr_jr_node *v = gr_jr_get(se, "chits_by_turn");
    if (!v)
        return GR_OK;
    if (ld_expect(L, v, GR_JR_ARRAY, "\"chits_by_turn\" (a list of {\"turn\": T, \"chits\": N})"))
        return GR_EINPUT;
    int last = 1;
    for (const gr_jr_node *e = v->child; e; e = e->next) {
        int t, x;
        if (ld_expect(L, e, GR_JR_OBJECT, "an entry of \"chits_by_turn\"") ||
            ld_keys(L, e, "an entry of \"chits_by_turn\"", keys, 3) ||
            ld_int(L, e, "turn", "an entry of \"chits_by_turn\"", 2, sc->turns, 0, 1, &t) ||
            ld_int(L, e, "chits", "an entry of \"chits_by_turn\"", 1, 3 * RE_MAX_CORPS, 0, 1, &x) ||
            ld_text(L, e, "notes", "an entry of \"chits_by_turn\""))
            return GR_EINPUT;
        if (t <= last)
            return ld_fail(L, gr_jr_get(e, "turn"),
                           "turn %d of \"chits_by_turn\" comes after turn %d; list the "
                           "changes in the order of the turns, each turn once (turn 1 is "
                           "\"chits_per_turn\")",
                           t, last);
        if (x > pool)
            return ld_fail(L, gr_jr_get(e, "chits"),
                           "side \"%s\" may put %d chits in the bowl from turn %d but its corps "
                           "have only %d; lower \"chits\" to at most %d",
                           L->side_ids[s], x, t, pool, pool);
        for (int u = t; u <= sc->turns; u++)
            sc->ext.chits[s][u] = (uint8_t)x;
        last = t;
    }
    return GR_OK;
}

static gr_status ld_objectives(ld *L, const gr_jr_node *root)
{
    static const char *const keys[] = {"name", "hex", "side", "points", "notes"};
    re_scenario *sc = L->sc;
    const gr_jr_node *v = gr_jr_get(root, "objectives");
    if (!v)
        return GR_OK;
    if (ld_expect(L, v, GR_JR_ARRAY, "\"objectives\""))
        return GR_EINPUT;
    if (v->len > RE_MAX_OBJECTIVES)
        return ld_fail(L, v, "\"objectives\" lists %zu hexes; give at most %d", v->len,
                       RE_MAX_OBJECTIVES);
    int k = 0;
    for (const gr_jr_node *e = v->child; e; e = e->next, k++) {
        re_objective *o = &sc->objectives[k];
        char name[RE_NAME_LEN];
        int side, pts, c, r;
        if (ld_expect(L, e, GR_JR_OBJECT, "an objective") ||
            ld_keys(L, e, "an objective", keys, sizeof keys / sizeof keys[0]) ||
            ld_str(L, e, "name", "an objective", 0, name, sizeof name) ||
            ld_side_ref(L, e, "an objective", &side) ||
            ld_int(L, e, "points", "an objective", 1, 10, 1, 0, &pts) ||
            ld_text(L, e, "notes", "an objective"))
            return GR_EINPUT;
        const gr_jr_node *h = gr_jr_get(e, "hex");
        if (!h)
            return ld_missing(L, e, "hex", "an objective", "[col, row]");
        if (ld_hex(L, h, "the hex of an objective", &c, &r))
            return GR_EINPUT;
        for (int j = 0; j < k; j++)
            if (sc->objectives[j].col == c && sc->objectives[j].row == r)
                return ld_fail(L, h, "hex [%d, %d] is an objective twice; merge the two", c, r);
        o->col = (int8_t)c;
        o->row = (int8_t)r;
        o->side = (uint8_t)side;
        o->points = (uint8_t)pts;
    }
    sc->nobjectives = (uint8_t)k;
    return GR_OK;
}

/* Whole-scenario checks once everything is read. */
static gr_status ld_check(ld *L, const gr_jr_node *root)
{
    re_scenario *sc = L->sc;
    const gr_jr_node *sides = gr_jr_get(root, "sides");
    const gr_jr_node *corps = gr_jr_get(root, "corps");
    int units_of_corps[RE_MAX_CORPS] = {0};
    int units_of_side[RE_SIDES] = {0};
    for (int i = 0; i < sc->nunits; i++) {
        units_of_corps[sc->units[i].corps]++;
        units_of_side[sc->units[i].side]++;
    }
    const gr_jr_node *ce = corps->child;
    for (int k = 0; k < sc->ncorps; k++, ce = ce->next)
        if (!units_of_corps[k])
            return ld_fail(L, ce, "corps \"%s\" has no units; give it units or remove it",
                           L->corps_ids[k]);
    const gr_jr_node *se = sides->child;
    for (int s = 0; s < RE_SIDES; s++, se = se->next) {
        if (!units_of_side[s])
            return ld_fail(L, se, "side \"%s\" has no units; every army needs at least one",
                           L->side_ids[s]);
        int pool = 0;
        for (int k = 0; k < sc->ncorps; k++)
            if (sc->corps[k].side == s)
                pool += sc->corps[k].chits;
        if (sc->sides[s].chits_per_turn > pool)
            return ld_fail(L, gr_jr_get(se, "chits_per_turn"),
                           "side \"%s\" may put %d chits in the bowl but its corps have only %d; "
                           "lower \"chits_per_turn\" to at most %d (the chits are taken from "
                           "those of its corps)",
                           L->side_ids[s], sc->sides[s].chits_per_turn, pool, pool);
        if (ld_chits_by_turn(L, se, s, pool))
            return GR_EINPUT;
    }
    const gr_jr_node *re = gr_jr_get(root, "reinforcements");
    const gr_jr_node *rn = re ? re->child : NULL;
    for (int r = 0; r < sc->ext.nreinf; r++, rn = rn->next) {
        const re_reinforcement *rf = &sc->ext.reinf[r];
        int side = -1, n = 0;
        for (int u = 0; u < sc->nunits; u++) {
            if (sc->ext.unit_reinf[u] != r + 1)
                continue;
            n++;
            if (side >= 0 && sc->units[u].side != side)
                return ld_fail(L, rn,
                               "reinforcement \"%s\" holds units of both sides (\"%s\" is of "
                               "\"%s\"); give each side its own reinforcement",
                               L->reinf_ids[r], sc->units[u].name, L->side_ids[sc->units[u].side]);
            side = sc->units[u].side;
            int ok = 0;
            for (int i = 0; i < rf->nentry && !ok; i++)
                ok = re_terrain_can_stand(sc, gr_hex_from_offset(rf->entry[i][0], rf->entry[i][1]),
                                          sc->units[u].type);
            if (!ok)
                return ld_fail(L, gr_jr_get(rn, "entry"),
                               "unit \"%s\" (%s) of reinforcement \"%s\" may stand in none of "
                               "its entry hexes (terrain, seed 004 §7), so it could never enter; "
                               "add an entry hex of clear ground or a road",
                               sc->units[u].name, unit_codes[sc->units[u].type], L->reinf_ids[r]);
        }
        if (!n)
            return ld_fail(L, rn,
                           "reinforcement \"%s\" has no units; give units \"enters\": \"%s\" "
                           "or remove it",
                           L->reinf_ids[r], L->reinf_ids[r]);
    }
    return GR_OK;
}

gr_status re_scenario_parse(const char *text, size_t len, const char *name, re_scenario *sc,
                            gr_error *err)
{
    static const char *const keys[] = {
        "game",           "version", "id",  "title", "description", "sources", "notes",
        "turns",          "victory", "map", "sides", "corps",       "units",   "objectives",
        "reinforcements", "rules"};
    /* keys a format-1 file may not hold: the first of format 2 */
    static const char *const v2_keys[] = {"reinforcements", "rules"};
    static const char *const victories[] = {"most-destroyed", "demoralisation", "objectives",
                                            "points"};
    /* "game" is optional: the registry's (game.h) declaration of the type */
    static const char *const games[] = {"re"};
    int game = 0;
    memset(sc, 0, sizeof *sc);
    if (len > RE_SCENARIO_MAX_BYTES)
        return gr_error_set(err, GR_EINPUT,
                            "%s:1:1: the file is larger than %d bytes; this is "
                            "not a scenario",
                            name, RE_SCENARIO_MAX_BYTES);
    gr_jr_node *root = NULL;
    gr_jr_doc *doc = gr_jr_parse(text, len, name, RE_SCENARIO_MAX_NODES, &root, err);
    if (!doc)
        return err ? err->code : GR_EINPUT;
    ld *L = gr_calloc(1, sizeof *L);
    if (!L) {
        gr_jr_free(doc);
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory", name);
    }
    L->name = name;
    L->err = err;
    L->sc = sc;
    gr_status st = GR_EINPUT;
    int turns, victory = RE_VICTORY_MOST_DESTROYED;
    const gr_jr_node *ver = gr_jr_get(root, "version");
    if (ld_expect(L, root, GR_JR_OBJECT, "a scenario file"))
        goto done;
    if (!ver) {
        ld_fail(L, root, "the scenario has no \"version\"; add \"version\": %d as its first key",
                RE_SCENARIO_VERSION);
        goto done;
    }
    if (ver->type != GR_JR_NUMBER || !ver->is_int || ver->ival < RE_SCENARIO_VERSION_MIN ||
        ver->ival > RE_SCENARIO_VERSION) {
        ld_fail(L, ver,
                "this grognard reads scenario format versions %d and %d; write \"version\": "
                "%d and check docs/scenarios.md for the format",
                RE_SCENARIO_VERSION_MIN, RE_SCENARIO_VERSION, RE_SCENARIO_VERSION);
        goto done;
    }
    L->version = (int)ver->ival;
    sc->ext.format = (uint8_t)(L->version >= 2 ? L->version : 0);
    if (L->version < 2)
        for (size_t i = 0; i < sizeof v2_keys / sizeof v2_keys[0]; i++) {
            const gr_jr_node *m = gr_jr_get(root, v2_keys[i]);
            if (m) {
                ld_fail(L, m,
                        "\"%s\" is a key of scenario format 2, this file says \"version\": 1; "
                        "write \"version\": 2 (docs/scenarios.md)",
                        v2_keys[i]);
                goto done;
            }
        }
    if (ld_keys(L, root, "the scenario", keys,
                sizeof keys / sizeof keys[0] - (L->version < 2 ? 2 : 0)) ||
        (gr_jr_get(root, "game") && ld_enum(L, root, "game", "the scenario", games, 1, &game)) ||
        ld_str(L, root, "id", "the scenario", 1, sc->id, sizeof sc->id) ||
        ld_str(L, root, "title", "the scenario", 1, sc->title, sizeof sc->title) ||
        ld_text(L, root, "description", "the scenario") ||
        ld_text(L, root, "sources", "the scenario") || ld_text(L, root, "notes", "the scenario") ||
        ld_int(L, root, "turns", "the scenario", 1, 99, 0, 1, &turns))
        goto done;
    if (gr_jr_get(root, "victory") &&
        ld_enum(L, root, "victory", "the scenario", victories, L->version < 2 ? 2 : 4, &victory))
        goto done;
    sc->turns = (uint8_t)turns;
    sc->victory = (uint8_t)victory;
    if (ld_map(L, root) || ld_sides(L, root) || ld_corps(L, root) || ld_reinforcements(L, root) ||
        ld_units(L, root) || ld_objectives(L, root) || ld_rules(L, root) || ld_check(L, root))
        goto done;
    re_scenario_make_tables(sc);
    st = GR_OK;
done:
    gr_free(L);
    gr_jr_free(doc);
    if (st != GR_OK)
        memset(sc, 0, sizeof *sc);
    return st;
}

gr_status re_scenario_load(const char *path, re_scenario *sc, gr_error *err)
{
    char *text;
    size_t len;
    memset(sc, 0, sizeof *sc);
    gr_status st = gr_read_file(path, RE_SCENARIO_MAX_BYTES, &text, &len, err);
    if (st != GR_OK)
        return st;
    st = re_scenario_parse(text, len, path, sc, err);
    gr_free(text);
    return st;
}

uint64_t re_scenario_digest(const re_scenario *sc)
{
    return gr_fnv1a64(GR_FNV1A64_INIT, sc, re_scenario_digest_bytes(sc));
}

uint64_t re_scenario_digest_v1(const re_scenario *sc)
{
    return gr_fnv1a64(UINT64_C(1469598103934665603), sc, re_scenario_digest_bytes(sc));
}
