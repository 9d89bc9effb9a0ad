#include <limits.h>

/* Add a and b into *out if the result fits in an int: returns 1 and stores it, or returns 0
 * (leaving *out alone) when the sum would overflow either way. safe_add(INT_MAX, 1, &r) == 0,
 * safe_add(INT_MAX, 0, &r) == 1, safe_add(INT_MIN, -1, &r) == 0. */
int safe_add(int a, int b, int *out) {
    if (b > 0 && a > INT_MAX - b)
        return 0;
    if (b < 0 && a < INT_MIN - b)
        return 0;
    *out = a + b;
    return 1;
}
