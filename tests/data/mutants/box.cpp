// tests/runner/test_mutants_cli.py: a C++ method, built with --std c++17.
struct Box {
    int w, h;
    /**
     * >>> Box{2, 3}.area()
     * 6
     */
    int area() const { return w * h; }
};
