/* sv_games.c - the games resource: GET /api/scenarios[/ID], POST and GET
 * /api/games, and each game's view, actions, undo, event stream and replay
 * (docs/api.md); the registry of games backed by the store, catching up
 * with other servers sharing a PostgreSQL database, and the worker that
 * plays the computer's sides.
 *
 * A game's lock covers its match, its log and its store writes, so an
 * answer never shows a step that is not yet committed.  The worker thread
 * plays one step of a computer side at a time, then puts the game back at
 * the end of its queue: other games, and this game's views, go on
 * meanwhile.  Lock order: the registry's, then a game's. */
#define _DEFAULT_SOURCE /* realpath, getrandom */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "grognard/ai.h"
#include "grognard/alloc.h"
#include "grognard/file_io.h"
#include "grognard/save.h"
#include "grognard/wire.h"
#include "server_internal.h"
#include "sv_battle.h"
#include "sv_games.h"
#include "sv_http.h"
#include "sv_util.h"

#define SV_BUCKETS  4096
#define SV_LIST_MAX 100

struct sv_games {
    gr_server *s;
    sv_scenario *scn;
    size_t nscn;
    pthread_mutex_t reg_lock;
    sv_game *buckets[SV_BUCKETS];
    /* the worker and its queue of games whose computer side is to move */
    pthread_t workers[SV_MAX_WORKERS];
    int nworkers; /* started */
    pthread_mutex_t q_lock;
    pthread_cond_t q_cond;
    sv_game *qhead, *qtail; /* linked by sv_game.qnext */
    atomic_int stopping;
};

/* ---- scenarios ----------------------------------------------------------- */

static void scenario_clear(sv_scenario *sc)
{
    free(sc->error);
    free(sc->path);
    gr_game_free(&sc->game);
    json_decref(sc->summary);
    free(sc->detail_text);
    gr_free(sc->text);
    memset(sc, 0, sizeof *sc);
}

static void scenarios_free(sv_games *gs)
{
    for (size_t i = 0; i < gs->nscn; i++)
        scenario_clear(&gs->scn[i]);
    free(gs->scn);
    gs->scn = NULL;
    gs->nscn = 0;
}

static json_t *text_lines(json_t *v)
{
    if (json_is_string(v))
        return json_pack("[O]", v);
    if (json_is_array(v))
        return json_incref(v);
    return json_array();
}

/* The entry of GET /api/scenarios, from the scenario's JSON (its type's
 * scenario_json): {"id", "title", "game", "sides": [names], "turns", "cols",
 * "rows", "units": how many}, what the type does not give left out. */
static json_t *scenario_summary(const char *id, const char *game, const json_t *w)
{
    json_t *o =
        json_pack("{sssO?ss}", "id", id, "title", json_object_get(w, "title"), "game", game);
    json_t *sides = json_array();
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(w, "sides"), i, v)
        json_array_append(sides, json_object_get(v, "name"));
    json_object_set_new(o, "sides", sides);
    static const char *const nums[] = {"turns", "cols", "rows"};
    for (i = 0; i < 3; i++)
        if (json_object_get(w, nums[i]))
            json_object_set(o, nums[i], json_object_get(w, nums[i]));
    /* "units": a list (a map's scenario) or already its count (the table's) */
    json_t *units = json_object_get(w, "units");
    if (json_is_integer(units))
        json_object_set(o, "units", units);
    else if (units)
        json_object_set_new(o, "units", json_integer((json_int_t)json_array_size(units)));
    /* a table's size in inches (docs/table.md), for a battle on the table */
    static const char *const sizes[] = {"width", "depth"};
    for (i = 0; i < 2; i++)
        if (json_is_number(json_object_get(w, sizes[i])))
            json_object_set(o, sizes[i], json_object_get(w, sizes[i]));
    return o;
}

/* A scenario's file: NAME.json, NAME short enough for a scenario's id. */
static int is_scenario_file(const struct dirent *e)
{
    size_t l = strlen(e->d_name);
    return l > 5 && !strcmp(e->d_name + l - 5, ".json") && l - 5 < GR_STORE_NAME_MAX;
}

/* By name, byte by byte (not by the locale's collation). */
static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* Add the scenario file DIR/NAME as scenario `id` of type `type_id` (NULL:
 * the file says which) to the registry: a game's, with its entries of GET
 * /api/scenarios[/ID]; a companion's order of battle (type_id given),
 * with its entry of GET /api/oobs: 1.  A file that does not load is left
 * out with a line on stderr, and kept with why (sv_scenario.error): 0. */
static int scenario_add(sv_games *gs, const char *dir, const char *name, const char *id,
                        const char *type_id)
{
    sv_scenario *v = realloc(gs->scn, (gs->nscn + 1) * sizeof *v);
    if (!v)
        return 0;
    gs->scn = v;
    sv_scenario *sc = memset(&v[gs->nscn], 0, sizeof *sc);
    char path[PATH_MAX + 256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    gr_error lerr;
    if (gr_read_file(path, GR_GAME_SCENARIO_MAX_BYTES, &sc->text, &sc->text_len, &lerr) != GR_OK ||
        gr_game_load_text(sc->text, sc->text_len, path, type_id, &sc->game, &lerr) != GR_OK) {
        fprintf(stderr, "grognard serve: %s is left out: %s\n", path, lerr.msg);
        scenario_clear(sc);
        /* kept, to say why to the games played on it */
        snprintf(sc->id, sizeof sc->id, "%s", id);
        if ((sc->error = strdup(lerr.msg)))
            gs->nscn++;
        return 0;
    }
    snprintf(sc->id, sizeof sc->id, "%s", id);
    sc->path = realpath(path, NULL);
    json_t *w = gr_game_scenario_json(&sc->game); /* an order of battle's "id": its stem */
    if (type_id) {
        sc->summary = json_incref(w);
    } else if (w) {
        sc->summary = scenario_summary(sc->id, sc->game.type->id, w);
        json_t *raw = json_load_file(path, 0, NULL);
        json_t *map = raw ? json_object_get(raw, "map") : NULL;
        json_t *places = map ? json_object_get(map, "places") : NULL;
        json_t *detail = json_pack("{sssssO?so}", "id", sc->id, "game", sc->game.type->id, "title",
                                   json_object_get(w, "title"), "description",
                                   text_lines(!raw ? NULL
                                              : json_object_get(raw, "description")
                                                  ? json_object_get(raw, "description")
                                                  : json_object_get(raw, "notes")));
        if (detail) {
            json_object_update(detail, w);
            /* the registry's id, not the one the type keeps ("table/teaching") */
            json_object_set_new(detail, "id", json_string(sc->id));
            json_object_set_new(detail, "places",
                                json_is_array(places) ? json_incref(places) : json_array());
            sc->detail_text = json_dumps(detail, JSON_COMPACT | JSON_PRESERVE_ORDER);
        }
        json_decref(raw);
        json_decref(detail);
    }
    json_decref(w);
    if (!sc->path || !sc->summary || (!type_id && !sc->detail_text)) {
        scenario_clear(sc);
        return 0;
    }
    gs->nscn++;
    return 1;
}

/* Add every DIR/NAME.json (is_scenario_file), sorted by name, as
 * scenario PREFIX+NAME of type type_id (scenario_add): how many loaded, or
 * -1 if the folder cannot be read (errno). */
static long scenarios_add_dir(sv_games *gs, const char *dir, const char *prefix,
                              const char *type_id)
{
    struct dirent **names;
    int n = scandir(dir, &names, is_scenario_file, by_name);
    long loaded = 0;
    for (int i = 0; i < n; i++) {
        char id[GR_STORE_NAME_MAX];
        const char *name = names[i]->d_name;
        if (snprintf(id, sizeof id, "%s%.*s", prefix, (int)(strlen(name) - 5), name) <
            (int)sizeof id)
            loaded += scenario_add(gs, dir, name, id, type_id);
        free(names[i]);
    }
    if (n >= 0)
        free(names);
    return n < 0 ? -1 : loaded;
}

/* The scenarios of DATA/scenarios/, then the battles on the table,
 * DATA/table/NAME.json as scenario "table/NAME" (each file names its game
 * type; the folder may be missing), then the companion's bundled orders of
 * battle, DATA/oob/SYSTEM/OOB.json as scenario "SYSTEM/OOB" of type SYSTEM. */
static gr_status scenarios_load(sv_games *gs, gr_error *err)
{
    char dir[PATH_MAX], prefix[GR_STORE_NAME_MAX];
    snprintf(dir, sizeof dir, "%s/scenarios", gs->s->data);
    long loaded = scenarios_add_dir(gs, dir, "", NULL);
    if (loaded < 0)
        return gr_error_set(err, GR_EINPUT,
                            "%s: cannot open the scenario folder (%s); give as the data folder "
                            "the one that holds scenarios/ (the source tree's data/)",
                            dir, strerror(errno));
    if (!loaded)
        return gr_error_set(err, GR_EINPUT,
                            "%s: no scenario could be loaded; give as the data folder the one "
                            "that holds scenarios/*.json",
                            dir);
    snprintf(dir, sizeof dir, "%s/table", gs->s->data);
    scenarios_add_dir(gs, dir, "table/", NULL);
    size_t nt;
    const gr_game_type *const *types = gr_game_types(&nt);
    for (size_t t = 0; t < nt; t++) {
        if (!sv_battles_type(types[t]))
            continue;
        snprintf(dir, sizeof dir, "%s/oob/%s", gs->s->data, types[t]->id);
        snprintf(prefix, sizeof prefix, "%s/", types[t]->id);
        scenarios_add_dir(gs, dir, prefix, types[t]->id);
    }
    return GR_OK;
}

/* The bundled scenario `id` of a game (battle 0), a battle (1) or either (-1). */
static const sv_scenario *scenario_find(const sv_games *gs, const char *id, int battle)
{
    for (size_t i = 0; id && i < gs->nscn; i++)
        if (!strcmp(gs->scn[i].id, id) &&
            (battle < 0 || (!gs->scn[i].error && sv_battles_type(gs->scn[i].game.type) == battle)))
            return &gs->scn[i];
    return NULL;
}

const sv_scenario *sv_games_scenario(gr_server *s, const char *id, int battle)
{
    return scenario_find(s->games, id, battle);
}

json_t *sv_games_scenarios(gr_server *s, int battle)
{
    const sv_games *gs = s->games;
    json_t *a = json_array();
    for (size_t i = 0; i < gs->nscn; i++)
        if (!gs->scn[i].error && sv_battles_type(gs->scn[i].game.type) == battle)
            json_array_append(a, gs->scn[i].summary);
    return a;
}

static void own_release(sv_scenario *scn)
{
    free(scn->path);
    gr_game_free(&scn->game);
    free(scn->text);
    free(scn);
}

sv_scenario *sv_scenario_own(const char *type_id, const char *text, size_t len, const char *name,
                             gr_error *err)
{
    sv_scenario *scn = calloc(1, sizeof *scn);
    if (!scn || !(scn->text = malloc(len + 1)) || !(scn->path = strdup(name))) {
        if (scn)
            free(scn->text);
        free(scn);
        gr_error_set(err, GR_ERUNTIME, "out of memory reading a scenario");
        return NULL;
    }
    memcpy(scn->text, text, len);
    scn->text[len] = 0;
    scn->text_len = len;
    snprintf(scn->id, sizeof scn->id, "%s", type_id);
    scn->release = own_release;
    if (gr_game_load_text(text, len, name, type_id, &scn->game, err) != GR_OK) {
        own_release(scn);
        return NULL;
    }
    return scn;
}

/* ---- the registry of games ------------------------------------------------ */

static size_t bucket_of(const char *id)
{
    uint64_t h = 1469598103934665603ULL;
    for (const unsigned char *p = (const unsigned char *)id; *p; p++)
        h = (h ^ *p) * 1099511628211ULL;
    return (size_t)(h % SV_BUCKETS);
}

/* The game `id` of the registry, or NULL (reg_lock held). */
static sv_game *reg_find(sv_games *gs, const char *id)
{
    sv_game *g = gs->buckets[bucket_of(id)];
    while (g && strcmp(g->id, id))
        g = g->next;
    return g;
}

static void reg_add(sv_games *gs, sv_game *g)
{
    size_t b = bucket_of(g->id);
    g->next = gs->buckets[b];
    gs->buckets[b] = g;
}

static int valid_id(const char *id)
{
    size_t n = strlen(id);
    if (n == 0 || n >= GR_STORE_ID_MAX)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((id[i] >= '0' && id[i] <= '9') || (id[i] >= 'a' && id[i] <= 'f')))
            return 0;
    return 1;
}

static void enqueue(sv_games *gs, sv_game *g)
{
    pthread_mutex_lock(&gs->q_lock);
    if (!g->queued) {
        g->qnext = NULL;
        if (gs->qtail)
            gs->qtail->qnext = g;
        else
            gs->qhead = g;
        gs->qtail = g;
        g->queued = 1;
        pthread_cond_signal(&gs->q_cond);
    }
    pthread_mutex_unlock(&gs->q_lock);
}

/* Load a stored game and re-run its steps, checking every hash.  Called
 * with reg_lock held.  If tokens is not NULL it gets the stored game's seat
 * tokens (empty if the store could not give them), so that a failure can
 * be told to their holders only. */
static sv_game *load_game(sv_games *gs, const char *id, char (*tokens)[GR_STORE_TOKEN_MAX],
                          gr_error *err)
{
    gr_store_game sg;
    gr_record_step *steps = NULL;
    if (tokens)
        tokens[0][0] = tokens[1][0] = 0;
    if (gr_store_load(gs->s->store, id, &sg, &steps, err) != GR_OK)
        return NULL;
    if (tokens)
        memcpy(tokens, sg.tokens, sizeof sg.tokens);
    /* a bundled scenario, or the game's own kept in the store beside it
     * (a battle's order of battle given as text: scenario "SYSTEM") */
    const sv_scenario *scn = scenario_find(gs, sg.scenario, -1);
    sv_scenario *own = NULL;
    char *text = NULL;
    size_t len = 0;
    sv_game *g = NULL;
    if (scn && scn->error) {
        gr_error_set(err, GR_ERUNTIME,
                     "game %s: its scenario's file does not load (%s); serve with the data folder "
                     "it was played with",
                     id, scn->error);
        scn = NULL;
    } else if (!scn && gr_store_scenario_text(gs->s->store, id, &text, &len, err) == GR_OK) {
        if (text &&
            !(scn = own = sv_scenario_own(sg.scenario, text, len, "the stored scenario", err)))
            err->code = GR_ERUNTIME; /* stored: never a client's bad input */
        else if (!text)
            gr_error_set(err, GR_ERUNTIME,
                         "game %s is of scenario '%s', which is not in the scenario folder; serve "
                         "with the data folder it was played with",
                         id, sg.scenario);
    }
    free(text);
    if (scn && sv_game_new(scn, id, sg.seed, (const char(*)[GR_STORE_NAME_MAX])sg.players,
                           (const char(*)[GR_STORE_TOKEN_MAX])sg.tokens, &g, err) != GR_OK) {
        if (own)
            own->release(own);
    } else if (scn) {
        g->own = own;
        g->finished = sg.finished;
        g->gen = sg.gen;
        if (sv_game_replay(g, steps, sg.nsteps, err) != GR_OK) {
            char msg[GR_ERROR_MSG];
            snprintf(msg, sizeof msg, "%s", err->msg);
            gr_error_set(err, GR_ERUNTIME,
                         "game %s does not replay from the store (%s); the scenario file or the "
                         "rules changed since it was played",
                         id, msg);
            sv_game_free(g);
            g = NULL;
        }
    }
    free(steps);
    if (g) {
        reg_add(gs, g);
        if (sv_game_computer_to_move(g))
            enqueue(gs, g);
    }
    return g;
}

/* The game `id`, from memory or the store; NULL if there is none (*missing
 * set) or it cannot be loaded (err; tokens then its stored seats' tokens,
 * as load_game gives them). */
static sv_game *game_find(sv_games *gs, const char *id, int *missing,
                          char (*tokens)[GR_STORE_TOKEN_MAX], gr_error *err)
{
    *missing = 0;
    if (!valid_id(id)) {
        *missing = 1;
        return NULL;
    }
    pthread_mutex_lock(&gs->reg_lock);
    sv_game *g = reg_find(gs, id);
    if (!g) {
        gr_error lerr;
        g = load_game(gs, id, tokens, &lerr);
        if (!g) {
            if (lerr.code == GR_EINPUT)
                *missing = 1;
            else
                *err = lerr;
        }
    }
    pthread_mutex_unlock(&gs->reg_lock);
    return g;
}

/* ---- several servers, one database ------------------------------------------------- */

/* Bring g to what the store holds: the steps another server added replayed
 * (checked as a reload is), or, after another server's undo (a new
 * generation), the game replayed from its seed.  g->lock held. */
static gr_status catch_up(sv_games *gs, sv_game *g, gr_error *err)
{
    size_t have = gr_match_steps(g->m);
    gr_store_game sg;
    gr_record_step *steps = NULL;
    if (gr_store_load_from(gs->s->store, g->id, have, &sg, &steps, err) != GR_OK)
        return GR_ERUNTIME;
    gr_status st = GR_ERUNTIME;
    if (sg.gen == g->gen && sg.nsteps >= have)
        st = sv_game_extend(g, steps, have, sg.nsteps - have, err);
    free(steps);
    steps = NULL;
    if (st != GR_OK) { /* other steps than ours: from the seed */
        if (gr_store_load(gs->s->store, g->id, &sg, &steps, err) != GR_OK)
            return GR_ERUNTIME;
        st = sv_game_reset(g, steps, sg.nsteps, err);
        free(steps);
        if (st != GR_OK) {
            char msg[GR_ERROR_MSG];
            snprintf(msg, sizeof msg, "%s", err->msg);
            return gr_error_set(err, GR_ERUNTIME,
                                "game %s does not replay from the store (%s); the servers sharing "
                                "the database must run the same rules and scenario files",
                                g->id, msg);
        }
    }
    g->gen = sg.gen;
    g->finished = sg.finished;
    json_decref(g->last); /* another server's change: this one's news is old */
    g->last = NULL;
    sv_game_touch(g);
    if (sv_game_computer_to_move(g))
        enqueue(gs, g);
    return GR_OK;
}

/* Before acting on g or showing it: when the store is shared (another
 * process may have moved the game on), compare the stored step count and
 * generation with g's and catch up.  One small read; nothing for SQLite. */
gr_status sv_games_sync(gr_server *s, sv_game *g, gr_error *err)
{
    if (!gr_store_shared(s->store))
        return GR_OK;
    gr_store_head h;
    if (gr_store_stamp(s->store, g->id, &h, err) != GR_OK)
        return GR_ERUNTIME;
    if (h.nsteps == gr_match_steps(g->m) && h.gen == g->gen) {
        g->finished = h.finished;
        return GR_OK;
    }
    return catch_up(s->games, g, err);
}

/* The store's listener (its own thread): another server (or this one)
 * changed game `id`.  A game this server holds is caught up, which wakes
 * its event streams; one it does not hold is loaded when asked for.  id
 * NULL: notices may have been missed, every game is compared. */
static void on_store_change(void *ctx, const char *id, size_t nsteps, uint64_t gen)
{
    sv_games *gs = ctx;
    if (atomic_load(&gs->stopping))
        return;
    if (!id) {
        /* a chain only grows at its head and a game's next never changes:
         * the head read under the registry's lock, the rest walked freely */
        for (size_t b = 0; b < SV_BUCKETS; b++) {
            pthread_mutex_lock(&gs->reg_lock);
            sv_game *g = gs->buckets[b];
            pthread_mutex_unlock(&gs->reg_lock);
            for (; g; g = g->next) {
                gr_error err;
                pthread_mutex_lock(&g->lock);
                if (sv_games_sync(gs->s, g, &err) != GR_OK)
                    fprintf(stderr, "grognard serve: game %s: %s\n", g->id, err.msg);
                pthread_mutex_unlock(&g->lock);
            }
        }
        return;
    }
    if (!valid_id(id))
        return;
    pthread_mutex_lock(&gs->reg_lock);
    sv_game *g = reg_find(gs, id);
    pthread_mutex_unlock(&gs->reg_lock); /* a registered game is freed only at the end */
    if (!g)
        return;
    pthread_mutex_lock(&g->lock);
    /* our own change, or one we caught up with already: nothing to do */
    if (gen != g->gen || nsteps > gr_match_steps(g->m)) {
        gr_error err;
        if (sv_games_sync(gs->s, g, &err) != GR_OK)
            fprintf(stderr, "grognard serve: game %s: %s\n", g->id, err.msg);
    }
    pthread_mutex_unlock(&g->lock);
}

/* Store the steps from `first` to the current one, mark the game over if it
 * is; on a store failure go back to what the store holds.  GR_EINPUT: the
 * store refused the steps because another server stored its own first
 * (the game is caught up with them: answer 409).  g->lock held. */
static gr_status commit(sv_games *gs, sv_game *g, size_t first, gr_error *err)
{
    size_t now = gr_match_steps(g->m);
    if (now >= first) {
        gr_record_step *v = malloc((now - first + 1) * sizeof *v);
        if (!v) {
            gr_error e2;
            sv_game_rewind(g, first - 1, &e2);
            return gr_error_set(err, GR_ERUNTIME, "out of memory storing a step; try again");
        }
        for (size_t i = first; i <= now; i++)
            v[i - first] = *gr_match_step(g->m, i - 1);
        gr_status st =
            gr_store_append_at(gs->s->store, g->id, first, g->gen, v, now - first + 1, err);
        free(v);
        if (st != GR_OK) {
            gr_error e2;
            sv_game_rewind(g, first - 1, &e2);
            sv_game_touch(g);
            /* a stale step: another server's steps came first */
            if (st == GR_EINPUT && catch_up(gs, g, &e2) != GR_OK)
                fprintf(stderr, "grognard serve: game %s: %s\n", g->id, e2.msg);
            return st;
        }
    }
    int over = gr_match_is_over(g->m);
    if (over != g->finished && gr_store_set_finished(gs->s->store, g->id, over, err) == GR_OK)
        g->finished = over;
    sv_game_touch(g);
    if (sv_game_computer_to_move(g))
        enqueue(gs, g);
    return GR_OK;
}

/* The longest a computer's decision may take on this server (--max-ai). */
static long ai_deadline(const sv_games *gs)
{
    return gs->s->o.max_ai_ms > 0 ? gs->s->o.max_ai_ms : SV_MAX_AI_MS;
}

static void *worker_main(void *arg)
{
    sv_games *gs = arg;
    for (;;) {
        pthread_mutex_lock(&gs->q_lock);
        while (!gs->qhead && !atomic_load(&gs->stopping))
            pthread_cond_wait(&gs->q_cond, &gs->q_lock);
        if (atomic_load(&gs->stopping)) {
            pthread_mutex_unlock(&gs->q_lock);
            return NULL;
        }
        sv_game *g = gs->qhead;
        if (!(gs->qhead = g->qnext))
            gs->qtail = NULL;
        g->queued = 0;
        pthread_mutex_unlock(&gs->q_lock);
        pthread_mutex_lock(&g->lock);
        gr_error err;
        if (sv_games_sync(gs->s, g, &err) != GR_OK) {
            fprintf(stderr, "grognard serve: game %s: %s\n", g->id, err.msg);
        } else {
            /* the views of the game as committed kept first: they are
             * answered from them while the search holds the game */
            if (sv_game_computer_to_move(g) && !sv_battles_holds(g))
                sv_game_publish(g); /* a battle's views are its own (sv_battle.c) */
            size_t first = gr_match_steps(g->m) + 1;
            /* two servers may both play the computer's step: the second
             * append is refused (GR_EINPUT), and that server just caught up */
            if (sv_game_play_computer(g, ai_deadline(gs)) && commit(gs, g, first, &err) != GR_OK &&
                err.code != GR_EINPUT)
                fprintf(stderr, "grognard serve: game %s: %s\n", g->id, err.msg);
        }
        pthread_mutex_unlock(&g->lock);
    }
}

/* ---- the one action path (sv_games.h) ---------------------------------------------- */

gr_status sv_games_start(gr_server *s, const sv_scenario *scn, sv_scenario *own,
                         const uint64_t *seed, const char players[2][GR_STORE_NAME_MAX],
                         sv_game **out, gr_error *err)
{
    sv_games *gs = s->games;
    char id[GR_STORE_ID_MAX], tokens[2][GR_STORE_TOKEN_MAX] = {"", ""};
    sv_game *g = NULL;
    uint64_t drawn = 0; /* 53 bits: exact in JSON numbers */
    int bad = sv_random_hex(id, 8) || (!seed && getrandom(&drawn, sizeof drawn, 0) != 8);
    drawn &= (1ULL << 53) - 1;
    for (int p = 0; p < 2; p++)
        bad |= !strcmp(players[p], "human") && sv_random_hex(tokens[p], 16);
    *out = NULL;
    if (bad || sv_game_new(scn, id, seed ? *seed : drawn, players,
                           (const char(*)[GR_STORE_TOKEN_MAX])tokens, &g, err) != GR_OK) {
        if (own)
            own->release(own);
        return bad ? gr_error_set(err, GR_ERUNTIME, "the system's random source failed; try again")
                   : err->code;
    }
    g->own = own;
    gr_store_game sg;
    memset(&sg, 0, sizeof sg);
    memcpy(sg.id, g->id, sizeof sg.id);
    snprintf(sg.scenario, sizeof sg.scenario, "%s", g->scn->id);
    sg.seed = g->seed;
    memcpy(sg.players, g->players, sizeof sg.players);
    memcpy(sg.tokens, g->tokens, sizeof sg.tokens);
    /* a game's own scenario is kept in the store beside it */
    if (gr_store_create_text(s->store, &sg, own ? own->text : NULL, own ? own->text_len : 0, err) !=
        GR_OK) {
        sv_game_free(g);
        return GR_ERUNTIME;
    }
    /* registered first: the lock order is the registry's, then a game's */
    pthread_mutex_lock(&gs->reg_lock);
    reg_add(gs, g);
    pthread_mutex_unlock(&gs->reg_lock);
    pthread_mutex_lock(&g->lock);
    if (gr_match_current_player(g->m) == GR_CHANCE) /* dice before the first decision */
        sv_game_play_computer(g, ai_deadline(gs));
    gr_status st = commit(gs, g, 1, err);
    pthread_mutex_unlock(&g->lock);
    *out = st == GR_OK ? g : NULL;
    return st;
}

char *sv_games_snap(gr_server *s, sv_game *g, int slot, size_t since)
{
    gr_store_head h;
    gr_error err;
    int shared = gr_store_shared(s->store);
    /* a shared store: only if no other server moved the game on since */
    if (shared && gr_store_stamp(s->store, g->id, &h, &err) != GR_OK)
        return NULL; /* the caller's path under the lock tells why */
    return sv_game_snap_since(g, slot, shared ? &h : NULL, since);
}

int sv_games_act(gr_server *s, sv_game *g, int seat, const char *text, size_t step,
                 const gr_action *dice, size_t ndice, size_t *first, gr_error *err)
{
    sv_games *gs = s->games;
    gr_error_clear(err);
    *first = 0;
    int code = sv_games_sync(gs->s, g, err) != GR_OK
                   ? 500
                   : sv_game_act(g, seat, text, step, dice, ndice, first, err);
    if (code == 200 && commit(gs, g, *first, err) != GR_OK) {
        if (err->code == GR_EINPUT) /* another server stored this step first */
            gr_error_set(err, GR_EINPUT,
                         "step %zu is not the game's current step %zu: the game has moved on; "
                         "fetch the view again and choose from its legal actions",
                         step, gr_match_steps(g->m));
        code = err->code == GR_EINPUT ? 409 : 500;
    }
    return code;
}

int sv_games_undo(gr_server *s, sv_game *g, int seat, size_t step, gr_error *err)
{
    sv_games *gs = s->games;
    gr_error_clear(err);
    if (sv_games_sync(gs->s, g, err) != GR_OK)
        return 500;
    size_t n;
    gr_record_step *before = sv_game_record(g, &n);
    int code = before ? sv_game_undo(g, seat, step, err) : 500;
    if (!before)
        gr_error_set(err, GR_ERUNTIME, "out of memory; try again");
    if (code == 200) {
        size_t left = gr_match_steps(g->m);
        int over = gr_match_is_over(g->m);
        gr_status st = gr_store_truncate_if(s->store, g->id, n, g->gen, left, err);
        if (st == GR_OK && gr_store_shared(s->store))
            g->gen++; /* the truncation's new generation */
        if (st != GR_OK ||
            (over != g->finished && gr_store_set_finished(s->store, g->id, over, err) != GR_OK)) {
            gr_error e2;
            sv_game_reset(g, before, n, &e2);
            code = 500;
            if (st == GR_EINPUT) { /* another server moved the game on first */
                if (catch_up(gs, g, &e2) != GR_OK)
                    fprintf(stderr, "grognard serve: game %s: %s\n", g->id, e2.msg);
                gr_error_set(err, GR_EINPUT,
                             "step %zu is not the game's current step %zu: the game has moved "
                             "on; fetch the view again",
                             step, gr_match_steps(g->m));
                code = 409;
            }
        } else {
            g->finished = over;
        }
        sv_game_touch(g);
    }
    free(before);
    return code;
}

/* ---- handlers ---------------------------------------------------------------- */

/* 1 with why set if computer player `name` asks more than the operator's
 * caps on a decision (--max-ai, --max-sims): a budget in ms or in
 * simulations over its cap is refused; 0 for one within them, "human" or a
 * name that is no player (sv_game_new says so). */
static int over_caps(const sv_games *gs, const char *name, char *why, size_t cap)
{
    gr_ai_kind k;
    gr_error aerr;
    long mscap = ai_deadline(gs);
    long simcap = gs->s->o.max_ai_sims > 0 ? gs->s->o.max_ai_sims : SV_MAX_AI_SIMS;
    if (!strcmp(name, "human") || gr_ai_kind_parse(name, &k, &aerr) != GR_OK)
        return 0;
    if (k.ms > mscap) {
        snprintf(why, cap,
                 "'%.40s': this server lets a computer player think at most %ld ms a decision; "
                 "ask for \"mcts:%ldms\" or less",
                 name, mscap, mscap);
        return 1;
    }
    if ((k.algo == GR_AI_MCTS || k.algo == GR_AI_COMMANDER) && k.ms <= 0 && k.sims > simcap) {
        snprintf(why, cap,
                 "'%.40s': this server lets a computer player run at most %ld simulations a "
                 "decision; ask for \"%s:%ld\" or less",
                 name, simcap, k.algo == GR_AI_COMMANDER ? "commander" : "mcts", simcap);
        return 1;
    }
    return 0;
}

static MHD_Result_t h_create(sv_games *gs, sv_req *r)
{
    char msg[GR_ERROR_MSG];
    const char *ex = "{\"scenario\": \"teaching\", \"players\": [\"human\", \"heuristic\"]}";
    static const char *const keys[] = {"scenario", "players", "seed", NULL};
    json_t *b = sv_body_object(r, ex, keys, msg, sizeof msg);
    if (!b)
        return sv_reply_err(r, 400, "%s", msg);
    const char *scid = json_string_value(json_object_get(b, "scenario"));
    json_t *pl = json_object_get(b, "players");
    json_t *seedj = json_object_get(b, "seed");
    MHD_Result_t ret;
    if (!scid) {
        ret = sv_reply_err(r, 400, "\"scenario\" is missing or not a string; send %s", ex);
        goto out;
    }
    const sv_scenario *scn = scenario_find(gs, scid, 0);
    if (!scn) {
        ret = sv_reply_err(r, 404, "no scenario '%.64s'; GET /api/scenarios lists those there are",
                           scid);
        goto out;
    }
    if (!json_is_array(pl) || json_array_size(pl) != 2 || !json_is_string(json_array_get(pl, 0)) ||
        !json_is_string(json_array_get(pl, 1))) {
        ret = sv_reply_err(r, 400,
                           "\"players\" must be two strings, each \"human\" or a computer player "
                           "(random, eager, heuristic), e.g. [\"human\", \"heuristic\"]");
        goto out;
    }
    uint64_t seed = (uint64_t)json_integer_value(seedj);
    if (seedj && (!json_is_integer(seedj) || json_integer_value(seedj) < 0 ||
                  json_integer_value(seedj) > (json_int_t)((1LL << 53) - 1))) {
        ret = sv_reply_err(r, 400, "\"seed\" must be a whole number from 0 to 2^53-1");
        goto out;
    }
    char players[2][GR_STORE_NAME_MAX];
    for (int p = 0; p < 2; p++) {
        const char *name = json_string_value(json_array_get(pl, (size_t)p));
        if (strlen(name) >= GR_STORE_NAME_MAX) {
            ret = sv_reply_err(r, 400, "players[%d] is too long a name", p);
            goto out;
        }
        char why[GR_ERROR_MSG];
        if (over_caps(gs, name, why, sizeof why)) {
            ret = sv_reply_err(r, 400, "players[%d] %s", p, why);
            goto out;
        }
        snprintf(players[p], sizeof players[p], "%s", name);
    }
    gr_error err;
    sv_game *g;
    if (sv_games_start(gs->s, scn, NULL, seedj ? &seed : NULL,
                       (const char(*)[GR_STORE_NAME_MAX])players, &g, &err) != GR_OK) {
        ret = sv_reply_err(r, err.code == GR_EINPUT ? 400 : 500, "%s", err.msg);
        goto out;
    }
    json_t *seats = json_object();
    for (int p = 0; p < 2; p++) {
        char k[2] = {(char)('0' + p), 0};
        json_object_set_new(seats, k, g->tokens[p][0] ? json_string(g->tokens[p]) : json_null());
    }
    ret = sv_reply_obj(r, 201, json_pack("{ssso}", "id", g->id, "seats", seats));
out:
    json_decref(b);
    return ret;
}

static MHD_Result_t h_list(sv_games *gs, sv_req *r)
{
    gr_store_game *v = calloc(SV_LIST_MAX, sizeof *v);
    size_t n = 0;
    gr_error err;
    if (!v || gr_store_list(gs->s->store, 0, v, SV_LIST_MAX, &n, &err) != GR_OK) {
        free(v);
        return sv_reply_err(r, 500, "%s", v ? err.msg : "out of memory");
    }
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++)
        if (!sv_battles_stored(&v[i])) /* a companion battle: not a game here */
            json_array_append_new(a, json_pack("{sssss[ss]sIsb}", "id", v[i].id, "scenario",
                                               v[i].scenario, "players", v[i].players[0],
                                               v[i].players[1], "step", (json_int_t)v[i].nsteps,
                                               "over", v[i].finished));
    free(v);
    return sv_reply_obj(r, 200, a);
}

static size_t query_size(const sv_req *r, const char *name)
{
    const char *v = sv_query(r, name);
    if (!v)
        return 0;
    char *end;
    unsigned long long n = strtoull(v, &end, 10);
    return *end ? 0 : (size_t)n;
}

/* Who asks for g (0, 1, GR_SPECTATOR with no token, -1 a token that is
 * not one of g's) and, for a view (`watch`: a spectator too), in
 * which language (?lang=): 1 and both set, or 0 with *ret the refusal (401:
 * a token that is not one of g's, or, unless `watch`, none; 400: a
 * language not known). */
static int viewer_of(sv_req *r, sv_game *g, int watch, int *seat, gr_lang *lang, MHD_Result_t *ret)
{
    const char *noun = sv_battles_holds(g) ? "battle" : "game";
    const char *tok[2];
    size_t len[2];
    int n = sv_bearer(r, tok, len);
    *seat = n == 0 ? GR_SPECTATOR : n == 1 ? sv_game_seat(g, tok[0], len[0]) : -1;
    const char *l = sv_query(r, "lang");
    *lang = GR_LANG_EN;
    if (*seat == -1 || (*seat == GR_SPECTATOR && !watch))
        *ret = sv_reply_err(r, 401,
                            *seat == -1 ? "this token is not one of %s %s's seats; use the token "
                                          "its creation gave%s"
                                        : "no token: send \"Authorization: Bearer TOKEN\" (or "
                                          "?token=TOKEN) with the token %s %s's creation gave%s",
                            noun, g->id, watch ? ", or none to watch" : " your side");
    else if (watch && l && gr_lang_parse(l, lang, NULL) != GR_OK)
        *ret = sv_reply_err(r, 400, "?lang=%.16s is not known; accepted: en, fr", l);
    else
        return 1;
    return 0;
}

int sv_games_seat(sv_req *r, sv_game *g, MHD_Result_t *ret)
{
    int seat;
    gr_lang lang;
    return viewer_of(r, g, 0, &seat, &lang, ret) ? seat : -1;
}

static MHD_Result_t h_view(gr_server *s, sv_game *g, sv_req *r, const sv_call *c)
{
    int seat = c->seat;
    gr_lang lang = c->lang;
    size_t since = query_size(r, "since");
    const char *at = sv_query(r, "step");
    /* the view, in its language and since a step too: from the last
     * committed snapshot, without waiting for the game's lock (a search or
     * a commit may hold it) */
    char *kept = !at ? sv_games_snap(s, g, sv_game_slot(seat, lang), since) : NULL;
    if (kept)
        return sv_reply_json(r, 200, kept);
    pthread_mutex_lock(&g->lock);
    gr_error err;
    if (sv_games_sync(s, g, &err) != GR_OK) {
        pthread_mutex_unlock(&g->lock);
        return sv_reply_err(r, 500, "%s", err.msg);
    }
    if (!at) {
        char *text = sv_game_view(g, seat, since, lang);
        pthread_mutex_unlock(&g->lock);
        return sv_reply_json(r, 200, text);
    }
    /* ?step=N: the record and the players copied under the lock, the copy
     * replayed to N without it */
    size_t total = gr_match_steps(g->m), n = 0;
    char *end = NULL;
    unsigned long long v = at[0] >= '0' && at[0] <= '9' ? strtoull(at, &end, 10) : 0;
    if (!end || *end || v > total) {
        pthread_mutex_unlock(&g->lock);
        return sv_reply_err(r, 400,
                            "?step=%.24s is not a step of game %s: give a whole number from 0 "
                            "(the deployment) to %zu (its step now), e.g. ?step=0",
                            at, g->id, total);
    }
    n = (size_t)v;
    char players[2][GR_STORE_NAME_MAX];
    memcpy(players, g->players, sizeof players);
    size_t have;
    gr_record_step *rec = sv_game_record(g, &have);
    pthread_mutex_unlock(&g->lock);
    if (!rec)
        return sv_reply_err(r, 500, "out of memory copying game %s's record; try again", g->id);
    char *text = sv_game_view_at(g->scn, g->id, g->seed, (const char(*)[GR_STORE_NAME_MAX])players,
                                 rec, n, have, seat, lang, &err);
    free(rec);
    if (!text)
        return sv_reply_err(r, 500, "the view of game %s at step %zu: %s", g->id, n, err.msg);
    return sv_reply_json(r, 200, text);
}

/* ?name=N, a whole number 0..65535: 1 and *out; 0 absent; -1 not one. */
static int query_int(const sv_req *r, const char *name, long *out)
{
    const char *v = sv_query(r, name);
    char *end = NULL;
    if (!v)
        return 0;
    *out = *v ? strtol(v, &end, 10) : -1;
    return *v && !*end && *out >= 0 && *out <= 65535 ? 1 : -1;
}

/* The table's questions (game.h's measure_json, reach_json, check_json,
 * odds_json; docs/api.md "A battle on the table"): q 0 GET measure, 1 GET
 * reach, 2 POST check (a seat's token), 3 GET odds; 404 when the game's
 * type has no such entry.  And q 4, GET sight?unit=U: what unit U sees of
 * every hex or of the table from where it stands (sight_json), for anyone
 * who may watch the game; 404 when U is not on the map. */
static MHD_Result_t h_ask(gr_server *s, sv_game *g, sv_req *r, const sv_call *c)
{
    int q = c->arg, seat = c->seat;
    gr_lang lang = c->lang;
    static const char *const what[] = {"ruler (measure)", "reach", "check", "odds", "sight"};
    static const char *const usage[] = {
        ("?from=U&to=T (units: indices of the view's \"units\") or ?from=U&x=X&y=Y (a point in "
         "inches)"),
        "?unit=U, the unit whose move is to be chosen", "",
        "?action=N, the index of a fire or a combat in the view's \"legal\"",
        "?unit=U, the \"id\" of one of the view's \"units\""};
    static const char *const eg[] = {"measure?from=0&x=12&y=10", "reach?unit=0", "",
                                     "odds?action=0", "sight?unit=0"};
    const gr_game_type *ty = g->scn->game.type;
    int has[] = {ty->measure_json != NULL, ty->reach_json != NULL, ty->check_json != NULL,
                 ty->odds_json != NULL, 1};
    if (!has[q])
        return sv_reply_err(r, 404,
                            "game %s is of type %s, which has no %s: a battle on the table "
                            "answers it (docs/api.md)",
                            g->id, ty->id, what[q]);
    const char *x = sv_query(r, "x"), *y = sv_query(r, "y"), *l = sv_query(r, "lang");
    long a = -1, b = -1;
    int ok = q == 0 ? query_int(r, "from", &a) == 1 && query_int(r, "to", &b) >= 0 &&
                          (b >= 0 || (x && y))
             : q == 1 || q == 4 ? query_int(r, "unit", &a) == 1 && (q == 1 || a <= 255)
             : q == 3           ? query_int(r, "action", &a) == 1
                                : 1;
    if (!ok)
        return sv_reply_err(r, 400, "give %s, e.g. /api/games/%s/%s", usage[q], g->id, eg[q]);
    json_t *body = NULL;
    const char *text = NULL;
    if (q == 2) {
        char msg[GR_ERROR_MSG];
        const char *ex = "{\"action\": \"pose claparede 12.5 8\"}";
        body = sv_body_object(r, ex, NULL, msg, sizeof msg);
        text = json_string_value(json_object_get(body, "action"));
        if (!text || (l && gr_lang_parse(l, &lang, NULL) != GR_OK)) {
            json_decref(body);
            return sv_reply_err(r, 400, "%s",
                                !body   ? msg
                                : !text ? "the body needs \"action\", the text of an "
                                          "action as POST .../actions takes it"
                                        : "?lang= is not known; accepted: en, fr");
        }
    }
    pthread_mutex_lock(&g->lock);
    gr_error err;
    gr_error_clear(&err);
    json_t *o = NULL;
    if (sv_games_sync(s, g, &err) == GR_OK) {
        const void *sc = g->scn->game.sc, *st = gr_match_state(g->m);
        const gr_action *acts;
        int n = q == 3 ? gr_match_legal(g->m, &acts) : 0;
        if (q == 0)
            o = ty->measure_json(sc, st, seat, (int)a, (int)b, x, y, &err);
        else if (q == 1)
            o = ty->reach_json(sc, st, seat, (int)a, &err);
        else if (q == 2)
            o = ty->check_json(sc, st, seat, text, lang, &err);
        else if (q == 4) /* reads only what every side sees */
            o = gr_game_sight_json(&g->scn->game, st, (int)a);
        else if (a >= n)
            gr_error_set(&err, GR_EINPUT,
                         "action %ld is not an index of the view's \"legal\" (%d actions now)", a,
                         n);
        else
            o = ty->odds_json(sc, st, seat, acts[a], &err);
    }
    pthread_mutex_unlock(&g->lock);
    json_decref(body);
    if (!o && q == 4 && !err.msg[0])
        return sv_reply_err(r, 404,
                            "unit %ld is not on the map of game %s (destroyed, still to enter, or "
                            "no such unit: the view's \"units\" lists them with their hexes)",
                            a, g->id);
    if (!o)
        return sv_reply_err(r,
                            err.code == GR_EINPUT     ? 400
                            : err.code == GR_EILLEGAL ? 409
                                                      : 500,
                            "%s", err.msg[0] ? err.msg : "out of memory; try again");
    /* lengths in thousandths print exactly with 15 digits (wire.h) */
    char *out = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
    json_decref(o);
    return sv_reply_json(r, 200, out);
}

static int body_step(json_t *b, size_t *step)
{
    json_t *sj = json_object_get(b, "step");
    if (!json_is_integer(sj) || json_integer_value(sj) < 0)
        return -1;
    *step = (size_t)json_integer_value(sj);
    return 0;
}

/* The body of a refused action or undo: {"error": ...}, and for a stale
 * step (409) the game's current step, so the client can catch up.  Called
 * with the game's lock held. */
static json_t *error_body(const sv_game *g, int code, const gr_error *err)
{
    char esc[GR_ERROR_MSG];
    gr_escape(err->msg, esc, sizeof esc);
    json_t *o = json_pack("{ss}", "error", esc);
    if (o && err->param[0]) /* the input at fault (grognard/error.h) */
        json_object_set_new(o, "param", json_string(err->param));
    if (o && code == 409)
        json_object_set_new(o, "step", json_integer((json_int_t)gr_match_steps(g->m)));
    return o;
}

/* POST .../actions (undo 0) and .../undo (undo 1) at the body's step. */
static MHD_Result_t h_step(gr_server *s, sv_game *g, sv_req *r, const sv_call *c)
{
    int seat = c->seat, undo = c->arg;
    char msg[GR_ERROR_MSG];
    const char *ex = undo ? "{\"step\": 12}" : "{\"action\": \"chits done\", \"step\": 12}";
    json_t *b = sv_body_object(r, ex, NULL, msg, sizeof msg);
    const char *text = json_string_value(json_object_get(b, "action"));
    size_t step, first = 0;
    if (b && ((!undo && !text) || body_step(b, &step)))
        snprintf(
            msg, sizeof msg, "%s%s",
            undo ? "the body needs \"step\": the view's \"step\""
                 : "the body needs \"action\" (a text from the view's \"legal\") and \"step\" (the "
                   "view's \"step\"), e.g. ",
            undo ? "" : ex);
    else if (b) {
        pthread_mutex_lock(&g->lock);
        gr_error err;
        int code = undo ? sv_games_undo(s, g, seat, step, &err)
                        : sv_games_act(s, g, seat, text, step, NULL, 0, &first, &err);
        int cur = gr_match_current_player(g->m);
        json_t *o = code != 200 ? error_body(g, code, &err)
                    : undo      ? json_pack("{sI}", "step", (json_int_t)gr_match_steps(g->m))
                                : json_pack("{sIsIsosbss}", "step", (json_int_t)first, "now",
                                            (json_int_t)gr_match_steps(g->m), "to_move",
                                       cur >= 0 ? json_integer(cur) : json_null(), "over",
                                            gr_match_is_over(g->m), "applied", text);
        pthread_mutex_unlock(&g->lock);
        json_decref(b);
        return sv_reply_obj(r, code, o);
    }
    json_decref(b);
    return sv_reply_err(r, 400, "%s", msg);
}

static MHD_Result_t h_replay(gr_server *s, sv_game *g, sv_req *r, const sv_call *c)
{
    (void)c;
    const char *tok[2];
    size_t len[2];
    int n = sv_bearer(r, tok, len);
    int seats = 0;
    for (int i = 0; i < n; i++) {
        int seat = sv_game_seat(g, tok[i], len[i]);
        if (seat < 0)
            return sv_reply_err(r, 401, "a token is not one of game %s's seats", g->id);
        seats |= 1 << seat;
    }
    pthread_mutex_lock(&g->lock);
    gr_error serr;
    if (sv_games_sync(s, g, &serr) != GR_OK) {
        pthread_mutex_unlock(&g->lock);
        return sv_reply_err(r, 500, "%s", serr.msg);
    }
    int over = gr_match_is_over(g->m);
    if (!over && seats != 3) {
        pthread_mutex_unlock(&g->lock);
        return sv_reply_err(r, 403,
                            "game %s goes on, and its record holds the chits each side put in the "
                            "bowl; it is given when the game is over, or to a request with both "
                            "seats' tokens (Authorization: Bearer TOKEN0 TOKEN1)",
                            g->id);
    }
    char *text = NULL;
    size_t tlen = 0;
    gr_error err;
    gr_status st =
        gr_save_dump(g->m, g->scn->path, g->scn->text, g->scn->text_len, &text, &tlen, &err);
    pthread_mutex_unlock(&g->lock);
    if (st != GR_OK)
        return sv_reply_err(r, 500, "%s", err.msg);
    struct MHD_Response *res = MHD_create_response_from_buffer(tlen, text, MHD_RESPMEM_MUST_FREE);
    if (!res) {
        free(text);
        return MHD_NO;
    }
    char disp[96];
    snprintf(disp, sizeof disp, "attachment; filename=\"%s.json\"", g->id);
    MHD_add_response_header(res, "Content-Type", "application/json; charset=utf-8");
    MHD_add_response_header(res, "Content-Disposition", disp);
    MHD_add_response_header(res, "Cache-Control", "no-store");
    return sv_reply_response(r, 200, res, (long long)tlen);
}

/* GET /api/games/ID/why[?side=S] (threat 0): the computer's last decision
 * explained, to anyone who may watch; GET /api/games/ID/threat (1): the
 * enemy's threat to the seat's units, read from that side's view, so a
 * seat's token is needed (sv_why.c; docs/api.md). */
static MHD_Result_t h_why(gr_server *s, sv_game *g, sv_req *r, const sv_call *c)
{
    int seat = c->seat, side = -1, threat = c->arg;
    const char *sq = threat ? NULL : sv_query(r, "side");
    if (sq) {
        if (strcmp(sq, "0") && strcmp(sq, "1"))
            return sv_reply_err(r, 400,
                                "?side=%.16s is not a side; use 0 or 1, or leave it out "
                                "for the latest computer decision",
                                sq);
        side = sq[0] - '0';
    }
    pthread_mutex_lock(&g->lock);
    gr_error err;
    int code = 500;
    json_t *o = sv_games_sync(s, g, &err) != GR_OK ? NULL
                : threat                           ? sv_threat_json(g, seat, &code, &err)
                                                   : sv_why_json(g, seat, side, &code, &err);
    pthread_mutex_unlock(&g->lock);
    return o ? sv_reply_obj(r, 200, o) : sv_reply_err(r, code, "%s", err.msg);
}

/* POST /api/games/ID/seat {"player": NAME}: the seat of the token handed
 * to the computer player NAME, or taken back with "human" (docs/api.md).
 * Stored first; the computer plays at once if it is to move. */
static MHD_Result_t h_seat(gr_server *s, sv_game *g, sv_req *r, const sv_call *c)
{
    int seat = c->seat;
    char msg[GR_ERROR_MSG];
    const char *ex = "{\"player\": \"commander\"}";
    json_t *b = sv_body_object(r, ex, NULL, msg, sizeof msg);
    if (!b)
        return sv_reply_err(r, 400, "%s", msg);
    char name[GR_STORE_NAME_MAX];
    const char *pj = json_string_value(json_object_get(b, "player"));
    int fits = pj && strlen(pj) < sizeof name;
    if (fits)
        snprintf(name, sizeof name, "%s", pj);
    json_decref(b);
    if (!fits)
        return sv_reply_err(r, 400,
                            "the body needs \"player\": \"human\" to take the seat back, or a "
                            "computer player to hand it over (random, eager, heuristic, mcts, "
                            "commander, commander:N...), e.g. %s",
                            ex);
    if (over_caps(s->games, name, msg, sizeof msg))
        return sv_reply_err(r, 400, "%s", msg);
    gr_ai_kind k;
    gr_error err;
    if (strcmp(name, "human") && gr_ai_kind_parse(name, &k, &err) != GR_OK)
        return sv_reply_err(r, 400, "\"player\": %s; or \"human\" to take the seat back", err.msg);
    pthread_mutex_lock(&g->lock);
    int code = 200;
    if (sv_games_sync(s, g, &err) != GR_OK) {
        code = 500;
    } else if (gr_match_is_over(g->m)) {
        code = 403;
        gr_error_set(&err, GR_EILLEGAL, "game %s is over; no seat changes hands", g->id);
    } else if (gr_store_set_player(s->store, g->id, seat, name, &err) != GR_OK ||
               sv_game_set_player(g, seat, name, &err) != GR_OK) {
        code = 500;
    }
    json_t *o = NULL;
    if (code == 200) {
        sv_game_touch(g);
        if (sv_game_computer_to_move(g))
            enqueue(s->games, g);
        int cur = gr_match_current_player(g->m);
        o = json_pack("{sisssIso}", "seat", seat, "player", name, "step",
                      (json_int_t)gr_match_steps(g->m), "to_move",
                      cur >= 0 ? json_integer(cur) : json_null());
    }
    pthread_mutex_unlock(&g->lock);
    return o ? sv_reply_obj(r, 200, o) : sv_reply_err(r, code, "%s", err.msg);
}

/* ---- the event stream: the seat's view pushed ------------------------------------- */

typedef struct game_stream {
    sv_games *gs;
    sv_game *g;
    int seat, battle;
    gr_lang lang;
    uint64_t undos;
    size_t since; /* the step of the previous event */
} game_stream;

/* Each event is the seat's view (sv_game_view, in the stream's language)
 * with the log of the steps since the previous event: "step", or "undo"
 * with the whole log after an undo (the client replaces what it has); a
 * battle's, its side's view (sv_battles_view), "battle" first and after
 * another server's change, else its last change's kind, "id" its actions. */
static int game_next(void *ctx, int first, const char **kind, uint64_t *id, char **data)
{
    game_stream *x = ctx;
    sv_game *g = x->g;
    *kind = "step";
    if (first) { /* as the store has the game */
        gr_error err;
        if (sv_games_sync(x->gs->s, g, &err) != GR_OK)
            fprintf(stderr, "grognard serve: game %s: %s\n", g->id, err.msg);
        x->undos = g->undos;
    } else if (g->undos != x->undos) {
        *kind = "undo";
        x->undos = g->undos;
        x->since = 0;
    }
    if (x->battle) {
        json_t *v = sv_battles_view(g, x->seat);
        const char *k =
            first || !g->last ? NULL : json_string_value(json_object_get(g->last, "kind"));
        *kind = k ? k : "battle"; /* then "action" or "undo" (the change that woke it) */
        *id = (uint64_t)json_integer_value(json_object_get(v, "actions"));
        *data = v ? json_dumps(v, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
        json_decref(v);
    } else {
        *data = sv_game_view(g, x->seat, x->since, x->lang);
        x->since = gr_match_steps(g->m);
        *id = x->since;
    }
    return *data ? 0 : -1;
}

static const sv_stream_fns game_stream_fns = {game_next, free};

MHD_Result_t sv_games_events(gr_server *s, sv_game *g, sv_req *r, const sv_call *c)
{
    game_stream *x = calloc(1, sizeof *x);
    if (!x)
        return sv_reply_err(r, 500, "out of memory; try again");
    x->gs = s->games;
    x->g = g;
    x->seat = c->seat;
    x->battle = sv_battles_holds(g);
    x->lang = c->lang;
    sv_topic t = {&g->lock, &g->changed, &g->version, c->seat >= 0};
    return sv_hub_open(s->hub, r, t, &game_stream_fns, x);
}

/* ---- routing ------------------------------------------------------------------------ */

int sv_games_route(gr_server *s, sv_req *r, const char *p, MHD_Result_t *ret)
{
    sv_games *gs = s->games;
    if (!strcmp(p, "/scenarios")) {
        *ret = r->get ? sv_reply_obj(r, 200, sv_games_scenarios(s, 0))
                      : sv_reply_err(r, 405, "use GET /api/scenarios");
        return 1;
    }
    if (!strncmp(p, "/scenarios/", 11)) {
        const sv_scenario *scn = scenario_find(gs, p + 11, 0);
        *ret = !r->get ? sv_reply_err(r, 405, "use GET /api/scenarios/ID")
               : !scn
                   ? sv_reply_err(r, 404,
                                  "no scenario '%.64s'; GET /api/scenarios lists those there are",
                                  p + 11)
                   : sv_reply_json(r, 200, strdup(scn->detail_text));
        return 1;
    }
    if (!strcmp(p, "/games")) {
        *ret = r->post ? h_create(gs, r)
               : r->get
                   ? h_list(gs, r)
                   : sv_reply_err(r, 405, "use POST /api/games to start a game, GET to list them");
        return 1;
    }
    static const sv_route routes[] = {
        {"", 0, SV_WATCH, h_view, 0},           {"/actions", 1, SV_SEAT, h_step, 0},
        {"/undo", 1, SV_SEAT, h_step, 1},       {"/events", 0, SV_WATCH, sv_games_events, 0},
        {"/replay", 0, SV_ANYONE, h_replay, 0}, {"/sight", 0, SV_WATCH, h_ask, 4},
        {"/why", 0, SV_WATCH, h_why, 0},        {"/threat", 0, SV_SEAT, h_why, 1},
        {"/measure", 0, SV_WATCH, h_ask, 0},    {"/reach", 0, SV_WATCH, h_ask, 1},
        {"/check", 1, SV_SEAT, h_ask, 2},       {"/odds", 0, SV_WATCH, h_ask, 3},
        {"/seat", 1, SV_SEAT, h_seat, 0}};
    return sv_games_item(s, r, p, "games", 0, routes, sizeof routes / sizeof routes[0], ret);
}

int sv_games_item(gr_server *s, sv_req *r, const char *p, const char *res, int battles,
                  const sv_route *routes, size_t n, MHD_Result_t *ret)
{
    const char *noun = battles ? "battle" : "game";
    size_t rl = strlen(res);
    if (p[0] != '/' || strncmp(p + 1, res, rl) || p[rl + 1] != '/')
        return 0;
    char id[GR_STORE_ID_MAX];
    const char *rest = p + rl + 2;
    size_t idl = strcspn(rest, "/");
    int missing = 1;
    char tokens[2][GR_STORE_TOKEN_MAX] = {{0}};
    gr_error err;
    gr_error_clear(&err);
    sv_game *g = NULL;
    if (idl < sizeof id) {
        memcpy(id, rest, idl);
        id[idl] = 0;
        g = game_find(s->games, id, &missing, tokens, &err);
    }
    if (!g && !missing) {
        /* it is stored but cannot be loaded: why is told to a holder of
         * one of its seats' tokens only (without the server's paths:
         * sv_reply_err cuts them, and logs the whole message); anyone else
         * learns nothing of it but that it cannot be served now */
        const char *tok[2];
        size_t len[2];
        int nt = sv_bearer(r, tok, len), holder = 0;
        for (int k = 0; k < nt; k++)
            if (sv_token_seat((const char(*)[GR_STORE_TOKEN_MAX])tokens, tok[k], len[k]) >= 0)
                holder = 1;
        if (holder) {
            *ret = sv_reply_err(r, 500, "%s %s cannot be loaded: %s", noun, id, err.msg);
        } else {
            fprintf(stderr, "grognard serve: %s %s cannot be loaded: %s\n", noun, id, err.msg);
            *ret = sv_reply_err(r, 503,
                                "%s %s cannot be served now; send its seat's token to learn why, "
                                "or ask the server's operator (its log says why)",
                                noun, id);
        }
        return 1;
    }
    if (!g || sv_battles_holds(g) != battles) {
        *ret = sv_reply_err(r, 404, "no %s '%.40s'; POST /api/%s starts one", noun, rest, res);
        return 1;
    }
    rest += idl;
    for (size_t k = 0; k < n; k++) {
        if (strcmp(rest, routes[k].path))
            continue;
        sv_call c = {GR_SPECTATOR, GR_LANG_EN, routes[k].arg};
        if (!(routes[k].post ? r->post : r->get))
            *ret = sv_reply_err(r, 405, "use %s /api/%s/ID%s", routes[k].post ? "POST" : "GET", res,
                                routes[k].path);
        else if (routes[k].who == SV_ANYONE ||
                 viewer_of(r, g, routes[k].who == SV_WATCH, &c.seat, &c.lang, ret))
            *ret = routes[k].h(s, g, r, &c);
        return 1;
    }
    *ret = sv_reply_err(r, 404, "no such API path /api%.80s; docs/api.md lists them", p);
    return 1;
}

/* ---- open and close --------------------------------------------------------------- */

gr_status sv_games_open(gr_server *s, gr_error *err)
{
    sv_games *gs = calloc(1, sizeof *gs);
    if (!gs)
        return gr_error_set(err, GR_ERUNTIME, "out of memory starting the server");
    gs->s = s;
    s->games = gs;
    pthread_mutex_init(&gs->reg_lock, NULL);
    pthread_mutex_init(&gs->q_lock, NULL);
    pthread_cond_init(&gs->q_cond, NULL);
    gr_status st = scenarios_load(gs, err);
    if (st != GR_OK)
        return st;
    /* every unfinished game, replayed and checked, before the first request */
    gr_store_game *open = calloc(4096, sizeof *open);
    size_t nopen = 0;
    if (!open || gr_store_list(s->store, 1, open, 4096, &nopen, err) != GR_OK) {
        free(open);
        return open ? GR_ERUNTIME : gr_error_set(err, GR_ERUNTIME, "out of memory");
    }
    for (size_t i = 0; i < nopen; i++) {
        gr_error lerr;
        pthread_mutex_lock(&gs->reg_lock);
        sv_game *g = load_game(gs, open[i].id, NULL, &lerr);
        pthread_mutex_unlock(&gs->reg_lock);
        if (!g) {
            free(open);
            return gr_error_set(err, GR_ERUNTIME, "%s", lerr.msg);
        }
    }
    free(open);
    /* other servers' changes (PostgreSQL's NOTIFY; nothing for SQLite) */
    if ((st = gr_store_watch(s->store, on_store_change, gs, err)) != GR_OK)
        return st;
    /* a worker per core (two at least): a game's step is taken by one
     * worker at a time (the game's lock), and a game is queued once, at the
     * end of the queue after each step; so one slow computer player holds
     * one worker, and the other games go on with the others */
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int want = cores < 2 ? 2 : cores > SV_MAX_WORKERS ? SV_MAX_WORKERS : (int)cores;
    while (gs->nworkers < want &&
           pthread_create(&gs->workers[gs->nworkers], NULL, worker_main, gs) == 0)
        gs->nworkers++;
    if (!gs->nworkers)
        return gr_error_set(err, GR_ERUNTIME, "cannot start the worker thread");
    return GR_OK;
}

void sv_games_stop(sv_games *gs)
{
    if (!gs)
        return;
    atomic_store(&gs->stopping, 1);
    pthread_mutex_lock(&gs->q_lock);
    pthread_cond_broadcast(&gs->q_cond);
    pthread_mutex_unlock(&gs->q_lock);
    for (int i = 0; i < gs->nworkers; i++)
        pthread_join(gs->workers[i], NULL);
    gs->nworkers = 0;
}

/* After the store is closed (its listener thread reads the registry). */
void sv_games_free(sv_games *gs)
{
    if (!gs)
        return;
    sv_games_stop(gs);
    for (size_t b = 0; b < SV_BUCKETS; b++) {
        sv_game *g = gs->buckets[b];
        while (g) {
            sv_game *n = g->next;
            sv_game_free(g);
            g = n;
        }
    }
    scenarios_free(gs);
    pthread_mutex_destroy(&gs->reg_lock);
    pthread_mutex_destroy(&gs->q_lock);
    pthread_cond_destroy(&gs->q_cond);
    free(gs);
}
