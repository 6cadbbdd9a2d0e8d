/* tb_file.c - read a battle file of the table (format 1, docs/table.md)
 * into a tb_scenario (tb.h). */
#include "grognard/tb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/alloc.h"
#include "grognard/file_io.h"
#include "grognard/hash.h"
#include "grognard/json_reader.h"
#include "grognard/oob.h"

/* Values a battle file may hold: its own (terrain of 96 features of 32
 * points, 256 placements) and an inline order of battle's 20000. */
#define TB_MAX_NODES 60000

/* ---- the words -------------------------------------------------------------- */

static const char *const edge_names[TB_NEDGES] = {"south", "north", "east", "west"};

const char *tb_edge_name(tb_edge e)
{
    return (unsigned)e < TB_NEDGES ? edge_names[e] : "?";
}

/* The formation words of join j for an arm, "a, b, c". */
static void formation_words(const tb_join *j, gr_bt_arm arm, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < j->nformations && n < cap; i++)
        if (j->formations[i].arms & (1u << arm))
            n += (size_t)snprintf(buf + n, cap - n, "%s%s", n ? ", " : "", j->formations[i].word);
}

tt_arm tb_arm_of(gr_bt_arm arm)
{
    return arm == GR_BT_CAVALRY ? TT_CAVALRY : arm == GR_BT_ARTILLERY ? TT_ARTILLERY : TT_INFANTRY;
}

/* ---- reading ---------------------------------------------------------------- */

typedef struct rd {
    const char *name;
    gr_error *err;
    tb_scenario *sc;
    const tb_join *j; /* the system's join, from the file's "type" */
    const char *text;
    size_t len;
    uint8_t unit_seen[GR_BT_MAX_UNITS];     /* 1 deployed, 2 a reinforcement */
    uint8_t leader_seen[GR_BT_MAX_LEADERS]; /* 1 placed, 2 a reinforcement */
    const gr_jr_node *unit_at[GR_BT_MAX_UNITS];
} rd;

/* "NAME:LINE:COL: what" at the node `at` (gr_jr_fail). */
#define fail(r, at, ...) gr_jr_fail((r)->err, (r)->name, (at), __VA_ARGS__)

/* The battle file's unit of length (tb_join's length_word and
 * length_unit; inches when the join gives none), how near its home edge a
 * reinforcement arrives, and an objective's default radius. */
static const char *len_word(const rd *r)
{
    return r->j && r->j->length_word ? r->j->length_word : "inches";
}

static double len_unit(const rd *r)
{
    return (double)(r->j && r->j->length_unit ? r->j->length_unit : TT_UNITS_PER_INCH);
}

static int64_t arrival_edge(const rd *r)
{
    return r->j && r->j->arrival_edge ? r->j->arrival_edge : TB_ARRIVAL_EDGE;
}

static int64_t objective_radius(const rd *r)
{
    return r->j && r->j->objective_radius ? r->j->objective_radius : TB_OBJECTIVE_RADIUS;
}

/* A length of the file's unit as a message writes it: 6" or 15 cm. */
static const char *len_text(const rd *r, int64_t v, char *buf, size_t cap)
{
    if (!r->j || !r->j->length_word)
        snprintf(buf, cap, "%g\"", (double)v / TT_UNITS_PER_INCH);
    else
        snprintf(buf, cap, "%g %s", (double)v / len_unit(r), r->j->length_word);
    return buf;
}

static gr_status need(rd *r, const gr_jr_node *obj, const char *key, const char *what,
                      const gr_jr_node **out)
{
    *out = gr_jr_get(obj, key);
    if (!*out)
        return fail(r, obj, "%s has no \"%s\"; add it (docs/table.md)", what, key);
    return GR_OK;
}

static gr_status get_int(rd *r, const gr_jr_node *n, const char *key, const char *what, int lo,
                         int hi, int *v)
{
    *v = 0;
    if (n->type != GR_JR_NUMBER || !n->is_int || n->ival < lo || n->ival > hi)
        return fail(r, n, "\"%s\" of %s must be a whole number from %d to %d", key, what, lo, hi);
    *v = (int)n->ival;
    return GR_OK;
}

static gr_status get_str(rd *r, const gr_jr_node *n, const char *key, const char *what, char *buf,
                         size_t cap)
{
    if (n->type != GR_JR_STRING)
        return fail(r, n, "\"%s\" of %s must be a string, not %s", key, what,
                    gr_jr_type_name(n->type));
    if (n->len >= cap)
        return fail(r, n, "\"%s\" of %s is %zu bytes long; at most %zu are kept, shorten it", key,
                    what, n->len, cap - 1);
    if (strlen(n->str) != n->len)
        return fail(r, n, "\"%s\" of %s holds a NUL character; remove it", key, what);
    memcpy(buf, n->str, n->len + 1);
    return GR_OK;
}

static gr_status get_array(rd *r, const gr_jr_node *n, const char *key, const gr_jr_node **out)
{
    if (n->type != GR_JR_ARRAY)
        return fail(r, n, "\"%s\" must be an array, not %s", key, gr_jr_type_name(n->type));
    *out = n;
    return GR_OK;
}

/* A length in the file's unit with at most three decimals, lo..hi table
 * units. */
static gr_status get_len(rd *r, const gr_jr_node *n, const char *key, const char *what, int64_t lo,
                         int64_t hi, int64_t *v)
{
    int64_t m = 0;
    if (n->type != GR_JR_NUMBER || !gr_jr_milli(n, &m) || m < lo || m > hi)
        return fail(r, n,
                    "\"%s\" of %s must be a length in %s from %g to %g, with at most three "
                    "decimals",
                    key, what, len_word(r), (double)lo / len_unit(r), (double)hi / len_unit(r));
    *v = m;
    return GR_OK;
}

/* A point [x, y] in the file's unit on the table. */
static gr_status get_pt(rd *r, const gr_jr_node *n, const char *key, const char *what, tt_pt *p)
{
    const tt_table *t = &r->sc->table;
    int64_t x = 0, y = 0;
    if (n->type != GR_JR_ARRAY || n->len != 2 || !gr_jr_milli(n->child, &x) ||
        !gr_jr_milli(n->child->next, &y) || n->child->type != GR_JR_NUMBER ||
        n->child->next->type != GR_JR_NUMBER || x < t->lo.x || x > t->hi.x || y < t->lo.y ||
        y > t->hi.y)
        return fail(r, n,
                    "\"%s\" of %s must be a point [x, y] in %s on the table (0 to %g, 0 to "
                    "%g), at most three decimals each",
                    key, what, len_word(r), (double)t->hi.x / len_unit(r),
                    (double)t->hi.y / len_unit(r));
    p->x = (tt_coord)x;
    p->y = (tt_coord)y;
    return GR_OK;
}

/* An id among the order of battle's units (or leaders). */
static gr_status get_ref(rd *r, const gr_jr_node *n, const char *key, int leader, int *idx)
{
    const gr_battle *b = &r->sc->start;
    if (n->type != GR_JR_STRING)
        return fail(r, n, "\"%s\" must be the id of %s of the order of battle, a string", key,
                    leader ? "a leader" : "a unit");
    *idx = leader ? gr_battle_leader(b, n->str) : gr_battle_unit(b, n->str);
    if (*idx >= 0)
        return GR_OK;
    char list[400], sb[64];
    gr_battle_ids(b, leader, list, sizeof list);
    return fail(r, n, "%s \"%s\" is not in the order of battle; accepted: %s",
                leader ? "leader" : "unit", gr_jr_printable(n->str, 40, sb, sizeof sb), list);
}

/* ---- the order of battle ------------------------------------------------------ */

/* The byte offset in text of (line, col) as the JSON reader counts them
 * (columns count UTF-8 characters). */
static size_t offset_of(const char *text, size_t len, int line, int col)
{
    size_t i = 0;
    for (int l = 1; l < line && i < len; i++)
        if (text[i] == '\n')
            l++;
    for (int c = 1; i < len;) {
        if (c == col)
            break;
        i++;
        while (i < len && ((unsigned char)text[i] & 0xC0) == 0x80)
            i++;
        c++;
    }
    return i;
}

/* The end (one past the closing brace) of the object starting at text[at]. */
static size_t object_end(const char *text, size_t len, size_t at)
{
    int depth = 0, in_str = 0;
    for (size_t i = at; i < len; i++) {
        char c = text[i];
        if (in_str) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_str = 0;
        } else if (c == '"') {
            in_str = 1;
        } else if (c == '{' || c == '[') {
            depth++;
        } else if (c == '}' || c == ']') {
            if (--depth == 0)
                return i + 1;
        }
    }
    return len;
}

/* Read the inline order of battle `n` with gr_oob_parse, from a copy of the
 * file where every character outside it is a space (newlines kept), so
 * that its messages keep the battle file's lines and columns. */
static gr_status read_inline(rd *r, const gr_jr_node *n, const gr_battle_rules *rules)
{
    size_t from = offset_of(r->text, r->len, n->line, n->col);
    size_t to = object_end(r->text, r->len, from);
    char *copy = gr_malloc(r->len + 1);
    if (!copy)
        return gr_error_set(r->err, GR_ERUNTIME, "%s: out of memory", r->name);
    size_t k = 0;
    for (size_t i = 0; i < r->len; i++) {
        if (i >= from && i < to) {
            copy[k++] = r->text[i];
        } else if (r->text[i] == '\n') {
            copy[k++] = '\n';
        } else if (((unsigned char)r->text[i] & 0xC0) != 0x80) {
            copy[k++] = ' ';
        }
    }
    copy[k] = '\0';
    gr_status st = gr_oob_parse(copy, k, r->name, rules, 0, &r->sc->start, r->err);
    gr_free(copy);
    return st;
}

static gr_status read_oob(rd *r, const gr_jr_node *n)
{
    const char *sys = r->j->system;
    const gr_battle_rules *rules = gr_battle_rules_find(sys);
    if (!rules)
        return gr_error_set(r->err, GR_ERUNTIME, "%s: the %s companion rules are not built in",
                            r->name, sys);
    if (n->type == GR_JR_OBJECT)
        return read_inline(r, n, rules);
    if (n->type != GR_JR_STRING || n->len == 0)
        return fail(r, n,
                    "\"oob\" must be the path of an %s order of battle (relative to this file) "
                    "or the order of battle itself, an object (docs/oob.md)",
                    sys);
    char path[4096];
    const char *slash = strrchr(r->name, '/');
    int dir = slash ? (int)(slash - r->name) + 1 : 0;
    if (n->str[0] == '/')
        dir = 0;
    if ((size_t)snprintf(path, sizeof path, "%.*s%s", dir, r->name, n->str) >= sizeof path)
        return fail(r, n, "the path of \"oob\" is too long");
    /* a battle file read without a directory (the text embedded in a save,
     * a server's upload) reads a relative path from data/table/, where the
     * bundled battles are (docs/table.md) */
    if (!slash && n->str[0] != '/') {
        FILE *probe = fopen(path, "rb");
        if (probe)
            fclose(probe);
        else
            snprintf(path, sizeof path, "data/table/%s", n->str);
    }
    gr_status st = gr_oob_read(path, rules, 0, &r->sc->start, NULL, NULL, r->err);
    if (st == GR_ERUNTIME && r->err && !strstr(r->err->msg, "out of memory")) {
        char msg[GR_ERROR_MSG];
        snprintf(msg, sizeof msg, "%s", r->err->msg);
        return fail(r, n, "the order of battle cannot be read: %s; give a path relative to %s", msg,
                    r->name);
    }
    return st;
}

/* ---- the table and the terrain -------------------------------------------------- */

static const char *const top_keys[] = {
    "format",  "type",           "title",      "sources",  "notes",   "oob",
    "turns",   "table",          "home",       "bases",    "terrain", "deploy",
    "leaders", "reinforcements", "objectives", "critical", "victory", NULL};

static gr_status read_table(rd *r, const gr_jr_node *root)
{
    static const char *const keys[] = {"width", "depth", NULL};
    const gr_jr_node *n, *w, *d;
    gr_status st;
    if ((st = need(r, root, "table", "the battle file", &n)) != GR_OK)
        return st;
    if (n->type != GR_JR_OBJECT)
        return fail(r, n, "\"table\" must be an object {\"width\": W, \"depth\": D} in %s",
                    len_word(r));
    int64_t wv = 0, dv = 0;
    if ((st = gr_jr_only_keys(r->err, r->name, n, keys, "\"table\"", "docs/table.md")) != GR_OK ||
        (st = need(r, n, "width", "\"table\"", &w)) != GR_OK ||
        (st = need(r, n, "depth", "\"table\"", &d)) != GR_OK ||
        (st = get_len(r, w, "width", "the table", 1, TT_INCH(524), &wv)) != GR_OK ||
        (st = get_len(r, d, "depth", "the table", 1, TT_INCH(524), &dv)) != GR_OK)
        return st;
    tt_table_init(&r->sc->table, r->j->table_system, (tt_coord)wv, (tt_coord)dv);
    return GR_OK;
}

static gr_status read_home(rd *r, const gr_jr_node *root)
{
    const gr_jr_node *n = gr_jr_get(root, "home");
    r->sc->home[0] = TB_SOUTH;
    r->sc->home[1] = TB_NORTH;
    if (!n)
        return GR_OK;
    if (n->type != GR_JR_ARRAY || n->len != 2)
        return fail(r, n, "\"home\" must be the two sides' home edges, [\"south\", \"north\"]");
    int k = 0;
    for (const gr_jr_node *e = n->child; e; e = e->next, k++) {
        int found = -1;
        for (int i = 0; i < TB_NEDGES; i++)
            if (e->type == GR_JR_STRING && !strcmp(e->str, edge_names[i]))
                found = i;
        if (found < 0)
            return fail(r, e, "a home edge is one of south, north, east, west");
        r->sc->home[k] = found;
    }
    if (r->sc->home[0] == r->sc->home[1])
        return fail(r, n, "the two sides' home edges must differ");
    return GR_OK;
}

static gr_status read_bases(rd *r, const gr_jr_node *root)
{
    static const char *const keys[] = {"infantry", "cavalry", "artillery",
                                       "limber",   "general", NULL};
    static const tt_arm arms[] = {TT_INFANTRY, TT_CAVALRY, TT_ARTILLERY, TT_LIMBER, TT_GENERAL};
    const gr_jr_node *n = gr_jr_get(root, "bases");
    if (!n)
        return GR_OK;
    gr_status st;
    if (n->type != GR_JR_OBJECT)
        return fail(r, n, "\"bases\" must be an object {\"infantry\": [w, d], ...} in %s",
                    len_word(r));
    if ((st = gr_jr_only_keys(r->err, r->name, n, keys, "\"bases\"", "docs/table.md")) != GR_OK)
        return st;
    for (int i = 0; keys[i]; i++) {
        const gr_jr_node *b = gr_jr_get(n, keys[i]);
        if (!b)
            continue;
        int64_t w = 0, d = 0;
        if (b->type != GR_JR_ARRAY || b->len != 2)
            return fail(r, b, "the base of %s must be [width, depth] in %s", keys[i], len_word(r));
        if ((st = get_len(r, b->child, keys[i], "\"bases\"", 1, arrival_edge(r), &w)) != GR_OK ||
            (st = get_len(r, b->child->next, keys[i], "\"bases\"", 1, arrival_edge(r), &d)) !=
                GR_OK)
            return st;
        r->sc->table.bases[arms[i]] = (tt_base){(tt_coord)w, (tt_coord)d};
    }
    return GR_OK;
}

static gr_status read_terrain(rd *r, const gr_jr_node *root)
{
    static const char *const keys[] = {"kind", "points", "level", "name", "cover", NULL};
    const gr_jr_node *arr = gr_jr_get(root, "terrain");
    gr_status st;
    if (!arr)
        return GR_OK;
    if ((st = get_array(r, arr, "terrain", &arr)) != GR_OK)
        return st;
    if (arr->len > TT_MAX_FEATURES)
        return fail(r, arr, "\"terrain\" has %zu features; a table holds at most %d", arr->len,
                    TT_MAX_FEATURES);
    tb_scenario *sc = r->sc;
    int k = 0;
    for (const gr_jr_node *e = arr->child; e; e = e->next, k++) {
        char what[48];
        snprintf(what, sizeof what, "terrain feature %d", k + 1);
        if (e->type != GR_JR_OBJECT)
            return fail(r, e, "%s must be an object {\"kind\": ..., \"points\": [...]}", what);
        const gr_jr_node *kind, *pts, *n;
        if ((st = gr_jr_only_keys(r->err, r->name, e, keys, what, "docs/table.md")) != GR_OK ||
            (st = need(r, e, "kind", what, &kind)) != GR_OK ||
            (st = need(r, e, "points", what, &pts)) != GR_OK)
            return st;
        tt_feature f;
        memset(&f, 0, sizeof f);
        int kk = -1;
        for (int i = 0; i < TT_NKINDS; i++)
            if (kind->type == GR_JR_STRING && !strcmp(kind->str, tt_kind_name((tt_kind)i)))
                kk = i;
        if (kk < 0)
            return fail(r, kind,
                        "\"kind\" of %s must be one of wood, town, river, stream, road, bridge, "
                        "ford, marsh, rough, hill, crest, hedge, wall, works",
                        what);
        f.kind = (tt_kind)kk;
        int line = sc->table.kinds[kk].polyline;
        int min = line ? 2 : 3;
        if (pts->type != GR_JR_ARRAY || pts->len < (size_t)min || pts->len > TT_MAX_VERTS)
            return fail(r, pts, "\"points\" of %s (%s) must be an array of %d to %d points", what,
                        line ? "a line" : "an area", min, TT_MAX_VERTS);
        for (const gr_jr_node *p = pts->child; p; p = p->next)
            if ((st = get_pt(r, p, "points", what, &f.v[f.n++])) != GR_OK)
                return st;
        n = gr_jr_get(e, "level");
        if (f.kind == TT_HILL || f.kind == TT_CREST) {
            if (!n)
                return fail(r, e, "%s (a %s) has no \"level\"; add its contour level, 1 to 9", what,
                            kind->str);
            if ((st = get_int(r, n, "level", what, 1, 9, &f.level)) != GR_OK)
                return st;
        } else if (n) {
            return fail(r, n, "\"level\" is for a hill or a crest, not a %s; remove it", kind->str);
        }
        if ((n = gr_jr_get(e, "name")) &&
            (st = get_str(r, n, "name", what, sc->feature_name[k], GR_BT_NAME)) != GR_OK)
            return st;
        sc->cover[k] = r->j->default_cover(&sc->table, f.kind);
        if ((n = gr_jr_get(e, "cover"))) {
            if (line)
                return fail(r, n, "\"cover\" is for an area, not a %s; remove it", kind->str);
            if ((st = get_int(r, n, "cover", what, 0, 3, &sc->cover[k])) != GR_OK)
                return st;
        }
        gr_error e2;
        if (tt_table_add_feature(&sc->table, &f, &e2) != GR_OK)
            return fail(r, pts, "%s is refused: %s", what, e2.msg);
    }
    return GR_OK;
}

/* ---- poses ---------------------------------------------------------------------- */

static gr_status get_face(rd *r, const gr_jr_node *e, const char *what, tt_pt at, tt_dir *face)
{
    const gr_jr_node *f = gr_jr_get(e, "face"), *to = gr_jr_get(e, "face_to");
    gr_status st;
    if (f && to)
        return fail(r, to, "%s gives both \"face\" and \"face_to\"; keep one", what);
    if (!f && !to)
        return fail(r, e,
                    "%s has no \"face\" (a bearing: 0 north, 90 east) nor \"face_to\"; add "
                    "one (docs/table.md)",
                    what);
    if (f) {
        if (f->type != GR_JR_NUMBER || !f->is_int || f->ival < 0 || f->ival > 345 || f->ival % 15)
            return fail(r, f,
                        "\"face\" of %s must be a bearing in degrees, a multiple of 15 from 0 to "
                        "345 (0 north, 90 east, 180 south, 270 west); use \"face_to\": [x, y] for "
                        "another direction",
                        what);
        int deg = (int)f->ival; /* clockwise from north */
        int ccw = deg <= 180 ? -deg : 360 - deg;
        *face = tt_dir_turn((tt_dir){0, TT_DIR_MAX}, ccw);
        return GR_OK;
    }
    tt_pt p;
    if ((st = get_pt(r, to, "face_to", what, &p)) != GR_OK)
        return st;
    if (p.x == at.x && p.y == at.y)
        return fail(r, to, "\"face_to\" of %s is the unit's own place; give a point it faces",
                    what);
    *face = tt_dir_make((int64_t)p.x - at.x, (int64_t)p.y - at.y);
    return GR_OK;
}

/* The unit whose stands overlap u's laid out stands, or -1. */
static int overlapping(const tt_table *t, const tt_unit *u)
{
    for (int i = 0; i < t->nunits; i++)
        for (int a = 0; a < t->units[i].nstands; a++)
            for (int s = 0; s < u->nstands; s++)
                if (tt_convex_overlap(t->units[i].st[a].c, 4, u->st[s].c, 4))
                    return t->units[i].id;
    return -1;
}

/* Unit `idx` posed as the entry `e` says: *u laid out (not added). */
static gr_status read_pose(rd *r, const gr_jr_node *e, int idx, const char *what, tt_unit *u,
                           char *word)
{
    tb_scenario *sc = r->sc;
    gr_bt_unit *bu = &sc->start.units[idx];
    const gr_jr_node *at, *f;
    gr_status st;
    memset(u, 0, sizeof *u);
    u->id = idx;
    u->side = bu->side;
    u->arm = tb_arm_of(bu->arm);
    u->nstands = gr_bt_unit_stands(bu);
    if (u->nstands > TT_MAX_STANDS)
        return fail(r, e,
                    "unit \"%s\" has %d stands; the table lays out at most %d a unit: split it in "
                    "the order of battle",
                    bu->id, u->nstands, TT_MAX_STANDS);
    if ((st = need(r, e, "at", what, &at)) != GR_OK ||
        (st = get_pt(r, at, "at", what, &u->pose.at)) != GR_OK ||
        (st = get_face(r, e, what, u->pose.at, &u->pose.face)) != GR_OK)
        return st;
    snprintf(word, GR_BT_ID, "%s", bu->formation);
    if ((f = gr_jr_get(e, "formation")) &&
        (st = get_str(r, f, "formation", what, word, GR_BT_ID)) != GR_OK)
        return st;
    int form = tb_join_formation(r->j, bu->arm, word);
    if (form < 0) {
        char list[200];
        formation_words(r->j, bu->arm, list, sizeof list);
        return fail(r, f ? f : e,
                    "unit \"%s\": formation \"%s\" is not one of its arm's; accepted: %s", bu->id,
                    word, list);
    }
    u->pose.form = (tt_formation)form;
    gr_error e2;
    if (tt_unit_layout(u, tt_unit_base(&sc->table, u), &e2) != GR_OK)
        return fail(r, at, "unit \"%s\" cannot be laid out there: %s", bu->id, e2.msg);
    return GR_OK;
}

/* Put the laid out unit u on the table, naming what is in the way. */
static gr_status place(rd *r, const gr_jr_node *at, const tt_unit *u)
{
    tb_scenario *sc = r->sc;
    const char *id = sc->start.units[u->id].id;
    int hit = overlapping(&sc->table, u);
    if (hit >= 0)
        return fail(r, at,
                    "unit \"%s\" cannot stand there: a stand overlaps unit \"%s\" (bases may "
                    "touch, not overlap); move it",
                    id, sc->start.units[hit].id);
    gr_error e2;
    if (tt_table_add_unit(&sc->table, u, &e2) != GR_OK)
        return fail(r, at,
                    "unit \"%s\" cannot stand there: its stands reach (%g, %g) to (%g, %g) on a "
                    "table of %g x %g, or stand on impassable ground; move it",
                    id, (double)u->lo.x / TT_UNITS_PER_INCH, (double)u->lo.y / TT_UNITS_PER_INCH,
                    (double)u->hi.x / TT_UNITS_PER_INCH, (double)u->hi.y / TT_UNITS_PER_INCH,
                    (double)sc->table.hi.x / TT_UNITS_PER_INCH,
                    (double)sc->table.hi.y / TT_UNITS_PER_INCH);
    return GR_OK;
}

static gr_status read_deploy(rd *r, const gr_jr_node *root)
{
    static const char *const keys[] = {"unit", "at", "face", "face_to", "formation", NULL};
    const gr_jr_node *arr, *n;
    gr_status st;
    if ((st = need(r, root, "deploy", "the battle file", &arr)) != GR_OK ||
        (st = get_array(r, arr, "deploy", &arr)) != GR_OK)
        return st;
    int k = 0;
    for (const gr_jr_node *e = arr->child; e; e = e->next, k++) {
        char what[48];
        snprintf(what, sizeof what, "deploy %d", k + 1);
        if (e->type != GR_JR_OBJECT)
            return fail(r, e, "%s must be an object {\"unit\": ..., \"at\": [x, y], ...}", what);
        int idx;
        if ((st = gr_jr_only_keys(r->err, r->name, e, keys, what, "docs/table.md")) != GR_OK ||
            (st = need(r, e, "unit", what, &n)) != GR_OK ||
            (st = get_ref(r, n, "unit", 0, &idx)) != GR_OK)
            return st;
        if (r->unit_seen[idx])
            return fail(r, n, "unit \"%s\" is placed twice (line %d); place it once", n->str,
                        r->unit_at[idx]->line);
        r->unit_seen[idx] = 1;
        r->unit_at[idx] = n;
        tt_unit u;
        char word[GR_BT_ID];
        if ((st = read_pose(r, e, idx, what, &u, word)) != GR_OK ||
            (st = place(r, gr_jr_get(e, "at"), &u)) != GR_OK)
            return st;
        snprintf(r->sc->start.units[idx].formation, GR_BT_ID, "%s", word);
    }
    return GR_OK;
}

static gr_status read_leaders(rd *r, const gr_jr_node *root)
{
    static const char *const keys[] = {"leader", "at", NULL};
    const gr_jr_node *arr = gr_jr_get(root, "leaders"), *n, *at;
    gr_status st;
    if (!arr)
        return GR_OK;
    if ((st = get_array(r, arr, "leaders", &arr)) != GR_OK)
        return st;
    int k = 0;
    for (const gr_jr_node *e = arr->child; e; e = e->next, k++) {
        char what[48];
        snprintf(what, sizeof what, "leaders %d", k + 1);
        if (e->type != GR_JR_OBJECT)
            return fail(r, e, "%s must be an object {\"leader\": ID, \"at\": [x, y]}", what);
        int l;
        if ((st = gr_jr_only_keys(r->err, r->name, e, keys, what, "docs/table.md")) != GR_OK ||
            (st = need(r, e, "leader", what, &n)) != GR_OK ||
            (st = get_ref(r, n, "leader", 1, &l)) != GR_OK || (st = need(r, e, "at", what, &at)) ||
            (st = get_pt(r, at, "at", what, &r->sc->leader_at[l])) != GR_OK)
            return st;
        if (r->sc->start.leaders[l].attached >= 0)
            return fail(r, n,
                        "leader \"%s\" is attached to unit \"%s\" and stands with it; remove "
                        "him from \"leaders\"",
                        n->str, r->sc->start.units[r->sc->start.leaders[l].attached].id);
        if (r->leader_seen[l])
            return fail(r, n, "leader \"%s\" is placed twice; place him once", n->str);
        r->leader_seen[l] = 1;
        r->sc->leader_on[l] = 1;
    }
    return GR_OK;
}

/* Within `edge` (arrival_edge) of edge e of t. */
static int near_edge(const tt_table *t, int e, tt_pt p, int64_t edge)
{
    int64_t d = e == TB_SOUTH   ? (int64_t)p.y - t->lo.y
                : e == TB_NORTH ? (int64_t)t->hi.y - p.y
                : e == TB_EAST  ? (int64_t)t->hi.x - p.x
                                : (int64_t)p.x - t->lo.x;
    return d <= edge;
}

static gr_status read_reinforcements(rd *r, const gr_jr_node *root)
{
    static const char *const ukeys[] = {"unit", "turn", "at", "face", "face_to", "formation", NULL};
    static const char *const lkeys[] = {"leader", "turn", "at", NULL};
    const gr_jr_node *arr = gr_jr_get(root, "reinforcements"), *n, *t;
    tb_scenario *sc = r->sc;
    gr_status st;
    if (!arr)
        return GR_OK;
    if ((st = get_array(r, arr, "reinforcements", &arr)) != GR_OK)
        return st;
    int k = 0;
    for (const gr_jr_node *e = arr->child; e; e = e->next, k++) {
        char what[48];
        snprintf(what, sizeof what, "reinforcement %d", k + 1);
        if (e->type != GR_JR_OBJECT)
            return fail(r, e, "%s must be an object {\"unit\": ..., \"turn\": N, ...}", what);
        tb_arrival *a = &sc->arrival[sc->narrivals];
        memset(a, 0, sizeof *a);
        a->unit = a->leader = -1;
        int side;
        if ((n = gr_jr_get(e, "leader"))) {
            const gr_jr_node *at;
            if ((st = gr_jr_only_keys(r->err, r->name, e, lkeys, what, "docs/table.md")) != GR_OK ||
                (st = get_ref(r, n, "leader", 1, &a->leader)) != GR_OK ||
                (st = need(r, e, "at", what, &at)) != GR_OK ||
                (st = get_pt(r, at, "at", what, &a->pose.at)) != GR_OK)
                return st;
            if (sc->start.leaders[a->leader].attached >= 0)
                return fail(r, n,
                            "leader \"%s\" is attached to a unit at the start; he cannot "
                            "arrive later",
                            n->str);
            if (r->leader_seen[a->leader])
                return fail(r, n, "leader \"%s\" is placed twice; place him once", n->str);
            r->leader_seen[a->leader] = 2;
            side = sc->start.leaders[a->leader].side;
        } else {
            tt_unit u;
            if ((st = gr_jr_only_keys(r->err, r->name, e, ukeys, what, "docs/table.md")) != GR_OK ||
                (st = need(r, e, "unit", what, &n)) != GR_OK ||
                (st = get_ref(r, n, "unit", 0, &a->unit)) != GR_OK)
                return st;
            if (r->unit_seen[a->unit])
                return fail(r, n, "unit \"%s\" is placed twice (line %d); place it once", n->str,
                            r->unit_at[a->unit]->line);
            r->unit_seen[a->unit] = 2;
            r->unit_at[a->unit] = n;
            if ((st = read_pose(r, e, a->unit, what, &u, a->formation)) != GR_OK)
                return st;
            a->pose = u.pose;
            side = sc->start.units[a->unit].side;
        }
        if ((st = need(r, e, "turn", what, &t)) != GR_OK ||
            (st = get_int(r, t, "turn", what, 2, sc->turns, &a->turn)) != GR_OK)
            return st;
        char near[32];
        if (!near_edge(&sc->table, sc->home[side], a->pose.at, arrival_edge(r)))
            return fail(r, gr_jr_get(e, "at"),
                        "%s arrives at its side's home edge (%s): its \"at\" must be within %s "
                        "of it",
                        what, edge_names[sc->home[side]],
                        len_text(r, arrival_edge(r), near, sizeof near));
        sc->narrivals++;
    }
    return GR_OK;
}

/* ---- objectives, critical levels, victory ------------------------------------------ */

static gr_status read_objectives(rd *r, const gr_jr_node *root)
{
    static const char *const keys[] = {"id", "name", "at", "radius", "points", "held", NULL};
    static const char *const keys_key[] = {"id",     "name", "at",  "radius",
                                           "points", "held", "key", NULL};
    const gr_jr_node *arr = gr_jr_get(root, "objectives"), *n;
    tb_scenario *sc = r->sc;
    gr_status st;
    if (!arr)
        return GR_OK;
    if ((st = get_array(r, arr, "objectives", &arr)) != GR_OK)
        return st;
    if (arr->len > TB_MAX_OBJECTIVES)
        return fail(r, arr, "\"objectives\" has %zu entries; at most %d", arr->len,
                    TB_MAX_OBJECTIVES);
    for (const gr_jr_node *e = arr->child; e; e = e->next) {
        char what[48];
        snprintf(what, sizeof what, "objective %d", sc->nobjectives + 1);
        tb_objective *o = &sc->objective[sc->nobjectives];
        if (e->type != GR_JR_OBJECT)
            return fail(r, e, "%s must be an object {\"id\": ..., \"at\": [x, y], ...}", what);
        if ((st = gr_jr_only_keys(r->err, r->name, e, r->j->objective_key ? keys_key : keys, what,
                                  "docs/table.md")) != GR_OK ||
            (st = need(r, e, "id", what, &n)) != GR_OK ||
            (st = get_str(r, n, "id", what, o->id, sizeof o->id)) != GR_OK)
            return st;
        for (const char *c = o->id; *c; c++)
            if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                  (*c >= '0' && *c <= '9') || *c == '_' || *c == '-' || *c == '.'))
                return fail(r, n, "an id holds only letters, digits, '_', '-' and '.'");
        if (!o->id[0])
            return fail(r, n, "the id of %s is empty; give one", what);
        for (int i = 0; i < sc->nobjectives; i++)
            if (!strcmp(sc->objective[i].id, o->id))
                return fail(r, n, "duplicate objective id \"%s\"; give each its own", o->id);
        if ((n = gr_jr_get(e, "name")) &&
            (st = get_str(r, n, "name", what, o->name, sizeof o->name)) != GR_OK)
            return st;
        if ((st = need(r, e, "at", what, &n)) != GR_OK ||
            (st = get_pt(r, n, "at", what, &o->at)) != GR_OK)
            return st;
        int64_t rad = objective_radius(r);
        o->points = 1;
        o->held = -1;
        if ((n = gr_jr_get(e, "radius")) &&
            (st = get_len(r, n, "radius", what, 1, 8 * objective_radius(r), &rad)) != GR_OK)
            return st;
        if ((n = gr_jr_get(e, "key"))) {
            if (n->type != GR_JR_BOOL)
                return fail(r, n, "\"key\" of %s must be true or false", what);
            sc->key[sc->nobjectives] = (uint8_t)n->boolean;
            sc->sys_on = 1;
        }
        o->radius = (tt_coord)rad;
        if ((n = gr_jr_get(e, "points")) &&
            (st = get_int(r, n, "points", what, 1, 99, &o->points)) != GR_OK)
            return st;
        if ((n = gr_jr_get(e, "held")) && (st = get_int(r, n, "held", what, -1, 1, &o->held)))
            return st;
        sc->nobjectives++;
    }
    return GR_OK;
}

static gr_status read_critical(rd *r, const gr_jr_node *root)
{
    const gr_jr_node *n = gr_jr_get(root, "critical");
    tb_scenario *sc = r->sc;
    if (!n)
        return GR_OK;
    if (n->type != GR_JR_ARRAY || n->len != 2)
        return fail(r, n,
                    "\"critical\" must hold the two armies' levels, [[a1, a2, ...], [b1, "
                    "...]]: the stands lost at which each level is reached");
    int side = 0;
    for (const gr_jr_node *s = n->child; s; s = s->next, side++) {
        if (s->type != GR_JR_ARRAY || s->len > TB_MAX_CRITICAL)
            return fail(r, s, "side %d's critical levels must be an array of at most %d numbers",
                        side, TB_MAX_CRITICAL);
        int prev = 0;
        for (const gr_jr_node *v = s->child; v; v = v->next) {
            int x;
            gr_status st = get_int(r, v, "critical", "a side", 1, 9999, &x);
            if (st != GR_OK)
                return st;
            if (x <= prev)
                return fail(r, v, "critical levels must increase: %d after %d", x, prev);
            sc->critical[side][sc->ncritical[side]++] = prev = x;
        }
    }
    return GR_OK;
}

static gr_status read_victory(rd *r, const gr_jr_node *root)
{
    static const char *const keys[] = {"army_morale", "objectives", "destroyed", NULL};
    const gr_jr_node *n = gr_jr_get(root, "victory"), *v;
    tb_scenario *sc = r->sc;
    gr_status st;
    for (int s = 0; s < 2; s++)
        sc->army_morale[s] = sc->ncritical[s];
    sc->vp_objectives = 1;
    sc->vp_destroyed = 0;
    if (!n)
        return GR_OK;
    if (n->type != GR_JR_OBJECT)
        return fail(r, n, "\"victory\" must be an object (docs/table.md)");
    if ((st = gr_jr_only_keys(r->err, r->name, n, keys, "\"victory\"", "docs/table.md")) != GR_OK)
        return st;
    if ((v = gr_jr_get(n, "army_morale"))) {
        int lv;
        if ((st = get_int(r, v, "army_morale", "\"victory\"", 0, TB_MAX_CRITICAL, &lv)) != GR_OK)
            return st;
        for (int s = 0; s < 2; s++) {
            if (lv > sc->ncritical[s])
                return fail(r, v,
                            "\"army_morale\" is level %d, but side %d's army has %d critical "
                            "levels in \"critical\"; give a level it has, or 0",
                            lv, s, sc->ncritical[s]);
            sc->army_morale[s] = lv;
        }
    }
    if ((v = gr_jr_get(n, "objectives"))) {
        if (v->type != GR_JR_BOOL)
            return fail(r, v, "\"objectives\" of \"victory\" must be true or false");
        sc->vp_objectives = v->boolean;
    }
    if ((v = gr_jr_get(n, "destroyed"))) {
        if (v->type != GR_JR_BOOL)
            return fail(r, v, "\"destroyed\" of \"victory\" must be true or false");
        sc->vp_destroyed = v->boolean;
    }
    return GR_OK;
}

/* Every unit placed once; every general not attached placed once. */
static gr_status check_all_placed(rd *r, const gr_jr_node *root)
{
    const gr_battle *b = &r->sc->start;
    for (int i = 0; i < b->nunits; i++)
        if (!r->unit_seen[i])
            return fail(r, root,
                        "unit \"%s\" is neither deployed nor a reinforcement; add it to "
                        "\"deploy\" or \"reinforcements\"",
                        b->units[i].id);
    for (int i = 0; i < b->nleaders; i++)
        if (b->leaders[i].attached < 0 && !r->leader_seen[i])
            return fail(r, root,
                        "leader \"%s\" is not attached and has no place; add him to \"leaders\" "
                        "or \"reinforcements\", or attach him in the order of battle",
                        b->leaders[i].id);
    return GR_OK;
}

/* ---- the whole file --------------------------------------------------------------- */

static uint64_t digest_of(const tb_scenario *sc)
{
    uint64_t h = gr_battle_hash(&sc->start);
    const unsigned char *p = (const unsigned char *)sc;
    /* not the id: the file's name (a scenario embedded in a save is read
     * under another) does not change the battle */
    size_t from = offsetof(tb_scenario, title);
    /* but the kinds added after the first saves (the linear obstacles,
     * TT_HEDGE on): what they do is the system's defaults (no file key sets
     * it), and a battle that draws one hashes it in its features, so a
     * battle without them keeps its digest */
    size_t skip = offsetof(tb_scenario, table) + offsetof(tt_table, kinds) +
                  TT_HEDGE * sizeof(tt_kind_fx),
           after = offsetof(tb_scenario, table) + offsetof(tt_table, contact);
    h = gr_fnv1a64(h, p + from, skip - from);
    /* the fields up to `start`, then the zeros that padded them up to it
     * before (the layout without those kinds: `start` 8-aligned) */
    size_t end = offsetof(tb_scenario, vp_destroyed) + sizeof sc->vp_destroyed;
    size_t old_end = end - (after - skip), align = _Alignof(gr_battle);
    static const unsigned char zeros[16];
    _Static_assert(_Alignof(gr_battle) <= sizeof zeros, "the padding fits the zeros");
    h = gr_fnv1a64(h, p + after, end - after);
    h = gr_fnv1a64(h, zeros, (align - old_end % align) % align);
    /* a join's own, after `start`: only when set, so that a battle without
     * them keeps the digest it had before they were added */
    if (sc->sys_on)
        h = gr_fnv1a64(h, p + offsetof(tb_scenario, sys_on),
                       sizeof *sc - offsetof(tb_scenario, sys_on));
    return h;
}

static gr_status read_all(rd *r, const gr_jr_node *root)
{
    tb_scenario *sc = r->sc;
    const gr_jr_node *n;
    gr_status st;
    if (root->type != GR_JR_OBJECT)
        return fail(r, root, "a battle file is a JSON object, not %s (docs/table.md)",
                    gr_jr_type_name(root->type));
    /* the keys are the format's and the system's: its join first (an
     * unknown key is refused once the type says which are known) */
    const gr_jr_node *ty = gr_jr_get(root, "type");
    if (ty && ty->type == GR_JR_STRING)
        r->j = tb_join_by_type(ty->str);
    const char *keys[64];
    size_t nk = 0;
    for (size_t i = 0; top_keys[i] && nk < 63; i++)
        keys[nk++] = top_keys[i];
    for (size_t i = 0; r->j && r->j->file_keys && r->j->file_keys[i] && nk < 63; i++)
        keys[nk++] = r->j->file_keys[i];
    keys[nk] = NULL;
    if ((st = gr_jr_only_keys(r->err, r->name, root, keys, "the battle file", "docs/table.md")) !=
        GR_OK)
        return st;
    int format;
    if ((st = need(r, root, "format", "the battle file", &n)) != GR_OK ||
        (st = get_int(r, n, "format", "the battle file", 1, 1, &format)) != GR_OK ||
        (st = need(r, root, "type", "the battle file", &n)) != GR_OK)
        return st;
    if (n->type != GR_JR_STRING || !(r->j = tb_join_by_type(n->str))) {
        char types[200];
        size_t k = 0;
        types[0] = '\0';
        for (int i = 0; tb_joins[i] && k < sizeof types; i++)
            k += (size_t)snprintf(types + k, sizeof types - k, "%s\"%s\"", i ? " or " : "",
                                  tb_joins[i]->type);
        return fail(r, n, "\"type\" must be %s (the game types of this format)", types);
    }
    if ((n = gr_jr_get(root, "notes")) && n->type != GR_JR_STRING)
        return fail(r, n, "\"notes\" must be a string, not %s", gr_jr_type_name(n->type));
    if ((n = gr_jr_get(root, "sources"))) {
        if (n->type != GR_JR_ARRAY)
            return fail(r, n, "\"sources\" must be an array of strings");
        for (const gr_jr_node *s = n->child; s; s = s->next)
            if (s->type != GR_JR_STRING)
                return fail(r, s, "each source is a string, not %s", gr_jr_type_name(s->type));
    }
    if ((st = need(r, root, "oob", "the battle file", &n)) != GR_OK ||
        (st = read_oob(r, n)) != GR_OK)
        return st;
    snprintf(sc->title, sizeof sc->title, "%s", sc->start.title);
    if ((n = gr_jr_get(root, "title")) &&
        (st = get_str(r, n, "title", "the battle file", sc->title, sizeof sc->title)) != GR_OK)
        return st;
    sc->turns = sc->start.turns;
    if ((n = gr_jr_get(root, "turns"))) {
        if ((st = get_int(r, n, "turns", "the battle file", 1, TB_MAX_TURNS, &sc->turns)) != GR_OK)
            return st;
    } else if (sc->turns < 1 || sc->turns > TB_MAX_TURNS) {
        return fail(r, root,
                    "the battle has no \"turns\" (the order of battle gives %d); add \"turns\": "
                    "1 to %d",
                    sc->turns, TB_MAX_TURNS);
    }
    sc->start.turns = sc->turns;
    if ((st = read_table(r, root)) != GR_OK || (st = read_home(r, root)) != GR_OK ||
        (st = read_bases(r, root)) != GR_OK || (st = read_terrain(r, root)) != GR_OK ||
        (st = read_deploy(r, root)) != GR_OK || (st = read_leaders(r, root)) != GR_OK ||
        (st = read_reinforcements(r, root)) != GR_OK || (st = check_all_placed(r, root)) != GR_OK ||
        (st = read_objectives(r, root)) != GR_OK || (st = read_critical(r, root)) != GR_OK ||
        (st = read_victory(r, root)) != GR_OK)
        return st;
    if (r->j->read_file && (st = r->j->read_file(root, r->name, sc, r->err)) != GR_OK)
        return st;
    /* The formations deployed replace the order of battle's: the companion's
     * setup derives what follows from them (a battery limbered). */
    for (int i = 0; i < sc->narrivals; i++)
        if (sc->arrival[i].unit >= 0)
            snprintf(sc->start.units[sc->arrival[i].unit].formation, GR_BT_ID, "%s",
                     sc->arrival[i].formation);
    gr_error e2;
    if (sc->start.rules->setup(&sc->start, &e2) != GR_OK)
        return fail(r, root, "the deployment is refused by the companion's setup: %s", e2.msg);
    return GR_OK;
}

gr_status tb_file_parse(const char *text, size_t len, const char *name, tb_scenario *sc,
                        gr_error *err)
{
    memset(sc, 0, sizeof *sc);
    gr_jr_node *root = NULL;
    gr_jr_doc *doc = gr_jr_parse(text, len, name, TB_MAX_NODES, &root, err);
    if (!doc)
        return err ? err->code : GR_EINPUT;
    rd *r = gr_calloc(1, sizeof *r);
    if (!r) {
        gr_jr_free(doc);
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory", name);
    }
    r->name = name;
    r->err = err;
    r->sc = sc;
    r->text = text;
    r->len = len;
    gr_status st = read_all(r, root);
    gr_free(r);
    gr_jr_free(doc);
    if (st != GR_OK) {
        memset(sc, 0, sizeof *sc);
        return st;
    }
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    size_t stem = strcspn(base, ".");
    snprintf(sc->id, sizeof sc->id, "%.*s", (int)(stem < sizeof sc->id ? stem : 63), base);
    sc->digest = digest_of(sc);
    return GR_OK;
}

gr_status tb_file_read(const char *path, tb_scenario *sc, gr_error *err)
{
    char *buf = NULL;
    size_t n = 0;
    gr_status st = gr_read_file(path, TB_MAX_BYTES, &buf, &n, err);
    if (st != GR_OK)
        return st;
    st = tb_file_parse(buf, n, path, sc, err);
    gr_free(buf);
    return st;
}
