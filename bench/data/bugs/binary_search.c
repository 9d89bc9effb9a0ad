/* Index of key in the ascending array a of n ints, or -1 when it is absent.
 * In {1, 3, 5, 7}: 1 is at 0, 7 at 3, 4 gives -1; an empty array gives -1. */
int binary_search(const int *a, int n, int key) {
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] == key)
            return mid;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}
