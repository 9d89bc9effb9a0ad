/* Lower-case the ASCII letters of s in place and return how many characters were changed.
 * "Hello, WORLD" becomes "hello, world" (6 changed); '@' and '[' around the letters stay. */
int to_lower_ascii(char *s) {
    int changed = 0;
    for (; *s; s++) {
        if (*s >= 'A' && *s <= 'Z') {
            *s = (char)(*s + ('a' - 'A'));
            changed++;
        }
    }
    return changed;
}
