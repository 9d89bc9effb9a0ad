// A header + source pair: the tests in this header run against shapes.cpp, which includes it.
#pragma once
#include <cstdio>

namespace geo {

/**
>>> geo::Rect r(3, 4);
>>> r.area()
12
>>> r.perimeter()
14
*/
class Rect {
public:
    Rect(int width, int height);

    /**
    >>> geo::Rect(2, 5).area()
    10
    >>> geo::Rect(0, 5).area()
    0
    */
    int area() const;

    /// >>> geo::Rect(1, 1).perimeter()
    /// 4
    int perimeter() const;

    /**
     * >>> printf("%d %d\n", geo::Rect(2, 2).is_square(), geo::Rect(2, 3).is_square());
     * 1 0
     */
    bool is_square() const;

    int width() const { return width_; }
    int height() const { return height_; }

private:
    int width_;
    int height_;
};

/**
>>> geo::scale(geo::Rect(1, 2), 3).area()
18
*/
Rect scale(const Rect &r, int factor);

}  // namespace geo
