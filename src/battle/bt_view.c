/* bt_view.c - a battle as the companion shows it (bt_game.h): the names
 * of its states and the JSON of its state, whole (grognard battle status)
 * or as a viewer may see it (the game types' view_json, which the server's
 * battle view is). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "grognard/bt_game.h"

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

json_t *gr_bt_status_json(const gr_battle *b, int viewer)
{
    json_t *o = json_object(), *units = json_array(), *leaders = json_array();
    const gr_bt_phase *ph = &b->rules->phases[b->phase];
    json_object_set_new(o, "system", json_string(b->system));
    json_object_set_new(o, "title", json_string(b->title));
    json_object_set_new(o, "turn", json_integer(b->turn));
    json_object_set_new(o, "turns", json_integer(b->turns));
    json_object_set_new(o, "over", json_boolean(b->turns && b->turn > b->turns));
    json_object_set_new(o, "phase", json_string(ph->id));
    json_object_set_new(o, "phase_title", json_string(ph->title));
    json_object_set_new(o, "active_side", json_integer(gr_battle_active_side(b)));
    json_object_set_new(o, "first", json_integer(b->first));
    json_t *sides = json_array();
    for (int s = 0; s < 2; s++)
        json_array_append_new(sides, json_string(b->side_name[s]));
    json_object_set_new(o, "sides", sides);
    for (int i = 0; i < b->nunits; i++) {
        const gr_bt_unit *u = &b->units[i];
        json_t *j = json_object();
        int al = gr_battle_attached_leader(b, i);
        static const char *const arms[] = {"infantry", "cavalry", "artillery"};
        json_object_set_new(j, "id", json_string(u->id));
        json_object_set_new(j, "name", json_string(u->name));
        json_object_set_new(j, "side", json_integer(u->side));
        json_object_set_new(j, "arm", json_string(arms[u->arm % 3]));
        json_object_set_new(j, "stands", json_integer(u->stands));
        json_object_set_new(j, "lost", json_integer(u->lost));
        json_object_set_new(j, "left", json_integer(gr_bt_unit_stands(u)));
        json_object_set_new(j, "condition", json_string(gr_bt_condition_name(u->condition)));
        json_object_set_new(j, "worn_at", json_integer(u->worn_at));
        json_object_set_new(j, "spent_at", json_integer(u->spent_at));
        json_object_set_new(j, "formation", json_string(u->formation));
        json_object_set_new(j, "disordered", json_boolean(u->disordered));
        json_object_set_new(j, "broken", json_boolean(u->broken));
        json_object_set_new(j, "ammo", json_integer(u->ammo));
        json_object_set_new(j, "guns", json_integer(u->guns));
        json_object_set_new(j, "guns_silenced", json_integer(u->guns_silenced));
        json_object_set_new(j, "limbered", json_boolean(u->limbered));
        json_object_set_new(j, "in_reserve", json_boolean(u->in_reserve));
        json_object_set_new(j, "removed", json_boolean(u->removed));
        json_object_set_new(j, "fired", json_boolean(u->fired));
        json_object_set_new(j, "leader",
                            id_or_null(u->leader, u->leader >= 0 ? b->leaders[u->leader].id : ""));
        json_object_set_new(j, "attached_leader", id_or_null(al, al >= 0 ? b->leaders[al].id : ""));
        json_t *sys = json_array();
        for (int k = 0; k < 8; k++)
            json_array_append_new(sys, json_integer(u->sys[k]));
        json_object_set_new(j, "sys", sys);
        hide(j, viewer, u->side, hidden_unit);
        json_array_append_new(units, j);
    }
    json_object_set_new(o, "units", units);
    for (int i = 0; i < b->nleaders; i++) {
        const gr_bt_leader *l = &b->leaders[i];
        json_t *j = json_object();
        json_object_set_new(j, "id", json_string(l->id));
        json_object_set_new(j, "name", json_string(l->name));
        json_object_set_new(j, "side", json_integer(l->side));
        json_object_set_new(j, "role", json_string(l->role));
        json_object_set_new(j, "rating", json_string(l->rating));
        json_object_set_new(j, "status", json_string(gr_bt_leader_status_name(l->status)));
        json_object_set_new(j, "parent",
                            id_or_null(l->parent, l->parent >= 0 ? b->leaders[l->parent].id : ""));
        json_object_set_new(
            j, "attached",
            id_or_null(l->attached, l->attached >= 0 ? b->units[l->attached].id : ""));
        json_object_set_new(j, "back_turn", json_integer(l->back_turn));
        hide(j, viewer, l->side, hidden_leader);
        json_array_append_new(leaders, j);
    }
    json_object_set_new(o, "leaders", leaders);
    json_t *sys = json_array();
    for (int k = 0; k < 8; k++)
        json_array_append_new(sys, json_integer(b->sys[k]));
    json_object_set_new(o, "sys", sys);
    json_object_set_new(o, "actions", json_integer(b->nactions));
    if (viewer == GR_BT_VIEW_ALL) {
        char hx[20];
        snprintf(hx, sizeof hx, "%016" PRIx64, gr_battle_hash(b));
        json_object_set_new(o, "hash", json_string(hx));
    }
    return o;
}
