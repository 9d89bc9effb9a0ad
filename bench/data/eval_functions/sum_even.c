#include <stddef.h>

/* Sum of the even values among values[0..count-1]. */
long sum_even(const int *values, size_t count) {
    long total = 0;
    size_t i;
    for (i = 0; i < count; i++) {
        if (values[i] % 2 == 0)
            total += values[i];
    }
    return total;
}
