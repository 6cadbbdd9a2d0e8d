/* grognard/resolve.h - resolving a situation: modifiers with reasons, the
 * roll, the table read, the result and the odds before the roll.
 *
 * A procedure (fire, combat, melee, maneuver, ...) takes a situation as
 * gr_args, lists every modifier it applied with its reason and the seed
 * paragraph it comes from, takes its dice from a gr_dice_source (seeded
 * RNG, or faces a player typed in), and reads one or more tables.  The CLI,
 * the server and the tests all print the same gr_resolution. */
#ifndef GROGNARD_RESOLVE_H
#define GROGNARD_RESOLVE_H

#include "grognard/dice.h"
#include "grognard/table.h"

typedef enum gr_mod_kind {
    GR_MOD_DRM,  /* added to the die roll */
    GR_MOD_MUL,  /* multiplies a value (fire power, fire points): num/den */
    GR_MOD_INFO, /* a fact that changed how the situation is read */
} gr_mod_kind;

typedef struct gr_mod {
    gr_mod_kind kind;
    int value;    /* DRM: the value */
    int num, den; /* MUL: the factor */
    int applied;  /* 0: listed for the record but not counted (capped, not cumulative) */
    const char *reason;
    const char *source;
    int side; /* opposed rolls: 0 the attacker's (or the only side), 1 the defender's */
} gr_mod;

typedef struct gr_roll_record {
    const char *name; /* "attacker", "fire", "leader loss" */
    gr_roll_kind kind;
    int faces[4];
    int nfaces;
    int total;
    int typed; /* 1: typed in by the player (--roll); 0: from the seeded RNG */
} gr_roll_record;

/* One table read within a resolution. */
typedef struct gr_step {
    const char *what; /* "Fire", "Leader loss test" */
    const gr_table *table;
    gr_args args; /* the inputs the table was read with */
    int roll;     /* index into rolls[], or -1 */
    int modifier; /* net modifier added to the roll */
    int score;    /* the modified total read on the table */
    gr_cell cell;
    int has_odds;    /* the table is read with a die: gr_step_odds gives its odds */
    unsigned silent; /* bit k: cell field k does not bear on the situation (an
                        RFF fire's "charge" with no charge in progress): kept in
                        JSON as the table gives it, left out of the text */
} gr_step;

#define GR_MAX_MODS  48
#define GR_MAX_STEPS 4
#define GR_MAX_ROLLS 6
#define GR_MAX_NOTES 16
/* Room for the text of a resolution's formatted notes, all together: each
 * note takes what it needs (the longest shipped one, an RFF maneuver's
 * list of allowed actions, is under 1 KB), so no note is ever cut. */
#define GR_NOTE_POOL 8192

typedef struct gr_resolution {
    const char *system;
    const char *procedure;
    int nmods;
    gr_mod mods[GR_MAX_MODS];
    int nvalues;
    gr_field values[GR_MAX_FIELDS * 2]; /* derived quantities: "power", "points" */
    int nrolls;
    gr_roll_record rolls[GR_MAX_ROLLS];
    int nsteps;
    gr_step steps[GR_MAX_STEPS];
    int nnotes;
    const char *notes[GR_MAX_NOTES]; /* caps that bit, readings, checks triggered */
    size_t notelen;                  /* bytes of notebuf in use */
    char notebuf[GR_NOTE_POOL];      /* the text of formatted notes, one after the other */
} gr_resolution;

/* Where dice come from: a seeded RNG, or the faces a player typed in. */
typedef struct gr_dice_source {
    gr_rng *rng; /* used when the typed values run out; may be NULL */
    int typed[GR_MAX_ROLLS];
    int ntyped;
    int used;
    /* With no RNG, asked for the next roll when the typed values run out (a
     * player at the table, rolling as the sheet says): writes the roll's
     * `parts` values (checked as typed ones) into out and returns 1, or
     * returns 0 when none is given.  May be NULL. */
    int (*ask)(void *ctx, const char *name, gr_roll_kind k, int parts, int lo, int hi, int *out);
    void *ask_ctx;
    /* Set by gr_res_roll when a roll found no die (no typed value left, no
     * RNG, no answer): the roll the player has to make next. */
    const char *next_name;
    gr_roll_kind next_kind;
} gr_dice_source;

/* Start an empty resolution.  Only the counters are reset (the arrays are
 * written as they fill), so a resolution costs what it records. */
void gr_resolution_init(gr_resolution *r, const char *system, const char *procedure);

/* Append a die-roll modifier (applied) and return it, or NULL if full. */
gr_mod *gr_res_drm(gr_resolution *r, int value, const char *reason, const char *source);
/* Append a multiplier num/den (applied). */
gr_mod *gr_res_mul(gr_resolution *r, int num, int den, const char *reason, const char *source);
/* Append an informational line that changed the reading. */
gr_mod *gr_res_info(gr_resolution *r, const char *reason, const char *source);

/* Mark the modifiers from index `from` on as `side`'s (1: the defender's). */
void gr_res_mark_side(gr_resolution *r, int from, int side);

/* Sum of the applied DRMs from index `from` on. */
int gr_res_drm_total(const gr_resolution *r, int from);

/* Add a note (printf-style; a format without '%' is kept as the pointer it
 * is, so it must outlive the resolution: a string literal).  A note is
 * never cut: one that does not fit what is left of GR_NOTE_POOL is
 * replaced whole by a line saying so (a bug to report, never met with the
 * shipped rules).  %s, %d, %+d and %% are written by resolve.c itself, the
 * same text as printf's at a fraction of its cost; other conversions go to
 * vsnprintf. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void gr_res_note(gr_resolution *r, const char *fmt, ...);

/* Add a note that is its text as given, kept as the pointer it is (no
 * formatting, no copy): `text` must outlive the resolution (a constant). */
void gr_res_note_text(gr_resolution *r, const char *text);

void gr_res_value(gr_resolution *r, const char *key, gr_field_kind kind, int64_t v);

/* Take one roll of kind k named `name`: the next typed total if the player
 * gave one (checked against the roll's possible totals), else from the RNG.
 * Records it in r->rolls and returns its index in *idx. */
gr_status gr_res_roll(gr_resolution *r, gr_dice_source *src, gr_roll_kind k, const char *name,
                      int *idx, gr_error *err);

/* Read table t with args `a`, the roll `roll_idx` (or -1) plus `modifier`
 * going into the table's roll_param.  Appends a step and returns it via
 * *out (may be NULL). */
gr_status gr_res_read(gr_resolution *r, const char *what, const gr_table *t, const gr_args *a,
                      int roll_idx, int modifier, gr_step **out, gr_error *err);

/* The shape of most procedures' end: take one roll of table t's own kind
 * named `roll_name` (gr_res_roll), then read t with it (gr_res_read); the
 * step's roll is its index in r->rolls. */
gr_status gr_res_roll_read(gr_resolution *r, gr_dice_source *src, const char *roll_name,
                           const char *what, const gr_table *t, const gr_args *a, int modifier,
                           gr_step **out, gr_error *err);

/* Mark the cell field `key` of step `s` as not bearing on the situation
 * (gr_step.silent); no effect if the cell has no such field. */
void gr_step_silence(gr_step *s, const char *key);

/* The odds of every outcome of a step's table before its roll, with the
 * step's inputs and modifier (derived on demand: resolving does not pay for
 * odds nobody reads).  GR_EINPUT if the step's table has no roll. */
gr_status gr_step_odds(const gr_step *s, gr_odds *out, gr_error *err);

/* When an input bears on the situation: `param` applies only if `when`
 * holds, "NAME=V1|V2" (the enumerated input NAME is one of the values; "-"
 * stands for NAME not given) or "NAME" (the flag NAME is given).  An input
 * given where it does not apply is refused, never silently ignored. */
typedef struct gr_applies {
    const char *param;
    const char *when;
} gr_applies;

/* A procedure: `grognard resolve SYSTEM NAME ...`. */
typedef struct gr_procedure {
    const char *name;
    const char *title;
    const char *source;
    const gr_param *params;
    size_t nparams;
    const char *rolls_help; /* what --roll takes, e.g. "attacker,defender: two D10 faces" */
    const char *example;
    gr_status (*resolve)(const gr_args *a, gr_dice_source *dice, gr_resolution *out, gr_error *err);
    const gr_applies *applies; /* inputs that bear only on some situations */
    size_t napplies;
} gr_procedure;

/* GR_EINPUT, naming the input, where it applies and what was given, if an
 * input of `a` was given where p->applies says it does not apply ("--weight
 * applies only with --firer artillery, and here --firer is infantry; leave
 * it out"); GR_OK otherwise.  GR_ERUNTIME if an entry of p->applies names
 * an input or a value the procedure does not have (a bug in the rules). */
gr_status gr_procedure_check_applies(const gr_procedure *p, const gr_args *a, gr_error *err);

/* A rule system. */
typedef struct gr_system {
    const char *id;          /* "aoe" */
    const char *title;       /* "L'Âge des Aigles" */
    const char *seeds;       /* "seeds 000, 003" */
    const char *dice;        /* "D10 (opposed: D10 each side)" */
    const char *length_unit; /* the ruler's unit of its distances: "inches", "cm" */
    const gr_table *const *tables;
    size_t ntables;
    const gr_procedure *const *procedures;
    size_t nprocedures;
} gr_system;

/* Every registered system, NULL-terminated. */
extern const gr_system *const gr_systems[];

const gr_system *gr_system_find(const char *id);
const gr_table *gr_system_table(const gr_system *s, const char *name);
const gr_procedure *gr_system_procedure(const gr_system *s, const char *name);

/* The same, the name given or not (NULL): GR_EINPUT "unknown system 'X';
 * accepted: aoe, nf, ..." ("unknown table 'X' for aoe; accepted: ...",
 * "missing procedure for nf; accepted: ...") when there is none. */
gr_status gr_system_get(const char *id, const gr_system **out, gr_error *err);
gr_status gr_system_get_table(const gr_system *s, const char *name, const gr_table **out,
                              gr_error *err);
gr_status gr_system_get_procedure(const gr_system *s, const char *name, const gr_procedure **out,
                                  gr_error *err);

/* Refuse two inputs that the sheet says exclude each other: GR_EINPUT with
 * one line naming both inputs, both printed lines and why ("--a and --b
 * contradict: « line a » and « line b »: why"). */
gr_status gr_res_contradict(gr_error *err, const char *input_a, const char *line_a,
                            const char *input_b, const char *line_b, const char *why);

/* Two inputs the sheet says exclude each other: inputs x and y (indices
 * into a procedure's params), read on the printed lines lx and ly. */
typedef struct gr_exclusion {
    int x, lx, y, ly;
    const char *why;
} gr_exclusion;

/* Refuse, as gr_res_contradict, the first pair of `ex` whose inputs
 * params[base + x] and params[base + y] are both given and not 0 (base:
 * where one side's inputs begin, 0 for most); line(k) is the text of
 * printed line k.  GR_OK when no pair is. */
gr_status gr_res_exclusions(const gr_args *a, const gr_param *params, int base,
                            const gr_exclusion *ex, size_t n, const char *(*line)(int k),
                            gr_error *err);

#endif
