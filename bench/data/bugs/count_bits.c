/* Number of set bits in x: count_bits(0) == 0, count_bits(0xFF) == 8,
 * count_bits(0x80000000u) == 1, count_bits(0xFFFFFFFFu) == 32. */
int count_bits(unsigned x) {
    int n = 0;
    while (x != 0) {
        x &= x - 1;
        n++;
    }
    return n;
}
