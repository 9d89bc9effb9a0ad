/* A stack of at most 8 ints. */
struct stack {
    int items[8];
    int n;
};

void stack_init(struct stack *s) { s->n = 0; }

/* Pushes v; returns 0, or -1 when full. */
int stack_push(struct stack *s, int v) {
    if (s->n == 8)
        return -1;
    s->items[s->n++] = v;
    return 0;
}

/* Removes and returns the top item; -1 when empty. */
int stack_pop(struct stack *s) {
    if (s->n == 0)
        return -1;
    return s->items[--s->n];
}

/* Keeps only the n bottom items. */
void stack_truncate(struct stack *s, int n) {
    if (n < s->n)
        s->n = n;
}

int stack_size(const struct stack *s) { return s->n; }
