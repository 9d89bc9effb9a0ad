/* A list of at most 16 integers: parsed from "1,2,3" by kv_parse or made by kv_range
 * (src/parse.c); made, filled, read and freed by the functions of src/list.c, the one file that
 * knows struct kv. */
#ifndef KV_H
#define KV_H

typedef struct kv_error {
    int code;      /* 0: no error, 1: empty text, 2: not a digit */
    int position;  /* where parsing stopped */
    char text[32]; /* what went wrong */
} kv_error;

typedef struct kv kv;

kv *kv_parse(const char *text, kv_error *error);
kv *kv_range(int from, int to);
kv *kv_new(void);
int kv_push(kv *list, int value);
int kv_count(const kv *list);
char *kv_format(const kv *list, int flags);
void kv_free(kv *list);

#endif
