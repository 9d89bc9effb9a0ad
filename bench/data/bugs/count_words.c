/* Number of words in s: maximal runs of characters other than space, tab and newline.
 * "hello world" has 2, "  a\tb  " has 2, "" and "   " have 0. */
int count_words(const char *s) {
    int count = 0, in_word = 0;
    for (; *s; s++) {
        if (*s == ' ' || *s == '\t' || *s == '\n') {
            in_word = 0;
        } else if (!in_word) {
            in_word = 1;
            count++;
        }
    }
    return count;
}
