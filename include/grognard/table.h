/* grognard/table.h - rule tables as data, their inputs, and exact odds.
 *
 * A rule system exposes each printed table as a gr_table: the inputs it
 * is read with (gr_param), the results it can give (gr_outcome), a lookup
 * that reads one cell, and the list of every printed cell so that the test
 * suite can prove each cell has a case typed from the seed.  The odds of a
 * table are never written by hand: gr_table_odds folds the exact dice
 * distribution, shifted by the modifier, through the same lookup. */
#ifndef GROGNARD_TABLE_H
#define GROGNARD_TABLE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "grognard/dice.h"
#include "grognard/effect.h"
#include "grognard/error.h"

/* Open ends of a band: "10 or more" is {10, GR_HI}, "4 or less" {GR_LO, 4}. */
#define GR_LO INT_MIN
#define GR_HI INT_MAX

/* One band of scores: lo..hi inclusive gives `outcome` (an index into the
 * table's outcomes); `cell` is the printed cell it comes from. */
typedef struct gr_band {
    int lo, hi;
    int outcome;
    const char *cell;
} gr_band;

/* Index of the band that holds `score`, or -1 if none does. */
int gr_band_find(const gr_band *bands, size_t n, int score);

/* A row of a two-way table: the row key lo..hi (e.g. fire power 12-14)
 * and the bands of scores along it. */
typedef struct gr_band_row {
    int lo, hi;
    const char *label;
    const gr_band *bands;
    size_t nbands;
} gr_band_row;

/* A row's initialiser: GR_ROW(12, 14, "12-14", bands_12_14). */
#define GR_ROW(lo, hi, label, bands)                                                               \
    {                                                                                              \
        lo, hi, label, bands, GR_COUNT(bands)                                                      \
    }

/* Collect the cell names of every band of every row (see gr_table.cells). */
size_t gr_rows_cells(const gr_band_row *rows, size_t nrows, const char **names, size_t cap);

/* Append the n names of `list` to names[at..cap) (those that fit); returns
 * at + n, the count so far, so calls chain across several lists. */
size_t gr_cells_append(const char *const *list, size_t n, const char **names, size_t cap,
                       size_t at);

/* Collect the cell names of one list of bands. */
size_t gr_bands_cells(const gr_band *bands, size_t n, const char **names, size_t cap);

/* Define the gr_table.cells function `fn` of a table that is one list of
 * bands (GR_BANDS_CELLS) or of rows (GR_ROWS_CELLS): GR_BANDS_CELLS(gh_cells,
 * gh_bands) stands for a static function listing every cell of gh_bands. */
#define GR_BANDS_CELLS(fn, bands)                                                                  \
    static size_t fn(const char **names, size_t cap)                                               \
    {                                                                                              \
        return gr_bands_cells(bands, GR_COUNT(bands), names, cap);                                 \
    }
#define GR_ROWS_CELLS(fn, rows)                                                                    \
    static size_t fn(const char **names, size_t cap)                                               \
    {                                                                                              \
        return gr_rows_cells(rows, GR_COUNT(rows), names, cap);                                    \
    }

/* Define the gr_table.lookup function `fn` of a table that is one list of
 * bands read with input 0: GR_BANDS_LOOKUP(gh_lookup, gh_bands,
 * "general_hit") reads the score on gh_bands as gr_bands_read, naming the
 * table "general_hit" when no band holds it. */
#define GR_BANDS_LOOKUP(fn, bands, what)                                                           \
    static gr_status fn(const gr_args *a, gr_cell *out, gr_error *err)                             \
    {                                                                                              \
        return gr_bands_read(bands, GR_COUNT(bands), (int)a->v[0], out, what, err);                \
    }

#define GR_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* An array and its count in a descriptor's initialiser, so that the count
 * is always the array's: GR_ARRAY(params, fire_params) is
 * .params = fire_params, .nparams = GR_COUNT(fire_params). */
#define GR_ARRAY(field, a) .field = (a), .n##field = GR_COUNT(a)

/* ---- inputs ---------------------------------------------------------- */

typedef enum gr_param_kind {
    GR_P_INT,  /* a whole number */
    GR_P_NUM,  /* a decimal or fraction ("2.5", "1/2"), held in milli-units */
    GR_P_ENUM, /* one id out of `choices` */
    GR_P_FLAG, /* present or not (JSON: true/false) */
    GR_P_TEXT, /* a text such as a file name, kept by reference (see gr_args) */
} gr_param_kind;

/* One input a table or procedure accepts.  On the command line it is
 * --name VALUE (a flag: --name alone); in a JSON situation the key "name".
 * '-' and '_' are interchangeable in names. */
typedef struct gr_param {
    const char *name;
    gr_param_kind kind;
    const char *const *choices; /* GR_P_ENUM: NULL-terminated list of ids */
    int required;
    int64_t min, max; /* accepted range: units (INT), milli-units (NUM) */
    const char *help;
} gr_param;

/* The range every table accepts for an already-modified die total: wide
 * enough for any roll and modifiers; scores past the printed rows read the
 * open-ended bands. */
#define GR_SCORE_MIN -99
#define GR_SCORE_MAX 99

/* A required score input: GR_SCORE_PARAM("score", "modified D10 total"). */
#define GR_SCORE_PARAM(name_, help_)                                                               \
    {                                                                                              \
        name_, GR_P_INT, NULL, 1, GR_SCORE_MIN, GR_SCORE_MAX, help_                                \
    }

/* Named constructors of the other inputs, so that a list of inputs reads as
 * what each is: GR_FLAG("enfilade", "enfilade fire (x2)"); a _REQ input must
 * be given.  An INT or NUM range is min..max (NUM in milli-units). */
#define GR_FLAG(name_, help_)                                                                      \
    {                                                                                              \
        name_, GR_P_FLAG, NULL, 0, 0, 1, help_                                                     \
    }
#define GR_ENUM(name_, choices_, help_)                                                            \
    {                                                                                              \
        name_, GR_P_ENUM, choices_, 0, 0, 0, help_                                                 \
    }
#define GR_ENUM_REQ(name_, choices_, help_)                                                        \
    {                                                                                              \
        name_, GR_P_ENUM, choices_, 1, 0, 0, help_                                                 \
    }
#define GR_INT(name_, min_, max_, help_)                                                           \
    {                                                                                              \
        name_, GR_P_INT, NULL, 0, min_, max_, help_                                                \
    }
#define GR_INT_REQ(name_, min_, max_, help_)                                                       \
    {                                                                                              \
        name_, GR_P_INT, NULL, 1, min_, max_, help_                                                \
    }
#define GR_NUM(name_, min_, max_, help_)                                                           \
    {                                                                                              \
        name_, GR_P_NUM, NULL, 0, min_, max_, help_                                                \
    }
#define GR_NUM_REQ(name_, min_, max_, help_)                                                       \
    {                                                                                              \
        name_, GR_P_NUM, NULL, 1, min_, max_, help_                                                \
    }
#define GR_TEXT(name_, help_)                                                                      \
    {                                                                                              \
        name_, GR_P_TEXT, NULL, 0, 0, 0, help_                                                     \
    }

#define GR_MAX_PARAMS 48
#define GR_MAX_TEXT   2
#define GR_MILLI      1000

/* Parsed inputs, index-aligned with a gr_param array.  v[i] holds the
 * value (INT: units; NUM: milli-units; ENUM: choice index; FLAG: 0/1;
 * TEXT: its slot in text[]); given[i] says whether it was supplied.  Text
 * values are not copied: the caller keeps them alive as long as the args.
 * `data` is rule data a system's tables and procedures read besides the
 * inputs (a data file the io layer loaded: the rules do no file I/O); it is
 * set and read only through that system's own functions
 * (rff_args_set_points), kept by reference, NULL when none was given. */
typedef struct gr_args {
    int64_t v[GR_MAX_PARAMS];
    unsigned char given[GR_MAX_PARAMS];
    const char *text[GR_MAX_TEXT];
    int ntext;
    const void *data;
} gr_args;

/* v[i] if given, else `dflt`. */
static inline int64_t gr_args_get(const gr_args *a, int i, int64_t dflt)
{
    return a->given[i] ? a->v[i] : dflt;
}

/* Was flag i given and true? */
static inline int gr_args_flag(const gr_args *a, int i)
{
    return a->given[i] && a->v[i] != 0;
}

/* Parse one textual value for `p` into *out (not for GR_P_TEXT, which has
 * no number: use gr_args_set).  On failure, GR_EINPUT with a message naming
 * the input, the bad value and what is accepted. */
gr_status gr_param_parse(const gr_param *p, const char *text, int64_t *out, gr_error *err);

/* Set input i of `a` (described by params[i]) from its text and mark it
 * given; a GR_P_TEXT value is kept by reference.  GR_EINPUT as
 * gr_param_parse, or if the text slots are full. */
gr_status gr_args_set(const gr_param *params, int i, const char *text, gr_args *a, gr_error *err);

/* The text of a GR_P_TEXT input, or NULL if it was not given. */
const char *gr_args_text(const gr_args *a, int i);

/* Check that every required param of `params` was given (GR_EINPUT names
 * the first missing one and what it accepts). */
gr_status gr_args_check_required(const gr_param *params, size_t n, const gr_args *a, gr_error *err);

/* Index of the param called `name` ('-' == '_'), or -1. */
int gr_param_index(const gr_param *params, size_t n, const char *name);

/* Write milli-units as a short decimal into buf: 2500 -> "2.5", -3000 -> "-3". */
void gr_milli_str(int64_t v, char *buf, size_t cap);

/* Write "what is accepted" for p into buf (e.g. "a whole number from 0 to
 * 99", "one of: heavy, light"). */
void gr_param_describe(const gr_param *p, char *buf, size_t cap);

/* ---- results --------------------------------------------------------- */

typedef struct gr_outcome {
    const char *id;     /* the contract id: "effective" */
    const char *label;  /* the printed label: "Tir efficace" */
    const char *effect; /* the printed effect text, in full */
} gr_outcome;

typedef enum gr_field_kind { GR_F_INT, GR_F_NUM, GR_F_STR, GR_F_NULL, GR_F_BOOL } gr_field_kind;

/* A named value a lookup or resolution gives besides its result, e.g.
 * "power": 13 or "charge": "home".  NUM values are in milli-units. */
typedef struct gr_field {
    const char *key;
    gr_field_kind kind;
    int64_t i;
    const char *s;
} gr_field;

#define GR_MAX_FIELDS 8

/* What one lookup read. */
typedef struct gr_cell {
    int outcome;      /* index into the table's outcomes */
    const char *cell; /* the printed cell that gave it */
    const char *note; /* a reading note a player should see, or NULL */
    int nfields;
    gr_field fields[GR_MAX_FIELDS];
} gr_cell;

void gr_cell_int(gr_cell *c, const char *key, int64_t v);
void gr_cell_str(gr_cell *c, const char *key, const char *s);
void gr_cell_null(gr_cell *c, const char *key);

/* Read `score` on `bands`: sets out->outcome and out->cell.  GR_ERUNTIME,
 * naming `what`, if no band holds the score (a gap in the printed table). */
gr_status gr_bands_read(const gr_band *bands, size_t n, int score, gr_cell *out, const char *what,
                        gr_error *err);

/* Read the row whose key range holds `key`, then `score` along it, as
 * gr_bands_read. */
gr_status gr_rows_read(const gr_band_row *rows, size_t nrows, int key, int score, gr_cell *out,
                       const char *what, gr_error *err);

#define GR_MAX_OUTCOMES 16

typedef struct gr_table {
    const char *name;   /* contract name: "fire" */
    const char *title;  /* printed title: "Table des tirs" */
    const char *source; /* where it is printed: "seed 003, Table des tirs" */
    const gr_param *params;
    size_t nparams;
    int roll_param; /* the param `odds` fills with the dice total; -1: no roll */
    gr_roll_kind roll;
    const gr_outcome *outcomes;
    size_t noutcomes;
    /* Read one cell.  Inputs have been parsed and range-checked. */
    gr_status (*lookup)(const gr_args *a, gr_cell *out, gr_error *err);
    /* Every printed cell's name, for the coverage test: writes up to cap
     * names and returns how many there are. */
    size_t (*cells)(const char **names, size_t cap);
    const char *example; /* a command line, for --help */
    /* Optional: does outcome k belong to the column the args select (the
     * AoE movement table has one column per state)?  NULL: every outcome
     * belongs.  Odds list the outcomes that belong. */
    int (*in_column)(const gr_args *a, int k);
    /* What each result does, as data (effect.h): index-aligned with
     * outcomes.  Every rolled table has them (a result with no effect has
     * n == 0); NULL for tables whose results are values (speeds, ranges). */
    const gr_effects *effects;
} gr_table;

/* A table's roll in its descriptor, the two fields that go together:
 * GR_ROLLED(0, GR_ROLL_D10) reads the modified D10 total as input 0;
 * GR_NOT_ROLLED is a table read without dice (ranges, speeds, lists). */
#define GR_ROLLED(param, kind) .roll_param = (param), .roll = (kind)
#define GR_NOT_ROLLED          .roll_param = -1, .roll = GR_ROLL_NONE

/* ---- die-modifier lists ------------------------------------------------ */

/* One printed die-modifier line: its value and its printed text.  A rule
 * system keeps each list of modifiers as an array of these (the values in
 * one place), exposes it as a table read with `--drm ID` (ids in a
 * NULL-terminated gr_param choices array, index-aligned), and its
 * procedures read the values from the same array. */
typedef struct gr_drm_line {
    int value;
    const char *cell;
} gr_drm_line;

/* The single outcome of a modifier-list table: "modifier", with the field
 * "modifier" holding the value. */
extern const gr_outcome gr_drm_outcomes[1];

/* Read line k of a list into out (outcome "modifier", its value, its cell). */
gr_status gr_drm_read(const gr_drm_line *lines, size_t n, int k, gr_cell *out, gr_error *err);

/* The cells of a list (see gr_table.cells). */
size_t gr_drm_cells(const gr_drm_line *lines, size_t n, const char **names, size_t cap);

/* Exact odds: w[k] / den is the probability of outcome k. */
typedef struct gr_odds {
    size_t n;
    uint64_t den;
    uint64_t w[GR_MAX_OUTCOMES];
} gr_odds;

/* Odds of every outcome of `t` for its roll plus `modifier`, the other
 * inputs taken from `a` (its roll_param is ignored).  GR_EINPUT if the
 * table is read without a die, or if an input it needs besides the roll is
 * not given (gr_args_check_required's message). */
gr_status gr_table_odds(const gr_table *t, const gr_args *a, int modifier, gr_odds *out,
                        gr_error *err);

/* Is outcome k shown with the odds `o` of `t` read with `a`?  Every outcome
 * is, unless the table splits its results by column (t->in_column, like the
 * AoE movement table): then those of the args' column, and any other the
 * odds give a chance.  The text and the JSON of odds list the same ones. */
static inline int gr_table_outcome_shown(const gr_table *t, const gr_args *a, const gr_odds *o,
                                         size_t k)
{
    if (t->in_column)
        return t->in_column(a, (int)k) || o->w[k] > 0;
    return 1;
}

/* Index of outcome `id` in t, or -1. */
int gr_table_outcome(const gr_table *t, const char *id);

#endif
