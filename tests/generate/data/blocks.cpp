#include <cstdio>

namespace geo {

/**
>>> geo::area(2, 3)
6
*/
int area(int w, int h) { return w * h; }

/**
cdoctest-gen: generated and verified; regenerating replaces this block
>>> geo::perimeter(1, 1)
4
*/
int perimeter(int w, int h) { return 2 * (w + h); }

// Twice the value.
int twice(int x) { return 2 * x; }

struct Box {
    Box(int side) : side_(side) {}
    int volume() const;
    int side_;
};

int Box::volume() const { return side_ * side_ * side_; }

}  // namespace geo
