/* grognard/battle.h - the battle companion: a tabletop battle of L'Âge des
 * Aigles (aoe), Napoleonic Fury (nf) or Regimental Fire and Fury (rff),
 * kept and resolved.
 *
 * The table holds the miniatures and the ruler; the companion holds the
 * rest: the order of battle, every unit's losses, disorder, condition
 * (fresh, worn, spent), ammunition and guns, the leaders and their fate,
 * the turn and the phase of the system's sequence of play.  A test is asked
 * for by a verb ("fire", "combat", "maneuver"...) naming the units and
 * giving only what the table shows (range, cover, flank); the system's
 * rules (gr_battle_rules) fill in everything the state knows, resolve the
 * procedure of src/rules, apply the result's effects (effect.h) to the
 * state and say what to do on the table.
 *
 * State and actions hold indices and ids, never pointers into each other.
 * A battle is played as a match of the companion's game type (bt_game.h):
 * its order of battle, its seed and its steps (each test asked and each of
 * its dice), so that a replay rebuilds the state bit for bit, undo takes a
 * test back whole and never re-rolls, and a saved battle resumes exactly
 * where it was.
 *
 * Layer: battle (core <- board <- rules <- battle <- engine); the
 * order-of-battle reader is the battle's too (src/battle/bt_oob.c, oob.h:
 * a companion game type loads its scenario with it), the battle file's
 * reading lives in io (battle_io.c), the commands in cli
 * (src/cli/cmd_battle.c). */
#ifndef GROGNARD_BATTLE_H
#define GROGNARD_BATTLE_H

#include "grognard/error.h"
#include "grognard/event.h"
#include "grognard/resolve.h"
#include "grognard/rng.h"

#include <stddef.h>
#include <stdint.h>

#define GR_BT_MAX_UNITS   128
#define GR_BT_MAX_LEADERS 64
#define GR_BT_ID          40 /* ids and short value ids, NUL included */
#define GR_BT_NAME        80 /* display names, NUL included */
#define GR_BT_MAX_FLAGS   8
#define GR_BT_MAX_INPUTS  24 /* the table facts of one action */
#define GR_BT_MAX_ACTIONS 4096
#define GR_BT_MAX_INSTR   12 /* instructions for the table after one action */
#define GR_BT_INSTR       200
#define GR_BT_UNSET       (-2) /* worn_at / spent_at not given by the order of battle */

typedef enum gr_bt_arm {
    GR_BT_INFANTRY,
    GR_BT_CAVALRY,
    GR_BT_ARTILLERY,
    GR_BT_ARM_COUNT
} gr_bt_arm;

/* A unit's condition.  The systems name them: aoe "fraîche" / (normal) /
 * "épuisée"; nf Fresh / Worn / Spent (BEL chart); rff "fraîche" /
 * "ébranlée" / "fatiguée". */
typedef enum gr_bt_condition { GR_BT_FRESH, GR_BT_WORN, GR_BT_SPENT } gr_bt_condition;

typedef enum gr_bt_leader_status {
    GR_BT_ACTIVE,
    GR_BT_OUT_OF_ACTION, /* aoe: out of action, back after a turn (back_turn) */
    GR_BT_WOUNDED,       /* removed from play */
    GR_BT_KILLED,
    GR_BT_CAPTURED,
} gr_bt_leader_status;

/* One brigade, regiment or battery. */
typedef struct gr_bt_unit {
    char id[GR_BT_ID];     /* the order of battle's id: "friant", "20th_maine" */
    char name[GR_BT_NAME]; /* "Friant (1/III)" */
    int side;              /* 0 or 1 */
    int leader;            /* index in leaders[] of its commander, -1 none */
    gr_bt_arm arm;
    /* Ids in the system's own vocabulary, checked by rules->setup (empty:
     * not given): */
    char quality[GR_BT_ID];   /* aoe "other|regular|elite"; nf BEL column; rff "crack|..." */
    char formation[GR_BT_ID]; /* the system's formation id: "line", "column", "limbered" */
    char nation[GR_BT_ID];    /* "french", "austrian", "union" */
    char weapon[GR_BT_ID];    /* rff weapon code; artillery weight or class */
    char kind[GR_BT_ID];      /* arm detail: "heavy", "cuirassier", "lancers", "horse" */
    int nflags;
    char flags[GR_BT_MAX_FLAGS][GR_BT_ID]; /* "sk", "fixed_guns", ... (rules->setup checks) */
    int stands;                            /* stands (or gun stands) at the start */
    int lost;                              /* stands lost so far */
    int worn_at;  /* stands lost at which it is worn (-1: never); set by rules->setup */
    int spent_at; /* stands lost at which it is spent (-1: never) */
    /* The order of battle's reader leaves worn_at / spent_at at GR_BT_UNSET
     * when the file does not give them: rules->setup computes them from the
     * system's chart (nf: the BEL chart) or refuses the file. */
    int condition;     /* gr_bt_condition: gr_battle_condition_update keeps it */
    int disordered;    /* 0 or 1 */
    int broken;        /* rff: brisé */
    int ammo;          /* 0 normal, 1 low ("à court de munitions"), 2 out */
    int guns;          /* gr_fx_guns: GR_GUNS_NONE, SILENCED, DAMAGED, CAPTURED... */
    int guns_silenced; /* rff: gun stands silenced */
    int limbered;      /* 1: the guns are limbered */
    int in_reserve;    /* aoe: in the reserve zone */
    int removed;       /* routed, destroyed or captured: out of play */
    int lost_phase;    /* stands lost in the current phase (nf melee -1 each, aoe combat) */
    int fired;         /* has fired (or been tested) in the current phase */
    int sys[8];        /* the system's own counters, named in its bt_<system>.c (hashed) */
    int line, col;     /* where the order of battle defines it, for messages */
} gr_bt_unit;

/* One commander. */
typedef struct gr_bt_leader {
    char id[GR_BT_ID];
    char name[GR_BT_NAME];
    int side;
    char role[GR_BT_ID];   /* "army", "corps", "division", "brigade" */
    char rating[GR_BT_ID]; /* aoe "ordinary|charismatic"; nf "excellent|good|average|poor";
                              rff "gallant|able|poor" */
    char kind[GR_BT_ID];   /* aoe: the commander-in-chief's label for the reserve DRM
                              ("napoleon_with_berthier"); empty otherwise */
    int parent;            /* index of his own commander, -1 none */
    int status;            /* gr_bt_leader_status */
    int attached;          /* index of the unit he is attached to, -1 none */
    int back_turn;         /* GR_BT_OUT_OF_ACTION: the turn he is back */
    int line, col;
} gr_bt_leader;

/* One step of a system's sequence of play, as its seed prints it. */
enum { GR_BT_FIRST_PLAYER, GR_BT_SECOND_PLAYER, GR_BT_BOTH_PLAYERS };
typedef struct gr_bt_phase {
    const char *id;     /* "p1_fire_second": unique within the system */
    const char *title;  /* "Phase (2) Tirs: a. tirs du 2e joueur" */
    const char *source; /* "seed 000, Séquence de jeu" */
    int player;         /* who acts: GR_BT_FIRST_PLAYER (the turn's first player,
                           gr_battle.first, whichever segment this is), _SECOND_ (the
                           other side) or _BOTH_ */
    int segment;        /* 0: the first player's segment, 1: the second's, -1 neither
                           (the initiative interphase) */
} gr_bt_phase;

/* One verb a system has: "fire" resolves procedure "fire" in the phases
 * whose bit is set (bit k: phases[k]). */
typedef struct gr_bt_verb {
    const char *name;      /* "fire", "combat", "maneuver", "attach" */
    const char *procedure; /* the gr_procedure it resolves; NULL: no roll (attach) */
    uint64_t phases;       /* the phases it is allowed in */
    int needs_target;      /* 1: a target or defender unit is required; 0: none; -1 optional */
    const char *help;      /* one line: "fire UNIT --target UNIT --range N [--cover N]" */
} gr_bt_verb;

/* What the players ask: a verb, the units, and the table's facts as
 * NAME=VALUE pairs named like the procedure's inputs ("range", "cover"). */
typedef struct gr_bt_call {
    char verb[GR_BT_ID];
    int unit;   /* the acting unit (firer, attacker, unit tested), -1 none */
    int target; /* the target or defender, -1 none */
    int leader; /* a leader named by the verb (attach, detach), -1 none */
    int nin;
    char key[GR_BT_MAX_INPUTS][GR_BT_ID];
    char val[GR_BT_MAX_INPUTS][GR_BT_ID];
} gr_bt_call;

/* One action of the record: the call and the dice it used, as --roll takes
 * them (each roll's faces, attacker first; a 2D6 roll's total), so a
 * replay never rolls. */
typedef struct gr_bt_action {
    gr_bt_call call;
    int nrolls;
    int rolls[GR_MAX_ROLLS * 2];
} gr_bt_action;

/* What one action did: the resolution (every modifier, roll and table
 * read) and what to do on the table, one sentence each. */
typedef struct gr_bt_outcome {
    int resolved; /* 1: res holds a resolution */
    gr_resolution res;
    int ninstr;
    char instr[GR_BT_MAX_INSTR]
              [GR_BT_INSTR]; /* "Friant: remove 1 stand; retreat 2 inches in disorder" */
} gr_bt_outcome;

/* A word or a short phrase in the page's two languages (gr_lang). */
typedef struct gr_bt_label {
    const char *en;
    const char *fr;
} gr_bt_label;

struct gr_battle;

/* A system's companion rules: its sequence of play, its verbs, and how a
 * test is read from the state and applied back to it.  One per system
 * (src/battle/bt_aoe.c, bt_nf.c, bt_rff.c), found with gr_battle_rules_find. */
typedef struct gr_battle_rules {
    const char *system; /* "aoe" */
    const gr_bt_phase *phases;
    size_t nphases;
    const gr_bt_verb *verbs;
    size_t nverbs;
    /* After the order of battle is read: check every unit's and leader's
     * system ids (quality, formation, flags, rating...), GR_EINPUT naming
     * the unit, its line and column and what is accepted; set worn_at and
     * spent_at (from the order of battle's values or the system's chart). */
    gr_status (*setup)(struct gr_battle *b, gr_error *err);
    /* Build the procedure's inputs for call c of verb v from the state and
     * the call's table facts.  Refuses (GR_EINPUT, with the reason) a unit
     * that cannot act (removed, wrong side for the phase, already fired),
     * a fact the state already knows ("disordered is kept by the
     * companion; leave it out") and a fact the procedure does not take. */
    gr_status (*prepare)(const struct gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                         gr_args *out, gr_error *err);
    /* Apply a resolution's effects to the state and write the instructions
     * for the table into out.  v->procedure NULL: r is NULL (attach,
     * detach, rally...). */
    gr_status (*apply)(struct gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                       const gr_resolution *r, gr_bt_outcome *out, gr_error *err);
    /* Called when a phase begins (after `next`): clear what lasts a phase
     * (fired, lost_phase), bring back leaders, rally silenced guns... May
     * be NULL. */
    void (*phase_begins)(struct gr_battle *b);
    /* The system's words for GR_BT_FRESH, _WORN and _SPENT, as a player at
     * the table says them (aoe's middle state is "normal": its tables give
     * +2 fresh and -2 spent and nothing between); NULL entries read
     * "fresh", "worn", "spent". */
    const char *condition_names[3];
    /* Which side decides call c now: most verbs are the acting side's
     * (gr_battle_active_side), but a rule may give a test to the other side
     * during this one's phase (nf: an emergency formation change or an
     * evasion is the charged unit's side's decision during the other side's
     * move).  NULL: always the acting side.  Read through
     * gr_battle_decider. */
    int (*decider)(const struct gr_battle *b, const gr_bt_call *c);
    /* Whether verb v may be asked for now beyond its phases (aoe: the
     * initiative is not rolled on turn 1, nor twice in a turn): GR_OK, or
     * GR_EILLEGAL with the rule's reason.  NULL: every verb of the phase.
     * Read through gr_battle_verb_open. */
    gr_status (*verb_open)(const struct gr_battle *b, const gr_bt_verb *v, gr_error *err);
    /* The language of the sheets' own words, the phases' titles
     * (gr_bt_phase.title): French for aoe and rff (French sheets), English
     * for nf. */
    gr_lang sheet_lang;
    /* Each phase's title in the other language (nphases entries, in the
     * order of phases), so that a page shows one language: "Initiative
     * interphase" beside aoe's "Interphase d'initiative".  Read through
     * gr_battle_phase_title. */
    const char *const *phase_translated;
    /* Each verb's name as a player reads it (nverbs entries, in the order
     * of verbs), in English and in French: the sheet's word for the test
     * where the sheet has one ("Tirs", "Manœuvres").  Read through
     * gr_battle_verb_label. */
    const gr_bt_label *verb_labels;
} gr_battle_rules;

/* The whole state of a battle.  Large (units, leaders): allocate it, do not
 * put it on a small stack. */
typedef struct gr_battle {
    const gr_battle_rules *rules;
    char system[8];
    char title[GR_BT_NAME];
    char side_name[2][GR_BT_NAME];
    char date[16]; /* the order of battle's "date" ("1806-07-04"), "" if none: set by the
                      reader before rules->setup (nf reads its year: national modifiers by era) */
    int nunits;
    gr_bt_unit units[GR_BT_MAX_UNITS];
    int nleaders;
    gr_bt_leader leaders[GR_BT_MAX_LEADERS];
    int turn;   /* 1, 2, ... */
    int turns;  /* the order of battle's length in turns, 0: open */
    int phase;  /* index into rules->phases */
    int first;  /* the side that is first player this turn */
    int sys[8]; /* the system's own battle-wide counters (hashed) */
    uint64_t seed;
    int nactions; /* actions applied so far (the record's length) */
} gr_battle;

/* The rules of system `id`, or NULL. */
const gr_battle_rules *gr_battle_rules_find(const char *id);

/* The systems the companion keeps, in the order of gr_systems, each after
 * `sep`, into buf (cap bytes); returns buf, or "(none yet)" when none. */
const char *gr_battle_systems(const char *sep, char *buf, size_t cap);

/* The side acting in the current phase (for GR_BT_BOTH_PLAYERS, the first
 * player). */
int gr_battle_active_side(const gr_battle *b);

/* The side whose decision call c is in the current phase (rules->decider,
 * else gr_battle_active_side): a server lets only that side ask for it. */
int gr_battle_decider(const gr_battle *b, const gr_bt_call *c);

/* Whether side `side` may ask for call c now: `next` only the side that
 * acts; another verb the side that decides it (gr_battle_decider), or in
 * a phase of both players either side for its own units.  GR_OK, or
 * GR_EILLEGAL saying whose decision it is (err may be NULL). */
gr_status gr_battle_may_decide(const gr_battle *b, int side, const gr_bt_call *c, gr_error *err);

/* Whether verb v may be asked for now (its phases, then rules->verb_open):
 * GR_OK, or GR_EILLEGAL saying why and when it is (err may be NULL).  The
 * one answer of what is allowed now: gr_battle_do refuses by it, and the
 * lists of the verbs allowed now (grognard battle status, the server's
 * battle view) are made by it. */
gr_status gr_battle_verb_open(const gr_battle *b, const gr_bt_verb *v, gr_error *err);

/* Index of the unit / leader with this id, or -1. */
int gr_battle_unit(const gr_battle *b, const char *id);
int gr_battle_leader(const gr_battle *b, const char *id);

/* The ids of b's units (leaders: its leaders) as "a, b, c" into buf (cap
 * bytes, cut there), for a message naming what is accepted; returns the
 * length written. */
int gr_battle_ids(const gr_battle *b, int leaders, char *buf, size_t cap);

/* Stands a unit still has (stands - lost, never below 0). */
int gr_bt_unit_stands(const gr_bt_unit *u);

/* Recompute u->condition from lost, worn_at and spent_at. */
void gr_battle_condition_update(gr_bt_unit *u);

/* The system's word for condition c (gr_battle_rules.condition_names), for
 * what people read; JSON keeps the ids "fresh", "worn", "spent". */
const char *gr_battle_condition_label(const gr_battle *b, int c);

/* Names for the text and JSON outputs (src/battle/bt_view.c). */
const char *gr_bt_condition_name(int c);         /* "fresh", "worn", "spent" */
const char *gr_bt_leader_status_name(int s);     /* "active", "out_of_action", ... */
const char *gr_bt_guns_name(int g);              /* "", "suppressed", "silenced", ... */
const char *gr_bt_ammo_name(int a);              /* "", "low", "out" */
const char *gr_bt_phase_player_name(int player); /* "first", "second", "both" */

/* Is leader l in play and able to give his bonus (status ACTIVE)? */
int gr_bt_leader_active(const gr_bt_leader *l);

/* The active leader attached to unit `u`, or -1. */
int gr_battle_attached_leader(const gr_battle *b, int u);

/* Index of word s in the NULL-terminated list, or -1 (a system's
 * vocabulary: qualities, formations, ratings). */
int gr_bt_word(const char *const *list, const char *s);

/* The list's words joined by ", " into buf (an empty word written ""), for
 * an error's "accepted: ..."; cut at cap (gr_join). */
static inline void gr_bt_words(const char *const *list, char *buf, size_t cap)
{
    gr_join(buf, cap, list, SIZE_MAX);
}

/* Does unit u carry the order of battle's flag f ("sk")? */
int gr_bt_has_flag(const gr_bt_unit *u, const char *f);

/* Does an effect line for arm `arm` (a gr_fx_arm: any, troops, guns,
 * cavalry, infantry) fall on unit u? */
int gr_bt_arm_hit(int arm, const gr_bt_unit *u);

/* A table fact of the call, or NULL. */
const char *gr_bt_call_get(const gr_bt_call *c, const char *key);

/* Set the procedure input `name` of `p` from text into a (gr_args_set by
 * name); GR_EINPUT naming the input if `p` has no such input or the value
 * is refused. */
gr_status gr_bt_set(const gr_procedure *p, gr_args *a, const char *name, const char *text,
                    gr_error *err);

/* L'Âge des Aigles (bt_aoe.c), for the table's game (tb.h): unit u's speed
 * in milli-inches on a column of the Table des vitesses (seed 003),
 * `terrain` "nominal", "road", "difficult" or "ford" (0 if it cannot be
 * read), and « - 3" par unité traversée » in milli-inches. */
int64_t gr_bt_aoe_speed(const gr_bt_unit *u, const char *terrain);
int64_t gr_bt_aoe_pass_through(void);
/* L'Âge des Aigles: unit u's fire range bands in milli-inches, each "up to
 * and including": a battery's the range columns of the artillery's
 * PUISSANCE rows (seed 003: 2", 4", 8", 12", 18"), a brigade's the first
 * of them, read as musketry range (docs/rules/aoe.md « On the table:
 * measuring »).  Up to cap written, the count returned (at most 8). */
int gr_bt_aoe_fire_bands(const gr_bt_unit *u, int64_t *limits, int cap);

/* Make `b` the start of the battle: rules->setup has been run by the
 * order-of-battle reader; turn 1, phase 0, conditions computed. */
void gr_battle_begin(gr_battle *b);

/* Do one action: `next` advances the sequence of play (phase_begins,
 * then the turn after the last phase); any other verb must be allowed in
 * the current phase (GR_EILLEGAL otherwise, naming the phase and the phases
 * where it is allowed), is prepared, resolved with its dice (a->rolls if
 * a->nrolls > 0, else dice from the battle's seed and the action's number,
 * so an undone and repeated action rolls the same), and applied.  On
 * success a->rolls holds the totals used, b->nactions grows by one and
 * out (may be NULL) says what happened.  On failure the state is unchanged. */
gr_status gr_battle_do(gr_battle *b, gr_bt_action *a, gr_bt_outcome *out, gr_error *err);

/* gr_battle_do with exactly the dice in a->rolls (a->nrolls values, each
 * roll's faces as --roll takes them; none drawn from a stream): when the
 * test needs a roll beyond them, nothing is done (b unchanged) and *need is
 * that roll's kind and *need_name its name ("general hit"; a constant of the
 * procedure); *need is GR_ROLL_NONE when the action was done.  The
 * companion as a game type (bt_game.c) asks for its dice this way, one
 * chance node at a time. */
gr_status gr_battle_do_exact(gr_battle *b, gr_bt_action *a, gr_bt_outcome *out, gr_roll_kind *need,
                             const char **need_name, gr_error *err);

/* Phase k's title in `lang`: the sheet's own (gr_bt_phase.title) in the
 * sheet's language, else its translation (rules->phase_translated; the
 * sheet's title when there is none). */
const char *gr_battle_phase_title(const gr_battle_rules *r, size_t k, gr_lang lang);

/* Verb v's name as a player reads it in `lang` (rules->verb_labels; its
 * id when there is none).  v is one of r->verbs. */
const char *gr_battle_verb_label(const gr_battle_rules *r, const gr_bt_verb *v, gr_lang lang);

/* A table fact of the verbs (a --NAME of a verb's help line: "range",
 * "division-in-range") as a player reads it in `lang` ("Range (inches)",
 * "Officier de division à portée"), or NULL when it has none
 * (src/battle/bt_words.c). */
const char *gr_bt_fact_label(const char *name, gr_lang lang);

/* A value a fact takes or a unit's formation ("woods", "march_column") as a
 * player reads it in `lang` ("woods", "colonne de marche"), or NULL. */
const char *gr_bt_value_label(const char *value, gr_lang lang);

/* The verb `name` of b's system, or NULL. */
const gr_bt_verb *gr_battle_verb(const gr_battle *b, const char *name);

/* One action as a line a person reads: "fire friant --target bagration_1
 * --range 4 --roll 7" (into buf, cap bytes). */
const char *gr_battle_action_text(const gr_battle *b, const gr_bt_action *a, char *buf, size_t cap);

/* Make `to` the battle `from` is, for every function that reads a battle:
 * the units and leaders in use are written, with everything else; the
 * slots beyond them keep what `to` held (no function reads them).  For
 * Pratzen a tenth of a whole gr_battle's bytes. */
void gr_battle_copy(gr_battle *to, const gr_battle *from);

/* A 64-bit hash of the whole state (units, leaders, turn, phase, first,
 * nactions), independent of the host (fields fed one by one, fixed width). */
uint64_t gr_battle_hash(const gr_battle *b);

#endif
