/* tests/runner/test_mutants_cli.py: the block checks one positive value, so it kills the
   mutants that change what sign(5) returns and misses the ones about x <= 0. */
#include "sign_value.h"

/**
 * >>> sign(5)
 * 1
 */
int sign(int x) {
    if (x < 0)
        return NEGATIVE;
    return 1;
}
