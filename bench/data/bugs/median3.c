/* The middle one of three ints: median3(1, 2, 3) == 2, median3(3, 1, 2) == 2,
 * median3(5, 5, 1) == 5. */
int median3(int a, int b, int c) {
    if ((a <= b && b <= c) || (c <= b && b <= a))
        return b;
    if ((b <= a && a <= c) || (c <= a && a <= b))
        return a;
    return c;
}
