/* Small C functions with cdoctest blocks: `cdoctest-run examples/c/mathutil.c`. */
#include <stdio.h>

/**
 * Greatest common divisor of two non-negative numbers.
 *
 * >>> gcd(12, 18)
 * 6
 * >>> gcd(7, 0)
 * 7
 * >>> gcd(0, 0)
 * 0
 */
int gcd(int a, int b) {
    while (b != 0) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/// n! for small n.
///
/// >>> factorial(0)
/// 1
/// >>> factorial(5)
/// 120
/// >>> printf("%ld\n", factorial(10));
/// 3628800
long factorial(int n) {
    long result = 1;
    for (int i = 2; i <= n; ++i)
        result *= i;
    return result;
}

/**
>>> int xs[] = {3, 9, 2, 7};
>>> max_of(xs, 4)
9
>>> max_of(xs, 1)
3
*/
int max_of(const int *xs, int n) {
    int best = xs[0];
    for (int i = 1; i < n; ++i)
        if (xs[i] > best)
            best = xs[i];
    return best;
}

/**
 * Clamp x into [lo, hi].
 *
 * >>> printf("%d %d %d\n", clamp(-5, 0, 10), clamp(5, 0, 10), clamp(50, 0, 10));
 * 0 5 10
 */
int clamp(int x, int lo, int hi) {
    return x < lo ? lo : x > hi ? hi : x;
}
