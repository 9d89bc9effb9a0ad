"""Mutation analysis of cdoctest blocks: ``edits`` (the mutation operators as text edits),
``mutate`` (mutants of a file, the generator's settings), ``analysis`` (which examples kill them),
``schemata``/``schema_text``/``schemata_run`` (all mutants compiled once behind a switch) and
``scores`` (the score of each function's own block, for ``cdoctest-run --mutants``).

May import the runner's core modules (``cdoctest_runner.*``), not ``cdoctest_runner.coverage``.
"""
