/* Parse an optionally signed decimal integer at the start of s; stops at the first non-digit. */
int parse_int(const char *s) {
    int sign = 1;
    int value = 0;
    while (*s == ' ')
        s++;
    if (*s == '-' || *s == '+') {
        if (*s == '-')
            sign = -1;
        s++;
    }
    while (*s >= '0' && *s <= '9') {
        value = value * 10 + (*s - '0');
        s++;
    }
    return sign * value;
}
