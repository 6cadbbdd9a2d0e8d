/* save.c - saved games: write a match's record, read it back, validated. */
#include "grognard/save.h"
#include "grognard/file_io.h"

#include "grognard/utf8.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grognard/alloc.h"
#include "grognard/hash.h"
#include "grognard/json_reader.h"

uint64_t gr_save_scenario_digest(const gr_game *g, int version)
{
    /* version-1 saves (grognard 0.1) carry the digest its own FNV-1a loop
     * computed from a mistyped offset basis (1469598103934665603, the
     * standard one with its last digit dropped), over the same bytes */
    if (version == 1) {
        size_t n = g->type->scenario_digest_bytes ? g->type->scenario_digest_bytes(g->sc)
                                                  : g->type->scenario_size;
        return gr_fnv1a64(UINT64_C(1469598103934665603), g->sc, n);
    }
    return gr_game_scenario_digest(g);
}

/* ---- writing ------------------------------------------------------------ */

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

/* 0, or -1 if memory ran out writing an action's record. */
static int write_body(FILE *f, const gr_match *m, const char *scenario_path,
                      const char *scenario_text, void *st)
{
    const gr_game *g = gr_match_game(m);
    gr_error e;
    int have_state = gr_game_init(g, st, &e) == GR_OK;
    fprintf(f, "{\n  \"format\": \"grognard-save\",\n  \"version\": %d,\n  \"game\": ",
            GR_SAVE_VERSION);
    put_json_string(f, g->type->id);
    fputs(",\n  \"scenario\": ", f);
    put_json_string(f, scenario_path ? scenario_path : "");
    if (g->type->scenario_id) {
        fputs(",\n  \"scenario_id\": ", f);
        put_json_string(f, g->type->scenario_id(g->sc));
    }
    fprintf(f, ",\n  \"scenario_digest\": \"%016" PRIx64 "\"", gr_game_scenario_digest(g));
    if (scenario_text) {
        fputs(",\n  \"scenario_text\": ", f);
        put_json_string(f, scenario_text);
    }
    fprintf(f, ",\n  \"seed\": %" PRIu64 ",\n  \"steps\": [", gr_match_seed(m));
    size_t n = gr_match_steps(m);
    for (size_t i = 0; i < n; i++) {
        const gr_record_step *s = gr_match_step(m, i);
        char text[256] = "";
        if (have_state) {
            gr_game_act_describe(g, st, s->rec, text, sizeof text);
            have_state = gr_game_act_apply_checked(g, st, s->rec, NULL, &e) == GR_OK;
        }
        fprintf(f, "%s\n    {\"n\": %zu, \"player\": ", i ? "," : "", i + 1);
        if (s->player == GR_CHANCE)
            fputs("\"chance\"", f);
        else
            fprintf(f, "%d", s->player);
        /* the type's own record of the action, as jansson writes it
         * without indent: "[1, 2, 3]", "\"fire friant --range 4\"" */
        json_t *rec = g->type->action_record(g->sc, s->rec);
        char *a = rec ? json_dumps(rec, JSON_ENCODE_ANY | JSON_PRESERVE_ORDER) : NULL;
        json_decref(rec);
        if (!a) {
            fputs("\n", f);
            return -1;
        }
        fprintf(f, ", \"action\": %s, \"text\": ", a);
        free(a);
        put_json_string(f, text);
        if (s->given)
            fputs(", \"given\": true", f);
        if (s->by[0] && s->player != GR_CHANCE) {
            fputs(", \"by\": ", f);
            put_json_string(f, s->by);
        }
        fprintf(f, ", \"hash\": \"%016" PRIx64 "\"}", s->hash);
    }
    fprintf(f, "%s]\n}\n", n ? "\n  " : "");
    return 0;
}

gr_status gr_save_check_path(const char *scenario_path, const char *path, gr_error *err)
{
    if (scenario_path && !gr_utf8_valid(scenario_path))
        return gr_error_set(err, GR_EINPUT,
                            "%s: the scenario path %s is not valid UTF-8, and a save records it "
                            "as JSON text, which must be; rename the scenario file or reach it "
                            "through a link whose path is UTF-8",
                            path, scenario_path);
    if (scenario_path && scenario_path[0] && gr_same_file(scenario_path, path))
        return gr_error_set(err, GR_EINPUT,
                            "%s: is the scenario file %s itself; saving there would overwrite "
                            "the scenario with the game; save to another file, e.g. game.json",
                            path, scenario_path);
    return GR_OK;
}

gr_status gr_save_dump(const gr_match *m, const char *scenario_path, const char *scenario_text,
                       size_t scenario_len, char **text, size_t *len, gr_error *err)
{
    *text = NULL;
    *len = 0;
    const gr_game *g = gr_match_game(m);
    if (scenario_text && (strlen(scenario_text) != scenario_len || !gr_utf8_valid(scenario_text)))
        return gr_error_set(err, GR_EINPUT,
                            "the scenario's text holds a NUL or is not valid UTF-8, so it cannot "
                            "be embedded in the save; fix the scenario file %s",
                            scenario_path ? scenario_path : "");
    if (!g->type->action_record)
        return gr_error_set(err, GR_ERUNTIME, "saving a game of '%s' is not supported",
                            g->type->id);
    if (!gr_utf8_valid(scenario_path))
        return gr_error_set(err, GR_EINPUT,
                            "the scenario path is not valid UTF-8, which a save (JSON) needs");
    if (gr_match_steps(m) > GR_SAVE_MAX_STEPS)
        return gr_error_set(err, GR_ERUNTIME,
                            "the game has %zu steps, more than the %d a save holds; it cannot be "
                            "saved",
                            gr_match_steps(m), GR_SAVE_MAX_STEPS);
    void *st = malloc(g->type->state_size);
    char *buf = NULL;
    size_t n = 0;
    FILE *f = st ? open_memstream(&buf, &n) : NULL;
    if (!f) {
        free(st);
        return gr_error_set(err, GR_ERUNTIME, "out of memory saving the game");
    }
    int bad = write_body(f, m, scenario_path, scenario_text, st) != 0;
    free(st);
    bad |= ferror(f);
    if (fclose(f) != 0 || bad) {
        free(buf);
        return gr_error_set(err, GR_ERUNTIME, "out of memory saving the game");
    }
    *text = buf;
    *len = n;
    return GR_OK;
}

gr_status gr_save_write(const gr_match *m, const char *scenario_path, const char *path,
                        gr_error *err)
{
    return gr_save_write_embedded(m, scenario_path, NULL, 0, path, err);
}

gr_status gr_save_write_embedded(const gr_match *m, const char *scenario_path,
                                 const char *scenario_text, size_t scenario_len, const char *path,
                                 gr_error *err)
{
    char *body = NULL;
    size_t blen = 0;
    gr_error e;
    gr_error_clear(&e);
    gr_status st = gr_save_check_path(scenario_path, path, err);
    if (st == GR_OK && (st = gr_save_dump(m, scenario_path, scenario_text, scenario_len, &body,
                                          &blen, &e)) != GR_OK)
        gr_error_set(err, st, "%s: %s", path, e.msg);
    if (st == GR_OK)
        st = gr_write_file_atomic(path, body, blen, err);
    free(body);
    return st;
}

/* ---- reading ------------------------------------------------------------ */

int gr_save_parse_hash(const char *s, uint64_t *out)
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

static gr_status push_step(const char *path, gr_saved *s, size_t *cap, gr_record_step st,
                           const gr_jr_node *act, gr_error *err)
{
    if (s->nsteps == *cap) {
        size_t c = *cap ? *cap * 2 : 1024;
        gr_record_step *n = gr_realloc(s->steps, c * sizeof *n);
        if (n)
            s->steps = n;
        const gr_jr_node **a = n ? gr_realloc(s->acts, c * sizeof *a) : NULL;
        if (!a)
            return gr_error_set(err, GR_ERUNTIME, "%s: out of memory reading the save file", path);
        s->acts = a;
        *cap = c;
    }
    s->acts[s->nsteps] = act;
    s->steps[s->nsteps++] = st;
    return GR_OK;
}

/* t: the game's type. */
static gr_status sv_step(const char *path, const gr_game_type *t, const gr_jr_node *e, gr_saved *s,
                         size_t *cap, gr_error *err)
{
    static const char *const keys[] = {"n",    "player", "action", "text",
                                       "hash", "given",  "by",     NULL};
    if (e->type != GR_JR_OBJECT)
        return gr_jr_fail(err, path, e,
                          "a step must be an object {\"player\": ..., \"action\": "
                          "[...], \"hash\": ...}, not %s",
                          gr_jr_type_name(e->type));
    gr_status ks = gr_jr_only_keys(err, path, e, keys, "a step", NULL);
    if (ks != GR_OK)
        return ks;
    const gr_jr_node *p = gr_jr_get(e, "player"), *a = gr_jr_get(e, "action"),
                     *h = gr_jr_get(e, "hash");
    if (!p || !a || !h)
        return gr_jr_fail(err, path, e,
                          "a step needs \"player\", \"action\" and \"hash\"; add the "
                          "missing %s",
                          !p   ? "player"
                          : !a ? "action"
                               : "hash");
    gr_record_step st;
    memset(&st, 0, sizeof st);
    if (p->type == GR_JR_STRING && !strcmp(p->str, "chance"))
        st.player = GR_CHANCE;
    else if (p->type == GR_JR_NUMBER && p->is_int && p->ival >= 0 && p->ival < t->players)
        st.player = (int)p->ival;
    else if (t->players == 2)
        return gr_jr_fail(err, path, p, "\"player\" must be 0, 1 or \"chance\"; write one of them");
    else
        return gr_jr_fail(err, path, p,
                          "\"player\" must be a side from 0 to %d or \"chance\"; write one of "
                          "them",
                          t->players - 1);
    const gr_jr_node *gv = gr_jr_get(e, "given");
    if (gv && (gv->type != GR_JR_BOOL || (gv->boolean && st.player != GR_CHANCE)))
        return gr_jr_fail(err, path, gv,
                          "\"given\" is true for a chance step whose outcome was typed at the "
                          "table (false or left out: drawn from the seed), and only for a chance "
                          "step; fix it");
    st.given = gv && gv->boolean;
    const gr_jr_node *by = gr_jr_get(e, "by");
    if (by && (by->type != GR_JR_STRING || st.player == GR_CHANCE ||
               strlen(by->str) >= sizeof st.by || !by->str[0]))
        return gr_jr_fail(err, path, by,
                          "\"by\" says who took a player's step: \"human\" or a computer "
                          "player's name (\"commander:400\"), at most %d characters, and only "
                          "for a player's step; fix it or leave it out",
                          (int)sizeof st.by - 1);
    if (by)
        memcpy(st.by, by->str, strlen(by->str) + 1);
    if (h->type != GR_JR_STRING || gr_save_parse_hash(h->str, &st.hash))
        return gr_jr_fail(err, path, h,
                          "\"hash\" must be 16 hexadecimal digits in quotes; copy it "
                          "from the game that wrote the file");
    return push_step(path, s, cap, st, a, err);
}

static gr_status read_doc(const char *path, const gr_jr_node *root, gr_saved *g, gr_error *err)
{
    static const char *const keys[] = {"format",      "version",         "game", "scenario",
                                       "scenario_id", "scenario_digest", "seed", "steps",
                                       "notes",       "scenario_text",   NULL};
    if (root->type != GR_JR_OBJECT)
        return gr_jr_fail(err, path, root, "a save file is a JSON object; this is %s",
                          gr_jr_type_name(root->type));
    const gr_jr_node *fmt = gr_jr_get(root, "format"), *ver = gr_jr_get(root, "version"),
                     *game = gr_jr_get(root, "game"), *scn = gr_jr_get(root, "scenario"),
                     *dig = gr_jr_get(root, "scenario_digest"), *seed = gr_jr_get(root, "seed"),
                     *steps = gr_jr_get(root, "steps");
    int legacy = fmt && fmt->type == GR_JR_STRING && !strcmp(fmt->str, "grognard-re-save");
    if (!fmt || fmt->type != GR_JR_STRING || (!legacy && strcmp(fmt->str, "grognard-save")))
        return gr_jr_fail(err, path, fmt ? fmt : root,
                          "not a grognard save file; it needs \"format\": \"grognard-save\"");
    g->recognised = 1; /* a save, well formed or not: its errors are a save's */
    gr_status ks = gr_jr_only_keys(err, path, root, keys, "a save file", NULL);
    if (ks != GR_OK)
        return ks;
    int want = legacy ? 1 : GR_SAVE_VERSION;
    if (!ver || ver->type != GR_JR_NUMBER || !ver->is_int)
        return gr_jr_fail(err, path, ver ? ver : root,
                          "\"version\" must be a whole number; write \"version\": %d", want);
    if (!legacy && ver->ival == 2)
        want = 2; /* before the embedded scenario: still read */
    if (ver->ival != want)
        return gr_jr_fail(err, path, ver,
                          "save format version %" PRId64 " is not known to this grognard (it "
                          "reads \"grognard-save\" versions 2 and %d, and "
                          "\"grognard-re-save\" version 1 from grognard 0.1); replay it with "
                          "the grognard that wrote it",
                          ver->ival, GR_SAVE_VERSION);
    g->version = want;
    if (legacy) {
        if (game)
            return gr_jr_fail(err, path, game,
                              "a \"grognard-re-save\" file has no \"game\"; remove it");
        snprintf(g->game, sizeof g->game, "re");
    } else {
        if (!game || game->type != GR_JR_STRING || !game->len || game->len >= sizeof g->game)
            return gr_jr_fail(err, path, game ? game : root,
                              "\"game\" must name the game played, e.g. \"game\": \"re\"; add it");
        memcpy(g->game, game->str, game->len + 1);
    }
    const gr_game_type *t = gr_game_type_find(g->game);
    if (!t)
        return gr_jr_fail(err, path, game ? game : root,
                          "game \"%.15s\" is not known; accepted: %s", g->game, gr_game_type_ids());
    if (!scn || scn->type != GR_JR_STRING || !scn->len)
        return gr_jr_fail(err, path, scn ? scn : root,
                          "\"scenario\" must be the path of the scenario file; add it");
    if (strlen(scn->str) != scn->len)
        return gr_jr_fail(err, path, scn,
                          "\"scenario\" contains a NUL character, which no path has; write "
                          "the path of the scenario file");
    g->scenario = gr_malloc(scn->len + 1);
    if (!g->scenario)
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory reading the save file", path);
    memcpy(g->scenario, scn->str, scn->len + 1);
    const gr_jr_node *txt = gr_jr_get(root, "scenario_text");
    if (txt && g->version < 3)
        return gr_jr_fail(err, path, txt,
                          "\"scenario_text\" is new in save version 3, and this file says "
                          "version %d; remove it or write \"version\": 3",
                          g->version);
    if (txt && (txt->type != GR_JR_STRING || !txt->len || strlen(txt->str) != txt->len))
        return gr_jr_fail(err, path, txt,
                          "\"scenario_text\" must be the scenario file's text as one JSON "
                          "string, without NUL; copy it from the game that wrote the file");
    if (txt) {
        g->scenario_text = gr_malloc(txt->len + 1);
        if (!g->scenario_text)
            return gr_error_set(err, GR_ERUNTIME, "%s: out of memory reading the save file", path);
        memcpy(g->scenario_text, txt->str, txt->len + 1);
        g->scenario_len = txt->len;
    }
    if (!dig || dig->type != GR_JR_STRING || gr_save_parse_hash(dig->str, &g->scenario_digest))
        return gr_jr_fail(err, path, dig ? dig : root,
                          "\"scenario_digest\" must be 16 hexadecimal digits "
                          "in quotes; copy it from the game that wrote the "
                          "file");
    if (!gr_jr_u64(seed, &g->seed))
        return gr_jr_fail(err, path, seed ? seed : root,
                          "\"seed\" must be a whole number from 0 to "
                          "18446744073709551615; write the game's seed");
    if (!steps || steps->type != GR_JR_ARRAY)
        return gr_jr_fail(err, path, steps ? steps : root,
                          "\"steps\" must be an array of steps; add \"steps\": []");
    if (steps->len > GR_SAVE_MAX_STEPS)
        return gr_jr_fail(err, path, steps,
                          "\"steps\" lists %zu steps; a save holds at most %d; it was not "
                          "written by grognard, or it was damaged",
                          steps->len, GR_SAVE_MAX_STEPS);
    size_t cap = 0;
    for (const gr_jr_node *e = steps->child; e; e = e->next) {
        gr_status s = sv_step(path, t, e, g, &cap, err);
        if (s != GR_OK)
            return s;
    }
    return GR_OK;
}

gr_status gr_save_parse(const char *text, size_t len, const char *name, gr_saved *g, gr_error *err)
{
    memset(g, 0, sizeof *g);
    gr_jr_node *root;
    gr_jr_doc *doc = gr_jr_parse(text, len, name, GR_SAVE_MAX_NODES, &root, err);
    if (!doc)
        return err ? err->code : GR_EINPUT;
    gr_status st = read_doc(name, root, g, err);
    g->doc = doc; /* the steps' actions, for gr_saved_actions */
    if (st == GR_OK && !(g->name = gr_malloc(strlen(name) + 1)))
        st = gr_error_set(err, GR_ERUNTIME, "%s: out of memory reading the save file", name);
    if (g->name)
        memcpy(g->name, name, strlen(name) + 1);
    return st;
}

gr_status gr_saved_actions(gr_saved *s, const gr_game *g, gr_error *err)
{
    const gr_game_type *t = g->type;
    const char *name = s->name ? s->name : "the save";
    if (s->acts_read)
        return GR_OK;
    if (!t->action_unrecord)
        return gr_error_set(err, GR_EINPUT, "%s: games of '%s' are not saved, so not read either",
                            name, t->id);
    if (strcmp(t->id, s->game))
        return gr_error_set(err, GR_EINPUT, "%s: the save is of game \"%s\", not of \"%s\"", name,
                            s->game, t->id);
    for (size_t i = 0; i < s->nsteps; i++) {
        memset(s->steps[i].rec, 0, sizeof s->steps[i].rec);
        gr_status st = t->action_unrecord(g->sc, s->acts[i], name, s->steps[i].rec, err);
        if (st != GR_OK)
            return st;
    }
    s->acts_read = 1;
    return GR_OK;
}

gr_status gr_save_read(const char *path, gr_saved *g, gr_error *err)
{
    memset(g, 0, sizeof *g);
    char *text;
    size_t len;
    gr_status st = gr_read_file(path, GR_SAVE_MAX_BYTES, &text, &len, err);
    if (st != GR_OK)
        return st;
    st = gr_save_parse(text, len, path, g, err);
    gr_free(text);
    return st;
}

void gr_saved_free(gr_saved *s)
{
    gr_free(s->scenario);
    gr_free(s->scenario_text);
    gr_free(s->steps);
    gr_jr_free(s->doc);
    gr_free(s->acts);
    gr_free(s->name);
    memset(s, 0, sizeof *s);
}
