enum Triangle { INVALID, EQUILATERAL, ISOSCELES, SCALENE };

// Classify a triangle by its side lengths.
Triangle classify_triangle(int a, int b, int c) {
    if (a <= 0 || b <= 0 || c <= 0)
        return INVALID;
    if (a + b <= c || a + c <= b || b + c <= a)
        return INVALID;
    if (a == b && b == c)
        return EQUILATERAL;
    if (a == b || b == c || a == c)
        return ISOSCELES;
    return SCALENE;
}
