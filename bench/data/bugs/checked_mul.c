#include <limits.h>

/* Multiply a and b into *out if the product fits in an int: returns 1 and stores it, else 0.
 * checked_mul(46341, 46341, &r) == 0, checked_mul(-2, 3, &r) == 1 with r == -6,
 * checked_mul(INT_MIN, -1, &r) == 0. */
int checked_mul(int a, int b, int *out) {
    long long p = (long long)a * b;
    if (p > INT_MAX || p < INT_MIN)
        return 0;
    *out = (int)p;
    return 1;
}
