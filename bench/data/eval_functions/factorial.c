/* n! computed recursively; 1 for n <= 1. */
long factorial(int n) {
    if (n <= 1)
        return 1;
    return n * factorial(n - 1);
}
