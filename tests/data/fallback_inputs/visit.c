/* Walking a text with callbacks. */
#include <stddef.h>
#include <string.h>

/* Calls visit(user, line, number) for each non-empty line of text (number counts from 1), until
   visit returns 0; returns how many lines were visited. */
int each_line(const char *text, int (*visit)(void *user, const char *line, int number), void *user) {
    char line[64];
    int number = 0, visited = 0;
    while (*text != '\0') {
        size_t n = strcspn(text, "\n");
        number++;
        if (n > 0) {
            if (n >= sizeof line) n = sizeof line - 1;
            memcpy(line, text, n);
            line[n] = '\0';
            visited++;
            if (!visit(user, line, number)) break;
        }
        text += strcspn(text, "\n");
        if (*text == '\n') text++;
    }
    return visited;
}

/* Writes the decimal digits of n (n >= 0) to out, one character at a time; returns how many. */
int put_digits(int n, void (*out)(char c, void *arg), void *arg) {
    char digits[16];
    int k = 0, written = 0;
    if (n < 0) return 0;
    do {
        digits[k++] = (char)('0' + n % 10);
        n /= 10;
    } while (n > 0);
    while (k > 0) {
        out(digits[--k], arg);
        written++;
    }
    return written;
}
