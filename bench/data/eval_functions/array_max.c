/* Largest element of a[0..n-1]; 0 for an empty array. */
int array_max(const int *a, int n) {
    int best;
    int i;
    if (n <= 0)
        return 0;
    best = a[0];
    for (i = 1; i < n; i++) {
        if (a[i] > best)
            best = a[i];
    }
    return best;
}
