#include <math.h>
#include <string.h>

/* Whether two measurements agree to within a relative tolerance of 1e-9. */
int approx_equal(double a, double b) {
    if (a == b)
        return 1;
    double diff = fabs(a - b);
    double scale = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
    return diff <= 1e-9 * scale;
}

/* Whether two names are the same, ignoring case; NULL equals only NULL. */
int same_name(const char *a, const char *b) {
    if (a == NULL || b == NULL)
        return a == b;
    while (*a && *b) {
        char x = *a >= 'A' && *a <= 'Z' ? *a + 32 : *a;
        char y = *b >= 'A' && *b <= 'Z' ? *b + 32 : *b;
        if (x != y)
            return 0;
        a++;
        b++;
    }
    return *a == *b;
}
