#include <string>

// Upper-case the first letter of every word and lower-case the rest; words are separated by
// spaces, tabs or '-': "hello wORLD" gives "Hello World", "jean-luc" gives "Jean-Luc",
// "a\tb" gives "A\tB". Other characters are left as they are.
std::string capitalize_words(const std::string &s) {
    std::string out = s;
    bool start = true;
    for (char &c : out) {
        if (c == ' ' || c == '\t' || c == '-') {
            start = true;
            continue;
        }
        if (c >= 'a' && c <= 'z' && start)
            c = (char)(c - 'a' + 'A');
        else if (c >= 'A' && c <= 'Z' && !start)
            c = (char)(c - 'A' + 'a');
        start = false;
    }
    return out;
}
