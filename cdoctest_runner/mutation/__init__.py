"""Mutation analysis of cdoctest blocks: ``edits`` (the mutation operators as text edits),
``mutate`` (mutants of a file and which examples kill them).

May import the runner's core modules (``cdoctest_runner.*``), not ``cdoctest_runner.coverage``.
"""
