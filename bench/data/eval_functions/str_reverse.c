#include <string.h>

/* Reverse a NUL-terminated string in place. */
void str_reverse(char *s) {
    size_t i = 0;
    size_t j = strlen(s);
    if (j == 0)
        return;
    j--;
    while (i < j) {
        char tmp = s[i];
        s[i] = s[j];
        s[j] = tmp;
        i++;
        j--;
    }
}
