/* Evaluate 3x^2 - 2x + 1 with Horner's rule. */
double poly3(double x) {
    return (3.0 * x - 2.0) * x + 1.0;
}
