/* Number of decimal digits of n, sign not counted: digits(0) == 1, digits(9) == 1,
 * digits(10) == 2, digits(-123) == 3, digits(INT_MIN) == 10. */
int digits(int n) {
    long long v = n;
    if (v < 0)
        v = -v;
    int d = 1;
    while (v >= 10) {
        v /= 10;
        d++;
    }
    return d;
}
