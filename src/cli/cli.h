/* cli.h - shared pieces of the grognard command line (internal). */
#ifndef GROGNARD_CLI_H
#define GROGNARD_CLI_H

#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "grognard/grognard.h"
#include "grognard/wire.h"
#include "grognard/args_io.h"
#include "grognard/rff_io.h"
#include "grognard/rff_points.h"

/* Exit codes: 0 success, 1 runtime failure, 2 bad usage or bad input. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

/* ---- the one option parser of the commands (cli_opt.c) ---- */

/* cli_getopts(): --help or -h was given (print the usage, exit 0). */
#define CLI_HELP (-1)

typedef enum cli_opt_kind {
    CLI_OPT_FLAG, /* --json: the int at dst set to 1 */
    CLI_OPT_STR,  /* --save FILE: the const char * at dst set to the value */
    CLI_OPT_LONG, /* --games N: the long at dst, a whole number from min to max */
} cli_opt_kind;

/* One option of a command: its name ("--games"), kind, what its value is
 * for messages ("N", "A,B"; NULL for a flag), where it is stored, and for
 * CLI_OPT_LONG its range. */
typedef struct cli_opt {
    const char *name;
    cli_opt_kind kind;
    const char *value;
    void *dst;
    long min, max;
} cli_opt;

/* Parse argv[0..argc) of `grognard CMD` against opts[0..n): each option
 * stored where it says (a later one overrides), every argument that is not
 * an option (one not beginning with '-', or "-" alone) moved in order to
 * the front of argv, *npos their count.  Returns CLI_OK; CLI_HELP at the
 * first --help or -h, once `usage` (may be NULL) has printed the command's
 * help on stdout; CLI_USAGE after saying on stderr "grognard CMD:
 * unknown option 'X'; accepted: --a V, ..., --help[, TAIL]", "grognard CMD:
 * --X needs a value (grognard CMD --help)" or "grognard CMD: --X 'V' is not
 * a whole number from MIN to MAX".  Values are checked here only for their
 * range; what they mean is the command's. */
int cli_getopts(const char *cmd, int argc, char **argv, const cli_opt *opts, size_t n,
                const char *tail, void (*usage)(FILE *), int *npos);

/* `v` as a whole number from min to max (digits, a '-' only when min < 0):
 * 0 with *out set, else -1. */
int cli_whole(const char *v, long min, long max, long *out);

/* Options common to the table commands, besides a table's own inputs. */
typedef struct cli_opts {
    int json;       /* --json: one JSON object on stdout */
    int help;       /* --help / -h */
    int stdin_json; /* '-' or --stdin: the situation is a JSON object on stdin */
    int modifier;   /* --modifier N (odds; default 0) */
    int has_seed;   /* --seed N (resolve) */
    uint64_t seed;
    int nroll; /* --roll A[,B...] (resolve) */
    int roll[GR_MAX_ROLLS];
} cli_opts;

/* Which of the common options a command accepts. */
enum { CLI_ALLOW_MODIFIER = 1, CLI_ALLOW_SEED = 2, CLI_ALLOW_ROLL = 4, CLI_ALLOW_STDIN = 8 };

/* Parse argv[0..argc) as --INPUT VALUE pairs for `params` (skipping the
 * param `skip`, or -1) plus the common options in `allow`.  `what` names
 * the command for messages ("lookup aoe fire").  With --json, a text input
 * (a file name) that is not valid UTF-8 is refused: JSON text must be, and
 * no member of the output is ever left out. */
gr_status cli_parse(int argc, char **argv, const gr_param *params, size_t nparams, int skip,
                    unsigned allow, const char *what, gr_args *a, cli_opts *o, gr_error *err);

/* The dice typed at the table, "--roll 7,3": at most GR_MAX_ROLLS whole
 * numbers from -100 to 100 separated by single commas, into rolls[0..*n).
 * GR_EINPUT saying which value is refused. */
gr_status cli_rolls(const char *text, int *rolls, int *nrolls, gr_error *err);

/* Read a JSON object from `in` into `a` (keys are param names, and "seed")
 * with gr_args_json_parse: errors say "stdin:LINE:COL: ...".  On success
 * *keep owns the parsed JSON, which text inputs refer to: release it with
 * gr_args_json_free when `a` is no longer used. */
gr_status cli_read_json(FILE *in, const gr_param *params, size_t nparams, int skip, gr_args *a,
                        cli_opts *o, gr_args_json **keep, gr_error *err);

/* Rule data a system's tables and procedures read besides their inputs,
 * loaded here because the rules do no file I/O: today the RFF fire points,
 * for a table or procedure with a --points-file input (the user's FILE,
 * else the shipped data/rff/fire_points.json), read once and handed to the
 * rules in `a`.  `d` holds what was loaded and must outlive `a`. */
typedef struct cli_data {
    rff_points rff_points;
} cli_data;
gr_status cli_load_data(const gr_system *s, const gr_param *params, size_t nparams, gr_args *a,
                        cli_data *d, gr_error *err);

/* Print a printf-style message on stderr as one line: a final newline of
 * the format dropped, the text escaped by gr_escape (so no newline or
 * terminal escape sequence taken from the input reaches the terminal), then
 * one newline.  Every message of the command line goes through it. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
void
cli_err(const char *fmt, ...);

/* `s` (typed text, a path) escaped by gr_escape for echoing on stdout. */
const char *cli_esc(const char *s, char *buf, size_t cap);
/* j's member "file": the path as gr_escape says it (\xNN for a name that is
 * not UTF-8, as the messages do: JSON holds no other bytes). */
void cli_json_file(json_t *j, const char *path);

/* Print an error as one line on stderr and return the exit code for it. */
int cli_fail(const gr_error *err);
/* The same for a file's error, its one line "FILE:LINE:COL: what; fix"
 * as it is (no "grognard: " before it). */
int cli_io_fail(const gr_error *err);

/* Load the scenario file `path` into *g through the registry (gr_game_load:
 * of type `type_id`, or the one the file declares when NULL), keeping the
 * file's text as it was read in *text (malloc, NUL-terminated, *len bytes;
 * the caller frees it; NULL on error), to be embedded in a save.  Free the
 * game with gr_game_free. */
gr_status cli_load_scenario(const char *path, const char *type_id, gr_game *g, char **text,
                            size_t *len, gr_error *err);
/* The game of the save `sv` read from the file `save`: the scenario file
 * `scen` when given, else the one the save carries (format 3), else the
 * file it names (cli_save_scenario); its digest checked against the save's
 * (GR_ERUNTIME "SAVE: the scenario ... has changed since the game was
 * saved ..."), then its actions read (gr_saved_actions).  *text and *len
 * receive the scenario's text as read, embedded in a later save (the
 * caller frees it; NULL with `scen`).  Errors begin "SAVE: " or name the
 * scenario file.  Free the game with gr_game_free. */
struct gr_saved;
gr_status cli_saved_game(const char *save, struct gr_saved *sv, const char *scen, gr_game *g,
                         char **text, size_t *len, gr_error *err);
/* The scenario file's JSON (jansson), for the texts and names the game
 * does not keep (a type's briefing reads them); NULL if path is NULL or the
 * file does not parse.  The caller json_decrefs it. */
json_t *cli_scenario_doc(const char *path);
/* Print a JSON object made by the library (grognard/wire.h) on stdout as
 * gr_wire_dumps writes it, and release it (obj is taken).  A NULL obj (a
 * builder out of memory) prints one line on stderr.  Returns CLI_OK, or
 * CLI_FAIL if nothing could be printed. */
int cli_print_json(json_t *obj);

/* Characters (not bytes) of the UTF-8 text s, for lining up columns. */
int cli_width(const char *s);
/* Write s in a column `width` characters wide, so that "Thiébault" lines up
 * with "Friant": padded with spaces; when cut, a longer text is cut to
 * width-2 characters and "… " so that the next column starts in its place
 * (else it runs on). */
void cli_pad(FILE *f, const char *s, int width, int cut);

/* Text helpers. */
void cli_print_args(FILE *f, const gr_param *params, size_t nparams, const gr_args *a);
void cli_print_params_help(FILE *f, const gr_param *params, size_t nparams, int skip);
/* The result of cell c of table t (system s) on stdout, each line after
 * `indent`: its effect, each effect as data ("do:"), the cell's note. */
void cli_print_effect(const gr_system *s, const gr_table *t, const gr_cell *c, const char *indent);

/* The words that open `lookup` and `odds`: SYSTEM TABLE, then the
 * table's inputs (cli_parse, the roll's input left out when skip, the
 * common options in `allow`).  Returns CLI_OK with *s, *t, *a and *o set;
 * CLI_HELP once `usage` printed the help asked for (with *s and *t when
 * they were named: the table's help); else the exit code, after saying on
 * stderr what was wrong ("grognard CMD: missing SYSTEM and TABLE, e.g.
 * grognard CMD EXAMPLE", an unknown system, table or input). */
typedef void (*cli_usage_fn)(FILE *f, const gr_system *s, const gr_table *t);
int cli_table_command(const char *cmd, const char *example, int argc, char **argv, int skip,
                      unsigned allow, cli_usage_fn usage, const gr_system **s, const gr_table **t,
                      gr_args *a, cli_opts *o);

/* Subcommands. */
int cmd_lookup(int argc, char **argv);
int cmd_odds(int argc, char **argv);
int cmd_resolve(int argc, char **argv);
int cmd_systems(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_sim_merge(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_scenario(int argc, char **argv);
int cmd_battle(int argc, char **argv);

#endif
