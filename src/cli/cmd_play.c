/* cmd_play.c - grognard play SCENARIO: a game in the terminal (Révolution
 * et Empire's board drawn by cli_board.c), two people at one keyboard or
 * against the computer. */
#include "cli.h"

#include "grognard/file_io.h"
#include "cli_board.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grognard/ai.h"
#include "grognard/alloc.h"
#include "grognard/match.h"
#include "grognard/save.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: grognard play SCENARIO|SAVE [--seed N] [--ai 0|1|both|none] [--ai-kind KIND]\n"
            "                     [--level easy|normal|hard] [--lang en|fr] [--save FILE]\n"
            "                     [--check]\n"
            "\n"
            "Play Revolution et Empire in the terminal.  SCENARIO is a scenario file\n"
            "(data/scenarios/: teaching, austerlitz, marengo, friedland; format in\n"
            "docs/scenarios.md), or a game saved with --save or 'save FILE', to go on\n"
            "with it (its seed, steps and scenario are the save's; it is saved back there\n"
            "unless --save says otherwise).\n"
            "\n"
            "  --seed N      seed of the dice, 0 to 9223372036854775807 (default: a fresh\n"
            "                one, printed so the game can be played again)\n"
            "  --ai WHO      sides the computer plays: 0, 1, both or none (default 1)\n"
            "  --ai-kind K   mcts (default, as on the page: --level normal): a search of\n"
            "                100 simulations a decision; mcts:N, N of them (mcts:250ms: as\n"
            "                many as 250 ms allow); random: any legal action at random,\n"
            "                passing included; eager: a legal action at random among those\n"
            "                that do something, passing only when nothing else is legal;\n"
            "                heuristic: the action whose outcome it judges best one step\n"
            "                ahead (the dice after it sampled); commander, commander:N: the\n"
            "                army commander (every chit in the bowl, a plan per corps; 400\n"
            "                simulations), the strongest\n"
            "  --level L     how hard the computer plays: easy (heuristic), normal (mcts,\n"
            "                100 simulations a decision), hard (commander: the army\n"
            "                commander, 400 simulations; mcts:400 before), commander (the\n"
            "                same); instead of --ai-kind\n"
            "  --lang L      the language of what happens: en (default) or fr (the\n"
            "                rule books' own)\n"
            "  --save FILE   write the game (scenario, seed, every step and state hash) to\n"
            "                FILE when it ends or at 'quit'; check it with grognard replay\n"
            "  --check       only load and check the scenario, print its board and exit\n"
            "\n"
            "At the prompt: a number from the list of legal actions, or the action's text;\n"
            "'actions' lists them, 'board' draws the map, a unit's code (A1) marks the\n"
            "hexes it may move to and a hex typed next ('4,2') moves it there, 'undo'\n"
            "takes back your last decision, 'hint' shows the search's three best\n"
            "actions, 'save FILE', 'quit', 'help'.  Chit choices are hidden from the\n"
            "other player (the screen is cleared between them).\n"
            "Colour on a terminal unless NO_COLOR is set.\n"
            "\n"
            "example: grognard play data/scenarios/teaching.json --seed 7 --save game.json\n");
}

/* ---- the game ------------------------------------------------------------ */

/* The sides a game of the terminal may have. */
#define PLAY_SIDES 2

typedef struct play {
    gr_game game;
    const char *path;
    gr_match *m;
    int computer[PLAY_SIDES];
    gr_ai_kind ai_kind;          /* --level's: the computer sides', and handover's default */
    gr_ai_kind kind[PLAY_SIDES]; /* who plays each computer side now */
    int handed[PLAY_SIDES];      /* a person's side handed to the computer ('handover') */
    int stdin_done;              /* the input has ended: no 'takeback' can come */
    gr_lang lang;
    cli_board *b;
    const char *save;
    const char *scen_text; /* the scenario's text as read, embedded in saves */
    size_t scen_len;
    int hide; /* the events of the step being applied are hidden */
    const gr_action *acts;
    int nacts;
    char *line; /* the prompt's input line (getline) */
    size_t linecap;
    /* the computer's last decision, for 'why': the state it chose in, its
     * side, the best lines of the search that chose (gr_ai_choose_lines),
     * the action */
    unsigned char *why_st;
    int why_p, why_valid, why_n;
    gr_ai_line why_lines[3];
    gr_action why_act;
    gr_ai_kind why_kind;
} play;

/* The longest line the prompt acts on (an action's text is far shorter). */
#define PROMPT_MAX 1000

static const void *cur(const play *P)
{
    return gr_match_state(P->m);
}

static const char *side_name(const play *P, int s)
{
    return P->game.type->player_name(P->game.sc, s);
}

static int turn(const play *P)
{
    return P->game.type->turn ? P->game.type->turn(P->game.sc, cur(P)) : 0;
}

/* 1 if the side p to move chooses what the other must not see (R&E's
 * chits): its legal actions are hidden choices. */
static int hidden_stage(const play *P, int p)
{
    const gr_action *acts;
    int n = gr_match_legal(P->m, &acts);
    return n > 0 && P->game.type->is_hidden_choice(P->game.sc, cur(P), p, acts[0]);
}

/* The event sink: what happened, in the player's language, with the rule. */
static void print_event(void *ctx, const gr_match_event *e)
{
    const play *P = ctx;
    if (P->hide)
        return;
    char text[GR_EVENT_TEXT_MAX];
    gr_game_event_text(&P->game, e->ev, P->lang, text, sizeof text);
    const char *rule = e->ev->rule ? e->ev->rule : "";
    printf("  %s%s%s%s\n", text, rule[0] ? " (" : "", rule, rule[0] ? ")" : "");
}

/* Apply and record one step; print what happened unless `hide` (a chit
 * choice the other player must not see). */
static gr_status step(play *P, gr_action a, int hide, gr_error *err)
{
    P->hide = hide;
    cli_board_unpick(P->b); /* a unit picked to move is picked for one decision */
    gr_status st = gr_match_apply(P->m, a, err);
    P->hide = 0;
    return st;
}

static void list_actions(play *P, int max)
{
    P->nacts = gr_match_legal(P->m, &P->acts);
    int shown = P->nacts < max ? P->nacts : max;
    for (int i = 0; i < shown; i++) {
        char d[200];
        gr_game_describe(&P->game, cur(P), P->acts[i], d, sizeof d);
        printf("  %3d  %s\n", i + 1, d);
    }
    if (shown < P->nacts)
        printf("  ... %d more; type 'actions' to list all\n", P->nacts - shown);
}

/* Save the game to `path`; `goes_on`: asked at the prompt, so a failure
 * says the game is not lost and how to save it elsewhere. */
/* 1 (after saying so) if the folder of `save` does not exist or cannot be
 * written: found at the start, not when the game is over. */
static int save_folder_missing(const char *save)
{
    char dir[4096];
    const char *slash = strrchr(save, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == save)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - save), save);
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        cli_err("grognard play: --save %s: the folder %s does not exist; create it or choose "
                "another path (checked before the game, so that no game is lost)",
                save, dir);
        return 1;
    }
    if (access(dir, W_OK) != 0) {
        cli_err("grognard play: --save %s: the folder %s cannot be written (%s); choose another "
                "path",
                save, dir, strerror(errno));
        return 1;
    }
    return 0;
}

/* Where a game goes when its save fails at the end: the temporary folder. */
static int rescue(play *P, char *buf, size_t cap)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    snprintf(buf, cap, "%s/grognard-rescue-%" PRIu64 "-%ld.json", dir, gr_match_seed(P->m),
             (long)getpid());
    gr_error err;
    gr_error_clear(&err);
    return gr_save_write_embedded(P->m, P->path, P->scen_text, P->scen_len, buf, &err) == GR_OK;
}

static int save_game(play *P, const char *path, int goes_on)
{
    gr_error err;
    gr_error_clear(&err);
    if (gr_save_write_embedded(P->m, P->path, P->scen_text, P->scen_len, path, &err) != GR_OK) {
        char spare[1024];
        if (goes_on)
            cli_err("grognard play: %s; the game is not lost: it goes on, save it to another "
                    "file with 'save FILE'\n",
                    err.msg);
        else if (rescue(P, spare, sizeof spare))
            cli_err("grognard play: %s; the game is not lost: it was saved to %s (go on with "
                    "it: grognard play %s)\n",
                    err.msg, spare, spare);
        else
            cli_err("grognard play: %s, and it could not be saved in the temporary folder "
                    "either\n",
                    err.msg);
        return CLI_FAIL;
    }
    char shown[1024];
    cli_esc(path, shown, sizeof shown);
    printf("saved %zu steps to %s (check it: grognard replay %s --verify)\n", gr_match_steps(P->m),
           shown, shown);
    return CLI_OK;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    size_t k = 0;
    while (s[k] && isspace((unsigned char)s[k]))
        k++;
    memmove(s, s + k, n - k + 1);
}

static void prompt_help(void)
{
    printf("  N            play action number N of the list\n"
           "  TEXT         play the action written as in the list (e.g. the move's text)\n"
           "  actions      list every legal action\n"
           "  CODE         a unit's code (e.g. A1): the board with the hexes it may move\n"
           "               to (++ it may still fight after, -- not), then type the hex\n"
           "               'col,row' to move it there\n"
           "  board        draw the map;  units: list the units and their strength\n"
           "  hint         the search's three best actions (400 simulations from what\n"
           "               you can see), with their shares and chances of winning\n"
           "  why          why the computer played its last decision: its search's three\n"
           "               best, their shares, win estimates (95%% interval), expected\n"
           "               losses and the plan's task for the unit\n"
           "  threat       for each of your units, how often an enemy bent on attacking\n"
           "               costs it figures before the turn ends, and how many on average\n"
           "               (from what you can see: its hidden chits are guessed)\n"
           "  handover L   hand your side to the computer at level L (easy, normal,\n"
           "               hard, or a player's name: mcts:200, commander...; none: the\n"
           "               game's --level); 'takeback' at any time gives it back\n"
           "  undo         take back your last decision (never a die rolled or a chit\n"
           "               drawn: the dice stay as they fell; nor the other player's\n"
           "               decision, unless the computer made it)\n"
           "  save FILE    write the game so far;  quit: stop (saving to --save FILE)\n");
}

/* One line of input, whole whatever its length, into P->line; 0 at the end
 * of input. */
static int read_line(play *P)
{
    ssize_t n = getline(&P->line, &P->linecap, stdin);
    if (n < 0)
        return 0;
    trim(P->line);
    return 1;
}

/* The search's budget for a hint: the hard level's. */
#define HINT_SIMS 400

/* The search's three best actions for the player to move, from what that
 * player may know; its own stream, seeded by the game and the position, so
 * the hint is the same each time it is asked and the game's dice and the
 * computer's choices are not changed by asking. */
static void hint(play *P)
{
    gr_ai_kind k = {GR_AI_MCTS, HINT_SIMS, 0};
    gr_rng rng;
    gr_rng_seed(&rng, gr_match_seed(P->m) ^ gr_game_hash(&P->game, cur(P)));
    gr_ai_line best[3];
    int n = gr_ai_search(&P->game, cur(P), k, P->acts, P->nacts, &rng, best, 3);
    if (n < 1) {
        printf("no hint: out of memory\n");
        return;
    }
    printf("hint (a search of %d simulations; win: its estimate of your chance of winning):\n",
           HINT_SIMS);
    for (int i = 0; i < n; i++) {
        int num = 0;
        for (int j = 0; j < P->nacts && !num; j++)
            num = P->acts[j] == best[i].action ? j + 1 : 0;
        char d[200];
        gr_game_describe(&P->game, cur(P), best[i].action, d, sizeof d);
        printf("  %4d  %-44s %3.0f%% of the search, win %3.0f%%\n", num, d, 100 * best[i].share,
               100 * best[i].win);
    }
}

/* Why the computer played its last decision: the search that chose it,
 * its three best actions with their share of the simulations, the win estimate with
 * a 95% interval (the normal one, the variance of a result in 0..1 at most
 * w(1 - w)), the figures each side is expected to lose by the action, and
 * the commander's plan for the unit.  Asked by side p: a hidden choice of
 * the other side (a chit put in the bowl) is not explained. */
static void why(play *P, int p)
{
    const gr_game *g = &P->game;
    if (!P->why_valid) {
        printf("why: the computer has made no decision with a choice yet\n");
        return;
    }
    if (P->why_p != p && g->type->is_hidden_choice &&
        g->type->is_hidden_choice(g->sc, P->why_st, P->why_p, P->why_act)) {
        printf("why: the computer's last decision was a hidden one (which chit went in is "
               "not shown)\n");
        return;
    }
    if (P->why_kind.algo != GR_AI_MCTS && P->why_kind.algo != GR_AI_COMMANDER) {
        char name[32];
        printf("why: the computer player %s does not search (why needs mcts or commander: "
               "--level normal, hard or commander)\n",
               gr_ai_kind_name(P->why_kind, name, sizeof name));
        return;
    }
    const gr_ai_line *best = P->why_lines;
    int m = P->why_n;
    if (m < 1) { /* the search had no memory for its tree */
        printf("why: out of memory\n");
        return;
    }
    char name[32], d[200];
    gr_game_describe(g, P->why_st, P->why_act, d, sizeof d);
    printf("why %s (computer, %s) played %s: its search's three best\n", side_name(P, P->why_p),
           gr_ai_kind_name(P->why_kind, name, sizeof name), d);
    for (int i = 0; i < m; i++) {
        gr_ai_why w;
        gr_ai_why_of(g, P->why_st, &best[i], &w);
        gr_game_describe(g, P->why_st, best[i].action, d, sizeof d);
        printf("  %s %-44s %3.0f%% of the search, win %3.0f%% (95%%: %.0f%% to %.0f%%)\n",
               best[i].action == P->why_act ? "*" : " ", d, 100 * best[i].share, 100 * w.line.win,
               100 * w.win_lo, 100 * w.win_hi);
        if (w.has_losses)
            printf("      expected figures lost: %s %.2f, %s %.2f\n", side_name(P, P->why_p),
                   w.lost[P->why_p], side_name(P, 1 - P->why_p), w.lost[1 - P->why_p]);
        if (w.task[0])
            printf("      the plan: %s\n", w.task);
    }
}

/* The enemy's threat to each of side p's units (gr_ai_threat), from what
 * p may see, the most threatened first. */
static void threat(play *P, int p)
{
    const gr_game *g = &P->game;
    int cap = 4096;
    gr_ai_threat_unit *t = malloc((size_t)cap * sizeof *t);
    int n = t ? gr_ai_threat(g, cur(P), p, t, cap) : -1;
    if (n < 0) {
        printf("threat: %s\n",
               t ? "this game cannot tell (it names no units' strength)" : "out of memory");
        free(t);
        return;
    }
    if (n > cap)
        n = cap;
    /* the most threatened first: by expected loss, then odds (insertion
     * sort: stable, the type's order among equals) */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && (t[j].lost > t[j - 1].lost ||
                                  (t[j].lost == t[j - 1].lost && t[j].odds > t[j - 1].odds));
             j--) {
            gr_ai_threat_unit x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
    printf("threat to %s: an enemy bent on attacking, until the end of the turn, %d "
           "samples of its hidden chits and the dice\n",
           side_name(P, p), GR_AI_THREAT_SAMPLES);
    for (int i = 0; i < n; i++) {
        const char *name = cli_board_unit_name(P->b, t[i].unit);
        char fallback[32];
        snprintf(fallback, sizeof fallback, "unit %d", t[i].unit);
        printf("  %-28s %2d,%-2d  %3.0f%% loses figures, %.2f expected\n", name ? name : fallback,
               t[i].col, t[i].row, 100 * t[i].odds, t[i].lost);
    }
}

/* The computer player of a --level word (easy, normal, hard, commander),
 * NULL for another word. */
static const char *level_player(const char *level)
{
    static const char *const levels[][2] = {{"easy", "heuristic"},
                                            {"normal", "mcts"},
                                            {"hard", "commander"},
                                            {"commander", "commander"}};
    for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++)
        if (!strcmp(level, levels[l][0]))
            return levels[l][1];
    return NULL;
}

/* Hand side p to the computer at `level` (a --level word or a player's
 * name; "" the game's --level): it plays p's decisions from now on, each
 * recorded as its own, until 'takeback'.  1 if handed over. */
static int handover(play *P, int p, const char *level)
{
    while (*level == ' ')
        level++;
    gr_ai_kind k = P->ai_kind;
    gr_error err;
    gr_error_clear(&err);
    if (*level &&
        gr_ai_kind_parse(level_player(level) ? level_player(level) : level, &k, &err) != GR_OK) {
        printf("handover: %s; or a level: easy, normal, hard (nothing was done)\n", err.msg);
        return 0;
    }
    char name[32];
    gr_ai_kind_name(k, name, sizeof name);
    P->computer[p] = P->handed[p] = 1;
    P->kind[p] = k;
    gr_match_set_computer(P->m, p, 1);
    gr_match_set_by(P->m, p, name);
    printf("the computer (%s) plays %s from now on; type 'takeback' (and Enter) at any time to "
           "take it back\n",
           name, side_name(P, p));
    return 1;
}

/* Every side handed to the computer back to its person. */
static void takeback(play *P)
{
    for (int s = 0; s < PLAY_SIDES; s++)
        if (P->handed[s]) {
            P->computer[s] = P->handed[s] = 0;
            gr_match_set_computer(P->m, s, 0);
            gr_match_set_by(P->m, s, "human");
            printf("%s is yours again\n", side_name(P, s));
        }
}

/* While no side is a person's (both the computer's, one handed over), a
 * line typed between two decisions: 'takeback' gives the handed sides
 * back, 'quit' stops (3).  0 otherwise. */
static int between_decisions(play *P)
{
    if (P->stdin_done || (!P->handed[0] && !P->handed[1]) || !P->computer[0] || !P->computer[1])
        return 0;
    struct pollfd pfd = {0, POLLIN, 0};
    if (poll(&pfd, 1, 0) <= 0)
        return 0;
    if (!read_line(P)) {
        P->stdin_done = 1; /* the computer plays on */
        return 0;
    }
    trim(P->line);
    if (!strcmp(P->line, "takeback")) {
        takeback(P);
        return 0;
    }
    if (!strcmp(P->line, "quit") || !strcmp(P->line, "q"))
        return 3;
    if (P->line[0])
        printf("the computer plays your side: type 'takeback' to take it back, or 'quit'\n");
    return 0;
}

/* Ask the human side p for an action.  Returns 1 with *out set, 0 at the
 * end of input, 3 on quit, 2 after undo (the state changed: start over). */
static int ask(play *P, int p, gr_action *out)
{
    for (;;) {
        printf("%s> ", side_name(P, p));
        fflush(stdout);
        if (!read_line(P)) {
            printf("\n");
            return 0;
        }
        char *line = P->line;
        if (!line[0])
            continue;
        if (strlen(line) > PROMPT_MAX) {
            printf("that line is %zu characters long; an action or a command is at most %d "
                   "(nothing was done)\n",
                   strlen(line), PROMPT_MAX);
            continue;
        }
        if (!strcmp(line, "help") || !strcmp(line, "?")) {
            prompt_help();
            continue;
        }
        if (!strcmp(line, "quit") || !strcmp(line, "q"))
            return 3;
        if (!strcmp(line, "board") || !strcmp(line, "b")) {
            cli_board_draw(P->b, stdout, cur(P));
            continue;
        }
        if (!strcmp(line, "units")) {
            cli_board_units(P->b, stdout, cur(P));
            continue;
        }
        if (!strcmp(line, "actions") || !strcmp(line, "a")) {
            list_actions(P, P->game.type->max_actions);
            continue;
        }
        if (!strcmp(line, "save")) {
            printf("save needs a file name: save FILE (e.g. save game.json)\n");
            continue;
        }
        if (!strncmp(line, "save ", 5)) {
            char *path = line + 5;
            trim(path);
            save_game(P, path, 1);
            continue;
        }
        if (!strcmp(line, "hint")) {
            hint(P);
            continue;
        }
        if (!strcmp(line, "handover") || !strncmp(line, "handover ", 9)) {
            if (handover(P, p, line[8] ? line + 9 : ""))
                return 2;
            continue;
        }
        if (!strcmp(line, "takeback")) {
            if (P->handed[0] || P->handed[1]) /* the other person's side, at one table */
                takeback(P);
            else
                printf("takeback: no side is handed to the computer; 'handover LEVEL' hands "
                       "yours to it\n");
            continue;
        }
        if (!strcmp(line, "threat")) {
            threat(P, p);
            continue;
        }
        if (!strcmp(line, "why")) {
            why(P, p);
            continue;
        }
        if (!strcmp(line, "undo") || !strcmp(line, "u")) {
            gr_error err;
            gr_error_clear(&err);
            /* what will be taken back: p's last decision and the steps after it */
            size_t n = gr_match_steps(P->m), last = n;
            while (last > 0 && gr_match_step(P->m, last - 1)->player != p)
                last--;
            gr_action mine = last ? gr_match_step(P->m, last - 1)->action : 0;
            if (gr_match_undo(P->m, p, &err) != GR_OK) {
                char said[GR_ERROR_MSG];
                printf("%s\n", gr_text_flags(err.msg, said, sizeof said));
                continue;
            }
            char d[200];
            gr_game_describe(&P->game, cur(P), mine, d, sizeof d);
            printf("undone: back to your previous decision ('%s'", d);
            if (n > last)
                printf(", and the %zu step%s after it", n - last, n - last > 1 ? "s" : "");
            printf(")\n");
            return 2;
        }
        P->nacts = gr_match_legal(P->m, &P->acts);
        if (cli_board_pick(P->b, stdout, cur(P), P->acts, P->nacts, line))
            continue;
        int pm = cli_board_picked_move(P->b, stdout, P->acts, P->nacts, line, out);
        if (pm > 0)
            return 1;
        if (pm < 0)
            continue;
        char *end;
        errno = 0;
        long n = strtol(line, &end, 10);
        if (*end == '\0' && errno == 0) {
            if (n < 1 || n > P->nacts) {
                printf("no action %ld; choose 1 to %d ('actions' lists them)\n", n, P->nacts);
                continue;
            }
            *out = P->acts[n - 1];
            return 1;
        }
        gr_error err;
        gr_error_clear(&err);
        if (gr_game_parse(&P->game, cur(P), line, out, &err) == GR_OK)
            return 1;
        char said[GR_ERROR_MSG];
        printf("%s\n(type a number from the list, 'actions' or 'help')\n",
               gr_text_flags(err.msg, said, sizeof said));
    }
}

static int run(play *P)
{
    gr_error err;
    gr_error_clear(&err);
    int last_human = -1, asked = 0;
    for (;;) {
        int p = gr_match_current_player(P->m);
        if (p == GR_TERMINAL)
            break;
        if (p == GR_CHANCE) {
            if (gr_match_step_chance(P->m, &err) != GR_OK)
                goto fail;
            continue;
        }
        gr_action a;
        if (P->computer[p]) {
            const gr_action *acts;
            int n = gr_match_legal(P->m, &acts);
            if (P->why_st) {
                memcpy(P->why_st, cur(P), P->game.type->state_size);
                P->why_p = p;
            }
            a = gr_ai_choose_lines(&P->game, cur(P), P->kind[p], acts, n,
                                   gr_match_player_rng(P->m, p), P->why_lines, 3, &P->why_n);
            P->why_valid = P->why_st != NULL && n > 1;
            P->why_act = a;
            P->why_kind = P->kind[p];
            int hide = hidden_stage(P, p) && !P->computer[1 - p];
            char d[200];
            gr_game_describe(&P->game, cur(P), a, d, sizeof d);
            if (hide) {
                printf("%s (computer) %s\n", side_name(P, p),
                       cli_board_hidden_note(P->b, cur(P), p, a));
            } else {
                printf("%s (computer): %s\n", side_name(P, p), d);
            }
            if (step(P, a, hide, &err) != GR_OK)
                goto fail;
            if (P->handed[p] && between_decisions(P) == 3) {
                printf("game stopped at turn %d\n", turn(P));
                return P->save ? save_game(P, P->save, 0) : CLI_OK;
            }
            continue;
        }
        /* a human decides */
        int hidden = hidden_stage(P, p);
        if (hidden && last_human >= 0 && last_human != p && !P->computer[1 - p]) {
            /* hide the previous player's chit choices from this one: the
             * screen and its scrollback cleared on a terminal */
            int cleared = cli_clear_screen(stdout);
            printf("-- %s: your turn to choose chits%s --\n", side_name(P, p),
                   cleared ? " (the screen above was cleared)" : "");
        }
        last_human = p;
        cli_board_status(P->b, stdout, cur(P));
        if (!hidden || !asked)
            cli_board_draw(P->b, stdout, cur(P));
        asked = 1;
        list_actions(P, 40);
        int r = ask(P, p, &a);
        if (r == 0 || r == 3) {
            /* quit is a normal end (exit 0); input that ends mid-game is not */
            printf("game stopped at turn %d\n", turn(P));
            int saved = P->save ? save_game(P, P->save, 0) : CLI_OK;
            return r == 3 && saved == CLI_OK ? CLI_OK : CLI_FAIL;
        }
        if (r == 2) {
            last_human = -1;
            continue;
        }
        gr_status s = step(P, a, 0, &err);
        if (s == GR_EILLEGAL) {
            char said[GR_ERROR_MSG];
            printf("%s\n", gr_text_flags(err.msg, said, sizeof said));
            continue;
        }
        if (s != GR_OK)
            goto fail;
    }
    cli_board_result(P->b, stdout, cur(P));
    if (P->save && save_game(P, P->save, 0) != CLI_OK)
        return CLI_FAIL;
    return CLI_OK;
fail:
    cli_err("grognard play: %s\n", err.msg);
    return CLI_FAIL;
}

int cmd_play(int argc, char **argv)
{
    gr_error err;
    gr_error_clear(&err);
    const char *path = NULL, *save = NULL;
    uint64_t seed = 0;
    int has_seed = 0;
    int computer[PLAY_SIDES] = {0, 1}, check = 0;
    /* the default opponent is the page's (web/js/start.js): the search, as
     * --level normal */
    gr_ai_kind ai_kind = gr_ai_kind_of(GR_AI_MCTS);
    const char *level = NULL, *kind_given = NULL, *lang_v = NULL;
    gr_lang lang = GR_LANG_EN;
    long seed_v = -1;
    const char *ai_v = NULL;
    const cli_opt opts[] = {
        {"--seed", CLI_OPT_LONG, "N", &seed_v, 0, INT64_MAX},
        {"--ai", CLI_OPT_STR, "0|1|both|none", &ai_v, 0, 0},
        {"--ai-kind", CLI_OPT_STR, "eager|heuristic|random|mcts|mcts:N", &kind_given, 0, 0},
        {"--level", CLI_OPT_STR, "easy|normal|hard", &level, 0, 0},
        {"--lang", CLI_OPT_STR, "en|fr", &lang_v, 0, 0},
        {"--save", CLI_OPT_STR, "FILE", &save, 0, 0},
        {"--check", CLI_OPT_FLAG, NULL, &check, 0, 0},
    };
    int npos = 0;
    int rc0 =
        cli_getopts("play", argc, argv, opts, sizeof opts / sizeof opts[0], NULL, usage, &npos);
    if (rc0 != CLI_OK)
        return rc0 == CLI_HELP ? CLI_OK : rc0;
    if (npos > 1) {
        cli_err("grognard play: one scenario only ('%s' and '%s'); see grognard "
                "play --help\n",
                argv[0], argv[1]);
        return CLI_USAGE;
    }
    path = npos ? argv[0] : NULL;
    if (seed_v >= 0) {
        seed = (uint64_t)seed_v;
        has_seed = 1;
    }
    if (level) {
        const char *kind = level_player(level);
        if (!kind) {
            cli_err("grognard play: --level '%s' is not accepted; use easy, normal or "
                    "hard, or commander (the army commander)\n",
                    level);
            return CLI_USAGE;
        }
        gr_ai_kind_parse(kind, &ai_kind, &err);
    }
    if (kind_given && gr_ai_kind_parse(kind_given, &ai_kind, &err) != GR_OK) {
        cli_err("grognard play: --ai-kind: %s\n", err.msg);
        return CLI_USAGE;
    }
    if (lang_v && gr_lang_parse(lang_v, &lang, &err) != GR_OK) {
        cli_err("grognard play: --lang: %s\n", err.msg);
        return CLI_USAGE;
    }
    if (ai_v) {
        if (strcmp(ai_v, "0") && strcmp(ai_v, "1") && strcmp(ai_v, "both") &&
            strcmp(ai_v, "none")) {
            cli_err("grognard play: --ai '%s' is not accepted; use 0, 1, both or "
                    "none\n",
                    ai_v);
            return CLI_USAGE;
        }
        computer[0] = !strcmp(ai_v, "0") || !strcmp(ai_v, "both");
        computer[1] = !strcmp(ai_v, "1") || !strcmp(ai_v, "both");
    }
    if (level && kind_given) {
        cli_err("grognard play: --level %s and --ai-kind %s both choose the computer player; "
                "give one of them\n",
                level, kind_given);
        return CLI_USAGE;
    }
    if (!path) {
        cli_err("grognard play: missing SCENARIO, e.g. grognard play "
                "data/scenarios/teaching.json (grognard play --help)\n");
        return CLI_USAGE;
    }
    play *P = calloc(1, sizeof *P);
    if (!P) {
        cli_err("grognard play: out of memory\n");
        return CLI_FAIL;
    }
    int rc = CLI_OK;
    gr_saved resumed;
    memset(&resumed, 0, sizeof resumed);
    int resume = 0;
    char *scen_text = NULL; /* the scenario's text, embedded in the saves */
    size_t scen_len = 0;
    int embedded = 0; /* the resumed save carried its scenario */
    if (cli_load_scenario(path, NULL, &P->game, &scen_text, &scen_len, &err) != GR_OK) {
        /* not a scenario: a saved game to go on with? */
        gr_error serr;
        gr_error_clear(&serr);
        if (gr_save_read(path, &resumed, &serr) == GR_OK) {
            resume = 1;
        } else {
            /* a file that names a save format is a save: its error says more */
            rc = cli_io_fail(resumed.recognised ? &serr : &err);
            goto out;
        }
        const char *save_path = path;
        path = resumed.scenario;
        embedded = resumed.scenario_text != NULL;
        if (cli_saved_game(save_path, &resumed, NULL, &P->game, &scen_text, &scen_len, &err) !=
            GR_OK) {
            rc = cli_io_fail(&err);
            goto out;
        }
        if (!save)
            save = save_path; /* go on saving where the game was */
        if (has_seed && seed != resumed.seed) {
            cli_err("grognard play: --seed %" PRIu64 " differs from the saved game's seed %" PRIu64
                    "; a resumed game keeps its seed (leave out --seed)",
                    seed, resumed.seed);
            rc = CLI_USAGE;
            goto out;
        }
        seed = resumed.seed;
        has_seed = 1;
    }
    if (P->game.type->not_enumerable) {
        /* the companion's games: the table gives facts the prompt does not
         * ask for, and the computer players cannot list their actions */
        cli_err("grognard play: %s: a game of \"%s\" (%s) is played with `grognard battle` "
                "(grognard battle --help)\n",
                path, P->game.type->id, P->game.type->name);
        rc = CLI_USAGE;
        goto out;
    }
    if (save && save_folder_missing(save)) {
        rc = CLI_USAGE;
        goto out;
    }
    if (save && gr_save_check_path(path, save, &err) != GR_OK) {
        cli_err("grognard play: --save %s\n", err.msg);
        rc = CLI_USAGE;
        goto out;
    }
    if (P->game.type->players != PLAY_SIDES) {
        cli_err("grognard play: %s is a game of %d sides; the terminal plays games of two", path,
                P->game.type->players);
        rc = CLI_USAGE;
        goto out;
    }
    /* a copy of the state of the computer's last decision, for 'why' (none:
     * 'why' says there is nothing to explain) */
    P->why_st = malloc(P->game.type->state_size);
    if (!(P->b = cli_board_open(&P->game))) {
        cli_err("grognard play: out of memory\n");
        rc = CLI_FAIL;
        goto out;
    }
    P->path = path;
    P->save = save;
    P->scen_text = scen_text;
    P->scen_len = scen_len;
    if (check) {
        printf("%s: ", path);
        cli_board_summary(P->b, stdout);
        printf(": OK\n");
        cli_board_draw(P->b, stdout, NULL);
        cli_board_units(P->b, stdout, NULL);
        goto out;
    }
    if (!has_seed)
        seed = gr_fresh_seed();
    if (gr_match_new(&P->game, seed, &P->m, &err) != GR_OK) {
        rc = cli_io_fail(&err);
        goto out;
    }
    if (resume) {
        size_t bad;
        if (gr_match_replay(P->m, resumed.steps, resumed.nsteps, &bad, &err) != GR_OK) {
            cli_err("grognard play: %s: the saved game does not replay: %s", save, err.msg);
            rc = CLI_FAIL;
            goto out;
        }
    }
    gr_match_set_sink(P->m, print_event, P);
    P->ai_kind = ai_kind;
    P->lang = lang;
    for (int s = 0; s < PLAY_SIDES; s++) {
        char name[32];
        P->computer[s] = computer[s];
        P->kind[s] = ai_kind;
        gr_match_set_computer(P->m, s, computer[s]);
        gr_match_set_by(P->m, s,
                        computer[s] ? gr_ai_kind_name(ai_kind, name, sizeof name) : "human");
    }
    printf("%s (%s), seed %" PRIu64 "; %s: %s, %s: %s. Type 'help' at the prompt.\n",
           P->game.type->scenario_title(P->game.sc), path, seed, side_name(P, 0),
           computer[0] ? "computer" : "human", side_name(P, 1), computer[1] ? "computer" : "human");
    if (resume) {
        printf("resumed %s after %zu steps, at turn %d (%s); saving to %s\n", save, resumed.nsteps,
               turn(P),
               embedded ? "its scenario is carried in the save" : "its scenario read from the file",
               save);
        cli_board_units(P->b, stdout, cur(P));
    } else {
        cli_board_units(P->b, stdout, NULL);
    }
    if (P->game.type->briefing) {
        json_t *doc = cli_scenario_doc(path); /* the same briefing as grognard scenario info */
        P->game.type->briefing(P->game.sc, doc, stdout);
        json_decref(doc);
    }
    rc = run(P);
out:
    gr_saved_free(&resumed);
    gr_free(scen_text);
    gr_match_free(P->m);
    free(P->line);
    free(P->why_st);
    cli_board_free(P->b);
    gr_game_free(&P->game);
    free(P);
    return rc;
}
