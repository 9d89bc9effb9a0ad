#include <cstddef>

// Arithmetic mean of xs[0..n-1]; 0.0 for an empty range.
double average(const double *xs, std::size_t n) {
    if (n == 0)
        return 0.0;
    double sum = 0.0;
    for (std::size_t i = 0; i < n; ++i)
        sum += xs[i];
    return sum / static_cast<double>(n);
}
