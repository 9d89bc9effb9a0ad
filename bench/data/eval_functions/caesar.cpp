#include <string>

// Caesar cipher: shift letters by `shift` places (wrapping, keeping case); other characters unchanged.
std::string caesar(const std::string &text, int shift) {
    std::string out = text;
    shift = ((shift % 26) + 26) % 26;
    for (char &c : out) {
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>('a' + (c - 'a' + shift) % 26);
        else if (c >= 'A' && c <= 'Z')
            c = static_cast<char>('A' + (c - 'A' + shift) % 26);
    }
    return out;
}
