// A tiny stock counter for a shop (demo input for cdoctest-gen, no tests yet).
#include <string>

namespace shop {

// Items in one bin; never goes below zero.
class Bin {
public:
    explicit Bin(int capacity) : capacity_(capacity), count_(0) {}

    // Adds up to n items; returns how many fitted.
    int add(int n) {
        int room = capacity_ - count_;
        int taken = n < room ? n : room;
        count_ += taken;
        return taken;
    }

    // Removes n items if there are enough; returns whether it did.
    bool take(int n) {
        if (n > count_)
            return false;
        count_ -= n;
        return true;
    }

    int count() const { return count_; }

private:
    int capacity_;
    int count_;
};

// Price in cents after a percentage discount, rounded down.
int discounted(int cents, int percent) {
    return cents - cents * percent / 100;
}

// "3 items" / "1 item" / "no items".
std::string describe(int n) {
    if (n == 0)
        return "no items";
    return std::to_string(n) + (n == 1 ? " item" : " items");
}

}  // namespace shop
