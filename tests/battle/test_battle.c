/* test_battle.c - the battle companion's core (battle.h) and its files
 * (oob.h, battle_io.h), with a tiny set of companion rules defined here
 * (not registered) around a real procedure: L'Âge des Aigles fire.
 *
 * The expected values are worked out by hand from seed 003 (the fire
 * table of L'Âge des Aigles):
 *   PUISSANCE: "Infanterie linéaire 2 rangs/mixte 2.5" per stand; 4 stands
 *   fire 4 x 2.5 = 10, the table's column "10-11": "5 ou moins" Tir
 *   inefficace, "6, 7, 8" Tir impressionnant, "9 ou plus" Tir efficace
 *   ("Troupe en désordre et perd une base").  DRM: "Cible à couvert (selon
 *   scénario)", here --cover 1: -1.
 * The test rules apply "efficace" as the target losing 1 stand and being
 * disordered, "impressionnant" as disorder alone. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grognard/battle.h"
#include "grognard/battle_io.h"
#include "grognard/save.h"
#include "grognard/oob.h"

static int checks, failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);                                  \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

/* ---- the test's own companion rules ------------------------------------- */

static const gr_bt_phase t_phases[] = {
    {"fire", "Fire: the first player fires", "test", GR_BT_FIRST_PLAYER, 0},
    {"move", "Movement: the second player moves and rallies", "test", GR_BT_SECOND_PLAYER, 1},
};

static const gr_bt_verb t_verbs[] = {
    {"volley", "fire", UINT64_C(1) << 0, 1, "volley UNIT --target UNIT [--cover N]"},
    {"rally", NULL, UINT64_C(1) << 1, 0, "rally UNIT"},
};

static gr_status t_setup(gr_battle *b, gr_error *err)
{
    for (int i = 0; i < b->nunits; i++) {
        gr_bt_unit *u = &b->units[i];
        if (u->quality[0] && strcmp(u->quality, "regular") != 0)
            return gr_error_set(err, GR_EINPUT, "%d:%d: unit %s: quality \"%s\"; accepted: regular",
                                u->line, u->col, u->id, u->quality);
        if (u->worn_at == GR_BT_UNSET)
            u->worn_at = 2;
        if (u->spent_at == GR_BT_UNSET)
            u->spent_at = 3;
    }
    return GR_OK;
}

static gr_status t_prepare(const gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                           gr_args *out, gr_error *err)
{
    if (c->unit < 0)
        return gr_error_set(err, GR_EINPUT, "%s needs a unit", v->name);
    const gr_bt_unit *u = &b->units[c->unit];
    if (u->side != gr_battle_active_side(b))
        return gr_error_set(err, GR_EINPUT, "%s is not of the side acting now", u->id);
    if (!v->procedure)
        return GR_OK;
    if (u->fired)
        return gr_error_set(err, GR_EINPUT, "%s has fired this phase", u->id);
    for (int i = 0; i < c->nin; i++)
        if (strcmp(c->key[i], "cover") != 0)
            return gr_error_set(err, GR_EINPUT, "volley takes no --%s", c->key[i]);
    const gr_procedure *p = gr_system_procedure(gr_system_find("aoe"), "fire");
    char n[8];
    snprintf(n, sizeof n, "%d", gr_bt_unit_stands(u));
    gr_status st;
    if ((st = gr_bt_set(p, out, "firer", "infantry", err)) != GR_OK ||
        (st = gr_bt_set(p, out, "troops",
                        strcmp(u->formation, "line") == 0 ? "two_rank_line_or_mixed"
                                                          : "column_square_or_skirmish",
                        err)) != GR_OK ||
        (st = gr_bt_set(p, out, "stands", n, err)) != GR_OK)
        return st;
    if (u->disordered && (st = gr_bt_set(p, out, "disordered", "", err)) != GR_OK)
        return st;
    const char *cover = gr_bt_call_get(c, "cover");
    if (cover && (st = gr_bt_set(p, out, "cover", cover, err)) != GR_OK)
        return st;
    return GR_OK;
}

static gr_status t_apply(gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                         const gr_resolution *r, gr_bt_outcome *out, gr_error *err)
{
    (void)err;
    (void)v;
    gr_bt_unit *u = &b->units[c->unit];
    if (!r) {
        u->disordered = 0;
        snprintf(out->instr[out->ninstr++], GR_BT_INSTR, "%s: rallied", u->name);
        return GR_OK;
    }
    u->fired = 1;
    gr_bt_unit *t = &b->units[c->target];
    const gr_step *s = &r->steps[0];
    const char *id = s->table->outcomes[s->cell.outcome].id;
    if (strcmp(id, "effective") == 0) {
        t->lost++;
        t->disordered = 1;
        snprintf(out->instr[out->ninstr++], GR_BT_INSTR, "%s: remove 1 stand; disordered", t->name);
    } else if (strcmp(id, "impressive") == 0) {
        t->disordered = 1;
        snprintf(out->instr[out->ninstr++], GR_BT_INSTR, "%s: disordered", t->name);
    }
    return GR_OK;
}

static const gr_battle_rules t_rules = {
    .system = "aoe",
    .phases = t_phases,
    .nphases = 2,
    .verbs = t_verbs,
    .nverbs = 2,
    .setup = t_setup,
    .prepare = t_prepare,
    .apply = t_apply,
};

/* ---- the order of battle -------------------------------------------------- */

static const char oob_text[] =
    "{\n"
    "  \"format\": 1, \"system\": \"aoe\", \"title\": \"Test\", \"date\": \"1805-12-02\", "
    "\"turns\": 2, \"first\": 0,\n"
    "  \"sides\": [{\"name\": \"French\"}, {\"name\": \"Allied\"}],\n"
    "  \"leaders\": [\n"
    "    {\"id\": \"soult\", \"name\": \"Soult\", \"side\": 0, \"role\": \"corps\", \"parent\": "
    "null},\n"
    "    {\"id\": \"vandamme\", \"name\": \"Vandamme\", \"side\": 0, \"role\": \"division\",\n"
    "     \"parent\": \"soult\", \"attached\": \"schiner\"}\n"
    "  ],\n"
    "  \"units\": [\n"
    "    {\"id\": \"schiner\", \"name\": \"Schiner\", \"side\": 0, \"leader\": \"vandamme\",\n"
    "     \"arm\": \"infantry\", \"stands\": 4, \"formation\": \"line\", \"flags\": [\"sk\"]},\n"
    "    {\"id\": \"kamensky\", \"name\": \"Kamensky\", \"side\": 1, \"arm\": \"infantry\",\n"
    "     \"stands\": 4, \"formation\": \"line\", \"worn\": 1, \"spent\": 2}\n"
    "  ]\n"
    "}\n";

static gr_battle *load(void)
{
    gr_battle *b = malloc(sizeof *b);
    gr_error e;
    gr_error_clear(&e);
    gr_status st = gr_oob_parse(oob_text, strlen(oob_text), "t.json", &t_rules, 7, b, &e);
    CHECK(st == GR_OK, "the test order of battle loads: %s", e.msg);
    return b;
}

static gr_status act(gr_battle *b, const char *verb, const char *unit, const char *target,
                     const char *cover, int roll, gr_bt_outcome *out, gr_error *e)
{
    gr_bt_action a;
    memset(&a, 0, sizeof a);
    snprintf(a.call.verb, sizeof a.call.verb, "%s", verb);
    a.call.unit = unit ? gr_battle_unit(b, unit) : -1;
    a.call.target = target ? gr_battle_unit(b, target) : -1;
    a.call.leader = -1;
    if (cover) {
        snprintf(a.call.key[0], GR_BT_ID, "cover");
        snprintf(a.call.val[0], GR_BT_ID, "%s", cover);
        a.call.nin = 1;
    }
    if (roll > 0) {
        a.rolls[0] = roll;
        a.nrolls = 1;
    }
    gr_error_clear(e);
    return gr_battle_do(b, &a, out, e);
}

static void test_oob(void)
{
    gr_battle *b = load();
    /* what the file says, resolved to indices */
    CHECK(b->nunits == 2 && b->nleaders == 2, "2 units, 2 leaders");
    CHECK(b->units[0].leader == 1, "schiner is led by vandamme (leader 1)");
    CHECK(b->leaders[1].parent == 0, "vandamme's parent is soult (leader 0)");
    CHECK(b->leaders[1].attached == 0, "vandamme is attached to schiner (unit 0)");
    CHECK(b->leaders[0].attached == -1 && b->leaders[0].parent == -1, "soult: none");
    CHECK(b->units[0].worn_at == 2 && b->units[0].spent_at == 3,
          "worn/spent left out: the setup's 2 and 3");
    CHECK(b->units[1].worn_at == 1 && b->units[1].spent_at == 2, "worn/spent from the file");
    CHECK(b->turn == 1 && b->phase == 0 && b->turns == 2, "turn 1, phase 0 of 2 turns");
    CHECK(b->units[0].line == 10 && b->units[0].col == 5, "schiner at 10:5, got %d:%d",
          b->units[0].line, b->units[0].col);
    CHECK(strcmp(b->side_name[1], "Allied") == 0, "side names");
    CHECK(strcmp(b->date, "1805-12-02") == 0, "the date, for the systems that read its year");
    free(b);

    /* bad files: each error names the place (lines and columns counted by
     * hand in oob_text above: line 1 is the "{", columns from 1) */
    struct {
        const char *from, *to, *want;
    } bad[] = {
        {"\"stands\": 4, \"formation\": \"line\", \"flags\"",
         "\"stands\": 4, \"colour\": \"line\", \"flags\"", "t.json:11:38: unknown key \"colour\""},
        {"\"id\": \"kamensky\"", "\"id\": \"schiner\"", "t.json:12:12: duplicate unit id"},
        {"\"leader\": \"vandamme\"", "\"leader\": \"davout\"",
         "t.json:10:63: unit \"schiner\" names leader \"davout\""},
        {"\"stands\": 4, \"formation\": \"line\", \"worn\"", "\"formation\": \"line\", \"worn\"",
         "t.json:12:5: unit \"kamensky\" has no \"stands\""},
        {"\"stands\": 4, \"formation\": \"line\", \"flags\"",
         "\"stands\": 0, \"formation\": \"line\", \"flags\"",
         "t.json:11:35: \"stands\" of unit \"schiner\" must be a whole number from 1 to 99"},
        {"\"side\": 1, \"arm\"", "\"side\": 2, \"arm\"", "t.json:12:52: \"side\" of unit"},
        {"\"system\": \"aoe\"", "\"system\": \"nf\"",
         "t.json:2:26: \"system\" is \"nf\", but the battle is started as aoe"},
        {"\"date\": \"1805-12-02\"", "\"date\": \"2 Dec 1805\"",
         "t.json:2:58: \"date\" is \"2 Dec 1805\"; write it YYYY-MM-DD"},
        {"\"parent\": \"soult\"", "\"parent\": \"vandamme\"",
         "t.json:7:16: leader \"vandamme\" is his own parent"},
        {"\"arm\": \"infantry\", \"stands\": 4, \"formation\": \"line\", \"flags\"",
         "\"arm\": \"infantry\", \"quality\": \"elite\", \"stands\": 4, \"formation\": \"line\", "
         "\"flags\"",
         "t.json:10:5: unit schiner: quality \"elite\"; accepted: regular"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[4096];
        const char *at = strstr(oob_text, bad[i].from);
        CHECK(at != NULL, "case %zu: the text to change is in the file", i);
        if (!at)
            continue;
        snprintf(text, sizeof text, "%.*s%s%s", (int)(at - oob_text), oob_text, bad[i].to,
                 at + strlen(bad[i].from));
        gr_battle *c = malloc(sizeof *c);
        gr_error e;
        gr_error_clear(&e);
        gr_status st = gr_oob_parse(text, strlen(text), "t.json", &t_rules, 1, c, &e);
        CHECK(st == GR_EINPUT, "case %zu: refused with GR_EINPUT (%d)", i, (int)st);
        CHECK(strstr(e.msg, bad[i].want) != NULL, "case %zu: \"%s\" in \"%s\"", i, bad[i].want,
              e.msg);
        free(c);
    }
}

/* With no rules given, the file's system chooses them; an unknown one is
 * refused at its value with the systems kept. */
static void test_unknown_system(void)
{
    char text[4096];
    const char *at = strstr(oob_text, "\"aoe\"");
    snprintf(text, sizeof text, "%.*s\"xyz\"%s", (int)(at - oob_text), oob_text, at + 5);
    gr_battle *c = malloc(sizeof *c);
    gr_error e;
    gr_error_clear(&e);
    CHECK(gr_oob_parse(text, strlen(text), "t.json", NULL, 1, c, &e) == GR_EINPUT &&
              strstr(e.msg, "t.json:2:26: unknown system \"xyz\"; accepted: "),
          "unknown system: %s", e.msg);
    free(c);
}

static void test_phases_and_rolls(void)
{
    gr_battle *b = load();
    gr_bt_outcome *out = malloc(sizeof *out);
    gr_error e;
    /* rally is allowed only in "move": refused now, naming where it is */
    uint64_t h0 = gr_battle_hash(b);
    gr_status st = act(b, "rally", "schiner", NULL, NULL, 0, out, &e);
    CHECK(st == GR_EILLEGAL, "rally in the fire phase refused (%d)", (int)st);
    CHECK(strstr(e.msg, "this is fire") && strstr(e.msg, "allowed in: move"),
          "the message names the phase and the allowed phases: %s", e.msg);
    CHECK(gr_battle_hash(b) == h0 && b->nactions == 0, "a refused action changes nothing");

    /* typed roll 9 with 4 stands (power 10): "9 ou plus" Tir efficace */
    st = act(b, "volley", "schiner", "kamensky", NULL, 9, out, &e);
    CHECK(st == GR_OK, "volley: %s", e.msg);
    CHECK(out->resolved && out->res.nrolls == 1 && out->res.rolls[0].total == 9 &&
              out->res.rolls[0].typed,
          "the typed 9 is the roll");
    CHECK(out->res.steps[0].score == 9, "score 9 + 0 = 9, got %d", out->res.steps[0].score);
    gr_bt_unit *k = &b->units[1];
    CHECK(k->lost == 1 && k->disordered == 1, "kamensky loses 1 stand, disordered");
    CHECK(k->condition == GR_BT_WORN, "1 stand lost, worn at 1: worn (%d)", k->condition);
    CHECK(b->units[0].fired == 1 && b->nactions == 1, "schiner fired; one action");

    /* rollback: schiner has fired, the rules refuse; the state is as it was */
    uint64_t h1 = gr_battle_hash(b);
    st = act(b, "volley", "schiner", "kamensky", NULL, 9, out, &e);
    CHECK(st == GR_EINPUT && strstr(e.msg, "has fired"), "second volley refused: %s", e.msg);
    CHECK(gr_battle_hash(b) == h1 && b->nactions == 1, "hash unchanged after a refusal");
    /* a failure inside the resolution (a roll of 11 on a D10) rolls back too */
    b->units[0].fired = 0;
    uint64_t h2 = gr_battle_hash(b);
    st = act(b, "volley", "schiner", "kamensky", NULL, 11, out, &e);
    CHECK(st == GR_EINPUT && strstr(e.msg, "11"), "roll 11 refused: %s", e.msg);
    CHECK(gr_battle_hash(b) == h2 && b->units[1].lost == 1, "hash unchanged after a bad roll");

    /* --cover 1: DRM -1, typed 9 scores 8, "6, 7, 8" Tir impressionnant:
     * disorder, no stand */
    st = act(b, "volley", "schiner", "kamensky", "1", 9, out, &e);
    CHECK(st == GR_OK && out->res.steps[0].score == 8, "cover 1: score 8 (%s)", e.msg);
    CHECK(b->units[1].lost == 1, "impressive: no stand lost");

    /* next: the move phase, second player (side 1) acts */
    st = act(b, "next", NULL, NULL, NULL, 0, out, &e);
    CHECK(st == GR_OK && b->phase == 1 && gr_battle_active_side(b) == 1, "next: move, side 1");
    CHECK(b->units[0].fired == 0, "fired cleared by the new phase");
    st = act(b, "rally", "kamensky", NULL, NULL, 4, out, &e);
    CHECK(st == GR_EINPUT && strstr(e.msg, "rolls no dice"), "rally takes no roll: %s", e.msg);
    st = act(b, "rally", "kamensky", NULL, NULL, 0, out, &e);
    CHECK(st == GR_OK && b->units[1].disordered == 0, "rally: %s", e.msg);
    st = act(b, "next", NULL, NULL, NULL, 0, out, &e);
    CHECK(b->turn == 2 && b->phase == 0, "after the last phase: turn 2, phase 0");
    free(out);
    free(b);
}

static void test_same_seed_and_hash_fields(void)
{
    gr_battle *a = load(), *c = load();
    gr_error e;
    /* seeded dice: same seed and actions, same hash; the roll is the same */
    CHECK(act(a, "volley", "schiner", "kamensky", NULL, 0, NULL, &e) == GR_OK, "%s", e.msg);
    CHECK(act(c, "volley", "schiner", "kamensky", NULL, 0, NULL, &e) == GR_OK, "%s", e.msg);
    CHECK(gr_battle_hash(a) == gr_battle_hash(c), "same seed, same actions: same hash");
    free(c);

    /* every field of the state changes the hash */
    uint64_t h = gr_battle_hash(a);
    gr_battle *m = malloc(sizeof *m);
#define FIELD(expr)                                                                                \
    do {                                                                                           \
        memcpy(m, a, sizeof *m);                                                                   \
        expr;                                                                                      \
        CHECK(gr_battle_hash(m) != h, "changing %s changes the hash", #expr);                      \
    } while (0)
    FIELD(m->turn++);
    FIELD(m->phase++);
    FIELD(m->first ^= 1);
    FIELD(m->nactions++);
    FIELD(m->turns++);
    FIELD(m->date[0] = 'X');
    FIELD(m->sys[3]++);
    FIELD(m->units[1].lost++);
    FIELD(m->units[1].stands++);
    FIELD(m->units[1].worn_at++);
    FIELD(m->units[1].spent_at++);
    FIELD(m->units[1].condition++);
    FIELD(m->units[1].disordered ^= 1);
    FIELD(m->units[1].broken ^= 1);
    FIELD(m->units[1].ammo++);
    FIELD(m->units[1].guns++);
    FIELD(m->units[1].guns_silenced++);
    FIELD(m->units[1].limbered ^= 1);
    FIELD(m->units[1].in_reserve ^= 1);
    FIELD(m->units[1].removed ^= 1);
    FIELD(m->units[1].lost_phase++);
    FIELD(m->units[1].fired ^= 1);
    FIELD(m->units[1].leader = 0);
    FIELD(m->units[1].side = 0);
    FIELD(m->units[1].arm = GR_BT_CAVALRY);
    FIELD(m->units[1].sys[7]++);
    FIELD(m->units[1].formation[0] = 'X');
    FIELD(m->units[1].quality[0] = 'X');
    FIELD(m->units[1].kind[0] = 'X');
    FIELD(m->units[1].weapon[0] = 'X');
    FIELD(m->units[1].nation[0] = 'X');
    FIELD(m->units[0].flags[0][0] = 'X');
    FIELD(m->units[0].nflags = 0);
    FIELD(m->leaders[1].status = GR_BT_KILLED);
    FIELD(m->leaders[1].attached = -1);
    FIELD(m->leaders[1].parent = -1);
    FIELD(m->leaders[1].back_turn = 3);
    FIELD(m->leaders[1].side = 1);
    FIELD(m->leaders[1].rating[0] = 'X');
#undef FIELD
    free(m);
    free(a);
}

/* Replace the first `was` in the file at `path` by `now`: 1 if done. */
static int retouch(const char *path, const char *was, const char *now)
{
    static char text[1 << 20], out[1 << 20];
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f)
        fclose(f);
    text[n] = 0;
    char *k = strstr(text, was);
    if (!k || n + strlen(now) >= sizeof out)
        return 0;
    int m = snprintf(out, sizeof out, "%.*s%s%s", (int)(k - text), text, now, k + strlen(was));
    f = fopen(path, "wb");
    return m > 0 && f && fwrite(out, 1, (size_t)m, f) == (size_t)m && fclose(f) == 0;
}

/* The text of the file at `path` (a static buffer). */
static const char *slurp(const char *path)
{
    static char text[1 << 20];
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f)
        fclose(f);
    text[n] = 0;
    return text;
}

/* Undo and resume through the battle file (a save of the battle's match):
 * undo gives the hash before the test, exactly; a written and read file
 * resumes; a die the seed no longer draws, or a record that no longer
 * applies, fails loudly, naming the step. */
static void test_file_undo_resume(void)
{
    char dir[] = "/tmp/grognard-bt-XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "temporary folder");
    char oob[300], path[300];
    snprintf(oob, sizeof oob, "%s/oob.json", dir);
    snprintf(path, sizeof path, "%s/battle.json", dir);
    FILE *fp = fopen(oob, "w");
    fputs(oob_text, fp);
    fclose(fp);

    gr_battle_file f;
    gr_error e;
    gr_error_clear(&e);
    CHECK(gr_battle_file_new(oob, &t_rules, 42, &f, &e) == GR_OK, "new: %s", e.msg);
    uint64_t hashes[4];
    hashes[0] = gr_battle_hash(gr_battle_file_battle(&f));
    const char *verbs[3] = {"volley", "next", "rally"};
    const char *units[3] = {"schiner", NULL, "kamensky"};
    const char *targets[3] = {"kamensky", NULL, NULL};
    for (int i = 0; i < 3; i++) {
        const gr_battle *b = gr_battle_file_battle(&f);
        gr_bt_action a;
        memset(&a, 0, sizeof a);
        snprintf(a.call.verb, sizeof a.call.verb, "%s", verbs[i]);
        a.call.unit = units[i] ? gr_battle_unit(b, units[i]) : -1;
        a.call.target = targets[i] ? gr_battle_unit(b, targets[i]) : -1;
        a.call.leader = -1;
        CHECK(gr_battle_file_act(&f, &a, NULL, &e) == GR_OK, "action %d: %s", i, e.msg);
        hashes[i + 1] = gr_battle_hash(gr_battle_file_battle(&f));
    }
    CHECK(gr_battle_file_write(&f, path, &e) == GR_OK, "write: %s", e.msg);
    gr_battle_file_free(&f);

    gr_battle_file g;
    CHECK(gr_battle_file_read(path, &t_rules, &g, &e) == GR_OK, "read: %s", e.msg);
    CHECK(g.m && gr_battle_file_battle(&g)->nactions == 3 && g.seed == 42 &&
              gr_match_steps(g.m) == 4 && gr_match_step(g.m, 1)->player == GR_CHANCE &&
              !gr_match_step(g.m, 1)->given,
          "3 actions (the volley's one D10 from the seed), seed 42");
    CHECK(gr_battle_hash(gr_battle_file_battle(&g)) == hashes[3],
          "resumed: the hash after the last action");
    for (int k = 2; k >= 0; k--) {
        CHECK(gr_battle_file_undo(&g, NULL, &e) == GR_OK, "undo: %s", e.msg);
        CHECK(gr_battle_hash(gr_battle_file_battle(&g)) == hashes[k],
              "undo to %d actions: the hash before action %d", k, k + 1);
    }
    CHECK(gr_battle_file_undo(&g, NULL, &e) == GR_EILLEGAL, "nothing left to undo");
    int kept = g.m ? 0 : -1;
    gr_battle_file_free(&g);
    /* a die drawn from the seed, changed in the file: the seed draws another */
    CHECK(kept == 0, "read");
    /* the save records each action as the battle commands take it (the
     * verb and the units by name: a record a later release reads the same)
     * and each die as its value */
    const char *text = slurp(path);
    CHECK(strstr(text, "\"n\": 1, \"player\": 0, \"action\": \"volley schiner --target "
                       "kamensky\"") &&
              strstr(text, "\"n\": 4, \"player\": 1, \"action\": \"rally kamensky\""),
          "the actions as text: %.400s", text);
    static const char key[] = "\"n\": 2, \"player\": \"chance\", \"action\": ";
    const char *d = strstr(text, key);
    int die = d ? atoi(d + strlen(key)) : 0;
    CHECK(die >= 1 && die <= 10, "the volley's D10 as its value: %d", die);
    char was[80], now[80];
    snprintf(was, sizeof was, "%s%d,", key, die);
    snprintf(now, sizeof now, "%s%d,", key, die % 10 + 1);
    CHECK(retouch(path, was, now), "retouch");
    CHECK(gr_battle_file_read(path, &t_rules, &g, &e) == GR_EINPUT && strstr(e.msg, "step 2") &&
              strstr(e.msg, "the seed gives"),
          "seeded dice changed: %s", e.msg);
    CHECK(retouch(path, now, was), "retouch");
    CHECK(gr_battle_file_read(path, &t_rules, &g, &e) == GR_OK, "as it was: %s", e.msg);
    gr_battle_file_free(&g);
    /* a record that no longer applies (the rally names the other side's
     * unit) fails loudly, naming the step */
    CHECK(retouch(path, "\"rally kamensky\"", "\"rally schiner\""), "retouch");
    CHECK(gr_battle_file_read(path, &t_rules, &g, &e) == GR_EINPUT && strstr(e.msg, "step 4") &&
              strstr(e.msg, "refused"),
          "a changed record: %s", e.msg);
    /* one naming a unit the order of battle does not have, at its place */
    CHECK(retouch(path, "\"rally schiner\"", "\"rally nobody\""), "retouch");
    CHECK(gr_battle_file_read(path, &t_rules, &g, &e) == GR_EINPUT && strstr(e.msg, ".json:") &&
              strstr(e.msg, "'nobody' is not a unit of this battle"),
          "an unknown unit: %s", e.msg);
    unlink(path);
    unlink(oob);
    rmdir(dir);
}

int main(void)
{
    test_oob();
    test_unknown_system();
    test_phases_and_rolls();
    test_same_seed_and_hash_fields();
    test_file_undo_resume();
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
