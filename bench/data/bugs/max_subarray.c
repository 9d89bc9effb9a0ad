/* Largest sum of a non-empty contiguous run of the n ints of a (n >= 1). With only negative
 * numbers it is the largest one: {-3, -1, -2} gives -1; {2, -1, 3} gives 4. */
int max_subarray(const int *a, int n) {
    int best = a[0], cur = a[0];
    for (int i = 1; i < n; i++) {
        cur = cur + a[i] > a[i] ? cur + a[i] : a[i];
        if (cur > best)
            best = cur;
    }
    return best;
}
