"""Line and branch coverage of cdoctest blocks: ``measure`` (a block compiled natively with LLVM
profile counters, run, read back), ``lcov`` (the lcov tracefile writer).

May import the runner's core modules (``cdoctest_runner.*``), not ``cdoctest_runner.mutation``.
"""
