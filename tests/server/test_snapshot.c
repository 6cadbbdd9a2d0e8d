/* test_snapshot.c - a view is answered from the game's last committed
 * snapshot while something else holds the game's lock (the worker's search,
 * an action's commit), over the server's own functions
 * (src/server/sv_game.c): the order of events is asserted, never a time.
 *
 * A "search" thread takes the game's lock as the worker does (publishing
 * the views first) and keeps it until the test releases it; meanwhile a
 * reader asks for each seat's view.  The reader must answer while the lock
 * is still held (it answers, then the test releases the lock: if it waited
 * for the lock it would never answer, and the test fails when the join
 * gives up, after a minute), with the view of the committed state, each
 * seat its own.  After a step, the old snapshot is not served again.
 *
 *   test_snapshot SOURCE_ROOT */
#define _GNU_SOURCE /* pthread_timedjoin_np */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard/re_io.h"
#include "../../src/server/server_internal.h"

static int failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
        }                                                                                          \
    } while (0)

static const char players[2][GR_STORE_NAME_MAX] = {"human", "human"};
static const char tokens[2][GR_STORE_TOKEN_MAX] = {"00000000000000000000000000000000",
                                                   "11111111111111111111111111111111"};

/* the holder: the game's lock taken (views published first, as the
 * worker does before a search), kept until `release` */
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int holding, release;

static void *holder(void *arg)
{
    sv_game *g = arg;
    pthread_mutex_lock(&g->lock);
    sv_game_publish(g);
    pthread_mutex_lock(&m);
    holding = 1;
    pthread_cond_broadcast(&c);
    while (!release)
        pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

/* the reader: each slot's snapshot, as GET /api/games/ID asks for it */
static char *seen[SV_SEATS];
static void *reader(void *arg)
{
    sv_game *g = arg;
    for (int slot = 0; slot < SV_SEATS; slot++)
        seen[slot] = sv_game_snap(g, slot, NULL);
    return NULL;
}

/* the reader of part 2: every slot (each seat in English and in French),
 * its log since step `since_step`, as GET /api/games/ID?lang=L&since=N */
static char *seen2[SV_SNAPS];
static size_t since_step;
static void *reader2(void *arg)
{
    sv_game *g = arg;
    for (int slot = 0; slot < SV_SNAPS; slot++)
        seen2[slot] = sv_game_snap_since(g, slot, NULL, since_step);
    return NULL;
}

/* The view text `whole` with its log cut to the steps after `since`, as
 * JSON (worked out here from the whole view's JSON: each element of "log"
 * has its "step"); NULL if whole is not a view. */
static json_t *since_of(const char *whole, size_t since)
{
    json_t *v = whole ? json_loads(whole, 0, NULL) : NULL;
    json_t *log = json_array();
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(v, "log"), i, e)
    {
        if ((size_t)json_integer_value(json_object_get(e, "step")) > since)
            json_array_append(log, e);
    }
    if (!v || json_object_set_new(v, "log", log)) {
        json_decref(v);
        return NULL;
    }
    return v;
}

/* hold g's lock in a thread (views published first) and run `read` in
 * another meanwhile: 1 if it answered while the lock was still held */
static int read_while_held(sv_game *g, void *(*read)(void *))
{
    holding = release = 0;
    pthread_t th, tr;
    pthread_create(&th, NULL, holder, g);
    pthread_mutex_lock(&m);
    while (!holding)
        pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    CHECK(pthread_mutex_trylock(&g->lock) != 0, "the holder does not hold the game's lock");
    pthread_create(&tr, NULL, read, g);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 60; /* not a timing: a reader waiting for the lock never ends */
    int joined = pthread_timedjoin_np(tr, NULL, &until) == 0;
    CHECK(joined, "the view waited behind the lock held by the search");
    CHECK(pthread_mutex_trylock(&g->lock) != 0, "the lock was released before the view answered");
    pthread_mutex_lock(&m);
    release = 1;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
    pthread_join(th, NULL);
    if (!joined)
        pthread_join(tr, NULL);
    return joined;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_snapshot SOURCE_ROOT\n");
        return 2;
    }
    static re_scenario rs;
    sv_scenario scn;
    memset(&scn, 0, sizeof scn);
    char path[4096];
    snprintf(path, sizeof path, "%s/data/scenarios/teaching.json", argv[1]);
    gr_error err;
    if (re_scenario_load(path, &rs, &err) != GR_OK) {
        fprintf(stderr, "FAIL: %s\n", err.msg);
        return 1;
    }
    snprintf(scn.id, sizeof scn.id, "teaching");
    scn.path = path;
    scn.sc = &rs;
    scn.game.type = gr_game_type_find("re");
    scn.game.sc = &rs;
    sv_game *g;
    if (sv_game_new(&scn, "0123456789abcdef", 7, players, tokens, &g, &err) != GR_OK) {
        fprintf(stderr, "FAIL: %s\n", err.msg);
        return 1;
    }

    /* nothing built yet: no snapshot to serve */
    for (int slot = 0; slot < SV_SEATS; slot++)
        CHECK(!sv_game_snap(g, slot, NULL), "slot %d has a snapshot before any view", slot);

    /* the views as built under the lock, the reference */
    char *want[SV_SEATS];
    pthread_mutex_lock(&g->lock);
    for (int slot = 0; slot < SV_SEATS; slot++)
        want[slot] = sv_game_view(g, slot < 2 ? slot : GR_SPECTATOR, 0, GR_LANG_EN);
    pthread_mutex_unlock(&g->lock);
    /* each slot is its own seat's view ("seat" is the third key) */
    CHECK(want[0] && strstr(want[0], "\"seat\":0,"), "slot 0: %s", want[0]);
    CHECK(want[1] && strstr(want[1], "\"seat\":1,"), "slot 1: %s", want[1]);
    CHECK(want[2] && strstr(want[2], "\"seat\":null,"), "slot 2: %s", want[2]);
    /* built once then dropped by a change: the holder's publish builds
     * them again, so the reader can only see what the holder published */
    pthread_mutex_lock(&g->lock);
    sv_game_touch(g);
    pthread_mutex_unlock(&g->lock);
    for (int slot = 0; slot < SV_SEATS; slot++)
        CHECK(!sv_game_snap(g, slot, NULL), "slot %d: a stale snapshot served after a change",
              slot);

    /* the holder takes the lock and keeps it; the reader answers while it
     * is held; only then is the lock released */
    if (!read_while_held(g, reader))
        return 1;
    for (int slot = 0; slot < SV_SEATS; slot++) {
        CHECK(seen[slot] && want[slot] && !strcmp(seen[slot], want[slot]),
              "slot %d: the snapshot is not the committed view:\n  %s\n  %s", slot,
              seen[slot] ? seen[slot] : "(null)", want[slot] ? want[slot] : "(null)");
        free(seen[slot]);
    }

    /* a shared store's head: served only when it is the snapshot's steps */
    gr_store_head h;
    memset(&h, 0, sizeof h);
    h.nsteps = gr_match_steps(g->m);
    h.gen = g->gen;
    char *t = sv_game_snap(g, 0, &h);
    CHECK(t && !strcmp(t, want[0]), "slot 0 not served at the store's head");
    free(t);
    h.nsteps++; /* another server stored a step */
    t = sv_game_snap(g, 0, &h);
    CHECK(!t, "slot 0 served though the store holds a step more");
    free(t);

    /* a step: the snapshots of the step before are not served again */
    pthread_mutex_lock(&g->lock);
    int cur = gr_match_current_player(g->m);
    const gr_action *acts;
    int n = gr_match_legal(g->m, &acts);
    char text[256];
    gr_game_describe(&g->scn->game, gr_match_state(g->m), acts[0], text, sizeof text);
    size_t first;
    CHECK(n > 0 && sv_game_act(g, cur, text, gr_match_steps(g->m), NULL, 0, &first, &err) == 200,
          "act '%s': %s", text, err.msg);
    sv_game_touch(g); /* as the commit does once the store holds the step */
    pthread_mutex_unlock(&g->lock);
    for (int slot = 0; slot < SV_SEATS; slot++) {
        t = sv_game_snap(g, slot, NULL);
        CHECK(!t, "slot %d: the view of the step before served after a step", slot);
        free(t);
    }
    pthread_mutex_lock(&g->lock);
    char *now = sv_game_view(g, 0, 0, GR_LANG_EN);
    pthread_mutex_unlock(&g->lock);
    t = sv_game_snap(g, 0, NULL);
    CHECK(t && now && !strcmp(t, now) && strcmp(now, want[0]),
          "slot 0 after the step is not the new view");
    free(t);
    free(now);

    /* 2. a view in French, and a view of the steps after N (the page's
     * ?lang=fr&since=N), are answered from the snapshot too, while the lock
     * is held: a few more steps, then each seat's view built once in each
     * language (the French ones are kept as the English ones are) */
    pthread_mutex_lock(&g->lock);
    for (int k = 0; k < 8 && !gr_match_is_over(g->m); k++) {
        if (k == 4) /* the client holds the views of the first steps */
            since_step = gr_match_steps(g->m);
        cur = gr_match_current_player(g->m);
        n = gr_match_legal(g->m, &acts);
        gr_game_describe(&g->scn->game, gr_match_state(g->m), acts[0], text, sizeof text);
        CHECK(n > 0 &&
                  sv_game_act(g, cur, text, gr_match_steps(g->m), NULL, 0, &first, &err) == 200,
              "act '%s': %s", text, err.msg);
    }
    sv_game_touch(g);
    char *whole[SV_SNAPS];
    for (int slot = 0; slot < SV_SNAPS; slot++)
        whole[slot] = sv_game_view(g, slot % SV_SEATS < 2 ? slot % SV_SEATS : GR_SPECTATOR, 0,
                                   slot < SV_SEATS ? GR_LANG_EN : GR_LANG_FR);
    pthread_mutex_unlock(&g->lock);
    CHECK(whole[0] && whole[SV_SEATS] && strcmp(whole[0], whole[SV_SEATS]),
          "the French view is the English one");
    if (!read_while_held(g, reader2))
        return 1;
    for (int slot = 0; slot < SV_SNAPS; slot++) {
        json_t *got = seen2[slot] ? json_loads(seen2[slot], 0, NULL) : NULL;
        json_t *ref = since_of(whole[slot], since_step);
        json_t *all = whole[slot] ? json_loads(whole[slot], 0, NULL) : NULL;
        size_t nsince = json_array_size(json_object_get(ref, "log"));
        CHECK(got && ref && json_equal(got, ref),
              "slot %d: the view since step %zu is not the whole view's log after it:\n  %s", slot,
              since_step, seen2[slot] ? seen2[slot] : "(null)");
        CHECK(nsince > 0 && nsince < json_array_size(json_object_get(all, "log")),
              "slot %d: the log since step %zu has %zu of the whole log's %zu lines", slot,
              since_step, nsince, json_array_size(json_object_get(all, "log")));
        json_decref(got);
        json_decref(ref);
        json_decref(all);
        free(seen2[slot]);
    }
    /* and under the lock, the view since a step is the same text */
    pthread_mutex_lock(&g->lock);
    char *fr = sv_game_view(g, 1, since_step, GR_LANG_FR);
    pthread_mutex_unlock(&g->lock);
    t = sv_game_snap_since(g, SV_SEATS + 1, NULL, since_step);
    CHECK(fr && t && !strcmp(fr, t), "seat 1's French view since step %zu differs", since_step);
    free(fr);
    free(t);
    for (int slot = 0; slot < SV_SNAPS; slot++)
        free(whole[slot]);

    for (int slot = 0; slot < SV_SEATS; slot++)
        free(want[slot]);
    sv_game_free(g);
    if (failures)
        return 1;
    printf("ok: views answered from the committed snapshot while the game's lock was held\n");
    return 0;
}
