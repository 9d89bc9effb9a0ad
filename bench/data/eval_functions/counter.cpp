// A counter that saturates at a fixed maximum.
class Counter {
public:
    // Add n (negative n subtracts, never below zero); returns the new value.
    int add(int n) {
        value_ += n;
        if (value_ < 0)
            value_ = 0;
        if (value_ > kMax)
            value_ = kMax;
        return value_;
    }
    int value() const { return value_; }

private:
    static const int kMax = 100;
    int value_ = 0;
};
