/* Functions for the two-phase generation tests (tests/lsp/test_two_phases.py and
   tests/lsp/test_e2e_generation.py). */

/* Letter grade for a percentage. */
char grade(int percent) {
    if (percent >= 90)
        return 'A';
    if (percent >= 75)
        return 'B';
    if (percent >= 50)
        return 'C';
    return 'F';
}

/* Applies f twice: the fast sources write no call for a function pointer. */
int apply_twice(int (*f)(int), int x) { return f(f(x)); }
