#include <string.h>

#include "kv.h"

kv *kv_parse(const char *text, kv_error *error) {
    kv *list = kv_new();
    int i = 0;
    if (text[0] == '\0') {
        error->code = 1;
        strcpy(error->text, "empty text");
        kv_free(list);
        return NULL;
    }
    while (text[i] != '\0') {
        if (text[i] < '0' || text[i] > '9') {
            error->code = 2;
            error->position = i;
            strcpy(error->text, "not a digit");
            kv_free(list);
            return NULL;
        }
        int v = 0;
        while (text[i] >= '0' && text[i] <= '9')
            v = v * 10 + (text[i++] - '0');
        if (!kv_push(list, v))
            break;
        if (text[i] == ',')
            i++;
    }
    error->position = i;
    return list;
}

kv *kv_range(int from, int to) {
    kv *list = kv_new();
    for (int v = from; v <= to; v++)
        if (!kv_push(list, v))
            break;
    return list;
}
