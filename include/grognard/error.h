/* grognard/error.h - status codes and the caller-owned error record.
 *
 * Every fallible function returns a gr_status and, on failure, writes a
 * message a person can act on into a gr_error the caller owns: what was
 * wrong, where, and what is accepted instead.  No function keeps an error
 * in hidden global state.
 *
 * Naming a parameter.  A library message never names a command-line flag
 * ("--troops"): the server and the page read the same messages as the CLI.
 * It names an input by the name its declaration gives it (a procedure's or
 * a table's gr_param name, a battle verb's fact, "roll" for the dice),
 * written between braces: "{troops} is the firing infantry's class; the
 * firer is not infantry".  The braces mark it for the front ends, which
 * say it their way with gr_error_render: the CLI as its flag ("--troops is
 * the firing infantry's class ..."), the page as the field's label
 * ("“Troops” is ...").  gr_error_set also keeps the first name marked in
 * the message in gr_error.param (the input at fault, "" when none), which
 * the server returns as the JSON error's "param".  Notes, modifiers'
 * reasons, effects and help lines follow the same convention.  A marked
 * name is [a-z][a-z0-9_-]* between '{' and '}'; a brace anything else
 * follows is text.  Left as they are: commands (backquoted, or quoted
 * whole from "grognard "), examples and the battle's action lines, a
 * grammar of their own (docs/architecture.md; scripts/no-flags checks the
 * rest at build time).  Values a person typed are quoted in messages; one
 * that itself holds "{word}" would be said as a name (a cosmetic slip, the
 * price of a marker that reads well unrendered). */
#ifndef GROGNARD_ERROR_H
#define GROGNARD_ERROR_H

#include <stddef.h>
#include <stdint.h>

typedef enum gr_status {
    GR_OK = 0,
    GR_EINPUT = 2,   /* bad usage or bad input: the CLI exits 2 */
    GR_ERUNTIME = 1, /* a runtime failure (I/O, memory): the CLI exits 1 */
    GR_EILLEGAL = 3, /* an illegal action in a game: an ordinary error */
} gr_status;

#define GR_ERROR_MSG   512
#define GR_ERROR_PARAM 48

typedef struct gr_error {
    gr_status code;
    char msg[GR_ERROR_MSG];
    char param[GR_ERROR_PARAM]; /* the first input named {so} in msg; "" if none */
} gr_error;

/* Record status `code` and a printf-style message in `err` (err may be
 * NULL: the message is dropped), escaped by gr_escape: one line.  Returns
 * `code`, so callers can write `return gr_error_set(err, GR_EINPUT, "...")`. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
gr_status
gr_error_set(gr_error *err, gr_status code, const char *fmt, ...);

/* `s` made one line fit for a terminal, as every error message is: a
 * newline, carriage return or tab written \n, \r, \t; any other control
 * byte (C0, DEL) and any byte that is not valid UTF-8 written \xNN; a C1
 * control character (U+0080..U+009F) written \uNNNN; everything else as
 * it is.  Written into buf (cap bytes, cut before a character or escape
 * that does not fit); returns the length.  Applying it twice changes
 * nothing more.  gr_error_set applies it to every message, so a message
 * quoting a file name, a value or typed text is always one line. */
size_t gr_escape(const char *s, char *buf, size_t cap);

/* The first input name marked {NAME} in `msg` (see the top of this file),
 * copied into buf (cap bytes; a longer name is not a name): returns its
 * length, 0 (buf "") when msg marks none. */
size_t gr_error_first_param(const char *msg, char *buf, size_t cap);

/* `msg` with every marked input name {NAME} written `prefix` NAME `suffix`
 * (the CLI: "--", ""; plain text: "", ""), into buf (cap bytes, cut before
 * a piece that does not fit); everything else as it is.  Returns the
 * length. */
size_t gr_error_render(const char *msg, const char *prefix, const char *suffix, char *buf,
                       size_t cap);

/* Reset `err` to GR_OK with an empty message. */
void gr_error_clear(gr_error *err);

/* The first n words of `words` (all of them up to a NULL when n is
 * SIZE_MAX) joined by ", " into buf (cap bytes, cut there), an empty word
 * written "", for a message's "accepted: ..."; returns buf. */
const char *gr_join(char *buf, size_t cap, const char *const *words, size_t n);

#endif
