#ifndef TALLY_H
#define TALLY_H
/* A synthetic two-file library for tests/generate/test_bench_realbugs.py (layout cmake). */
int clamp_int(int x, int lo, int hi);
int tally_sum(const int *xs, int n, int lo, int hi);
#endif
