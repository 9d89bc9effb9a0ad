// Running statistics of temperature readings in tenths of a degree. add(t) records a reading;
// min() and max() are 0 before the first reading; mean() is the integer mean rounded toward zero.
class TempStats {
public:
    void add(int t) {
        if (n_ == 0 || t < min_)
            min_ = t;
        if (n_ == 0 || t > max_)
            max_ = t;
        sum_ += t;
        n_++;
    }
    int min() const { return min_; }
    int max() const { return max_; }
    int mean() const { return n_ == 0 ? 0 : (int)(sum_ / n_); }
    int count() const { return n_; }

private:
    int min_ = 0, max_ = 0, n_ = 0;
    long long sum_ = 0;
};
