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

/* Applies f to a box holding x, twice: the fast sources write no call for a callback whose
   parameter is a struct by value (its function could not print the argument). */
struct box { int v; };
int apply_twice(int (*f)(struct box), int x) { struct box b = {x}; b.v = f(b); return f(b); }
