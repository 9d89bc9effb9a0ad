#include <vector>

// Running totals: out[i] = v[0] + ... + v[i].
std::vector<int> prefix_sums(const std::vector<int> &v) {
    std::vector<int> out;
    out.reserve(v.size());
    int running = 0;
    for (int x : v) {
        running += x;
        out.push_back(running);
    }
    return out;
}
