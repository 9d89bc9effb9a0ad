#include <stdio.h>
#include <stdlib.h>

#include "kv.h"

struct kv {
    int n;
    int items[16];
};

kv *kv_new(void) {
    return calloc(1, sizeof(kv));
}

int kv_push(kv *list, int value) {
    if (list->n == 16)
        return 0;
    list->items[list->n++] = value;
    return 1;
}

int kv_count(const kv *list) {
    return list ? list->n : -1;
}

char *kv_format(const kv *list, int flags) {
    char *out = malloc(256);
    int len = 0;
    out[0] = '\0';
    if (!list)
        return out;
    for (int i = 0; i < list->n; i++)
        len += snprintf(out + len, 256 - len, i ? (flags ? ", %d" : ",%d") : "%d", list->items[i]);
    return out;
}

void kv_free(kv *list) {
    free(list);
}
