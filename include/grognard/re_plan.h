/* grognard/re_plan.h - the army commander's plan for one side of an R&E
 * battle (issue 31): each corps' task (attack a hex, hold one, stay in
 * reserve) and where its batteries deploy, from the scenario's objectives
 * and the units on the map.  It reads only what both sides see (the units'
 * hexes and strengths, never the chits in the bowl), so every state the
 * search draws from one side's view gives the same plan.  A heuristic: it
 * decides no rule. */
#ifndef GROGNARD_RE_PLAN_H
#define GROGNARD_RE_PLAN_H

#include <stdint.h>

#include "grognard/re.h"

typedef enum re_task_kind {
    RE_TASK_NONE,    /* no unit of the corps on the map */
    RE_TASK_RESERVE, /* nothing within its reach: stay, keep its strength */
    RE_TASK_HOLD,    /* one of its side's objectives an enemy threatens */
    RE_TASK_ATTACK,  /* an enemy objective, or the nearest enemy */
} re_task_kind;

typedef struct re_task {
    uint8_t kind;     /* re_task_kind */
    int8_t col, row;  /* the hex it attacks or holds (-1: none) */
    int8_t objective; /* the objective's index, or -1 */
    uint8_t enemy;    /* the enemy unit attacked, or RE_NO_UNIT */
} re_task;

typedef struct re_plan {
    uint8_t side;
    re_task corps[RE_MAX_CORPS]; /* by corps index; other sides' RE_TASK_NONE */
} re_plan;

/* The plan of `side` in st, into *out.  Its rules (docs/ai.md, "The
 * commander's plan"): each objective of the side with an enemy within 4
 * hexes is held by the nearest corps not yet given a task; then each corps
 * attacks the nearest objective of the other side within 8 hexes, else the
 * nearest enemy within 6 hexes, else stays in reserve.  Distances are from
 * the corps' unit nearest the hex. */
void re_plan_make(const re_scenario *sc, const re_state *st, int side, re_plan *out);

/* How well st follows `plan` for its side: each unit of an attacking corps
 * nearer its hex, of a holding corps within 1 hex of it, each battery 2 or
 * 3 hexes from its corps' hex (in range, not in reach of a charge).  Higher
 * is better; in evaluation points (a figure is about 100). */
int32_t re_plan_score(const re_scenario *sc, const re_state *st, const re_plan *plan);

/* The task's words, e.g. "attack [5, 3] (objective Hameln)", "hold [6, 2]",
 * "reserve", into buf; returns buf. */
const char *re_task_text(const re_scenario *sc, const re_state *st, const re_task *t, char *buf,
                         size_t cap);

#endif
