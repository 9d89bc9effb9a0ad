// A FIFO queue of at most 4 ints in a ring. put returns false when full; get returns -1 when
// empty. After put(1), put(2), get() gives 1; after 4 puts and 4 gets the ring wraps around.
class RingBuffer {
public:
    bool put(int v) {
        if (count_ == 4)
            return false;
        buf_[(head_ + count_) % 4] = v;
        count_++;
        return true;
    }
    int get() {
        if (count_ == 0)
            return -1;
        int v = buf_[head_];
        head_ = (head_ + 1) % 4;
        count_--;
        return v;
    }
    int count() const { return count_; }

private:
    int buf_[4] = {};
    int head_ = 0;
    int count_ = 0;
};
