/* server_internal.h - the pieces of the server (internal; the tests in
 * tests/server include it to drive games without HTTP). */
#ifndef GROGNARD_SERVER_INTERNAL_H
#define GROGNARD_SERVER_INTERNAL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "grognard/ai.h"
#include "grognard/error.h"
#include "grognard/event.h"
#include "grognard/game.h"
#include "grognard/match.h"
#include "grognard/store.h"

/* A bundled scenario: loaded once at start, read-only after. */
typedef struct sv_scenario {
    char id[GR_STORE_NAME_MAX]; /* the file name without .json */
    char *path;                 /* absolute path of the file (a save names it) */
    char *text;                 /* the file's text as read (embedded in replays) */
    size_t text_len;
    void *sc; /* the game type's scenario data */
    gr_game game;
    json_t *summary;   /* GET /api/scenarios entry */
    char *detail_text; /* GET /api/scenarios/ID answer */
    /* a game's own scenario (a companion battle's order of battle): freed
     * with the game; NULL for a bundled one, shared by its games */
    void (*release)(struct sv_scenario *scn);
    char *error; /* why its file does not load (then nothing else is set), or NULL */
} sv_scenario;

/* One event of the game's log: its step, who took the step, whether the
 * step is that side's hidden choice (then only that side sees it). */
typedef struct sv_event {
    size_t step;
    int player;
    int hidden;
    gr_event ev;
} sv_event;

#define SV_SEATS 3 /* side 0, side 1, spectator */
/* snapshot slots: each seat's view in English (SV_SEATS), then in French */
#define SV_SNAPS (SV_SEATS * 2)

/* One slot's kept view (sv_game.h): its text, and where each element of
 * its log is in it, so that the view of the steps after N is cut from it
 * (the log is in step order: the elements after N are its end). */
typedef struct sv_snap {
    char *text;
    size_t len;
    uint64_t ver; /* the game's version it is of */
    size_t steps; /* the store's steps and generation then */
    uint64_t gen;
    size_t log_at, log_end; /* text[log_at, log_end): the log's elements (both 0: no log) */
    size_t nlog;
    struct sv_snap_line {
        size_t step, at; /* an element's step, and where it starts in text */
    } * log;
} sv_snap;

typedef struct sv_game {
    char id[GR_STORE_ID_MAX];
    const sv_scenario *scn;
    sv_scenario *own; /* scn when it is the game's own (scn->release frees it), else NULL */
    gr_match *m;
    uint64_t seed;
    char players[2][GR_STORE_NAME_MAX];
    int computer[2];
    gr_ai_kind ai[2];
    char tokens[2][GR_STORE_TOKEN_MAX];
    int finished; /* as the store has it */
    uint64_t gen; /* the store's generation of the game (gr_store_head) */
    sv_event *log;
    size_t nlog, caplog;
    uint64_t version; /* +1 on every change (a step, an undo) */
    uint64_t undos;   /* +1 on every undo: an event stream restarts its log */
    json_t *last;     /* the last change this server made, as its resource tells it (a battle's
                         {kind, text, instructions}); NULL after another server's change */
    /* The view last built for each slot (side 0, side 1, spectator, in
     * English then in French (sv_game_slot); a companion battle's for its
     * two sides), each of its version and of the store's steps and
     * generation then: read without g->lock (sv_game_snap), so that a view
     * never waits behind a search or a commit holding the game.  Each slot
     * is one side's own view, built from what that side may see.
     * snap_lock guards them and pub_ver (a copy of version, set with it by
     * sv_game_touch); it is held only to copy or swap a text, never across
     * a search or the store. */
    pthread_mutex_t snap_lock;
    sv_snap snap[SV_SNAPS];
    uint64_t pub_ver;
    int queued;            /* in the worker's queue */
    struct sv_game *qnext; /* the next game in it */
    struct sv_why *why[2]; /* each side's last computer decision, for GET .../why
                              (sv_why.c); NULL: none kept on this server */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    struct sv_game *next; /* hash chain */
} sv_game;

/* A new game (no store involved) from its scenario, seed, players ("human"
 * or a computer player's name) and tokens ("" for a computer side).
 * GR_EINPUT naming a player that is not known. */
gr_status sv_game_new(const sv_scenario *scn, const char *id, uint64_t seed,
                      const char players[2][GR_STORE_NAME_MAX],
                      const char tokens[2][GR_STORE_TOKEN_MAX], sv_game **out, gr_error *err);
void sv_game_free(sv_game *g);

/* Re-run stored steps (gr_match_replay: chance drawn again and compared,
 * hashes checked).  GR_EINPUT naming the step that differs. */
gr_status sv_game_replay(sv_game *g, const gr_record_step *steps, size_t n, gr_error *err);

/* The snapshot slot of `seat` (0, 1, or GR_SPECTATOR) in `lang`. */
int sv_game_slot(int seat, gr_lang lang);

/* Without g->lock: a copy (free it) of slot `slot`'s snapshot (0, 1, 2:
 * side 0, side 1, spectator, in English; sv_game_slot) if it is of the
 * game's current version and, when h is not NULL (a shared store's head,
 * read just before), of h's steps and generation; else NULL (the caller
 * builds the view under g->lock).  Out of memory: NULL. */
char *sv_game_snap(sv_game *g, int slot, const gr_store_head *h);
/* The same, its log cut to the steps after `since` (0: all of it), as
 * sv_game_view gives it. */
char *sv_game_snap_since(sv_game *g, int slot, const gr_store_head *h, size_t since);

/* Below, the caller holds g->lock. */

/* Keep `text` (copied) as slot `slot`'s snapshot of the game as it is: g
 * as committed to the store (the caller never keeps a step not yet
 * stored).  Out of memory: nothing kept. */
void sv_game_snap_put(sv_game *g, int slot, const char *text);

/* Build the view of every slot not already kept for this version
 * (sv_game_view of each seat and the spectator), so that views go on
 * from the snapshots while a computer's search holds the game. */
void sv_game_publish(sv_game *g);

/* The seat of a token: 0 or 1, -1 if it is none of the game's.  Constant
 * time in the token's bytes. */
int sv_game_seat(const sv_game *g, const char *token, size_t len);
/* The same for the two tokens `tokens` (an empty one is no seat's). */
int sv_token_seat(const char (*tokens)[GR_STORE_TOKEN_MAX], const char *token, size_t len);

/* The view of `seat` (0, 1, or GR_SPECTATOR) as JSON text (malloc'ed, the
 * caller frees): docs/api.md.  Events of steps after `since` only; `lang`
 * for their text. NULL if out of memory.  The whole view in `lang` is
 * kept as the seat's snapshot in that language (sv_game_slot), and the
 * view since a step cut from it. */
char *sv_game_view(sv_game *g, int seat, size_t since, gr_lang lang);
/* The view of `seat` (0, 1 or GR_SPECTATOR) as it was after the first n of
 * a game's `steps` (its record, `total` steps in all; n <= total): a copy
 * of the game (scenario scn, id, seed, players) replayed from its seed to
 * step n and observed for that seat, with its log up to step n, "steps":
 * total added and "legal" empty (nothing to play in the past).  Hidden
 * information as at step n: what that seat was shown then.  Needs no lock
 * (the caller copies the record under g->lock, then calls this without
 * it).  NULL with err (GR_EINPUT a record that does not replay,
 * GR_ERUNTIME out of memory); free the text. */
char *sv_game_view_at(const sv_scenario *scn, const char *id, uint64_t seed,
                      const char players[2][GR_STORE_NAME_MAX], const gr_record_step *steps,
                      size_t n, size_t total, int seat, gr_lang lang, gr_error *err);

/* The log entries from index `from` (of g->log) that `seat` may see, as a
 * JSON array (new reference). */
json_t *sv_game_events(sv_game *g, int seat, size_t from, gr_lang lang);

/* Apply `text` as `seat`'s action at step `step`, then every chance step
 * that follows: the first ndice given as recorded (dice rolled at the
 * table, each a chance outcome), the rest drawn by the match.  Returns an
 * HTTP status: 200 applied (not yet stored: the caller stores steps from
 * *first), 400 unknown or illegal action or dice (more given than the
 * action rolls, or a value the die cannot show: nothing applied), 403 not
 * that seat's turn or the game is over, 409 stale step; err holds the
 * message (an action the game refuses: the game's reason and code,
 * GR_EILLEGAL not allowed now, GR_EINPUT a wrong fact). */
int sv_game_act(sv_game *g, int seat, const char *text, size_t step, const gr_action *dice,
                size_t ndice, size_t *first, gr_error *err);

/* Play one step of the computer side to move, then the chance steps after
 * it.  A search's decision ends at deadline_ms milliseconds (the operator's
 * --max-ai) whatever its budget in simulations, so that one game's slow
 * search never holds a worker longer than that.  Returns 1 if a step was
 * played, 0 if no computer is to move. */
int sv_game_play_computer(sv_game *g, long deadline_ms);

/* Go back to the first n steps (a store that refused them, or the match
 * replayed from scratch): the match and the log rebuilt. */
gr_status sv_game_rewind(sv_game *g, size_t n, gr_error *err);

/* Re-run stored steps from+1 .. from+n (steps[0..n)) after the game's
 * current step `from`: another server's steps caught up with.  GR_EINPUT
 * naming the step that differs (the match then holds the steps before it). */
gr_status sv_game_extend(sv_game *g, const gr_record_step *steps, size_t from, size_t n,
                         gr_error *err);

/* Start again from the seed and re-run steps[0..n) (a store refused a
 * change: the game goes back to what the store holds). */
gr_status sv_game_reset(sv_game *g, const gr_record_step *steps, size_t n, gr_error *err);

/* A copy of the match's record (malloc'ed, *n steps), NULL if out of memory. */
gr_record_step *sv_game_record(const sv_game *g, size_t *n);

/* Undo `seat`'s last decision (gr_match_undo) at step `step`: 200, 400 with
 * the reason, 409 stale step. */
int sv_game_undo(sv_game *g, int seat, size_t step, gr_error *err);

/* The game changed (and the store holds the change): the snapshots are
 * stale (version +1), event streams woken. */
void sv_game_touch(sv_game *g);

/* Who plays `seat` from now on: "human" or a computer player's name (a
 * seat handed to the computer, or taken back); its steps record it.
 * GR_EINPUT naming a player that is not known (nothing changed). */
gr_status sv_game_set_player(sv_game *g, int seat, const char *player, gr_error *err);

/* Whether a computer is to move (the worker has something to do). */
int sv_game_computer_to_move(sv_game *g);

/* ---- why the computer played that (sv_why.c) ---- */

/* Keep side p's decision: the state st it chose in (record index `step`),
 * the action a, the search's best lines (n of them, 0 for a player that
 * does not search).  Out of memory: nothing kept. */
void sv_why_keep(sv_game *g, int p, size_t step, const void *st, gr_action a,
                 const gr_ai_line *lines, int n);
void sv_why_free(sv_game *g);

/* Side `side`'s last computer decision explained to `seat` (0, 1 or
 * GR_SPECTATOR), side -1: the latest of the two (docs/api.md, GET
 * /api/games/ID/why): a new object, or NULL with *code (404 none kept or
 * taken back, 403 a hidden choice of a side not the seat's, 500 out of
 * memory) and err's message. */
json_t *sv_why_json(sv_game *g, int seat, int side, int *code, gr_error *err);

/* The enemy's threat to each of seat's units (gr_ai_threat, from what the
 * seat may see; docs/api.md, GET /api/games/ID/threat): a new object, or
 * NULL with *code (404 the game cannot tell, 500 out of memory) and err. */
json_t *sv_threat_json(sv_game *g, int seat, int *code, gr_error *err);

#endif
