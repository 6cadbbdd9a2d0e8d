/* bt_oob.c - read an order of battle (format 1, docs/oob.md) into the start
 * of a battle (oob.h). */
#include "grognard/file_io.h"
#include "grognard/oob.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/alloc.h"
#include "grognard/json_reader.h"

/* Nodes an order of battle may hold: 128 units and 64 leaders of about 20
 * values each, with room for sources and notes. */
#define OOB_MAX_NODES 20000

typedef struct ob {
    const char *name;
    gr_error *err;
    gr_battle *b;
} ob;

/* "NAME:LINE:COL: what" at the node `at` (gr_jr_fail). */
#define ob_fail(o, at, ...) gr_jr_fail((o)->err, (o)->name, (at), __VA_ARGS__)
/* The member `key` of obj: required (missing: refused at the object) or
 * optional (NULL when absent). */
static gr_status member(ob *o, const gr_jr_node *obj, const char *key, const char *what,
                        int required, const gr_jr_node **out)
{
    *out = gr_jr_get(obj, key);
    if (!*out && required)
        return ob_fail(o, obj, "%s has no \"%s\"; add it (docs/oob.md)", what, key);
    return GR_OK;
}

/* An integer member in [lo, hi]; absent: *v = dflt unless required. */
static gr_status get_int(ob *o, const gr_jr_node *obj, const char *key, const char *what,
                         int required, int lo, int hi, int dflt, int *v)
{
    const gr_jr_node *n;
    gr_status st = member(o, obj, key, what, required, &n);
    if (st != GR_OK)
        return st;
    if (!n) {
        *v = dflt;
        return GR_OK;
    }
    if (n->type != GR_JR_NUMBER || !n->is_int || n->ival < lo || n->ival > hi)
        return ob_fail(o, n, "\"%s\" of %s must be a whole number from %d to %d", key, what, lo,
                       hi);
    *v = (int)n->ival;
    return GR_OK;
}

/* A string member copied into buf (cap bytes, NUL included); absent: "".
 * `id`: a non-empty id of letters, digits, '_', '-' or '.'. */
static gr_status get_str(ob *o, const gr_jr_node *obj, const char *key, const char *what,
                         int required, int id, char *buf, size_t cap)
{
    const gr_jr_node *n;
    gr_status st = member(o, obj, key, what, required, &n);
    buf[0] = '\0';
    if (st != GR_OK || !n)
        return st;
    if (n->type != GR_JR_STRING)
        return ob_fail(o, n, "\"%s\" of %s must be a string, not %s", key, what,
                       gr_jr_type_name(n->type));
    if (n->len >= cap)
        return ob_fail(o, n, "\"%s\" of %s is %zu bytes long; at most %zu are kept, shorten it",
                       key, what, n->len, cap - 1);
    if (strlen(n->str) != n->len)
        return ob_fail(o, n, "\"%s\" of %s holds a NUL character; remove it", key, what);
    if (id) {
        if (required && n->len == 0)
            return ob_fail(o, n, "\"%s\" of %s is empty; give an id", key, what);
        for (const char *c = n->str; *c; c++)
            if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                  (*c >= '0' && *c <= '9') || *c == '_' || *c == '-' || *c == '.'))
                return ob_fail(o, n,
                               "\"%s\" of %s is \"%s\"; an id holds only letters, digits, '_', "
                               "'-' and '.'",
                               key, what, n->str);
    }
    memcpy(buf, n->str, n->len + 1);
    return GR_OK;
}

/* A member naming a leader or unit by id, or null / absent: the node in
 * *ref (NULL for none). */
static gr_status get_ref(ob *o, const gr_jr_node *obj, const char *key, const char *what,
                         const gr_jr_node **ref)
{
    const gr_jr_node *n = gr_jr_get(obj, key);
    *ref = NULL;
    if (!n || n->type == GR_JR_NULL)
        return GR_OK;
    if (n->type != GR_JR_STRING || n->len == 0)
        return ob_fail(o, n, "\"%s\" of %s must be an id (a string) or null, not %s", key, what,
                       n->type == GR_JR_STRING ? "an empty string" : gr_jr_type_name(n->type));
    *ref = n;
    return GR_OK;
}

static const char *const top_keys[] = {"format", "system", "title", "date",    "sources", "notes",
                                       "turns",  "first",  "sides", "leaders", "units",   NULL};
static const char *const side_keys[] = {"name", NULL};
static const char *const leader_keys[] = {"id",   "name",   "side",     "role", "rating",
                                          "kind", "parent", "attached", NULL};
static const char *const unit_keys[] = {"id",     "name",    "side",      "leader", "arm",
                                        "stands", "quality", "formation", "nation", "weapon",
                                        "kind",   "flags",   "worn",      "spent",  NULL};
static const char *const roles[] = {"army", "corps", "division", "brigade", NULL};
static const char *const arms[GR_BT_ARM_COUNT + 1] = {"infantry", "cavalry", "artillery", NULL};

static gr_status array_of(ob *o, const gr_jr_node *root, const char *key, int required,
                          const gr_jr_node **arr)
{
    gr_status st = member(o, root, key, "the order of battle", required, arr);
    if (st != GR_OK || !*arr)
        return st;
    if ((*arr)->type != GR_JR_ARRAY)
        return ob_fail(o, *arr, "\"%s\" must be an array, not %s", key,
                       gr_jr_type_name((*arr)->type));
    return GR_OK;
}

static gr_status read_header(ob *o, const gr_jr_node *root, const gr_battle_rules *rules,
                             const gr_battle_rules **found)
{
    gr_battle *b = o->b;
    gr_status st;
    const char *what = "the order of battle";
    if (root->type != GR_JR_OBJECT)
        return ob_fail(o, root, "an order of battle is a JSON object, not %s (docs/oob.md)",
                       gr_jr_type_name(root->type));
    if ((st = gr_jr_only_keys(o->err, o->name, root, top_keys, what, "docs/oob.md")) != GR_OK)
        return st;
    int format;
    if ((st = get_int(o, root, "format", what, 1, 1, 1, 1, &format)) != GR_OK)
        return st;
    const gr_jr_node *sys;
    if ((st = member(o, root, "system", what, 1, &sys)) != GR_OK)
        return st;
    char kept[200];
    const char *list = gr_battle_systems(", ", kept, sizeof kept);
    if (sys->type != GR_JR_STRING)
        return ob_fail(o, sys, "\"system\" must be a string; accepted: %s", list);
    if (rules) {
        if (strcmp(sys->str, rules->system) != 0)
            return ob_fail(o, sys,
                           "\"system\" is \"%s\", but the battle is started as %s; write "
                           "\"%s\" or start it as the file's system (systems kept: %s)",
                           sys->str, rules->system, rules->system, list);
        *found = rules;
    } else if (!(*found = gr_battle_rules_find(sys->str))) {
        char sb[48];
        return ob_fail(o, sys, "unknown system \"%s\"; accepted: %s",
                       gr_jr_printable(sys->str, 40, sb, sizeof sb), list);
    }
    if (strlen(sys->str) >= sizeof b->system)
        return ob_fail(o, sys, "system id too long");
    memcpy(b->system, sys->str, strlen(sys->str) + 1);
    if ((st = get_str(o, root, "title", what, 0, 0, b->title, sizeof b->title)) != GR_OK)
        return st;
    if ((st = get_str(o, root, "date", what, 0, 0, b->date, sizeof b->date)) != GR_OK)
        return st;
    const char *d = b->date;
    int year_ok = 1;
    for (int i = 0; i < 4; i++)
        year_ok &= d[i] >= '0' && d[i] <= '9';
    if (d[0] && (!year_ok || (d[4] && d[4] != '-')))
        return ob_fail(o, gr_jr_get(root, "date"),
                       "\"date\" is \"%s\"; write it YYYY-MM-DD (\"1805-12-02\") or YYYY", d);
    const gr_jr_node *n = gr_jr_get(root, "notes");
    if (n && n->type != GR_JR_STRING)
        return ob_fail(o, n, "\"notes\" must be a string, not %s", gr_jr_type_name(n->type));
    const gr_jr_node *src;
    if ((st = array_of(o, root, "sources", 0, &src)) != GR_OK)
        return st;
    for (const gr_jr_node *s = src ? src->child : NULL; s; s = s->next)
        if (s->type != GR_JR_STRING)
            return ob_fail(o, s,
                           "each source is a string (author, title, publisher, year, "
                           "pages), not %s",
                           gr_jr_type_name(s->type));
    if ((st = get_int(o, root, "turns", what, 0, 0, 999, 0, &b->turns)) != GR_OK ||
        (st = get_int(o, root, "first", what, 0, 0, 1, 0, &b->first)) != GR_OK)
        return st;
    const gr_jr_node *sides;
    if ((st = array_of(o, root, "sides", 1, &sides)) != GR_OK)
        return st;
    if (sides->len != 2)
        return ob_fail(o, sides,
                       "\"sides\" has %zu entries; a battle has exactly 2, "
                       "[{\"name\": ...}, {\"name\": ...}]",
                       sides->len);
    int k = 0;
    for (const gr_jr_node *s = sides->child; s; s = s->next, k++) {
        if (s->type != GR_JR_OBJECT)
            return ob_fail(o, s, "a side is an object {\"name\": ...}, not %s",
                           gr_jr_type_name(s->type));
        if ((st = gr_jr_only_keys(o->err, o->name, s, side_keys, "a side", "docs/oob.md")) !=
                GR_OK ||
            (st = get_str(o, s, "name", "a side", 1, 0, b->side_name[k], sizeof b->side_name[k])) !=
                GR_OK)
            return st;
        if (!b->side_name[k][0])
            return ob_fail(o, gr_jr_get(s, "name"), "a side's name is empty; name it");
    }
    return GR_OK;
}

/* A member that is one of the NULL-terminated names: its index in *out. */
static gr_status read_choice(ob *o, const gr_jr_node *obj, const char *key, const char *what,
                             const char *const *names, int *out)
{
    const gr_jr_node *n;
    gr_status st = member(o, obj, key, what, 1, &n);
    if (st != GR_OK)
        return st;
    if (n->type == GR_JR_STRING && (*out = gr_bt_word(names, n->str)) >= 0)
        return GR_OK;
    char list[120], vb[48];
    gr_bt_words(names, list, sizeof list);
    return ob_fail(o, n, "\"%s\" of %s is %s%s%s; accepted: %s", key, what,
                   n->type == GR_JR_STRING ? "\"" : "",
                   n->type == GR_JR_STRING ? gr_jr_printable(n->str, 40, vb, sizeof vb)
                                           : gr_jr_type_name(n->type),
                   n->type == GR_JR_STRING ? "\"" : "", list);
}

/* The leaders, their references kept in parent_at / attached_at until the
 * units are read. */
static gr_status read_leaders(ob *o, const gr_jr_node *arr, const gr_jr_node **parent_at,
                              const gr_jr_node **attached_at)
{
    gr_battle *b = o->b;
    gr_status st;
    if (arr->len > GR_BT_MAX_LEADERS)
        return ob_fail(o, arr, "%zu leaders; a battle keeps at most %d", arr->len,
                       GR_BT_MAX_LEADERS);
    for (const gr_jr_node *e = arr->child; e; e = e->next) {
        if (e->type != GR_JR_OBJECT)
            return ob_fail(o, e, "a leader is an object, not %s", gr_jr_type_name(e->type));
        int i = b->nleaders;
        gr_bt_leader *l = &b->leaders[i];
        char what[80];
        const gr_jr_node *idn = gr_jr_get(e, "id");
        snprintf(what, sizeof what, "leader %d", i + 1);
        if ((st = gr_jr_only_keys(o->err, o->name, e, leader_keys, what, "docs/oob.md")) != GR_OK ||
            (st = get_str(o, e, "id", what, 1, 1, l->id, sizeof l->id)) != GR_OK)
            return st;
        snprintf(what, sizeof what, "leader \"%s\"", l->id);
        if (gr_battle_leader(b, l->id) >= 0)
            return ob_fail(o, idn,
                           "duplicate leader id \"%s\" (leader %d has it); give each "
                           "leader its own id",
                           l->id, gr_battle_leader(b, l->id) + 1);
        int role = 0;
        if ((st = get_str(o, e, "name", what, 1, 0, l->name, sizeof l->name)) != GR_OK ||
            (st = get_int(o, e, "side", what, 1, 0, 1, 0, &l->side)) != GR_OK ||
            (st = read_choice(o, e, "role", what, roles, &role)) != GR_OK ||
            (st = get_str(o, e, "rating", what, 0, 1, l->rating, sizeof l->rating)) != GR_OK ||
            (st = get_str(o, e, "kind", what, 0, 1, l->kind, sizeof l->kind)) != GR_OK ||
            (st = get_ref(o, e, "parent", what, &parent_at[i])) != GR_OK ||
            (st = get_ref(o, e, "attached", what, &attached_at[i])) != GR_OK)
            return st;
        snprintf(l->role, sizeof l->role, "%s", roles[role]);
        l->parent = -1;
        l->attached = -1;
        l->status = GR_BT_ACTIVE;
        l->back_turn = 0;
        l->line = e->line;
        l->col = e->col;
        b->nleaders++;
    }
    return GR_OK;
}

static gr_status read_units(ob *o, const gr_jr_node *arr)
{
    gr_battle *b = o->b;
    gr_status st;
    if (arr->len == 0)
        return ob_fail(o, arr, "\"units\" is empty; a battle needs units");
    if (arr->len > GR_BT_MAX_UNITS)
        return ob_fail(o, arr, "%zu units; a battle keeps at most %d", arr->len, GR_BT_MAX_UNITS);
    for (const gr_jr_node *e = arr->child; e; e = e->next) {
        if (e->type != GR_JR_OBJECT)
            return ob_fail(o, e, "a unit is an object, not %s", gr_jr_type_name(e->type));
        int i = b->nunits;
        gr_bt_unit *u = &b->units[i];
        char what[80];
        snprintf(what, sizeof what, "unit %d", i + 1);
        const gr_jr_node *idn = gr_jr_get(e, "id");
        if ((st = gr_jr_only_keys(o->err, o->name, e, unit_keys, what, "docs/oob.md")) != GR_OK ||
            (st = get_str(o, e, "id", what, 1, 1, u->id, sizeof u->id)) != GR_OK)
            return st;
        snprintf(what, sizeof what, "unit \"%s\"", u->id);
        if (gr_battle_unit(b, u->id) >= 0)
            return ob_fail(o, idn,
                           "duplicate unit id \"%s\" (unit %d has it); give each unit "
                           "its own id",
                           u->id, gr_battle_unit(b, u->id) + 1);
        int arm = 0;
        const gr_jr_node *lref;
        if ((st = get_str(o, e, "name", what, 1, 0, u->name, sizeof u->name)) != GR_OK ||
            (st = get_int(o, e, "side", what, 1, 0, 1, 0, &u->side)) != GR_OK ||
            (st = get_ref(o, e, "leader", what, &lref)) != GR_OK ||
            (st = read_choice(o, e, "arm", what, arms, &arm)) != GR_OK ||
            (st = get_int(o, e, "stands", what, 1, 1, GR_OOB_MAX_STANDS, 0, &u->stands)) != GR_OK ||
            (st = get_str(o, e, "quality", what, 0, 1, u->quality, sizeof u->quality)) != GR_OK ||
            (st = get_str(o, e, "formation", what, 0, 1, u->formation, sizeof u->formation)) !=
                GR_OK ||
            (st = get_str(o, e, "nation", what, 0, 1, u->nation, sizeof u->nation)) != GR_OK ||
            (st = get_str(o, e, "weapon", what, 0, 1, u->weapon, sizeof u->weapon)) != GR_OK ||
            (st = get_str(o, e, "kind", what, 0, 1, u->kind, sizeof u->kind)) != GR_OK ||
            (st = get_int(o, e, "worn", what, 0, -1, GR_OOB_MAX_STANDS, GR_BT_UNSET,
                          &u->worn_at)) != GR_OK ||
            (st = get_int(o, e, "spent", what, 0, -1, GR_OOB_MAX_STANDS, GR_BT_UNSET,
                          &u->spent_at)) != GR_OK)
            return st;
        u->arm = (gr_bt_arm)arm;
        if (u->worn_at > 0 && u->spent_at > 0 && u->spent_at < u->worn_at)
            return ob_fail(o, gr_jr_get(e, "spent"),
                           "%s is spent at %d stands lost but worn only at %d; spent comes at "
                           "or after worn",
                           what, u->spent_at, u->worn_at);
        const gr_jr_node *fl = gr_jr_get(e, "flags");
        if (fl) {
            if (fl->type != GR_JR_ARRAY)
                return ob_fail(o, fl, "\"flags\" of %s must be an array of ids, not %s", what,
                               gr_jr_type_name(fl->type));
            if (fl->len > GR_BT_MAX_FLAGS)
                return ob_fail(o, fl, "%s has %zu flags; at most %d", what, fl->len,
                               GR_BT_MAX_FLAGS);
            for (const gr_jr_node *f = fl->child; f; f = f->next) {
                if (f->type != GR_JR_STRING || f->len == 0 || f->len >= GR_BT_ID)
                    return ob_fail(o, f,
                                   "a flag of %s must be a non-empty id of at most %d "
                                   "characters",
                                   what, GR_BT_ID - 1);
                for (int k = 0; k < u->nflags; k++)
                    if (strcmp(u->flags[k], f->str) == 0)
                        return ob_fail(o, f, "flag \"%s\" of %s is given twice; give it once",
                                       f->str, what);
                memcpy(u->flags[u->nflags++], f->str, f->len + 1);
            }
        }
        u->leader = -1;
        if (lref) {
            u->leader = gr_battle_leader(b, lref->str);
            char rb[48];
            if (u->leader < 0)
                return ob_fail(o, lref,
                               "%s names leader \"%s\", who is not in \"leaders\"; "
                               "give a leader's id or null",
                               what, gr_jr_printable(lref->str, 40, rb, sizeof rb));
            if (b->leaders[u->leader].side != u->side)
                return ob_fail(o, lref,
                               "%s (side %d) is led by \"%s\" of side %d; a unit's "
                               "leader is of its own side",
                               what, u->side, lref->str, b->leaders[u->leader].side);
        }
        u->condition = GR_BT_FRESH;
        u->line = e->line;
        u->col = e->col;
        b->nunits++;
    }
    return GR_OK;
}

/* parent and attached ids to indices: a parent of the same side, no cycle;
 * a unit of the same side, one leader per unit. */
static gr_status link_leaders(ob *o, const gr_jr_node **parent_at, const gr_jr_node **attached_at)
{
    gr_battle *b = o->b;
    char rb[48];
    for (int i = 0; i < b->nleaders; i++) {
        gr_bt_leader *l = &b->leaders[i];
        if (parent_at[i]) {
            int p = gr_battle_leader(b, parent_at[i]->str);
            if (p < 0)
                return ob_fail(o, parent_at[i],
                               "leader \"%s\" names parent \"%s\", who is not "
                               "in \"leaders\"; give a leader's id or null",
                               l->id, gr_jr_printable(parent_at[i]->str, 40, rb, sizeof rb));
            if (p == i)
                return ob_fail(o, parent_at[i],
                               "leader \"%s\" is his own parent; give his "
                               "commander's id or null",
                               l->id);
            if (b->leaders[p].side != l->side)
                return ob_fail(o, parent_at[i],
                               "leader \"%s\" (side %d) has parent \"%s\" of "
                               "side %d; a commander is of his own side",
                               l->id, l->side, b->leaders[p].id, b->leaders[p].side);
            l->parent = p;
        }
        if (attached_at[i]) {
            int u = gr_battle_unit(b, attached_at[i]->str);
            if (u < 0)
                return ob_fail(o, attached_at[i],
                               "leader \"%s\" is attached to \"%s\", which is "
                               "not in \"units\"; give a unit's id or null",
                               l->id, gr_jr_printable(attached_at[i]->str, 40, rb, sizeof rb));
            if (b->units[u].side != l->side)
                return ob_fail(o, attached_at[i],
                               "leader \"%s\" (side %d) is attached to unit "
                               "\"%s\" of side %d; attach him to his own side",
                               l->id, l->side, b->units[u].id, b->units[u].side);
            for (int k = 0; k < i; k++)
                if (b->leaders[k].attached == u)
                    return ob_fail(o, attached_at[i],
                                   "leader \"%s\" is attached to unit \"%s\", "
                                   "as \"%s\" already is; one leader per unit",
                                   l->id, b->units[u].id, b->leaders[k].id);
            l->attached = u;
        }
    }
    /* no cycle: following parents from any leader ends within nleaders steps */
    for (int i = 0; i < b->nleaders; i++) {
        int p = b->leaders[i].parent, steps = 0;
        while (p >= 0 && steps <= b->nleaders) {
            p = b->leaders[p].parent;
            steps++;
        }
        if (p >= 0)
            return ob_fail(o, parent_at[i],
                           "leader \"%s\": the chain of parents comes back to "
                           "itself; a commander cannot serve under his own "
                           "subordinate",
                           b->leaders[i].id);
    }
    return GR_OK;
}

gr_status gr_oob_parse(const char *text, size_t len, const char *name, const gr_battle_rules *rules,
                       uint64_t seed, gr_battle *b, gr_error *err)
{
    memset(b, 0, sizeof *b);
    gr_jr_node *root = NULL;
    gr_jr_doc *doc = gr_jr_parse(text, len, name, OOB_MAX_NODES, &root, err);
    if (!doc)
        return err ? err->code : GR_EINPUT;
    ob o = {name, err, b};
    const gr_jr_node **refs = gr_calloc(2 * GR_BT_MAX_LEADERS, sizeof *refs);
    if (!refs) {
        gr_jr_free(doc);
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory", name);
    }
    const gr_battle_rules *found = NULL;
    const gr_jr_node *leaders = NULL, *units = NULL;
    gr_status st = read_header(&o, root, rules, &found);
    if (st == GR_OK)
        st = array_of(&o, root, "leaders", 1, &leaders);
    if (st == GR_OK)
        st = array_of(&o, root, "units", 1, &units);
    if (st == GR_OK)
        st = read_leaders(&o, leaders, refs, refs + GR_BT_MAX_LEADERS);
    if (st == GR_OK)
        st = read_units(&o, units);
    if (st == GR_OK)
        st = link_leaders(&o, refs, refs + GR_BT_MAX_LEADERS);
    gr_free(refs);
    gr_jr_free(doc);
    if (st != GR_OK)
        return st;
    b->rules = found;
    b->seed = seed;
    st = found->setup(b, err);
    if (st != GR_OK) {
        if (err && strncmp(err->msg, name, strlen(name)) != 0) {
            char msg[GR_ERROR_MSG];
            memcpy(msg, err->msg, sizeof msg);
            msg[sizeof msg - 1] = '\0';
            int pos = msg[0] >= '0' && msg[0] <= '9';
            size_t n = (size_t)snprintf(err->msg, sizeof err->msg, "%s:%s", name, pos ? "" : " ");
            if (n < sizeof err->msg) {
                size_t room = sizeof err->msg - 1 - n, ml = strlen(msg);
                memcpy(err->msg + n, msg, ml < room ? ml : room);
                err->msg[n + (ml < room ? ml : room)] = '\0';
            }
        }
        return st;
    }
    gr_battle_begin(b);
    return GR_OK;
}

gr_status gr_oob_read(const char *path, const gr_battle_rules *rules, uint64_t seed, gr_battle *b,
                      char **text, size_t *len, gr_error *err)
{
    char *buf = NULL;
    size_t n = 0;
    if (text)
        *text = NULL;
    gr_status st = gr_read_file(path, GR_OOB_MAX_BYTES, &buf, &n, err);
    if (st != GR_OK)
        return st;
    st = gr_oob_parse(buf, n, path, rules, seed, b, err);
    if (st == GR_OK && text) {
        *text = buf;
        if (len)
            *len = n;
    } else {
        gr_free(buf);
    }
    return st;
}
