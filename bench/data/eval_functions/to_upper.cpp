#include <cctype>
#include <string>

// Upper-case copy of an ASCII string.
std::string to_upper(const std::string &s) {
    std::string out = s;
    for (char &c : out) {
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>(c - 'a' + 'A');
    }
    return out;
}
