/* store_pg.c - the store in a PostgreSQL database, shared by several
 * servers.
 *
 * One connection for the store's calls, guarded by the store's mutex (made
 * again if the server dropped it, between calls, never inside a
 * transaction).  A game's step count is kept in its row: an append is one
 * transaction that first moves the count on with a conditional UPDATE
 * ("WHERE nsteps = first - 1"), which takes the row's lock, so a second
 * writer of the same step, in this process or another, waits for the first
 * to commit, then finds the count moved on and writes nothing; (game, n) is
 * also the steps' primary key.  A truncation (an undo) adds one to the
 * game's generation, so a copy in memory can tell "more steps" from "other
 * steps".  Every append and truncation sends NOTIFY grognard, 'ID NSTEPS
 * GEN' in its transaction: a listener (gr_store_watch, its own connection
 * and thread) hears it once the change is committed.
 *
 * Numbers: a seed, an action and a hash are uint64_t, stored in BIGINT as
 * the same 64 bits (two's complement), read back the same way. */
#define _DEFAULT_SOURCE /* strdup in older libcs */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libpq-fe.h>

#include "store_internal.h"

#define PG_CHANNEL  "grognard"
#define PG_FORMAT   "grognard-store 1"
#define PG_LOCK_KEY "4747000001" /* the advisory lock the schema is made under */

typedef struct pg_store {
    gr_store base;
    PGconn *db;
    char *uri;   /* as given: connections are made from it */
    char *shown; /* the URI with its password hidden, for messages */
    pthread_mutex_t lock;
    /* the listener (gr_store_watch) */
    pthread_t listener;
    int listening;
    int wake[2]; /* a byte written to wake[1] stops the listener */
    gr_store_watcher fn;
    void *ctx;
    int first; /* the next statement is the first of a call (pg_ensure) */
} pg_store;

/* The URI with its password hidden: "user:***@host", "password=***". */
static char *hide_password(const char *uri)
{
    size_t cap = 2 * strlen(uri) + 8; /* each "***" takes the place of 2 bytes or more */
    char *out = malloc(cap), *o = out;
    if (!out)
        return NULL;
    const char *p = strstr(uri, "://");
    const char *at = p ? strchr(p + 3, '@') : NULL;
    const char *slash = p ? strchr(p + 3, '/') : NULL;
    const char *colon = p ? strchr(p + 3, ':') : NULL;
    const char *q = uri;
    if (at && (!slash || at < slash) && colon && colon < at) {
        o += sprintf(o, "%.*s***", (int)(colon + 1 - uri), uri);
        q = at;
    }
    /* a password given as a parameter: each one's value hidden */
    while (*q) {
        const char *pw = strstr(q, "password=");
        if (!pw) {
            o += sprintf(o, "%s", q);
            break;
        }
        o += sprintf(o, "%.*s***", (int)(pw + 9 - q), q);
        q = pw + 9 + strcspn(pw + 9, "&");
    }
    *o = 0;
    return out;
}

static const char *one_line(const char *msg, char *buf, size_t cap)
{
    size_t n = 0;
    int space = 0;
    for (const char *p = msg ? msg : ""; *p && n + 1 < cap; p++) {
        if (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') {
            space = n > 0;
            continue;
        }
        if (space && n + 2 < cap)
            buf[n++] = ' ';
        space = 0;
        buf[n++] = *p;
    }
    buf[n] = 0;
    return n ? buf : "no reason given";
}

static gr_status pg_fail(pg_store *s, gr_error *err, const char *what, const PGresult *res)
{
    const char *why = res ? PQresultErrorMessage(res) : "";
    if (!why || !*why)
        why = PQerrorMessage(s->db);
    char buf[GR_ERROR_MSG];
    return gr_error_set(err, GR_ERUNTIME,
                        "%s: %s failed (%s); check that the PostgreSQL server is running and "
                        "that the URI's user may write this database",
                        s->shown, what, one_line(why, buf, sizeof buf));
}

/* At the start of a call: make the connection again if it is known to be
 * lost.  A loss found by the call's first statement (the database was
 * restarted since the last call) is made good by pg_run/pg_cmd, once; never
 * inside a transaction. */
static void pg_ensure(pg_store *s)
{
    if (PQstatus(s->db) != CONNECTION_OK)
        PQreset(s->db);
    s->first = 1;
}

/* The first statement of a call failed with the connection lost: make it
 * again and say so (the statement is then run again). */
static int pg_retry(pg_store *s, int ok)
{
    int first = s->first;
    s->first = 0;
    if (ok || !first || PQstatus(s->db) != CONNECTION_BAD)
        return 0;
    PQreset(s->db);
    return PQstatus(s->db) == CONNECTION_OK;
}

static int result_ok(const PGresult *r)
{
    ExecStatusType t = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    return t == PGRES_COMMAND_OK || t == PGRES_TUPLES_OK;
}

/* Run `sql` with n text parameters; the result (never NULL: PQexecParams
 * answers NULL only when out of memory, then an empty error result). */
static PGresult *pg_run(pg_store *s, const char *sql, int n, const char *const *vals)
{
    PGresult *r = PQexecParams(s->db, sql, n, NULL, vals, NULL, NULL, 0);
    if (pg_retry(s, result_ok(r))) {
        PQclear(r);
        r = PQexecParams(s->db, sql, n, NULL, vals, NULL, NULL, 0);
    }
    return r ? r : PQmakeEmptyPGresult(s->db, PGRES_FATAL_ERROR);
}

/* Run a statement with no parameters and no rows: 0 on success. */
static int pg_cmd(pg_store *s, const char *sql)
{
    PGresult *r = pg_run(s, sql, 0, NULL);
    int ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    return ok ? 0 : -1;
}

static int is_unique_violation(const PGresult *r)
{
    const char *code = PQresultErrorField(r, PG_DIAG_SQLSTATE);
    return code && !strcmp(code, "23505");
}

static void num(char *buf, size_t cap, int64_t v)
{
    snprintf(buf, cap, "%" PRId64, v);
}

static int64_t get_i64(const PGresult *r, int row, int col)
{
    return strtoll(PQgetvalue(r, row, col), NULL, 10);
}

/* Row `row` of r as text, n columns (NULL: SQL's NULL). */
static void row_text(const PGresult *r, int row, const char **v, int n)
{
    for (int i = 0; i < n; i++)
        v[i] = PQgetisnull(r, row, i) ? NULL : PQgetvalue(r, row, i);
}

/* ---- the listener ---------------------------------------------------------------- */

static PGconn *listen_connect(pg_store *s)
{
    PGconn *c = PQconnectdb(s->uri);
    if (PQstatus(c) != CONNECTION_OK) {
        PQfinish(c);
        return NULL;
    }
    PGresult *r = PQexec(c, "LISTEN " PG_CHANNEL);
    int ok = r && PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    if (!ok) {
        PQfinish(c);
        return NULL;
    }
    return c;
}

static void tell(pg_store *s, const char *payload)
{
    char id[GR_STORE_ID_MAX];
    unsigned long long n = 0, gen = 0;
    if (sscanf(payload, "%31s %llu %llu", id, &n, &gen) == 3)
        s->fn(s->ctx, id, (size_t)n, (uint64_t)gen);
}

static void *listener_main(void *arg)
{
    pg_store *s = arg;
    PGconn *c = listen_connect(s);
    int lost = c == NULL;
    for (;;) {
        struct pollfd fds[2] = {{s->wake[0], POLLIN, 0}, {c ? PQsocket(c) : -1, POLLIN, 0}};
        int rc = poll(fds, c ? 2 : 1, 1000);
        if (rc < 0 && errno != EINTR)
            break;
        if (fds[0].revents)
            break; /* gr_store_close */
        if (!c) {  /* lost: try again every second */
            c = listen_connect(s);
            if (c && lost) {
                lost = 0;
                s->fn(s->ctx, NULL, 0, 0); /* changes may have been missed */
            }
            continue;
        }
        if (rc > 0 && (!PQconsumeInput(c) || PQstatus(c) != CONNECTION_OK)) {
            PQfinish(c);
            c = NULL;
            lost = 1;
            continue;
        }
        PGnotify *nt;
        while ((nt = PQnotifies(c))) {
            tell(s, nt->extra);
            PQfreemem(nt);
        }
    }
    PQfinish(c);
    return NULL;
}

static gr_status pg_watch(gr_store *base, gr_store_watcher fn, void *ctx, gr_error *err)
{
    pg_store *s = (pg_store *)base;
    if (s->listening)
        return gr_error_set(err, GR_EINPUT, "%s: the store is watched already", s->shown);
    s->fn = fn;
    s->ctx = ctx;
    if (pipe(s->wake))
        return gr_error_set(err, GR_ERUNTIME, "cannot make a pipe for the listener (%s)",
                            strerror(errno));
    if (pthread_create(&s->listener, NULL, listener_main, s)) {
        close(s->wake[0]);
        close(s->wake[1]);
        return gr_error_set(err, GR_ERUNTIME, "cannot start the store's listener thread");
    }
    s->listening = 1;
    return GR_OK;
}

/* ---- the store's calls -------------------------------------------------------------- */

static void pg_close(gr_store *base)
{
    pg_store *s = (pg_store *)base;
    if (s->listening) {
        ssize_t w = write(s->wake[1], "x", 1);
        (void)w;
        pthread_join(s->listener, NULL);
        close(s->wake[0]);
        close(s->wake[1]);
    }
    PQfinish(s->db);
    pthread_mutex_destroy(&s->lock);
    free(s->uri);
    free(s->shown);
    free(s);
}

static gr_status pg_create(gr_store *base, const gr_store_game *g, const char *text, gr_error *err)
{
    pg_store *s = (pg_store *)base;
    char seed[24];
    num(seed, sizeof seed, (int64_t)g->seed);
    const char *v[8] = {g->id,        seed,         g->players[0], g->players[1],
                        g->tokens[0], g->tokens[1], g->scenario,   text};
    pthread_mutex_lock(&s->lock);
    pg_ensure(s);
    PGresult *r = pg_run(s,
                         "INSERT INTO games(id, seed, player0, player1, token0, token1, scenario, "
                         "text) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                         8, v);
    gr_status st = GR_OK;
    if (is_unique_violation(r))
        st =
            gr_error_set(err, GR_EINPUT, "a game '%s' is already stored; choose another id", g->id);
    else if (PQresultStatus(r) != PGRES_COMMAND_OK)
        st = pg_fail(s, err, "storing a new game", r);
    PQclear(r);
    pthread_mutex_unlock(&s->lock);
    return st;
}

/* The game's step count, or -1 if there is none, -2 on error (s->lock held). */
static int64_t pg_count(pg_store *s, const char *id)
{
    const char *v[1] = {id};
    PGresult *r = pg_run(s, "SELECT nsteps FROM games WHERE id = $1", 1, v);
    int64_t n = PQresultStatus(r) != PGRES_TUPLES_OK ? -2 : PQntuples(r) ? get_i64(r, 0, 0) : -1;
    PQclear(r);
    return n;
}

/* NOTIFY the change in the transaction under way (s->lock held): 0 or -1. */
static int pg_notify(pg_store *s, const char *id, int64_t nsteps, const char *gen)
{
    char payload[GR_STORE_ID_MAX + 48];
    snprintf(payload, sizeof payload, "%s %" PRId64 " %s", id, nsteps, gen);
    const char *v[1] = {payload};
    PGresult *r = pg_run(s, "SELECT pg_notify('" PG_CHANNEL "', $1)", 1, v);
    int ok = PQresultStatus(r) == PGRES_TUPLES_OK;
    PQclear(r);
    return ok ? 0 : -1;
}

/* Take s->lock and open a transaction with `begin` (its SQL): GR_OK, or
 * the failure with the lock given back. */
static gr_status pg_begin(pg_store *s, const char *begin, gr_error *err)
{
    pthread_mutex_lock(&s->lock);
    pg_ensure(s);
    if (!pg_cmd(s, begin))
        return GR_OK;
    gr_status st = pg_fail(s, err, "starting a transaction", NULL);
    pthread_mutex_unlock(&s->lock);
    return st;
}

/* End the writing transaction of pg_begin, whose result so far is st: if
 * GR_OK, announce the game's new step count and generation and commit
 * (`what` is the change, "a step" or "an undo"), else roll back; r is
 * cleared and s->lock given back. */
static gr_status pg_end(pg_store *s, gr_status st, PGresult *r, const char *id, int64_t nsteps,
                        const char *gen, const char *what, gr_error *err)
{
    char doing[48];
    PQclear(r);
    r = NULL;
    if (st == GR_OK && pg_notify(s, id, nsteps, gen)) {
        snprintf(doing, sizeof doing, "announcing %s", what);
        st = pg_fail(s, err, doing, NULL);
    } else if (st == GR_OK) {
        r = PQexec(s->db, "COMMIT");
        snprintf(doing, sizeof doing, "committing %s", what);
        if (!r || PQresultStatus(r) != PGRES_COMMAND_OK)
            st = pg_fail(s, err, doing, r);
        PQclear(r);
    }
    if (st != GR_OK)
        pg_cmd(s, "ROLLBACK");
    pthread_mutex_unlock(&s->lock);
    return st;
}

/* In the writing transaction of pg_begin: move game u[0]'s row on with
 * `sql`, an UPDATE of the parameters u[0..4) RETURNING its generation:
 * GR_OK with the new generation in gen; GR_EINPUT when no row matched,
 * *have then the game's step count (-1: no game); else the failure
 * (`what` the change). */
static gr_status pg_move(pg_store *s, const char *sql, const char *const u[4], const char *what,
                         char gen[24], int64_t *have, gr_error *err)
{
    PGresult *r = pg_run(s, sql, 4, u);
    gr_status st = GR_OK;
    if (PQresultStatus(r) != PGRES_TUPLES_OK)
        st = pg_fail(s, err, what, r);
    else if (PQntuples(r) == 0)
        st =
            (*have = pg_count(s, u[0])) == -2 ? pg_fail(s, err, "reading a game", NULL) : GR_EINPUT;
    else
        snprintf(gen, 24, "%s", PQgetvalue(r, 0, 0));
    PQclear(r);
    return st;
}

static gr_status pg_append(gr_store *base, const char *id, size_t first, uint64_t gen_want,
                           const gr_record_step *steps, size_t n, gr_error *err)
{
    pg_store *s = (pg_store *)base;
    if (first < 1)
        return gr_error_set(err, GR_EINPUT, "steps are numbered from 1, not %zu", first);
    char before[24], after[24], genw[24];
    num(before, sizeof before, (int64_t)(first - 1));
    num(after, sizeof after, (int64_t)(first - 1 + n));
    num(genw, sizeof genw, (int64_t)gen_want);
    char gen[24] = "";
    gr_status st = pg_begin(s, "BEGIN", err);
    if (st != GR_OK)
        return st;
    /* the row's lock: a second writer of this step waits here, then finds
     * nsteps moved on and updates nothing */
    const char *u[4] = {id, before, after, genw};
    int64_t have = 0;
    st = pg_move(s,
                 "UPDATE games SET nsteps = $3 WHERE id = $1 AND nsteps = $2 AND gen = $4::bigint "
                 "RETURNING gen",
                 u, "storing a step count", gen, &have, err);
    if (st == GR_EINPUT)
        st = have == -1 ? gr_store_no_game(err, id)
                        : gr_error_set(err, GR_EINPUT,
                                       "game '%s' has %" PRId64 " steps stored (or was taken "
                                       "back since); step %zu cannot follow",
                                       id, have, first);
    PGresult *r = NULL;
    for (size_t i = 0; st == GR_OK && i < n; i++) {
        char nb[24], pb[16], ab[24], hb[24];
        num(nb, sizeof nb, (int64_t)(first + i));
        snprintf(pb, sizeof pb, "%d", steps[i].player);
        num(ab, sizeof ab, (int64_t)steps[i].action);
        num(hb, sizeof hb, (int64_t)steps[i].hash);
        char rb[3 + 2 * sizeof steps[i].rec];
        size_t tail = gr_store_rec_tail(&steps[i]);
        snprintf(rb, sizeof rb, "\\x");
        for (size_t k = 0; k < tail; k++)
            snprintf(rb + 2 + 2 * k, 3, "%02x", steps[i].rec[sizeof(gr_action) + k]);
        const char *v[8] = {id,
                            nb,
                            pb,
                            ab,
                            hb,
                            tail ? rb : NULL,
                            steps[i].given ? "1" : "0",
                            steps[i].by[0] ? steps[i].by : NULL};
        r = pg_run(s,
                   "INSERT INTO steps(game, n, player, action, hash, rec, given, played_by) "
                   "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                   8, v);
        if (PQresultStatus(r) != PGRES_COMMAND_OK) {
            st = is_unique_violation(r)
                     ? gr_error_set(err, GR_EINPUT, "game '%s' has a step %zu stored already", id,
                                    first + i)
                     : pg_fail(s, err, "storing a step", r);
            break;
        }
        PQclear(r);
        r = NULL;
    }
    return pg_end(s, st, r, id, (int64_t)(first - 1 + n), gen, "a step", err);
}

/* Keep the first nsteps steps if the game has `want` steps and generation
 * gen_want.  The generation moves on by one. */
static gr_status pg_truncate_if(gr_store *base, const char *id, size_t want, uint64_t gen_want,
                                size_t nsteps, gr_error *err)
{
    pg_store *s = (pg_store *)base;
    char keep[24], wantb[24], genw[24];
    num(keep, sizeof keep, (int64_t)nsteps);
    num(wantb, sizeof wantb, (int64_t)want);
    num(genw, sizeof genw, (int64_t)gen_want);
    char gen[24] = "";
    gr_status st = pg_begin(s, "BEGIN", err);
    if (st != GR_OK)
        return st;
    const char *u[4] = {id, keep, wantb, genw};
    int64_t have = 0;
    st = pg_move(s,
                 "UPDATE games SET nsteps = $2, gen = gen + 1 WHERE id = $1 AND nsteps >= $2 AND "
                 "nsteps = $3::bigint AND gen = $4::bigint RETURNING gen",
                 u, "taking steps back", gen, &have, err);
    if (st == GR_EINPUT)
        st = have >= 0 && ((uint64_t)have != want || (uint64_t)have >= nsteps)
                 ? gr_error_set(err, GR_EINPUT,
                                "game '%s' has %" PRId64 " steps stored, not %zu (or was taken "
                                "back since); it has moved on, nothing is taken back",
                                id, have, want)
                 : gr_error_set(err, GR_EINPUT, "game '%s' has no step %zu to keep", id, nsteps);
    PGresult *r = NULL;
    const char *d[2] = {id, keep};
    if (st == GR_OK)
        r = pg_run(s, "DELETE FROM steps WHERE game = $1 AND n > $2", 2, d);
    if (r && PQresultStatus(r) != PGRES_COMMAND_OK)
        st = pg_fail(s, err, "taking steps back", r);
    return pg_end(s, st, r, id, (int64_t)nsteps, gen, "an undo", err);
}

/* Run `sql`, an UPDATE of game id ($1) to val ($2): GR_OK, or the failure
 * (`what` the change). */
static gr_status pg_set(gr_store *base, const char *sql, const char *id, const char *val,
                        const char *what, gr_error *err)
{
    pg_store *s = (pg_store *)base;
    const char *v[2] = {id, val};
    pthread_mutex_lock(&s->lock);
    pg_ensure(s);
    PGresult *r = pg_run(s, sql, 2, v);
    gr_status st = PQresultStatus(r) == PGRES_COMMAND_OK ? GR_OK : pg_fail(s, err, what, r);
    PQclear(r);
    pthread_mutex_unlock(&s->lock);
    return st;
}

static gr_status pg_set_finished(gr_store *base, const char *id, int finished, gr_error *err)
{
    return pg_set(base, "UPDATE games SET finished = $2 WHERE id = $1", id, finished ? "1" : "0",
                  "marking a game over", err);
}

static gr_status pg_set_player(gr_store *base, const char *id, int seat, const char *player,
                               gr_error *err)
{
    return pg_set(base,
                  seat ? "UPDATE games SET player1 = $2 WHERE id = $1"
                       : "UPDATE games SET player0 = $2 WHERE id = $1",
                  id, player, "changing who plays a seat", err);
}

static gr_status pg_stamp(gr_store *base, const char *id, gr_store_head *out, gr_error *err)
{
    pg_store *s = (pg_store *)base;
    const char *v[1] = {id};
    pthread_mutex_lock(&s->lock);
    pg_ensure(s);
    PGresult *r = pg_run(s, "SELECT nsteps, gen, finished FROM games WHERE id = $1", 1, v);
    gr_status st = GR_OK;
    if (PQresultStatus(r) != PGRES_TUPLES_OK) {
        st = pg_fail(s, err, "reading a game", r);
    } else if (PQntuples(r) == 0) {
        st = gr_store_no_game(err, id);
    } else {
        out->nsteps = (size_t)get_i64(r, 0, 0);
        out->gen = (uint64_t)get_i64(r, 0, 1);
        out->finished = (int)get_i64(r, 0, 2);
    }
    PQclear(r);
    pthread_mutex_unlock(&s->lock);
    return st;
}

#define GAME_COLS GR_STORE_GAME_COLS ", gen"

static void row_game(const PGresult *r, int row, gr_store_game *g)
{
    const char *v[10];
    row_text(r, row, v, 10);
    gr_store_row_game(g, v);
}

static gr_status pg_load_from(gr_store *base, const char *id, size_t from, gr_store_game *g,
                              gr_record_step **steps, gr_error *err)
{
    pg_store *s = (pg_store *)base;
    *steps = NULL;
    char fromb[24];
    num(fromb, sizeof fromb, (int64_t)from);
    gr_record_step *v = NULL;
    /* one snapshot: the game's row and its steps agree */
    gr_status st = pg_begin(s, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", err);
    if (st != GR_OK)
        return st;
    const char *q[2] = {id, fromb};
    PGresult *r = pg_run(s, "SELECT " GAME_COLS " FROM games WHERE id = $1", 1, q);
    if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) == 0) {
        st = PQresultStatus(r) != PGRES_TUPLES_OK ? pg_fail(s, err, "reading a game", r)
                                                  : gr_store_no_game(err, id);
        goto done;
    }
    row_game(r, 0, g);
    PQclear(r);
    size_t want = g->nsteps > from ? g->nsteps - from : 0;
    v = malloc((want ? want : 1) * sizeof *v);
    if (!v) {
        r = NULL;
        st = gr_error_set(err, GR_ERUNTIME, "out of memory loading game '%s'", id);
        goto done;
    }
    r = pg_run(s, "SELECT " GR_STORE_STEP_COLS " FROM steps WHERE game = $1 AND n > $2 ORDER BY n",
               2, q);
    if (PQresultStatus(r) != PGRES_TUPLES_OK) {
        st = pg_fail(s, err, "reading a game's steps", r);
        goto done;
    }
    size_t k = 0, rows = (size_t)PQntuples(r);
    for (; k < rows && k < want; k++) {
        const char *row[7];
        row_text(r, (int)k, row, 7);
        size_t len = 0; /* the record's rest from its BYTEA's text */
        unsigned char *rec = row[4] ? PQunescapeBytea((const unsigned char *)row[4], &len) : NULL;
        int bad = (row[4] && !rec) || gr_store_row_step(&v[k], from + k + 1, row, rec, len);
        PQfreemem(rec);
        if (bad)
            break;
    }
    if (k != want || rows != want)
        st = gr_store_damaged(err, s->shown, id, g->nsteps, from);
done:
    pg_cmd(s, "COMMIT");
    PQclear(r);
    pthread_mutex_unlock(&s->lock);
    if (st == GR_OK)
        *steps = v;
    else
        free(v);
    return st;
}

static gr_status pg_list(gr_store *base, int unfinished_only, gr_store_game *out, size_t cap,
                         size_t *n, gr_error *err)
{
    pg_store *s = (pg_store *)base;
    *n = 0;
    char capb[24];
    num(capb, sizeof capb, (int64_t)cap);
    const char *v[1] = {capb};
    pthread_mutex_lock(&s->lock);
    pg_ensure(s);
    PGresult *r = pg_run(s,
                         unfinished_only ? "SELECT " GAME_COLS " FROM games WHERE finished = 0 "
                                           "ORDER BY n DESC LIMIT $1"
                                         : "SELECT " GAME_COLS " FROM games ORDER BY n DESC "
                                           "LIMIT $1",
                         1, v);
    gr_status st = GR_OK;
    if (PQresultStatus(r) != PGRES_TUPLES_OK)
        st = pg_fail(s, err, "listing games", r);
    else
        for (int i = 0; i < PQntuples(r) && *n < cap; i++)
            row_game(r, i, &out[(*n)++]);
    PQclear(r);
    pthread_mutex_unlock(&s->lock);
    return st;
}

static gr_status pg_scenario_text(gr_store *base, const char *id, char **text, size_t *len,
                                  gr_error *err)
{
    pg_store *s = (pg_store *)base;
    const char *v[1] = {id};
    pthread_mutex_lock(&s->lock);
    pg_ensure(s);
    PGresult *r = pg_run(s, "SELECT text FROM games WHERE id = $1", 1, v);
    gr_status st = GR_OK;
    if (PQresultStatus(r) != PGRES_TUPLES_OK) {
        st = pg_fail(s, err, "reading a game's scenario text", r);
    } else if (PQntuples(r) == 0) {
        st = gr_store_no_game(err, id);
    } else if (!PQgetisnull(r, 0, 0)) {
        st = gr_store_copy_text(id, PQgetvalue(r, 0, 0), (size_t)PQgetlength(r, 0, 0), text, len,
                                err);
    }
    PQclear(r);
    pthread_mutex_unlock(&s->lock);
    return st;
}

static const gr_store_ops pg_ops = {
    .scenario_text = pg_scenario_text,
    .close = pg_close,
    .create = pg_create,
    .append = pg_append,
    .set_finished = pg_set_finished,
    .set_player = pg_set_player,
    .list = pg_list,
    .truncate_if = pg_truncate_if,
    .stamp = pg_stamp,
    .load_from = pg_load_from,
    .watch = pg_watch,
    .shared = 1,
};

/* The tables, made under an advisory lock: two servers starting at once on
 * a new database do not both create them. */
static const char schema[] =
    "BEGIN;"
    "SELECT pg_advisory_xact_lock(" PG_LOCK_KEY ");"
    "CREATE TABLE IF NOT EXISTS grognard(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "INSERT INTO grognard(key, value) VALUES ('format', '" PG_FORMAT "') "
    "  ON CONFLICT (key) DO NOTHING;"
    "CREATE TABLE IF NOT EXISTS games("
    "  n BIGSERIAL NOT NULL UNIQUE,"
    "  id TEXT PRIMARY KEY,"
    "  scenario TEXT NOT NULL,"
    "  seed BIGINT NOT NULL,"
    "  player0 TEXT NOT NULL, player1 TEXT NOT NULL,"
    "  token0 TEXT NOT NULL, token1 TEXT NOT NULL,"
    "  finished INTEGER NOT NULL DEFAULT 0,"
    "  nsteps BIGINT NOT NULL DEFAULT 0,"
    "  gen BIGINT NOT NULL DEFAULT 0);"
    "CREATE TABLE IF NOT EXISTS steps("
    "  game TEXT NOT NULL REFERENCES games(id),"
    "  n BIGINT NOT NULL,"
    "  player INTEGER NOT NULL, action BIGINT NOT NULL, hash BIGINT NOT NULL,"
    "  PRIMARY KEY (game, n));"
    /* since issue 26: a step's record after its first 8 bytes, and whether
     * a chance step was given (typed at the table) or drawn */
    "ALTER TABLE steps ADD COLUMN IF NOT EXISTS rec BYTEA;"
    "ALTER TABLE steps ADD COLUMN IF NOT EXISTS given INTEGER NOT NULL DEFAULT 0;"
    /* a game's scenario text, when it is no file of the server's (a
     * companion battle's order of battle given as text) */
    "ALTER TABLE games ADD COLUMN IF NOT EXISTS text TEXT;"
    /* issue 31: who took a player's step ("human", "commander:400"; NULL: not said) */
    "ALTER TABLE steps ADD COLUMN IF NOT EXISTS played_by TEXT;"
    "COMMIT;";

static void quiet(void *arg, const char *msg)
{
    (void)arg;
    (void)msg;
}

gr_status gr_store_open_pg(const char *uri, gr_store **out, gr_error *err)
{
    *out = NULL;
    pg_store *s = calloc(1, sizeof *s);
    if (!s || !(s->uri = strdup(uri)) || !(s->shown = hide_password(uri))) {
        if (s)
            free(s->uri);
        free(s);
        return gr_error_set(err, GR_ERUNTIME, "out of memory opening a PostgreSQL store");
    }
    s->base.ops = &pg_ops;
    pthread_mutex_init(&s->lock, NULL);
    s->db = PQconnectdb(uri);
    char buf[GR_ERROR_MSG];
    if (PQstatus(s->db) != CONNECTION_OK) {
        gr_error_set(err, GR_ERUNTIME,
                     "%s: cannot connect to PostgreSQL (%s); check the server is running and "
                     "the URI (postgresql://USER@HOST:PORT/DATABASE) names it",
                     s->shown,
                     s->db ? one_line(PQerrorMessage(s->db), buf, sizeof buf) : "out of memory");
        pg_close(&s->base);
        return GR_ERUNTIME;
    }
    /* the database's notices (CREATE TABLE IF NOT EXISTS ... skipping) are
     * not for the server's log; errors come back with their calls */
    PQsetNoticeProcessor(s->db, quiet, NULL);
    PGresult *r = PQexec(s->db, schema);
    int ok = r && PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok) {
        gr_error_set(
            err, GR_ERUNTIME,
            "%s: the tables cannot be set up (%s); give a database the user may "
            "create tables in, or one grognard made",
            s->shown,
            one_line(r ? PQresultErrorMessage(r) : PQerrorMessage(s->db), buf, sizeof buf));
        PQclear(r);
        pg_cmd(s, "ROLLBACK");
        pg_close(&s->base);
        return GR_ERUNTIME;
    }
    PQclear(r);
    r = PQexec(s->db, "SELECT value FROM grognard WHERE key = 'format'");
    ok = r && PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1 &&
         !strcmp(PQgetvalue(r, 0, 0), PG_FORMAT);
    if (!ok) {
        gr_error_set(err, GR_ERUNTIME,
                     "%s: not a grognard database of format '" PG_FORMAT
                     "' (its table grognard says otherwise); give a new database or one "
                     "grognard made",
                     s->shown);
        PQclear(r);
        pg_close(&s->base);
        return GR_ERUNTIME;
    }
    PQclear(r);
    *out = &s->base;
    return GR_OK;
}
