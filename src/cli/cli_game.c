/* cli_game.c - what play and replay share: the scenario a save names. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/file_io.h"
#include "grognard/alloc.h"
#include "grognard/game.h"
#include "grognard/save.h"

gr_status cli_load_scenario(const char *path, const char *type_id, gr_game *g, char **text,
                            size_t *len, gr_error *err)
{
    memset(g, 0, sizeof *g);
    *text = NULL;
    *len = 0;
    gr_status st = gr_read_file(path, GR_GAME_SCENARIO_MAX_BYTES, text, len, err);
    if (st != GR_OK)
        return st;
    st = gr_game_load_text(*text, *len, path, type_id, g, err);
    if (st != GR_OK) {
        gr_free(*text);
        *text = NULL;
        *len = 0;
    }
    return st;
}

/* Load the scenario a save of format 1 or 2 names (a save of format 3
 * carries its own): as written, or relative to the save's folder (a save
 * mailed with its scenario beside it); as cli_load_scenario. */
static gr_status cli_save_scenario(const char *save, const char *named, const char *type_id,
                                   gr_game *g, char **text, size_t *len, gr_error *err)
{
    FILE *f = fopen(named, "rb");
    if (f || named[0] == '/') {
        if (f)
            fclose(f);
        return cli_load_scenario(named, type_id, g, text, len, err);
    }
    const char *slash = strrchr(save, '/');
    if (!slash)
        return cli_load_scenario(named, type_id, g, text, len, err);
    size_t n = (size_t)(slash - save) + 1 + strlen(named) + 1;
    char *path = malloc(n);
    if (!path)
        return gr_error_set(err, GR_ERUNTIME, "out of memory finding the scenario %s", named);
    snprintf(path, n, "%.*s/%s", (int)(slash - save), save, named);
    gr_status st = cli_load_scenario(path, type_id, g, text, len, err);
    free(path);
    return st;
}

gr_status cli_saved_game(const char *save, gr_saved *sv, const char *scen, gr_game *g, char **text,
                         size_t *len, gr_error *err)
{
    gr_status st;
    gr_error e;
    gr_error_clear(&e);
    memset(g, 0, sizeof *g);
    *text = NULL;
    *len = 0;
    if (scen) {
        st = gr_game_load(scen, sv->game, g, err);
    } else if (sv->scenario_text) {
        /* format 3: the scenario travels in the save, no file needed */
        if ((st = gr_game_load_text(sv->scenario_text, sv->scenario_len,
                                    "the scenario embedded in the save", sv->game, g, &e)) != GR_OK)
            return gr_error_set(err, GR_EINPUT, "%s: %s", save, e.msg);
        *text = sv->scenario_text;
        *len = sv->scenario_len;
        sv->scenario_text = NULL;
    } else {
        st = cli_save_scenario(save, sv->scenario, sv->game, g, text, len, err);
    }
    if (st != GR_OK)
        return st;
    uint64_t digest = gr_save_scenario_digest(g, sv->version);
    if (digest != sv->scenario_digest)
        return gr_error_set(err, GR_ERUNTIME,
                            "%s: the scenario %s has changed since the game was saved (digest "
                            "%016" PRIx64 ", the save has %016" PRIx64 "); give the scenario it "
                            "was played with (grognard replay --scenario PATH)",
                            save, scen ? scen : sv->scenario, digest, sv->scenario_digest);
    return gr_saved_actions(sv, g, err);
}

json_t *cli_scenario_doc(const char *path)
{
    json_error_t je;
    return path ? json_load_file(path, 0, &je) : NULL;
}
