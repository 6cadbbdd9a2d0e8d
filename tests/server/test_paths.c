/* test_paths.c - a server error told to a client carries no absolute path
 * (sv_strip_paths, issue 27): each path of the message is cut to its last
 * part, the rest of the message is left as it is. */
#include <stdio.h>
#include <string.h>

#include "sv_http.h"

static int failed;

static void check(const char *in, const char *want)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", in);
    size_t n = sv_strip_paths(buf);
    if (strcmp(buf, want) || n != strlen(want)) {
        fprintf(stderr, "FAIL: '%s' -> '%s', want '%s'\n", in, buf, want);
        failed++;
    }
}

int main(void)
{
    /* the full-disk error of the atomic writer (src/io/file_io.c) */
    check("/srv/grognard/data/x.battle: write error (No space left on device); the previous "
          "file, if any, is unchanged",
          "x.battle: write error (No space left on device); the previous file, if any, is "
          "unchanged");
    /* a loader's FILE:LINE:COL, quoted, in brackets */
    check("battle b1 cannot be loaded: /srv/me/d/oob/nf/maida.json:3:7: bad unit",
          "battle b1 cannot be loaded: maida.json:3:7: bad unit");
    check("cannot open '/a/b/c.json' (x)", "cannot open 'c.json' (x)");
    check("folder (/var/lib/g/) gone", "folder (g) gone");
    check("db=/tmp/s.db, then", "db=s.db, then");
    /* no path: unchanged (a lone slash, a fraction, a word with slashes) */
    check("no path here", "no path here");
    check("1/2 of the stands, and / alone", "1/2 of the stands, and / alone");
    check("either/or", "either/or");
    check("", "");
    printf("%s\n", failed ? "failed" : "ok");
    return failed != 0;
}
