/* grognard/rff_io.h - reading the Regimental Fire and Fury fire-points file
 * (io layer).  The format: docs/rules/rff.md, "Missing values". */
#ifndef GROGNARD_RFF_IO_H
#define GROGNARD_RFF_IO_H

#include <stddef.h>

#include "grognard/error.h"
#include "grognard/rff_points.h"

#define RFF_POINTS_MAX_BYTES (4 * 1024 * 1024)
/* The most JSON values a fire-points file may hold (its tables hold about a
 * hundred): the reader's memory stays under 8 MB whatever the file. */
#define RFF_POINTS_MAX_NODES 65536

/* The shipped file: data/rff/fire_points.json in the source tree the
 * program was built from, or, when that is gone, the copy `meson install`
 * put in $prefix/share/grognard/rff/. */
const char *rff_points_default_path(void);

/* Read and validate the fire-points file at `path` (NULL: the shipped one)
 * into *out (fully overwritten).  Errors: GR_EINPUT with "FILE:LINE:COL:
 * what is wrong; what is accepted" for a bad file, or "FILE: cannot open"
 * for a file the caller named; GR_ERUNTIME when the shipped file cannot be
 * read. */
gr_status rff_points_load(const char *path, rff_points *out, gr_error *err);

/* The same from `len` bytes of `text`; `name` stands for the file in
 * messages and in out->path. */
gr_status rff_points_parse(const char *text, size_t len, const char *name, rff_points *out,
                           gr_error *err);

#endif
