/* bt_game.c - the battle companion behind game.h (bt_game.h): the battle
 * is the state, a verb a player's decision, each die a chance node. */
#include "grognard/bt_game.h"

#include "grognard/dice.h"
#include "grognard/hash.h"
#include "grognard/json_reader.h"
#include "grognard/oob.h"
#include "grognard/utf8.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the action record ---------------------------------------------------
 * A player's action: the verb by its name (a name keeps its meaning from
 * one release to the next, where an index into the system's verbs would
 * not: saves and the store's records hold it), the units and the leader
 * as indices into the battle's order of battle (plus one, 0: none), then
 * the table's facts as words.  A chance outcome is a die's value
 * (gr_game_act_of): its first byte is never a letter. */
#define BT_VERB  16 /* a verb's name, NUL-padded ("countercharge": 13 letters) */
#define BT_FACTS (GR_ACTION_MAX - BT_VERB - 4)

typedef struct bt_rec {
    char verb[BT_VERB];           /* "next", "fire"...: NUL-padded */
    uint8_t unit, target, leader; /* plus one; 0: none */
    uint8_t nfacts;
    char facts[BT_FACTS]; /* "key=value\0key=value\0", then zeros */
} bt_rec;

_Static_assert(sizeof(bt_rec) == GR_ACTION_MAX, "a record fills GR_ACTION_MAX");

/* The state: the battle and the test waiting for its dice. */
typedef struct bt_state {
    gr_battle b;
    int pending;           /* 1: a test waits for dice (a chance node) */
    int need;              /* the gr_roll_kind of the roll it waits for */
    const char *need_name; /* its name, a constant of the procedure ("general hit") */
    int parts, got;        /* values of that roll (2 if opposed) and how many are in */
    int nrolls;            /* the test's dice so far */
    int rolls[GR_MAX_ROLLS * 2];
    unsigned char call[GR_ACTION_MAX]; /* the test's record */
} bt_state;

static const gr_battle *start_of(const void *sc)
{
    return &((const gr_bt_scenario *)sc)->start;
}

const gr_battle *gr_bt_game_battle(const void *st)
{
    return &((const bt_state *)st)->b;
}

void gr_bt_scenario_init(gr_bt_scenario *sc, const gr_battle *start)
{
    memset(sc, 0, sizeof *sc);
    memcpy(&sc->start, start, sizeof *start);
    sc->digest = gr_battle_hash(start);
}

static size_t digest_bytes(const void *sc)
{
    (void)sc;
    return sizeof(uint64_t);
}

/* ---- records and calls ----------------------------------------------------- */

gr_status gr_bt_game_call(const gr_battle *b, const void *act, gr_bt_action *out, gr_error *err)
{
    bt_rec r;
    memcpy(&r, act, sizeof r);
    memset(out, 0, sizeof *out);
    gr_bt_call *c = &out->call;
    size_t vl = strnlen(r.verb, BT_VERB);
    if (vl == 0 || vl == BT_VERB)
        return gr_error_set(err, GR_EINPUT, "the action names no verb of %s", b->system);
    memcpy(c->verb, r.verb, vl);
    if (strcmp(c->verb, "next") && !gr_battle_verb(b, c->verb))
        return gr_error_set(err, GR_EINPUT, "%s has no verb \"%s\"", b->system, c->verb);
    c->unit = r.unit && r.unit <= b->nunits ? r.unit - 1 : -1;
    c->target = r.target && r.target <= b->nunits ? r.target - 1 : -1;
    c->leader = r.leader && r.leader <= b->nleaders ? r.leader - 1 : -1;
    if ((r.unit && c->unit < 0) || (r.target && c->target < 0) || (r.leader && c->leader < 0))
        return gr_error_set(err, GR_EINPUT, "the action names a unit or leader %s does not have",
                            b->title);
    size_t at = 0;
    for (int i = 0; i < r.nfacts; i++) {
        if (i >= GR_BT_MAX_INPUTS || at >= BT_FACTS)
            return gr_error_set(err, GR_EINPUT, "the action's facts are damaged");
        const char *kv = r.facts + at;
        size_t len = strnlen(kv, BT_FACTS - at);
        const char *eq = memchr(kv, '=', len);
        if (len == BT_FACTS - at || !eq || (size_t)(eq - kv) >= GR_BT_ID ||
            len - (size_t)(eq - kv) > GR_BT_ID)
            return gr_error_set(err, GR_EINPUT, "the action's facts are damaged");
        memcpy(c->key[i], kv, (size_t)(eq - kv));
        snprintf(c->val[i], GR_BT_ID, "%s", eq + 1);
        at += len + 1;
    }
    c->nin = r.nfacts;
    return GR_OK;
}

gr_status gr_bt_game_record(const gr_battle *b, const gr_bt_call *c, void *act, gr_error *err)
{
    bt_rec r = {0};
    size_t verb_len = strnlen(c->verb, sizeof c->verb);
    if (strcmp(c->verb, "next") && !gr_battle_verb(b, c->verb))
        return gr_error_set(err, GR_EINPUT, "%s has no verb \"%s\"", b->system, c->verb);
    if (verb_len >= BT_VERB)
        return gr_error_set(err, GR_EINPUT,
                            "the verb \"%s\" is longer than %d letters, which an action keeps",
                            c->verb, BT_VERB - 1);
    memcpy(r.verb, c->verb, verb_len);
    r.unit = (uint8_t)(c->unit >= 0 && c->unit < b->nunits ? c->unit + 1 : 0);
    r.target = (uint8_t)(c->target >= 0 && c->target < b->nunits ? c->target + 1 : 0);
    r.leader = (uint8_t)(c->leader >= 0 && c->leader < b->nleaders ? c->leader + 1 : 0);
    size_t at = 0;
    for (int i = 0; i < c->nin; i++) {
        size_t kl = strnlen(c->key[i], GR_BT_ID), vl = strnlen(c->val[i], GR_BT_ID);
        if (kl == 0 || kl >= GR_BT_ID || vl >= GR_BT_ID || memchr(c->key[i], '=', kl))
            return gr_error_set(err, GR_EINPUT,
                                "fact \"%.*s\": a name of 1 to %d letters and a value of "
                                "at most %d",
                                (int)kl, c->key[i], GR_BT_ID - 1, GR_BT_ID - 1);
        if (at + kl + vl + 2 > BT_FACTS)
            return gr_error_set(err, GR_EINPUT,
                                "the action's facts take more than %d bytes (names, values and "
                                "a separator each); an action keeps that many",
                                BT_FACTS);
        memcpy(r.facts + at, c->key[i], kl);
        r.facts[at + kl] = '=';
        memcpy(r.facts + at + kl + 1, c->val[i], vl);
        at += kl + vl + 2;
        r.nfacts++;
    }
    memcpy(act, &r, sizeof r);
    return GR_OK;
}

/* Unit or leader `id` of b (given as `opt`) into *out: GR_EINPUT listing
 * the battle's units or leaders if it has none of that id. */
static gr_status find_ref(const gr_battle *b, const char *opt, const char *id, int leader, int *out,
                          gr_error *err)
{
    *out = leader ? gr_battle_leader(b, id) : gr_battle_unit(b, id);
    if (*out >= 0)
        return GR_OK;
    char list[600];
    gr_battle_ids(b, leader, list, sizeof list);
    return gr_error_set(err, GR_EINPUT, "%s '%s' is not a %s of this battle; its %ss: %s", opt, id,
                        leader ? "leader" : "unit", leader ? "leader" : "unit", list);
}

gr_status gr_bt_call_parse(const gr_battle *b, char *const *w, int n, gr_bt_call *c, gr_error *err)
{
    memset(c, 0, sizeof *c);
    c->unit = c->target = c->leader = -1;
    if (n == 0 || strlen(w[0]) >= sizeof c->verb)
        return gr_error_set(err, GR_EINPUT, "no action: write a verb (next, %s...)",
                            b->rules->nverbs ? b->rules->verbs[0].name : "");
    snprintf(c->verb, sizeof c->verb, "%s", w[0]);
    int i = 1;
    gr_status st = GR_OK;
    if (i < n && strncmp(w[i], "--", 2) && (st = find_ref(b, "UNIT", w[i++], 0, &c->unit, err)))
        return st;
    for (; i < n; i++) {
        if (strncmp(w[i], "--", 2) || !w[i][2])
            return gr_error_set(err, GR_EINPUT, "\"%s\": expected --NAME VALUE", w[i]);
        const char *key = w[i] + 2;
        const char *val = i + 1 < n && strncmp(w[i + 1], "--", 2) ? w[++i] : NULL;
        int ref = !strcmp(key, "target") || !strcmp(key, "leader");
        if (!strcmp(key, "roll"))
            return gr_error_set(err, GR_EINPUT,
                                "dice are not part of the action: each die is given as it is "
                                "rolled, when the test asks for it");
        if (ref && !val)
            return gr_error_set(err, GR_EINPUT, "{%s} needs a value", key);
        if (ref && (st = find_ref(b, w[i - 1], val, key[0] == 'l',
                                  key[0] == 'l' ? &c->leader : &c->target, err)) != GR_OK)
            return st;
        if (ref)
            continue;
        if (!val)
            val = "true"; /* a flag */
        if (!gr_utf8_valid(key) || !gr_utf8_valid(val))
            return gr_error_set(err, GR_EINPUT, "{%s}: not valid UTF-8; type it again", key);
        if (c->nin >= GR_BT_MAX_INPUTS || strlen(key) >= GR_BT_ID || strlen(val) >= GR_BT_ID)
            return gr_error_set(err, GR_EINPUT,
                                "{%s} %s: at most %d facts, names and values of at most %d bytes",
                                key, val, GR_BT_MAX_INPUTS, GR_BT_ID - 1);
        if (gr_bt_call_get(c, key))
            return gr_error_set(err, GR_EINPUT, "{%s} is given twice; give it once", key);
        snprintf(c->key[c->nin], GR_BT_ID, "%s", key);
        snprintf(c->val[c->nin], GR_BT_ID, "%s", val);
        c->nin++;
    }
    return GR_OK;
}

/* "VERB [UNIT] [--target UNIT] [--leader LEADER] [--KEY VALUE | --FLAG]...",
 * as the battle commands take it, into the record act. */
static gr_status parse_on(const gr_battle *b, const char *text, void *act, gr_error *err)
{
    char buf[512];
    if (strlen(text) >= sizeof buf)
        return gr_error_set(err, GR_EINPUT, "the action is longer than %zu characters",
                            sizeof buf - 1);
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL;
    char *tok[64];
    int n = 0;
    for (char *t = strtok_r(buf, " \t\n", &save); t && n < 64; t = strtok_r(NULL, " \t\n", &save))
        tok[n++] = t;
    gr_bt_call c;
    gr_status st = gr_bt_call_parse(b, tok, n, &c, err);
    return st == GR_OK ? gr_bt_game_record(b, &c, act, err) : st;
}

static gr_status bt_parse(const void *sc, const void *st, const char *text, void *act,
                          gr_error *err)
{
    (void)sc;
    return parse_on(gr_bt_game_battle(st), text, act, err);
}

/* ---- a save's record: the describe text, a die as its number ---------------
 * A player's action names its verb, units and leader by their ids and
 * its facts as words, which the order of battle (the scenario) reads
 * back: no index a release may change. */

static json_t *bt_action_record(const void *sc, const void *act)
{
    const unsigned char *r = act;
    if (r[0] < 'a') /* a chance outcome: a die's value (a verb is a word) */
        return json_integer((json_int_t)gr_game_act_action(act));
    gr_bt_action a;
    char buf[GR_ACTION_MAX * 4];
    if (gr_bt_game_call(start_of(sc), act, &a, NULL) != GR_OK)
        return NULL;
    return json_string(gr_battle_action_text(start_of(sc), &a, buf, sizeof buf));
}

static gr_status bt_action_unrecord(const void *sc, const gr_jr_node *v, const char *name,
                                    void *act, gr_error *err)
{
    if (v->type == GR_JR_NUMBER && v->is_int && v->ival >= 1 && v->ival <= 12) {
        gr_game_act_of((gr_action)v->ival, act);
        return GR_OK;
    }
    if (v->type != GR_JR_STRING || strlen(v->str) != v->len)
        return gr_jr_fail(err, name, v,
                          "\"action\" must be a die's value (1 to 12) or an action as the "
                          "battle commands take it (`fire UNIT --target UNIT --range 4`); "
                          "copy it from the battle that wrote the file");
    gr_error e;
    gr_error_clear(&e);
    if (parse_on(start_of(sc), v->str, act, &e) != GR_OK)
        return gr_jr_fail(err, name, v, "the action \"%.200s\" is not one of %s: %s", v->str,
                          start_of(sc)->title, e.msg);
    return GR_OK;
}

static const char *bt_scenario_title(const void *sc)
{
    return start_of(sc)->title;
}

/* ---- the Game half: an order of battle as the scenario -------------------- */

/* The order of battle `text` as a scenario of system `system`: the file's
 * "system" must be it (gr_oob_parse's message otherwise). */
static gr_status bt_load(const char *system, const char *text, size_t len, const char *name,
                         void **out, gr_error *err)
{
    *out = NULL;
    if (len > GR_OOB_MAX_BYTES)
        return gr_error_set(err, GR_EINPUT,
                            "%s: an order of battle is at most %d bytes; this one has %zu", name,
                            GR_OOB_MAX_BYTES, len);
    gr_bt_scenario *sc = malloc(sizeof *sc);
    gr_battle *b = malloc(sizeof *b);
    if (!sc || !b) {
        free(sc);
        free(b);
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory loading an order of battle", name);
    }
    gr_status st = gr_oob_parse(text, len, name, gr_battle_rules_find(system), 0, b, err);
    if (st == GR_OK) {
        gr_bt_scenario_init(sc, b);
        /* the id: the file name's stem ("data/oob/nf/maida.json": "maida") */
        const char *base = strrchr(name, '/');
        base = base ? base + 1 : name;
        size_t n = strlen(base);
        if (n > 5 && !strcmp(base + n - 5, ".json"))
            n -= 5;
        snprintf(sc->id, sizeof sc->id, "%.*s", (int)(n < sizeof sc->id ? n : sizeof sc->id - 1),
                 base);
        *out = sc;
    } else {
        free(sc);
    }
    free(b);
    return st;
}

#define BT_LOAD(sys)                                                                               \
    static gr_status bt_load_##sys(const char *text, size_t len, const char *name, void **sc,      \
                                   gr_error *err)                                                  \
    {                                                                                              \
        return bt_load(#sys, text, len, name, sc, err);                                            \
    }                                                                                              \
    static int bt_claims_##sys(const gr_jr_node *root)                                             \
    {                                                                                              \
        return bt_claims(#sys, root);                                                              \
    }

/* An order of battle names its system ("system": "nf") and no "game". */
static int bt_claims(const char *system, const gr_jr_node *root)
{
    const gr_jr_node *sys = root->type == GR_JR_OBJECT ? gr_jr_get(root, "system") : NULL;
    return sys && sys->type == GR_JR_STRING && !strcmp(sys->str, system);
}

BT_LOAD(aoe)
BT_LOAD(nf)
BT_LOAD(rff)

static const char *bt_scenario_id(const void *sc)
{
    return ((const gr_bt_scenario *)sc)->id;
}

static int bt_scenario_summary(const void *sc, char *buf, size_t cap)
{
    const gr_battle *b = start_of(sc);
    return snprintf(buf, cap, "%s, an order of battle of %s, %d turns, %d units and %d leaders",
                    b->title, b->system, b->turns, b->nunits, b->nleaders);
}

/* What GET /api/oobs lists of an order of battle (docs/api.md). */
static json_t *bt_scenario_json(const void *sc)
{
    const gr_battle *b = start_of(sc);
    json_t *j = json_pack("{ssssssssss}", "game", b->system, "title", b->title, "system", b->system,
                          "id", bt_scenario_id(sc), "date", b->date);
    json_t *sides = json_array();
    if (!j || !sides) {
        json_decref(j);
        json_decref(sides);
        return NULL;
    }
    int units[2] = {0, 0};
    for (int u = 0; u < b->nunits; u++)
        units[b->units[u].side & 1]++;
    for (int s = 0; s < 2; s++)
        json_array_append_new(sides,
                              json_pack("{sssi}", "name", b->side_name[s], "units", units[s]));
    json_object_set_new(j, "sides", sides);
    json_object_set_new(j, "units", json_integer(b->nunits));
    json_object_set_new(j, "leaders", json_integer(b->nleaders));
    json_object_set_new(j, "turns", json_integer(b->turns));
    return j;
}

/* ---- dice ------------------------------------------------------------------- */

/* Try the pending test with the dice in so far: applied (pending 0) or
 * waiting for its next roll.  GR_OK, or why the test is refused. */
static gr_status try_test(bt_state *s, gr_error *err)
{
    gr_bt_action a;
    gr_status st = gr_bt_game_call(&s->b, s->call, &a, err);
    if (st != GR_OK)
        return st;
    a.nrolls = s->nrolls;
    memcpy(a.rolls, s->rolls, sizeof a.rolls);
    gr_roll_kind need = GR_ROLL_NONE;
    const char *name = NULL;
    if ((st = gr_battle_do_exact(&s->b, &a, NULL, &need, &name, err)) != GR_OK)
        return st;
    if (need == GR_ROLL_NONE) {
        s->pending = 0;
        s->need_name = NULL;
        s->need = s->parts = s->got = s->nrolls = 0;
        memset(s->rolls, 0, sizeof s->rolls);
        memset(s->call, 0, sizeof s->call);
        return GR_OK;
    }
    int lo, hi;
    s->pending = 1;
    s->need = (int)need;
    s->need_name = name;
    s->parts = gr_roll_parts((gr_roll_kind)need, &lo, &hi);
    s->got = 0;
    if (s->parts == 0 || s->nrolls + s->parts > (int)GR_COUNT(s->rolls))
        return gr_error_set(err, GR_ERUNTIME, "%s: a test needs a roll the companion cannot take",
                            s->b.system);
    return GR_OK;
}

/* Apply a record to s: a decision (its test started, applied if it needs
 * no die) or a die of the pending test.  On error s may be changed: the
 * callers work on a copy or know the record is legal. */
static gr_status bt_step(bt_state *s, const void *act, gr_error *err)
{
    if (s->pending) {
        gr_action v = gr_game_act_action(act);
        uint32_t den;
        if (v > 12 || !gr_roll_part_ways((gr_roll_kind)s->need, (int)v, &den))
            return gr_error_set(err, GR_EILLEGAL, "%d is not a possible value of the %s", (int)v,
                                gr_roll_name((gr_roll_kind)s->need));
        s->rolls[s->nrolls++] = (int)v;
        if (++s->got < s->parts)
            return GR_OK; /* the defender's part of an opposed roll is still to come */
        return try_test(s, err);
    }
    memcpy(s->call, act, GR_ACTION_MAX);
    s->nrolls = 0;
    return try_test(s, err);
}

/* ---- the type's entries ----------------------------------------------------- */

static const char *bt_player_name(const void *sc, int p)
{
    return p == 0 || p == 1 ? start_of(sc)->side_name[p] : "?";
}

static gr_status bt_init(const void *sc, void *st, gr_error *err)
{
    (void)err;
    bt_state *s = st;
    memset(s, 0, sizeof *s);
    memcpy(&s->b, start_of(sc), sizeof s->b);
    return GR_OK;
}

static int bt_current_player(const void *sc, const void *st)
{
    (void)sc;
    const bt_state *s = st;
    return s->pending ? GR_CHANCE : gr_battle_active_side(&s->b);
}

static int bt_chance_outcomes(const void *sc, const void *st, gr_chance_outcome *out, int cap)
{
    (void)sc;
    const bt_state *s = st;
    if (!s->pending)
        return 0;
    int lo, hi, n = 0;
    gr_roll_parts((gr_roll_kind)s->need, &lo, &hi);
    for (int v = lo; v <= hi && n < cap; v++) {
        uint32_t den, w = gr_roll_part_ways((gr_roll_kind)s->need, v, &den);
        out[n++] = (gr_chance_outcome){(gr_action)v, w, den};
    }
    return n;
}

static int bt_legal_actions(const void *sc, const void *st, gr_action *out, int cap)
{
    gr_chance_outcome o[11];
    int n = bt_chance_outcomes(sc, st, o, 11);
    for (int i = 0; i < n && i < cap; i++)
        out[i] = o[i].action;
    return n < cap ? n : cap;
}

static gr_status bt_check(const void *sc, const void *st, const void *act, gr_error *err)
{
    (void)sc;
    bt_state *t = malloc(sizeof *t);
    if (!t)
        return gr_error_set(err, GR_ERUNTIME, "out of memory checking an action");
    memcpy(t, st, sizeof *t);
    gr_status r = bt_step(t, act, err);
    free(t);
    return r;
}

static int bt_is_legal(const void *sc, const void *st, const void *act)
{
    const bt_state *s = st;
    gr_action v = gr_game_act_action(act);
    uint32_t den;
    if (s->pending) /* a die: a value it can take */
        return v <= 12 && gr_roll_part_ways((gr_roll_kind)s->need, (int)v, &den) > 0;
    return bt_check(sc, st, act, NULL) == GR_OK;
}

static void bt_apply(const void *sc, void *st, const void *act, gr_log *log)
{
    (void)sc;
    (void)log;
    /* trusted: act is legal (the outcome is not kept: the battle commands
     * resolve a test again from its record to show it) */
    bt_step(st, act, NULL);
}

static int bt_winner(const void *sc, const void *st)
{
    (void)sc;
    (void)st;
    return GR_ONGOING; /* the companion keeps a battle; the players end it */
}

static uint64_t bt_hash(const void *sc, const void *st)
{
    (void)sc;
    const bt_state *s = st;
    uint64_t h = gr_battle_hash(&s->b);
    if (!s->pending)
        return h;
    /* a test waiting for dice: the test and its dice so far */
    h = gr_fnv1a64(h, s->call, sizeof s->call);
    unsigned char d[4 + GR_MAX_ROLLS * 2];
    d[0] = (unsigned char)s->need;
    d[1] = (unsigned char)s->parts;
    d[2] = (unsigned char)s->got;
    d[3] = (unsigned char)s->nrolls;
    for (int i = 0; i < GR_MAX_ROLLS * 2; i++)
        d[4 + i] = (unsigned char)(i < s->nrolls ? s->rolls[i] : 0);
    return gr_fnv1a64(h, d, sizeof d);
}

static int bt_describe(const void *sc, const void *st, const void *act, char *buf, size_t cap)
{
    (void)sc;
    const bt_state *s = st;
    if (s->pending)
        return snprintf(buf, cap, "%d (%s%s)", (int)gr_game_act_action(act),
                        gr_roll_name((gr_roll_kind)s->need),
                        s->parts == 2 ? (s->got ? ", defender" : ", attacker") : "");
    gr_bt_action a;
    if (gr_bt_game_call(&s->b, act, &a, NULL) != GR_OK)
        return snprintf(buf, cap, "(no action)");
    gr_battle_action_text(&s->b, &a, buf, cap);
    return (int)strlen(buf);
}

static int bt_state_describe(const void *sc, const void *st, char *buf, size_t cap)
{
    (void)sc;
    const bt_state *s = st;
    const gr_battle *b = &s->b;
    return snprintf(buf, cap, "turn %d, %s (%s)%s", b->turn, b->rules->phases[b->phase].id,
                    b->side_name[gr_battle_active_side(b)],
                    s->pending ? ", a test waits for its dice" : "");
}

/* An observation: the state with the other side's hidden details zeroed,
 * and who observes (a side, or GR_SPECTATOR: both sides' hidden). */
typedef struct bt_obs {
    bt_state s;
    int player;
} bt_obs;

static void bt_observe(const void *sc, const void *st, int player, void *obs)
{
    (void)sc;
    bt_obs *ob = obs;
    memset(ob, 0, sizeof *ob);
    ob->player = player;
    bt_state *o = &ob->s;
    memcpy(o, st, sizeof *o);
    for (int i = 0; i < o->b.nunits; i++) {
        gr_bt_unit *u = &o->b.units[i];
        if (u->side == player)
            continue;
        /* the stands on the table are seen (what is left), not what it
         * started with nor what it lost */
        u->stands = gr_bt_unit_stands(u);
        u->lost = u->condition = 0;
        u->worn_at = u->spent_at = u->ammo = 0;
        memset(u->sys, 0, sizeof u->sys);
    }
    for (int i = 0; i < o->b.nleaders; i++) {
        gr_bt_leader *l = &o->b.leaders[i];
        if (l->side == player)
            continue;
        memset(l->rating, 0, sizeof l->rating);
        l->back_turn = 0;
    }
}

static json_t *bt_view_json(const void *sc, const void *obs)
{
    (void)sc;
    const bt_obs *ob = obs;
    const gr_battle *b = &ob->s.b;
    json_t *j = gr_bt_status_json(b, ob->player);
    json_object_set_new(
        j, "side", ob->player == 0 || ob->player == 1 ? json_integer(ob->player) : json_null());
    json_object_set_new(j, "phase_player",
                        json_string(gr_bt_phase_player_name(b->rules->phases[b->phase].player)));
    /* the system's words, the same in every battle of it (gr_bt_rules_json:
     * the server gives them apart, GET /api/battles/ID/rules) */
    json_t *rules = gr_bt_rules_json(b->rules);
    if (!rules || json_object_update(j, rules)) {
        json_decref(rules);
        json_decref(j);
        return NULL;
    }
    json_decref(rules);
    return j;
}

static int bt_event_text(const void *sc, const gr_event *ev, gr_lang lang, char *buf, size_t cap)
{
    (void)sc;
    (void)ev;
    (void)lang;
    if (cap)
        buf[0] = '\0';
    return 0;
}

static const char *bt_event_kind_name(int kind)
{
    (void)kind;
    return "none";
}

static int bt_is_pass(const void *sc, const void *st, gr_action a)
{
    (void)sc;
    const bt_state *s = st;
    unsigned char rec[GR_ACTION_MAX];
    gr_game_act_of(a, rec); /* the record's first bytes: its verb's name */
    return !s->pending && !memcmp(rec, "next", 5);
}

static int bt_turn(const void *sc, const void *st)
{
    (void)sc;
    return ((const bt_state *)st)->b.turn;
}

#define BT_TYPE(sys, name_)                                                                        \
    {                                                                                              \
        .load = bt_load_##sys, .claims = bt_claims_##sys, .scenario_id = bt_scenario_id,           \
        .scenario_json = bt_scenario_json, .scenario_summary = bt_scenario_summary,                \
        .view_json = bt_view_json, .id = #sys, .name = name_, .players = 2,                        \
        .state_size = sizeof(bt_state), .obs_size = sizeof(bt_obs), .max_actions = 11,             \
        .max_outcomes = 11, .scenario_size = sizeof(gr_bt_scenario),                               \
        .action_size = sizeof(bt_rec), .not_enumerable = 1, .undo_takes_chance = 1,                \
        .player_name = bt_player_name, .init = bt_init, .current_player = bt_current_player,       \
        .legal_actions = bt_legal_actions, .chance_outcomes = bt_chance_outcomes,                  \
        .winner = bt_winner, .hash = bt_hash, .state_describe = bt_state_describe,                 \
        .observe = bt_observe, .event_text = bt_event_text, .event_kind_name = bt_event_kind_name, \
        .is_pass = bt_is_pass, .turn = bt_turn, .act_is_legal = bt_is_legal,                       \
        .act_apply = bt_apply, .act_describe = bt_describe, .act_parse = bt_parse,                 \
        .act_check = bt_check, .scenario_digest_bytes = digest_bytes,                              \
        .scenario_title = bt_scenario_title, .action_record = bt_action_record,                    \
        .action_unrecord = bt_action_unrecord,                                                     \
    }

const gr_game_type gr_bt_game_aoe = BT_TYPE(aoe, "L'Âge des Aigles (battle companion)");
const gr_game_type gr_bt_game_nf = BT_TYPE(nf, "Napoleonic Fury (battle companion)");
const gr_game_type gr_bt_game_rff = BT_TYPE(rff, "Regimental Fire and Fury (battle companion)");

const gr_game_type *gr_bt_game_type(const char *id)
{
    static const gr_game_type *const all[] = {&gr_bt_game_aoe, &gr_bt_game_nf, &gr_bt_game_rff};
    for (size_t i = 0; i < GR_COUNT(all); i++)
        if (id && !strcmp(all[i]->id, id))
            return all[i];
    return NULL;
}

int gr_bt_game_need(const void *st, gr_roll_kind *kind, const char **name, int *lo, int *hi)
{
    const bt_state *s = st;
    if (!s->pending)
        return 0;
    *kind = (gr_roll_kind)s->need;
    *name = s->need_name;
    gr_roll_parts((gr_roll_kind)s->need, lo, hi);
    return 1;
}
