/* table_cases.c - checks a rule system's tables against cases typed from the
 * seeds, cell by cell.
 *
 * usage: table_cases SYSTEM DIR
 *
 * DIR holds one file per table, TABLE.cases.  Each line is one of
 *
 *   [CELL] --input VALUE ... => RESULT [key=value ...]
 *   odds --input VALUE ... [--modifier N] => RESULT=NUM/DEN ...
 *
 * CELL is the printed cell the case reads (as the engine names it); a VALUE
 * may be a range A..B of whole numbers, and the case is checked for every
 * combination.  key=value checks a field of the lookup (value: a number,
 * null, or a string).  An odds line checks exact probabilities.  '#' starts
 * a comment.
 *
 *   effects RESULT [--input VALUE ...] => LINE ; LINE ...   (or => none)
 *
 * An effects line checks what result RESULT does, as data (effect.h): the
 * inputs pick the column when two columns print the same id.  Each LINE is
 * WHO[/ARM][?WHEN] key=value ... (WHO target, attacker or each; a value is
 * a number or the id of an enum value, as gr_fx_value_name names it); the
 * result must have exactly these lines, in this order, and every field not
 * named is 0.  Typed from the printed effect text of the seed.
 *
 * The run fails if any case fails, if a table has no case file, or if any
 * printed cell of any table has no case (so a new cell cannot go untested);
 * likewise if a rolled table carries no effects, or a result of a table
 * with effects has no effects line.
 * Expected values are typed from the seeds by hand, never generated.
 *
 * Tables that read a data file get it as the command does: the RFF fire
 * points are the shipped data/rff/fire_points.json, read by the io layer. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/grognard.h"
#include "grognard/rff_io.h"

#define MAX_TOK   48
#define MAX_CELLS 1024

static const rff_points *rff_data; /* the RFF fire points, for rff tables */

static int failures, cases;

typedef struct tok {
    char *s;
} tok;

static int split(char *line, char **out, int cap)
{
    int n = 0;
    for (char *p = strtok(line, " \t\r\n"); p && n < cap; p = strtok(NULL, " \t\r\n"))
        out[n++] = p;
    return n;
}

/* Parse "A..B" into lo, hi (whole numbers); a single value gives lo = hi = 0
 * and returns 0. */
static int range_of(const char *s, long *lo, long *hi)
{
    const char *dots = strstr(s, "..");
    if (!dots)
        return 0;
    char *end;
    *lo = strtol(s, &end, 10);
    if (end != dots)
        return 0;
    *hi = strtol(dots + 2, &end, 10);
    return *end == '\0' && *hi >= *lo;
}

typedef struct casedef {
    const gr_table *t;
    const char *file;
    int line;
    const char *cell; /* expected cell (lookup lines) */
    int is_odds;
    int modifier;
    int nargs;
    char *names[MAX_TOK];  /* param names */
    char *values[MAX_TOK]; /* textual values (may be ranges) */
    int nexpect;
    char *expect[MAX_TOK]; /* RESULT, then key=value (lookup) or id=num/den (odds) */
} casedef;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 0)))
#endif
static void
failv(const casedef *c, const char *fmt, va_list ap)
{
    failures++;
    fprintf(stderr, "FAIL %s:%d: %s [%s]: ", c->file, c->line, c->t->name,
            c->cell ? c->cell : "odds");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
fail(const casedef *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    failv(c, fmt, ap);
    va_end(ap);
}

static int field_matches(const gr_field *f, const char *want)
{
    char buf[64];
    switch (f->kind) {
    case GR_F_NULL: return !strcmp(want, "null");
    case GR_F_BOOL: return !strcmp(want, f->i ? "true" : "false");
    case GR_F_STR: return !strcmp(want, f->s);
    case GR_F_INT: snprintf(buf, sizeof buf, "%" PRId64, f->i); return !strcmp(want, buf);
    case GR_F_NUM: {
        /* compare in milli-units: want may be "2.5" */
        double w = strtod(want, NULL);
        return (int64_t)(w * GR_MILLI + (w < 0 ? -0.5 : 0.5)) == f->i;
    }
    }
    return 0;
}

static void run_one(const casedef *c, gr_args *a, const char **covered, size_t ncells,
                    const char *const *cells, char *hit)
{
    char desc[512];
    size_t len = 0;
    for (int i = 0; i < c->nargs && len < sizeof desc; i++)
        len +=
            (size_t)snprintf(desc + len, sizeof desc - len, " --%s %s", c->names[i], c->values[i]);
    (void)covered;
    gr_error err;
    gr_error_clear(&err);
    cases++;
    if (c->is_odds) {
        gr_odds o;
        if (gr_table_odds(c->t, a, c->modifier, &o, &err) != GR_OK) {
            fail(c, "odds failed: %s", err.msg);
            return;
        }
        for (int i = 0; i < c->nexpect; i++) {
            char id[64];
            uint64_t num, den;
            if (sscanf(c->expect[i], "%63[^=]=%" SCNu64 "/%" SCNu64, id, &num, &den) != 3) {
                fail(c, "bad odds expectation '%s'", c->expect[i]);
                continue;
            }
            int k = -1; /* the outcome with this id in the column the inputs select */
            for (size_t j = 0; j < c->t->noutcomes && k < 0; j++)
                if (!strcmp(c->t->outcomes[j].id, id) &&
                    (!c->t->in_column || c->t->in_column(a, (int)j)))
                    k = (int)j;
            if (k < 0) {
                fail(c, "unknown result id '%s'", id);
                continue;
            }
            if (o.w[k] * den != num * o.den) {
                char got[64];
                uint64_t g = gr_gcd(o.w[k], o.den);
                snprintf(got, sizeof got, "%" PRIu64 "/%" PRIu64, o.w[k] / g, o.den / g);
                fail(c, "odds of %s: got %s", c->expect[i], got);
            }
        }
        return;
    }
    gr_cell cell;
    memset(&cell, 0, sizeof cell);
    if (gr_args_check_required(c->t->params, c->t->nparams, a, &err) != GR_OK ||
        c->t->lookup(a, &cell, &err) != GR_OK) {
        fail(c, "lookup failed:%s: %s", desc, err.msg);
        return;
    }
    const char *got = c->t->outcomes[cell.outcome].id;
    if (strcmp(got, c->expect[0]))
        fail(c, "%s => got %s", desc, got);
    if (!cell.cell || strcmp(cell.cell, c->cell))
        fail(c, "%s read the cell [%s], not [%s]", desc, cell.cell ? cell.cell : "(none)", c->cell);
    for (int i = 1; i < c->nexpect; i++) {
        char key[64];
        const char *eq = strchr(c->expect[i], '=');
        if (!eq) {
            fail(c, "bad field expectation '%s'", c->expect[i]);
            continue;
        }
        snprintf(key, sizeof key, "%.*s", (int)(eq - c->expect[i]), c->expect[i]);
        int found = 0;
        for (int k = 0; k < cell.nfields; k++)
            if (!strcmp(cell.fields[k].key, key)) {
                found = 1;
                if (!field_matches(&cell.fields[k], eq + 1))
                    fail(c, "%s: field %s differs", desc, c->expect[i]);
            }
        if (!found)
            fail(c, "%s: no field '%s'", desc, key);
    }
    for (size_t k = 0; k < ncells; k++)
        if (cells[k] && cell.cell && !strcmp(cells[k], cell.cell) && !strcmp(cell.cell, c->cell))
            hit[k] = 1;
}

/* ---- effects lines ---------------------------------------------------------- */

static int effects_failures;

/* Parse one expected line ("target/troops?if_disordered stands=1") into e.
 * Returns 0 and prints why on a malformed line. */
static int parse_fx_line(char *text, gr_effect *e, const char *path, int lineno)
{
    char *toks[MAX_TOK];
    int n = split(text, toks, MAX_TOK);
    memset(e, 0, sizeof *e);
    if (n < 1) {
        fprintf(stderr, "FAIL %s:%d: an empty effect line\n", path, lineno);
        return 0;
    }
    char *head = toks[0], *when = strchr(head, '?');
    if (when)
        *when++ = '\0';
    char *arm = strchr(head, '/');
    if (arm)
        *arm++ = '\0';
    int ok = 0;
    for (int w = 0; w < GR_FX_WHO_COUNT; w++)
        if (!strcmp(head, gr_fx_who_name((gr_fx_who)w)))
            e->who = (gr_fx_who)w, ok = 1;
    for (int a = 0; arm && a < GR_FX_ARM_COUNT; a++)
        if (!strcmp(arm, gr_fx_arm_name((gr_fx_arm)a)))
            e->arm = (gr_fx_arm)a, ok = ok ? 2 : 0;
    if (arm && ok != 2)
        ok = 0;
    int okw = !when;
    for (int w = 0; when && w < GR_FX_WHEN_COUNT; w++)
        if (!strcmp(when, gr_fx_when_name((gr_fx_when)w)))
            e->when = (gr_fx_when)w, okw = 1;
    if (!ok || !okw) {
        fprintf(stderr, "FAIL %s:%d: bad effect party '%s%s%s%s%s'\n", path, lineno, head,
                arm ? "/" : "", arm ? arm : "", when ? "?" : "", when ? when : "");
        return 0;
    }
    signed char *fields[GR_FX_NFIELDS] = {
        &e->stands,
        &e->per_point,
        &e->beyond,
        &e->disorder,
        &e->broken,
        &e->retreat,
        &e->distance,
        &e->guns,
        &e->gun_stands_lost,
        &e->gun_stands_silenced,
        &e->limber,
        &e->charge,
        &e->position,
        &e->leader,
        &e->move,
        &e->column,
        &e->formation,
        &e->removed,
        &e->square,
        &e->fires,
        &e->fight_again,
        &e->lose_bonuses,
        &e->ammunition,
        &e->evades,
        &e->first_player,
    };
    for (int i = 1; i < n; i++) {
        char *eq = strchr(toks[i], '=');
        int k = -1;
        if (eq) {
            *eq = '\0';
            for (int f = 0; f < GR_FX_NFIELDS; f++)
                if (!strcmp(toks[i], gr_fx_field_names[f]))
                    k = f;
        }
        if (k < 0) {
            fprintf(stderr, "FAIL %s:%d: '%s' is not key=value with a known key\n", path, lineno,
                    toks[i]);
            return 0;
        }
        const char *v = eq + 1;
        int found = 0;
        for (int x = 0; x < 64 && !found; x++) {
            const char *name = gr_fx_value_name(k, x);
            if (name && !strcmp(name, v))
                *fields[k] = (signed char)x, found = 1;
        }
        if (!found) {
            char *end;
            long num = strtol(v, &end, 10);
            if (*end || end == v) {
                fprintf(stderr, "FAIL %s:%d: %s=%s: not a number nor a value of %s\n", path, lineno,
                        gr_fx_field_names[k], v, gr_fx_field_names[k]);
                return 0;
            }
            *fields[k] = (signed char)num;
        }
    }
    return 1;
}

static int fx_equal(const gr_effect *a, const gr_effect *b)
{
    if (a->who != b->who || a->arm != b->arm || a->when != b->when)
        return 0;
    for (int k = 0; k < GR_FX_NFIELDS; k++)
        if (gr_fx_field(a, k) != gr_fx_field(b, k))
            return 0;
    return 1;
}

/* Check one effects line: "effects RESULT [--in v]... => LINE ; LINE".  Marks
 * the outcome checked in fx_hit. */
static void run_effects(const gr_table *t, char *p, const char *path, int lineno, char *fx_hit)
{
    cases++;
    char *arrow = strstr(p, "=>");
    if (!arrow) {
        fprintf(stderr, "FAIL %s:%d: no '=>' in the effects case\n", path, lineno);
        failures++;
        return;
    }
    *arrow = '\0';
    char *toks[MAX_TOK];
    int n = split(p, toks, MAX_TOK);
    if (n < 1) {
        fprintf(stderr, "FAIL %s:%d: effects names no result\n", path, lineno);
        failures++;
        return;
    }
    gr_args a;
    memset(&a, 0, sizeof a);
    for (int i = 1; i + 1 < n; i += 2) {
        int k = gr_param_index(t->params, t->nparams, toks[i] + 2);
        gr_error err;
        if (strncmp(toks[i], "--", 2) || k < 0 ||
            gr_args_set(t->params, k, toks[i + 1], &a, &err)) {
            fprintf(stderr, "FAIL %s:%d: bad input %s %s\n", path, lineno, toks[i], toks[i + 1]);
            failures++;
            return;
        }
    }
    int k = -1;
    for (size_t j = 0; j < t->noutcomes && k < 0; j++)
        if (!strcmp(t->outcomes[j].id, toks[0]) && (!t->in_column || t->in_column(&a, (int)j)))
            k = (int)j;
    if (k < 0) {
        fprintf(stderr, "FAIL %s:%d: %s has no result '%s' (in that column)\n", path, lineno,
                t->name, toks[0]);
        failures++;
        return;
    }
    if (!t->effects) {
        fprintf(stderr, "FAIL %s:%d: %s carries no effects data\n", path, lineno, t->name);
        failures++;
        return;
    }
    fx_hit[k] = 1;
    const gr_effects *got = &t->effects[k];
    gr_effect want[16];
    size_t nwant = 0;
    char *rest = arrow + 2;
    while (*rest == ' ')
        rest++;
    if (strncmp(rest, "none", 4)) {
        char *save = NULL;
        for (char *l = strtok_r(rest, ";", &save); l; l = strtok_r(NULL, ";", &save)) {
            if (nwant == 16 || !parse_fx_line(l, &want[nwant], path, lineno)) {
                failures++;
                return;
            }
            nwant++;
        }
    }
    int bad = got->n != nwant;
    for (size_t i = 0; !bad && i < nwant; i++)
        bad = !fx_equal(&got->lines[i], &want[i]);
    if (bad) {
        failures++;
        effects_failures++;
        fprintf(stderr, "FAIL %s:%d: effects of %s %s: the engine has %zu line(s):\n", path, lineno,
                t->name, toks[0], got->n);
        for (size_t i = 0; i < got->n; i++) {
            char buf[512];
            gr_effect_text(&got->lines[i], "in", gr_roll_opposed(t->roll), buf, sizeof buf);
            fprintf(stderr, "    %s\n", buf);
        }
    }
}

/* Expand ranges recursively from argument i. */
static void expand(const casedef *c, int i, gr_args *a, const char *const *cells, size_t ncells,
                   char *hit)
{
    if (i == c->nargs) {
        run_one(c, a, NULL, ncells, cells, hit);
        return;
    }
    int k = gr_param_index(c->t->params, c->t->nparams, c->names[i]);
    long lo, hi;
    gr_error err;
    if (range_of(c->values[i], &lo, &hi)) {
        for (long v = lo; v <= hi; v++) {
            char buf[32];
            snprintf(buf, sizeof buf, "%ld", v);
            if (gr_args_set(c->t->params, k, buf, a, &err) != GR_OK) {
                fail(c, "bad input: %s", err.msg);
                return;
            }
            expand(c, i + 1, a, cells, ncells, hit);
        }
        a->given[k] = 0;
        return;
    }
    if (c->t->params[k].kind == GR_P_FLAG && !strcmp(c->values[i], "")) {
        a->v[k] = 1;
        a->given[k] = 1;
    } else if (gr_args_set(c->t->params, k, c->values[i], a, &err) != GR_OK) {
        fail(c, "bad input: %s", err.msg);
        return;
    }
    expand(c, i + 1, a, cells, ncells, hit);
    a->given[k] = 0;
}

static int run_file(const gr_table *t, const char *path, char *hit, const char *const *cells,
                    size_t ncells, char *fx_hit)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "FAIL %s: table '%s' has no case file (%s)\n", t->name, t->name, path);
        failures++;
        return 0;
    }
    char line[2048];
    int lineno = 0, ncase = 0;
    static char empty[] = "";
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#' || *p == '\n' || *p == '\0')
            continue;
        casedef c;
        memset(&c, 0, sizeof c);
        c.t = t;
        c.file = path;
        c.line = lineno;
        if (!strncmp(p, "effects ", 8)) {
            run_effects(t, p + 8, path, lineno, fx_hit);
            ncase++;
            continue;
        }
        if (*p == '[') {
            char *close = strchr(p, ']');
            if (!close) {
                fprintf(stderr, "FAIL %s:%d: no ']' after the cell name\n", path, lineno);
                failures++;
                continue;
            }
            *close = '\0';
            c.cell = p + 1;
            p = close + 1;
        } else if (!strncmp(p, "odds", 4)) {
            c.is_odds = 1;
            p += 4;
        } else {
            fprintf(stderr, "FAIL %s:%d: a case starts with [CELL] or 'odds'\n", path, lineno);
            failures++;
            continue;
        }
        char *arrow = strstr(p, "=>");
        if (!arrow) {
            fprintf(stderr, "FAIL %s:%d: no '=>' in the case\n", path, lineno);
            failures++;
            continue;
        }
        *arrow = '\0';
        char *toks[MAX_TOK];
        int n = split(p, toks, MAX_TOK);
        int bad = 0;
        for (int i = 0; i < n; i++) {
            if (strncmp(toks[i], "--", 2)) {
                fprintf(stderr, "FAIL %s:%d: '%s' is not an --input\n", path, lineno, toks[i]);
                bad = 1;
                break;
            }
            char *name = toks[i] + 2;
            if (c.is_odds && !strcmp(name, "modifier") && i + 1 < n) {
                c.modifier = atoi(toks[++i]);
                continue;
            }
            int k = gr_param_index(t->params, t->nparams, name);
            if (k < 0) {
                fprintf(stderr, "FAIL %s:%d: table %s has no input --%s\n", path, lineno, t->name,
                        name);
                bad = 1;
                break;
            }
            c.names[c.nargs] = name;
            if (t->params[k].kind == GR_P_FLAG)
                c.values[c.nargs++] = empty;
            else if (i + 1 < n)
                c.values[c.nargs++] = toks[++i];
            else {
                fprintf(stderr, "FAIL %s:%d: --%s has no value\n", path, lineno, name);
                bad = 1;
                break;
            }
        }
        c.nexpect = split(arrow + 2, c.expect, MAX_TOK);
        if (bad || !c.nexpect) {
            failures++;
            continue;
        }
        gr_args a;
        memset(&a, 0, sizeof a);
        if (rff_data)
            rff_args_set_points(&a, rff_data);
        expand(&c, 0, &a, cells, ncells, hit);
        ncase++;
    }
    fclose(f);
    return ncase;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: table_cases SYSTEM DIR\n");
        return 2;
    }
    const gr_system *s = gr_system_find(argv[1]);
    if (!s) {
        fprintf(stderr, "unknown system %s\n", argv[1]);
        return 2;
    }
    static rff_points shipped;
    if (!strcmp(s->id, "rff")) {
        gr_error err;
        if (rff_points_load(NULL, &shipped, &err) != GR_OK) {
            fprintf(stderr, "FAIL the shipped fire-points file: %s\n", err.msg);
            return 1;
        }
        rff_data = &shipped;
    }
    int total_cells = 0, total_hit = 0;
    for (size_t i = 0; i < s->ntables; i++) {
        const gr_table *t = s->tables[i];
        static const char *cells[MAX_CELLS];
        static char hit[MAX_CELLS];
        size_t ncells = t->cells(cells, MAX_CELLS);
        if (ncells > MAX_CELLS) {
            fprintf(stderr, "FAIL %s: %zu cells, more than %d\n", t->name, ncells, MAX_CELLS);
            failures++;
            continue;
        }
        memset(hit, 0, sizeof hit);
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.cases", argv[2], t->name);
        int before = cases;
        static char fx_hit[GR_MAX_OUTCOMES];
        memset(fx_hit, 0, sizeof fx_hit);
        run_file(t, path, hit, cells, ncells, fx_hit);
        /* R&E's dice results are applied by its game engine (src/engine), the
         * one system that the companion does not cover. */
        if (t->roll != GR_ROLL_NONE && !t->effects && strcmp(s->id, "re")) {
            fprintf(stderr, "FAIL %s %s: a rolled table without its effects as data\n", s->id,
                    t->name);
            failures++;
        }
        /* every line names its party, arm, condition and enum values, and
         * reads as an instruction with no unknown ('?') part */
        for (size_t k = 0; t->effects && k < t->noutcomes; k++)
            for (size_t l = 0; l < t->effects[k].n; l++) {
                const gr_effect *e = &t->effects[k].lines[l];
                int bad =
                    !gr_fx_who_name(e->who) || !gr_fx_arm_name(e->arm) || !gr_fx_when_name(e->when);
                static const char *const enums[] = {"disorder", "retreat", "guns", "charge",
                                                    "position", "leader",  "move", "column"};
                for (int f = 0; f < GR_FX_NFIELDS; f++)
                    for (size_t x = 0; x < GR_COUNT(enums); x++)
                        if (!strcmp(gr_fx_field_names[f], enums[x]) &&
                            !gr_fx_value_name(f, gr_fx_field(e, f)))
                            bad = 1;
                char text[512];
                gr_effect_text(e, s->length_unit, gr_roll_opposed(t->roll), text, sizeof text);
                if (bad || strchr(text, '?')) {
                    fprintf(stderr, "FAIL %s %s: result %s, effect line %zu is malformed: %s\n",
                            s->id, t->name, t->outcomes[k].id, l + 1, text);
                    failures++;
                }
            }
        for (size_t k = 0; t->effects && k < t->noutcomes; k++)
            if (!fx_hit[k]) {
                fprintf(stderr, "FAIL %s %s: result %s (%s) has no effects case\n", s->id, t->name,
                        t->outcomes[k].id, t->outcomes[k].label);
                failures++;
            }
        int nhit = 0;
        for (size_t k = 0; k < ncells; k++) {
            if (hit[k])
                nhit++;
            else {
                fprintf(stderr, "FAIL %s %s: printed cell [%s] has no case\n", s->id, t->name,
                        cells[k]);
                failures++;
            }
        }
        printf("%s %-18s %5d checks, %3d/%-3zu cells covered\n", s->id, t->name, cases - before,
               nhit, ncells);
        total_cells += (int)ncells;
        total_hit += nhit;
    }
    printf("%s: %d checks, %d/%d cells covered, %d failures\n", s->id, cases, total_hit,
           total_cells, failures);
    return failures ? 1 : 0;
}
