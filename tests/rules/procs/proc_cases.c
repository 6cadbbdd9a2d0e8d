/* proc_cases.c - checks a rule system's procedures (`grognard resolve`)
 * against situations worked by hand from the seeds, and that every printed
 * modifier line of the system has such a case.
 *
 * usage: proc_cases SYSTEM DIR
 *
 * DIR holds PROC.cases for the procedures that have cases.  Each line is
 *
 *   [LABEL] --input VALUE ... [--roll F,F,...] => RESULT [score=N] MOD ...
 *
 * The situation is resolved with the typed faces; RESULT is the result id
 * of the resolution (the last round read on its first table, as the JSON
 * gives it); score=N the modified total (or difference) read on it.  Each
 * MOD names one printed modifier line the situation applies:
 *
 *   TABLE:CHOICE        the line of a modifier table read with its first
 *                       input set to CHOICE ("fire_drm:target_moving")
 *   TABLE:p=v,p=v       the line read with these inputs
 *                       ("melee_national:nation=france,formation=column")
 *   unlisted            a modifier that is no line of a modifier table (a
 *                       scenario's cover, a cap on the sum printed as a rule)
 *
 * followed by an optional @V (the value applied, when it is not the line's
 * printed value: a line counted per stand lost, a cap) and an optional !
 * (listed for the record but not counted).  The line's printed text and
 * value come from the modifier table (checked cell by cell against the
 * seeds by table_cases); the resolution must list a modifier with that text
 * and value (a multiplier: num/den).  Every applied modifier of the
 * resolution must be named: a case states the whole situation.
 *
 * The run fails if a case fails, or if a printed line of any modifier table
 * of the system (a table whose result is "modifier" or "multiplier", or
 * carries a field "modifier") is named by no case.  Expected values are worked by hand, never
 * generated. */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/grognard.h"
#include "grognard/rff_io.h"

#define MAX_TOK   64
#define MAX_CELLS 1024

static int failures, cases;
static const rff_points *rff_data;

typedef struct modtab {
    const gr_table *t;
    size_t ncells;
    const char *cells[MAX_CELLS];
    char hit[MAX_CELLS];
} modtab;

static modtab tabs[32];
static size_t ntabs;

/* A list of printed modifier lines: a table read without a die whose
 * result is "modifier" or "multiplier", or whose result carries a field
 * "modifier" (the NF commanders' quality chart: range and modifier; probed
 * with the first choice of its first input). */
static int is_modifier_table(const gr_table *t)
{
    if (t->roll != GR_ROLL_NONE || t->noutcomes < 1)
        return 0;
    if (!strcmp(t->outcomes[0].id, "modifier") || !strcmp(t->outcomes[0].id, "multiplier"))
        return 1;
    if (t->nparams < 1 || t->params[0].kind != GR_P_ENUM)
        return 0;
    gr_args a;
    memset(&a, 0, sizeof a);
    a.given[0] = 1; /* v[0] = 0: the first choice */
    gr_cell c;
    memset(&c, 0, sizeof c);
    gr_error err;
    if (gr_args_check_required(t->params, t->nparams, &a, &err) != GR_OK ||
        t->lookup(&a, &c, &err) != GR_OK)
        return 0;
    for (int i = 0; i < c.nfields; i++)
        if (!strcmp(c.fields[i].key, "modifier"))
            return 1;
    return 0;
}

static modtab *modtab_find(const char *name)
{
    for (size_t i = 0; i < ntabs; i++)
        if (!strcmp(tabs[i].t->name, name))
            return &tabs[i];
    return NULL;
}

/* Is `text` the printed line of any modifier table? */
static int is_printed_line(const char *text)
{
    for (size_t i = 0; i < ntabs; i++)
        for (size_t k = 0; k < tabs[i].ncells; k++)
            if (tabs[i].cells[k] && !strcmp(tabs[i].cells[k], text))
                return 1;
    return 0;
}

/* Does a modifier's reason name the printed line `cell`: the line itself,
 * a sentence quoting it (printed "LINE"),
 * or one of the causes it lists ("tir sur tirailleurs" of "x 1/2 Tir en
 * désordre, batterie endommagée, tir sur tirailleurs."), ASCII case aside? */
static int names_line(const char *reason, const char *cell)
{
    if (!strcmp(reason, cell))
        return 1;
    /* a sentence that quotes the printed line: 'base die modifier for 9 to 11
     * fire points (printed "+1 9 - 11 pts")' */
    const char *q = strstr(reason, "(printed \"");
    if (q) {
        q += strlen("(printed \"");
        size_t m = strlen(cell);
        if (!strncmp(q, cell, m) && !strcmp(q + m, "\")"))
            return 1;
    }
    size_t n = strlen(reason), m = strlen(cell);
    for (size_t i = 0; n && i + n <= m; i++) {
        size_t k = 0;
        while (k < n && tolower((unsigned char)cell[i + k]) == tolower((unsigned char)reason[k]))
            k++;
        if (k == n)
            return 1;
    }
    return 0;
}

static int split(char *line, char **out, int cap)
{
    int n = 0;
    for (char *p = strtok(line, " \t\r\n"); p && n < cap; p = strtok(NULL, " \t\r\n"))
        out[n++] = p;
    return n;
}

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        failures++;                                                                                \
        fprintf(stderr, "FAIL %s:%d: ", path, lineno);                                             \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fputc('\n', stderr);                                                                       \
    } while (0)

/* Read the modifier line `ref` ("fire_drm:target_moving" or
 * "melee_national:nation=france,formation=column") into its cell text and
 * value (num/den for a multiplier; den 0 for a DRM).  0 on failure. */
static int read_line(char *ref, const char *path, int lineno, modtab **mt, const char **cell,
                     int *value, int *num, int *den)
{
    char *colon = strchr(ref, ':');
    if (!colon) {
        FAIL("'%s' is not TABLE:CHOICE", ref);
        return 0;
    }
    *colon = '\0';
    *mt = modtab_find(ref);
    if (!*mt) {
        FAIL("'%s' is not a modifier table of this system", ref);
        return 0;
    }
    const gr_table *t = (*mt)->t;
    gr_args a;
    memset(&a, 0, sizeof a);
    gr_error err;
    gr_error_clear(&err);
    char *spec = colon + 1;
    if (!strchr(spec, '=')) {
        if (gr_args_set(t->params, 0, spec, &a, &err) != GR_OK) {
            FAIL("%s: %s", t->name, err.msg);
            return 0;
        }
    } else {
        char *save = NULL;
        for (char *kv = strtok_r(spec, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
            char *eq = strchr(kv, '=');
            if (!eq) {
                FAIL("%s: '%s' is not input=value", t->name, kv);
                return 0;
            }
            *eq = '\0';
            int k = gr_param_index(t->params, t->nparams, kv);
            if (k < 0) {
                FAIL("%s has no input %s", t->name, kv);
                return 0;
            }
            if (t->params[k].kind == GR_P_FLAG) {
                a.v[k] = !strcmp(eq + 1, "true") || !strcmp(eq + 1, "1");
                a.given[k] = 1;
            } else if (gr_args_set(t->params, k, eq + 1, &a, &err) != GR_OK) {
                FAIL("%s: %s", t->name, err.msg);
                return 0;
            }
        }
    }
    gr_cell c;
    memset(&c, 0, sizeof c);
    if (gr_args_check_required(t->params, t->nparams, &a, &err) != GR_OK ||
        t->lookup(&a, &c, &err) != GR_OK) {
        FAIL("%s: %s", t->name, err.msg);
        return 0;
    }
    *cell = c.cell;
    *value = 0;
    *num = *den = 0;
    for (int i = 0; i < c.nfields; i++) {
        if (!strcmp(c.fields[i].key, "modifier"))
            *value = (int)c.fields[i].i;
        if (!strcmp(c.fields[i].key, "num"))
            *num = (int)c.fields[i].i;
        if (!strcmp(c.fields[i].key, "den"))
            *den = (int)c.fields[i].i;
    }
    return 1;
}

static void run_case(const gr_system *s, const gr_procedure *p, char *line, const char *path,
                     int lineno)
{
    char *close = strchr(line, ']');
    char *arrow = strstr(line, "=>");
    if (line[0] != '[' || !close || !arrow || arrow < close) {
        FAIL("a case is [LABEL] --input VALUE ... => RESULT ...");
        return;
    }
    *arrow = '\0';
    cases++;
    char *toks[MAX_TOK];
    int n = split(close + 1, toks, MAX_TOK);
    gr_args a;
    memset(&a, 0, sizeof a);
    if (rff_data)
        rff_args_set_points(&a, rff_data);
    gr_dice_source d;
    memset(&d, 0, sizeof d);
    gr_error err;
    gr_error_clear(&err);
    for (int i = 0; i < n; i++) {
        if (strncmp(toks[i], "--", 2)) {
            FAIL("'%s' is not an --input", toks[i]);
            return;
        }
        const char *name = toks[i] + 2;
        if (!strcmp(name, "roll") && i + 1 < n) {
            char *save = NULL;
            for (char *f = strtok_r(toks[++i], ",", &save); f; f = strtok_r(NULL, ",", &save))
                if (d.ntyped < GR_MAX_ROLLS)
                    d.typed[d.ntyped++] = atoi(f);
            continue;
        }
        int k = gr_param_index(p->params, p->nparams, name);
        if (k < 0) {
            FAIL("%s %s has no input --%s", s->id, p->name, name);
            return;
        }
        if (p->params[k].kind == GR_P_FLAG) {
            a.v[k] = 1;
            a.given[k] = 1;
        } else if (i + 1 >= n || gr_args_set(p->params, k, toks[++i], &a, &err) != GR_OK) {
            FAIL("--%s: %s", name, i + 1 >= n ? "no value" : err.msg);
            return;
        }
    }
    static gr_resolution r;
    if (gr_args_check_required(p->params, p->nparams, &a, &err) != GR_OK ||
        p->resolve(&a, &d, &r, &err) != GR_OK) {
        FAIL("resolve %s %s: %s", s->id, p->name, err.msg);
        return;
    }
    if (!r.nsteps) {
        FAIL("the resolution read no table");
        return;
    }
    const gr_step *st = &r.steps[0];
    for (int i = 1; i < r.nsteps; i++)
        if (r.steps[i].table == r.steps[0].table)
            st = &r.steps[i];

    char *exp[MAX_TOK];
    int ne = split(arrow + 2, exp, MAX_TOK);
    if (ne < 1) {
        FAIL("no RESULT after =>");
        return;
    }
    const char *got = st->table->outcomes[st->cell.outcome].id;
    if (strcmp(got, exp[0]))
        FAIL("result %s, expected %s", got, exp[0]);
    char matched[GR_MAX_MODS];
    memset(matched, 0, sizeof matched);
    for (int i = 1; i < ne; i++) {
        if (!strncmp(exp[i], "score=", 6)) {
            if (st->score != atoi(exp[i] + 6))
                FAIL("score %d, expected %s", st->score, exp[i] + 6);
            continue;
        }
        char *ref = exp[i];
        size_t len = strlen(ref);
        int listed_only = len && ref[len - 1] == '!';
        if (listed_only)
            ref[--len] = '\0';
        char *override = strchr(ref, '@');
        if (override)
            *override++ = '\0';
        const char *cell = NULL;
        int value = 0, num = 0, den = 0;
        int unlisted = !strcmp(ref, "unlisted");
        modtab *mt = NULL;
        size_t cell_index = 0;
        if (!unlisted) {
            if (!read_line(ref, path, lineno, &mt, &cell, &value, &num, &den))
                continue;
            for (size_t k = 0; k < mt->ncells; k++)
                if (mt->cells[k] && cell && !strcmp(mt->cells[k], cell))
                    cell_index = k + 1;
        }
        if (override)
            value = atoi(override);
        int found = 0;
        for (int m = 0; m < r.nmods && !found; m++) {
            const gr_mod *md = &r.mods[m];
            /* a printed 0 line may be recorded as a fact (info) */
            int zero_fact = md->kind == GR_MOD_INFO && !unlisted && !den && value == 0;
            if (matched[m] || (md->kind == GR_MOD_INFO && !zero_fact) || md->applied == listed_only)
                continue;
            if (unlisted ? is_printed_line(md->reason) : !names_line(md->reason, cell))
                continue;
            if (md->kind == GR_MOD_MUL && !unlisted && den) {
                if (md->num != num || md->den != den)
                    continue;
            } else if (!zero_fact && (md->kind != GR_MOD_DRM || md->value != value)) {
                continue;
            }
            matched[m] = 1;
            found = 1;
        }
        if (!found) {
            FAIL("no %s modifier [%s] %s%d", listed_only ? "listed" : "applied",
                 unlisted ? "unlisted" : cell, den && !override ? "x" : "",
                 den && !override ? num : value);
            for (int m = 0; m < r.nmods; m++)
                fprintf(stderr, "    has: %s %d %d/%d applied=%d [%s]\n",
                        r.mods[m].kind == GR_MOD_DRM   ? "drm"
                        : r.mods[m].kind == GR_MOD_MUL ? "mul"
                                                       : "info",
                        r.mods[m].value, r.mods[m].num, r.mods[m].den, r.mods[m].applied,
                        r.mods[m].reason);
        } else if (mt && cell_index) {
            mt->hit[cell_index - 1] = 1;
        }
    }
    for (int m = 0; m < r.nmods; m++)
        if (!matched[m] && r.mods[m].applied && r.mods[m].kind != GR_MOD_INFO)
            FAIL("modifier [%s] (%d, x%d/%d) applied but not named by the case", r.mods[m].reason,
                 r.mods[m].value, r.mods[m].num, r.mods[m].den);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: proc_cases SYSTEM DIR\n");
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
    for (size_t i = 0; i < s->ntables && ntabs < GR_COUNT(tabs); i++)
        if (is_modifier_table(s->tables[i])) {
            modtab *mt = &tabs[ntabs++];
            mt->t = s->tables[i];
            mt->ncells = mt->t->cells(mt->cells, MAX_CELLS);
        }
    for (size_t i = 0; i < s->nprocedures; i++) {
        const gr_procedure *p = s->procedures[i];
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.cases", argv[2], p->name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue; /* a procedure without printed lines of its own needs none */
        char line[4096];
        int lineno = 0, before = cases;
        while (fgets(line, sizeof line, f)) {
            lineno++;
            char *q = line;
            while (*q == ' ' || *q == '\t')
                q++;
            if (*q == '#' || *q == '\n' || *q == '\0')
                continue;
            run_case(s, p, q, path, lineno);
        }
        fclose(f);
        printf("%s %-14s %3d cases\n", s->id, p->name, cases - before);
    }
    int total = 0, hit = 0;
    for (size_t i = 0; i < ntabs; i++) {
        for (size_t k = 0; k < tabs[i].ncells; k++) {
            total++;
            if (tabs[i].hit[k])
                hit++;
            else {
                failures++;
                fprintf(stderr, "FAIL %s %s: printed line [%s] is applied by no procedure case\n",
                        s->id, tabs[i].t->name, tabs[i].cells[k]);
            }
        }
    }
    printf("%s: %d cases, %d/%d printed modifier lines applied, %d failures\n", s->id, cases, hit,
           total, failures);
    return failures ? 1 : 0;
}
