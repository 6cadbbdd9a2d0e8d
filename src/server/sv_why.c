/* sv_why.c - why the computer played that, for the page (docs/api.md, GET
 * /api/games/ID/why): each side's last computer decision is kept as the
 * state it was chosen in and the search's best lines (the search that
 * chose, not a second one), and explained on request through ai.h
 * (gr_ai_why_of).  A hidden choice (a chit put in the bowl) is explained to
 * its own side only.  And the enemy's threat to a seat's units (gr_ai_threat). */
#include <stdlib.h>
#include <string.h>

#include "server_internal.h"

#define WHY_LINES 3

typedef struct sv_why {
    size_t step; /* the decision's index in the record */
    gr_action act;
    int n; /* lines kept; 0: the player does not search */
    gr_ai_line lines[WHY_LINES];
    unsigned char st[]; /* the state it chose in (state_size bytes) */
} sv_why;

void sv_why_keep(sv_game *g, int p, size_t step, const void *st, gr_action a,
                 const gr_ai_line *lines, int n)
{
    size_t size = g->scn->game.type->state_size;
    sv_why *w = g->why[p];
    if (!w) {
        w = malloc(sizeof *w + size);
        if (!w)
            return;
        g->why[p] = w;
    }
    w->step = step;
    w->act = a;
    w->n = n < WHY_LINES ? n : WHY_LINES;
    memcpy(w->lines, lines, (size_t)w->n * sizeof *lines);
    memcpy(w->st, st, size);
}

void sv_why_free(sv_game *g)
{
    for (int p = 0; p < 2; p++) {
        free(g->why[p]);
        g->why[p] = NULL;
    }
}

/* 1 if side p's kept decision is still in the record (not taken back). */
static int still_played(sv_game *g, int p)
{
    const sv_why *w = g->why[p];
    if (!w || w->step >= gr_match_steps(g->m))
        return 0;
    const gr_record_step *s = gr_match_step(g->m, w->step);
    return s->player == p && s->action == w->act;
}

json_t *sv_why_json(sv_game *g, int seat, int side, int *code, gr_error *err)
{
    const gr_game *gm = &g->scn->game;
    if (side < 0) /* the latest decision kept */
        for (int p = 0; p < 2; p++)
            if (still_played(g, p) && (side < 0 || g->why[p]->step > g->why[side]->step))
                side = p;
    if (side < 0 || !still_played(g, side)) {
        *code = 404;
        if (side < 0)
            gr_error_set(err, GR_EINPUT,
                         "game %s has no computer decision to explain: none was played on this "
                         "server since it started, or it was taken back",
                         g->id);
        else
            gr_error_set(err, GR_EINPUT,
                         "side %d (%s) has no computer decision to explain: none was played on "
                         "this server since it started, or it was taken back",
                         side, g->players[side]);
        return NULL;
    }
    const sv_why *w = g->why[side];
    if (seat != side && gm->type->is_hidden_choice &&
        gm->type->is_hidden_choice(gm->sc, w->st, side, w->act)) {
        *code = 403;
        gr_error_set(err, GR_EILLEGAL,
                     "side %d's last decision was a hidden one (which chit went in is not shown "
                     "to the other side); ask again after its next decision",
                     side);
        return NULL;
    }
    char d[200];
    gr_game_describe(gm, w->st, w->act, d, sizeof d);
    json_t *o = json_pack("{sisIssss}", "side", side, "step", (json_int_t)w->step + 1, "player",
                          g->players[side], "played", d);
    json_t *a = json_array();
    int bad = !o || !a;
    for (int i = 0; i < w->n && !bad; i++) {
        gr_ai_why y;
        gr_ai_why_of(gm, w->st, &w->lines[i], &y);
        gr_game_describe(gm, w->st, y.line.action, d, sizeof d);
        json_t *l =
            json_pack("{sssbsIsfsfsfsfsoso}", "action", d, "chosen", y.line.action == w->act,
                      "visits", (json_int_t)y.line.visits, "share", y.line.share, "win", y.line.win,
                      "win_low", y.win_lo, "win_high", y.win_hi, "expected_losses",
                      y.has_losses ? json_pack("[ff]", y.lost[0], y.lost[1]) : json_null(), "task",
                      y.task[0] ? json_string(y.task) : json_null());
        bad |= !l || json_array_append_new(a, l);
    }
    bad |= json_object_set_new(o, "lines", a);
    if (bad) {
        json_decref(o);
        *code = 500;
        gr_error_set(err, GR_ERUNTIME, "out of memory explaining a decision; try again");
        return NULL;
    }
    return o;
}

json_t *sv_threat_json(sv_game *g, int seat, int *code, gr_error *err)
{
    const gr_game *gm = &g->scn->game;
    int cap = gm->type->sites ? gm->type->sites(gm->sc, gr_match_state(g->m), NULL, 0) : 0;
    gr_ai_threat_unit *t = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *t);
    int n = t ? gr_ai_threat(gm, gr_match_state(g->m), seat, t, cap) : -1;
    if (n < 0) {
        free(t);
        *code = t ? 404 : 500;
        gr_error_set(err, GR_EINPUT, "%s",
                     t ? "this game's type tells no unit's strength: no threat to show"
                       : "out of memory reading the threat; try again");
        return NULL;
    }
    json_t *o = json_pack("{sisIsi}", "side", seat, "step", (json_int_t)gr_match_steps(g->m),
                          "samples", GR_AI_THREAT_SAMPLES);
    json_t *a = json_array();
    int bad = !o || !a;
    for (int i = 0; i < n && i < cap && !bad; i++)
        bad |= json_array_append_new(a, json_pack("{si s[ii] sf sf}", "unit", t[i].unit, "hex",
                                                  t[i].col, t[i].row, "odds", t[i].odds,
                                                  "expected_loss", t[i].lost)) != 0;
    bad |= json_object_set_new(o, "units", a);
    free(t);
    if (bad) {
        json_decref(o);
        *code = 500;
        gr_error_set(err, GR_ERUNTIME, "out of memory reading the threat; try again");
        return NULL;
    }
    return o;
}
