/* The sum of the first n bytes of p, each read as unsigned.
 * For example sum("ab", 2) == 195, and sum("a", 4) adds the terminator and what follows. */
int sum(const char *p, int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += (unsigned char)p[i];
    return s;
}
