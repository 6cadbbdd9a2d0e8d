/* re_save.c - saved R&E games: record, write, read, and verify by replay. */
#include "grognard/re_io.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_reader.h"

uint64_t re_game_chance_seed(uint64_t seed)
{
    uint64_t s = seed ^ 0x6368616e63650000ull; /* "chance" */
    return gr_splitmix64(&s);
}

uint64_t re_game_ai_seed(uint64_t seed, int side)
{
    uint64_t s = seed ^ (0x706c617965720000ull + (uint64_t)side); /* "player" */
    return gr_splitmix64(&s);
}

void re_game_init(re_game *g, const char *scenario_path, const re_scenario *sc, uint64_t seed)
{
    memset(g, 0, sizeof *g);
    snprintf(g->scenario, sizeof g->scenario, "%s", scenario_path ? scenario_path : "");
    g->scenario_digest = sc ? re_scenario_digest(sc) : 0;
    g->version = RE_SAVE_VERSION;
    g->seed = seed;
}

uint64_t re_game_scenario_digest(const re_game *g, const re_scenario *sc)
{
    return g->version == 1 ? re_scenario_digest_v1(sc) : re_scenario_digest(sc);
}

gr_status re_game_push(re_game *g, re_action a, int player, uint64_t hash, gr_error *err)
{
    if (g->nsteps == g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 1024;
        re_step *n = realloc(g->steps, cap * sizeof *n);
        if (!n)
            return gr_error_set(err, GR_ERUNTIME, "out of memory recording the game");
        g->steps = n;
        g->cap = cap;
    }
    re_step *s = &g->steps[g->nsteps++];
    memset(s, 0, sizeof *s);
    s->action = a;
    s->player = (int8_t)player;
    s->hash = hash;
    return GR_OK;
}

void re_game_truncate(re_game *g, size_t n)
{
    if (n < g->nsteps)
        g->nsteps = n;
}

void re_game_free(re_game *g)
{
    free(g->steps);
    g->steps = NULL;
    g->nsteps = g->cap = 0;
}

static int action_eq(re_action a, re_action b)
{
    return a.kind == b.kind && a.unit == b.unit && a.target == b.target && a.col == b.col &&
           a.row == b.row && a.col2 == b.col2 && a.row2 == b.row2;
}

static void put_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

gr_status re_game_save(const re_game *g, const re_scenario *sc, const char *path, gr_error *err)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return gr_error_set(err, GR_ERUNTIME, "%s: cannot write the save file; check the path",
                            path);
    re_state st;
    gr_error e;
    int have_state = re_init(sc, &st, &e) == GR_OK;
    fprintf(f, "{\n  \"format\": \"grognard-re-save\",\n  \"version\": %d,\n  \"scenario\": ",
            RE_SAVE_VERSION);
    put_json_string(f, g->scenario);
    fprintf(f, ",\n  \"scenario_id\": ");
    put_json_string(f, sc->id);
    fprintf(f,
            ",\n  \"scenario_digest\": \"%016" PRIx64 "\",\n  \"seed\": %" PRIu64
            ",\n  \"steps\": [",
            /* a game read from format 1 is written in this format: its digest
             * is computed again the way this format computes it */
            g->version == 1 ? re_scenario_digest(sc) : g->scenario_digest, g->seed);
    for (size_t i = 0; i < g->nsteps; i++) {
        const re_step *s = &g->steps[i];
        char text[256] = "";
        if (have_state) {
            re_action_describe(sc, &st, s->action, text, sizeof text);
            gr_status r = s->player == RE_CHANCE ? re_apply_chance(sc, &st, s->action, NULL, &e)
                                                 : re_apply(sc, &st, s->action, NULL, &e);
            if (r != GR_OK)
                have_state = 0;
        }
        fprintf(f, "%s\n    {\"n\": %zu, \"player\": ", i ? "," : "", i + 1);
        if (s->player == RE_CHANCE)
            fputs("\"chance\"", f);
        else
            fprintf(f, "%d", s->player);
        fprintf(f, ", \"action\": [%d, %d, %d, %d, %d, %d, %d], \"text\": ", s->action.kind,
                s->action.unit, s->action.target, s->action.col, s->action.row, s->action.col2,
                s->action.row2);
        put_json_string(f, text);
        fprintf(f, ", \"hash\": \"%016" PRIx64 "\"}", s->hash);
    }
    fprintf(f, "%s]\n}\n", g->nsteps ? "\n  " : "");
    int bad = ferror(f);
    if (fclose(f) || bad)
        return gr_error_set(err, GR_ERUNTIME, "%s: write error", path);
    return GR_OK;
}

/* ---- reading ------------------------------------------------------------ */

/* A message at the value `at` (json_reader.h). */
#define sv_fail(path, at, err, ...) gr_jr_fail(err, path, at, __VA_ARGS__)

static int parse_hash(const char *s, uint64_t *out)
{
    if (strlen(s) != 16)
        return -1;
    uint64_t v = 0;
    for (int i = 0; i < 16; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0)
            return -1;
        v = v * 16 + (uint64_t)d;
    }
    *out = v;
    return 0;
}

static gr_status sv_step(const char *path, const gr_jr_node *e, re_game *g, gr_error *err)
{
    static const char *const keys[] = {"n", "player", "action", "text", "hash"};
    if (e->type != GR_JR_OBJECT)
        return sv_fail(path, e, err,
                       "a step must be an object {\"player\": ..., \"action\": "
                       "[...], \"hash\": ...}, not %s",
                       gr_jr_type_name(e->type));
    for (const gr_jr_node *m = e->child; m; m = m->next) {
        size_t i;
        for (i = 0; i < 5 && strcmp(m->key, keys[i]); i++)
            ;
        if (i == 5) {
            char kb[168];
            return gr_jr_fail_key(err, path, m,
                                  "unknown key \"%s\" in a step; accepted: n, player, "
                                  "action, text, hash",
                                  gr_jr_printable(m->key, 40, kb, sizeof kb));
        }
    }
    const gr_jr_node *p = gr_jr_get(e, "player"), *a = gr_jr_get(e, "action"),
                     *h = gr_jr_get(e, "hash");
    if (!p || !a || !h)
        return sv_fail(path, e, err,
                       "a step needs \"player\", \"action\" and \"hash\"; add the "
                       "missing %s",
                       !p   ? "player"
                       : !a ? "action"
                            : "hash");
    int player;
    if (p->type == GR_JR_STRING && !strcmp(p->str, "chance"))
        player = RE_CHANCE;
    else if (p->type == GR_JR_NUMBER && p->is_int && (p->ival == 0 || p->ival == 1))
        player = (int)p->ival;
    else
        return sv_fail(path, p, err, "\"player\" must be 0, 1 or \"chance\"; write one of them");
    static const int lo[7] = {0, 0, 0, -128, -128, -128, -128};
    static const int hi[7] = {RE_A_KINDS - 1, 255, 255, 127, 127, 127, 127};
    int v[7];
    if (a->type != GR_JR_ARRAY || a->len != 7)
        return sv_fail(path, a, err,
                       "\"action\" must be an array of 7 whole numbers [kind, "
                       "unit, target, col, row, col2, row2]; rewrite it");
    int k = 0;
    for (const gr_jr_node *x = a->child; x; x = x->next, k++) {
        if (x->type != GR_JR_NUMBER || !x->is_int || x->ival < lo[k] || x->ival > hi[k])
            return sv_fail(path, x, err,
                           "element %d of \"action\" must be a whole number from %d "
                           "to %d; fix it",
                           k + 1, lo[k], hi[k]);
        v[k] = (int)x->ival;
    }
    uint64_t hash;
    if (h->type != GR_JR_STRING || parse_hash(h->str, &hash))
        return sv_fail(path, h, err,
                       "\"hash\" must be 16 hexadecimal digits in quotes; copy it "
                       "from the game that wrote the file");
    re_action act;
    memset(&act, 0, sizeof act);
    act.kind = (uint8_t)v[0];
    act.unit = (uint8_t)v[1];
    act.target = (uint8_t)v[2];
    act.col = (int8_t)v[3];
    act.row = (int8_t)v[4];
    act.col2 = (int8_t)v[5];
    act.row2 = (int8_t)v[6];
    return re_game_push(g, act, player, hash, err);
}

gr_status re_game_load(const char *path, re_game *g, gr_error *err)
{
    static const char *const keys[] = {"format",          "version", "scenario", "scenario_id",
                                       "scenario_digest", "seed",    "steps",    "notes"};
    memset(g, 0, sizeof *g);
    char *text;
    size_t len;
    gr_status st = re_io_read_file(path, RE_SAVE_MAX_BYTES, &text, &len, err);
    if (st != GR_OK)
        return st;
    gr_jr_node *root;
    gr_jr_doc *doc = gr_jr_parse(text, len, path, &root, err);
    free(text);
    if (!doc)
        return err ? err->code : GR_EINPUT;
    st = GR_EINPUT;
    if (root->type != GR_JR_OBJECT) {
        sv_fail(path, root, err, "a save file is a JSON object; this is %s",
                gr_jr_type_name(root->type));
        goto done;
    }
    for (const gr_jr_node *m = root->child; m; m = m->next) {
        size_t i;
        for (i = 0; i < sizeof keys / sizeof keys[0] && strcmp(m->key, keys[i]); i++)
            ;
        if (i == sizeof keys / sizeof keys[0]) {
            char kb[168];
            gr_jr_fail_key(err, path, m,
                           "unknown key \"%s\" in a save file; accepted: format, "
                           "version, scenario, scenario_id, scenario_digest, seed, steps",
                           gr_jr_printable(m->key, 40, kb, sizeof kb));
            goto done;
        }
    }
    const gr_jr_node *fmt = gr_jr_get(root, "format"), *ver = gr_jr_get(root, "version"),
                     *scn = gr_jr_get(root, "scenario"), *dig = gr_jr_get(root, "scenario_digest"),
                     *seed = gr_jr_get(root, "seed"), *steps = gr_jr_get(root, "steps");
    if (!fmt || fmt->type != GR_JR_STRING || strcmp(fmt->str, "grognard-re-save")) {
        sv_fail(path, fmt ? fmt : root, err,
                "not a grognard R&E save file; it needs \"format\": "
                "\"grognard-re-save\"");
        goto done;
    }
    if (!ver || ver->type != GR_JR_NUMBER || !ver->is_int) {
        sv_fail(path, ver ? ver : root, err,
                "a save file needs its format \"version\" as a whole number; write "
                "\"version\": %d",
                RE_SAVE_VERSION);
        goto done;
    }
    if (ver->ival != 1 && ver->ival != RE_SAVE_VERSION) {
        sv_fail(path, ver, err,
                "save format version %lld is not known to this grognard (it reads versions 1 "
                "to %d); replay it with the grognard that wrote it",
                (long long)ver->ival, RE_SAVE_VERSION);
        goto done;
    }
    g->version = (int)ver->ival;
    if (!scn || scn->type != GR_JR_STRING || !scn->len || scn->len >= sizeof g->scenario) {
        sv_fail(path, scn ? scn : root, err,
                "\"scenario\" must be the path of the scenario file "
                "(at most %zu bytes); add it",
                sizeof g->scenario - 1);
        goto done;
    }
    memcpy(g->scenario, scn->str, scn->len + 1);
    if (!dig || dig->type != GR_JR_STRING || parse_hash(dig->str, &g->scenario_digest)) {
        sv_fail(path, dig ? dig : root, err,
                "\"scenario_digest\" must be 16 hexadecimal digits "
                "in quotes; copy it from the game that wrote the "
                "file");
        goto done;
    }
    if (!seed || seed->type != GR_JR_NUMBER || !seed->is_int || seed->ival < 0) {
        sv_fail(path, seed ? seed : root, err,
                "\"seed\" must be a whole number from 0 to "
                "9223372036854775807; write the game's seed");
        goto done;
    }
    g->seed = (uint64_t)seed->ival;
    if (!steps || steps->type != GR_JR_ARRAY) {
        sv_fail(path, steps ? steps : root, err,
                "\"steps\" must be an array of steps; add "
                "\"steps\": []");
        goto done;
    }
    for (const gr_jr_node *e = steps->child; e; e = e->next)
        if (sv_step(path, e, g, err) != GR_OK)
            goto done;
    st = GR_OK;
done:
    gr_jr_free(doc);
    return st;
}

gr_status re_game_verify(const re_scenario *sc, const re_game *g, size_t *bad_step, re_state *final,
                         gr_error *err)
{
    re_state st;
    gr_error e;
    gr_error_clear(&e);
    *bad_step = 0;
    if (re_init(sc, &st, &e) != GR_OK)
        return gr_error_set(err, GR_EINPUT, "the scenario does not start a game: %s", e.msg);
    gr_rng rng;
    gr_rng_seed(&rng, re_game_chance_seed(g->seed));
    for (size_t i = 0; i < g->nsteps; i++) {
        const re_step *s = &g->steps[i];
        char want[160], got[160];
        int p = re_current_player(sc, &st);
        *bad_step = i + 1;
        re_action_describe(sc, &st, s->action, want, sizeof want);
        if (p == RE_TERMINAL)
            return gr_error_set(err, GR_EINPUT,
                                "step %zu: the game is already over, but the file "
                                "records %s",
                                i + 1, want);
        if (p != s->player)
            return gr_error_set(err, GR_EINPUT,
                                "step %zu: the file records a move of %s, but "
                                "the game expects %s",
                                i + 1,
                                s->player == RE_CHANCE ? "chance"
                                : s->player            ? "1"
                                                       : "0",
                                p == RE_CHANCE ? "chance"
                                : p            ? "side 1"
                                               : "side 0");
        gr_status r;
        if (p == RE_CHANCE) {
            re_action a;
            re_random_action(sc, &st, &rng, &a);
            if (!action_eq(a, s->action)) {
                re_action_describe(sc, &st, a, got, sizeof got);
                return gr_error_set(err, GR_EINPUT,
                                    "step %zu: the seed gives \"%s\" but the file "
                                    "records \"%s\"",
                                    i + 1, got, want);
            }
            r = re_apply_chance(sc, &st, s->action, NULL, &e);
        } else {
            r = re_apply(sc, &st, s->action, NULL, &e);
        }
        if (r != GR_OK)
            return gr_error_set(err, GR_EINPUT, "step %zu: \"%s\" is refused: %s", i + 1, want,
                                e.msg);
        uint64_t h = re_hash(sc, &st);
        if (h != s->hash)
            return gr_error_set(err, GR_EINPUT,
                                "step %zu (%s): the state hash is %016" PRIx64
                                ", the file records %016" PRIx64,
                                i + 1, want, h, s->hash);
    }
    *bad_step = 0;
    if (final)
        *final = st;
    return GR_OK;
}
