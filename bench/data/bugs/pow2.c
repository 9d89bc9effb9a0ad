/* Smallest power of two that is >= x, for 1 <= x <= 2^31; round_up_pow2(0) == 1.
 * round_up_pow2(5) == 8, round_up_pow2(8) == 8, round_up_pow2(1) == 1. */
unsigned round_up_pow2(unsigned x) {
    if (x <= 1)
        return 1;
    x--;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return x + 1;
}
