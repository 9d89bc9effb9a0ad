#include "shapes.hpp"

namespace geo {

Rect::Rect(int width, int height) : width_(width), height_(height) {}

/**
>>> geo::Rect(7, 3).area()
21
*/
int Rect::area() const { return width_ * height_; }

int Rect::perimeter() const { return 2 * (width_ + height_); }

bool Rect::is_square() const { return width_ == height_; }

Rect scale(const Rect &r, int factor) { return Rect(r.width() * factor, r.height() * factor); }

}  // namespace geo
