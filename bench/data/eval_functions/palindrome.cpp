#include <cctype>
#include <string>

// True when s reads the same forwards and backwards, ignoring case and non-letters.
bool is_palindrome(const std::string &s) {
    std::size_t i = 0, j = s.size();
    while (i < j) {
        if (!std::isalpha(static_cast<unsigned char>(s[i]))) {
            ++i;
            continue;
        }
        if (!std::isalpha(static_cast<unsigned char>(s[j - 1]))) {
            --j;
            continue;
        }
        if (std::tolower(static_cast<unsigned char>(s[i])) != std::tolower(static_cast<unsigned char>(s[j - 1])))
            return false;
        ++i;
        --j;
    }
    return true;
}
