#include <stdio.h>
#include <stdlib.h>

/* A point on a grid. */
struct point {
    int x;
    int y;
};

/* The point as text, "(x,y)": a new string the caller frees. */
char *point_to_text(const struct point *p) {
    char *s = malloc(32);
    if (s != NULL)
        snprintf(s, 32, "(%d,%d)", p->x, p->y);
    return s;
}

/* Reads a point written by point_to_text; returns 0 on success, -1 on a malformed text. */
int point_from_text(struct point *p, const char *text) {
    int x, y;
    char end;
    if (sscanf(text, "(%d,%d%c", &x, &y, &end) != 3 || end != ')')
        return -1;
    p->x = x;
    p->y = y;
    return 0;
}
