#include <string>
#include <vector>

// Join the parts with sep between them (none before the first or after the last):
// {"a", "b", "c"} with ", " gives "a, b, c"; {} gives ""; {"x"} gives "x"; {"", ""} with "-" gives "-".
std::string join(const std::vector<std::string> &parts, const std::string &sep) {
    std::string out;
    for (size_t i = 0; i < parts.size(); i++) {
        if (i > 0)
            out += sep;
        out += parts[i];
    }
    return out;
}
