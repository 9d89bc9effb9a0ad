/* Value of a Roman numeral in I, V, X, L, C, D, M with subtractive pairs: "IV" is 4, "XLII" is 42,
 * "MCMXCIV" is 1994. Returns -1 for any other character; "" is 0. */
int roman_to_int(const char *s) {
    int total = 0, prev = 0;
    for (int i = 0; s[i]; i++) {
        int v;
        switch (s[i]) {
        case 'I': v = 1; break;
        case 'V': v = 5; break;
        case 'X': v = 10; break;
        case 'L': v = 50; break;
        case 'C': v = 100; break;
        case 'D': v = 500; break;
        case 'M': v = 1000; break;
        default: return -1;
        }
        if (v > prev)
            total += v - 2 * prev;
        else
            total += v;
        prev = v;
    }
    return total;
}
