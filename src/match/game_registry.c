/* game_registry.c - the one registry of game types and the one door to a
 * game, gr_game_load (grognard/game.h).  It sits in the match layer, above
 * both the engine's types (R&E) and the battle companion's, so that it can
 * name every type while src/engine/game.c stays type-agnostic. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/alloc.h"
#include "grognard/bt_game.h"
#include "grognard/file_io.h"
#include "grognard/game.h"
#include "grognard/json_reader.h"
#include "grognard/re.h"
#include "grognard/tb.h"

static const gr_game_type *const types[] = {
    &re_game_type,      &gr_bt_game_aoe,   &gr_bt_game_nf,    &gr_bt_game_rff,
    &tb_game_aoe_table, &tb_game_nf_table, &tb_game_rff_table};
#define NTYPES (sizeof types / sizeof types[0])

/* The most JSON values the registry reads to find a file's declaration
 * (the type's own load then reads the file with its own bound). */
#define GR_GAME_PEEK_MAX_NODES (1024 * 1024)

const gr_game_type *gr_game_type_find(const char *id)
{
    for (size_t i = 0; i < NTYPES; i++)
        if (id && !strcmp(types[i]->id, id))
            return types[i];
    return NULL;
}

const gr_game_type *const *gr_game_types(size_t *n)
{
    *n = NTYPES;
    return types;
}

const char *gr_game_type_ids(void)
{
    static _Thread_local char buf[256]; /* the server's threads each their own */
    size_t at = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < NTYPES && at < sizeof buf; i++)
        at += (size_t)snprintf(buf + at, sizeof buf - at, "%s\"%s\"", i ? ", " : "", types[i]->id);
    return buf;
}

/* The type of the scenario file `root` declares (its "game"), or the one
 * that claims it; GR_EINPUT at the place if none. */
static gr_status find_type(const gr_jr_node *root, const char *name, const gr_game_type **out,
                           gr_error *err)
{
    const gr_jr_node *game = root->type == GR_JR_OBJECT ? gr_jr_get(root, "game") : NULL;
    if (game) {
        char shown[48];
        if (game->type != GR_JR_STRING)
            return gr_jr_fail(err, name, game,
                              "\"game\" must be the id of a game type as a string; known: %s",
                              gr_game_type_ids());
        if (!(*out = gr_game_type_find(game->str)))
            return gr_jr_fail(err, name, game, "the game type \"%s\" is not known; known: %s",
                              gr_jr_printable(game->str, 20, shown, sizeof shown),
                              gr_game_type_ids());
        return GR_OK;
    }
    for (size_t i = 0; i < NTYPES; i++)
        if (types[i]->claims && types[i]->claims(root)) {
            *out = types[i];
            return GR_OK;
        }
    return gr_jr_fail(err, name, root,
                      "this is not a scenario of any game grognard knows; a scenario file is a "
                      "JSON object that names its game, e.g. \"game\": \"re\" (known: %s)",
                      gr_game_type_ids());
}

gr_status gr_game_load_text(const char *text, size_t len, const char *name, const char *type_id,
                            gr_game *g, gr_error *err)
{
    memset(g, 0, sizeof *g);
    const gr_game_type *t = NULL;
    if (type_id) {
        if (!(t = gr_game_type_find(type_id)))
            return gr_error_set(err, GR_EINPUT, "%s: the game type \"%s\" is not known; known: %s",
                                name, type_id, gr_game_type_ids());
    } else {
        gr_jr_node *root = NULL;
        gr_jr_doc *doc = gr_jr_parse(text, len, name, GR_GAME_PEEK_MAX_NODES, &root, err);
        if (!doc)
            return err ? err->code : GR_EINPUT;
        gr_status st = find_type(root, name, &t, err);
        gr_jr_free(doc);
        if (st != GR_OK)
            return st;
    }
    if (!t->load)
        return gr_error_set(err, GR_EINPUT,
                            "%s: a game of \"%s\" (%s) is not loaded from a scenario file; its "
                            "battles are played with `grognard battle` (grognard battle --help)",
                            name, t->id, t->name);
    void *sc = NULL;
    gr_status st = t->load(text, len, name, &sc, err);
    if (st != GR_OK)
        return st;
    g->type = t;
    g->sc = sc;
    g->own = sc;
    return GR_OK;
}

gr_status gr_game_load(const char *path, const char *type_id, gr_game *g, gr_error *err)
{
    memset(g, 0, sizeof *g);
    char *text;
    size_t len;
    gr_status st = gr_read_file(path, GR_GAME_SCENARIO_MAX_BYTES, &text, &len, err);
    if (st != GR_OK)
        return st;
    st = gr_game_load_text(text, len, path, type_id, g, err);
    gr_free(text);
    return st;
}
