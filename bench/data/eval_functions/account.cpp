// A bank account holding whole cents.
class Account {
public:
    void deposit(long cents) {
        if (cents > 0)
            balance_ += cents;
    }
    // Take money out when the balance covers it; returns whether it did.
    bool withdraw(long cents) {
        if (cents <= 0 || cents > balance_)
            return false;
        balance_ -= cents;
        return true;
    }
    long balance() const { return balance_; }

private:
    long balance_ = 0;
};
