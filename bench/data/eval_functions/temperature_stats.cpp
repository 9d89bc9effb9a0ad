#include <vector>

struct Stats {
    int min;
    int max;
    int count;
};

// Minimum, maximum and count of the readings (all zero for no readings).
Stats summarize(const std::vector<int> &readings) {
    Stats s{0, 0, 0};
    for (int r : readings) {
        if (s.count == 0 || r < s.min)
            s.min = r;
        if (s.count == 0 || r > s.max)
            s.max = r;
        ++s.count;
    }
    return s;
}
