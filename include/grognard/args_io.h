/* grognard/args_io.h - a table's or procedure's inputs read from a JSON
 * object (resolve's situation on stdin), with the positioned reader: every
 * error says NAME:LINE:COL ("stdin:2:9: ...") and why.
 *
 * Nothing is rounded or dropped: a number goes to the input's own parser as
 * it is written (so 5.9999999 or 0.0000003 is refused where a thousandth is
 * the finest an input takes, 1e3 is refused as not written in plain digits,
 * and a whole number beyond 64 bits is "too large"), a string must be an
 * input's value exactly, and a key that is no input is refused. */
#ifndef GROGNARD_ARGS_IO_H
#define GROGNARD_ARGS_IO_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/error.h"
#include "grognard/table.h"

/* The most bytes and JSON values a situation may hold. */
#define GR_ARGS_JSON_MAX_BYTES (1024 * 1024)
#define GR_ARGS_JSON_MAX_NODES 4096

typedef struct gr_args_json gr_args_json;

/* Read the JSON object in `len` bytes of `text` (`name` stands for the file
 * in messages) into `a`: each key names one of `params` (except the one at
 * index `skip`, or -1), or is "seed" when `seed` is not NULL (a whole
 * number from 0 to 2^64-1, stored in *seed with *has_seed set).  On success
 * *keep owns the parsed document, which text inputs of `a` refer to: free it
 * with gr_args_json_free once `a` is no longer used (*keep is NULL on
 * error).  GR_EINPUT with the place and the reason for bad input,
 * GR_ERUNTIME when memory runs out. */
gr_status gr_args_json_parse(const char *text, size_t len, const char *name, const gr_param *params,
                             size_t nparams, int skip, gr_args *a, int *has_seed, uint64_t *seed,
                             gr_args_json **keep, gr_error *err);

void gr_args_json_free(gr_args_json *keep);

/* The names of params[0..n) but `skip` (or -1), each after `prefix` ("--"
 * for a command line's options), joined by ", " into buf (cut at cap), for
 * an error's "accepted: ..."; returns the length written. */
size_t gr_args_names(const gr_param *params, size_t n, int skip, const char *prefix, char *buf,
                     size_t cap);

#endif
