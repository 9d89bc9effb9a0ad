/* 1 when x is a power of two (1, 2, 4, ...), else 0. */
int is_power_of_two(unsigned long x) {
    return x != 0 && (x & (x - 1)) == 0;
}
