/* cmd_replay.c - grognard replay FILE [--verify]: re-run a saved game. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/alloc.h"
#include "grognard/game.h"
#include "grognard/match.h"
#include "grognard/save.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: grognard replay FILE [--verify] [--scenario PATH] [--lang en|fr] [--json]\n"
            "\n"
            "Re-run a game saved by grognard play --save FILE: its scenario, seed and\n"
            "steps.  Without --verify, print every step with what happened (every die\n"
            "and modifier), checked as it goes.  With --verify, re-run it silently.\n"
            "Either way it stops at the first step whose state hash (or die or chit\n"
            "drawn from the seed) differs from the file's.\n"
            "\n"
            "  --scenario PATH  the scenario file to replay with (a save of file\n"
            "                   format 3, as written now, carries its scenario: none is needed)\n"
            "  --lang L         the language of the events: en (default) or fr\n"
            "  --json           one JSON object: every step with its events, or the\n"
            "                   verification's result\n"
            "\n"
            "Exit status: 0 the game replays, 1 it differs at some step, 2 bad file.\n"
            "\n"
            "example: grognard replay game.json --verify\n");
}

typedef struct replay_out {
    const gr_game *game;
    gr_lang lang;
    int json;
    json_t *events; /* --json: the events of the step being applied */
} replay_out;

static void replay_event(void *ctx, const gr_match_event *e)
{
    replay_out *ro = ctx;
    if (ro->json) {
        json_t *j = gr_wire_event(ro->game, e->ev, ro->lang);
        if (j)
            json_array_append_new(ro->events, j);
        return;
    }
    char text[GR_EVENT_TEXT_MAX];
    gr_game_event_text(ro->game, e->ev, ro->lang, text, sizeof text);
    const char *rule = e->ev->rule ? e->ev->rule : "";
    printf("        %s%s%s%s\n", text, rule[0] ? " (" : "", rule, rule[0] ? ")" : "");
}

int cmd_replay(int argc, char **argv)
{
    const char *file = NULL, *scen = NULL;
    int verify = 0, json = 0;
    gr_lang lang = GR_LANG_EN;
    const char *lang_v = NULL;
    const cli_opt opts[] = {
        {"--verify", CLI_OPT_FLAG, NULL, &verify, 0, 0},
        {"--scenario", CLI_OPT_STR, "PATH", &scen, 0, 0},
        {"--lang", CLI_OPT_STR, "en|fr", &lang_v, 0, 0},
        {"--json", CLI_OPT_FLAG, NULL, &json, 0, 0},
    };
    int npos = 0;
    int rc0 =
        cli_getopts("replay", argc, argv, opts, sizeof opts / sizeof opts[0], NULL, usage, &npos);
    if (rc0 != CLI_OK)
        return rc0 == CLI_HELP ? CLI_OK : rc0;
    gr_error lerr;
    if (lang_v && gr_lang_parse(lang_v, &lang, &lerr) != GR_OK) {
        cli_err("grognard replay: --lang needs en or fr\n");
        return CLI_USAGE;
    }
    file = npos ? argv[0] : NULL;
    if (npos > 1) {
        cli_err("grognard replay: one file only ('%s' and '%s')\n", file, argv[1]);
        return CLI_USAGE;
    }
    if (!file) {
        cli_err("grognard replay: missing FILE, a game saved by grognard play --save "
                "FILE (grognard replay --help)\n");
        return CLI_USAGE;
    }
    gr_error err;
    gr_error_clear(&err);
    gr_saved g;
    gr_match *m = NULL;
    gr_game game = {NULL, NULL, NULL};
    int rc = CLI_OK;
    json_t *jsteps = NULL; /* --json: the steps printed so far */
    if (gr_save_read(file, &g, &err) != GR_OK) {
        rc = cli_io_fail(&err);
        goto out;
    }
    char *text = NULL;
    size_t len = 0;
    gr_status ls = cli_saved_game(file, &g, scen, &game, &text, &len, &err);
    gr_free(text);
    if (ls != GR_OK) {
        rc = cli_io_fail(&err);
        goto out;
    }
    if (game.type->not_enumerable) {
        /* the companion's games: their records are replayed, shown and
         * reported by grognard battle (the terminal's replay shows gr_action) */
        cli_err("grognard replay: %s: a game of \"%s\" (%s) is replayed with `grognard battle` "
                "(grognard battle status FILE, grognard battle report FILE)\n",
                file, game.type->id, game.type->name);
        rc = CLI_USAGE;
        goto out;
    }
    const char *scn_id = game.type->scenario_id(game.sc);
    if (gr_match_new(&game, g.seed, &m, &err) != GR_OK) {
        rc = cli_io_fail(&err);
        goto out;
    }
    /* print the game step by step, every event in the chosen language (or
     * with --verify only check it) */
    replay_out ro = {&game, lang, json, NULL};
    if (!verify)
        gr_match_set_sink(m, replay_event, &ro);
    jsteps = json && !verify ? json_array() : NULL;
    if (!json && !verify)
        printf("%s: %s, seed %" PRIu64 ", %zu steps\n", file, game.type->scenario_title(game.sc),
               g.seed, g.nsteps);
    for (size_t i = 0; i < g.nsteps; i++) {
        const gr_record_step *s = &g.steps[i];
        char d[200];
        gr_game_describe(&game, gr_match_state(m), s->action, d, sizeof d);
        const char *who =
            s->player == GR_CHANCE ? "chance" : game.type->player_name(game.sc, s->player);
        if (!json && !verify)
            printf("%5zu %-7s %s\n", i + 1, who, d);
        if (jsteps) {
            json_t *js = json_object();
            json_object_set_new(js, "step", json_integer((json_int_t)(i + 1)));
            json_object_set_new(js, "player", json_string(who));
            json_object_set_new(js, "action", json_string(d));
            ro.events = json_array();
            json_object_set_new(js, "events", ro.events);
            json_array_append_new(jsteps, js);
        }
        /* checked as it is printed: the same stop and message with --verify */
        if (gr_match_replay_step(m, s, i + 1, &err) != GR_OK) {
            cli_err("%s: %s\n", file, err.msg);
            rc = CLI_FAIL;
            goto out;
        }
    }
    const void *st = gr_match_state(m);
    int over = gr_game_current_player(&game, st) == GR_TERMINAL;
    int w = over ? gr_game_winner(&game, st) : GR_ONGOING;
    const char *winner = w >= 0 ? game.type->player_name(game.sc, w) : NULL;
    char hash[24];
    snprintf(hash, sizeof hash, "%016" PRIx64, gr_game_hash(&game, st));
    if (json) {
        json_t *j = json_object();
        cli_json_file(j, file);
        json_object_set_new(j, "scenario", json_string(scn_id));
        json_object_set_new(j, "seed", json_integer((json_int_t)g.seed));
        if (verify) {
            json_object_set_new(j, "verified", json_true());
            json_object_set_new(j, "steps", json_integer((json_int_t)g.nsteps));
            json_object_set_new(j, "final_hash", json_string(hash));
        } else {
            json_object_set_new(j, "steps", jsteps);
            jsteps = NULL;
        }
        json_object_set_new(j, "game_over", json_boolean(over));
        if (!verify)
            json_object_set_new(j, "winner", over && winner ? json_string(winner) : json_null());
        cli_print_json(j);
    } else if (verify) {
        printf("%s: %zu steps verified (%s, seed %" PRIu64 "), final hash %s%s\n", file, g.nsteps,
               scn_id, g.seed, hash, over ? ", game over" : ", game not finished");
    } else if (over) {
        printf("game over: %s\n", winner ? winner : "a draw");
    }
out:
    json_decref(jsteps);
    gr_match_free(m);
    gr_saved_free(&g);
    gr_game_free(&game);
    return rc;
}
