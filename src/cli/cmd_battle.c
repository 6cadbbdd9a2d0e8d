/* cmd_battle.c - grognard battle: a tabletop battle kept and resolved
 * (battle.h, docs/battle.md): new, status, next, undo, report and the
 * system's verbs, each rewriting the battle file atomically. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli_battle.h"
#include "grognard/battle.h"
#include "grognard/battle_io.h"
#include "grognard/file_io.h"
#include "grognard/oob.h"
#include "grognard/save.h"

/* The battle now: the state of f's match. */
static const gr_battle *battle_of(const gr_battle_file *f)
{
    return gr_bt_game_battle(gr_match_state(f->m));
}

/* Save f's match to `path`, its order of battle embedded (battle_io.h). */
static gr_status write_battle(const gr_battle_file *f, const char *path, gr_error *err)
{
    return gr_save_write_embedded(f->m, f->oob_path, f->oob_text, f->oob_len, path, err);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: grognard battle new SYSTEM OOB --out FILE [--seed N] [--json]\n"
               "       grognard battle status FILE [--json]\n"
               "       grognard battle next FILE [--json]\n"
               "       grognard battle undo FILE [--json]\n"
               "       grognard battle report FILE [--html OUT] [--json]\n"
               "       grognard battle VERB FILE [UNIT] [--target UNIT] [--leader ID]\n"
               "                       [--INPUT VALUE]... [--roll A,B] [--json]\n"
               "       grognard battle VERB FILE --help   (the system's verbs, the phase now)\n\n"
               "The battle companion: the order of battle (docs/oob.md), every unit's losses,\n"
               "disorder, condition, ammunition and guns, the leaders, the turn and the phase.\n"
               "Each verb resolves a test from the battle's state; give only what the table\n"
               "shows (range, cover, flank...).  Dice come from the battle's seed, or --roll\n"
               "takes the faces rolled at the table.  The file is rewritten after each action;\n"
               "undo takes back the last one exactly.  docs/battle.md walks through a battle.\n\n"
               "systems kept:");
    char list[200];
    fprintf(f, " %s\n\nExit status: 0 success, 1 failure, 2 bad input or an action refused.\n",
            gr_battle_systems(" ", list, sizeof list));
}

/* The system's sequence of play and verbs; with a battle, the phase now
 * and the verbs allowed in it marked. */
static void system_help(FILE *f, const gr_battle_rules *r, const gr_battle *b)
{
    fprintf(f, "%s: sequence of play\n", r->system);
    for (size_t k = 0; k < r->nphases; k++)
        fprintf(f, "  %s %-22s %s (%s)\n", b && (size_t)b->phase == k ? "->" : "  ",
                r->phases[k].id, r->phases[k].title, r->phases[k].source);
    if (b)
        fprintf(f, "\nnow: turn %d%s, %s (%s acts)\n", b->turn, b->turns ? "" : " (open)",
                r->phases[b->phase].title, b->side_name[gr_battle_active_side(b)]);
    fprintf(f, "\nverbs (* allowed now):\n");
    fprintf(f, "  %s %-10s %s\n", b ? "*" : " ", "next", "next FILE: go on to the next phase");
    for (size_t i = 0; i < r->nverbs; i++) {
        int now = b && gr_battle_verb_open(b, &r->verbs[i], NULL) == GR_OK;
        fprintf(f, "  %s %-10s %s\n", now ? "*" : " ", r->verbs[i].name, r->verbs[i].help);
    }
    fprintf(f,
            "\nevery verb also takes --roll A,B (the dice rolled at the table) and --json;\n"
            "grognard resolve %s PROCEDURE --help lists a procedure's inputs.\n",
            r->system);
}

/* ---- the state --------------------------------------------------------------- */

static void status_text(FILE *f, const gr_battle *b)
{
    const gr_bt_phase *ph = &b->rules->phases[b->phase];
    fprintf(f, "%s: %s\n", b->system, b->title);
    if (b->turns)
        fprintf(f, "turn %d of %d, ", b->turn, b->turns);
    else
        fprintf(f, "turn %d, ", b->turn);
    fprintf(f, "phase %s: %s (%s acts)\n", ph->id, ph->title,
            b->side_name[gr_battle_active_side(b)]);
    if (b->turns && b->turn > b->turns)
        fprintf(f, "the battle is over: its %d turns are played (grognard battle report)\n",
                b->turns);
    for (int s = 0; s < 2; s++) {
        fprintf(f, "\n%s%s:\n", b->side_name[s], b->first == s ? " (first player)" : "");
        for (int i = 0; i < b->nunits; i++) {
            const gr_bt_unit *u = &b->units[i];
            if (u->side != s)
                continue;
            fputs("  ", f);
            cli_pad(f, u->id, 18, 1);
            cli_pad(f, u->name, 30, 1);
            fprintf(f, "%2d/%-2d %s", gr_bt_unit_stands(u), u->stands,
                    u->removed ? "REMOVED" : gr_battle_condition_label(b, u->condition));
            if (u->disordered)
                fprintf(f, ", disordered");
            if (u->broken)
                fprintf(f, ", broken");
            if (u->ammo)
                fprintf(f, ", ammunition %s", gr_bt_ammo_name(u->ammo));
            if (u->guns)
                fprintf(f, ", guns %s", gr_bt_guns_name(u->guns));
            if (u->guns_silenced)
                fprintf(f, ", %d gun stand(s) silenced", u->guns_silenced);
            if (u->limbered)
                fprintf(f, ", limbered");
            if (u->in_reserve)
                fprintf(f, ", in reserve");
            if (u->fired)
                fprintf(f, ", has acted this phase");
            int al = gr_battle_attached_leader(b, i);
            if (al >= 0)
                fprintf(f, ", with %s", b->leaders[al].name);
            fprintf(f, "\n");
        }
    }
    fprintf(f, "\nleaders:\n");
    for (int i = 0; i < b->nleaders; i++) {
        const gr_bt_leader *l = &b->leaders[i];
        fputs("  ", f);
        cli_pad(f, l->id, 18, 1);
        cli_pad(f, l->name, 30, 1);
        fprintf(f, "%s, %s%s%s: %s", b->side_name[l->side], l->role, l->rating[0] ? ", " : "",
                l->rating, gr_bt_leader_status_name(l->status));
        if (l->status == GR_BT_OUT_OF_ACTION)
            fprintf(f, " (back on turn %d)", l->back_turn);
        if (l->attached >= 0)
            fprintf(f, ", attached to %s", b->units[l->attached].id);
        fprintf(f, "\n");
    }
    fprintf(f, "\nactions: %d   hash: %016" PRIx64 "\n", b->nactions, gr_battle_hash(b));
    fprintf(f, "verbs now: next");
    for (size_t i = 0; i < b->rules->nverbs; i++)
        if (gr_battle_verb_open(b, &b->rules->verbs[i], NULL) == GR_OK)
            fprintf(f, ", %s", b->rules->verbs[i].name);
    fprintf(f, "\n");
}

/* ---- new --------------------------------------------------------------------------- */

static int cmd_new(int argc, char **argv)
{
    const char *out = NULL;
    long seed_v = -1;
    int json = 0, force = 0, npos = 0;
    const cli_opt opts[] = {
        {"--out", CLI_OPT_STR, "FILE", &out, 0, 0},
        {"--seed", CLI_OPT_LONG, "N", &seed_v, 0, INT64_MAX},
        {"--force", CLI_OPT_FLAG, NULL, &force, 0, 0},
        {"--json", CLI_OPT_FLAG, NULL, &json, 0, 0},
    };
    int help = cli_getopts("battle new", argc, argv, opts, sizeof opts / sizeof opts[0], NULL, NULL,
                           &npos);
    if (help != CLI_OK && help != CLI_HELP)
        return help;
    const char *sys = npos > 0 ? argv[0] : NULL, *oob = npos > 1 ? argv[1] : NULL;
    if (help != CLI_HELP && npos > 2) {
        cli_err("grognard battle new: unexpected argument '%s'; usage: grognard battle new "
                "SYSTEM OOB --out FILE [--seed N]\n",
                argv[2]);
        return CLI_USAGE;
    }
    const gr_battle_rules *r = sys ? gr_battle_rules_find(sys) : NULL;
    if (help == CLI_HELP) {
        if (r)
            system_help(stdout, r, NULL);
        else
            usage(stdout);
        return CLI_OK;
    }
    if (!sys || !oob || !out) {
        cli_err("grognard battle new: give SYSTEM, the order of battle and --out FILE: grognard "
                "battle new SYSTEM OOB --out FILE [--seed N]\n");
        return CLI_USAGE;
    }
    if (!r) {
        char list[200];
        cli_err("grognard battle new: the companion keeps no system '%s'; accepted: %s\n", sys,
                gr_battle_systems(", ", list, sizeof list));
        return CLI_USAGE;
    }
    FILE *exists = force ? NULL : fopen(out, "rb");
    if (exists) {
        fclose(exists);
        cli_err("grognard battle new: %s exists; the battle it may hold would be lost: give "
                "another name, or --force to replace it\n",
                out);
        return CLI_USAGE;
    }
    uint64_t seed = seed_v >= 0 ? (uint64_t)seed_v : gr_fresh_seed();
    gr_remove_stale_tmp(out); /* a kill's leftovers in its folder */
    gr_battle_file f = {0};
    gr_error err;
    gr_error_clear(&err);
    if (gr_same_file(oob, out)) /* the battle file never replaces its order of battle */
        gr_error_set(&err, GR_EINPUT,
                     "%s is the order of battle itself; give the battle file another name", out);
    if (err.msg[0] || gr_battle_file_new(oob, r, seed, &f, &err) != GR_OK ||
        write_battle(&f, out, &err) != GR_OK) {
        gr_battle_file_free(&f);
        return cli_fail(&err);
    }
    int rc = CLI_OK;
    if (json) {
        json_t *j = gr_bt_status_json(&f.sc->start, GR_BT_VIEW_ALL);
        cli_json_file(j, out);
        json_object_set_new(j, "seed", json_integer((json_int_t)seed));
        rc = cli_print_json(j);
    } else {
        printf("%s written (seed %" PRIu64 ")\n\n", out, seed);
        status_text(stdout, &f.sc->start);
    }
    gr_battle_file_free(&f);
    return rc;
}

/* ---- a verb ------------------------------------------------------------------------ */

/* A verb's command line: the battle file, --json, --help and --roll
 * taken out; the rest, the verb first, are the test's words
 * (gr_bt_call_parse). */
typedef struct verb_args {
    const char *file;
    int json, help;
    int nw;
    char **w;
    int nrolls;
    int rolls[GR_MAX_ROLLS];
} verb_args;

/* argv[0] is the verb; words are gathered in place, into argv. */
static int parse_verb_args(int argc, char **argv, verb_args *va)
{
    memset(va, 0, sizeof *va);
    va->w = argv;
    va->nw = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        gr_error e;
        gr_error_clear(&e);
        if (!strcmp(a, "--json") || !strcmp(a, "--help") || !strcmp(a, "-h")) {
            va->json |= !strcmp(a, "--json");
            va->help |= strcmp(a, "--json") != 0;
        } else if (!strcmp(a, "--roll")) {
            if (i + 1 >= argc)
                gr_error_set(&e, GR_EINPUT, "--roll needs a value");
            else
                cli_rolls(argv[++i], va->rolls, &va->nrolls, &e);
        } else if (!va->file && (strncmp(a, "--", 2) || !a[2])) {
            va->file = a;
        } else {
            argv[va->nw++] = argv[i]; /* with its value, as the test takes them */
            if (!strncmp(a, "--", 2) && i + 1 < argc && strncmp(argv[i + 1], "--", 2))
                argv[va->nw++] = argv[++i];
        }
        if (e.msg[0]) {
            cli_err("grognard battle %s: %s\n", argv[0], e.msg);
            return 0;
        }
    }
    return 1;
}

/* Take back the last test, its dice with it (gr_match_undo), and rewrite
 * the file. */
static int run_undo(gr_battle_file *f, const verb_args *va)
{
    gr_error err;
    gr_error_clear(&err);
    gr_bt_action a; /* the undone test as it was asked, with its dice */
    size_t at;
    if (gr_bt_last_test(f->m, &a, &at) < 0) {
        cli_err("grognard battle undo: %s has no action to undo\n", va->file);
        return CLI_USAGE;
    }
    if (gr_match_undo(f->m, gr_match_step(f->m, at)->player, &err) != GR_OK ||
        write_battle(f, va->file, &err) != GR_OK)
        return cli_fail(&err);
    const gr_battle *b = battle_of(f);
    char text[400];
    gr_battle_action_text(b, &a, text, sizeof text);
    if (!va->json) {
        printf("undone: %s\n\n", text);
        status_text(stdout, b);
        return CLI_OK;
    }
    json_t *j = gr_bt_status_json(b, GR_BT_VIEW_ALL);
    json_object_set_new(j, "undone", json_string(text));
    return cli_print_json(j);
}

/* Do the test through the battle's match; on success rewrite the file. */
static int run_action(const char *verb, gr_battle_file *f, const verb_args *va)
{
    const gr_battle *b = battle_of(f);
    gr_error err;
    gr_error_clear(&err);
    gr_battle *before = malloc(sizeof *before);
    gr_bt_outcome *out = calloc(1, sizeof *out);
    if (!before || !out) {
        free(before);
        free(out);
        cli_err("grognard battle: out of memory\n");
        return CLI_FAIL;
    }
    memcpy(before, b, sizeof *b);
    int rc = CLI_OK;
    gr_bt_action a;
    memset(&a, 0, sizeof a);
    if (gr_bt_call_parse(b, va->w, va->nw, &a.call, &err) != GR_OK) {
        cli_err("grognard battle %s: %s\n", verb, err.msg);
        rc = CLI_USAGE;
        goto done;
    }
    memcpy(a.rolls, va->rolls, sizeof va->rolls);
    a.nrolls = va->nrolls;
    gr_status st = gr_bt_ask(f->m, &a, out, &err);
    if (st != GR_OK) {
        if (st == GR_EILLEGAL)
            err.code = GR_EINPUT; /* an action refused: bad input, exit 2 */
        rc = cli_fail(&err);
        goto done;
    }
    b = battle_of(f);
    if (write_battle(f, va->file, &err) != GR_OK) {
        rc = cli_fail(&err);
        goto done;
    }
    if (va->json) {
        rc = cli_print_json(gr_bt_wire_outcome(before, b, &a, out));
    } else {
        gr_bt_print_outcome(stdout, before, &a, out);
        const gr_bt_phase *ph = &b->rules->phases[b->phase];
        printf("now: turn %d, %s (%s acts); action %d saved in %s\n", b->turn, ph->title,
               b->side_name[gr_battle_active_side(b)], b->nactions, va->file);
    }
done:
    free(before);
    free(out);
    return rc;
}

int cmd_battle(int argc, char **argv)
{
    if (argc < 1) {
        cli_err("grognard battle: missing command; accepted: new, status, next, undo, report or "
                "a verb of the battle's system (grognard battle --help)\n");
        return CLI_USAGE;
    }
    if (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h") || !strcmp(argv[0], "help")) {
        usage(stdout);
        return CLI_OK;
    }
    const char *verb = argv[0];
    if (!strcmp(verb, "new"))
        return cmd_new(argc - 1, argv + 1);
    verb_args va;
    if (!parse_verb_args(argc, argv, &va))
        return CLI_USAGE;
    if (!va.file) {
        if (va.help) {
            usage(stdout);
            return CLI_OK;
        }
        cli_err("grognard battle %s: give the battle file: grognard battle %s FILE ... "
                "(grognard battle --help)\n",
                verb, verb);
        return CLI_USAGE;
    }
    gr_remove_stale_tmp(va.file); /* a kill's leftovers in its folder */
    gr_battle_file f;
    gr_error err;
    gr_error_clear(&err);
    if (gr_battle_file_read(va.file, NULL, &f, &err) != GR_OK)
        return cli_fail(&err);
    int rc = CLI_OK;
    const gr_battle *b = battle_of(&f);
    int is_report = !strcmp(verb, "report");
    if (va.help) {
        system_help(stdout, b->rules, b);
    } else if (!strcmp(verb, "status")) {
        if (va.nw > 1 || va.nrolls) {
            cli_err("grognard battle status: takes only FILE and --json\n");
            rc = CLI_USAGE;
        } else if (va.json)
            rc = cli_print_json(gr_bt_status_json(b, GR_BT_VIEW_ALL));
        else
            status_text(stdout, b);
    } else if (is_report) {
        int html = va.nw == 3 && !strcmp(va.w[1], "--html");
        if (va.nw > 1 && !html) {
            cli_err("grognard battle report: unknown option %s; accepted: --html OUT, --json\n",
                    va.w[1]);
            rc = CLI_USAGE;
        }
        if (rc == CLI_OK)
            rc = cli_bt_report(va.file, f.m, html ? va.w[2] : NULL, va.json);
    } else if (!strcmp(verb, "undo")) {
        rc = run_undo(&f, &va);
    } else {
        if (strcmp(verb, "next") != 0 && !gr_battle_verb(b, verb)) {
            char list[512];
            size_t n = 0;
            list[0] = '\0';
            for (size_t i = 0; i < b->rules->nverbs && n < sizeof list; i++)
                n += (size_t)snprintf(list + n, sizeof list - n, ", %s", b->rules->verbs[i].name);
            cli_err("grognard battle: unknown command or verb '%s' for %s; accepted: new, status, "
                    "next, undo, report%s (grognard battle %s FILE --help)\n",
                    verb, b->system, list, verb);
            rc = CLI_USAGE;
        } else {
            rc = run_action(verb, &f, &va);
        }
    }
    gr_battle_file_free(&f);
    return rc;
}
