// Blocks that cannot pass (tests/lsp/test_testing_view.py): an undeclared name (a compile error)
// and an endless loop (a timeout under runner.timeout).
/**
>>> triple(2)
6
>>> no_such_function(1)
1
*/
int triple(int x) { return 3 * x; }

/**
>>> spin(1)
0
*/
int spin(int x) {
    volatile int y = x;
    while (y) {
    }
    return 0;
}
