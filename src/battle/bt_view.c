/* bt_view.c - a battle as the companion shows it (bt_game.h): the names
 * of its states and the JSON of its state, whole (grognard battle status)
 * or as a viewer may see it (the game types' view_json, which the server's
 * battle view is), the verbs open now, and a call read from JSON. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "grognard/bt_game.h"
#include "grognard/resolve.h"
#include "grognard/utf8.h"

const char *gr_bt_condition_name(int c)
{
    static const char *const n[] = {"fresh", "worn", "spent"};
    return c >= 0 && c < 3 ? n[c] : "?";
}

const char *gr_bt_leader_status_name(int s)
{
    static const char *const n[] = {"active", "out_of_action", "wounded", "killed", "captured"};
    return s >= 0 && s < 5 ? n[s] : "?";
}

const char *gr_bt_guns_name(int g)
{
    static const char *const n[GR_GUNS_COUNT] = {"",        "suppressed", "silenced", "damaged",
                                                 "wrecked", "destroyed",  "captured"};
    return g >= 0 && g < GR_GUNS_COUNT ? n[g] : "?";
}

const char *gr_bt_ammo_name(int a)
{
    return a == 1 ? "low" : a == 2 ? "out" : "";
}

const char *gr_bt_phase_player_name(int player)
{
    return player == GR_BT_BOTH_PLAYERS   ? "both"
           : player == GR_BT_FIRST_PLAYER ? "first"
                                          : "second";
}

static json_t *id_or_null(int i, const char *id)
{
    return i >= 0 ? json_string(id) : json_null();
}

/* What a side does not see of the other's units and leaders (docs/api.md):
 * left out of j, a piece of `side`, unless `viewer` sees all or is that side. */
static const char *const hidden_unit[] = {"stands",   "lost", "condition", "worn_at",
                                          "spent_at", "ammo", "sys",       NULL};
static const char *const hidden_leader[] = {"rating", "back_turn", NULL};
static void hide(json_t *j, int viewer, int side, const char *const *keys)
{
    for (int k = 0; viewer != GR_BT_VIEW_ALL && viewer != side && keys[k]; k++)
        json_object_del(j, keys[k]);
}

/* The 8 counters of a unit or of the battle (int sys[8]) as an array. */
static json_t *counters(const int *sys)
{
    json_t *a = json_array();
    for (int k = 0; k < 8; k++)
        json_array_append_new(a, json_integer(sys[k]));
    return a;
}

json_t *gr_bt_sequence_json(const gr_battle_rules *r)
{
    json_t *seq = json_array();
    for (size_t k = 0; seq && k < r->nphases; k++) {
        const gr_bt_phase *p = &r->phases[k];
        if (json_array_append_new(
                seq, json_pack("{ssssssssssss}", "id", p->id, "title", p->title, "title_en",
                               gr_battle_phase_title(r, k, GR_LANG_EN), "title_fr",
                               gr_battle_phase_title(r, k, GR_LANG_FR), "player",
                               gr_bt_phase_player_name(p->player), "source", p->source))) {
            json_decref(seq);
            return NULL;
        }
    }
    return seq;
}

json_t *gr_bt_rules_json(const gr_battle_rules *r)
{
    /* every verb's name in each language of the page (a report names the
     * tests of the whole battle, not only those open now) */
    json_t *labels = json_object();
    for (size_t k = 0; labels && k < r->nverbs; k++) {
        const gr_bt_verb *v = &r->verbs[k];
        if (json_object_set_new(labels, v->name,
                                json_pack("{ssss}", "en", gr_battle_verb_label(r, v, GR_LANG_EN),
                                          "fr", gr_battle_verb_label(r, v, GR_LANG_FR)))) {
            json_decref(labels);
            labels = NULL;
        }
    }
    /* each phase's title as the sheet prints it ("title", in the sheet's
     * language "sheet_lang") and in each language of the page */
    return json_pack("{s:s, s:s, s:o, s:o, s:o, s:o}", "system", r->system, "sheet_lang",
                     gr_lang_code(r->sheet_lang), "sequence", gr_bt_sequence_json(r), "verb_labels",
                     labels, "fact_labels", gr_bt_fact_labels_json(), "value_labels",
                     gr_bt_value_labels_json());
}

json_t *gr_bt_status_json(const gr_battle *b, int viewer)
{
    const gr_bt_phase *ph = &b->rules->phases[b->phase];
    json_t *units = json_array(), *leaders = json_array();
    for (int i = 0; i < b->nunits; i++) {
        const gr_bt_unit *u = &b->units[i];
        int al = gr_battle_attached_leader(b, i);
        static const char *const arms[] = {"infantry", "cavalry", "artillery"};
        json_t *j = json_pack(
            "{s:s, s:s, s:i, s:s, s:i, s:i, s:i, s:s, s:i, s:i, s:s, s:b, s:b, s:i, s:i, s:i, s:b,"
            " s:b, s:b, s:b, s:o, s:o, s:o}",
            "id", u->id, "name", u->name, "side", u->side, "arm", arms[u->arm % 3], "stands",
            u->stands, "lost", u->lost, "left", gr_bt_unit_stands(u), "condition",
            gr_bt_condition_name(u->condition), "worn_at", u->worn_at, "spent_at", u->spent_at,
            "formation", u->formation, "disordered", u->disordered, "broken", u->broken, "ammo",
            u->ammo, "guns", u->guns, "guns_silenced", u->guns_silenced, "limbered", u->limbered,
            "in_reserve", u->in_reserve, "removed", u->removed, "fired", u->fired, "leader",
            id_or_null(u->leader, u->leader >= 0 ? b->leaders[u->leader].id : ""),
            "attached_leader", id_or_null(al, al >= 0 ? b->leaders[al].id : ""), "sys",
            counters(u->sys));
        hide(j, viewer, u->side, hidden_unit);
        json_array_append_new(units, j);
    }
    for (int i = 0; i < b->nleaders; i++) {
        const gr_bt_leader *l = &b->leaders[i];
        json_t *j = json_pack(
            "{s:s, s:s, s:i, s:s, s:s, s:s, s:o, s:o, s:i}", "id", l->id, "name", l->name, "side",
            l->side, "role", l->role, "rating", l->rating, "status",
            gr_bt_leader_status_name(l->status), "parent",
            id_or_null(l->parent, l->parent >= 0 ? b->leaders[l->parent].id : ""), "attached",
            id_or_null(l->attached, l->attached >= 0 ? b->units[l->attached].id : ""), "back_turn",
            l->back_turn);
        hide(j, viewer, l->side, hidden_leader);
        json_array_append_new(leaders, j);
    }
    json_t *o = json_pack(
        "{s:s, s:s, s:i, s:i, s:b, s:s, s:s, s:i, s:i, s:[s,s], s:o, s:o, s:o, s:i}", "system",
        b->system, "title", b->title, "turn", b->turn, "turns", b->turns, "over",
        b->turns && b->turn > b->turns, "phase", ph->id, "phase_title", ph->title, "active_side",
        gr_battle_active_side(b), "first", b->first, "sides", b->side_name[0], b->side_name[1],
        "units", units, "leaders", leaders, "sys", counters(b->sys), "actions", b->nactions);
    if (viewer == GR_BT_VIEW_ALL)
        json_object_set_new(o, "hash", gr_bt_hash_json(b));
    return o;
}

json_t *gr_bt_hash_json(const gr_battle *b)
{
    char hx[20];
    snprintf(hx, sizeof hx, "%016" PRIx64, gr_battle_hash(b));
    return json_string(hx);
}

/* The inputs the players give for verb v: the --NAME of its help line
 * (but --target, --leader, --roll), each with the procedure's description
 * when it has an input of that name. */
static json_t *verb_inputs(const gr_battle *b, const gr_bt_verb *v)
{
    json_t *a = json_array();
    const gr_system *sys = gr_system_find(b->system);
    const gr_procedure *p = sys && v->procedure ? gr_system_procedure(sys, v->procedure) : NULL;
    for (const char *h = strstr(v->help, "--"); h; h = strstr(h, "--")) {
        h += 2;
        size_t n = strspn(h, "abcdefghijklmnopqrstuvwxyz0123456789-_");
        if (!n || n >= GR_BT_ID)
            continue;
        char name[GR_BT_ID];
        memcpy(name, h, n);
        name[n] = 0;
        if (!strcmp(name, "target") || !strcmp(name, "leader") || !strcmp(name, "roll"))
            continue;
        int dup = 0;
        size_t i;
        json_t *e;
        json_array_foreach(a, i, e) dup |=
            !strcmp(json_string_value(json_object_get(e, "name")), name);
        if (dup)
            continue;
        /* the placeholder after the name: "--to line|column", "--range INCHES" */
        const char *ph = h + n;
        while (*ph == ' ')
            ph++;
        size_t pn = *ph == '-' && ph[1] == '-' ? 0 : strcspn(ph, " ]:,");
        char place[120];
        snprintf(place, sizeof place, "%.*s", (int)(pn < sizeof place ? pn : sizeof place - 1), ph);
        /* optional when the help puts it in brackets */
        int optional = 0;
        for (const char *k = h - 2; k > v->help; k--) {
            if (*k == '[') {
                optional = 1;
                break;
            }
            if (*k == ']')
                break;
        }
        json_t *in =
            json_pack("{sssssb}", "name", name, "placeholder", place, "optional", optional);
        const gr_param *pp = NULL;
        for (size_t k = 0; p && k < p->nparams; k++)
            if (!strcmp(p->params[k].name, name))
                pp = &p->params[k];
        const char *kind = "text";
        json_t *choices = json_array();
        if (pp) {
            kind = pp->kind == GR_P_INT    ? "int"
                   : pp->kind == GR_P_NUM  ? "number"
                   : pp->kind == GR_P_ENUM ? "choice"
                   : pp->kind == GR_P_FLAG ? "flag"
                                           : "text";
            for (size_t k = 0; pp->kind == GR_P_ENUM && pp->choices && pp->choices[k]; k++)
                json_array_append_new(choices, json_string(pp->choices[k]));
            if (pp->kind == GR_P_INT) {
                json_object_set_new(in, "min", json_integer(pp->min));
                json_object_set_new(in, "max", json_integer(pp->max));
            }
            if (pp->help)
                json_object_set_new(in, "help", json_string(pp->help));
        } else if (strchr(place, '|')) {
            kind = "choice";
            char *s = place;
            while (*s) {
                size_t l = strcspn(s, "|");
                char c = s[l];
                s[l] = 0;
                json_array_append_new(choices, json_string(s));
                s += l + (c ? 1 : 0);
            }
        }
        json_object_set_new(in, "kind", json_string(kind));
        if (json_array_size(choices))
            json_object_set_new(in, "choices", choices);
        else
            json_decref(choices);
        json_array_append_new(a, in);
    }
    return a;
}

json_t *gr_bt_verbs_json(const gr_battle *b, int side)
{
    const gr_bt_phase *ph = &b->rules->phases[b->phase];
    int acts = ph->player == GR_BT_BOTH_PLAYERS || gr_battle_active_side(b) == side;
    json_t *o = json_pack("{sssssbsb}", "phase", ph->id, "phase_title", ph->title, "you_act", acts,
                          "you_next", gr_battle_active_side(b) == side);
    json_t *vs = json_array();
    json_array_append_new(vs, json_pack("{sssssisns[]}", "name", "next", "help",
                                        "next: go on to the next phase (the side that acts)",
                                        "needs_target", 0, "procedure", "inputs"));
    for (size_t i = 0; i < b->rules->nverbs; i++) {
        const gr_bt_verb *v = &b->rules->verbs[i];
        if (gr_battle_verb_open(b, v, NULL) != GR_OK)
            continue;
        /* whose decision it is (gr_battle_decider: an nf emergency
         * formation change is the charged side's, in the other's move) */
        gr_bt_call call;
        memset(&call, 0, sizeof call);
        snprintf(call.verb, sizeof call.verb, "%s", v->name);
        call.unit = call.target = call.leader = -1;
        int decides = ph->player == GR_BT_BOTH_PLAYERS || gr_battle_decider(b, &call) == side;
        int unit = !strncmp(v->help, v->name, strlen(v->name)) &&
                   !strncmp(v->help + strlen(v->name), " UNIT", 5);
        json_t *e = json_pack("{sssssisbsoso}", "name", v->name, "help", v->help, "needs_target",
                              v->needs_target, "needs_unit", unit, "procedure",
                              v->procedure ? json_string(v->procedure) : json_null(), "inputs",
                              verb_inputs(b, v));
        json_object_set_new(e, "label",
                            json_pack("{ssss}", "en", gr_battle_verb_label(b->rules, v, GR_LANG_EN),
                                      "fr", gr_battle_verb_label(b->rules, v, GR_LANG_FR)));
        json_object_set_new(e, "needs_leader", json_boolean(strstr(v->help, "--leader") != NULL));
        json_object_set_new(e, "you_decide", json_boolean(decides));
        json_array_append_new(vs, e);
    }
    json_object_set_new(o, "verbs", vs);
    return o;
}

/* A fact's value as the battle commands take it ("4", "yes", "true"); ""
 * for one not given (false, null, ""); 0 if v is none of these. */
static int fact_text(const json_t *v, char *val, size_t cap)
{
    val[0] = 0;
    if (json_is_string(v))
        snprintf(val, cap, "%s", json_string_value(v));
    else if (json_is_integer(v))
        snprintf(val, cap, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
    else if (json_is_real(v))
        snprintf(val, cap, "%g", json_real_value(v));
    else if (json_is_true(v))
        snprintf(val, cap, "true");
    else if (!json_is_false(v) && !json_is_null(v))
        return 0;
    return 1;
}

gr_status gr_bt_call_json(const gr_battle *b, const json_t *j, gr_bt_action *a, gr_error *err)
{
    memset(a, 0, sizeof *a);
    a->call.unit = a->call.target = a->call.leader = -1;
    static const char *const keys[] = {"verb", "unit", "target", "leader", "inputs", "roll"};
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)j, key, v)
    {
        size_t k = 0;
        while (k < 6 && strcmp(key, keys[k]))
            k++;
        if (k == 6)
            return gr_error_set(err, GR_EINPUT,
                                "unknown key \"%.40s\"; accepted: verb, unit, target, leader, "
                                "inputs, roll",
                                key);
        if (k < 4 && !json_is_string(v) && !json_is_null(v))
            return gr_error_set(err, GR_EINPUT, "\"%s\" must be a string (an id)", key);
    }
    const char *verb = json_string_value(json_object_get(j, "verb"));
    if (!verb || !*verb)
        return gr_error_set(err, GR_EINPUT,
                            "give \"verb\": next, or a verb of the phase (GET .../verbs)");
    if (strcmp(verb, "next") && !gr_battle_verb(b, verb)) {
        char list[GR_ERROR_MSG / 2] = "next";
        size_t n = strlen(list);
        for (size_t i = 0; i < b->rules->nverbs && n < sizeof list; i++)
            n += (size_t)snprintf(list + n, sizeof list - n, ", %s", b->rules->verbs[i].name);
        return gr_error_set(err, GR_EINPUT, "%.30s has no verb \"%.30s\"; accepted: %s", b->system,
                            verb, list);
    }
    snprintf(a->call.verb, sizeof a->call.verb, "%s", verb);
    int *who[] = {&a->call.unit, &a->call.target, &a->call.leader};
    for (int k = 0; k < 3; k++) {
        const char *id = json_string_value(json_object_get(j, keys[k + 1]));
        if (id && *id && (*who[k] = k < 2 ? gr_battle_unit(b, id) : gr_battle_leader(b, id)) < 0)
            return gr_error_set(err, GR_EINPUT, "\"%s\": \"%.40s\" is not a %s of this battle",
                                keys[k + 1], id, k < 2 ? "unit" : "leader");
    }
    json_t *in = json_object_get(j, "inputs");
    if (in && !json_is_object(in) && !json_is_null(in))
        return gr_error_set(err, GR_EINPUT,
                            "\"inputs\" must be an object: {\"range\": 4, \"cover\": \"1\"}");
    json_object_foreach(in, key, v)
    {
        char val[64];
        if (!fact_text(v, val, sizeof val))
            return gr_error_set(err, GR_EINPUT, "inputs.%.40s: give a string, a number or true",
                                key);
        if (!*val)
            continue; /* not given */
        if (a->call.nin >= GR_BT_MAX_INPUTS || strlen(key) >= GR_BT_ID || strlen(val) >= GR_BT_ID ||
            !gr_utf8_valid(key))
            return gr_error_set(err, GR_EINPUT,
                                "inputs.%.40s: too long, or too many inputs (at most %d)", key,
                                GR_BT_MAX_INPUTS);
        /* both under GR_BT_ID bytes: checked above */
        memcpy(a->call.key[a->call.nin], key, strlen(key) + 1);
        memcpy(a->call.val[a->call.nin], val, strlen(val) + 1);
        a->call.nin++;
    }
    json_t *roll = json_object_get(j, "roll");
    if (roll && !json_is_null(roll) &&
        (!json_is_array(roll) || json_array_size(roll) > GR_MAX_ROLLS))
        return gr_error_set(err, GR_EINPUT,
                            "\"roll\" must be a list of at most %d whole numbers (the dice "
                            "rolled at the table): [7, 4]",
                            GR_MAX_ROLLS);
    size_t i;
    json_array_foreach(roll, i, v)
    {
        if (!json_is_integer(v) || json_integer_value(v) < -99 || json_integer_value(v) > 99)
            return gr_error_set(err, GR_EINPUT,
                                "\"roll\"[%zu] must be a whole number from -99 to 99", i);
        a->rolls[a->nrolls++] = (int)json_integer_value(v);
    }
    return GR_OK;
}
