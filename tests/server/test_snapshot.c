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

    /* 1. the holder takes the lock and keeps it */
    pthread_t th, tr;
    pthread_create(&th, NULL, holder, g);
    pthread_mutex_lock(&m);
    while (!holding)
        pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    CHECK(pthread_mutex_trylock(&g->lock) != 0, "the holder does not hold the game's lock");
    /* 2. the reader answers while the lock is held */
    pthread_create(&tr, NULL, reader, g);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 60; /* not a timing: a reader waiting for the lock never ends */
    int joined = pthread_timedjoin_np(tr, NULL, &until) == 0;
    CHECK(joined, "the view waited behind the lock held by the search");
    CHECK(pthread_mutex_trylock(&g->lock) != 0, "the lock was released before the view answered");
    /* 3. only then is the lock released */
    pthread_mutex_lock(&m);
    release = 1;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
    pthread_join(th, NULL);
    if (!joined) {
        pthread_join(tr, NULL);
        return 1;
    }
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

    for (int slot = 0; slot < SV_SEATS; slot++)
        free(want[slot]);
    sv_game_free(g);
    if (failures)
        return 1;
    printf("ok: views answered from the committed snapshot while the game's lock was held\n");
    return 0;
}
