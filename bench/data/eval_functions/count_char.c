#include <stddef.h>

/* Number of occurrences of c in the NUL-terminated string s (0 for a null pointer). */
int count_char(const char *s, char c) {
    int count = 0;
    if (s == NULL)
        return 0;
    for (; *s != '\0'; ++s) {
        if (*s == c)
            count++;
    }
    return count;
}
