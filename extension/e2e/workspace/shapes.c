/* Two small functions without tests: the end-to-end test generates their cdoctests in VS Code. */

/* The area of a w x h rectangle. */
int rect_area(int w, int h) {
    return w * h;
}

/* Clamp v into lo..hi. */
int clamp(int v, int lo, int hi) {
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}
