#include <stdarg.h>
#include <stdio.h>

/* Prints like printf and returns the count, e.g. say("%d items") (a call that forgets its argument). */
int say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vprintf(fmt, ap);
    va_end(ap);
    return n;
}
