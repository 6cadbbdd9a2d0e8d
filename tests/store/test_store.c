/* test_store.c - the store interface, the same checks on either backend.
 *
 *   test_store [SPEC]
 *
 * SPEC (or the environment's GROGNARD_TEST_DB) is a postgresql:// URI of an
 * empty database (pgtmp.sh gives one) or nothing: a new SQLite file in a
 * temporary folder.  Checks: a game created, refused twice; steps appended
 * from 1 and read back bit for bit (a hash and an action with the top bit
 * set: BIGINT keeps the 64 bits); a stale or early append refused with
 * nothing written; truncation, conditional on the step count (and, for a
 * shared store, the generation); the list newest first; and two
 * connections (two store handles, as two servers have) appending to one
 * game from two threads as fast as they can: every append that returned
 * GR_OK is stored, at its step, and no step was appended twice.  For
 * PostgreSQL also: a change is heard by another handle's watcher, and a
 * URI's password never appears in a message.  Steps of action records and
 * given dice read back byte for byte; a database of the first schema grows
 * its columns at open and keeps its steps. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libpq-fe.h>
#include <sqlite3.h>

#include "grognard/store.h"
#include "../../src/store/store_internal.h" /* gr_store_rec_tail */

static int checks, failed;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            failed++;                                                                              \
            fprintf(stderr, "FAIL line %d: ", __LINE__);                                           \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
        }                                                                                          \
    } while (0)

static gr_store_game game(const char *id, const char *scenario)
{
    gr_store_game g;
    memset(&g, 0, sizeof g);
    snprintf(g.id, sizeof g.id, "%s", id);
    snprintf(g.scenario, sizeof g.scenario, "%s", scenario);
    g.seed = (1ULL << 53) - 1; /* the largest seed the API gives */
    snprintf(g.players[0], sizeof g.players[0], "human");
    snprintf(g.players[1], sizeof g.players[1], "mcts:30");
    snprintf(g.tokens[0], sizeof g.tokens[0], "0123456789abcdef0123456789abcdef");
    return g;
}

static gr_record_step step(int player, gr_action a, uint64_t hash)
{
    gr_record_step s = {.action = a, .player = player, .hash = hash};
    return s;
}

/* ---- two handles racing on one game ------------------------------------------------------ */

#define RACE_TRIES 300

typedef struct racer {
    gr_store *s;
    const char *id;
    int who;
    size_t won[RACE_TRIES]; /* the steps this racer appended */
    size_t nwon;
    int errors;
} racer;

static void *race(void *arg)
{
    racer *r = arg;
    for (int i = 0; i < RACE_TRIES; i++) {
        gr_store_head h;
        gr_error err;
        if (gr_store_stamp(r->s, r->id, &h, &err) != GR_OK) {
            r->errors++;
            continue;
        }
        /* the racer and the step in the action: whose step is stored */
        gr_record_step st = step(r->who, (gr_action)(h.nsteps + 1) * 10 + (gr_action)r->who,
                                 (uint64_t)r->who << 63 | (h.nsteps + 1));
        gr_status rc = gr_store_append_at(r->s, r->id, h.nsteps + 1, h.gen, &st, 1, &err);
        if (rc == GR_OK)
            r->won[r->nwon++] = h.nsteps + 1;
        else if (rc != GR_EINPUT) /* GR_EINPUT: the other came first */
            r->errors++;
    }
    return NULL;
}

/* ---- the watcher --------------------------------------------------------------------------- */

static pthread_mutex_t heard_lock = PTHREAD_MUTEX_INITIALIZER;
static char heard_id[GR_STORE_ID_MAX];
static size_t heard_n;
static uint64_t heard_gen;

static void heard(void *ctx, const char *id, size_t n, uint64_t gen)
{
    (void)ctx;
    pthread_mutex_lock(&heard_lock);
    snprintf(heard_id, sizeof heard_id, "%s", id ? id : "");
    heard_n = n;
    heard_gen = gen;
    pthread_mutex_unlock(&heard_lock);
}

/* Wait up to 5 s to hear game id at n steps. */
static int wait_heard(const char *id, size_t n, uint64_t gen)
{
    for (int i = 0; i < 500; i++) {
        pthread_mutex_lock(&heard_lock);
        int ok = !strcmp(heard_id, id) && heard_n == n && heard_gen == gen;
        pthread_mutex_unlock(&heard_lock);
        if (ok)
            return 1;
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    return 0;
}

/* The first schema of each backend (before a step kept its record and its
 * given flag), with one game "o1" of one chance step (action 3, hash 42). */
static int make_old_sqlite(const char *path)
{
    const char *v1 =
        "CREATE TABLE grognard(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
        "INSERT INTO grognard VALUES ('format', 'grognard-store 1');"
        "CREATE TABLE games(n INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,"
        "  scenario TEXT NOT NULL, seed INTEGER NOT NULL, player0 TEXT NOT NULL,"
        "  player1 TEXT NOT NULL, token0 TEXT NOT NULL, token1 TEXT NOT NULL,"
        "  finished INTEGER NOT NULL DEFAULT 0, nsteps INTEGER NOT NULL DEFAULT 0);"
        "CREATE TABLE steps(game TEXT NOT NULL, n INTEGER NOT NULL, player INTEGER NOT NULL,"
        "  action INTEGER NOT NULL, hash INTEGER NOT NULL, PRIMARY KEY(game, n)) WITHOUT ROWID;"
        "INSERT INTO games(id, scenario, seed, player0, player1, token0, token1, nsteps)"
        "  VALUES ('o1', 'teaching', 7, 'human', 'human', '', '', 1);"
        "INSERT INTO steps VALUES ('o1', 1, -1, 3, 42);";
    sqlite3 *db = NULL;
    int ok = sqlite3_open(path, &db) == SQLITE_OK && sqlite3_exec(db, v1, NULL, NULL, NULL) == 0;
    sqlite3_close(db);
    return ok;
}

/* The same in the PostgreSQL database at uri, its tables made again. */
static int make_old_pg(const char *uri)
{
    const char *v1 =
        "DROP TABLE IF EXISTS steps, games, grognard;"
        "CREATE TABLE grognard(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
        "INSERT INTO grognard VALUES ('format', 'grognard-store 1');"
        "CREATE TABLE games(n BIGSERIAL NOT NULL UNIQUE, id TEXT PRIMARY KEY,"
        "  scenario TEXT NOT NULL, seed BIGINT NOT NULL, player0 TEXT NOT NULL,"
        "  player1 TEXT NOT NULL, token0 TEXT NOT NULL, token1 TEXT NOT NULL,"
        "  finished INTEGER NOT NULL DEFAULT 0, nsteps BIGINT NOT NULL DEFAULT 0,"
        "  gen BIGINT NOT NULL DEFAULT 0);"
        "CREATE TABLE steps(game TEXT NOT NULL REFERENCES games(id), n BIGINT NOT NULL,"
        "  player INTEGER NOT NULL, action BIGINT NOT NULL, hash BIGINT NOT NULL,"
        "  PRIMARY KEY (game, n));"
        "INSERT INTO games(id, scenario, seed, player0, player1, token0, token1, nsteps)"
        "  VALUES ('o1', 'teaching', 7, 'human', 'human', '', '', 1);"
        "INSERT INTO steps VALUES ('o1', 1, -1, 3, 42);";
    PGconn *c = PQconnectdb(uri);
    PGresult *r = PQstatus(c) == CONNECTION_OK ? PQexec(c, v1) : NULL;
    int ok = r && PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok)
        fprintf(stderr, "making the first schema: %s\n", PQerrorMessage(c));
    PQclear(r);
    PQfinish(c);
    return ok;
}

int main(int argc, char **argv)
{
    const char *spec = argc > 1 ? argv[1] : getenv("GROGNARD_TEST_DB");
    char dir[] = "/tmp/grognard-store-test.XXXXXX";
    char path[64] = "";
    if (!spec || !*spec) {
        if (!mkdtemp(dir)) {
            perror("mkdtemp");
            return 1;
        }
        snprintf(path, sizeof path, "%s/store.db", dir);
        spec = path;
    }
    int pg = !strncmp(spec, "postgres", 8);
    printf("store at %s\n", pg ? "a PostgreSQL database" : "an SQLite file");
    gr_error err;
    gr_store *s = NULL, *s2 = NULL;
    if (gr_store_open(spec, &s, &err) != GR_OK) {
        fprintf(stderr, "FAIL: cannot open %s: %s\n", spec, err.msg);
        return 1;
    }
    CHECK(gr_store_shared(s) == pg, "shared %d, want %d", gr_store_shared(s), pg);

    /* 1. create, twice */
    gr_store_game g = game("a1", "teaching");
    CHECK(gr_store_create_text(s, &g, NULL, 0, &err) == GR_OK, "create: %s", err.msg);
    CHECK(gr_store_create_text(s, &g, NULL, 0, &err) == GR_EINPUT &&
              strstr(err.msg, "already stored"),
          "a second create: %d %s", err.code, err.msg);

    /* 2. append 1..3, read back bit for bit */
    gr_record_step v[3] = {
        step(-1, 5, 0x0123456789abcdefULL), /* GR_CHANCE is -1 */
        step(0, 0xfedcba9876543210ULL, 0xffffffffffffffffULL),
        step(1, 0, 0x8000000000000000ULL),
    };
    CHECK(gr_store_append_at(s, "a1", 1, 0, v, 2, &err) == GR_OK, "append 1-2: %s", err.msg);
    CHECK(gr_store_append_at(s, "a1", 3, 0, v + 2, 1, &err) == GR_OK, "append 3: %s", err.msg);
    gr_store_game got;
    gr_record_step *steps = NULL;
    CHECK(gr_store_load(s, "a1", &got, &steps, &err) == GR_OK, "load: %s", err.msg);
    CHECK(got.nsteps == 3 && steps && steps[0].player == -1 && steps[0].action == 5 &&
              steps[0].hash == v[0].hash && steps[1].action == v[1].action &&
              steps[1].hash == v[1].hash && steps[1].player == 0 && steps[2].hash == v[2].hash &&
              steps[2].player == 1,
          "the steps read back differ (%zu steps)", got.nsteps);
    CHECK(got.seed == (1ULL << 53) - 1 && !strcmp(got.scenario, "teaching") &&
              !strcmp(got.players[1], "mcts:30") &&
              !strcmp(got.tokens[0], "0123456789abcdef0123456789abcdef") && !got.tokens[1][0] &&
              !got.finished && got.gen == 0,
          "the game read back differs");
    free(steps);

    /* 3. stale and early appends: refused, nothing written */
    CHECK(gr_store_append_at(s, "a1", 3, 0, v, 1, &err) == GR_EINPUT && strstr(err.msg, "3 steps"),
          "a stale append: %d %s", err.code, err.msg);
    CHECK(gr_store_append_at(s, "a1", 5, 0, v, 1, &err) == GR_EINPUT, "an early append: %d",
          err.code);
    CHECK(gr_store_append_at(s, "nope", 1, 0, v, 1, &err) == GR_EINPUT &&
              strstr(err.msg, "no game"),
          "an append to no game: %d %s", err.code, err.msg);
    gr_store_head h;
    CHECK(gr_store_stamp(s, "a1", &h, &err) == GR_OK && h.nsteps == 3 && h.gen == 0 && !h.finished,
          "head after refusals: %zu steps gen %" PRIu64, h.nsteps, h.gen);
    CHECK(gr_store_stamp(s, "nope", &h, &err) == GR_EINPUT, "head of no game");

    /* 4. the steps after the first 2 */
    CHECK(gr_store_load_from(s, "a1", 2, &got, &steps, &err) == GR_OK && got.nsteps == 3 && steps &&
              steps[0].hash == v[2].hash,
          "load from 2: %s", err.msg);
    free(steps);
    steps = NULL;
    CHECK(gr_store_load_from(s, "a1", 3, &got, &steps, &err) == GR_OK && got.nsteps == 3,
          "load from 3: %s", err.msg);
    free(steps);

    /* 5. truncation: only on the count (and generation) it was decided on */
    CHECK(gr_store_truncate_if(s, "a1", 2, 0, 1, &err) == GR_EINPUT,
          "truncate on a count of 2 when 3 are stored: %d", err.code);
    CHECK(gr_store_truncate_if(s, "a1", 3, 0, 1, &err) == GR_OK, "truncate to 1: %s", err.msg);
    uint64_t gen1 = pg ? 1 : 0; /* a shared store counts the truncation */
    CHECK(gr_store_stamp(s, "a1", &h, &err) == GR_OK && h.nsteps == 1 && h.gen == gen1,
          "head after truncation: %zu steps gen %" PRIu64, h.nsteps, h.gen);
    if (pg) {
        /* a step decided before the undo (generation 0) is refused even at
         * the right count */
        CHECK(gr_store_append_at(s, "a1", 2, 0, v + 1, 1, &err) == GR_EINPUT,
              "an append of generation 0 after an undo: %d", err.code);
        CHECK(gr_store_truncate_if(s, "a1", 1, 0, 0, &err) == GR_EINPUT,
              "a truncation of generation 0 after an undo: %d", err.code);
    }
    CHECK(gr_store_append_at(s, "a1", 2, gen1, v + 1, 1, &err) == GR_OK,
          "an append of the right generation: %s", err.msg);
    CHECK(gr_store_load(s, "a1", &got, &steps, &err) == GR_OK && got.nsteps == 2 &&
              steps[1].action == v[1].action,
          "after truncation and append: %zu steps", got.nsteps);
    free(steps);
    CHECK(gr_store_truncate_if(s, "a1", 2, gen1, 5, &err) == GR_EINPUT &&
              strstr(err.msg, "no step 5"),
          "truncate to more steps than stored: %s", err.msg);

    /* 6. finished, and the list newest first */
    gr_store_game b = game("b2", "austerlitz");
    CHECK(gr_store_create_text(s, &b, NULL, 0, &err) == GR_OK, "create b2: %s", err.msg);
    CHECK(gr_store_set_finished(s, "a1", 1, &err) == GR_OK, "finish: %s", err.msg);
    gr_store_game list[4];
    size_t n = 0;
    CHECK(gr_store_list(s, 0, list, 4, &n, &err) == GR_OK && n == 2 && !strcmp(list[0].id, "b2") &&
              !strcmp(list[1].id, "a1") && list[1].finished && list[1].nsteps == 2,
          "list: %zu games", n);
    CHECK(gr_store_list(s, 1, list, 4, &n, &err) == GR_OK && n == 1 && !strcmp(list[0].id, "b2"),
          "list unfinished: %zu games", n);
    CHECK(gr_store_list(s, 0, list, 1, &n, &err) == GR_OK && n == 1, "list capped: %zu", n);

    /* 7. two handles (two servers' connections), two threads, one game */
    if (gr_store_open(spec, &s2, &err) != GR_OK) {
        CHECK(0, "a second handle: %s", err.msg);
    } else {
        if (pg)
            CHECK(gr_store_watch(s2, heard, NULL, &err) == GR_OK, "watch: %s", err.msg);
        gr_store_game r = game("c3", "teaching");
        CHECK(gr_store_create_text(s, &r, NULL, 0, &err) == GR_OK, "create c3: %s", err.msg);
        static racer ra, rb;
        ra = (racer){.s = s, .id = "c3", .who = 0};
        rb = (racer){.s = s2, .id = "c3", .who = 1};
        pthread_t ta, tb;
        pthread_create(&ta, NULL, race, &ra);
        pthread_create(&tb, NULL, race, &rb);
        pthread_join(ta, NULL);
        pthread_join(tb, NULL);
        CHECK(ra.errors == 0 && rb.errors == 0, "race errors: %d %d", ra.errors, rb.errors);
        CHECK(gr_store_load(s2, "c3", &got, &steps, &err) == GR_OK, "load c3: %s", err.msg);
        /* every GR_OK is stored at its step, and it is the one who won it */
        CHECK(got.nsteps == ra.nwon + rb.nwon, "stored %zu steps, %zu + %zu acknowledged",
              got.nsteps, ra.nwon, rb.nwon);
        int bad = 0;
        racer *rs[2] = {&ra, &rb};
        for (int k = 0; k < 2 && steps; k++)
            for (size_t i = 0; i < rs[k]->nwon; i++) {
                size_t at = rs[k]->won[i];
                if (at < 1 || at > got.nsteps || steps[at - 1].player != rs[k]->who ||
                    steps[at - 1].action != (gr_action)at * 10 + (gr_action)rs[k]->who)
                    bad++;
            }
        CHECK(bad == 0, "%d acknowledged steps are not stored as acknowledged", bad);
        /* 2 x 300 tries: each try either stores a step or loses to the other */
        CHECK(got.nsteps >= RACE_TRIES, "only %zu steps stored in %d tries each", got.nsteps,
              RACE_TRIES);
        printf("race: %zu + %zu steps stored, %zu refused\n", ra.nwon, rb.nwon,
               (size_t)2 * RACE_TRIES - ra.nwon - rb.nwon);
        free(steps);
        if (pg) {
            /* the other handle hears a change of this one */
            gr_record_step x = step(0, 1, 2);
            CHECK(gr_store_append_at(s, "b2", 1, 0, &x, 1, &err) == GR_OK, "append b2: %s",
                  err.msg);
            CHECK(wait_heard("b2", 1, 0), "the watcher did not hear b2 at step 1");
            CHECK(gr_store_truncate_if(s, "b2", 1, 0, 0, &err) == GR_OK, "undo b2: %s", err.msg);
            CHECK(wait_heard("b2", 0, 1), "the watcher did not hear b2's undo");
        }
        gr_store_close(s2);
    }

    /* many appenders on one handle: four racing on one game (each try
     * stores a step or is refused, a refused one never undoing another's
     * stored in the same transaction: SQLite commits appends in groups),
     * four more each alone on its own game; every append acknowledged is
     * stored, at its step, by the one it was acknowledged to */
    {
        enum { NR = 8 };
        static racer rr[NR];
        static const char *ids[NR] = {"g0", "g0", "g0", "g0", "g4", "g5", "g6", "g7"};
        for (int k = 0; k < NR; k++) {
            gr_store_game r = game(ids[k], "teaching");
            if (k < 4 && k)
                ; /* g0 once */
            else
                CHECK(gr_store_create_text(s, &r, NULL, 0, &err) == GR_OK, "create %s: %s", ids[k],
                      err.msg);
            rr[k] = (racer){.s = s, .id = ids[k], .who = k};
        }
        pthread_t t[NR];
        for (int k = 0; k < NR; k++)
            pthread_create(&t[k], NULL, race, &rr[k]);
        for (int k = 0; k < NR; k++)
            pthread_join(t[k], NULL);
        size_t won0 = 0;
        int bad = 0, errors = 0;
        for (int k = 0; k < NR; k++) {
            errors += rr[k].errors;
            if (k < 4)
                won0 += rr[k].nwon;
        }
        CHECK(errors == 0, "%d appenders' errors", errors);
        for (int k = 3; k < NR; k++) {
            const char *id = ids[k];
            CHECK(gr_store_load(s, id, &got, &steps, &err) == GR_OK, "load %s: %s", id, err.msg);
            size_t want = k == 3 ? won0 : RACE_TRIES; /* alone: every try stored */
            CHECK(got.nsteps == want, "%s: %zu steps stored, %zu acknowledged", id, got.nsteps,
                  want);
            for (int j = k == 3 ? 0 : k; j <= k && steps; j++)
                for (size_t i = 0; i < rr[j].nwon; i++) {
                    size_t at = rr[j].won[i];
                    if (at < 1 || at > got.nsteps || steps[at - 1].player != rr[j].who ||
                        steps[at - 1].action != (gr_action)at * 10 + (gr_action)rr[j].who)
                        bad++;
                }
            free(steps);
            steps = NULL;
        }
        CHECK(bad == 0, "%d acknowledged steps are not stored as acknowledged", bad);
        CHECK(won0 >= RACE_TRIES, "g0: only %zu steps stored in %d tries each", won0, RACE_TRIES);
        printf("one handle, 8 appenders: g0 %zu steps stored, %zu refused\n", won0,
               (size_t)4 * RACE_TRIES - won0);
    }

    /* 9. action records longer than 8 bytes, and chance steps given as
     * recorded: read back byte for byte with their flag */
    gr_store_game d = game("d4", "aoe");
    CHECK(gr_store_create_text(s, &d, NULL, 0, &err) == GR_OK, "create d4: %s", err.msg);
    gr_record_step w[3];
    memset(w, 0, sizeof w);
    for (size_t k = 0; k < sizeof w[0].rec; k++) /* every byte, zeros inside, the last one set */
        w[0].rec[k] = (unsigned char)(k % 5 ? k * 37 : 0);
    w[0].player = 0;
    w[0].hash = 11;
    w[1].rec[9] = 0xff; /* one byte after the first 8, then zeros to the end */
    w[1].player = 1;
    w[1].hash = 12;
    w[2].action = 4; /* a die typed at the table */
    w[2].player = -1;
    w[2].given = 1;
    w[2].hash = 13;
    /* who took a player's step (issue 31): read back; none for the others */
    snprintf(w[1].by, sizeof w[1].by, "commander:400");
    CHECK(gr_store_append_at(s, "d4", 1, 0, w, 3, &err) == GR_OK, "append records: %s", err.msg);
    CHECK(gr_store_load(s, "d4", &got, &steps, &err) == GR_OK && got.nsteps == 3 && steps,
          "load records: %s", err.msg);
    for (int k = 0; k < 3 && steps && got.nsteps == 3; k++)
        CHECK(!memcmp(steps[k].rec, w[k].rec, sizeof w[k].rec) && steps[k].given == w[k].given &&
                  steps[k].player == w[k].player && steps[k].hash == w[k].hash &&
                  !strcmp(steps[k].by, w[k].by),
              "record step %d read back differs (given %d, by '%s')", k + 1, steps[k].given,
              steps[k].by);
    free(steps);
    /* and who plays a seat from now on (a seat handed to the computer) */
    CHECK(gr_store_set_player(s, "d4", 1, "commander", &err) == GR_OK, "set player: %s", err.msg);
    CHECK(gr_store_load(s, "d4", &got, &steps, &err) == GR_OK &&
              !strcmp(got.players[1], "commander"),
          "the seat's player read back: '%s'", got.players[1]);
    free(steps);

    /* 11. a game's scenario text kept beside it (a battle's order of battle
     * given as text): read back byte for byte; none for a game made
     * without; a text with a NUL refused, nothing stored */
    static const char oob[] = "{\n  \"format\": 1,\n  \"title\": \"Maïda \u00e9\"\n}\n";
    gr_store_game e = game("e5", "nf/@text");
    char *text = NULL;
    size_t tl = 0;
    CHECK(gr_store_create_text(s, &e, oob, strlen(oob), &err) == GR_OK, "create e5: %s", err.msg);
    CHECK(gr_store_scenario_text(s, "e5", &text, &tl, &err) == GR_OK && text && tl == strlen(oob) &&
              !memcmp(text, oob, tl) && !text[tl],
          "the scenario text read back differs: %s", text ? text : err.msg);
    free(text);
    CHECK(gr_store_scenario_text(s, "a1", &text, &tl, &err) == GR_OK && !text && tl == 0,
          "a game made without a text has one");
    CHECK(gr_store_scenario_text(s, "nope", &text, &tl, &err) == GR_EINPUT &&
              strstr(err.msg, "no game"),
          "the text of no game: %s", err.msg);
    gr_store_game nul = game("f6", "nf/@text");
    CHECK(gr_store_create_text(s, &nul, "{\0}", 3, &err) == GR_EINPUT && strstr(err.msg, "NUL") &&
              gr_store_stamp(s, "f6", &h, &err) == GR_EINPUT,
          "a text with a NUL byte: %s", err.msg);
    gr_store_close(s);

    /* 10. a database of the first schema (no rec, no given) is opened, its
     * steps read as 8-byte actions drawn, and records appended to it */
    {
        char old[96] = "";
        snprintf(old, sizeof old, "%s/old.db", dir);
        const char *ospec = pg ? spec : old;
        CHECK(pg ? make_old_pg(spec) : make_old_sqlite(old), "making a first-schema database");
        gr_store *o = NULL;
        CHECK(gr_store_open(ospec, &o, &err) == GR_OK, "open a first-schema database: %s", err.msg);
        if (o) {
            CHECK(gr_store_load(o, "o1", &got, &steps, &err) == GR_OK && got.nsteps == 1 &&
                      steps[0].action == 3 && steps[0].hash == 42 && !steps[0].given &&
                      !gr_store_rec_tail(&steps[0]),
                  "the old step read back differs: %s", err.msg);
            free(steps);
            CHECK(gr_store_append_at(o, "o1", 2, 0, w, 3, &err) == GR_OK, "append records: %s",
                  err.msg);
            CHECK(gr_store_load(o, "o1", &got, &steps, &err) == GR_OK && got.nsteps == 4 &&
                      !memcmp(steps[1].rec, w[0].rec, sizeof w[0].rec) && steps[3].given,
                  "records in a grown database: %s", err.msg);
            free(steps);
            char *t = NULL;
            size_t tn = 1;
            CHECK(gr_store_scenario_text(o, "o1", &t, &tn, &err) == GR_OK && !t && !tn,
                  "an old game's scenario text: %s", err.msg);
            gr_store_game g2 = game("o2", "nf/@text");
            CHECK(gr_store_create_text(o, &g2, "{}", 2, &err) == GR_OK &&
                      gr_store_scenario_text(o, "o2", &t, &tn, &err) == GR_OK && t &&
                      !strcmp(t, "{}"),
                  "a text in a grown database: %s", err.msg);
            free(t);
            gr_store_close(o);
            /* opened again: the columns are there, nothing added twice */
            CHECK(gr_store_open(ospec, &o, &err) == GR_OK, "open it again: %s", err.msg);
            gr_store_close(o);
        }
        const char *sfx[] = {"", "-wal", "-shm"};
        for (int i = 0; i < 3 && !pg; i++) {
            char f[112];
            snprintf(f, sizeof f, "%s%s", old, sfx[i]);
            unlink(f);
        }
    }

    /* 8. PostgreSQL's refusals: no server there; the password kept out */
    if (pg) {
        gr_store *x = NULL;
        gr_status rc = gr_store_open("postgresql://u:s3cr3t@127.0.0.1:1/none", &x, &err);
        CHECK(rc == GR_ERUNTIME && !x && strstr(err.msg, "cannot connect") &&
                  !strstr(err.msg, "s3cr3t") && strstr(err.msg, "u:***@127.0.0.1:1"),
              "a server that is not there: %d %s", rc, err.msg);
        rc = gr_store_open("postgresql://127.0.0.1:1/none?user=u&password=s3cr3t&sslmode=disable",
                           &x, &err);
        CHECK(rc == GR_ERUNTIME && !strstr(err.msg, "s3cr3t") &&
                  strstr(err.msg, "password=***&sslmode"),
              "a password parameter: %s", err.msg);
    } else {
        gr_store *x = NULL;
        CHECK(gr_store_open("/nonexistent-folder/x.db", &x, &err) == GR_ERUNTIME && !x &&
                  strstr(err.msg, "/nonexistent-folder/x.db"),
              "a folder that is not there: %s", err.msg);
    }
    if (path[0]) {
        char f[96];
        const char *sfx[] = {"", "-wal", "-shm"};
        for (int i = 0; i < 3; i++) {
            snprintf(f, sizeof f, "%s%s", path, sfx[i]);
            unlink(f);
        }
        rmdir(dir);
    }
    printf("%d checks, %d failed\n", checks, failed);
    return failed ? 1 : 0;
}
