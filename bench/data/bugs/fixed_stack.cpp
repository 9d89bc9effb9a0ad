#include <cstddef>
#include <stdexcept>

// A stack of at most N items stored in place. push returns false and changes nothing when the
// stack is full; pop and top throw std::out_of_range on an empty stack.
template <typename T, std::size_t N>
class FixedStack {
public:
    bool push(const T &value) {
        if (count_ == N)
            return false;
        items_[count_++] = value;
        return true;
    }
    T pop() {
        if (count_ == 0)
            throw std::out_of_range("pop on an empty FixedStack");
        return items_[--count_];
    }
    const T &top() const {
        if (count_ == 0)
            throw std::out_of_range("top on an empty FixedStack");
        return items_[count_ - 1];
    }
    std::size_t size() const { return count_; }
    bool full() const { return count_ == N; }

private:
    T items_[N] = {};
    std::size_t count_ = 0;
};
