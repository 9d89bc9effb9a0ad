/* Sum of the n ints of a as a long long (no overflow for any n ints); 0 when n <= 0.
 * For {1, 2, 3} the sum is 6; for {INT_MAX, INT_MAX} it is 4294967294. */
long long sum_array(const int *a, int n) {
    long long total = 0;
    for (int i = 0; i < n; i++)
        total += a[i];
    return total;
}
