/* Number of set bits in x (Kernighan's method: clear the lowest set bit until none is left). */
unsigned popcount(unsigned x) {
    unsigned count = 0;
    while (x != 0) {
        x &= x - 1;
        count++;
    }
    return count;
}
