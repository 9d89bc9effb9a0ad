#include <string>
#include <vector>

// Split s at every delim. Empty fields are kept: "a,,b" gives {"a", "", "b"}, "" gives {""} and
// "x;" (with ';') gives {"x", ""}.
std::vector<std::string> split(const std::string &s, char delim) {
    std::vector<std::string> out;
    std::string field;
    for (char c : s) {
        if (c == delim) {
            out.push_back(field);
            field.clear();
        } else {
            field += c;
        }
    }
    out.push_back(field);
    return out;
}
