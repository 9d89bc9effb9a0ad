#include <climits>
#include <type_traits>

// The smallest power of two >= x, for an unsigned type: next_pow2(0) == 1, next_pow2(5u) == 8,
// next_pow2(8u) == 8; 0 when the result does not fit in T (next_pow2(2147483649u) == 0).
template <typename T>
T next_pow2(T x) {
    static_assert(std::is_unsigned<T>::value, "next_pow2 needs an unsigned type");
    if (x == 0)
        return 1;
    --x;
    for (unsigned shift = 1; shift < sizeof(T) * CHAR_BIT; shift <<= 1)
        x |= x >> shift;
    return x + 1;
}
