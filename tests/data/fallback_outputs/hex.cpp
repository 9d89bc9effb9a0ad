// A builder that writes into its caller's buffer, and a function that writes through one: the
// fallback constructs the builder around a zeroed local buffer and prints the buffer after.

class Builder {
  public:
    Builder(char *buffer, int size) : buffer_(buffer), size_(size), position_(0) {}
    void Add(char c) {
        if (position_ + 1 < size_)
            buffer_[position_++] = c;
    }
    int position() const { return position_; }

  private:
    char *buffer_;
    int size_;
    int position_;
};

void to_hex(unsigned value, Builder *out) {
    const char digits[] = "0123456789abcdef";
    char tmp[16];
    int n = 0;
    do {
        tmp[n++] = digits[value % 16];
        value /= 16;
    } while (value);
    while (n > 0)
        out->Add(tmp[--n]);
}
