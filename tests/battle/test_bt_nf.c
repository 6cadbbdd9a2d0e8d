/* test_bt_nf.c - Napoleonic Fury's battle companion (issue 17): a scripted
 * battle of three full turns (every phase of both players' segments, `next`
 * through all of them) played through gr_battle_do with typed rolls, the
 * state checked after each step against values worked out by hand from seed
 * 002's tables (the reasoning is written beside each check); a brigade worn
 * then spent whose next tests change; a killed leader whose bonus stops;
 * replacement officers (step 3 of the maneuver phase) giving their bonus
 * again in turn 4, never exceptional; refusals; undo by replay giving the
 * previous hash; setup's refusals.
 *
 * The battle is a small piece of Maida (4 July 1806, data/oob/nf/maida.json):
 * French side 0 (first player), British side 1.  BEL levels (seed 002, the
 * BEL chart: Fresh/Worn/Spent are stand counts) worked by hand:
 *   fr_1leg  6 stands veteran   "6/4/2": worn at 4 left (2 lost), spent at 2 left (4 lost)
 *   fr_42    5 stands regular   "5/4/2": worn at 4 left (1 lost), spent at 2 left (3 lost)
 *   fr_chass 3 stands regular   "3/2/-": worn at 2 left (1 lost), never spent
 *   br_light 5 stands veteran   "5/3/1": worn at 3 left (2 lost), spent at 1 left (4 lost)
 *   br_81    4 stands conscript "4/3/2": worn at 3 left (1 lost), spent at 2 left (2 lost)
 *   br_ra    a battery: no BEL level (-1, -1)
 *   br_20ld  4 stands regular (good cavalry) "4/3/2": worn at 3 left (1 lost), spent at
 *            2 left (2 lost)
 * 1806 and no Napoleon on the field: no column advance. */
#include "grognard/battle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures, checks;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);               \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
        }                                                                                          \
    } while (0)

/* ---- the battle ---------------------------------------------------------------- */

static void leader(gr_battle *b, const char *id, const char *name, int side, const char *role,
                   const char *rating, int parent)
{
    gr_bt_leader *l = &b->leaders[b->nleaders++];
    snprintf(l->id, sizeof l->id, "%s", id);
    snprintf(l->name, sizeof l->name, "%s", name);
    l->side = side;
    snprintf(l->role, sizeof l->role, "%s", role);
    snprintf(l->rating, sizeof l->rating, "%s", rating);
    l->parent = parent;
    l->attached = -1;
    l->line = 10 + b->nleaders, l->col = 5;
}

static gr_bt_unit *unit(gr_battle *b, const char *id, const char *name, int side, int ldr,
                        gr_bt_arm arm, const char *kind, int stands, const char *quality,
                        const char *formation, const char *nation)
{
    gr_bt_unit *u = &b->units[b->nunits++];
    snprintf(u->id, sizeof u->id, "%s", id);
    snprintf(u->name, sizeof u->name, "%s", name);
    u->side = side;
    u->leader = ldr;
    u->arm = arm;
    snprintf(u->kind, sizeof u->kind, "%s", kind);
    u->stands = stands;
    snprintf(u->quality, sizeof u->quality, "%s", quality);
    snprintf(u->formation, sizeof u->formation, "%s", formation);
    snprintf(u->nation, sizeof u->nation, "%s", nation);
    u->worn_at = u->spent_at = GR_BT_UNSET;
    u->line = 30 + b->nunits, u->col = 7;
    return u;
}

enum { REYNIER, COMPERE, STUART, KEMPT, COLE };
enum { FR_1LEG, FR_42, FR_CHASS, BR_LIGHT, BR_81, BR_RA, BR_20LD };

static gr_battle *maida(void)
{
    gr_battle *b = calloc(1, sizeof *b);
    b->rules = gr_battle_rules_find("nf");
    snprintf(b->system, sizeof b->system, "nf");
    snprintf(b->title, sizeof b->title, "Maida, 4 July 1806");
    snprintf(b->date, sizeof b->date, "1806-07-04");
    snprintf(b->side_name[0], sizeof b->side_name[0], "French");
    snprintf(b->side_name[1], sizeof b->side_name[1], "British");
    b->seed = 1806;
    b->turns = 3;
    b->first = 0;
    leader(b, "reynier", "Reynier", 0, "corps", "average", -1);
    leader(b, "compere", "Compère", 0, "division", "good", REYNIER);
    leader(b, "stuart", "Stuart", 1, "corps", "average", -1);
    leader(b, "kempt", "Kempt", 1, "division", "excellent", STUART);
    leader(b, "cole", "Cole", 1, "division", "good", STUART);
    unit(b, "fr_1leg", "1er Léger", 0, COMPERE, GR_BT_INFANTRY, "light", 6, "veteran", "column",
         "france");
    unit(b, "fr_42", "42e de Ligne", 0, COMPERE, GR_BT_INFANTRY, "", 5, "regular", "column",
         "france");
    unit(b, "fr_chass", "9e Chasseurs à cheval", 0, REYNIER, GR_BT_CAVALRY, "light", 3, "regular",
         "line", "france");
    unit(b, "br_light", "Kempt's light battalion", 1, KEMPT, GR_BT_INFANTRY, "light", 5, "veteran",
         "line", "britain");
    unit(b, "br_81", "81st Foot", 1, COLE, GR_BT_INFANTRY, "", 4, "conscript", "line", "britain");
    unit(b, "br_ra", "Royal Artillery", 1, STUART, GR_BT_ARTILLERY, "heavy", 1, "", "unlimbered",
         "britain");
    /* Issue 25: a cavalry brigade for the British, for turn 4's emergency
     * formation change, evasion and countercharge. */
    unit(b, "br_20ld", "20th Light Dragoons", 1, COLE, GR_BT_CAVALRY, "light", 4, "regular", "line",
         "britain");
    return b;
}

static gr_battle *begin(void)
{
    gr_battle *b = maida();
    gr_error err = {0};
    gr_status st = b->rules->setup(b, &err);
    if (st != GR_OK) {
        fprintf(stderr, "setup: %s\n", err.msg);
        exit(1);
    }
    gr_battle_begin(b);
    return b;
}

/* ---- actions, recorded for the replay ------------------------------------------- */

static gr_bt_action record[256];
static int nrecord;
static uint64_t hash_before_last;
static gr_bt_outcome out;
static gr_error err;

/* Build an action: inputs "key=val;key=val", rolls "a,b,c". */
static gr_bt_action make(const gr_battle *b, const char *verb, const char *u, const char *t,
                         const char *l, const char *rolls, const char *inputs)
{
    gr_bt_action a;
    memset(&a, 0, sizeof a);
    snprintf(a.call.verb, sizeof a.call.verb, "%s", verb);
    a.call.unit = u ? gr_battle_unit(b, u) : -1;
    a.call.target = t ? gr_battle_unit(b, t) : -1;
    a.call.leader = l ? gr_battle_leader(b, l) : -1;
    if (rolls)
        for (const char *p = rolls; *p;) {
            a.rolls[a.nrolls++] = atoi(p);
            p = strchr(p, ',');
            if (!p)
                break;
            p++;
        }
    if (inputs) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", inputs);
        for (char *tok = strtok(buf, ";"); tok; tok = strtok(NULL, ";")) {
            char *eq = strchr(tok, '=');
            *eq = '\0';
            snprintf(a.call.key[a.call.nin], GR_BT_ID, "%s", tok);
            snprintf(a.call.val[a.call.nin], GR_BT_ID, "%s", eq + 1);
            a.call.nin++;
        }
    }
    return a;
}

/* Do one action that must succeed; keep it in the record. */
static int act(gr_battle *b, const char *verb, const char *u, const char *t, const char *l,
               const char *rolls, const char *inputs, int line)
{
    gr_bt_action a = make(b, verb, u, t, l, rolls, inputs);
    uint64_t h = gr_battle_hash(b);
    memset(&err, 0, sizeof err);
    gr_status st = gr_battle_do(b, &a, &out, &err);
    checks++;
    if (st != GR_OK) {
        failures++;
        fprintf(stderr, "%s:%d: %s %s failed: %s\n", __FILE__, line, verb, u ? u : "", err.msg);
        return 0;
    }
    hash_before_last = h;
    record[nrecord++] = a;
    return 1;
}
#define ACT(b, verb, u, t, l, rolls, inputs) act(b, verb, u, t, l, rolls, inputs, __LINE__)
#define NEXT(b)                              ACT(b, "next", NULL, NULL, NULL, NULL, NULL)

/* An action that must be refused with `code`, the message holding `words`,
 * and leave the state as it was. */
static void refused(gr_battle *b, const char *verb, const char *u, const char *t, const char *l,
                    const char *rolls, const char *inputs, gr_status code, const char *words,
                    int line)
{
    gr_bt_action a = make(b, verb, u, t, l, rolls, inputs);
    uint64_t h = gr_battle_hash(b);
    memset(&err, 0, sizeof err);
    gr_status st = gr_battle_do(b, &a, &out, &err);
    checks++;
    if (st != code || !strstr(err.msg, words) || gr_battle_hash(b) != h) {
        failures++;
        fprintf(stderr, "%s:%d: %s %s: expected refusal %d with \"%s\", got %d \"%s\"\n", __FILE__,
                line, verb, u ? u : "", (int)code, words, (int)st, err.msg);
    }
}
#define REFUSED(b, verb, u, t, l, rolls, inputs, code, words)                                      \
    refused(b, verb, u, t, l, rolls, inputs, code, words, __LINE__)

/* ---- reading the outcome ------------------------------------------------------- */

static const char *result(int step)
{
    const gr_step *s = &out.res.steps[step];
    return s->table->outcomes[s->cell.outcome].id;
}

/* The applied modifier of side `side` whose printed reason holds `words`
 * (0 if none). */
static int mod(int side, const char *words)
{
    for (int i = 0; i < out.res.nmods; i++) {
        const gr_mod *m = &out.res.mods[i];
        if (m->kind == GR_MOD_DRM && m->applied && m->side == side && m->reason &&
            strstr(m->reason, words))
            return m->value;
    }
    return 0;
}

static int has_instr(const char *words)
{
    for (int i = 0; i < out.ninstr; i++)
        if (strstr(out.instr[i], words))
            return 1;
    return 0;
}

static const char *phase_id(const gr_battle *b)
{
    return b->rules->phases[b->phase].id;
}

static int left(const gr_battle *b, int u)
{
    return gr_bt_unit_stands(&b->units[u]);
}

/* Advance to phase `id` of the current turn (or the next), checking each
 * step of the sequence comes in the seed's order. */
static void next_to(gr_battle *b, const char *id, int line)
{
    for (int guard = 0; guard < 14 && strcmp(phase_id(b), id) != 0; guard++)
        if (!act(b, "next", NULL, NULL, NULL, NULL, NULL, line))
            return;
    checks++;
    if (strcmp(phase_id(b), id) != 0) {
        failures++;
        fprintf(stderr, "%s:%d: expected phase %s, at %s\n", __FILE__, line, id, phase_id(b));
    }
}
#define NEXT_TO(b, id) next_to(b, id, __LINE__)

/* ---- the sequence of play ------------------------------------------------------- */

static void test_sequence(void)
{
    gr_battle *b = begin();
    /* Seed 002: Maneuver (1st) Phase with its steps 1-3, Reaction (2nd) of
     * the non-phasing player, Musketry and Cannonade (3rd): the non-phasing
     * player's defensive fire, then the phasing player's, Melee (4th); then
     * the 2nd player goes through the same sequence. */
    static const char *const ids[] = {"p1_maneuver_1_leaders",
                                      "p1_maneuver_2_move",
                                      "p1_maneuver_3_leaders",
                                      "p1_reaction",
                                      "p1_fire_defensive",
                                      "p1_fire_phasing",
                                      "p1_melee",
                                      "p2_maneuver_1_leaders",
                                      "p2_maneuver_2_move",
                                      "p2_maneuver_3_leaders",
                                      "p2_reaction",
                                      "p2_fire_defensive",
                                      "p2_fire_phasing",
                                      "p2_melee"};
    static const int acting[] = {0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 1};
    CHECK(b->rules->nphases == 14, "%zu phases", b->rules->nphases);
    for (int k = 0; k < 14; k++) {
        CHECK(b->turn == 1 && b->phase == k, "turn %d phase %d", b->turn, b->phase);
        CHECK(strcmp(phase_id(b), ids[k]) == 0, "phase %d is %s", k, phase_id(b));
        CHECK(gr_battle_active_side(b) == acting[k], "phase %s: side %d acts", ids[k],
              gr_battle_active_side(b));
        NEXT(b);
    }
    CHECK(b->turn == 2 && b->phase == 0, "after 14 steps: turn %d phase %d", b->turn, b->phase);
    free(b);
}

/* ---- three turns ------------------------------------------------------------------- */

static void turn1(gr_battle *b)
{
    /* Phase 0, French leaders: Compère attaches to the 42e (no roll). */
    CHECK(strcmp(phase_id(b), "p1_maneuver_1_leaders") == 0, "%s", phase_id(b));
    ACT(b, "attach", "fr_42", NULL, "compere", NULL, NULL);
    CHECK(b->leaders[COMPERE].attached == FR_42, "Compère attached to %d",
          b->leaders[COMPERE].attached);
    REFUSED(b, "maneuver", "fr_1leg", NULL, NULL, "5", NULL, GR_EILLEGAL, "p1_maneuver_2_move");

    NEXT_TO(b, "p1_maneuver_2_move");
    REFUSED(b, "fire", "fr_1leg", "br_light", NULL, "5", "range=2", GR_EILLEGAL, "not allowed now");
    /* 1er Léger, Good Order table, Reynier's column (corps, average).
     * +1 within range of the division officer (Compère, good: not
     * exceptional), +1 light infantry, +2 fresh, +2 France in column = +6.
     * Roll 3 -> 9: Average "9" = 2/3 MV and may FC; French infantry column
     * 12" x 2/3 = 8". */
    ACT(b, "maneuver", "fr_1leg", NULL, NULL, "3", "division-in-range=yes");
    CHECK(strcmp(result(0), "two_thirds_move_and_fc") == 0, "%s", result(0));
    CHECK(out.res.steps[0].modifier == 6, "modifier %d", out.res.steps[0].modifier);
    CHECK(mod(0, "Fresh") == 2, "fresh +2");
    CHECK(has_instr("8 inches"), "%s", out.instr[0]);
    /* 42e: officer attached (Compère, not exceptional) +2, fresh +2, France
     * column +2 = +6.  Roll 2 -> 8: Average "7,8" = 1/2 MV or FC: 6". */
    REFUSED(b, "maneuver", "fr_42", NULL, NULL, "5", "condition=fresh", GR_EINPUT,
            "kept by the companion");
    ACT(b, "maneuver", "fr_42", NULL, NULL, "2", NULL);
    CHECK(strcmp(result(0), "half_move_or_fc") == 0, "%s", result(0));
    CHECK(out.res.steps[0].modifier == 6, "modifier %d", out.res.steps[0].modifier);
    CHECK(mod(0, "Fresh") == 2, "the 42e is fresh: +2");
    CHECK(has_instr("6 inches"), "%s", out.instr[0]);
    /* 9e Chasseurs: +1 cavalry, +2 fresh = +3 (no national modifier: the
     * chart is infantry's).  Roll 4 -> 7: 1/2 MV; light cavalry 16" -> 8". */
    ACT(b, "maneuver", "fr_chass", NULL, NULL, "4", NULL);
    CHECK(strcmp(result(0), "half_move_or_fc") == 0, "%s", result(0));
    CHECK(out.res.steps[0].modifier == 3, "modifier %d", out.res.steps[0].modifier);
    CHECK(has_instr("8 inches"), "%s", out.instr[0]);
    REFUSED(b, "maneuver", "br_light", NULL, NULL, "5", NULL, GR_EILLEGAL, "French");
    REFUSED(b, "maneuver", "fr_1leg", NULL, NULL, "5", NULL, GR_EILLEGAL, "already");

    NEXT_TO(b, "p1_reaction");
    REFUSED(b, "react", "br_light", NULL, NULL, "5", NULL, GR_EILLEGAL, "good order cavalry");

    NEXT_TO(b, "p1_fire_defensive");
    /* Kempt's light battalion (British, in line, 5 stands) at the 1er Léger,
     * 2": light infantry "Out to 3" = 1" -> 5 points; +1 light infantry
     * firing.  Roll 9 -> 10: row "5" 8-10 Lively: target disordered. */
    ACT(b, "fire", "br_light", "fr_1leg", NULL, "9", "range=2");
    CHECK(strcmp(result(0), "lively") == 0, "%s", result(0));
    CHECK(out.res.steps[0].modifier == 1, "modifier %d", out.res.steps[0].modifier);
    CHECK(b->units[FR_1LEG].disordered == 1 && left(b, FR_1LEG) == 6, "1er Léger");
    /* 81st (4 stands, line) at the 42e, 1": infantry "Out to 2" = 1" -> 4
     * points; +1 British line infantry.  Roll 11 -> 12: row "4" 12+
     * Telling: disordered, 1 stand lost: 5 -> 4 left, lost 1 = worn. */
    ACT(b, "fire", "br_81", "fr_42", NULL, "11", "range=1");
    CHECK(strcmp(result(0), "telling") == 0, "%s", result(0));
    CHECK(left(b, FR_42) == 4 && b->units[FR_42].condition == GR_BT_WORN &&
              b->units[FR_42].disordered,
          "42e: %d left, condition %d", left(b, FR_42), b->units[FR_42].condition);
    CHECK(has_instr("42e de Ligne: disordered; remove 1 stand (4 left)"), "%s", out.instr[0]);
    /* The Royal Artillery (heavy battery) at the 42e, 6": "2"+ to 8" = 4"
     * x 1 stand = 4 points; +1 British artillery out to 8".  Roll a natural
     * 12 -> 13: row "4" Telling: 4 -> 3 left (lost 2: worn, not yet spent
     * at 3).  Compère is attached: natural 12, leader loss roll 5: "2-9 the
     * officer is wounded/killed and removed".  The test is made by the
     * companion, which knows Compère is attached (issue 25): a typed natural
     * 12 alone is refused, asking for the leader-loss roll as any die. */
    REFUSED(b, "fire", "br_ra", "fr_42", NULL, "12", "range=6", GR_EINPUT, "leader loss");
    ACT(b, "fire", "br_ra", "fr_42", NULL, "12,5", "range=6");
    CHECK(has_instr("Compère's leader-loss roll 5 (2-9 wounded/killed): hit") &&
              has_instr("Compère is wounded or killed: remove him"),
          "%s", out.instr[0]);
    CHECK(strcmp(result(0), "telling") == 0 && strcmp(result(1), "officer_hit") == 0, "%s %s",
          result(0), out.res.nsteps > 1 ? result(1) : "-");
    CHECK(left(b, FR_42) == 3 && b->units[FR_42].condition == GR_BT_WORN, "42e %d left",
          left(b, FR_42));
    CHECK(b->leaders[COMPERE].status == GR_BT_KILLED && b->leaders[COMPERE].attached == -1,
          "Compère status %d", b->leaders[COMPERE].status);
    REFUSED(b, "fire", "br_light", "fr_1leg", NULL, "9", "range=2", GR_EILLEGAL, "already");
    REFUSED(b, "fire", "fr_1leg", "br_light", NULL, "9", "range=2;stands=2", GR_EILLEGAL,
            "British");

    NEXT_TO(b, "p1_fire_phasing");
    REFUSED(b, "fire", "fr_1leg", "br_light", NULL, "10", "range=2", GR_EINPUT, "{stands}");
    REFUSED(b, "fire", "fr_1leg", "br_light", NULL, "10", "range=2;stands=2;disordered=yes",
            GR_EINPUT, "kept by the companion");
    /* 1er Léger (disordered, column: 2 front stands) at Kempt's, 2": 2 x 1
     * = 2 points, x1/2 disordered = 1; +1 light infantry.  Roll 10 -> 11:
     * row "1" 11+ Lively: Kempt's battalion disordered. */
    ACT(b, "fire", "fr_1leg", "br_light", NULL, "10", "range=2;stands=2");
    CHECK(strcmp(result(0), "lively") == 0, "%s", result(0));
    CHECK(b->units[BR_LIGHT].disordered == 1, "Kempt's disordered");
    /* 42e (disordered, column, 2 front stands) at the 81st, 1": 2 points x1/2
     * = 1; no modifier.  Roll 6: row "1" 0-10 Desultory. */
    ACT(b, "fire", "fr_42", "br_81", NULL, "6", "range=1;stands=2");
    CHECK(strcmp(result(0), "desultory") == 0 && out.res.steps[0].modifier == 0, "%s", result(0));
    CHECK(left(b, BR_81) == 4 && !b->units[BR_81].disordered, "81st untouched");

    NEXT_TO(b, "p1_melee");
    /* 42e attacks the 81st.  Attacker: France in column +2, disordered -2;
     * Compère is killed: no "+1 Attached leader"; worn: no fresh; 3 stands
     * against 4 is not 3:2 (4 < 4.5) = 0.  Defender: fresh +2, Britain in
     * line +1 = +3.  Rolls 10, 5: 10 + 0 - (5 + 3) = 2: Hard Pressed: the
     * 81st retreats 3" and is disordered; the attacker carries the
     * position. */
    ACT(b, "melee", "fr_42", "br_81", NULL, "10,5", NULL);
    CHECK(strcmp(result(0), "hard_pressed") == 0, "%s", result(0));
    CHECK(out.res.steps[0].modifier == -3, "net %d", out.res.steps[0].modifier);
    CHECK(mod(0, "Attached leader") == 0, "a killed leader gives no bonus");
    CHECK(mod(0, "Fresh") == 0 && mod(1, "Fresh") == 2, "the worn 42e has no +2 fresh");
    CHECK(b->units[BR_81].disordered == 1 && left(b, BR_81) == 4, "81st");
    CHECK(has_instr("retreats 3 inches"), "%s", out.instr[0]);
    REFUSED(b, "melee", "fr_42", "br_light", NULL, "10,5", NULL, GR_EILLEGAL, "already");

    /* The British segment. */
    NEXT_TO(b, "p2_maneuver_1_leaders");
    ACT(b, "attach", "br_light", NULL, "kempt", NULL, NULL);
    REFUSED(b, "attach", "fr_1leg", NULL, "reynier", NULL, NULL, GR_EILLEGAL, "French");

    NEXT_TO(b, "p2_maneuver_2_move");
    REFUSED(b, "maneuver", "br_light", NULL, NULL, "5", NULL, GR_EILLEGAL, "Disorder table");
    /* Kempt's (disordered): Disorder table.  Exceptional officer attached
     * (Kempt, excellent) +3, light infantry +1, fresh +2, Britain in line +1
     * = +7.  Roll 2 -> 9: "8-10 Unit rallys and gets 1/2 movement": British
     * line 5" -> 2.5". */
    ACT(b, "disorder", "br_light", NULL, NULL, "2", NULL);
    CHECK(strcmp(result(0), "rally") == 0 && out.res.steps[0].modifier == 7, "%s %d", result(0),
          out.res.steps[0].modifier);
    CHECK(b->units[BR_LIGHT].disordered == 0, "rallied");
    CHECK(has_instr("2.5 inches"), "%s", out.instr[0]);
    /* 81st (disordered): fresh +2, Britain line +1 = +3.  Roll 2 -> 5:
     * "4,5 Wavering- unit retreats 3" in disorder". */
    ACT(b, "disorder", "br_81", NULL, NULL, "2", NULL);
    CHECK(strcmp(result(0), "wavering") == 0 && out.res.steps[0].modifier == 3, "%s %d", result(0),
          out.res.steps[0].modifier);
    CHECK(b->units[BR_81].disordered == 1, "stays disordered");
    /* The battery: Stuart's column (average); a battery has no BEL level,
     * so no +2 fresh: modifier 0.  Roll 8: "7,8" 1/2 MV: heavy battery 9"
     * -> 4.5". */
    ACT(b, "maneuver", "br_ra", NULL, NULL, "8", NULL);
    CHECK(strcmp(result(0), "half_move_or_fc") == 0 && out.res.steps[0].modifier == 0, "%s %d",
          result(0), out.res.steps[0].modifier);
    CHECK(has_instr("4.5 inches"), "%s", out.instr[0]);

    NEXT_TO(b, "p2_reaction");
    /* The French chasseurs react: +1 cavalry, +2 fresh = +3; roll 6 -> 9:
     * Average 9 = 2/3 MV, at least a 1/2 move: it reacts with 1/2 its
     * allowance, 16" / 2 = 8". */
    ACT(b, "react", "fr_chass", NULL, NULL, "6", NULL);
    CHECK(strcmp(result(0), "two_thirds_move_and_fc") == 0 && out.res.steps[0].modifier == 3, "%s",
          result(0));
    CHECK(has_instr("8 inches"), "%s", out.instr[0]);

    NEXT_TO(b, "p2_fire_defensive");
    /* 1er Léger (disordered, column, 2 front stands) at Kempt's (Kempt
     * attached), 3": 2 points x1/2 = 1; +1 light.  A natural 12 -> 13: row
     * "1" Lively: disordered.  Leader loss roll 11: "Any other result and the
     * officer is fine". */
    ACT(b, "fire", "fr_1leg", "br_light", NULL, "12,11", "range=3;stands=2");
    CHECK(strcmp(result(0), "lively") == 0 && strcmp(result(1), "officer_fine") == 0, "%s",
          result(0));
    CHECK(b->leaders[KEMPT].status == GR_BT_ACTIVE && b->leaders[KEMPT].attached == BR_LIGHT,
          "Kempt fine");
    CHECK(has_instr("Kempt's leader-loss roll 11 (2-9 wounded/killed): unhurt"), "%s",
          out.instr[0]);
    CHECK(b->units[BR_LIGHT].disordered == 1, "Kempt's disordered");

    NEXT_TO(b, "p2_fire_phasing");
    /* Kempt's (disordered, line, 5 stands) at the 1er Léger, 2": 5 points
     * x1/2 = 2.5, read on row "2"; +1 light.  Roll 9 -> 10: row "2" 10+
     * Lively. */
    ACT(b, "fire", "br_light", "fr_1leg", NULL, "9", "range=2");
    CHECK(strcmp(result(0), "lively") == 0 && out.res.steps[0].modifier == 1, "%s", result(0));
    CHECK(left(b, FR_1LEG) == 6, "no loss");
    /* The battery at the 1er Léger, 4": 4 points, +1 British artillery.
     * Roll 11 -> 12: row "4" 12+ Telling: 6 -> 5 (lost 1 < 2: fresh). */
    ACT(b, "fire", "br_ra", "fr_1leg", NULL, "11", "range=4");
    CHECK(strcmp(result(0), "telling") == 0, "%s", result(0));
    CHECK(left(b, FR_1LEG) == 5 && b->units[FR_1LEG].condition == GR_BT_FRESH, "1er Léger %d",
          left(b, FR_1LEG));

    NEXT_TO(b, "p2_melee");
    /* Kempt's attacks the 1er Léger.  Attacker: "+1 Attached leader" (Kempt),
     * fresh +2, Britain in line +1, disordered -2 = +2.  Defender: fresh +2
     * (lost 1 of 2), France in column +2, disordered -2 = +2; stands lost in
     * this (melee) phase: none; 5 vs 5.  Rolls 6, 6: 0, Desperate struggle:
     * "Both sides are disordered and each losses a stand. Roll again with
     * adjusted modifiers" (issue 25): the second round is fought by the
     * units as they now are.  Both already disordered; -1 each for the stand
     * lost (4 vs 4: no ratio).  BEL chart on the stands left: Kempt's,
     * Veteran 5 stands "5/3/1", worn at 3: 4 left, still Fresh (+2 kept);
     * the 1er Léger, Veteran 6 stands "6/4/2", worn at 4: 4 left, Worn: its
     * "+2 Fresh" is taken back.  Attacker 2 - 1 = +1, defender 2 - 1 - 2 =
     * -1.  Rolls 8, 5: (8 + 1) - (5 - 1) = 5: Driven back: the 1er Léger
     * loses a stand, retreats a full move disordered; Kempt's may carry the
     * position or charge on.  (With the +2 Fresh kept, as before the fix:
     * 9 - 6 = 3, Hard pressed.) */
    ACT(b, "melee", "br_light", "fr_1leg", NULL, "6,6,8,5", NULL);
    CHECK(out.res.nsteps == 2 && strcmp(result(0), "desperate_struggle") == 0 &&
              strcmp(result(1), "driven_back") == 0,
          "%d steps", out.res.nsteps);
    CHECK(out.res.steps[0].modifier == 0 && out.res.steps[1].modifier == 2, "%d %d",
          out.res.steps[0].modifier, out.res.steps[1].modifier);
    CHECK(mod(0, "Attached leader") == 1, "Kempt's +1");
    CHECK(mod(1, "no longer Fresh") == -2, "the 1er Léger's +2 Fresh taken back: %d",
          mod(1, "no longer Fresh"));
    CHECK(mod(0, "no longer Fresh") == 0, "Kempt's still fresh");
    /* The companion gives both brigades' BEL cells: nothing left unknown. */
    for (int i = 0; i < out.res.nnotes; i++)
        CHECK(!strstr(out.res.notes[i], "not known"), "%s", out.res.notes[i]);
    CHECK(left(b, BR_LIGHT) == 4 && b->units[BR_LIGHT].condition == GR_BT_FRESH, "Kempt's %d",
          left(b, BR_LIGHT));
    /* 1er Léger: lost 1 (fire) + 1 + 1 = 3: 3 left, worn (2 lost), not spent (4). */
    CHECK(left(b, FR_1LEG) == 3 && b->units[FR_1LEG].condition == GR_BT_WORN, "1er Léger %d",
          left(b, FR_1LEG));
    CHECK(b->units[BR_LIGHT].sys[1] == 1, "a breakthrough");
}

/* Whose decision verb `verb` is now (gr_battle_decider). */
static int decider(const gr_battle *b, const char *verb)
{
    gr_bt_call c;
    memset(&c, 0, sizeof c);
    snprintf(c.verb, sizeof c.verb, "%s", verb);
    c.unit = c.target = c.leader = -1;
    return gr_battle_decider(b, &c);
}

/* Turn 4, the French segment after the 1er Léger's rally (issue 25): the
 * chasseurs charge the 20th Light Dragoons, which countercharge in the
 * Reaction phase; the melee reads the countercharge. */
static void turn4_french(gr_battle *b)
{
    /* The chasseurs (disordered since turn 3's desperate struggle, worn, 1
     * stand, no division officer): "+1 Cavalry".  Roll 8 -> 9: "8-10 Unit
     * rallys and gets 1/2 movement. (No FC)". */
    ACT(b, "disorder", "fr_chass", NULL, NULL, "8", NULL);
    CHECK(strcmp(result(0), "rally") == 0 && out.res.steps[0].modifier == 1, "%s %d", result(0),
          out.res.steps[0].modifier);
    CHECK(!b->units[FR_CHASS].disordered, "chasseurs rallied");
    /* They charge the dragoons.  "Eligible non-phasing cavalry may attempt
     * to countercharge if charged by cavalry": the British decide, in the
     * Reaction (2nd) Phase; an emergency formation change (infantry's) or an
     * evasion would be the British decision now, in the French move. */
    CHECK(decider(b, "emergency_fc") == 1 && decider(b, "evasion") == 1, "the charged side");
    CHECK(decider(b, "maneuver") == 0, "the phasing side");
    REFUSED(b, "emergency_fc", "br_20ld", "fr_chass", NULL, "8", NULL, GR_EINPUT, "infantry's");
    REFUSED(b, "react", "br_20ld", "fr_chass", NULL, "7", NULL, GR_EILLEGAL, "not allowed now");
    NEXT_TO(b, "p1_reaction");
    CHECK(decider(b, "react") == 1, "the non-phasing player reacts");
    REFUSED(b, "emergency_fc", "br_light", "fr_chass", NULL, "8", NULL, GR_EILLEGAL,
            "not allowed now");
    REFUSED(b, "react", "br_20ld", "fr_1leg", NULL, "7", NULL, GR_EILLEGAL, "charge by cavalry");
    /* The dragoons react: Good Order table, the column of Stuart (Cole's
     * corps commander, average); "+1 Cavalry", "+2 Fresh" = +3.  Roll 7 ->
     * 10: Average "10+ Well handled. Full move": "At least a "1/2 move" must
     * be rolled in order to react": it reacts, with "1/2 movement allowance
     * for reaction purposes": light cavalry 16" / 2 = 8".  "Cavalry Division
     * officers may make a move if any of their units move during this
     * phase": Cole. */
    ACT(b, "react", "br_20ld", "fr_chass", NULL, "7", NULL);
    CHECK(strcmp(result(0), "well_handled") == 0 && out.res.steps[0].modifier == 3, "%s %d",
          result(0), out.res.steps[0].modifier);
    CHECK(has_instr("countercharges 9e Chasseurs"), "%s", out.instr[0]);
    CHECK(has_instr("8 inches"), "%s", out.instr[0]);
    CHECK(has_instr("Cole: as 20th Light Dragoons's division officer, may move"), "%s",
          out.ninstr > 1 ? out.instr[0] : "-");
    CHECK(b->units[BR_20LD].sys[3] == FR_CHASS + 1, "countercharging %d", b->units[BR_20LD].sys[3]);

    NEXT_TO(b, "p1_melee");
    /* The chasseurs (good order, worn, 1 stand, line) against the dragoons
     * (fresh, 4, line, countercharging).  Attacker: "+1 Cavalry charging
     * while in line formation"; France@ in line: no national modifier;
     * outnumbered 4 to 1: "-3 outnumbered 3: 1 +" = -2.  Defender: "+2
     * Fresh", Britain "+1 Line", and charging too: "+1 Cavalry charging
     * while in line formation" = +4 (without the countercharge, +3).  Rolls
     * 9, 4: 5 - 6 = -1: "Assault checked. Attacker is disordered and fall's
     * back 3". Defending cavalry is disordered." (Without the countercharge:
     * 0, a desperate struggle.) */
    ACT(b, "melee", "fr_chass", "br_20ld", NULL, "9,4", NULL);
    CHECK(strcmp(result(0), "assault_checked") == 0 && out.res.steps[0].modifier == -6, "%s %d",
          result(0), out.res.steps[0].modifier);
    CHECK(mod(1, "Cavalry charging while in line") == 1, "the countercharge's +1");
    CHECK(mod(0, "Cavalry charging while in line") == 1, "the charge's +1");
    CHECK(b->units[FR_CHASS].disordered && b->units[BR_20LD].disordered, "both disordered");
    CHECK(left(b, FR_CHASS) == 1 && left(b, BR_20LD) == 4, "no stand lost");
}

/* Turn 4, the British segment after Kempt's well handled move (issue 25):
 * the dragoons charge the 1er Léger, which forms square in an emergency
 * formation change; Kempt's charges the chasseurs, which evade. */
static void turn4_british(gr_battle *b)
{
    /* The dragoons (disordered by the checked assault, fresh): "+1
     * Cavalry", "+2 Fresh" = +3.  Roll 6 -> 9: "8-10 Unit rallys and gets
     * 1/2 movement". */
    ACT(b, "disorder", "br_20ld", NULL, NULL, "6", NULL);
    CHECK(strcmp(result(0), "rally") == 0 && out.res.steps[0].modifier == 3, "%s %d", result(0),
          out.res.steps[0].modifier);
    /* They charge the 1er Léger: its emergency formation change is the
     * French decision in the British move. */
    CHECK(decider(b, "emergency_fc") == 0 && decider(b, "maneuver") == 1, "sides");
    REFUSED(b, "emergency_fc", "br_light", "fr_chass", NULL, "6", NULL, GR_EILLEGAL, "French");
    /* 1er Léger (good order since its rally, worn, column, 3 stands, French,
     * 1806, no officer attached): "+1 In Column formation", "+1 British/Pre-
     * 1808 Prussians/Pre- 1813 French" = +2.  Roll 6 -> 8: "8+ successful":
     * it forms square. */
    /* "Infantry uses this chart if charged by cavalry and the infantry is NOT
     * IN square formation, deployed in a town or behind defensive works or
     * wall": refused for infantry deployed so (it meets the charge as it
     * stands). */
    REFUSED(b, "emergency_fc", "fr_1leg", "br_20ld", NULL, "6", "deployed=yes", GR_EINPUT,
            "NOT IN square");
    ACT(b, "emergency_fc", "fr_1leg", "br_20ld", NULL, "6", NULL);
    CHECK(strcmp(result(0), "success") == 0 && out.res.steps[0].modifier == 2, "%s %d", result(0),
          out.res.steps[0].modifier);
    CHECK(strcmp(b->units[FR_1LEG].formation, "square") == 0, "%s", b->units[FR_1LEG].formation);
    CHECK(has_instr("+1 target changed formation ({target-changed-formation} yes)"), "%s",
          out.instr[0]);
    REFUSED(b, "emergency_fc", "fr_1leg", "br_20ld", NULL, "6", NULL, GR_EILLEGAL, "already");
    /* Kempt's charges the chasseurs (disordered): "Disordered Cavalry 5+",
     * the French decision.  Roll 5: evades. */
    REFUSED(b, "evasion", "br_20ld", "fr_1leg", NULL, "5", NULL, GR_EILLEGAL, "French");
    ACT(b, "evasion", "fr_chass", "br_light", NULL, "5", NULL);
    CHECK(strcmp(result(0), "evades") == 0, "%s", result(0));
    CHECK(has_instr("moves away from Kempt's light battalion's charge"), "%s", out.instr[0]);
    CHECK(has_instr("occupies the ground and is done with its movement"), "%s",
          out.ninstr > 1 ? out.instr[1] : "-");

    NEXT_TO(b, "p2_melee");
    /* "Should the cavalry brigade ... successfully evade, the attacking
     * infantry occupies the ground and is then done with its movement": no
     * contact, no melee. */
    REFUSED(b, "melee", "br_light", "fr_chass", NULL, "7,7", NULL, GR_EILLEGAL, "evaded");
    /* The dragoons (good order, fresh, 4, line) against the square (worn,
     * 3).  Attacker: "+2 Mounted cavalry charging infantry or artillery in
     * the open", "+1 Cavalry charging while in line formation", "+2 Fresh",
     * "-4 Cavalry Vs infantry in square"; national modifiers "Not used by
     * infantry Vs cavalry" = +1.  Defender: "+4 Infantry in square Vs
     * Cavalry"; 3 against 4 is not 3:2 = +4.  Rolls 7, 7: -3: "Assault
     * checked": the dragoons disordered, back 3".  (In column the 1er Léger
     * would have had "-3 Infantry not in cover or square Vs cavalry" and the
     * dragoons no -4: +8, Swept from the field.) */
    ACT(b, "melee", "br_20ld", "fr_1leg", NULL, "7,7", NULL);
    CHECK(strcmp(result(0), "assault_checked") == 0 && out.res.steps[0].modifier == -3, "%s %d",
          result(0), out.res.steps[0].modifier);
    CHECK(b->units[BR_20LD].disordered && left(b, FR_1LEG) == 3, "checked");
    NEXT_TO(b, "p1_maneuver_1_leaders");
    CHECK(b->turn == 5 && b->units[FR_CHASS].sys[2] == 0, "the evasion lasts its segment");
}

static void turn2(gr_battle *b)
{
    NEXT_TO(b, "p1_maneuver_1_leaders");
    CHECK(b->turn == 2, "turn %d", b->turn);
    REFUSED(b, "attach", "fr_1leg", NULL, "compere", NULL, NULL, GR_EILLEGAL, "killed");
    ACT(b, "attach", "fr_1leg", NULL, "reynier", NULL, NULL);

    NEXT_TO(b, "p1_maneuver_2_move");
    /* 1er Léger (disordered, worn): officer attached (Reynier, average) +2,
     * light +1, France column +2; worn: no fresh = +5.  Roll 3 -> 8: rally,
     * 1/2 movement: 12" / 2 = 6". */
    ACT(b, "disorder", "fr_1leg", NULL, NULL, "3", NULL);
    CHECK(strcmp(result(0), "rally") == 0 && out.res.steps[0].modifier == 5, "%s %d", result(0),
          out.res.steps[0].modifier);
    CHECK(mod(0, "Fresh") == 0, "worn: no +2 fresh");
    CHECK(!b->units[FR_1LEG].disordered, "rallied");
    /* 42e: Compère is killed, so no division officer bonus. */
    REFUSED(b, "disorder", "fr_42", NULL, NULL, "2", "division-in-range=yes", GR_EINPUT, "killed");
    /* 42e (disordered, worn): France column +2 only; turn 1 it had +2 fresh
     * (and +2 attached).  Roll 2 -> 4: Wavering, 3" in disorder. */
    ACT(b, "disorder", "fr_42", NULL, NULL, "2", NULL);
    CHECK(strcmp(result(0), "wavering") == 0 && out.res.steps[0].modifier == 2, "%s %d", result(0),
          out.res.steps[0].modifier);
    CHECK(mod(0, "Fresh") == 0 && mod(0, "Spent") == 0, "worn: neither");
    /* Chasseurs: +3; roll 7 -> 10: "10+ Well handled. Full move": 16". */
    ACT(b, "maneuver", "fr_chass", NULL, NULL, "7", NULL);
    CHECK(strcmp(result(0), "well_handled") == 0, "%s", result(0));
    CHECK(has_instr("16 inches"), "%s", out.instr[0]);
    /* They charge the 81st, which tries an emergency formation change:
     * +1 British, -2 disordered = -1 (fresh is no line of that list).  Roll
     * 8 -> 7: "5-7 unsuccessful". */
    REFUSED(b, "emergency_fc", "fr_42", "br_81", NULL, "8", NULL, GR_EILLEGAL, "French");
    ACT(b, "emergency_fc", "br_81", "fr_chass", NULL, "8", NULL);
    CHECK(strcmp(result(0), "failed") == 0 && out.res.steps[0].modifier == -1, "%s %d", result(0),
          out.res.steps[0].modifier);
    CHECK(strcmp(b->units[BR_81].formation, "line") == 0, "no square");

    NEXT_TO(b, "p1_fire_defensive");
    /* 81st (disordered, line, 4 stands) at the charging chasseurs, 1": 4
     * points x1/2 = 2; +1 British line, -2 infantry at charging cavalry not in
     * square = -1.  Roll 11 -> 10: row "2" 10+ Lively: disordered. */
    ACT(b, "fire", "br_81", "fr_chass", NULL, "11", "range=1;target-charging=yes");
    CHECK(strcmp(result(0), "lively") == 0 && out.res.steps[0].modifier == -1, "%s %d", result(0),
          out.res.steps[0].modifier);
    CHECK(b->units[FR_CHASS].disordered, "chasseurs disordered");
    /* The battery at the chasseurs, 2": "Contact to 2" = 12" points; +1
     * British artillery out to 8", +1 artillery at 2" or less at mounted
     * cavalry = +2.  Roll 7 -> 9: row "12-14" 8-10 Telling: 3 -> 2, lost 1:
     * worn. */
    ACT(b, "fire", "br_ra", "fr_chass", NULL, "7", "range=2");
    CHECK(strcmp(result(0), "telling") == 0 && out.res.steps[0].modifier == 2, "%s %d", result(0),
          out.res.steps[0].modifier);
    CHECK(left(b, FR_CHASS) == 2 && b->units[FR_CHASS].condition == GR_BT_WORN, "chasseurs %d",
          left(b, FR_CHASS));

    NEXT_TO(b, "p1_fire_phasing");
    /* 42e (disordered, column, 2 front stands) at the battery, 2": 2 points
     * x1/2 = 1; -1 infantry firing at unlimbered artillery.  A natural 12 ->
     * 11: row "1" 11+ Lively: "artillery suppressed" (no officer there: no
     * leader loss roll). */
    ACT(b, "fire", "fr_42", "br_ra", NULL, "12", "range=2;stands=2");
    CHECK(strcmp(result(0), "lively") == 0 && out.res.steps[0].modifier == -1, "%s %d", result(0),
          out.res.steps[0].modifier);
    CHECK(b->units[BR_RA].guns == GR_GUNS_SUPPRESSED, "guns %d", b->units[BR_RA].guns);
    CHECK(has_instr("a natural 12, but no officer is attached to it: no leader-loss test"), "%s",
          out.instr[0]);

    NEXT_TO(b, "p1_melee");
    /* Chasseurs (disordered, worn, 2 stands, line) charge the 81st (line,
     * disordered, fresh, 4).  Attacker: +2 mounted cavalry charging infantry
     * in the open, +1 cavalry charging in line, -2 disordered, outnumbered
     * 2:1 (4 >= 2 x 2) -2 = -1.  Defender: fresh +2, disordered -2, -3
     * infantry not in cover or square vs cavalry = -3 (no national modifier:
     * infantry vs cavalry).  Rolls 9, 3: 9 - 1 - (3 - 3) = 8: Swept from the
     * field: 2 stands (difference not over 10), a full move back disordered;
     * the 81st: 4 -> 2, lost 2 = spent. */
    ACT(b, "melee", "fr_chass", "br_81", NULL, "9,3", NULL);
    CHECK(strcmp(result(0), "swept_from_the_field") == 0 && out.res.steps[0].modifier == 2, "%s %d",
          result(0), out.res.steps[0].modifier);
    CHECK(left(b, BR_81) == 2 && b->units[BR_81].condition == GR_BT_SPENT, "81st %d",
          left(b, BR_81));
    CHECK(has_instr("81st Foot: disordered; remove 2 stands (2 left); retreats a full move"), "%s",
          out.instr[0]);

    NEXT_TO(b, "p2_maneuver_1_leaders");
    ACT(b, "detach", NULL, NULL, "kempt", NULL, NULL);
    ACT(b, "attach", "br_81", NULL, "kempt", NULL, NULL);
    CHECK(b->leaders[KEMPT].attached == BR_81, "Kempt with the 81st");

    NEXT_TO(b, "p2_maneuver_2_move");
    /* 81st (disordered, spent): exceptional officer attached +3, Britain line
     * +1, spent -2 = +2.  Roll 5 -> 7: "6,7 Shaken- unit holds ground but
     * rallys". */
    ACT(b, "disorder", "br_81", NULL, NULL, "5", NULL);
    CHECK(strcmp(result(0), "shaken") == 0 && out.res.steps[0].modifier == 2, "%s %d", result(0),
          out.res.steps[0].modifier);
    CHECK(mod(0, "Spent") == -2 && mod(0, "Fresh") == 0, "spent now: -2 (it was +2 fresh)");
    CHECK(!b->units[BR_81].disordered, "rallied");
    /* Kempt's (disordered since the 1er Léger's fire and the desperate
     * struggle of turn 1; it had no test since): Kempt is no longer
     * attached; he is in range and exceptional: +2, light
     * +1, fresh +2, Britain line +1 = +6.  Roll 6 -> 12: "11+ rallys with
     * Elan. Full move": 5". */
    ACT(b, "disorder", "br_light", NULL, NULL, "6", "division-in-range=yes");
    CHECK(strcmp(result(0), "rally_with_elan") == 0 && out.res.steps[0].modifier == 6, "%s %d",
          result(0), out.res.steps[0].modifier);
    CHECK(has_instr("5 inches"), "%s", out.instr[0]);
    /* The chasseurs (disordered) evade Kempt's charge: "Disordered Cavalry
     * 5+"; roll 6: evades. */
    ACT(b, "evasion", "fr_chass", "br_light", NULL, "6", NULL);
    CHECK(strcmp(result(0), "evades") == 0, "%s", result(0));
    REFUSED(b, "evasion", "fr_chass", "br_light", NULL, "6", NULL, GR_EILLEGAL, "already");

    NEXT_TO(b, "p2_reaction");
    REFUSED(b, "react", "fr_chass", NULL, NULL, "6", NULL, GR_EILLEGAL, "good order cavalry");

    NEXT_TO(b, "p2_fire_defensive");
    /* 1er Léger (good order, column, 2 front) at Kempt's, 3": 2 points, +1
     * light.  Roll 8 -> 9: row "2" 0-9 Desultory. */
    ACT(b, "fire", "fr_1leg", "br_light", NULL, "8", "range=3;stands=2");
    CHECK(strcmp(result(0), "desultory") == 0, "%s", result(0));

    NEXT_TO(b, "p2_fire_phasing");
    /* The battery (suppressed: it still fires) at the 42e, 5": 4 points +1.
     * Roll 11 -> 12: row "4" Telling: 3 -> 2, lost 3 = spent. */
    ACT(b, "fire", "br_ra", "fr_42", NULL, "11", "range=5");
    CHECK(strcmp(result(0), "telling") == 0, "%s", result(0));
    CHECK(left(b, FR_42) == 2 && b->units[FR_42].condition == GR_BT_SPENT, "42e %d",
          left(b, FR_42));

    NEXT_TO(b, "p2_melee");
    /* Kempt's (fresh, good order, 4 stands, line; Kempt detached) attacks the
     * 42e (spent, disordered, column, 2).  Attacker: fresh +2, Britain line
     * +1 = +3.  Defender: spent -2, disordered -2, France column +2,
     * outnumbered 2:1 (4 >= 2 x 2) -2 = -4.  Rolls 3, 4: -1 + 7 = 6: Driven
     * back: the 42e 2 -> 1; Kempt's may charge on (breakthrough). */
    ACT(b, "melee", "br_light", "fr_42", NULL, "3,4", NULL);
    CHECK(strcmp(result(0), "driven_back") == 0 && out.res.steps[0].modifier == 7, "%s %d",
          result(0), out.res.steps[0].modifier);
    CHECK(mod(1, "Spent") == -2, "the 42e's -2 spent");
    CHECK(left(b, FR_42) == 1, "42e %d", left(b, FR_42));
    /* The breakthrough charges on: the 1er Léger (worn, good order, column,
     * 3).  Attacker: +1 breakthrough, fresh +2, Britain line +1 = +4.
     * Defender: Reynier attached (since this turn's leaders step) +1, France
     * column +2 = +3 (3 vs 4: not 3:2).  Net +1.  Rolls 4, 8: -4 + 1 = -3:
     * Assault checked: Kempt's disordered, falls back 3". */
    ACT(b, "melee", "br_light", "fr_1leg", NULL, "4,8", NULL);
    CHECK(mod(1, "Attached leader") == 1, "Reynier's +1");
    CHECK(strcmp(result(0), "assault_checked") == 0 && out.res.steps[0].modifier == 1, "%s %d",
          result(0), out.res.steps[0].modifier);

    CHECK(mod(0, "Breakthrough") == 1, "breakthrough +1");
    CHECK(b->units[BR_LIGHT].disordered, "Kempt's disordered");
    REFUSED(b, "melee", "br_light", "fr_1leg", NULL, "4,8", NULL, GR_EILLEGAL, "already");
}

static void turn3(gr_battle *b)
{
    NEXT_TO(b, "p1_maneuver_1_leaders");
    CHECK(b->turn == 3, "turn %d", b->turn);
    /* Suppressed guns serve again from the next game turn. */
    CHECK(b->units[BR_RA].guns == GR_GUNS_NONE, "guns %d", b->units[BR_RA].guns);
    ACT(b, "detach", NULL, NULL, "reynier", NULL, NULL);

    NEXT_TO(b, "p1_maneuver_2_move");
    /* 42e (disordered, spent, 1 stand): France column +2, -2 spent = 0; its
     * modifiers went +2 fresh (turn 1), nothing (worn, turn 2), -2 spent now.
     * Roll 3: "2,3 Broken- lose 1 stand and retreat a full move": its last
     * stand: removed. */
    ACT(b, "disorder", "fr_42", NULL, NULL, "3", NULL);
    CHECK(strcmp(result(0), "broken") == 0 && out.res.steps[0].modifier == 0, "%s %d", result(0),
          out.res.steps[0].modifier);
    CHECK(mod(0, "Spent") == -2, "spent -2");
    CHECK(b->units[FR_42].removed && left(b, FR_42) == 0, "42e removed");
    REFUSED(b, "disorder", "fr_42", NULL, NULL, "3", NULL, GR_EILLEGAL, "removed");
    /* 1er Léger (good order, worn): light +1, France column +2 = +3 (Compère
     * killed: no division officer).  Roll 5 -> 8: 1/2 MV, 6". */
    ACT(b, "maneuver", "fr_1leg", NULL, NULL, "5", NULL);
    CHECK(strcmp(result(0), "half_move_or_fc") == 0 && out.res.steps[0].modifier == 3, "%s %d",
          result(0), out.res.steps[0].modifier);
    /* Chasseurs (disordered, worn): +1 cavalry.  Roll 6 -> 7: Shaken, rally. */
    ACT(b, "disorder", "fr_chass", NULL, NULL, "6", NULL);
    CHECK(strcmp(result(0), "shaken") == 0 && out.res.steps[0].modifier == 1, "%s", result(0));

    /* "3. Move detached leaders, replace fallen leaders": Compère's
     * replacement takes command (no roll). */
    REFUSED(b, "replace", NULL, NULL, "compere", NULL, NULL, GR_EILLEGAL, "p1_maneuver_3_leaders");
    NEXT_TO(b, "p1_maneuver_3_leaders");
    REFUSED(b, "replace", NULL, NULL, "reynier", NULL, NULL, GR_EILLEGAL, "only a fallen leader");
    ACT(b, "replace", NULL, NULL, "compere", NULL, NULL);
    CHECK(b->leaders[COMPERE].status == GR_BT_ACTIVE && b->leaders[COMPERE].back_turn == 3,
          "Compère's replacement %d %d", b->leaders[COMPERE].status, b->leaders[COMPERE].back_turn);

    NEXT_TO(b, "p1_fire_defensive");
    /* 81st (good order, spent, 2 stands, line) at the 1er Léger, 2": 2 points,
     * +1 British line.  Roll 9 -> 10: row "2" Lively: disordered. */
    ACT(b, "fire", "br_81", "fr_1leg", NULL, "9", "range=2");
    CHECK(strcmp(result(0), "lively") == 0, "%s", result(0));

    NEXT_TO(b, "p1_fire_phasing");
    REFUSED(b, "fire", "fr_42", "br_81", NULL, "9", "range=2", GR_EILLEGAL, "removed");
    /* 1er Léger (disordered, column, 2 front) at the 81st (Kempt attached),
     * 1": 2 x1/2 = 1; +1 light.  A natural 12 -> 13: Lively; leader loss roll
     * 9: "2-9": Kempt is wounded/killed and removed. */
    ACT(b, "fire", "fr_1leg", "br_81", NULL, "12,9", "range=1;stands=2");
    CHECK(strcmp(result(0), "lively") == 0 && strcmp(result(1), "officer_hit") == 0, "%s",
          result(0));
    CHECK(b->leaders[KEMPT].status == GR_BT_KILLED, "Kempt %d", b->leaders[KEMPT].status);

    NEXT_TO(b, "p1_melee");
    /* Chasseurs (good order, worn, 2) charge the 81st (spent, disordered, 2;
     * Kempt killed: no "+1 Attached leader" any more).  Attacker: +2 open,
     * +1 line = +3.  Defender: spent -2, disordered -2, -3 not in cover or
     * square vs cavalry = -7.  Rolls 2, 12: -10 + 10 = 0: Desperate struggle:
     * each loses a stand (2 -> 1 each), attacker disordered: -1 -2, defender
     * -1 (already disordered); 1 vs 1.  Net 3 - 3 - (-7 - 1) = 8.  Rolls 4,
     * 4: 8: Swept from the field: the 81st's last stand: removed. */
    ACT(b, "melee", "fr_chass", "br_81", NULL, "2,12,4,4", NULL);
    CHECK(out.res.nsteps == 2 && strcmp(result(0), "desperate_struggle") == 0 &&
              strcmp(result(1), "swept_from_the_field") == 0,
          "%d steps", out.res.nsteps);
    CHECK(out.res.steps[0].modifier == 10 && out.res.steps[1].modifier == 8, "%d %d",
          out.res.steps[0].modifier, out.res.steps[1].modifier);
    CHECK(mod(1, "Attached leader") == 0, "Kempt killed: no bonus");
    CHECK(b->units[BR_81].removed, "81st removed");
    CHECK(left(b, FR_CHASS) == 1 && b->units[FR_CHASS].disordered, "chasseurs %d",
          left(b, FR_CHASS));

    NEXT_TO(b, "p2_maneuver_2_move");
    REFUSED(b, "disorder", "br_light", NULL, NULL, "4", "division-in-range=yes", GR_EINPUT,
            "killed");
    /* Kempt's (disordered): light +1, fresh +2, Britain line +1 = +4.  Roll 4
     * -> 8: rally, 2.5". */
    ACT(b, "disorder", "br_light", NULL, NULL, "4", NULL);
    CHECK(strcmp(result(0), "rally") == 0 && out.res.steps[0].modifier == 4, "%s %d", result(0),
          out.res.steps[0].modifier);

    NEXT_TO(b, "p2_maneuver_3_leaders");
    REFUSED(b, "replace", NULL, NULL, "compere", NULL, NULL, GR_EILLEGAL, "French");
    ACT(b, "replace", NULL, NULL, "kempt", NULL, NULL);
    CHECK(b->leaders[KEMPT].status == GR_BT_ACTIVE && b->leaders[KEMPT].back_turn == 3,
          "Kempt's replacement");

    NEXT_TO(b, "p2_fire_defensive");
    /* 1er Léger (disordered, column, 2) at Kempt's, 2": 1 point, +1: roll 5
     * -> 6: Desultory. */
    ACT(b, "fire", "fr_1leg", "br_light", NULL, "5", "range=2;stands=2");
    CHECK(strcmp(result(0), "desultory") == 0, "%s", result(0));

    NEXT_TO(b, "p2_fire_phasing");
    /* The battery at the chasseurs, 8": 4 points, +1 (out to 8"; not 2" or
     * less).  Roll 6 -> 7: row "4" 0-7 Desultory. */
    ACT(b, "fire", "br_ra", "fr_chass", NULL, "6", "range=8");
    CHECK(strcmp(result(0), "desultory") == 0 && out.res.steps[0].modifier == 1, "%s %d", result(0),
          out.res.steps[0].modifier);

    NEXT_TO(b, "p2_melee");
    NEXT(b);
    CHECK(b->turn == 4 && b->phase == 0, "turn %d phase %d", b->turn, b->phase);

    /* Turn 4: the replacements give their bonus again. */
    NEXT_TO(b, "p1_maneuver_2_move");
    /* 1er Léger (disordered since the 81st's fire, worn): Compère's
     * replacement (good) in range +1, light +1, France column +2 = +4.  Roll
     * 4 -> 8: rally, 1/2 movement. */
    ACT(b, "disorder", "fr_1leg", NULL, NULL, "4", "division-in-range=yes");
    CHECK(strcmp(result(0), "rally") == 0 && out.res.steps[0].modifier == 4, "%s %d", result(0),
          out.res.steps[0].modifier);
    CHECK(mod(0, "Within range of brigades division officer") == 1, "in range +1");
    turn4_french(b);
    NEXT_TO(b, "p2_maneuver_2_move");
    /* Kempt's (good order, fresh): Kempt's replacement in range: +1, not the
     * exceptional officer's +2; light +1, fresh +2, Britain line +1 = +5.
     * Stuart's column (average); roll 5 -> 10: "10+ Well handled": 5". */
    ACT(b, "maneuver", "br_light", NULL, NULL, "5", "division-in-range=yes");
    CHECK(strcmp(result(0), "well_handled") == 0 && out.res.steps[0].modifier == 5, "%s %d",
          result(0), out.res.steps[0].modifier);
    CHECK(mod(0, "Within range of brigades division officer") == 1, "not exceptional: +1");
    turn4_british(b);
}

/* Undo: replaying the record but its last action gives the hash before it;
 * replaying it whole gives the same state. */
static void test_replay(const gr_battle *played)
{
    gr_battle *b = begin();
    for (int i = 0; i < nrecord - 1; i++) {
        gr_bt_action a = record[i];
        gr_status st = gr_battle_do(b, &a, NULL, &err);
        CHECK(st == GR_OK, "replay %d: %s", i, err.msg);
    }
    CHECK(gr_battle_hash(b) == hash_before_last, "undo: the previous hash");
    gr_bt_action a = record[nrecord - 1];
    CHECK(gr_battle_do(b, &a, NULL, &err) == GR_OK, "last");
    CHECK(gr_battle_hash(b) == gr_battle_hash(played), "replay: the same state");
    CHECK(memcmp(b->units, played->units, sizeof b->units) == 0, "units identical");
    for (int i = 0; i < b->nunits; i++)
        if (memcmp(&b->units[i], &played->units[i], sizeof b->units[i]) != 0)
            fprintf(stderr,
                    "differs: %s lost %d/%d dis %d/%d guns %d/%d removed %d/%d form %s/%s fired "
                    "%d/%d\n",
                    b->units[i].id, b->units[i].lost, played->units[i].lost, b->units[i].disordered,
                    played->units[i].disordered, b->units[i].guns, played->units[i].guns,
                    b->units[i].removed, played->units[i].removed, b->units[i].formation,
                    played->units[i].formation, b->units[i].fired, played->units[i].fired);
    for (int i = 0; i < b->nleaders; i++)
        if (memcmp(&b->leaders[i], &played->leaders[i], sizeof b->leaders[i]) != 0)
            fprintf(stderr, "leader differs: %s status %d/%d att %d/%d\n", b->leaders[i].id,
                    b->leaders[i].status, played->leaders[i].status, b->leaders[i].attached,
                    played->leaders[i].attached);

    free(b);
}

static void test_setup(void)
{
    gr_battle *b = begin();
    /* The BEL levels worked by hand above. */
    static const int worn[] = {2, 1, 1, 2, 1, -1}, spent[] = {4, 3, -1, 4, 2, -1};
    for (int i = 0; i < 6; i++)
        CHECK(b->units[i].worn_at == worn[i] && b->units[i].spent_at == spent[i],
              "%s: worn_at %d spent_at %d", b->units[i].id, b->units[i].worn_at,
              b->units[i].spent_at);
    free(b);

    static const struct {
        const char *field, *value, *words;
    } bad[] = {
        {"quality", "elite", "34:7: unit br_light: quality \"elite\""},
        {"nation", "french", "accepted for infantry: france"},
        {"formation", "limbered", "formation \"limbered\""},
        {"kind", "heavy", "kind \"heavy\""},
        {"flag", "sk", "flag \"sk\""},
        {"stands", "8", "8 stands: the BEL chart has rows for 3 to 7"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        b = maida();
        gr_bt_unit *u = &b->units[BR_LIGHT];
        if (!strcmp(bad[k].field, "quality"))
            snprintf(u->quality, sizeof u->quality, "%s", bad[k].value);
        if (!strcmp(bad[k].field, "nation"))
            snprintf(u->nation, sizeof u->nation, "%s", bad[k].value);
        if (!strcmp(bad[k].field, "formation"))
            snprintf(u->formation, sizeof u->formation, "%s", bad[k].value);
        if (!strcmp(bad[k].field, "kind"))
            snprintf(u->kind, sizeof u->kind, "%s", bad[k].value);
        if (!strcmp(bad[k].field, "flag"))
            snprintf(u->flags[u->nflags++], GR_BT_ID, "%s", bad[k].value);
        if (!strcmp(bad[k].field, "stands"))
            u->stands = 8;
        memset(&err, 0, sizeof err);
        gr_status st = b->rules->setup(b, &err);
        CHECK(st == GR_EINPUT && strstr(err.msg, bad[k].words), "%s: %s", bad[k].field, err.msg);
        free(b);
    }
    /* Given worn/spent are kept; an 8-stand brigade with them is accepted. */
    b = maida();
    b->units[BR_LIGHT].stands = 8;
    b->units[BR_LIGHT].worn_at = 3;
    b->units[BR_LIGHT].spent_at = 5;
    CHECK(b->rules->setup(b, &err) == GR_OK && b->units[BR_LIGHT].worn_at == 3 &&
              b->units[BR_LIGHT].spent_at == 5,
          "%s", err.msg);
    free(b);
    /* A leader's rating outside the vocabulary. */
    b = maida();
    snprintf(b->leaders[KEMPT].rating, GR_BT_ID, "exceptional");
    CHECK(b->rules->setup(b, &err) == GR_EINPUT && strstr(err.msg, "14:5: leader kempt"), "%s",
          err.msg);
    free(b);
    /* Napoleon in command, 1805: French troops under him one column to the
     * left: the 42e (5 regular) reads Veteran "5/3/1": worn at 3 left (2
     * lost), spent at 1 left (4 lost). */
    b = maida();
    snprintf(b->date, sizeof b->date, "1805-12-02");
    snprintf(b->leaders[REYNIER].kind, GR_BT_ID, "napoleon");
    CHECK(b->rules->setup(b, &err) == GR_OK && b->units[FR_42].worn_at == 2 &&
              b->units[FR_42].spent_at == 4 && b->units[BR_81].worn_at == 1,
          "42e %d/%d", b->units[FR_42].worn_at, b->units[FR_42].spent_at);
    free(b);
}

int main(void)
{
    test_sequence();
    test_setup();
    gr_battle *b = begin();
    nrecord = 0;
    turn1(b);
    turn2(b);
    turn3(b);
    test_replay(b);
    free(b);
    printf("bt_nf: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
