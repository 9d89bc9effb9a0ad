#include <string.h>

/* Remove leading and trailing whitespace (spaces, tabs, newlines) from s in place.
 * "  hi \t" becomes "hi", "\t\n" becomes "", and inner spaces stay: " a b " becomes "a b". */
void str_trim(char *s) {
    size_t start = 0, len = strlen(s);
    while (s[start] == ' ' || s[start] == '\t' || s[start] == '\n')
        start++;
    while (len > start && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\n'))
        len--;
    memmove(s, s + start, len - start);
    s[len - start] = '\0';
}
