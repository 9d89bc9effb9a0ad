/* Bits lo..hi (inclusive, 0 = least significant, 0 <= lo <= hi <= 31) of x, shifted down.
 * extract_bits(0xABCD, 4, 7) == 0xC, extract_bits(0xFFFFFFFFu, 0, 31) == 0xFFFFFFFF. */
unsigned extract_bits(unsigned x, int lo, int hi) {
    unsigned width = (unsigned)(hi - lo + 1);
    unsigned mask = width >= 32 ? 0xFFFFFFFFu : ((1u << width) - 1u);
    return (x >> lo) & mask;
}
