#include <stdlib.h>

/* A tree of ints: each node has a value, its first child and its next sibling. */
typedef struct node node_t;
struct node {
    int value;
    node_t *child;
    node_t *next;
};

node_t *node_new(int value) {
    node_t *n = calloc(1, sizeof *n);
    if (n != NULL)
        n->value = value;
    return n;
}

/* Adds a child with value v in front of n's children; returns n. */
node_t *node_add_child(node_t *n, int v) {
    node_t *c = node_new(v);
    c->next = n->child;
    n->child = c;
    return n;
}

/* The first child of n, or NULL. */
node_t *node_first_child(node_t *n) { return n->child; }

/* The number of nodes under n, n included. */
int node_count(const node_t *n) {
    int k = 0;
    for (; n != NULL; n = n->next)
        k += 1 + node_count(n->child);
    return k;
}
