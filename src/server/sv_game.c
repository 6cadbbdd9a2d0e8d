/* sv_game.c - a game the server holds: its match, its log of events, its
 * seats and the views it gives.  No rule here: every decision goes to the
 * match (gr_match_act, gr_match_step_chance, gr_match_undo) and every view
 * is built from the game's observation (gr_game_view_json). */
#include <stdlib.h>
#include <string.h>

#include "grognard/wire.h"
#include "server_internal.h"

#define VIEW_FLAGS (JSON_COMPACT | JSON_PRESERVE_ORDER)

static void sink(void *ctx, const gr_match_event *e)
{
    sv_game *g = ctx;
    if (g->nlog == g->caplog) {
        size_t cap = g->caplog ? g->caplog * 2 : 256;
        sv_event *v = realloc(g->log, cap * sizeof *v);
        if (!v)
            return; /* the log loses an event; the game itself is whole */
        g->log = v;
        g->caplog = cap;
    }
    sv_event *s = &g->log[g->nlog++];
    s->step = e->step;
    s->player = e->player;
    s->hidden = e->hidden;
    s->ev = *e->ev;
}

gr_status sv_game_new(const sv_scenario *scn, const char *id, uint64_t seed,
                      const char players[2][GR_STORE_NAME_MAX],
                      const char tokens[2][GR_STORE_TOKEN_MAX], sv_game **out, gr_error *err)
{
    *out = NULL;
    sv_game *g = calloc(1, sizeof *g);
    if (!g)
        return gr_error_set(err, GR_ERUNTIME, "out of memory starting a game");
    snprintf(g->id, sizeof g->id, "%s", id);
    g->scn = scn;
    g->seed = seed;
    for (int p = 0; p < 2; p++)
        snprintf(g->tokens[p], sizeof g->tokens[p], "%s", tokens[p]);
    gr_status st = gr_match_new(&scn->game, seed, &g->m, err);
    for (int p = 0; p < 2 && st == GR_OK; p++)
        st = sv_game_set_player(g, p, players[p], err);
    if (st != GR_OK) {
        st = g->m ? st : GR_ERUNTIME;
        gr_match_free(g->m);
        free(g);
        return st;
    }
    gr_match_set_sink(g->m, sink, g);
    pthread_mutex_init(&g->lock, NULL);
    pthread_mutex_init(&g->snap_lock, NULL);
    pthread_cond_init(&g->changed, NULL);
    *out = g;
    return GR_OK;
}

void sv_game_free(sv_game *g)
{
    if (!g)
        return;
    gr_match_free(g->m);
    if (g->own)
        g->own->release(g->own);
    json_decref(g->last);
    for (int i = 0; i < SV_SNAPS; i++) {
        free(g->snap[i].text);
        free(g->snap[i].log);
    }
    free(g->log);
    sv_why_free(g);
    pthread_mutex_destroy(&g->lock);
    pthread_mutex_destroy(&g->snap_lock);
    pthread_cond_destroy(&g->changed);
    free(g);
}

void sv_game_touch(sv_game *g)
{
    pthread_mutex_lock(&g->snap_lock);
    g->pub_ver = ++g->version;
    pthread_mutex_unlock(&g->snap_lock);
    pthread_cond_broadcast(&g->changed);
}

gr_status sv_game_replay(sv_game *g, const gr_record_step *steps, size_t n, gr_error *err)
{
    size_t bad = 0;
    gr_status st = gr_match_replay(g->m, steps, n, &bad, err);
    sv_game_touch(g);
    return st;
}

gr_status sv_game_extend(sv_game *g, const gr_record_step *steps, size_t from, size_t n,
                         gr_error *err)
{
    gr_status st = GR_OK;
    for (size_t i = 0; i < n && st == GR_OK; i++)
        st = gr_match_replay_step(g->m, &steps[i], from + i + 1, err);
    sv_game_touch(g);
    return st;
}

gr_status sv_game_reset(sv_game *g, const gr_record_step *steps, size_t n, gr_error *err)
{
    gr_match *m = NULL;
    if (gr_match_new(&g->scn->game, g->seed, &m, err) != GR_OK)
        return GR_ERUNTIME;
    gr_match_free(g->m);
    g->m = m;
    g->nlog = 0;
    for (int p = 0; p < 2; p++) {
        gr_match_set_computer(m, p, g->computer[p]);
        gr_match_set_by(m, p, g->players[p]);
    }
    gr_match_set_sink(m, sink, g);
    g->undos++;
    return sv_game_replay(g, steps, n, err);
}

gr_record_step *sv_game_record(const sv_game *g, size_t *n)
{
    *n = gr_match_steps(g->m);
    gr_record_step *v = malloc((*n ? *n : 1) * sizeof *v);
    for (size_t i = 0; v && i < *n; i++)
        v[i] = *gr_match_step(g->m, i);
    return v;
}

gr_status sv_game_rewind(sv_game *g, size_t n, gr_error *err)
{
    size_t have;
    gr_record_step *keep = sv_game_record(g, &have);
    if (!keep)
        return gr_error_set(err, GR_ERUNTIME, "out of memory rewinding game %s", g->id);
    gr_status st = sv_game_reset(g, keep, n < have ? n : have, err);
    free(keep);
    return st;
}

int sv_token_seat(const char (*tokens)[GR_STORE_TOKEN_MAX], const char *token, size_t len)
{
    int seat = -1;
    for (int p = 0; p < 2; p++) {
        const char *t = tokens[p];
        size_t tl = strlen(t); /* 0 or 32: not secret */
        if (tl == 0 || tl != len)
            continue;
        unsigned char diff = 0;
        for (size_t i = 0; i < tl; i++)
            diff |= (unsigned char)(t[i] ^ token[i]);
        if (diff == 0)
            seat = p;
    }
    return seat;
}

int sv_game_seat(const sv_game *g, const char *token, size_t len)
{
    return sv_token_seat((const char(*)[GR_STORE_TOKEN_MAX])g->tokens, token, len);
}

static json_t *event_json(const sv_game *g, const sv_event *e, gr_lang lang)
{
    json_t *o = json_object();
    json_t *w = gr_wire_event(&g->scn->game, &e->ev, lang);
    if (!o || !w || json_object_set_new(o, "step", json_integer((json_int_t)e->step)) ||
        json_object_set_new(o, "player",
                            e->player == GR_CHANCE ? json_string("chance")
                                                   : json_integer(e->player)) ||
        json_object_update(o, w)) {
        json_decref(o);
        json_decref(w);
        return NULL;
    }
    json_decref(w);
    return o;
}

json_t *sv_game_events(sv_game *g, int seat, size_t from, gr_lang lang)
{
    json_t *a = json_array();
    const sv_event *line = NULL; /* the last line given, the one details go under */
    for (size_t i = from; a && i < g->nlog; i++) {
        const sv_event *e = &g->log[i];
        if (e->hidden && e->player != seat)
            continue;
        json_t *j = event_json(g, e, lang);
        if (j && e->ev.detail && line && line->step == e->step) {
            /* a detail (a modifier, a table read) goes under its line's
             * "details", without the step and player the line gives */
            json_t *last = json_array_get(a, json_array_size(a) - 1);
            json_t *d = json_object_get(last, "details");
            if (!d && json_object_set_new(last, "details", d = json_array()))
                d = NULL;
            json_object_del(j, "step");
            json_object_del(j, "player");
            json_object_del(j, "detail");
            if (!d || json_array_append_new(d, j)) {
                json_decref(a);
                return NULL;
            }
            continue;
        }
        line = e;
        if (!j || json_array_append_new(a, j)) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static json_t *winner_json(const gr_game *gm, const void *st)
{
    int w = gr_game_winner(gm, st);
    return w >= 0 ? json_integer(w) : w == GR_DRAW ? json_string("draw") : json_null();
}

int sv_game_slot(int seat, gr_lang lang)
{
    return (seat == 0 || seat == 1 ? seat : 2) + (lang == GR_LANG_FR ? SV_SEATS : 0);
}

/* The text of view v (kept or being kept) with its log cut to the steps
 * after `since` (0: whole): malloc'ed, NULL if out of memory. */
static char *cut(const sv_snap *v, size_t since)
{
    size_t from = v->log_end; /* the first element after since */
    for (size_t i = v->nlog; since && i > 0 && v->log[i - 1].step > since; i--)
        from = v->log[i - 1].at;
    size_t skip = since && v->log_at ? from - v->log_at : 0;
    char *t = malloc(v->len - skip + 1);
    if (!t)
        return NULL;
    size_t head = skip ? v->log_at : v->len;
    memcpy(t, v->text, head);
    if (skip)
        memcpy(t + head, v->text + from, v->len - from);
    t[v->len - skip] = 0;
    return t;
}

/* Append n bytes of p to the text *t (length *len, room *cap): 0, or -1
 * out of memory (*t freed and NULL). */
static int put(char **t, size_t *len, size_t *cap, const char *p, size_t n)
{
    if (!*t)
        return -1;
    if (*len + n + 1 > *cap) {
        size_t c = (*len + n + 1) * 2;
        char *x = realloc(*t, c);
        if (!x) {
            free(*t);
            *t = NULL;
            return -1;
        }
        *t = x;
        *cap = c;
    }
    memcpy(*t + *len, p, n);
    *len += n;
    (*t)[*len] = 0;
    return 0;
}

/* The view of `seat` (a slot's) with its whole log in `lang` (past: a copy
 * replayed to an earlier step, total the game's whole step count: "steps"
 * added, "legal" empty), into *v: its text written key by key as
 * json_dumps would (compact, in order), the log element by element so that
 * each one's place is known.  -1 out of memory (*v empty). */
static int build(sv_game *g, int seat, gr_lang lang, int past, size_t total, sv_snap *v)
{
    memset(v, 0, sizeof *v);
    int slot = seat == 0 || seat == 1 ? seat : 2;
    const gr_game *gm = &g->scn->game;
    const void *st = gr_match_state(g->m);
    int cur = gr_match_current_player(g->m);
    int over = gr_match_is_over(g->m);
    json_t *o = json_object();
    if (!o)
        return -1;
    int bad = json_object_set_new(o, "id", json_string(g->id));
    bad |= json_object_set_new(o, "scenario", json_string(g->scn->id));
    bad |= json_object_set_new(o, "seat", slot < 2 ? json_integer(seat) : json_null());
    bad |= json_object_set_new(o, "players", json_pack("[ss]", g->players[0], g->players[1]));
    bad |= json_object_set_new(
        o, "sides",
        json_pack("[ss]", gm->type->player_name(gm->sc, 0), gm->type->player_name(gm->sc, 1)));
    bad |= json_object_set_new(o, "step", json_integer((json_int_t)gr_match_steps(g->m)));
    if (past)
        bad |= json_object_set_new(o, "steps", json_integer((json_int_t)total));
    bad |= json_object_set_new(o, "turn",
                               json_integer(gm->type->turn ? gm->type->turn(gm->sc, st) : 0));
    bad |= json_object_set_new(o, "to_move", cur >= 0 ? json_integer(cur) : json_null());
    bad |= json_object_set_new(o, "over", json_boolean(over));
    bad |= json_object_set_new(o, "winner", winner_json(gm, st));
    json_t *view = gr_game_view_json(gm, st, slot < 2 ? seat : GR_SPECTATOR);
    json_t *units = view ? json_object_get(view, "units") : NULL;
    bad |= json_object_set_new(o, "view", view ? view : json_null());
    bad |= json_object_set(o, "units", units ? units : json_null());
    json_t *log = sv_game_events(g, seat, 0, lang);
    json_t *legal = json_array();
    if (legal && !past && slot < 2 && cur == seat && !over && !gm->type->not_enumerable) {
        const gr_action *acts;
        int n = gr_match_legal(g->m, &acts);
        for (int i = 0; i < n && !bad; i++)
            bad |= json_array_append_new(legal, gr_game_action_json(gm, st, acts[i])) != 0;
    }
    /* {HEAD,"log":[E1,E2,...],"legal":[...]}: as json_dumps of the whole */
    char *head = bad ? NULL : json_dumps(o, VIEW_FLAGS);
    char *leg = legal ? json_dumps(legal, VIEW_FLAGS) : NULL;
    size_t n = json_array_size(log), cap = head ? strlen(head) + 64 : 0;
    v->log = n ? calloc(n, sizeof *v->log) : NULL;
    char *t = head && leg && log && (v->log || !n) ? malloc(cap) : NULL;
    if (t) {
        v->len = strlen(head) - 1; /* without its "}" */
        memcpy(t, head, v->len);
        t[v->len] = 0;
    }
    put(&t, &v->len, &cap, ",\"log\":[", 8);
    v->log_at = v->len;
    for (size_t i = 0; t && i < n; i++) {
        json_t *e = json_array_get(log, i);
        char *et = json_dumps(e, VIEW_FLAGS);
        v->log[i].step = (size_t)json_integer_value(json_object_get(e, "step"));
        v->log[i].at = v->len + (i ? 1 : 0);
        if (!et || (i && put(&t, &v->len, &cap, ",", 1)) || put(&t, &v->len, &cap, et, strlen(et)))
            t = (free(t), NULL);
        free(et);
    }
    v->nlog = n;
    v->log_end = v->len;
    put(&t, &v->len, &cap, "],\"legal\":", 10);
    if (leg)
        put(&t, &v->len, &cap, leg, strlen(leg));
    put(&t, &v->len, &cap, "}", 1);
    free(head);
    free(leg);
    json_decref(o);
    json_decref(log);
    json_decref(legal);
    if (!t) {
        free(v->log);
        memset(v, 0, sizeof *v);
        return -1;
    }
    v->text = t;
    return 0;
}

/* Keep *v (taken) as slot `slot`'s snapshot of the game as it is. */
static void keep(sv_game *g, int slot, sv_snap *v)
{
    v->ver = g->version;
    v->steps = gr_match_steps(g->m);
    v->gen = g->gen;
    pthread_mutex_lock(&g->snap_lock);
    sv_snap old = g->snap[slot];
    g->snap[slot] = *v;
    pthread_mutex_unlock(&g->snap_lock);
    free(old.text);
    free(old.log);
}

char *sv_game_view(sv_game *g, int seat, size_t since, gr_lang lang)
{
    int slot = sv_game_slot(seat, lang);
    char *kept = sv_game_snap_since(g, slot, NULL, since);
    if (kept)
        return kept;
    sv_snap v;
    if (build(g, seat, lang, 0, 0, &v))
        return NULL;
    char *text = cut(&v, since);
    keep(g, slot, &v); /* the whole view, kept for the next views of this step */
    return text;
}

char *sv_game_view_at(const sv_scenario *scn, const char *id, uint64_t seed,
                      const char players[2][GR_STORE_NAME_MAX], const gr_record_step *steps,
                      size_t n, size_t total, int seat, gr_lang lang, gr_error *err)
{
    static const char notokens[2][GR_STORE_TOKEN_MAX] = {"", ""};
    sv_game *t;
    if (sv_game_new(scn, id, seed, players, notokens, &t, err) != GR_OK)
        return NULL;
    char *text = NULL;
    if (sv_game_replay(t, steps, n, err) == GR_OK) {
        sv_snap v;
        if (!build(t, seat, lang, 1, total, &v)) {
            text = v.text;
            free(v.log);
        }
        if (!text)
            gr_error_set(err, GR_ERUNTIME, "out of memory writing the view of game %s at step %zu",
                         id, n);
    }
    sv_game_free(t);
    return text;
}

char *sv_game_snap_since(sv_game *g, int slot, const gr_store_head *h, size_t since)
{
    char *text = NULL;
    pthread_mutex_lock(&g->snap_lock);
    const sv_snap *v = &g->snap[slot];
    if (v->text && v->ver == g->pub_ver && (!h || (h->nsteps == v->steps && h->gen == v->gen)))
        text = cut(v, since);
    pthread_mutex_unlock(&g->snap_lock);
    return text;
}

char *sv_game_snap(sv_game *g, int slot, const gr_store_head *h)
{
    return sv_game_snap_since(g, slot, h, 0);
}

void sv_game_snap_put(sv_game *g, int slot, const char *text)
{
    sv_snap v;
    memset(&v, 0, sizeof v);
    v.len = strlen(text);
    if (!(v.text = strdup(text)))
        return;
    keep(g, slot, &v);
}

void sv_game_publish(sv_game *g)
{
    for (int slot = 0; slot < SV_SEATS; slot++) {
        int built;
        pthread_mutex_lock(&g->snap_lock);
        built = g->snap[slot].text && g->snap[slot].ver == g->version;
        pthread_mutex_unlock(&g->snap_lock);
        if (!built)
            free(sv_game_view(g, slot < 2 ? slot : GR_SPECTATOR, 0, GR_LANG_EN));
    }
}

/* Draw every chance step that is due. */
static void run_chance(sv_game *g)
{
    gr_error err;
    while (gr_match_current_player(g->m) == GR_CHANCE)
        if (gr_match_step_chance(g->m, &err) != GR_OK)
            break;
}

int sv_game_act(sv_game *g, int seat, const char *text, size_t step, const gr_action *dice,
                size_t ndice, size_t *first, gr_error *err)
{
    size_t now = gr_match_steps(g->m);
    *first = now + 1;
    if (gr_match_is_over(g->m)) {
        gr_error_set(err, GR_EILLEGAL, "the game is over; nothing more can be played");
        return 403;
    }
    if (step != now) {
        gr_error_set(err, GR_EINPUT,
                     "step %zu is not the game's current step %zu: the game has moved on; "
                     "fetch the view again and choose from its legal actions",
                     step, now);
        return 409;
    }
    int cur = gr_match_current_player(g->m);
    if (cur != seat) {
        gr_error_set(err, GR_EILLEGAL,
                     "it is not your turn: side %d (%s) is to move; wait for the next event", cur,
                     cur >= 0 ? g->players[cur] : "the dice");
        return 403;
    }
    const gr_game *gm = &g->scn->game;
    unsigned char act[GR_ACTION_MAX]; /* the type's record (action_size bytes) */
    gr_error perr;
    const char *hint =
        gm->type->not_enumerable ? "" : "; the view's \"legal\" lists what can be played";
    if (gr_game_act_parse(gm, gr_match_state(g->m), text, act, &perr) != GR_OK) {
        gr_error_set(err, GR_EINPUT, "%s%s", perr.msg, hint);
        return 400;
    }
    if (gr_match_act(g->m, act, &perr) != GR_OK) { /* the game's reason, and its code */
        gr_error_set(err, perr.code, "%s%s", perr.msg, hint);
        return 400;
    }
    /* the dice given, one chance step each, as recorded; then the match's */
    size_t k = 0;
    for (; k < ndice && gr_match_current_player(g->m) == GR_CHANCE; k++) {
        gr_game_act_of(dice[k], act);
        if (gr_match_act(g->m, act, &perr) != GR_OK)
            break;
    }
    if (k < ndice) {
        gr_error e2;
        if (k == 0 || gr_match_current_player(g->m) != GR_CHANCE)
            gr_error_set(err, GR_EINPUT, "%zu dice given, but the action rolls %zu", ndice, k);
        else
            gr_error_set(err, GR_EINPUT, "die %zu (%lld): %s", k + 1, (long long)dice[k], perr.msg);
        sv_game_rewind(g, now, &e2);
        return 400;
    }
    run_chance(g);
    return 200;
}

gr_status sv_game_set_player(sv_game *g, int seat, const char *player, gr_error *err)
{
    gr_ai_kind k = {GR_AI_RANDOM, 0, 0};
    int computer = strcmp(player, "human") != 0;
    gr_error perr;
    if (strlen(player) >= sizeof g->players[seat])
        return gr_error_set(err, GR_EINPUT, "'%.40s...' is too long a player's name", player);
    if (computer && gr_ai_kind_parse(player, &k, &perr) != GR_OK)
        return gr_error_set(err, GR_EINPUT,
                            "players[%d]: '%s' is neither \"human\" nor a computer player (%s)",
                            seat, player, perr.msg);
    snprintf(g->players[seat], sizeof g->players[seat], "%s", player);
    g->computer[seat] = computer;
    if (computer)
        g->ai[seat] = k;
    gr_match_set_computer(g->m, seat, computer);
    gr_match_set_by(g->m, seat, player);
    return GR_OK;
}

int sv_game_computer_to_move(sv_game *g)
{
    int cur = gr_match_current_player(g->m);
    return cur >= 0 && cur < 2 && g->computer[cur];
}

int sv_game_play_computer(sv_game *g, long deadline_ms)
{
    run_chance(g);
    if (!sv_game_computer_to_move(g))
        return 0;
    int cur = gr_match_current_player(g->m);
    const gr_action *acts;
    int n = gr_match_legal(g->m, &acts);
    if (n <= 0)
        return 0;
    gr_ai_kind k = g->ai[cur];
    if (k.ms <= 0 || k.ms > deadline_ms)
        k.ms = deadline_ms;
    gr_ai_line lines[3];
    int nl;
    size_t step = gr_match_steps(g->m);
    gr_action a = gr_ai_choose_lines(&g->scn->game, gr_match_state(g->m), k, acts, n,
                                     gr_match_player_rng(g->m, cur), lines, 3, &nl);
    sv_why_keep(g, cur, step, gr_match_state(g->m), a, lines, nl);
    gr_error err;
    if (gr_match_apply(g->m, a, &err) != GR_OK)
        return 0;
    run_chance(g);
    return 1;
}

int sv_game_undo(sv_game *g, int seat, size_t step, gr_error *err)
{
    size_t now = gr_match_steps(g->m);
    if (step != now) {
        gr_error_set(err, GR_EINPUT,
                     "step %zu is not the game's current step %zu: the game has moved on; "
                     "fetch the view again",
                     step, now);
        return 409;
    }
    gr_error uerr;
    if (gr_match_undo(g->m, seat, &uerr) != GR_OK) {
        gr_error_set(err, GR_EINPUT, "%s", uerr.msg);
        return 400;
    }
    size_t left = gr_match_steps(g->m);
    while (g->nlog > 0 && g->log[g->nlog - 1].step > left)
        g->nlog--;
    g->undos++;
    return 200;
}
