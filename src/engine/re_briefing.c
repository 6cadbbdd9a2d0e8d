/* re_briefing.c - the briefing of a Révolution et Empire scenario: what
 * the players read before the first move (grognard scenario info, and the
 * start of grognard play), as text or as JSON; and the one-line summary of
 * grognard scenario check.  Reached through re_game_type (game.h). */
#include <stdio.h>
#include <string.h>

#include "grognard/hex.h"
#include "grognard/re_io.h"

static const char *const type_codes[RE_UNIT_TYPES] = {"I", "IE", "C", "HC", "A"};
static const char *const dir_names[GR_HEX_DIRS] = {"E", "NE", "NW", "W", "SW", "SE"};

/* The i-th string of a text member (a string or an array of strings). */
static const char *text_at(const json_t *doc, const char *key, size_t i)
{
    const json_t *v = doc ? json_object_get(doc, key) : NULL;
    if (json_is_string(v))
        return i == 0 ? json_string_value(v) : NULL;
    if (json_is_array(v) && i < json_array_size(v))
        return json_string_value(json_array_get(v, i));
    return NULL;
}

/* The name the file gives objective i (the engine keeps only its hex). */
static const char *objective_name(const json_t *doc, int i)
{
    const json_t *o = doc ? json_array_get(json_object_get(doc, "objectives"), (size_t)i) : NULL;
    const char *n = json_string_value(json_object_get(o, "name"));
    return n && n[0] ? n : NULL;
}

static int reinf_side(const re_scenario *sc, int r)
{
    for (int u = 0; u < sc->nunits; u++)
        if (sc->ext.unit_reinf[u] == r + 1)
            return sc->units[u].side;
    return 0;
}

static const char *victory_text(const re_scenario *sc)
{
    if (sc->victory == RE_VICTORY_DEMORALISATION)
        return "the side with fewer demoralisation points at the end (a unit lost\n"
               "  is 1 point; an objective hex held by the enemy costs its points; seed 004 §6).";
    if (sc->victory == RE_VICTORY_OBJECTIVES)
        return "the side holding more objective points at the end (an objective is held\n"
               "  by the side of the unit on it, else by its owner).";
    if (sc->victory == RE_VICTORY_POINTS)
        return "the side with more victory points at the end (each enemy unit destroyed\n"
               "  scores its points, 1 unless said; each enemy objective held, its points).";
    return "the side that has destroyed more enemy units at the end.";
}

void re_briefing(FILE *f, const re_scenario *sc, const json_t *doc)
{
    fprintf(f, "\n%s: %d turns.\n", sc->title, sc->turns);
    for (size_t i = 0; text_at(doc, "description", i); i++)
        fprintf(f, "  %s\n", text_at(doc, "description", i));
    for (int s = 0; s < RE_SIDES; s++) {
        const re_sidedef *d = &sc->sides[s];
        int x = d->chits_per_turn;
        fprintf(f, "  %s (%s): up to %d chit%s in the bowl a turn", d->name, d->commander, x,
                x > 1 ? "s" : "");
        for (int t = 2; t <= sc->turns; t++) {
            int y = re_chits_per_turn(sc, s, t);
            if (y != re_chits_per_turn(sc, s, t - 1))
                fprintf(f, ", %d from turn %d", y, t);
        }
        fprintf(f, "; retreats %s\n", dir_names[d->retreat_dir % GR_HEX_DIRS]);
        for (int c = 0; c < sc->ncorps; c++) {
            if (sc->corps[c].side != s)
                continue;
            fprintf(f, "    %s (%s, %d chit%s):", sc->corps[c].name,
                    sc->corps[c].commander[0] ? sc->corps[c].commander : "-", sc->corps[c].chits,
                    sc->corps[c].chits > 1 ? "s" : "");
            int first = 1;
            for (int u = 0; u < sc->nunits; u++)
                if (sc->units[u].corps == c) {
                    fprintf(f, "%s %s (%s %d%s)%s", first ? "" : ",", sc->units[u].name,
                            type_codes[sc->units[u].type % RE_UNIT_TYPES], sc->units[u].figures,
                            sc->units[u].skirmisher ? "+S" : "",
                            sc->ext.unit_reinf[u] ? " later" : "");
                    first = 0;
                }
            fputc('\n', f);
        }
    }
    fprintf(f, "  Victory: %s\n", victory_text(sc));
    for (int s = 0; s < RE_SIDES; s++)
        if (sc->sides[s].demoralised_at)
            fprintf(f, "  %s is demoralised at %d points (-1 die in every attack).\n",
                    sc->sides[s].name, sc->sides[s].demoralised_at);
    for (int s = 0; s < RE_SIDES; s++)
        if (sc->ext.sudden_death[s])
            fprintf(f, "  Sudden death: %s loses at once at %d demoralisation points.\n",
                    sc->sides[s].name, sc->ext.sudden_death[s]);
    if (sc->ext.guard_rule) {
        fprintf(f, "  Guard (%s): ",
                sc->ext.guard_rule == RE_GUARD_IGNORE_FIRST_RETREAT
                    ? "ignores its first retreat result"
                    : "every retreat one hex shorter");
        int first = 1;
        for (int u = 0; u < sc->nunits; u++)
            if (sc->ext.unit_tags[u] & RE_TAG_GUARD) {
                fprintf(f, "%s%s", first ? "" : ", ", sc->units[u].name);
                first = 0;
            }
        fprintf(f, "%s.\n", first ? "no unit" : "");
    }
    for (int t = 1; t <= sc->turns; t++)
        if (sc->ext.sight[t] && (t == 1 || sc->ext.sight[t - 1] != sc->ext.sight[t])) {
            int e = t;
            while (e < sc->turns && sc->ext.sight[e + 1] == sc->ext.sight[t])
                e++;
            if (e > t)
                fprintf(f, "  Fog or night, turns %d to %d:", t, e);
            else
                fprintf(f, "  Fog or night, turn %d:", t);
            fprintf(f, " no line of sight nor artillery fire beyond %d hex%s.\n", sc->ext.sight[t],
                    sc->ext.sight[t] > 1 ? "es" : "");
        }
    for (int i = 0; i < sc->ext.nchanges; i++) {
        const re_terrain_change *c = &sc->ext.changes[i];
        fprintf(f, "  Terrain from turn %d: hex [%d, %d]", c->turn, c->col, c->row);
        if (c->what & RE_TC_TERRAIN)
            fprintf(f, " becomes %s", re_terrain_name(c->terrain));
        if (c->what & RE_TC_FLAGS) {
            static const char *const fn[] = {"hill", "fieldworks", "road", "bridge", "ford"};
            int any = 0;
            fprintf(f, "%s features:", c->what & RE_TC_TERRAIN ? "," : "");
            for (int b = 0; b < 5; b++)
                if (c->flags & (1 << b)) {
                    fprintf(f, "%s %s", any ? "," : "", fn[b]);
                    any = 1;
                }
            if (!any)
                fprintf(f, " none");
        }
        fprintf(f, ".\n");
    }
    for (int i = 0; i < sc->nobjectives; i++) {
        const re_objective *o = &sc->objectives[i];
        const char *n = objective_name(doc, i);
        fprintf(f, "  Objective hex [%d, %d]%s%s: %s's, %d point%s if the enemy holds it.\n",
                o->col, o->row, n ? " " : "", n ? n : "", sc->sides[o->side].name, o->points,
                o->points > 1 ? "s" : "");
    }
    for (int r = 0; r < sc->ext.nreinf; r++) {
        const re_reinforcement *rf = &sc->ext.reinf[r];
        fprintf(f, "  Reinforcement %s (%s): ", rf->name, sc->sides[reinf_side(sc, r)].name);
        if (rf->roll)
            fprintf(f, "from turn %d, on a die of %d or more at the start of each turn;", rf->turn,
                    rf->roll);
        else
            fprintf(f, "at the start of turn %d;", rf->turn);
        fprintf(f, " enters at");
        for (int i = 0; i < rf->nentry; i++)
            fprintf(f, "%s [%d, %d]", i ? "," : "", rf->entry[i][0], rf->entry[i][1]);
        fprintf(f, ":");
        int first = 1;
        for (int u = 0; u < sc->nunits; u++)
            if (sc->ext.unit_reinf[u] == r + 1) {
                fprintf(f, "%s %s", first ? "" : ",", sc->units[u].name);
                first = 0;
            }
        fputc('\n', f);
    }
    if (text_at(doc, "sources", 0)) {
        fprintf(f, "  Sources:\n");
        for (size_t i = 0; text_at(doc, "sources", i); i++)
            fprintf(f, "    - %s\n", text_at(doc, "sources", i));
    }
}

static json_t *hex_json(int c, int r)
{
    return json_pack("[ii]", c, r);
}

static json_t *texts_json(const json_t *doc, const char *key)
{
    json_t *a = json_array();
    for (size_t i = 0; text_at(doc, key, i); i++)
        json_array_append_new(a, json_string(text_at(doc, key, i)));
    return a;
}

json_t *re_briefing_json(const re_scenario *sc, const json_t *doc)
{
    json_t *o = json_object();
    json_object_set_new(o, "id", json_string(sc->id));
    json_object_set_new(o, "title", json_string(sc->title));
    json_object_set_new(o, "turns", json_integer(sc->turns));
    json_object_set_new(o, "cols", json_integer(sc->cols));
    json_object_set_new(o, "rows", json_integer(sc->rows));
    json_object_set_new(o, "description", texts_json(doc, "description"));
    json_t *sides = json_array();
    for (int s = 0; s < RE_SIDES; s++) {
        const re_sidedef *d = &sc->sides[s];
        json_t *chits = json_array();
        for (int t = 1; t <= sc->turns; t++)
            if (t == 1 || re_chits_per_turn(sc, s, t) != re_chits_per_turn(sc, s, t - 1))
                json_array_append_new(
                    chits, json_pack("{s:i,s:i}", "turn", t, "chits", re_chits_per_turn(sc, s, t)));
        json_t *corps = json_array();
        for (int c = 0; c < sc->ncorps; c++) {
            if (sc->corps[c].side != s)
                continue;
            json_t *units = json_array();
            for (int u = 0; u < sc->nunits; u++) {
                const re_unitdef *ud = &sc->units[u];
                if (ud->corps != c)
                    continue;
                json_t *j = json_pack("{s:s,s:s,s:i,s:b}", "name", ud->name, "type",
                                      type_codes[ud->type % RE_UNIT_TYPES], "figures", ud->figures,
                                      "skirmisher", ud->skirmisher);
                if (sc->ext.unit_reinf[u])
                    json_object_set_new(j, "enters",
                                        json_string(sc->ext.reinf[sc->ext.unit_reinf[u] - 1].name));
                else
                    json_object_set_new(j, "hex", hex_json(ud->col, ud->row));
                json_array_append_new(units, j);
            }
            json_array_append_new(corps, json_pack("{s:s,s:s,s:i,s:o}", "name", sc->corps[c].name,
                                                   "commander", sc->corps[c].commander, "chits",
                                                   sc->corps[c].chits, "units", units));
        }
        json_array_append_new(sides,
                              json_pack("{s:s,s:s,s:o,s:i,s:s,s:o}", "name", d->name, "commander",
                                        d->commander, "chits_per_turn", chits, "demoralised_at",
                                        d->demoralised_at, "retreat",
                                        dir_names[d->retreat_dir % GR_HEX_DIRS], "corps", corps));
    }
    json_object_set_new(o, "sides", sides);
    static const char *const victories[RE_VICTORIES] = {"most-destroyed", "demoralisation",
                                                        "objectives", "points"};
    json_object_set_new(o, "victory",
                        json_pack("{s:s,s:s}", "rule", victories[sc->victory % RE_VICTORIES],
                                  "text", victory_text(sc)));
    json_t *rules = json_object(), *sd = json_object(), *sight = json_array(),
           *guard = json_array();
    for (int s = 0; s < RE_SIDES; s++)
        if (sc->ext.sudden_death[s])
            json_object_set_new(sd, sc->sides[s].name, json_integer(sc->ext.sudden_death[s]));
    for (int t = 1; t <= sc->turns; t++)
        if (sc->ext.sight[t])
            json_array_append_new(sight,
                                  json_pack("{s:i,s:i}", "turn", t, "hexes", sc->ext.sight[t]));
    for (int u = 0; u < sc->nunits; u++)
        if (sc->ext.unit_tags[u] & RE_TAG_GUARD)
            json_array_append_new(guard, json_string(sc->units[u].name));
    static const char *const guards[RE_GUARD_RULES] = {"none", "ignore-first-retreat",
                                                       "retreat-one-less"};
    json_object_set_new(rules, "guard", json_string(guards[sc->ext.guard_rule % RE_GUARD_RULES]));
    json_object_set_new(rules, "guard_units", guard);
    json_object_set_new(rules, "sight", sight);
    json_object_set_new(rules, "sudden_death", sd);
    json_t *changes = json_array();
    for (int i = 0; i < sc->ext.nchanges; i++) {
        const re_terrain_change *c = &sc->ext.changes[i];
        json_t *j = json_pack("{s:i,s:o}", "turn", c->turn, "hex", hex_json(c->col, c->row));
        if (c->what & RE_TC_TERRAIN) {
            char code[2] = {re_terrain_code(c->terrain), 0};
            json_object_set_new(j, "terrain", json_string(code));
        }
        if (c->what & RE_TC_FLAGS) {
            static const char *const fn[] = {"hill", "fieldworks", "road", "bridge", "ford"};
            json_t *fl = json_array();
            for (int b = 0; b < 5; b++)
                if (c->flags & (1 << b))
                    json_array_append_new(fl, json_string(fn[b]));
            json_object_set_new(j, "features", fl);
        }
        json_array_append_new(changes, j);
    }
    json_object_set_new(rules, "terrain_changes", changes);
    json_object_set_new(o, "rules", rules);
    json_t *objs = json_array();
    for (int i = 0; i < sc->nobjectives; i++) {
        const re_objective *ob = &sc->objectives[i];
        const char *n = objective_name(doc, i);
        json_array_append_new(objs, json_pack("{s:s?,s:o,s:s,s:i}", "name", n, "hex",
                                              hex_json(ob->col, ob->row), "side",
                                              sc->sides[ob->side].name, "points", ob->points));
    }
    json_object_set_new(o, "objectives", objs);
    json_t *reinf = json_array();
    for (int r = 0; r < sc->ext.nreinf; r++) {
        const re_reinforcement *rf = &sc->ext.reinf[r];
        json_t *entry = json_array(), *units = json_array();
        for (int i = 0; i < rf->nentry; i++)
            json_array_append_new(entry, hex_json(rf->entry[i][0], rf->entry[i][1]));
        for (int u = 0; u < sc->nunits; u++)
            if (sc->ext.unit_reinf[u] == r + 1)
                json_array_append_new(units, json_string(sc->units[u].name));
        json_t *j = json_pack("{s:s,s:s,s:i,s:o,s:o}", "name", rf->name, "side",
                              sc->sides[reinf_side(sc, r)].name, "turn", rf->turn, "entry", entry,
                              "units", units);
        json_object_set_new(j, "roll", rf->roll ? json_integer(rf->roll) : json_null());
        json_array_append_new(reinf, j);
    }
    json_object_set_new(o, "reinforcements", reinf);
    json_object_set_new(o, "sources", texts_json(doc, "sources"));
    json_object_set_new(o, "notes", texts_json(doc, "notes"));
    return o;
}

int re_scenario_summary(const re_scenario *sc, char *buf, size_t cap)
{
    return snprintf(buf, cap,
                    "%s, format %d, %dx%d hexes, %d turns, %d units in %d corps, %d "
                    "reinforcement%s",
                    sc->title, sc->ext.format ? sc->ext.format : 1, sc->cols, sc->rows, sc->turns,
                    sc->nunits, sc->ncorps, sc->ext.nreinf, sc->ext.nreinf == 1 ? "" : "s");
}
