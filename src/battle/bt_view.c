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

/* The 8 counters of a unit or of the battle (int sys[8]) as an array. */
static json_t *counters(const int *sys)
{
    json_t *a = json_array();
    for (int k = 0; k < 8; k++)
        json_array_append_new(a, json_integer(sys[k]));
    return a;
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
