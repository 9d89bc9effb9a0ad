/* Run-length encodes src (srcLen bytes) into dest as (count, byte) pairs. *destLen holds the
   room of dest and becomes the number of bytes written. Returns 0, or -1 when dest is too small. */
int rle_encode(unsigned char *dest, unsigned long *destLen, const unsigned char *src,
               unsigned long srcLen) {
    unsigned long out = 0;
    for (unsigned long i = 0; i < srcLen;) {
        unsigned long run = 1;
        while (i + run < srcLen && src[i + run] == src[i] && run < 255)
            run++;
        if (out + 2 > *destLen)
            return -1;
        dest[out++] = (unsigned char)run;
        dest[out++] = src[i];
        i += run;
    }
    *destLen = out;
    return 0;
}
