/* battle_wire.c - a battle as the companion shows it: an outcome's JSON
 * and text (battle_wire.h).  Moved from
 * the command line so that the server prints the same objects. */
#include <stdlib.h>
#include <string.h>

#include "grognard/battle_wire.h"
#include "grognard/grognard.h"
#include "grognard/wire.h"

void gr_bt_print_outcome(FILE *f, const gr_battle *before, const gr_bt_action *a,
                         const gr_bt_outcome *o)
{
    char text[400];
    fprintf(f, "%s\n", gr_battle_action_text(before, a, text, sizeof text));
    if (o->resolved) {
        const gr_resolution *r = &o->res;
        const gr_system *s = gr_system_find(before->system);
        const gr_procedure *p = s ? gr_system_procedure(s, r->procedure) : NULL;
        fprintf(f, "  %s %s: %s (%s)\n", r->system, r->procedure, p ? p->title : "",
                p ? p->source : "");
        gr_print_values_mods(f, r);
        for (int i = 0; i < r->nsteps; i++) {
            const gr_step *st = &r->steps[i];
            const gr_outcome *out = &st->table->outcomes[st->cell.outcome];
            gr_odds odds;
            char said[GR_TEXT_FLAGS];
            fprintf(f, "  %s: %s\n", st->what, st->table->title);
            if (st->has_odds && gr_step_odds(st, &odds, NULL) == GR_OK) {
                fprintf(f, "    odds before the roll (%s %+d):\n", gr_roll_name(st->table->roll),
                        st->modifier);
                gr_print_odds(f, st->table, &st->args, &odds, "      ");
            }
            if (st->roll >= 0) {
                const gr_roll_record *rr = &r->rolls[st->roll];
                fprintf(f, "    dice (%s, %s): ", rr->name, gr_roll_name(rr->kind));
                for (int k = 0; k < rr->nfaces; k++)
                    fprintf(f, "%s%d", k ? (rr->kind == GR_ROLL_2D6 ? "+" : " vs ") : "",
                            rr->faces[k]);
                fprintf(f, "%s\n", rr->typed ? "" : " (from the battle's seed)");
            }
            if (st->table->roll_param >= 0)
                fprintf(f, "    score: %d%+d = %d\n", st->roll >= 0 ? r->rolls[st->roll].total : 0,
                        st->modifier, st->score);
            fprintf(f, "    result: %s - %s", out->id, out->label);
            if (st->cell.cell)
                fprintf(f, " (%s)", st->cell.cell);
            fprintf(f, "\n");
            if (out->effect && *out->effect)
                fprintf(f, "    effect: %s\n", gr_text_flags(out->effect, said, sizeof said));
            if (st->cell.note)
                fprintf(f, "    note: %s\n", gr_text_flags(st->cell.note, said, sizeof said));
        }
        for (int i = 0; i < r->nnotes; i++) {
            char note[GR_TEXT_FLAGS];
            fprintf(f, "  note: %s\n", gr_text_flags(r->notes[i], note, sizeof note));
        }
    }
    if (o->ninstr) {
        char instr[GR_TEXT_FLAGS];
        fprintf(f, "on the table:\n");
        for (int i = 0; i < o->ninstr; i++)
            fprintf(f, "  %s\n", gr_text_flags(o->instr[i], instr, sizeof instr));
    }
}

json_t *gr_bt_wire_outcome(const gr_battle *before, const gr_battle *after, const gr_bt_action *a,
                           const gr_bt_outcome *o)
{
    json_t *j = json_object();
    char text[400];
    json_object_set_new(j, "action", json_integer(after->nactions));
    json_object_set_new(j, "verb", json_string(a->call.verb));
    json_object_set_new(j, "text",
                        json_string(gr_battle_action_text(before, a, text, sizeof text)));
    json_t *rolls = json_array();
    for (int i = 0; i < a->nrolls; i++)
        json_array_append_new(rolls, json_integer(a->rolls[i]));
    json_object_set_new(j, "rolls", rolls);
    json_t *res = json_null();
    const gr_bt_verb *v = gr_battle_verb(before, a->call.verb);
    const gr_system *s = gr_system_find(before->system);
    if (o->resolved && v && v->procedure && s) {
        const gr_procedure *p = gr_system_procedure(s, v->procedure);
        gr_args args;
        gr_error e;
        memset(&args, 0, sizeof args);
        if (p && before->rules->prepare(before, v, &a->call, &args, &e) == GR_OK)
            res = gr_wire_resolution(s, p, &args, &o->res, NULL);
    }
    json_object_set_new(j, "resolution", res ? res : json_null());
    json_t *in = json_array();
    for (int i = 0; i < o->ninstr; i++)
        json_array_append_new(in, json_string(o->instr[i]));
    json_object_set_new(j, "instructions", in);
    json_object_set_new(j, "turn", json_integer(after->turn));
    json_object_set_new(j, "phase", json_string(after->rules->phases[after->phase].id));
    json_object_set_new(j, "active_side", json_integer(gr_battle_active_side(after)));
    json_object_set_new(j, "hash", gr_bt_hash_json(after));
    return j;
}

json_t *gr_bt_wire_odds(const gr_battle *b, const gr_bt_action *a, gr_error *err)
{
    gr_battle *after = malloc(sizeof *after);
    gr_bt_outcome *o = calloc(1, sizeof *o);
    gr_bt_action t = *a;
    json_t *res = NULL;
    if (!after || !o)
        gr_error_set(err, GR_ERUNTIME, "out of memory; try again");
    else if (gr_battle_do(memcpy(after, b, sizeof *after), &t, o, err) == GR_OK) {
        json_t *full = gr_bt_wire_outcome(b, after, &t, o);
        json_t *r = json_object_get(full, "resolution");
        json_t *first = json_array_get(json_object_get(r, "steps"), 0);
        res = json_pack("{sss[]}", "verb", a->call.verb, "steps");
        if (first) {
            json_t *st = json_pack("{sOsOsOsO}", "what", json_object_get(first, "what"), "table",
                                   json_object_get(first, "table"), "modifier",
                                   json_object_get(first, "modifier"), "odds",
                                   json_object_get(first, "odds"));
            /* each result of the table as its sheet prints it */
            const gr_system *sys = gr_system_find(b->system);
            const gr_table *tb =
                sys ? gr_system_table(sys, json_string_value(json_object_get(first, "table")))
                    : NULL;
            if (st && tb)
                json_object_set_new(st, "labels", gr_wire_outcome_labels(tb));
            json_array_append_new(json_object_get(res, "steps"), st);
        }
        if (json_object_get(r, "modifiers"))
            json_object_set(res, "modifiers", json_object_get(r, "modifiers"));
        json_decref(full);
    }
    free(after);
    free(o);
    return res;
}
