#include "ilist.h"

#include <stdio.h>
#include <stdlib.h>

struct ilist {
    size_t n;
    int items[16];
};

ilist *ilist_parse(const char *text) {
    ilist *l = calloc(1, sizeof *l);
    char *end;
    while (l != NULL && *text != '\0' && l->n < 16) {
        long v = strtol(text, &end, 10);
        if (end == text) {
            free(l);
            return NULL;
        }
        l->items[l->n++] = (int)v;
        text = *end == ',' ? end + 1 : end;
    }
    return l;
}

int ilist_sum(const ilist *l) {
    int s = 0;
    for (size_t i = 0; i < l->n; i++)
        s += l->items[i];
    return s;
}

size_t ilist_len(const ilist *l) { return l->n; }

int ilist_get(const ilist *l, size_t i, int *out) {
    if (i >= l->n)
        return -1;
    *out = l->items[i];
    return 0;
}

int ilist_format(const ilist *l, char *buf, size_t size) {
    int k = snprintf(buf, size, "[");
    for (size_t i = 0; i < l->n; i++)
        k += snprintf(buf + k, size - (size_t)k, i ? ",%d" : "%d", l->items[i]);
    k += snprintf(buf + k, size - (size_t)k, "]");
    return k;
}

const char *ilist_status(int code) { return code == 0 ? "ok" : "range"; }

void ilist_free(ilist *l) { free(l); }
