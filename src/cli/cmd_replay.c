/* cmd_replay.c - grognard replay FILE [--verify]: re-run a saved R&E game. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/re.h"
#include "grognard/alloc.h"
#include "grognard/match.h"
#include "grognard/re_io.h"
#include "grognard/save.h"

/* A file error: its one line "FILE:LINE:COL: what; fix" as it is. */
static int io_fail(const gr_error *err)
{
    cli_err("%s\n", err->msg);
    return err->code == GR_EINPUT ? CLI_USAGE : CLI_FAIL;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: grognard replay FILE [--verify] [--scenario PATH] [--lang en|fr] [--json]\n"
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
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return CLI_OK;
        } else if (!strcmp(argv[i], "--verify")) {
            verify = 1;
        } else if (!strcmp(argv[i], "--json")) {
            json = 1;
        } else if (!strcmp(argv[i], "--lang")) {
            gr_error e;
            if (i + 1 >= argc || gr_lang_parse(argv[i + 1], &lang, &e) != GR_OK) {
                cli_err("grognard replay: --lang needs en or fr\n");
                return CLI_USAGE;
            }
            i++;
        } else if (!strcmp(argv[i], "--scenario")) {
            if (i + 1 >= argc) {
                cli_err("grognard replay: --scenario needs a path\n");
                return CLI_USAGE;
            }
            scen = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            cli_err("grognard replay: unknown option '%s'; accepted: --verify, "
                    "--scenario PATH, --lang en|fr, --json, --help\n",
                    argv[i]);
            return CLI_USAGE;
        } else if (file) {
            cli_err("grognard replay: one file only ('%s' and '%s')\n", file, argv[i]);
            return CLI_USAGE;
        } else {
            file = argv[i];
        }
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
    re_scenario *sc = malloc(sizeof *sc);
    if (!sc) {
        cli_err("grognard replay: out of memory\n");
        return CLI_FAIL;
    }
    int rc = CLI_OK;
    json_t *jsteps = NULL; /* --json: the steps printed so far */
    if (gr_save_read(file, &g, &err) != GR_OK) {
        rc = io_fail(&err);
        goto out;
    }
    if (scen) {
        if (re_scenario_load(scen, sc, &err) != GR_OK) {
            rc = io_fail(&err);
            goto out;
        }
    } else if (g.scenario_text) {
        /* format 3: the scenario travels in the save, no file needed */
        if (re_scenario_parse(g.scenario_text, g.scenario_len, "the scenario embedded in the save",
                              sc, &err) != GR_OK) {
            cli_err("%s: %s\n", file, err.msg);
            rc = CLI_USAGE;
            goto out;
        }
    } else {
        char *text = NULL;
        size_t len = 0;
        gr_status ls = cli_save_scenario(file, g.scenario, sc, &text, &len, &err);
        gr_free(text);
        if (ls != GR_OK) {
            rc = io_fail(&err);
            goto out;
        }
    }
    gr_game game = {&re_game_type, sc};
    uint64_t digest = gr_save_scenario_digest(&game, g.version);
    if (digest != g.scenario_digest) {
        cli_err("%s: the scenario %s has changed since the game was saved (digest "
                "%016" PRIx64 ", the save has %016" PRIx64 "); replay it with the "
                "scenario it was played with (--scenario PATH)\n",
                file, scen ? scen : g.scenario, digest, g.scenario_digest);
        rc = CLI_FAIL;
        goto out;
    }
    if (gr_match_new(&game, g.seed, &m, &err) != GR_OK) {
        rc = io_fail(&err);
        goto out;
    }
    if (verify) {
        size_t bad;
        if (gr_match_replay(m, g.steps, g.nsteps, &bad, &err) != GR_OK) {
            cli_err("%s: %s\n", file, err.msg);
            rc = CLI_FAIL;
            goto out;
        }
        const re_state *st = gr_match_state(m);
        if (json) {
            char hash[24];
            snprintf(hash, sizeof hash, "%016" PRIx64, re_hash(sc, st));
            json_t *j = json_object();
            {
                /* a name that is not UTF-8 said as gr_escape says it (\xNN), as
                 * its messages do: JSON holds no other bytes */
                char esc[4 * 4096];
                json_object_set_new(j, "file", json_string(cli_esc(file, esc, sizeof esc)));
            }
            json_object_set_new(j, "scenario", json_string(sc->id));
            json_object_set_new(j, "seed", json_integer((json_int_t)g.seed));
            json_object_set_new(j, "verified", json_true());
            json_object_set_new(j, "steps", json_integer((json_int_t)g.nsteps));
            json_object_set_new(j, "final_hash", json_string(hash));
            json_object_set_new(j, "game_over", json_boolean(re_is_terminal(sc, st)));
            cli_print_json(j);
        } else {
            printf("%s: %zu steps verified (%s, seed %" PRIu64 "), final hash %016" PRIx64 "%s\n",
                   file, g.nsteps, sc->id, g.seed, re_hash(sc, st),
                   re_is_terminal(sc, st) ? ", game over" : ", game not finished");
        }
        goto out;
    }
    /* print the game step by step, every event in the chosen language */
    replay_out ro = {&game, lang, json, NULL};
    gr_match_set_sink(m, replay_event, &ro);
    jsteps = json ? json_array() : NULL;
    if (!json)
        printf("%s: %s, seed %" PRIu64 ", %zu steps\n", file, sc->title, g.seed, g.nsteps);
    for (size_t i = 0; i < g.nsteps; i++) {
        const gr_record_step *s = &g.steps[i];
        char d[200];
        gr_game_describe(&game, gr_match_state(m), s->action, d, sizeof d);
        const char *who = s->player == GR_CHANCE ? "chance"
                          : s->player            ? sc->sides[1].name
                                                 : sc->sides[0].name;
        if (!json)
            printf("%5zu %-7s %s\n", i + 1, who, d);
        json_t *js = NULL;
        if (json) {
            js = json_object();
            json_object_set_new(js, "step", json_integer((json_int_t)(i + 1)));
            json_object_set_new(js, "player", json_string(who));
            json_object_set_new(js, "action", json_string(d));
            ro.events = json_array();
            json_object_set_new(js, "events", ro.events);
            json_array_append_new(jsteps, js);
        }
        /* checked as it is printed: the same stop and message as --verify */
        if (gr_match_replay_step(m, s, i + 1, &err) != GR_OK) {
            cli_err("%s: %s\n", file, err.msg);
            rc = CLI_FAIL;
            goto out;
        }
    }
    const re_state *st = gr_match_state(m);
    int over = re_is_terminal(sc, st), w = over ? re_winner(sc, st) : -1;
    const char *winner = w == 0 || w == 1 ? sc->sides[w].name : NULL;
    if (json) {
        json_t *j = json_object();
        {
            /* a name that is not UTF-8 said as gr_escape says it (\xNN), as
             * its messages do: JSON holds no other bytes */
            char esc[4 * 4096];
            json_object_set_new(j, "file", json_string(cli_esc(file, esc, sizeof esc)));
        }
        json_object_set_new(j, "scenario", json_string(sc->id));
        json_object_set_new(j, "seed", json_integer((json_int_t)g.seed));
        json_object_set_new(j, "steps", jsteps);
        jsteps = NULL;
        json_object_set_new(j, "game_over", json_boolean(over));
        json_object_set_new(j, "winner", over && winner ? json_string(winner) : json_null());
        cli_print_json(j);
    } else if (over) {
        printf("game over: %s\n", winner ? winner : "a draw");
    }
out:
    json_decref(jsteps);
    gr_match_free(m);
    gr_saved_free(&g);
    free(sc);
    return rc;
}
