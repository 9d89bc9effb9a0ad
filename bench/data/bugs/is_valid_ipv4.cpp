#include <string>

// Whether s is a dotted-quad IPv4 address: exactly four fields of 1 to 3 digits, each 0..255,
// with no leading zeros ("01" is invalid). "192.168.0.1" and "0.0.0.0" are valid; "256.1.1.1",
// "1.2.3", "1..2.3" and "1.2.3.4." are not.
bool is_valid_ipv4(const std::string &s) {
    int fields = 0;
    size_t i = 0;
    while (true) {
        size_t start = i;
        int value = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9' && i - start < 3) {
            value = value * 10 + (s[i] - '0');
            i++;
        }
        size_t len = i - start;
        if (len == 0 || value > 255 || (len > 1 && s[start] == '0'))
            return false;
        fields++;
        if (i == s.size())
            return fields == 4;
        if (s[i] != '.' || fields == 4)
            return false;
        i++;
    }
}
