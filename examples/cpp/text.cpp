// A namespace with a block of its own, namespace-level functions and a class with methods.
#include <cctype>
#include <iostream>
#include <string>

/**
>>> std::cout << text::shout("hi") << text::repeat("-", 3) << std::endl;
HI!---
*/
namespace text {

/**
>>> std::cout << text::shout("hello") << std::endl;
HELLO!
>>> text::shout("").size()
1
*/
std::string shout(const std::string &s) {
    std::string out;
    for (char c : s)
        out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out + "!";
}

/// >>> std::cout << "[" << text::repeat("ab", 3) << "]" << std::endl;
/// [ababab]
/// >>> text::repeat("x", 0).empty()
/// true
std::string repeat(const std::string &s, int n) {
    std::string out;
    for (int i = 0; i < n; ++i)
        out += s;
    return out;
}

/**
>>> text::Counter c;
>>> c.add("a b  c");
>>> c.words()
3
>>> c.add("d");
>>> c.words()
4
*/
class Counter {
public:
    /**
    >>> text::Counter c;
    >>> c.add("one two");
    >>> c.lines()
    1
    */
    void add(const std::string &line) {
        ++lines_;
        bool in_word = false;
        for (char ch : line) {
            bool space = std::isspace(static_cast<unsigned char>(ch)) != 0;
            if (!space && !in_word)
                ++words_;
            in_word = !space;
        }
    }

    int words() const { return words_; }
    int lines() const { return lines_; }

private:
    int words_ = 0;
    int lines_ = 0;
};

}  // namespace text
