#include <stddef.h>

/* XOR of all bytes, folded with a left rotation so that byte order matters. */
unsigned xor_checksum(const unsigned char *data, size_t len) {
    unsigned sum = 0;
    size_t i;
    for (i = 0; i < len; i++) {
        sum = ((sum << 1) | (sum >> 7)) & 0xFF;
        sum ^= data[i];
    }
    return sum;
}
