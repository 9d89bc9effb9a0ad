/* Value of one hexadecimal digit: '0'..'9' give 0..9, 'a'..'f' and 'A'..'F' give 10..15;
 * any other character gives -1 (so 'g' and ' ' give -1). */
int hex_digit(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}
