/* String helpers in C. Outputs are printed with printf, so they read the same in any clang-repl. */
#include <stdio.h>
#include <string.h>

/**
 * Number of times c occurs in s.
 *
 * >>> count_char("banana", 'a')
 * 3
 * >>> count_char("", 'a')
 * 0
 */
int count_char(const char *s, char c) {
    int n = 0;
    for (; *s; ++s)
        if (*s == c)
            ++n;
    return n;
}

/**
 * Reverse s in place and return it.
 *
 * >>> char word[] = "stressed";
 * >>> printf("%s\n", reverse(word));
 * desserts
 * >>> char empty[] = "";
 * >>> printf("[%s]\n", reverse(empty));
 * []
 */
char *reverse(char *s) {
    size_t n = strlen(s);
    for (size_t i = 0; i < n / 2; ++i) {
        char t = s[i];
        s[i] = s[n - 1 - i];
        s[n - 1 - i] = t;
    }
    return s;
}

/// 1 when s reads the same backwards, else 0.
/// >>> is_palindrome("level")
/// 1
/// >>> is_palindrome("levels")
/// 0
int is_palindrome(const char *s) {
    size_t n = strlen(s);
    for (size_t i = 0; i < n / 2; ++i)
        if (s[i] != s[n - 1 - i])
            return 0;
    return 1;
}
