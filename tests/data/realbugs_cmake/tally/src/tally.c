#include <tally.h>

int tally_sum(const int *xs, int n, int lo, int hi) {
    int total = 0;
    for (int i = 0; i < n; i++)
        total += clamp_int(xs[i], lo, hi);
    return total;
}
