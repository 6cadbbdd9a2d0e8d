/* cmd_resolve.c - grognard resolve SYSTEM PROCEDURE [situation] [--seed N | --roll A,B] [--json]
 *
 * The situation comes as flags or as a JSON object on stdin ('-').  Out
 * come every modifier with its reason and source, the roll, the table
 * read, the result with its effect text, and the odds before the roll. */
#include "cli.h"

#include "grognard/file_io.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(FILE *f, const gr_system *s, const gr_procedure *p)
{
    if (!p) {
        fprintf(f,
                "usage: grognard resolve SYSTEM PROCEDURE [--INPUT VALUE]... [-] "
                "[--seed N | --roll A[,B]] [--json]\n\n"
                "Resolve a fire, combat or maneuver: every modifier with its reason, the roll\n"
                "(from --seed, or the faces you rolled with --roll), the result and its effect,\n"
                "and the odds of every result before the roll.  The situation is given as\n"
                "flags, or as a JSON object on stdin with '-'.\n\n"
                "`grognard systems` lists the procedures; `grognard resolve SYSTEM PROCEDURE\n"
                "--help` their inputs.\n\n"
                "example: grognard resolve aoe fire --firer artillery --artillery-class other "
                "--weight light --range 4 --seed 7\n");
        if (s) {
            fprintf(f, "\nprocedures of %s:", s->id);
            for (size_t i = 0; i < s->nprocedures; i++)
                fprintf(f, "%s %s", i ? "," : "", s->procedures[i]->name);
            fprintf(f, "\n");
        }
        return;
    }
    fprintf(f,
            "usage: grognard resolve %s %s [--INPUT VALUE]... [-] [--seed N | --roll ...] "
            "[--json]\n\n%s (%s): %s\n\ninputs:\n",
            s->id, p->name, p->title, s->title, p->source);
    cli_print_params_help(f, p->params, p->nparams, -1);
    fprintf(f, "  --%-22s %s\n", "seed N", "roll the dice from this seed (same seed, same roll)");
    char rolls[GR_TEXT_FLAGS];
    fprintf(f, "  --%-22s %s\n", "roll ...",
            p->rolls_help ? gr_text_flags(p->rolls_help, rolls, sizeof rolls) : "the faces rolled");
    fprintf(f, "  %-24s   %s\n", "-", "read the situation as a JSON object on stdin");
    fprintf(f, "\nexample: %s\n", p->example ? p->example : "");
}

static void print_text(const gr_system *s, const gr_procedure *p, const gr_args *a,
                       const gr_resolution *r, const cli_opts *o)
{
    printf("%s %s: %s (%s)\n", s->id, p->name, p->title, p->source);
    printf("  situation: ");
    cli_print_args(stdout, p->params, p->nparams, a);
    printf("\n");
    gr_print_values_mods(stdout, r);
    for (int i = 0; i < r->nrolls; i++) {
        const gr_roll_record *rr = &r->rolls[i];
        printf("  roll (%s, %s): ", rr->name, gr_roll_name(rr->kind));
        for (int k = 0; k < rr->nfaces; k++)
            printf("%s%d", k ? (rr->kind == GR_ROLL_2D6 ? "+" : " vs ") : "", rr->faces[k]);
        if (rr->nfaces > 1)
            printf(" = %d", rr->total);
        printf(rr->typed ? " (typed in)\n" : " (seed %" PRIu64 ")\n", o->seed);
    }
    for (int i = 0; i < r->nsteps; i++) {
        const gr_step *st = &r->steps[i];
        const gr_outcome *out = &st->table->outcomes[st->cell.outcome];
        printf("  %s: %s", st->what, st->table->title);
        if (st->table->roll_param >= 0)
            printf(", score %d%s%+d = %d", st->roll >= 0 ? r->rolls[st->roll].total : 0, "",
                   st->modifier, st->score);
        printf("\n    cell:   %s\n    result: %s - %s\n", st->cell.cell ? st->cell.cell : "",
               out->id, out->label);
        for (int k = 0; k < st->cell.nfields; k++)
            if (st->cell.fields[k].kind == GR_F_STR && !(st->silent & (1u << k)))
                printf("    %s: %s\n", st->cell.fields[k].key, st->cell.fields[k].s);
        cli_print_effect(s, st->table, &st->cell, "    ");
        gr_odds odds;
        if (st->has_odds && gr_step_odds(st, &odds, NULL) == GR_OK) {
            printf("    odds before the roll (%s %+d):\n", gr_roll_name(st->table->roll),
                   st->modifier);
            gr_print_odds(stdout, st->table, &st->args, &odds, "      ");
        }
    }
    char note[GR_TEXT_FLAGS];
    for (int i = 0; i < r->nnotes; i++)
        printf("  note: %s\n", gr_text_flags(r->notes[i], note, sizeof note));
}

/* The die the sheet asks for next, asked of the player at a terminal by its
 * name ("Leader loss test (natural 10)"): 1 with the values in out, 0 if
 * none is given (end of input). */
static int ask_die(void *ctx, const char *name, gr_roll_kind k, int parts, int lo, int hi, int *out)
{
    const gr_resolution *r = ctx;
    if (r && r->nsteps > 0) { /* what the dice so far gave, before the next */
        const gr_step *st = &r->steps[r->nsteps - 1];
        const gr_outcome *o = &st->table->outcomes[st->cell.outcome];
        printf("  %s: score %d, %s - %s\n", st->what, st->score, o->id, o->label);
    }
    char line[128];
    for (;;) {
        if (parts == 2)
            printf("  roll now: %s (%s): the attacker's and the defender's, %d to %d each "
                   "(e.g. 7,3): ",
                   name, gr_roll_name(k), lo, hi);
        else
            printf("  roll now: %s (%s), %d to %d: ", name, gr_roll_name(k), lo, hi);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin))
            return 0;
        int a = 0, b = 0, n = sscanf(line, "%d ,%d", &a, &b);
        if (n >= parts && a >= lo && a <= hi && (parts < 2 || (b >= lo && b <= hi))) {
            out[0] = a;
            out[1] = b;
            return 1;
        }
        printf("  that is not %s; try again\n", parts == 2 ? "two rolls" : "a roll");
    }
}

/* --roll and --seed both given: the typed faces are taken first, the seed
 * rolls what is left; the resolution says which dice came from where. */
static void note_seed_and_roll(gr_resolution *r, uint64_t seed)
{
    int seeded = 0;
    for (int i = 0; i < r->nrolls; i++)
        seeded += !r->rolls[i].typed;
    if (seeded)
        gr_res_note(r,
                    "--roll and --seed both given: the dice --roll lists come first, then %d "
                    "die roll%s from --seed %" PRIu64,
                    seeded, seeded > 1 ? "s" : "", seed);
    else
        gr_res_note(r,
                    "--roll and --seed both given: --roll gave every die, --seed %" PRIu64
                    " was not used",
                    seed);
}

int cmd_resolve(int argc, char **argv)
{
    gr_error err;
    gr_error_clear(&err);
    const gr_system *s;
    if (argc < 1) {
        cli_err("grognard resolve: missing SYSTEM and PROCEDURE, e.g. grognard resolve aoe "
                "general_hit --roll 6 (grognard resolve --help)\n");
        return CLI_USAGE;
    }
    if (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
        usage(stdout, NULL, NULL);
        return CLI_OK;
    }
    if (gr_system_get(argv[0], &s, &err) != GR_OK)
        return cli_fail(&err);
    const gr_procedure *p;
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        usage(stdout, s, NULL);
        return CLI_OK;
    }
    if (gr_system_get_procedure(s, argc > 1 && argv[1][0] != '-' ? argv[1] : NULL, &p, &err) !=
        GR_OK)
        return cli_fail(&err);
    char what[96];
    snprintf(what, sizeof what, "resolve %s %s", s->id, p->name);
    gr_args a;
    memset(&a, 0, sizeof a);
    cli_opts o;
    memset(&o, 0, sizeof o);
    if (cli_parse(argc - 2, argv + 2, p->params, p->nparams, -1,
                  CLI_ALLOW_SEED | CLI_ALLOW_ROLL | CLI_ALLOW_STDIN, what, &a, &o, &err) != GR_OK)
        return cli_fail(&err);
    if (o.help) {
        usage(stdout, s, p);
        return CLI_OK;
    }
    gr_args_json *situation = NULL; /* owns the text inputs read from stdin */
    if (o.stdin_json &&
        cli_read_json(stdin, p->params, p->nparams, -1, &a, &o, &situation, &err) != GR_OK)
        return cli_fail(&err);
    cli_data data;
    if (gr_args_check_required(p->params, p->nparams, &a, &err) != GR_OK ||
        gr_procedure_check_applies(p, &a, &err) != GR_OK ||
        cli_load_data(s, p->params, p->nparams, &a, &data, &err) != GR_OK) {
        gr_args_json_free(situation);
        return cli_fail(&err);
    }
    if (!o.has_seed && !o.nroll) {
        o.seed = gr_fresh_seed();
        o.has_seed = 1;
    }
    gr_rng rng;
    gr_rng_seed(&rng, o.seed);
    gr_dice_source dice;
    memset(&dice, 0, sizeof dice);
    dice.rng = o.has_seed ? &rng : NULL;
    memcpy(dice.typed, o.roll, sizeof o.roll);
    dice.ntyped = o.nroll;
    gr_resolution *r = calloc(1, sizeof *r);
    if (!r) {
        gr_args_json_free(situation);
        gr_error_set(&err, GR_ERUNTIME, "out of memory");
        return cli_fail(&err);
    }
    if (!o.has_seed && !o.stdin_json && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
        dice.ask = ask_die; /* at the table: the next die is asked for, by name */
    dice.ask_ctx = r;
    int rc = CLI_OK;
    if (p->resolve(&a, &dice, r, &err) != GR_OK) {
        if (dice.next_name && o.nroll && !o.has_seed) {
            /* the dice typed so far are read; the sheet asks for another */
            char typed[64];
            size_t len = 0;
            typed[0] = '\0';
            for (int i = 0; i < dice.ntyped && len < sizeof typed; i++)
                len += (size_t)snprintf(typed + len, sizeof typed - len, "%s%d", i ? "," : "",
                                        dice.typed[i]);
            const char *faces =
                dice.next_kind == GR_ROLL_D10_VS_D10 || dice.next_kind == GR_ROLL_2D6_VS_2D6 ? "A,D"
                                                                                             : "N";
            if (o.json) {
                json_t *j = gr_wire_resolution(s, p, &a, r, NULL);
                if (j) {
                    char roll[96];
                    snprintf(roll, sizeof roll, "%s,%s", typed, faces);
                    json_object_set_new(j, "next_roll",
                                        json_pack("{s:s, s:s, s:s}", "name", dice.next_name, "dice",
                                                  gr_roll_name(dice.next_kind), "roll", roll));
                }
                rc = cli_print_json(j);
            } else {
                print_text(s, p, &a, r, &o);
                printf("  next: the %s roll (%s), as the sheet asks: give it after the others, "
                       "--roll %s,%s\n",
                       dice.next_name, gr_roll_name(dice.next_kind), typed, faces);
            }
        } else {
            rc = cli_fail(&err);
        }
    } else if (dice.used < dice.ntyped) {
        gr_error_set(&err, GR_EINPUT, "--roll: %d value%s given but this resolution uses %d",
                     dice.ntyped, dice.ntyped > 1 ? "s" : "", dice.used);
        rc = cli_fail(&err);
    } else {
        if (o.nroll && o.has_seed)
            note_seed_and_roll(r, o.seed);
        if (o.json) {
            rc = cli_print_json(gr_wire_resolution(s, p, &a, r, o.has_seed ? &o.seed : NULL));
        } else {
            print_text(s, p, &a, r, &o);
            if (!o.nroll)
                printf("  (repeat this roll with --seed %" PRIu64 ")\n", o.seed);
        }
    }
    free(r);
    gr_args_json_free(situation);
    return rc;
}
