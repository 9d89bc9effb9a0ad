/* n-th Fibonacci number, recursively (fib(0) = 0, fib(1) = 1); 0 for negative n. */
int fib(int n) {
    if (n <= 0)
        return 0;
    if (n == 1)
        return 1;
    return fib(n - 1) + fib(n - 2);
}
