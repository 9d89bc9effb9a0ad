enum Triangle { INVALID, EQUILATERAL, ISOSCELES, SCALENE };

// Classify a triangle by its side lengths. Sides must be positive and satisfy the strict triangle
// inequality (1, 2, 3 is degenerate, so INVALID); sides up to INT_MAX must not overflow.
// classify_triangle(3, 4, 5) == SCALENE, classify_triangle(2, 3, 2) == ISOSCELES.
Triangle classify_triangle(int a, int b, int c) {
    if (a <= 0 || b <= 0 || c <= 0)
        return INVALID;
    long long x = a, y = b, z = c;
    if (x + y <= z || x + z <= y || y + z <= x)
        return INVALID;
    if (a == b && b == c)
        return EQUILATERAL;
    if (a == b || b == c || a == c)
        return ISOSCELES;
    return SCALENE;
}
