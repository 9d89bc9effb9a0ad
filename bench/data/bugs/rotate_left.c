/* Rotate the n ints of a left by k places in place; k may be larger than n or 0.
 * {1, 2, 3, 4} rotated by 1 is {2, 3, 4, 1}; by 5 it is the same as by 1. */
void rotate_left(int *a, int n, int k) {
    if (n <= 0)
        return;
    k %= n;
    for (int r = 0; r < k; r++) {
        int first = a[0];
        for (int i = 0; i + 1 < n; i++)
            a[i] = a[i + 1];
        a[n - 1] = first;
    }
}
