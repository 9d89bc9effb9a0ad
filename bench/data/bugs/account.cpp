// A bank account in cents. deposit(amount) accepts only amount > 0; withdraw(amount) accepts
// only 0 < amount <= balance (no overdraft); both return whether they were applied.
class Account {
public:
    bool deposit(long long amount) {
        if (amount <= 0)
            return false;
        balance_ += amount;
        return true;
    }
    bool withdraw(long long amount) {
        if (amount <= 0 || amount > balance_)
            return false;
        balance_ -= amount;
        return true;
    }
    long long balance() const { return balance_; }

private:
    long long balance_ = 0;
};
