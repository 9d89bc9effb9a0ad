// A stack of at most `capacity` ints (capacity 0..16). push returns false and changes nothing
// when the stack is full; pop returns false on an empty stack and otherwise stores the top in *out.
class BoundedStack {
public:
    explicit BoundedStack(int capacity) : cap_(capacity < 0 ? 0 : (capacity > 16 ? 16 : capacity)) {}
    bool push(int v) {
        if (size_ >= cap_)
            return false;
        data_[size_++] = v;
        return true;
    }
    bool pop(int *out) {
        if (size_ == 0)
            return false;
        *out = data_[--size_];
        return true;
    }
    int size() const { return size_; }
    bool full() const { return size_ == cap_; }

private:
    int data_[16] = {};
    int cap_;
    int size_ = 0;
};
