#include <string>

// Number of words: maximal runs of characters other than spaces, tabs and newlines.
int count_words(const std::string &text) {
    int words = 0;
    bool in_word = false;
    for (char c : text) {
        bool space = c == ' ' || c == '\t' || c == '\n';
        if (space) {
            in_word = false;
        } else if (!in_word) {
            in_word = true;
            ++words;
        }
    }
    return words;
}
