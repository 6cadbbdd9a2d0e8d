/* re_engine_internal.h - Révolution et Empire engine (internal): what the
 * flow (re_engine.c) and the text functions (re_text.c) share. */
#ifndef GROGNARD_RE_ENGINE_INTERNAL_H
#define GROGNARD_RE_ENGINE_INTERNAL_H

#include <assert.h>

#include "grognard/re.h"

/* Paragraphs of seed 004, as the log cites them. */
#define RE_P_GOAL    "seed 004 But du jeu"
#define RE_P_ACT     "seed 004 §1 Activation"
#define RE_P_ART     "seed 004 §2.1 Artillerie"
#define RE_P_SKI     "seed 004 §2.2 Tirailleurs"
#define RE_P_MOVE    "seed 004 §3 Mouvement"
#define RE_P_COMBAT  "seed 004 §4.1 Combat"
#define RE_P_EVADE   "seed 004 §4.2 Esquive"
#define RE_P_DICE    "seed 004 §4.3 Dés"
#define RE_P_LOSS    "seed 004 §4.4 Pertes"
#define RE_P_RETREAT "seed 004 §4.4 Retraites"
#define RE_P_RIPOSTE "seed 004 §4.4 Riposte"
#define RE_P_GROUND  "seed 004 §4.5 Terrain"
#define RE_P_PURSUIT "seed 004 §4.5 Poursuite"
#define RE_P_SKIRM5  "seed 004 §5 Tirailleurs"
#define RE_P_DEMO    "seed 004 §6 Démoralis."
#define RE_P_TERRAIN "seed 004 §7 Terrains"
#define RE_P_LOS     "seed 004 §8 Ligne de vue"
/* Scenario rules (format 2): no seed paragraph; docs/rules/re.md states the origin. */
#define RE_P_REINF          "scenario: reinforcements (docs/rules/re.md)"
#define RE_P_GUARD          "seed 004 UNITES; scenario: guard (docs/rules/re.md)"
#define RE_P_TERRAIN_CHANGE "scenario: terrain that changes (docs/rules/re.md)"
#define RE_P_SIGHT          "scenario: fog and night (docs/rules/re.md)"
#define RE_P_SUDDEN         "seed 004 But du jeu; scenario: sudden death (docs/rules/re.md)"
#define RE_P_VICTORY        "seed 004 But du jeu; scenario: victory (docs/rules/re.md)"

/* A name as the prompt reads it (re_action_parse, and a scenario's check
 * that two names differ): ASCII letters in lower case, leading and trailing
 * white space dropped, runs of it made one space; cut to fit cap. */
void re_prompt_form(const char *in, char *out, size_t cap);

/* Name of unit u, corps c (never NULL). */
const char *re_unit_name(const re_scenario *sc, int u);
const char *re_corps_name(const re_scenario *sc, int c);

/* ---- the scenario's tables (re_tables.c) ---- */

/* Where a unit may move on sc's map: the table sc keeps when it was made
 * from sc's map as it stands, else the one made into *buf. */
const re_move_terrain *re_tables_move(const re_scenario *sc, re_move_terrain *buf);

/* Each hex's distance to every objective, [row * RE_MAX_COLS + col]
 * [objective] (re_scenario_tables.obj_dist), when sc keeps them for its
 * objectives as they stand; else NULL (the caller works them out). */
const uint8_t (*re_tables_obj_dist(const re_scenario *sc))[RE_MAX_OBJECTIVES];

/* The lists of each side's and each corps' units the tables keep are
 * sc's (1), else 0: what debug builds assert at every use below.  Whoever
 * changes the units' sides or corps makes the tables again. */
int re_tables_lists_agree(const re_scenario *sc);

/* The units of `side` in the order of sc->units, *n of them, when sc
 * keeps the list for its units as they stand; else NULL (the caller scans
 * sc->units).  Inline, as the next one: the engine asks them at every
 * step. */
static inline const uint8_t *re_tables_side_units(const re_scenario *sc, int side, int *n)
{
    const re_scenario_tables *t = &sc->tables;
    if (!t->made || t->nunits != sc->nunits)
        return NULL;
    assert(re_tables_lists_agree(sc));
    *n = t->nside[side & 1];
    return t->side_units[side & 1];
}

/* The units of corps `corps` in the order of sc->units, *n of them, when
 * sc keeps the lists for its units and corps as they stand; else NULL
 * (the caller scans sc->units). */
static inline const uint8_t *re_tables_corps_units(const re_scenario *sc, int corps, int *n)
{
    const re_scenario_tables *t = &sc->tables;
    if (!t->made || t->nunits != sc->nunits || t->ncorps != sc->ncorps || corps < 0 ||
        corps >= t->ncorps)
        return NULL;
    assert(re_tables_lists_agree(sc));
    *n = t->corps_first[corps + 1] - t->corps_first[corps];
    return t->corps_units + t->corps_first[corps];
}

/* re_scenario_at_turn, with the copy's tables made again where the terrain
 * changed, so that they still agree with its map. */
const re_scenario *re_tables_at_turn(const re_scenario *sc, int turn, re_scenario *buf);

#endif
