#include <stdarg.h>
#include <stddef.h>

static size_t put(char *buf, size_t at, size_t n, char c) {
    if (at + 1 < n)
        buf[at] = c;
    return at + 1;
}

static size_t put_text(char *buf, size_t at, size_t n, const char *s) {
    while (*s)
        at = put(buf, at, n, *s++);
    return at;
}

static size_t put_unsigned(char *buf, size_t at, size_t n, unsigned v) {
    char digits[12];
    int k = 0;
    do {
        digits[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0);
    while (k > 0)
        at = put(buf, at, n, digits[--k]);
    return at;
}

/* Writes the format into buf (at most n bytes, terminated); returns the length it needed. */
int mini_printf(char *buf, size_t n, const char *fmt, ...) {
    va_list ap;
    size_t at = 0;
    va_start(ap, fmt);
    for (; *fmt; fmt++) {
        if (*fmt != '%') {
            at = put(buf, at, n, *fmt);
            continue;
        }
        fmt++;
        if (*fmt == 's') {
            at = put_text(buf, at, n, va_arg(ap, const char *));
        } else if (*fmt == 'i') {
            int v = va_arg(ap, int);
            if (v < 0)
                at = put(buf, at, n, '-');
            at = put_unsigned(buf, at, n, v < 0 ? 0u - (unsigned)v : (unsigned)v);
        } else if (*fmt == 'u') {
            at = put_unsigned(buf, at, n, va_arg(ap, unsigned));
        } else if (*fmt == '%') {
            at = put(buf, at, n, '%');
        } else {
            break;
        }
    }
    if (n > 0)
        buf[at < n ? at : n - 1] = '\0';
    va_end(ap);
    return (int)at;
}
