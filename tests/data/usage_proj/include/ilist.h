/* ilist: a small list of integers (the fixture of tests/generate/test_usage.py). */
#ifndef ILIST_H
#define ILIST_H

#include <stddef.h>

typedef struct ilist ilist;

/**
 * Parse a comma-separated list of integers into a new list; NULL on a syntax error.
 *
 *     ilist *l = ilist_parse("1,2,3");
 *     ilist_sum(l);  // 6
 *     ilist_free(l);
 */
ilist *ilist_parse(const char *text);

/** The sum of the list's items. */
int ilist_sum(const ilist *l);

/** The number of items. */
size_t ilist_len(const ilist *l);

/** Store item i in *out; 0 on success, -1 when i is out of range. */
int ilist_get(const ilist *l, size_t i, int *out);

/** Write the list as "[a,b,c]" into buf (at most size bytes); the length written. */
int ilist_format(const ilist *l, char *buf, size_t size);

/** The name of a status code: "ok" for 0, "range" for -1. */
const char *ilist_status(int code);

/** Free the list. */
void ilist_free(ilist *l);

#endif
