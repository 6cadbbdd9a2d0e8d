/* grognard/file_io.h - a whole file read, or written so that nothing is
 * lost (the new file entirely, or the old one untouched); whether two paths
 * name one file; and a fresh seed read from the system's entropy. */
#ifndef GROGNARD_FILE_IO_H
#define GROGNARD_FILE_IO_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "grognard/error.h"

/* Write len bytes of data to `path` atomically: into a temporary file in
 * the same folder, flushed to the disk (fsync), then renamed over `path`,
 * and the folder synced.  The file gets the mode of the file it replaces,
 * or 0666 less the umask.  GR_ERUNTIME with the path and the system's
 * reason if any step fails; the previous file, if any, is then unchanged
 * and no temporary file is left.  The temporary files of earlier writes of
 * `path` that a kill left (untouched GR_TMP_STALE_S seconds) are removed
 * first. */
#define GR_TMP_STALE_S 600
gr_status gr_write_file_atomic(const char *path, const char *data, size_t len, gr_error *err);

/* Remove the temporary files of the atomic writer that a kill left in the
 * folder of `path` (a file, present or not, in the folder), for any file:
 * "NAME.tmp.XXXXXX" (six letters or digits, as mkstemp makes them), regular
 * files untouched for GR_TMP_STALE_S seconds.  Called when a command that
 * writes files there starts (the server, `battle`), so that those of files
 * never written again go too.  Errors are ignored (nothing is promised but
 * an attempt). */
void gr_remove_stale_tmp(const char *path);

/* Read a whole file into a gr_malloc'ed NUL-terminated buffer (the caller
 * frees it with gr_free); *len is its length in bytes.  GR_ERUNTIME with the
 * path and the reason if it cannot be opened or read (or is a directory);
 * GR_EINPUT "PATH:1:1: ..." if it is larger than `max` bytes. */
gr_status gr_read_file(const char *path, size_t max, char **text, size_t *len, gr_error *err);

/* The open stream f (`name` in messages: "stdin") read to its end, or to
 * one byte past `max` (*len > max then says it is larger), into a
 * gr_malloc'ed NUL-terminated buffer; f is left open.  GR_ERUNTIME with the
 * reason if it cannot be read. */
gr_status gr_read_stream(FILE *f, const char *name, size_t max, char **text, size_t *len,
                         gr_error *err);

/* A seed for a player who gave none: from the system's entropy (below one
 * thousand million, easy to retype), to be printed so the game or the roll
 * can be repeated; 0 when /dev/urandom cannot be read. */
uint64_t gr_fresh_seed(void);

/* 1 if `a` and `b` name the same file: the same device and inode when both
 * exist, else the same resolved path (or the same text if unresolvable). */
int gr_same_file(const char *a, const char *b);

#endif
