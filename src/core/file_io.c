/* file_io.c - a whole file read, or written atomically (grognard/file_io.h). */
/* realpath is XSI */
#define _XOPEN_SOURCE 700
#include "grognard/file_io.h"

#include "grognard/alloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* 1 if s is six characters of mkstemp's alphabet (the XXXXXX it fills). */
static int mkstemp_tail(const char *s)
{
    size_t i = 0;
    for (; s[i]; i++)
        if (i >= 6 || !((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') ||
                        (s[i] >= '0' && s[i] <= '9')))
            return 0;
    return i == 6;
}

/* Remove, in the folder of `path`, the temporary files "NAME.tmp.XXXXXX"
 * that a kill left (untouched for GR_TMP_STALE_S seconds: no write of a
 * whole file lasts that long, so none is another writer's): of `path`'s
 * writes only if only_path, else of any NAME. */
static void remove_stale(const char *path, int only_path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t blen = strlen(base);
    char dir[4096];
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + 1 : 1, slash ? path : ".");
    DIR *d = opendir(dir);
    if (!d)
        return;
    time_t now = time(NULL);
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *n = e->d_name;
        size_t nl = strlen(n);
        const char *t = n + (nl > 11 ? nl - 11 : 0); /* ".tmp.XXXXXX" */
        if (nl <= 11 || strncmp(t, ".tmp.", 5) || !mkstemp_tail(t + 5) ||
            (only_path && (t != n + blen || strncmp(n, base, blen))))
            continue;
        char full[8192];
        struct stat sb;
        snprintf(full, sizeof full, "%s%s%s", dir, slash ? "" : "/", n);
        if (lstat(full, &sb) == 0 && S_ISREG(sb.st_mode) && now - sb.st_mtime >= GR_TMP_STALE_S)
            unlink(full);
    }
    closedir(d);
}

void gr_remove_stale_tmp(const char *path)
{
    remove_stale(path, 0);
}

gr_status gr_write_file_atomic(const char *path, const char *data, size_t len, gr_error *err)
{
    remove_stale(path, 1);
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 16);
    if (!tmp)
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory writing it", path);
    snprintf(tmp, plen + 16, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        return gr_error_set(err, GR_ERUNTIME,
                            "%s: cannot write it (%s); check the folder exists and is writable",
                            path, strerror(e));
    }
    /* mkstemp makes the file 0600: give it the mode of the file it
     * replaces, or the usual 0666 less the umask for a new one */
    struct stat old;
    mode_t mode;
    if (stat(path, &old) == 0) {
        mode = old.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    int bad = fchmod(fd, mode) != 0;
    for (size_t done = 0; !bad && done < len;) {
        ssize_t n = write(fd, data + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        bad = n <= 0;
        done += n > 0 ? (size_t)n : 0;
    }
    bad = bad || fsync(fd) != 0;
    int e = errno;
    if (close(fd) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    if (!bad && rename(tmp, path) != 0) {
        bad = 1;
        e = errno;
    }
    if (bad) {
        unlink(tmp);
        free(tmp);
        return gr_error_set(err, GR_ERUNTIME,
                            "%s: write error (%s); the previous file, if any, is unchanged", path,
                            strerror(e ? e : EIO));
    }
    free(tmp);
    /* the rename itself reaches the disk with the folder */
    char dir[4096];
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + 1 : 1, slash ? path : ".");
    int dfd = open(dir, O_RDONLY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return GR_OK;
}

gr_status gr_read_stream(FILE *f, const char *name, size_t max, char **text, size_t *len,
                         gr_error *err)
{
    *text = NULL;
    *len = 0;
    size_t cap = 4096, n = 0;
    char *buf = gr_malloc(cap);
    if (!buf)
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory", name);
    for (;;) {
        if (n + 1 >= cap) {
            if (n > max) /* already one byte more than the limit */
                break;
            char *nb = gr_realloc(buf, cap * 2);
            if (!nb) {
                gr_free(buf);
                return gr_error_set(err, GR_ERUNTIME, "%s: out of memory", name);
            }
            buf = nb;
            cap *= 2;
        }
        size_t want = cap - 1 - n;
        if (want > max + 1 - n)
            want = max + 1 - n; /* never read more than one byte past the limit */
        size_t got = fread(buf + n, 1, want, f);
        n += got;
        if (got == 0 || n > max)
            break;
    }
    if (ferror(f)) {
        int e = errno;
        gr_free(buf);
        return gr_error_set(err, GR_ERUNTIME, "%s: read error (%s)", name, strerror(e));
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return GR_OK;
}

gr_status gr_read_file(const char *path, size_t max, char **text, size_t *len, gr_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return gr_error_set(err, GR_ERUNTIME, "%s: cannot open the file (%s); check the path", path,
                            strerror(errno));
    struct stat sb;
    if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) {
        fclose(f);
        return gr_error_set(err, GR_ERUNTIME, "%s: is a directory; give the path of a JSON file",
                            path);
    }
    gr_status st = gr_read_stream(f, path, max, text, len, err);
    fclose(f);
    if (st == GR_OK && *len > max) {
        gr_free(*text);
        *text = NULL;
        return gr_error_set(err, GR_EINPUT,
                            "%s:1:1: the file is larger than %zu bytes; this is "
                            "not a grognard file",
                            path, max);
    }
    return st;
}

uint64_t gr_fresh_seed(void)
{
    uint64_t s = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        if (fread(&s, sizeof s, 1, f) != 1)
            s = 0;
        fclose(f);
    }
    return s % 1000000000ULL;
}

/* `p` made absolute with every link and ".." resolved: the file itself if it
 * exists, else its folder followed by its last name; NULL if neither can be
 * resolved.  Free the result. */
static char *resolve_path(const char *p)
{
    char *r = realpath(p, NULL);
    if (r)
        return r;
    const char *slash = strrchr(p, '/');
    const char *base = slash ? slash + 1 : p;
    char *dir = slash ? strndup(p, (size_t)(slash - p) + 1) : strdup(".");
    char *rd = dir ? realpath(dir, NULL) : NULL;
    free(dir);
    if (!rd)
        return NULL;
    size_t n = strlen(rd) + strlen(base) + 2;
    r = malloc(n);
    if (r)
        snprintf(r, n, "%s/%s", rd, base);
    free(rd);
    return r;
}

int gr_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char *ra = resolve_path(a), *rb = resolve_path(b);
    int same = ra && rb ? !strcmp(ra, rb) : !strcmp(a, b);
    free(ra);
    free(rb);
    return same;
}
