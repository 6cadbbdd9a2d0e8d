/* sv_http.c - the server's HTTP plumbing (sv_http.h): a request's body
 * gathered, its path routed to the resource that owns it, static files, the
 * one reply family every resource answers with, the access log. */
#define _DEFAULT_SOURCE /* realpath, strncasecmp */
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <netinet/in.h>

#include "grognard/wire.h"
#include "sv_http.h"

/* server_paths.c (generated) */
extern const char sv_version[];

/* ---- the reply family ---------------------------------------------------------------- */

/* The headers that guard the page on every answer (sv_reply_response adds
 * them, the one way out): nosniff, the Content-Security-Policy, no
 * framing, no Referer. */
static void guard_headers(struct MHD_Response *res)
{
    MHD_add_response_header(res, "X-Content-Type-Options", "nosniff");
    /* the page's own scripts, styles and images only; no frame of it in
     * another site's page; no address of ours (a battle link's token is in
     * the fragment, never sent) given to a site a link leads to */
    MHD_add_response_header(res, "Content-Security-Policy",
                            "default-src 'self'; script-src 'self'; style-src 'self' "
                            "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
                            "object-src 'none'; base-uri 'none'; form-action 'self'; "
                            "frame-ancestors 'none'");
    MHD_add_response_header(res, "X-Frame-Options", "DENY");
    MHD_add_response_header(res, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(res, "Cross-Origin-Opener-Policy", "same-origin");
}

MHD_Result_t sv_reply_response(sv_req *r, int status, struct MHD_Response *res, long long bytes)
{
    guard_headers(res);
    r->status = status;
    r->bytes = bytes;
    MHD_Result_t ok = MHD_queue_response(r->c, (unsigned)status, res);
    MHD_destroy_response(res);
    return ok;
}

MHD_Result_t sv_reply(sv_req *r, int status, const char *ctype, char *body, size_t len)
{
    if (!body) {
        status = 500;
        ctype = "application/json; charset=utf-8";
        body = strdup("{\"error\":\"out of memory; try again\"}");
        len = body ? strlen(body) : 0;
    }
    struct MHD_Response *res = MHD_create_response_from_buffer(
        len, body, body ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (!res) {
        free(body);
        return MHD_NO;
    }
    MHD_add_response_header(res, "Content-Type", ctype);
    MHD_add_response_header(res, "Cache-Control", "no-store");
    if (status == 405)
        MHD_add_response_header(res, "Allow", "GET, POST");
    return sv_reply_response(r, status, res, (long long)len);
}

MHD_Result_t sv_reply_tagged(sv_req *r, char *text, const char *etag, const char *cache)
{
    if (!text)
        return sv_reply_json(r, 200, NULL); /* a 500 */
    const char *inm = MHD_lookup_connection_value(r->c, MHD_HEADER_KIND, "If-None-Match");
    int same = inm && (strstr(inm, etag) || !strcmp(inm, "*"));
    size_t len = same ? 0 : strlen(text);
    if (same) { /* 304: no body */
        free(text);
        text = NULL;
    }
    struct MHD_Response *res = MHD_create_response_from_buffer(
        len, text ? text : "", text ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (!res) {
        free(text);
        return MHD_NO;
    }
    if (!same)
        MHD_add_response_header(res, "Content-Type", "application/json; charset=utf-8");
    MHD_add_response_header(res, "Cache-Control", cache);
    MHD_add_response_header(res, "ETag", etag);
    return sv_reply_response(r, same ? 304 : 200, res, (long long)len);
}

MHD_Result_t sv_reply_json(sv_req *r, int status, char *text)
{
    return sv_reply(r, status, "application/json; charset=utf-8", text, text ? strlen(text) : 0);
}

MHD_Result_t sv_reply_obj(sv_req *r, int status, json_t *o)
{
    char *text = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(o);
    return sv_reply_json(r, status, text);
}

size_t sv_strip_paths(char *msg)
{
    char *w = msg;
    const char *p = msg;
    char prev = ' ';
    while (*p) {
        if (*p == '/' && strchr(" '\"(=,[", prev) && p[1] && p[1] != ' ' && p[1] != '/') {
            /* an absolute path: up to a space, a quote, a bracket or a comma */
            size_t n = strcspn(p, " '\"),;]");
            const char *last = p, *end = p + n;
            while (end > p + 1 && end[-1] == '/')
                end--;
            for (const char *q = p; q < end; q++)
                if (*q == '/')
                    last = q + 1;
            memmove(w, last, (size_t)(end - last));
            w += end - last;
            prev = 'x';
            p += n;
            continue;
        }
        prev = *p;
        *w++ = *p++;
    }
    *w = 0;
    return (size_t)(w - msg);
}

MHD_Result_t sv_reply_err(sv_req *r, int status, const char *fmt, ...)
{
    char msg[GR_ERROR_MSG], esc[GR_ERROR_MSG];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (status >= 500) {
        /* the server's own failure: the whole of it in the log, and the
         * client told what failed without the server's folders */
        gr_escape(msg, esc, sizeof esc);
        fprintf(stderr, "grognard serve: %s %s: %d %s\n", r->method, r->url ? r->url : "-", status,
                esc);
        sv_strip_paths(msg);
    }
    gr_escape(msg, esc, sizeof esc);
    json_t *o = json_pack("{ss}", "error", esc);
    /* the input at fault, named {so} in the message (grognard/error.h) */
    char param[GR_ERROR_PARAM];
    if (o && gr_error_first_param(esc, param, sizeof param))
        json_object_set_new(o, "param", json_string(param));
    return sv_reply_obj(r, status, o);
}

/* ---- what a request carries ------------------------------------------------------------ */

/* 1 if every key of the object j is one of keys (NULL-terminated), else 0
 * with msg saying which is not and what is accepted. */
static int only_keys(json_t *j, const char *const *keys, char *msg, size_t cap)
{
    const char *key;
    json_t *v;
    json_object_foreach(j, key, v)
    {
        size_t i = 0;
        while (keys[i] && strcmp(key, keys[i]))
            i++;
        if (!keys[i]) {
            char list[256], kb[65]; /* at most 64 bytes of the key, cut between characters */
            gr_escape(key, kb, sizeof kb);
            snprintf(msg, cap, "unknown key \"%s\"; accepted: %s", kb,
                     gr_join(list, sizeof list, keys, SIZE_MAX));
            return 0;
        }
    }
    return 1;
}

json_t *sv_body_object(const sv_req *r, const char *example, const char *const *keys, char *msg,
                       size_t cap)
{
    json_error_t je;
    json_t *j = r->len ? json_loadb(r->body, r->len, JSON_REJECT_DUPLICATES, &je) : NULL;
    if (json_is_object(j) && (!keys || only_keys(j, keys, msg, cap)))
        return j;
    if (!r->len)
        snprintf(msg, cap, "the request has no body; send a JSON object such as %s", example);
    else if (!j)
        snprintf(msg, cap, "the body is not JSON (line %d, column %d: %s); send %s", je.line,
                 je.column, je.text, example);
    else if (!json_is_object(j)) /* else only_keys said which key is not accepted */
        snprintf(msg, cap, "the body must be a JSON object such as %s", example);
    json_decref(j);
    return NULL;
}

const char *sv_query(const sv_req *r, const char *name)
{
    return MHD_lookup_connection_value(r->c, MHD_GET_ARGUMENT_KIND, name);
}

int sv_bearer(const sv_req *r, const char *tok[2], size_t len[2])
{
    const char *h = MHD_lookup_connection_value(r->c, MHD_HEADER_KIND, "Authorization");
    int n = 0;
    if (h && !strncasecmp(h, "Bearer ", 7)) {
        const char *p = h + 7;
        while (*p && n < 2) {
            while (*p == ' ' || *p == ',')
                p++;
            if (!*p)
                break;
            size_t l = strcspn(p, " ,");
            tok[n] = p;
            len[n++] = l;
            p += l;
        }
        if (n == 0) {
            tok[0] = "";
            len[0] = 0;
            n = 1;
        }
        return n;
    }
    if (h) { /* some other scheme: a token that is not one */
        tok[0] = "";
        len[0] = 0;
        return 1;
    }
    /* ?token= only for a GET (an event stream, a report opened by a link:
     * what a browser cannot send a header with); anything that changes a
     * game takes its token from the header, which another site's page
     * cannot set without the server's consent */
    const char *q = r->get ? sv_query(r, "token") : NULL;
    if (q) {
        tok[0] = q;
        len[0] = strlen(q);
        return 1;
    }
    return 0;
}

/* ---- static files --------------------------------------------------------------- */

static const char *mime_of(const char *path)
{
    static const struct {
        const char *ext, *type;
    } types[] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".json", "application/json; charset=utf-8"},
        {".ico", "image/x-icon"},
        {".txt", "text/plain; charset=utf-8"},
        {".woff2", "font/woff2"},
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(dot, types[i].ext))
            return types[i].type;
    return "application/octet-stream";
}

static MHD_Result_t h_static(gr_server *s, sv_req *r, const char *url)
{
    if (!s->web)
        return sv_reply_err(r, 404,
                            "this server has no web folder (the page's folder was not found)");
    if (!strcmp(url, "/"))
        url = "/index.html";
    /* no "..", no backslash, no empty segment tricks: then the real path
     * must still be inside the web folder (a link leading out is refused) */
    if (strstr(url, "..") || strchr(url, '\\') || url[0] != '/')
        return sv_reply_err(r, 404, "no such file");
    char path[PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s%s", s->web, url) >= sizeof path)
        return sv_reply_err(r, 404, "no such file");
    char *real = realpath(path, NULL);
    size_t wl = strlen(s->web);
    if (!real || strncmp(real, s->web, wl) || real[wl] != '/') {
        free(real);
        return sv_reply_err(r, 404, "no such file");
    }
    int fd = open(real, O_RDONLY | O_CLOEXEC);
    struct stat sb;
    if (fd < 0 || fstat(fd, &sb) || !S_ISREG(sb.st_mode)) {
        if (fd >= 0)
            close(fd);
        free(real);
        return sv_reply_err(r, 404, "no such file");
    }
    struct MHD_Response *res = MHD_create_response_from_fd((uint64_t)sb.st_size, fd);
    if (!res) {
        close(fd);
        free(real);
        return MHD_NO;
    }
    MHD_add_response_header(res, "Content-Type", mime_of(real));
    MHD_add_response_header(res, "Cache-Control", "no-cache");
    free(real);
    return sv_reply_response(r, 200, res, (long long)sb.st_size);
}

/* ---- routing ----------------------------------------------------------------------- */

/* The resources, each answering the paths under /api that are its own. */
static int (*const resources[])(gr_server *, sv_req *, const char *, MHD_Result_t *) = {
    sv_games_route,
    sv_battles_route,
    sv_assist_route,
    sv_qr_route,
};

/* The request's Origin is this server's own: "http://" and its Host. */
static int same_origin(const sv_req *r, const char *origin)
{
    const char *host = MHD_lookup_connection_value(r->c, MHD_HEADER_KIND, "Host");
    if (!host || strncasecmp(origin, "http://", 7))
        return 0;
    return !strcasecmp(origin + 7, host);
}

/* The content type names JSON: "application/json", parameters allowed. */
static int is_json_type(const char *ct)
{
    if (!ct)
        return 0;
    while (*ct == ' ')
        ct++;
    size_t n = strlen("application/json");
    return !strncasecmp(ct, "application/json", n) && (ct[n] == 0 || ct[n] == ';' || ct[n] == ' ');
}

/* What a page of another site could send is refused before any resource
 * sees it: a request (other than GET) whose Origin is another's, and a body
 * that is not declared JSON (a form or text/plain needs no consent of ours
 * to be sent cross-site; application/json does).  Returns 1 and sets *ret
 * when refused. */
static int refuse_cross_site(sv_req *r, MHD_Result_t *ret)
{
    const char *origin = MHD_lookup_connection_value(r->c, MHD_HEADER_KIND, "Origin");
    if (!r->get && origin && !same_origin(r, origin)) {
        *ret = sv_reply_err(r, 403,
                            "a request from another site's page (Origin %.100s) is refused; use "
                            "this server's own page",
                            origin);
        return 1;
    }
    const char *ct = MHD_lookup_connection_value(r->c, MHD_HEADER_KIND, "Content-Type");
    if (r->len && !is_json_type(ct)) {
        *ret = sv_reply_err(r, 415,
                            "the body must be sent as Content-Type: application/json (got %.60s)",
                            ct ? ct : "none");
        return 1;
    }
    return 0;
}

static MHD_Result_t route(gr_server *s, sv_req *r, const char *url)
{
    MHD_Result_t refused;
    if (r->nul_in_path)
        return sv_reply_err(r, 404, "no such file (a NUL byte in a path)");
    if (refuse_cross_site(r, &refused))
        return refused;
    if (strncmp(url, "/api/", 5) && strcmp(url, "/api")) {
        if (!r->get)
            return sv_reply_err(r, 405, "only GET is served outside /api/");
        return h_static(s, r, url);
    }
    const char *p = url + 4; /* "/..." after /api */
    if (!strcmp(p, "/health")) {
        if (!r->get)
            return sv_reply_err(r, 405, "use GET /api/health");
        return sv_reply_obj(r, 200, json_pack("{sbss}", "ok", 1, "version", sv_version));
    }
    MHD_Result_t ret;
    for (size_t i = 0; i < sizeof resources / sizeof resources[0]; i++)
        if (resources[i](s, r, p, &ret))
            return ret;
    return sv_reply_err(r, 404, "no such API path %.80s; docs/api.md lists them", url);
}

void *sv_on_uri(void *cls, const char *uri, struct MHD_Connection *c)
{
    (void)cls;
    sv_req *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    clock_gettime(CLOCK_MONOTONIC, &r->t0);
    /* MHD decodes the path before we see it, and a %00 would cut it short
     * ("/index.html%00.png" read as "/index.html"): looked for here, in the
     * path as sent (not its query) */
    size_t plen = strcspn(uri, "?");
    for (size_t i = 0; i + 2 < plen; i++)
        if (uri[i] == '%' && uri[i + 1] == '0' && uri[i + 2] == '0')
            r->nul_in_path = 1;
    (void)c;
    return r;
}

MHD_Result_t sv_on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                           const char *version, const char *upload, size_t *upload_size,
                           void **con_cls)
{
    (void)version;
    gr_server *s = cls;
    sv_req *r = *con_cls;
    if (!r || !r->c) {
        if (!r)
            r = calloc(1, sizeof *r);
        if (!r)
            return MHD_NO;
        if (!r->t0.tv_sec && !r->t0.tv_nsec)
            clock_gettime(CLOCK_MONOTONIC, &r->t0);
        r->c = c;
        snprintf(r->method, sizeof r->method, "%s", method);
        r->get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
        r->post = !strcmp(method, "POST");
        r->url = strdup(url);
        const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        if (ci && ci->client_addr && ci->client_addr->sa_family == AF_INET)
            inet_ntop(AF_INET,
                      &((const struct sockaddr_in *)(const void *)ci->client_addr)->sin_addr,
                      r->addr, sizeof r->addr);
        else
            snprintf(r->addr, sizeof r->addr, "-");
        *con_cls = r;
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
        if (cl && strtoull(cl, NULL, 10) > SV_MAX_BODY) {
            r->too_big = 1;
            return sv_reply_err(r, 413, "the body is over %d bytes; send less", SV_MAX_BODY);
        }
        return MHD_YES;
    }
    if (*upload_size) {
        if (!r->too_big && r->len + *upload_size > SV_MAX_BODY)
            r->too_big = 1;
        if (!r->too_big) {
            if (r->len + *upload_size + 1 > r->cap) {
                size_t cap = (r->len + *upload_size + 1) * 2;
                char *b = realloc(r->body, cap);
                if (!b)
                    return MHD_NO;
                r->body = b;
                r->cap = cap;
            }
            memcpy(r->body + r->len, upload, *upload_size);
            r->len += *upload_size;
            r->body[r->len] = 0;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    if (r->status) /* answered already (413 at the headers) */
        return MHD_YES;
    if (r->too_big)
        return sv_reply_err(r, 413, "the body is over %d bytes; send less", SV_MAX_BODY);
    return route(s, r, url);
}

void sv_on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                     enum MHD_RequestTerminationCode toe)
{
    (void)c;
    (void)toe;
    gr_server *s = cls;
    sv_req *r = *con_cls;
    if (!r)
        return;
    if (s->o.log) {
        struct timespec t1;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double ms =
            (double)(t1.tv_sec - r->t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - r->t0.tv_nsec) / 1e6;
        char url[256];
        gr_escape(r->url ? r->url : "-", url, sizeof url);
        char bytes[32];
        if (r->bytes >= 0)
            snprintf(bytes, sizeof bytes, "%lld", r->bytes);
        else
            snprintf(bytes, sizeof bytes, "-");
        pthread_mutex_lock(&s->log_lock);
        fprintf(s->o.log, "%s %s %s %d %s %.1fms\n", r->addr, r->method, url,
                r->status ? r->status : 0, bytes, ms);
        fflush(s->o.log);
        pthread_mutex_unlock(&s->log_lock);
    }
    free(r->body);
    free(r->url);
    free(r);
    *con_cls = NULL;
}
