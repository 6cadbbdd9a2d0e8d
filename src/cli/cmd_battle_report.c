/* cmd_battle_report.c - grognard battle report: the after-action report of
 * a battle (gr_bt_report, battle_wire.h) as text on stdout, as JSON, or
 * as one self-contained HTML page written atomically with --html OUT. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_battle.h"
#include "grognard/file_io.h"

int cli_bt_report(const char *path, const gr_match *m, const char *html, int json)
{
    if (html && gr_same_file(html, path)) {
        cli_err("grognard battle report: --html %s is the battle file itself; give the page "
                "another name\n",
                html);
        return CLI_USAGE;
    }
    gr_error err;
    gr_error_clear(&err);
    int total[2], nactions;
    if (!html) {
        json_t *j = NULL;
        if (gr_bt_report(m, path, json ? NULL : stdout, NULL, json ? &j : NULL, total, &nactions,
                         &err) != GR_OK)
            return cli_fail(&err);
        return json ? cli_print_json(j) : CLI_OK;
    }
    /* the page in memory, then written atomically: a failure leaves no half page */
    char *page = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&page, &len);
    if (!out) {
        cli_err("grognard battle report: out of memory\n");
        return CLI_FAIL;
    }
    gr_status st = gr_bt_report(m, path, NULL, out, NULL, total, &nactions, &err);
    if (fclose(out) != 0 && st == GR_OK)
        st = gr_error_set(&err, GR_ERUNTIME, "out of memory writing the report");
    if (st == GR_OK)
        st = gr_write_file_atomic(html, page, len, &err);
    free(page);
    if (st != GR_OK)
        return cli_fail(&err);
    const gr_battle *b = gr_bt_game_battle(gr_match_state(m));
    printf("%s written: %d actions, stands lost %s %d, %s %d\n", html, nactions, b->side_name[0],
           total[0], b->side_name[1], total[1]);
    return CLI_OK;
}
