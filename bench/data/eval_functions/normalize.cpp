#include <cmath>

// Length of the 2-D vector (x, y), rounded to two decimals.
double vector_length(double x, double y) {
    double len = std::sqrt(x * x + y * y);
    return std::round(len * 100.0) / 100.0;
}
