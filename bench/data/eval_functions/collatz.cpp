// Number of Collatz steps (n -> n/2 or 3n+1) needed to reach 1; 0 for n < 2.
int collatz_steps(long n) {
    int steps = 0;
    while (n > 1) {
        if (n % 2 == 0)
            n /= 2;
        else
            n = 3 * n + 1;
        ++steps;
    }
    return steps;
}
