/* store_sqlite.c - the store in one SQLite file.
 *
 * WAL mode with synchronous=FULL: a transaction is on disk (the WAL synced)
 * before COMMIT returns, so a step acknowledged to a client survives a
 * SIGKILL or a power cut.  One connection, guarded by the store's mutex;
 * statements are prepared once.  A game's step count is kept in its row and
 * checked in the append's transaction: a step is never written twice.
 *
 * Appends are committed in groups: an append that finds others waiting
 * for the connection leaves its transaction open for them (its own rows in
 * a savepoint, so that one append refused never undoes another's) and
 * waits; the last of the group commits once (one sync of the WAL for all)
 * and every append of the group returns only then, with the commit's
 * outcome.  Every other use of the connection commits an open group first
 * (sq_lock), so nothing else ever runs inside it. */
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "store_internal.h"

enum {
    Q_CREATE,
    Q_TEXT,
    Q_COUNT,
    Q_STEP,
    Q_SETN,
    Q_TRUNC,
    Q_FINISH,
    Q_PLAYER0,
    Q_PLAYER1,
    Q_GAME,
    Q_STEPS,
    Q_LIST,
    Q_LIST_OPEN,
    Q_BEGIN,
    Q_COMMIT,
    Q_ROLLBACK,
    Q_N
};

static const char *const queries[Q_N] = {
    [Q_CREATE] = "INSERT INTO games(id, scenario, seed, player0, player1, token0, token1, text) "
                 "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    [Q_TEXT] = "SELECT text FROM games WHERE id = ?1",
    [Q_COUNT] = "SELECT nsteps FROM games WHERE id = ?1",
    [Q_STEP] = "INSERT INTO steps(game, n, player, action, hash, rec, given, played_by) "
               "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    [Q_SETN] = "UPDATE games SET nsteps = ?2 WHERE id = ?1",
    [Q_TRUNC] = "DELETE FROM steps WHERE game = ?1 AND n > ?2",
    [Q_FINISH] = "UPDATE games SET finished = ?2 WHERE id = ?1",
    [Q_PLAYER0] = "UPDATE games SET player0 = ?2 WHERE id = ?1",
    [Q_PLAYER1] = "UPDATE games SET player1 = ?2 WHERE id = ?1",
    [Q_GAME] = "SELECT " GR_STORE_GAME_COLS " FROM games WHERE id = ?1",
    [Q_STEPS] = "SELECT " GR_STORE_STEP_COLS " FROM steps WHERE game = ?1 AND n > ?2 ORDER BY n",
    [Q_LIST] = "SELECT " GR_STORE_GAME_COLS " FROM games ORDER BY n DESC LIMIT ?1",
    [Q_LIST_OPEN] =
        "SELECT " GR_STORE_GAME_COLS " FROM games WHERE finished = 0 ORDER BY n DESC LIMIT ?1",
    [Q_BEGIN] = "BEGIN IMMEDIATE",
    [Q_COMMIT] = "COMMIT",
    [Q_ROLLBACK] = "ROLLBACK",
};

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS grognard(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "INSERT OR IGNORE INTO grognard(key, value) VALUES ('format', 'grognard-store 1');"
    "CREATE TABLE IF NOT EXISTS games("
    "  n INTEGER PRIMARY KEY AUTOINCREMENT,"
    "  id TEXT NOT NULL UNIQUE,"
    "  scenario TEXT NOT NULL,"
    "  seed INTEGER NOT NULL,"
    "  player0 TEXT NOT NULL, player1 TEXT NOT NULL,"
    "  token0 TEXT NOT NULL, token1 TEXT NOT NULL,"
    "  finished INTEGER NOT NULL DEFAULT 0,"
    "  nsteps INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE IF NOT EXISTS steps("
    "  game TEXT NOT NULL, n INTEGER NOT NULL,"
    "  player INTEGER NOT NULL, action INTEGER NOT NULL, hash INTEGER NOT NULL,"
    "  PRIMARY KEY(game, n)) WITHOUT ROWID;";

/* Columns added since the first schema, added to a database made before
 * them (its steps keep NULL and 0: 8-byte actions, drawn dice; its games
 * NULL: no scenario text). */
static const char *const added[][3] = {
    {"steps", "rec", "ALTER TABLE steps ADD COLUMN rec BLOB"},
    {"steps", "given", "ALTER TABLE steps ADD COLUMN given INTEGER NOT NULL DEFAULT 0"},
    {"games", "text", "ALTER TABLE games ADD COLUMN text TEXT"},
    /* issue 31: who took a player's step ("human", "commander:400"; NULL: not said) */
    {"steps", "played_by", "ALTER TABLE steps ADD COLUMN played_by TEXT"},
};

/* Add the columns of `added` that their tables lack: SQLITE_OK or
 * sqlite's code. */
static int sq_grow(sqlite3 *db)
{
    for (size_t i = 0; i < sizeof added / sizeof added[0]; i++) {
        sqlite3_stmt *st = NULL;
        int rc = sqlite3_prepare_v2(db, "SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2", -1,
                                    &st, NULL);
        if (rc != SQLITE_OK)
            return rc;
        sqlite3_bind_text(st, 1, added[i][0], -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, added[i][1], -1, SQLITE_STATIC);
        rc = sqlite3_step(st);
        sqlite3_finalize(st);
        if (rc == SQLITE_DONE)
            rc = sqlite3_exec(db, added[i][2], NULL, NULL, NULL);
        else if (rc == SQLITE_ROW)
            rc = SQLITE_OK;
        if (rc != SQLITE_OK)
            return rc;
    }
    return SQLITE_OK;
}

typedef struct sq_store {
    gr_store base;
    sqlite3 *db;
    char *path;
    pthread_mutex_t lock;
    sqlite3_stmt *q[Q_N];
    /* the group of appends (under lock): in_group, a transaction is open
     * with `pending` appends in it, group number `group`; `done` the last
     * group committed (or rolled back); failed[] the numbers of the last
     * groups whose commit failed (a waiter may wake after later groups) */
    atomic_int want; /* appends waiting for the connection */
    int in_group;
    size_t pending;
    uint64_t group, done;
    uint64_t failed[16];
    unsigned nfailed;
    pthread_cond_t committed;
} sq_store;

#define SQ_GROUP_MAX 64 /* appends in one transaction at most */

static gr_status sq_fail(sq_store *s, gr_error *err, const char *what)
{
    return gr_error_set(err, GR_ERUNTIME,
                        "%s: %s failed (%s); check the disk and the file's permissions", s->path,
                        what, sqlite3_errmsg(s->db));
}

static sqlite3_stmt *sq_q(sq_store *s, int k)
{
    sqlite3_stmt *st = s->q[k];
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return st;
}

/* The statement k with a game id as its first parameter. */
static sqlite3_stmt *sq_q_id(sq_store *s, int k, const char *id)
{
    sqlite3_stmt *st = sq_q(s, k);
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    return st;
}

/* Run the statement q of two parameters (a game id, a number) to its end:
 * SQLITE_DONE on success, sqlite's code otherwise. */
static int sq_run_id_int(sq_store *s, int q, const char *id, int64_t v)
{
    sqlite3_stmt *st = sq_q_id(s, q, id);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)v);
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    return rc;
}

static int sq_exec(sq_store *s, int k)
{
    sqlite3_stmt *st = sq_q(s, k);
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* Commit the open group of appends, with s->lock held: its appends woken
 * with the outcome. */
static void sq_group_commit(sq_store *s)
{
    if (!s->in_group)
        return;
    int rc = sq_exec(s, Q_COMMIT);
    if (rc)
        sq_exec(s, Q_ROLLBACK);
    s->in_group = 0;
    s->pending = 0;
    s->done = s->group;
    if (rc)
        s->failed[s->nfailed++ % 16] = s->group;
    pthread_cond_broadcast(&s->committed);
}

/* Take s->lock for anything but an append: an open group committed first. */
static void sq_lock(sq_store *s)
{
    pthread_mutex_lock(&s->lock);
    sq_group_commit(s);
}

/* Take s->lock and begin a transaction: GR_OK, or the failure with the
 * lock given back. */
static gr_status sq_begin(sq_store *s, gr_error *err)
{
    sq_lock(s);
    if (!sq_exec(s, Q_BEGIN))
        return GR_OK;
    gr_status r = sq_fail(s, err, "starting a transaction");
    pthread_mutex_unlock(&s->lock);
    return r;
}

static void sq_close(gr_store *base)
{
    sq_store *s = (sq_store *)base;
    for (int k = 0; k < Q_N; k++)
        sqlite3_finalize(s->q[k]);
    sqlite3_close(s->db);
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->committed);
    free(s->path);
    free(s);
}

/* The row of Q_GAME or Q_LIST as text: the game (gen 0). */
static void row_game(sqlite3_stmt *st, gr_store_game *g)
{
    const char *v[10] = {NULL};
    for (int i = 0; i < 9; i++)
        v[i] = (const char *)sqlite3_column_text(st, i);
    gr_store_row_game(g, v);
}

static gr_status sq_create(gr_store *base, const gr_store_game *g, const char *text, gr_error *err)
{
    sq_store *s = (sq_store *)base;
    sq_lock(s);
    sqlite3_stmt *st = sq_q_id(s, Q_CREATE, g->id);
    sqlite3_bind_text(st, 2, g->scenario, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, (sqlite3_int64)g->seed);
    sqlite3_bind_text(st, 4, g->players[0], -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, g->players[1], -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 6, g->tokens[0], -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 7, g->tokens[1], -1, SQLITE_STATIC);
    if (text)
        sqlite3_bind_text(st, 8, text, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    gr_status r = GR_OK;
    if (rc == SQLITE_CONSTRAINT)
        r = gr_error_set(err, GR_EINPUT, "a game '%s' is already stored; choose another id", g->id);
    else if (rc != SQLITE_DONE)
        r = sq_fail(s, err, "storing a new game");
    pthread_mutex_unlock(&s->lock);
    return r;
}

/* The game's step count, or -1 if there is no such game (-2 on error). */
static int64_t sq_count(sq_store *s, const char *id)
{
    sqlite3_stmt *st = sq_q_id(s, Q_COUNT, id);
    int rc = sqlite3_step(st);
    int64_t n = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : rc == SQLITE_DONE ? -1 : -2;
    sqlite3_reset(st);
    return n;
}

/* gen: SQLite counts no generation (one server per file), so only 0 can
 * match. */
static gr_status sq_append(gr_store *base, const char *id, size_t first, uint64_t gen,
                           const gr_record_step *steps, size_t n, gr_error *err)
{
    if (gen != 0)
        return gr_error_set(err, GR_EINPUT, "game '%s' has generation 0, not %" PRIu64, id, gen);
    sq_store *s = (sq_store *)base;
    gr_status r = GR_OK;
    atomic_fetch_add(&s->want, 1);
    pthread_mutex_lock(&s->lock);
    atomic_fetch_sub(&s->want, 1);
    if (!s->in_group) {
        if (sq_exec(s, Q_BEGIN)) {
            r = sq_fail(s, err, "starting a transaction");
            pthread_mutex_unlock(&s->lock);
            return r;
        }
        s->in_group = 1;
        s->group++;
    }
    if (sqlite3_exec(s->db, "SAVEPOINT append", NULL, NULL, NULL) != SQLITE_OK) {
        r = sq_fail(s, err, "starting a transaction");
        goto out;
    }
    int64_t have = sq_count(s, id);
    if (have < 0) {
        r = have == -1 ? gr_store_no_game(err, id) : sq_fail(s, err, "reading a game");
        goto rollback;
    }
    if ((uint64_t)have + 1 != first) {
        r = gr_error_set(err, GR_EINPUT,
                         "game '%s' has %" PRId64 " steps stored; step %zu cannot follow", id, have,
                         first);
        goto rollback;
    }
    for (size_t i = 0; i < n; i++) {
        sqlite3_stmt *st = sq_q_id(s, Q_STEP, id);
        sqlite3_bind_int64(st, 2, (sqlite3_int64)(first + i));
        sqlite3_bind_int(st, 3, steps[i].player);
        sqlite3_bind_int64(st, 4, (sqlite3_int64)steps[i].action);
        sqlite3_bind_int64(st, 5, (sqlite3_int64)steps[i].hash);
        size_t tail = gr_store_rec_tail(&steps[i]);
        if (tail)
            sqlite3_bind_blob(st, 6, steps[i].rec + sizeof(gr_action), (int)tail, SQLITE_STATIC);
        else
            sqlite3_bind_null(st, 6);
        sqlite3_bind_int(st, 7, steps[i].given ? 1 : 0);
        if (steps[i].by[0])
            sqlite3_bind_text(st, 8, steps[i].by, -1, SQLITE_STATIC);
        else
            sqlite3_bind_null(st, 8);
        int rc = sqlite3_step(st);
        sqlite3_reset(st);
        if (rc != SQLITE_DONE) {
            r = sq_fail(s, err, "storing a step");
            goto rollback;
        }
    }
    if (sq_run_id_int(s, Q_SETN, id, (int64_t)(first - 1 + n)) != SQLITE_DONE) {
        r = sq_fail(s, err, "storing a step count");
        goto rollback;
    }
    sqlite3_exec(s->db, "RELEASE append", NULL, NULL, NULL);
    /* in the group: committed by the last append of it (this one if no
     * other is waiting for the connection), answered only once on disk */
    uint64_t mine = s->group;
    s->pending++;
    if (atomic_load(&s->want) > 0 && s->pending < SQ_GROUP_MAX) {
        while (s->done < mine)
            pthread_cond_wait(&s->committed, &s->lock);
    } else {
        sq_group_commit(s);
    }
    int failed = 0;
    for (unsigned i = 0; i < 16; i++)
        failed |= s->failed[i] == mine;
    if (failed)
        r = gr_error_set(err, GR_ERUNTIME,
                         "%s: committing a step failed; check the disk and the file's "
                         "permissions",
                         s->path);
    pthread_mutex_unlock(&s->lock);
    return r;
rollback:
    sqlite3_exec(s->db, "ROLLBACK TO append", NULL, NULL, NULL);
    sqlite3_exec(s->db, "RELEASE append", NULL, NULL, NULL);
out:
    /* the group's other appends, if no one else will commit them */
    if (s->pending && atomic_load(&s->want) == 0)
        sq_group_commit(s);
    else if (!s->pending) { /* nothing of anyone's in it */
        sq_exec(s, Q_ROLLBACK);
        s->in_group = 0;
    }
    pthread_mutex_unlock(&s->lock);
    return r;
}

/* Keep the first nsteps steps if the game has `want` steps (SQLite's
 * generation is always 0). */
static gr_status sq_truncate_if(gr_store *base, const char *id, size_t want, uint64_t gen,
                                size_t nsteps, gr_error *err)
{
    if (gen != 0)
        return gr_error_set(err, GR_EINPUT, "game '%s' has generation 0, not %" PRIu64, id, gen);
    sq_store *s = (sq_store *)base;
    gr_status r = sq_begin(s, err);
    if (r != GR_OK)
        return r;
    int64_t have = sq_count(s, id);
    if (have < 0 || (uint64_t)have < nsteps || (uint64_t)have != want) {
        r = have == -2 ? sq_fail(s, err, "reading a game")
            : have >= 0 && (uint64_t)have != want
                ? gr_error_set(err, GR_EINPUT,
                               "game '%s' has %" PRId64 " steps stored, not %zu; it has moved "
                               "on, nothing is taken back",
                               id, have, want)
                : gr_error_set(err, GR_EINPUT, "game '%s' has no step %zu to keep", id, nsteps);
        sq_exec(s, Q_ROLLBACK);
        pthread_mutex_unlock(&s->lock);
        return r;
    }
    int rc = sq_run_id_int(s, Q_TRUNC, id, (int64_t)nsteps);
    int rc2 = sq_run_id_int(s, Q_SETN, id, (int64_t)nsteps);
    if (rc != SQLITE_DONE || rc2 != SQLITE_DONE || sq_exec(s, Q_COMMIT)) {
        r = sq_fail(s, err, "taking steps back");
        sq_exec(s, Q_ROLLBACK);
    }
    pthread_mutex_unlock(&s->lock);
    return r;
}

/* SQLite has one server per file: no generation is counted (gen 0). */
static gr_status sq_stamp(gr_store *base, const char *id, gr_store_head *out, gr_error *err)
{
    sq_store *s = (sq_store *)base;
    sq_lock(s);
    sqlite3_stmt *st = sq_q_id(s, Q_GAME, id);
    int rc = sqlite3_step(st);
    gr_status r = GR_OK;
    if (rc == SQLITE_ROW) {
        gr_store_game g;
        row_game(st, &g);
        out->nsteps = g.nsteps;
        out->finished = g.finished;
        out->gen = 0;
    } else {
        r = rc == SQLITE_DONE ? gr_store_no_game(err, id) : sq_fail(s, err, "reading a game");
    }
    sqlite3_reset(st);
    pthread_mutex_unlock(&s->lock);
    return r;
}

static gr_status sq_set_finished(gr_store *base, const char *id, int finished, gr_error *err)
{
    sq_store *s = (sq_store *)base;
    sq_lock(s);
    int rc = sq_run_id_int(s, Q_FINISH, id, finished ? 1 : 0);
    gr_status r = rc == SQLITE_DONE ? GR_OK : sq_fail(s, err, "marking a game over");
    pthread_mutex_unlock(&s->lock);
    return r;
}

static gr_status sq_set_player(gr_store *base, const char *id, int seat, const char *player,
                               gr_error *err)
{
    sq_store *s = (sq_store *)base;
    sq_lock(s);
    sqlite3_stmt *st = sq_q(s, seat ? Q_PLAYER1 : Q_PLAYER0);
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, player, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    gr_status r = rc == SQLITE_DONE ? GR_OK : sq_fail(s, err, "changing who plays a seat");
    pthread_mutex_unlock(&s->lock);
    return r;
}

static gr_status sq_load_from(gr_store *base, const char *id, size_t from, gr_store_game *g,
                              gr_record_step **steps, gr_error *err)
{
    sq_store *s = (sq_store *)base;
    *steps = NULL;
    gr_record_step *v = NULL;
    /* one read transaction: the game's row and its steps agree */
    gr_status r = sq_begin(s, err);
    if (r != GR_OK)
        return r;
    sqlite3_stmt *st = sq_q_id(s, Q_GAME, id);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        row_game(st, g);
    sqlite3_reset(st);
    size_t want = rc == SQLITE_ROW && g->nsteps > from ? g->nsteps - from : 0, k = 0;
    if (rc != SQLITE_ROW) {
        r = rc == SQLITE_DONE ? gr_store_no_game(err, id) : sq_fail(s, err, "reading a game");
        goto done;
    }
    if (!(v = malloc((want ? want : 1) * sizeof *v))) {
        r = gr_error_set(err, GR_ERUNTIME, "out of memory loading game '%s'", id);
        goto done;
    }
    st = sq_q_id(s, Q_STEPS, id);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)from);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && k < want) {
        const char *row[7];
        for (int i = 0; i < 7; i++)
            row[i] = i == 4 ? NULL : (const char *)sqlite3_column_text(st, i);
        if (gr_store_row_step(&v[k], from + k + 1, row, sqlite3_column_blob(st, 4),
                              (size_t)sqlite3_column_bytes(st, 4)))
            break;
        k++;
    }
    sqlite3_reset(st);
    if (k != want || rc == SQLITE_ROW)
        r = gr_store_damaged(err, s->path, id, g->nsteps, from);
done:
    sq_exec(s, Q_COMMIT);
    pthread_mutex_unlock(&s->lock);
    if (r == GR_OK)
        *steps = v;
    else
        free(v);
    return r;
}

static gr_status sq_list(gr_store *base, int unfinished_only, gr_store_game *out, size_t cap,
                         size_t *n, gr_error *err)
{
    sq_store *s = (sq_store *)base;
    *n = 0;
    sq_lock(s);
    sqlite3_stmt *st = sq_q(s, unfinished_only ? Q_LIST_OPEN : Q_LIST);
    sqlite3_bind_int64(st, 1, (sqlite3_int64)cap);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < cap)
        row_game(st, &out[(*n)++]);
    sqlite3_reset(st);
    gr_status r = rc == SQLITE_DONE || rc == SQLITE_ROW ? GR_OK : sq_fail(s, err, "listing games");
    pthread_mutex_unlock(&s->lock);
    return r;
}

static gr_status sq_scenario_text(gr_store *base, const char *id, char **text, size_t *len,
                                  gr_error *err)
{
    sq_store *s = (sq_store *)base;
    sq_lock(s);
    sqlite3_stmt *st = sq_q_id(s, Q_TEXT, id);
    int rc = sqlite3_step(st);
    gr_status r = GR_OK;
    if (rc == SQLITE_DONE)
        r = gr_store_no_game(err, id);
    else if (rc != SQLITE_ROW)
        r = sq_fail(s, err, "reading a game's scenario text");
    else if (sqlite3_column_type(st, 0) != SQLITE_NULL)
        r = gr_store_copy_text(id, sqlite3_column_text(st, 0), (size_t)sqlite3_column_bytes(st, 0),
                               text, len, err);
    sqlite3_reset(st);
    pthread_mutex_unlock(&s->lock);
    return r;
}

static const gr_store_ops sq_ops = {
    .scenario_text = sq_scenario_text,
    .close = sq_close,
    .create = sq_create,
    .append = sq_append,
    .set_finished = sq_set_finished,
    .set_player = sq_set_player,
    .list = sq_list,
    .truncate_if = sq_truncate_if,
    .stamp = sq_stamp,
    .load_from = sq_load_from,
    .watch = NULL,
    .shared = 0,
};

gr_status gr_store_open_sqlite(const char *path, gr_store **out, gr_error *err)
{
    *out = NULL;
    sq_store *s = calloc(1, sizeof *s);
    if (!s || !(s->path = strdup(path))) {
        free(s);
        return gr_error_set(err, GR_ERUNTIME, "out of memory opening %s", path);
    }
    s->base.ops = &sq_ops;
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->committed, NULL);
    char *msg = NULL;
    int rc = sqlite3_open_v2(
        path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc != SQLITE_OK) {
        gr_error_set(err, GR_ERUNTIME,
                     "%s: cannot open the database (%s); check the folder exists and is writable",
                     path, s->db ? sqlite3_errmsg(s->db) : "out of memory");
        sq_close(&s->base);
        return GR_ERUNTIME;
    }
    sqlite3_busy_timeout(s->db, 5000);
    /* journal_mode answers with a row: read it to know WAL is on */
    sqlite3_stmt *jm = NULL;
    int wal = 0;
    if (sqlite3_prepare_v2(s->db, "PRAGMA journal_mode=WAL", -1, &jm, NULL) == SQLITE_OK &&
        sqlite3_step(jm) == SQLITE_ROW)
        wal = !strcmp((const char *)sqlite3_column_text(jm, 0), "wal");
    sqlite3_finalize(jm);
    if (!wal ||
        sqlite3_exec(s->db, "PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;", NULL, NULL, &msg) !=
            SQLITE_OK ||
        sqlite3_exec(s->db, schema, NULL, NULL, &msg) != SQLITE_OK || sq_grow(s->db) != SQLITE_OK) {
        gr_error_set(err, GR_ERUNTIME,
                     "%s: not a grognard database, or it cannot be set up (%s); give a new "
                     "database file or one grognard made",
                     path,
                     msg   ? msg
                     : wal ? sqlite3_errmsg(s->db)
                           : "WAL mode refused");
        sqlite3_free(msg);
        sq_close(&s->base);
        return GR_ERUNTIME;
    }
    for (int k = 0; k < Q_N; k++)
        if (sqlite3_prepare_v2(s->db, queries[k], -1, &s->q[k], NULL) != SQLITE_OK) {
            gr_error_set(err, GR_ERUNTIME,
                         "%s: not a grognard database (%s); give a new database "
                         "file or one grognard made",
                         path, sqlite3_errmsg(s->db));
            sq_close(&s->base);
            return GR_ERUNTIME;
        }
    *out = &s->base;
    return GR_OK;
}
