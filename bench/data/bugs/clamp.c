/* x limited to the range lo..hi (lo <= hi): clamp(5, 0, 3) == 3, clamp(-2, 0, 3) == 0,
 * clamp(2, 0, 3) == 2; the bounds themselves are returned as they are: clamp(3, 0, 3) == 3. */
int clamp(int x, int lo, int hi) {
    if (x < lo)
        return lo;
    if (x > hi)
        return hi;
    return x;
}
