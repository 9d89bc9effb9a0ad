// Small functions for the language-server tests (tests/lsp/test_e2e.py).
#include <cstdio>

int add(int a, int b) { return a + b; }

int fac(int n) {
    int r = 1;
    for (int i = 2; i <= n; ++i) r *= i;
    return r;
}

bool is_even(int n) { return n % 2 == 0; }
