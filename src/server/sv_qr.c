/* sv_qr.c - a QR code of one of this server's own links, as SVG (GET
 * /api/qr?text=URL, docs/api.md "The battle companion"): the companion's
 * page shows one per side's link, and a phone at the table pointed at the
 * screen opens its side.  Made by libqrencode; only this server's links
 * are encoded (a link of its page, "http://HOST/#/...", HOST the address
 * the request came to or one the server gives to the other devices), so it
 * is no QR service for any text. */
#define _DEFAULT_SOURCE /* open_memstream */
#include <qrencode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sv_util.h"

#include "sv_http.h"

#define SV_QR_MAX 600 /* the longest link encoded, in bytes */

/* Is `host` ("192.168.1.20:8080") the address the request came to (its
 * Host header) or one of the server's network addresses with its port? */
static int own_host(gr_server *s, const sv_req *r, const char *host, size_t n)
{
    const char *h = MHD_lookup_connection_value(r->c, MHD_HEADER_KIND, "Host");
    if (h && strlen(h) == n && !strncasecmp(h, host, n))
        return 1;
    json_t *addrs = sv_lan_addresses(s->o.host);
    size_t i;
    json_t *a;
    int own = 0;
    json_array_foreach(addrs, i, a)
    {
        char want[96];
        int w = snprintf(want, sizeof want, "%s:%d", json_string_value(a), s->port);
        own |= w > 0 && (size_t)w == n && !strncmp(want, host, n);
        own |= s->port == 80 && strlen(json_string_value(a)) == n &&
               !strncmp(json_string_value(a), host, n);
    }
    json_decref(addrs);
    return own;
}

/* The code as an SVG image: one path of its dark modules, a run of them
 * along a row one rectangle, in a quiet zone of 4 modules.  malloc'ed
 * (*len bytes), NULL when out of memory. */
static char *qr_svg(const QRcode *q, size_t *len)
{
    char *b = NULL;
    FILE *o = open_memstream(&b, len);
    if (!o)
        return NULL;
    int w = q->width, side = w + 8;
    fprintf(o,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
            "shape-rendering=\"crispEdges\"><rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>"
            "<path fill=\"#000\" d=\"",
            side, side, side, side);
    for (int y = 0; y < w; y++)
        for (int x = 0; x < w; x++) {
            if (!(q->data[y * w + x] & 1))
                continue;
            int n = 1;
            while (x + n < w && (q->data[y * w + x + n] & 1))
                n++;
            fprintf(o, "M%d %dh%dv1h-%dz", x + 4, y + 4, n, n);
            x += n - 1;
        }
    fputs("\"/></svg>\n", o);
    int bad = ferror(o);
    if (fclose(o) || bad) {
        free(b);
        return NULL;
    }
    return b;
}

int sv_qr_route(gr_server *s, sv_req *r, const char *p, MHD_Result_t *ret)
{
    if (strcmp(p, "/qr"))
        return 0;
    if (!r->get) {
        *ret = sv_reply_err(r, 405, "use GET /api/qr?text=LINK");
        return 1;
    }
    const char *text = sv_query(r, "text");
    static const char *const form = "one of this server's links: http://HOST/#/..., HOST the "
                                    "address this page was opened at or one the server gives";
    if (!text || !*text) {
        *ret = sv_reply_err(r, 400, "give ?text=LINK, %s", form);
        return 1;
    }
    size_t n = strlen(text);
    if (n > SV_QR_MAX) {
        *ret = sv_reply_err(r, 400, "text is %zu bytes long, at most %d: %s", n, SV_QR_MAX, form);
        return 1;
    }
    const char *host = !strncmp(text, "http://", 7) ? text + 7 : NULL;
    const char *path = host ? strchr(host, '/') : NULL;
    if (!path || strncmp(path, "/#/", 3) || !own_host(s, r, host, (size_t)(path - host))) {
        *ret = sv_reply_err(r, 400, "text \"%.80s%s\" is not %s", text, n > 80 ? "..." : "", form);
        return 1;
    }
    QRcode *q = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (!q) {
        *ret = sv_reply_err(r, 500, "cannot make the QR code of %zu bytes", n);
        return 1;
    }
    size_t len = 0;
    char *svg = qr_svg(q, &len);
    QRcode_free(q);
    *ret = sv_reply(r, 200, "image/svg+xml", svg, len);
    return 1;
}
