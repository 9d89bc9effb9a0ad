#include <limits.h>

/* Parse a whole string as a signed decimal int: an optional '+' or '-' followed by at least one
 * digit and nothing else. On success stores the value in *out and returns 1; returns 0 (and leaves
 * *out alone) for "", a lone sign, any other character, or a value outside INT_MIN..INT_MAX.
 * parse_int("-42", &v) gives 1 and v == -42; parse_int("+", &v) gives 0. */
int parse_int(const char *s, int *out) {
    int neg = 0;
    long long value = 0;
    if (*s == '+' || *s == '-') {
        neg = *s == '-';
        s++;
    }
    if (*s == '\0')
        return 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return 0;
        value = value * 10 + (*s - '0');
        if (value > (long long)INT_MAX + 1)
            return 0;
    }
    if (neg)
        value = -value;
    if (value > INT_MAX)
        return 0;
    *out = (int)value;
    return 1;
}
