namespace geom {

struct Rect {
    int x;
    int y;
    int width;
    int height;
};

// Area of the overlap of two axis-aligned rectangles (0 when they do not overlap).
int overlap_area(const Rect &a, const Rect &b) {
    int left = a.x > b.x ? a.x : b.x;
    int right = (a.x + a.width) < (b.x + b.width) ? (a.x + a.width) : (b.x + b.width);
    int top = a.y > b.y ? a.y : b.y;
    int bottom = (a.y + a.height) < (b.y + b.height) ? (a.y + a.height) : (b.y + b.height);
    if (right <= left || bottom <= top)
        return 0;
    return (right - left) * (bottom - top);
}

}  // namespace geom
