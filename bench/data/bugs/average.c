/* Average of two ints rounded toward negative infinity, without overflow for any two ints:
 * average(2, 4) == 3, average(3, 4) == 3, average(-3, -4) == -4,
 * average(INT_MAX, INT_MAX) == INT_MAX. */
int average(int a, int b) {
    long long s = (long long)a + b;
    long long q = s / 2;
    if (s < 0 && s % 2 != 0)
        q -= 1;
    return (int)q;
}
