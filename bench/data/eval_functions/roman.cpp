#include <string>

static int roman_digit(char c) {
    switch (c) {
    case 'I': return 1;
    case 'V': return 5;
    case 'X': return 10;
    case 'L': return 50;
    case 'C': return 100;
    case 'D': return 500;
    case 'M': return 1000;
    default: return 0;
    }
}

// Value of a Roman numeral such as "XIV" (subtractive notation allowed).
int roman_to_int(const std::string &s) {
    int total = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        int v = roman_digit(s[i]);
        if (i + 1 < s.size() && v < roman_digit(s[i + 1]))
            total -= v;
        else
            total += v;
    }
    return total;
}
