/* tb_steps.h - the steps of a scripted battle on the table, shared by the
 * table's tests (test_tb_script.c, test_tb_rules.c, test_tb_ask.c,
 * test_tb_log.c): the teaching battle loaded, the game G and its
 * state ST, the legal actions as the command says them, an action taken
 * as a person types it, a die typed at the table, and the units on the
 * table and in the companion's state.  Include after cmocka.h and
 * grognard/tb.h. */
#ifndef TB_STEPS_H
#define TB_STEPS_H

static gr_game G;
static void *ST;

/* The teaching battle's units (data/table/teaching.json), by index. */
enum { CLAPAREDE, TREILHARD, FRENCH_BATTERY, ROTTERMUND, HOHENLOHE, AUSTRIAN_BATTERY };

/* The legal actions now, as the command describes them, joined by " | ". */
static const char *legal(void)
{
    static char buf[4096];
    gr_action acts[512];
    int n = gr_game_legal_actions(&G, ST, acts, 512);
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && at < sizeof buf; i++) {
        char t[200];
        gr_game_describe(&G, ST, acts[i], t, sizeof t);
        at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s", i ? " | " : "", t);
    }
    return buf;
}

/* Take the action written `text` (parsed as a person types it). */
static void act(const char *text)
{
    gr_action a;
    gr_error err = {0};
    if (gr_game_parse(&G, ST, text, &a, &err) != GR_OK)
        fail_msg("'%s' does not parse: %s (legal: %s)", text, err.msg, legal());
    if (gr_game_apply_checked(&G, ST, a, NULL, &err) != GR_OK)
        fail_msg("'%s' refused: %s", text, err.msg);
}

/* A die typed at the table: the state waits for it. */
static void die(int v)
{
    assert_int_equal(gr_game_current_player(&G, ST), GR_CHANCE);
    gr_error err = {0};
    if (gr_game_apply_checked(&G, ST, (gr_action)v, NULL, &err) != GR_OK)
        fail_msg("die %d refused: %s", v, err.msg);
}

static void expect_legal(const char *want)
{
    const char *got = legal();
    if (strcmp(got, want))
        fail_msg("legal now:\n  want %s\n  got  %s", want, got);
}

/* The facts the table gives the test `text` (a fire, a melee, a charge,
 * a maneuver), as "key=val key=val". */
static inline const char *tb_steps_facts(const char *text)
{
    static char buf[512];
    gr_action a;
    gr_error err = {0};
    if (gr_game_parse(&G, ST, text, &a, &err) != GR_OK)
        fail_msg("'%s' does not parse: %s", text, err.msg);
    gr_bt_action call;
    if (!tb_game_call(G.sc, ST, a, &call))
        fail_msg("'%s' is not a test of the table", text);
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < call.call.nin && at < sizeof buf; i++)
        at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s=%s", i ? " " : "", call.call.key[i],
                               call.call.val[i]);
    return buf;
}

/* Unit `id` on the table, NULL when it is not there. */
static const tt_unit *unit(int id)
{
    const tt_table *t = tb_game_table(ST);
    for (int i = 0; i < t->nunits; i++)
        if (t->units[i].id == id)
            return &t->units[i];
    return NULL;
}

/* Unit `id` in the companion's state. */
static const gr_bt_unit *bunit(int id)
{
    return &tb_game_battle(ST)->units[id];
}

/* Load the battle file `file` of the source root `root` (a path below it)
 * into G as the game type `type`, and ST at its start: 0, or 1 after saying
 * why on stderr. */
static inline int tb_steps_load_file(const char *root, const char *file, const char *type)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", root, file);
    gr_error err = {0};
    if (gr_game_load(path, type, &G, &err) != GR_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    ST = malloc(G.type->state_size);
    if (!ST || gr_game_init(&G, ST, &err) != GR_OK) {
        fprintf(stderr, "%s\n", ST ? err.msg : "out of memory");
        return 1;
    }
    return 0;
}

/* Load the teaching battle of the source root `root` (data/table/
 * teaching.json) into G as the aoe-table type, and ST at its start: 0, or
 * 1 after saying why on stderr. */
static inline int tb_steps_load(const char *root)
{
    return tb_steps_load_file(root, "data/table/teaching.json", "aoe-table");
}

/* From the start, turn 1 as test_tb_script.c plays it to the Austrians'
 * fire (s1_fire_second there): claparede moved 9" to (12, 15), stands x
 * 11..13, y 12.75..15; the Austrian battery may fire at it. */
static inline void tb_steps_to_austrian_fire(void)
{
    act("next");
    act("next");
    act("reserve claparede");
    die(2);
    act("move claparede advance to 12 15");
    act("reserve treilhard");
    die(1);
    act("next");
    act("next");
    act("next");
    expect_legal("fire austrian_battery --target claparede | next");
}

#endif
