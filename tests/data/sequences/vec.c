#include <stdlib.h>

/* A vector of n zeroed ints. */
typedef struct vec vec_t;
struct vec {
    int n;
    int *items;
};

vec_t *vec_new(int n) {
    vec_t *v = calloc(1, sizeof *v);
    v->n = n > 0 ? n : 0;
    v->items = calloc(v->n + 1, sizeof(int));
    return v;
}

/* Whether a and b hold the same items. */
int vec_equal(const vec_t *a, const vec_t *b) {
    if (a->n != b->n)
        return 0;
    for (int i = 0; i < a->n; i++)
        if (a->items[i] != b->items[i])
            return 0;
    return 1;
}
