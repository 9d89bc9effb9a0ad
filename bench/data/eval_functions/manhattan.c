struct point {
    int x;
    int y;
};

/* Manhattan (taxicab) distance between two grid points. */
int manhattan(struct point a, struct point b) {
    int dx = a.x - b.x;
    int dy = a.y - b.y;
    if (dx < 0)
        dx = -dx;
    if (dy < 0)
        dy = -dy;
    return dx + dy;
}
