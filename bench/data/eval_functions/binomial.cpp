// Binomial coefficient C(n, k) by Pascal's rule; 0 when k is out of range.
long binomial(int n, int k) {
    if (k < 0 || k > n)
        return 0;
    if (k == 0 || k == n)
        return 1;
    return binomial(n - 1, k - 1) + binomial(n - 1, k);
}
