/* Greatest common divisor of a and b, always >= 0; gcd(0, 0) == 0, gcd(-4, 6) == 2,
 * gcd(0, 5) == 5. */
int gcd(int a, int b) {
    if (a < 0)
        a = -a;
    if (b < 0)
        b = -b;
    while (b != 0) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}
