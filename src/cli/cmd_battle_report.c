/* cmd_battle_report.c - grognard battle report: the after-action report of
 * a battle (gr_bt_report, battle_wire.h) as text on stdout, as JSON, or
 * as one self-contained HTML page written atomically with --html OUT. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_battle.h"

int cli_bt_report(const char *path, const gr_battle_file *f, const char *html, int json)
{
    struct stat sh, sf;
    if (html && stat(html, &sh) == 0 && stat(path, &sf) == 0 && sh.st_dev == sf.st_dev &&
        sh.st_ino == sf.st_ino) {
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
        if (gr_bt_report(f, path, json ? NULL : stdout, NULL, json ? &j : NULL, total, &nactions,
                         &err) != GR_OK)
            return cli_fail(&err);
        return json ? cli_print_json(j) : CLI_OK;
    }
    size_t n = strlen(html) + 16;
    char *tmp = malloc(n);
    FILE *out = NULL;
    if (tmp) {
        snprintf(tmp, n, "%s.tmp", html);
        out = fopen(tmp, "w");
    }
    if (!out) {
        cli_err("grognard battle report: cannot write %s; check the folder exists and is "
                "writable\n",
                html);
        free(tmp);
        return CLI_FAIL;
    }
    gr_status st = gr_bt_report(f, path, NULL, out, NULL, total, &nactions, &err);
    int bad = ferror(out);
    int rc = CLI_OK;
    if (fclose(out) != 0 || bad || st != GR_OK || rename(tmp, html) != 0) {
        remove(tmp);
        if (st != GR_OK)
            rc = cli_fail(&err);
        else {
            cli_err("grognard battle report: write error on %s\n", html);
            rc = CLI_FAIL;
        }
    } else {
        printf("%s written: %d actions, stands lost %s %d, %s %d\n", html, nactions,
               f->start->side_name[0], total[0], f->start->side_name[1], total[1]);
    }
    free(tmp);
    return rc;
}
