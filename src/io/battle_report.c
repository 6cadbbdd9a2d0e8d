/* battle_report.c - the after-action report of a battle, replayed from
 * its match: every action with its rolls and modifiers, losses by side and
 * by turn, the leaders' fate; as text, JSON or one self-contained HTML page
 * (inline SVG, no network).  battle_wire.h. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/alloc.h"
#include "grognard/battle_wire.h"
#include "grognard/wire.h"

#define MAX_TURNS 200

typedef struct rep {
    FILE *text;        /* the text report, or NULL */
    FILE *html;        /* the HTML page, or NULL */
    json_t *jactions;  /* --json: the actions, or NULL */
    gr_battle *before; /* the state before the action being reported */
    int lost[MAX_TURNS + 1][2];
    int max_turn;
    struct {
        int turn, leader, status;
    } ev[256]; /* leaders put out of action, wounded, killed or captured */
    int nev;
} rep;

/* The outcome's text (cli_bt_print_outcome) into a string (malloc). */
static char *outcome_text(const gr_battle *before, const gr_bt_action *a, const gr_bt_outcome *o)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return NULL;
    gr_bt_print_outcome(m, before, a, o);
    fclose(m);
    return buf;
}

static void each(rep *r, int i, const gr_bt_action *a, const gr_bt_outcome *o,
                 const gr_battle *after)
{
    const gr_battle *b = r->before;
    int turn = b->turn < MAX_TURNS ? b->turn : MAX_TURNS;
    int lost[2] = {0, 0};
    for (int u = 0; u < after->nunits; u++) {
        int d = after->units[u].lost - b->units[u].lost;
        lost[after->units[u].side] += d;
    }
    for (int l = 0; l < after->nleaders; l++)
        if (after->leaders[l].status != b->leaders[l].status &&
            after->leaders[l].status != GR_BT_ACTIVE && r->nev < 256) {
            r->ev[r->nev].turn = b->turn;
            r->ev[r->nev].leader = l;
            r->ev[r->nev].status = after->leaders[l].status;
            r->nev++;
        }
    r->lost[turn][0] += lost[0];
    r->lost[turn][1] += lost[1];
    if (turn > r->max_turn)
        r->max_turn = turn;
    if (strcmp(a->call.verb, "next") != 0) {
        char *t = outcome_text(b, a, o);
        const char *ph = b->rules->phases[b->phase].id;
        if (r->text)
            fprintf(r->text, "\n[%d] turn %d, %s (%s)\n%s", i + 1, b->turn, ph,
                    b->side_name[gr_battle_active_side(b)], t ? t : "");
        if (r->html) {
            fprintf(r->html, "<section><h3>%d. Turn %d, ", i + 1, b->turn);
            gr_html_text(r->html, b->rules->phases[b->phase].title);
            fprintf(r->html, " &mdash; ");
            gr_html_text(r->html, b->side_name[gr_battle_active_side(b)]);
            fprintf(r->html, "</h3><pre>");
            gr_html_text(r->html, t ? t : "");
            fprintf(r->html, "</pre></section>\n");
        }
        if (r->jactions) {
            json_t *j = json_object();
            json_object_set_new(j, "action", json_integer(i + 1));
            json_object_set_new(j, "turn", json_integer(b->turn));
            json_object_set_new(j, "phase", json_string(ph));
            json_object_set_new(j, "text", json_string(t ? t : ""));
            /* the outcome as `battle VERB --json` prints it (the call's line,
             * each step's result, the instructions), for a page to tell the
             * story in its own words */
            json_object_set_new(j, "outcome", gr_bt_wire_outcome(b, after, a, o));
            json_t *lj = json_array();
            json_array_append_new(lj, json_integer(lost[0]));
            json_array_append_new(lj, json_integer(lost[1]));
            json_object_set_new(j, "lost", lj);
            json_array_append_new(r->jactions, j);
        }
        free(t);
    }
    memcpy(r->before, after, sizeof *after);
}

gr_status gr_bt_resolve_test(gr_battle *b, const gr_record_step *steps, size_t n, size_t i,
                             size_t *end, gr_bt_action *a, gr_bt_outcome *out, gr_error *err)
{
    gr_status st = gr_bt_game_call(b, steps[i].rec, a, err);
    if (st != GR_OK)
        return st;
    size_t k = i + 1;
    for (; k < n && steps[k].player == GR_CHANCE; k++) {
        if (a->nrolls >= (int)(sizeof a->rolls / sizeof a->rolls[0]))
            return gr_error_set(err, GR_EINPUT, "step %zu: more dice than a test rolls", k + 1);
        a->rolls[a->nrolls++] = (int)steps[k].action;
    }
    gr_roll_kind need;
    const char *name;
    if ((st = gr_battle_do_exact(b, a, out, &need, &name, err)) != GR_OK)
        return st;
    *end = need == GR_ROLL_NONE ? k : 0;
    /* each roll's values came from one chance step each */
    size_t at = i + 1;
    for (int r = 0; out->resolved && need == GR_ROLL_NONE && r < out->res.nrolls; r++) {
        gr_roll_record *rr = &out->res.rolls[r];
        rr->typed = at < k && steps[at].given;
        at += gr_roll_opposed(rr->kind) ? 2 : 1;
    }
    return GR_OK;
}

int gr_bt_last_test(const gr_match *m, gr_bt_action *a, size_t *at)
{
    const gr_battle *b = gr_bt_game_battle(gr_match_state(m));
    size_t n = gr_match_steps(m), i = n;
    while (i > 0 && gr_match_step(m, i - 1)->player == GR_CHANCE)
        i--;
    if (i == 0 || gr_bt_game_call(b, gr_match_step(m, i - 1)->rec, a, NULL) != GR_OK)
        return -1;
    *at = i - 1;
    for (; i < n && a->nrolls < (int)(sizeof a->rolls / sizeof a->rolls[0]); i++)
        a->rolls[a->nrolls++] = (int)gr_match_step(m, i)->action;
    return a->call.unit >= 0     ? b->units[a->call.unit].side
           : a->call.leader >= 0 ? b->leaders[a->call.leader].side
                                 : gr_match_step(m, *at)->player;
}

/* Go through the tests of match m from its start, each resolved again
 * from the state before it with its recorded dice, reported to r (the
 * battle after the last in r->before).  GR_EINPUT naming `name` if a test
 * resolves otherwise than recorded. */
static gr_status walk(const gr_match *m, const gr_battle *start, const char *name, rep *r,
                      gr_error *err)
{
    gr_battle *b = gr_malloc(sizeof *b);
    gr_bt_outcome *out = gr_malloc(sizeof *out);
    gr_status st = b && out ? GR_OK : gr_error_set(err, GR_ERUNTIME, "%s: out of memory", name);
    size_t n = gr_match_steps(m);
    const gr_record_step *steps = n ? gr_match_step(m, 0) : NULL;
    if (st == GR_OK)
        memcpy(b, start, sizeof *b);
    for (size_t i = 0, t = 0; st == GR_OK && i < n; t++) {
        gr_bt_action a;
        size_t end = 0;
        gr_error e;
        gr_error_clear(&e);
        if (steps[i].player == GR_CHANCE)
            st =
                gr_error_set(err, GR_EINPUT, "%s: step %zu is a die without its test", name, i + 1);
        else if ((st = gr_bt_resolve_test(b, steps, n, i, &end, &a, out, &e)) != GR_OK)
            st = gr_error_set(err, GR_EINPUT, "%s: test %zu (step %zu) no longer resolves: %s",
                              name, t + 1, i + 1, e.msg);
        else if (!end)
            break; /* the last test still waits for a die */
        else if (gr_battle_hash(b) != steps[end - 1].hash)
            st = gr_error_set(err, GR_EINPUT,
                              "%s: test %zu (step %zu) resolves otherwise than recorded", name,
                              t + 1, i + 1);
        if (st != GR_OK)
            break;
        each(r, (int)t, &a, out, b);
        i = end;
    }
    gr_free(b);
    gr_free(out);
    return st;
}

/* Losses by turn as an inline SVG bar chart: two bars a turn. */
static void svg_chart(FILE *f, const rep *r, const gr_battle *b)
{
    int max = 1;
    for (int t = 1; t <= r->max_turn; t++)
        for (int s = 0; s < 2; s++)
            if (r->lost[t][s] > max)
                max = r->lost[t][s];
    int turns = r->max_turn > 0 ? r->max_turn : 1;
    int w = 60 + turns * 60, h = 220;
    static const char *const colour[2] = {"#2b5fad", "#b33a3a"};
    fprintf(f,
            "<svg width=\"%d\" height=\"%d\" "
            "role=\"img\" aria-label=\"stands lost by turn\">\n",
            w, h + 40);
    fprintf(f, "<line x1=\"40\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>\n", h, w - 10, h);
    fprintf(f, "<text x=\"4\" y=\"16\" font-size=\"11\">%d</text>\n", max);
    for (int t = 1; t <= turns; t++) {
        int x = 50 + (t - 1) * 60;
        for (int s = 0; s < 2; s++) {
            int v = r->lost[t][s];
            int bh = v * (h - 30) / max;
            fprintf(
                f,
                "<rect x=\"%d\" y=\"%d\" width=\"22\" height=\"%d\" fill=\"%s\"><title>turn %d, "
                "side %d: %d stand(s)</title></rect>\n",
                x + s * 24, h - bh, bh, colour[s], t, s, v);
            fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\">%d</text>\n", x + s * 24 + 6,
                    h - bh - 4, v);
        }
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\">turn %d</text>\n", x, h + 16, t);
    }
    for (int s = 0; s < 2; s++) {
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>", 50 + s * 160,
                h + 26, colour[s]);
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\">", 64 + s * 160, h + 35);
        gr_html_text(f, b->side_name[s]);
        fprintf(f, "</text>\n");
    }
    fprintf(f, "</svg>\n");
}

gr_status gr_bt_report(const gr_match *m, const char *name, FILE *text, FILE *html, json_t **json,
                       int total_out[2], int *nactions, gr_error *err)
{
    const gr_battle *start = &((const gr_bt_scenario *)gr_match_game(m)->sc)->start;
    uint64_t seed = gr_match_seed(m);
    rep r;
    memset(&r, 0, sizeof r);
    if (json)
        *json = NULL;
    r.before = malloc(sizeof *r.before);
    if (json)
        r.jactions = json_array();
    if (!r.before || (json && !r.jactions)) {
        free(r.before);
        json_decref(r.jactions);
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory writing the report", name);
    }
    memcpy(r.before, start, sizeof *start);
    r.text = text;
    r.html = html;
    if (html) {
        fprintf(html, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                      "<title>");
        gr_html_text(html, start->title);
        fprintf(html, "</title>\n<style>body{font-family:sans-serif;max-width:60em;margin:auto;"
                      "padding:1em}pre{background:#f4f1ea;padding:.6em;white-space:pre-wrap}"
                      "table{border-collapse:collapse}td,th{border:1px solid #999;padding:"
                      ".2em .5em}</style></head><body>\n<h1>");
        gr_html_text(html, start->title);
        fprintf(html, "</h1>\n<p>After-action report: %s, seed %" PRIu64 "; ", start->system, seed);
        gr_html_text(html, start->side_name[0]);
        fprintf(html, " against ");
        gr_html_text(html, start->side_name[1]);
        fprintf(html, ".</p>\n<h2>Actions</h2>\n");
    }
    if (text)
        fprintf(text, "After-action report: %s (%s, seed %" PRIu64 "), %s against %s\n",
                start->title, start->system, seed, start->side_name[0], start->side_name[1]);
    gr_status st = walk(m, start, name, &r, err);
    const gr_battle *b = r.before; /* the battle after the last test */
    if (st != GR_OK) {
        json_decref(r.jactions);
        free(r.before);
        return st;
    }
    /* totals and the leaders' fate */
    int total[2] = {0, 0};
    for (int t = 1; t <= r.max_turn; t++)
        for (int s = 0; s < 2; s++)
            total[s] += r.lost[t][s];
    if (text) {
        fprintf(text, "\nstands lost by turn:\n");
        for (int t = 1; t <= r.max_turn; t++)
            fprintf(text, "  turn %-3d %s %d, %s %d\n", t, b->side_name[0], r.lost[t][0],
                    b->side_name[1], r.lost[t][1]);
        fprintf(text, "  total    %s %d, %s %d\n", b->side_name[0], total[0], b->side_name[1],
                total[1]);
        fprintf(text, "\nleaders:\n");
        for (int k = 0; k < r.nev; k++) {
            const gr_bt_leader *l = &b->leaders[r.ev[k].leader];
            fprintf(text, "  turn %d: %s (%s): %s\n", r.ev[k].turn, l->name, b->side_name[l->side],
                    gr_bt_leader_status_name(r.ev[k].status));
        }
        if (!r.nev)
            fprintf(text, "  none out of action, wounded, killed or captured\n");
    }
    if (html) {
        fprintf(html, "<h2>Stands lost by turn</h2>\n");
        svg_chart(html, &r, b);
        fprintf(html, "<table><tr><th>turn</th><th>");
        gr_html_text(html, b->side_name[0]);
        fprintf(html, "</th><th>");
        gr_html_text(html, b->side_name[1]);
        fprintf(html, "</th></tr>\n");
        for (int t = 1; t <= r.max_turn; t++)
            fprintf(html, "<tr><td>%d</td><td>%d</td><td>%d</td></tr>\n", t, r.lost[t][0],
                    r.lost[t][1]);
        fprintf(html, "<tr><th>total</th><td>%d</td><td>%d</td></tr></table>\n", total[0],
                total[1]);
        fprintf(html, "<h2>Leaders out of action, wounded, killed or captured</h2>\n<ul>\n");
        for (int k = 0; k < r.nev; k++) {
            const gr_bt_leader *l = &b->leaders[r.ev[k].leader];
            fprintf(html, "<li>turn %d: ", r.ev[k].turn);
            gr_html_text(html, l->name);
            fprintf(html, " (");
            gr_html_text(html, b->side_name[l->side]);
            fprintf(html, "): %s</li>\n", gr_bt_leader_status_name(r.ev[k].status));
        }
        fprintf(html,
                "%s</ul>\n<p>State hash %016" PRIx64 " after %d actions.</p>\n"
                "</body></html>\n",
                r.nev ? "" : "<li>none</li>", gr_battle_hash(b), b->nactions);
    }
    if (json) {
        json_t *j = json_object();
        json_object_set_new(j, "system", json_string(b->system));
        json_object_set_new(j, "title", json_string(b->title));
        json_object_set_new(j, "sides", json_pack("[ss]", b->side_name[0], b->side_name[1]));
        json_object_set_new(j, "actions", r.jactions);
        json_t *by = json_array();
        for (int t = 1; t <= r.max_turn; t++) {
            json_t *p = json_array();
            json_array_append_new(p, json_integer(r.lost[t][0]));
            json_array_append_new(p, json_integer(r.lost[t][1]));
            json_array_append_new(by, p);
        }
        json_object_set_new(j, "lost_by_turn", by);
        json_t *lj = json_array();
        for (int k = 0; k < r.nev; k++) {
            const gr_bt_leader *ld = &b->leaders[r.ev[k].leader];
            json_t *l = json_object();
            json_object_set_new(l, "turn", json_integer(r.ev[k].turn));
            json_object_set_new(l, "id", json_string(ld->id));
            json_object_set_new(l, "side", json_integer(ld->side));
            json_object_set_new(l, "status", json_string(gr_bt_leader_status_name(r.ev[k].status)));
            json_array_append_new(lj, l);
        }
        json_object_set_new(j, "leaders", lj);
        *json = j;
    } else {
        json_decref(r.jactions);
    }
    if (total_out) {
        total_out[0] = total[0];
        total_out[1] = total[1];
    }
    if (nactions)
        *nactions = b->nactions;
    free(r.before);
    return GR_OK;
}
