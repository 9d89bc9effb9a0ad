// A block whose second example expects the wrong output (tests/lsp/test_e2e.py).
/**
>>> twice(2)
4
>>> twice(5)
11
*/
int twice(int x) { return 2 * x; }
