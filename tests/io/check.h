/* check.h - the counting check of the io tests (one copy for every file):
 * CHECK(cond, printf-style message) counts a check, and on failure counts
 * it failed and prints "FAIL file:line: message".  Each test defines
 * `static int checks, failures;` before including it, and exits non-zero
 * when failures > 0. */
#ifndef GROGNARD_TESTS_IO_CHECK_H
#define GROGNARD_TESTS_IO_CHECK_H

#include <stdio.h>

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

#endif
