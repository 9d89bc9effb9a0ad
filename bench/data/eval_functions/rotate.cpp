#include <cstdint>

// Rotate the 32 bits of x left by k positions (k taken modulo 32).
std::uint32_t rotate_left(std::uint32_t x, unsigned k) {
    k &= 31u;
    if (k == 0)
        return x;
    return (x << k) | (x >> (32u - k));
}
