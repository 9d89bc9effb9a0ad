/* Every call overflows a signed int: undefined behaviour, trapped by the sanitizer. */
int overflow(int x) { return (x | 1) * 2147483647 * 2; }
