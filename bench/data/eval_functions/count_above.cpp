#include <vector>

// How many values are strictly greater than the threshold.
int count_above(const std::vector<int> &values, int threshold) {
    int n = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (values[i] > threshold)
            ++n;
    }
    return n;
}
