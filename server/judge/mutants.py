"""The mutants a function is judged by (selection and the input search): every operator of
``cdoctest_runner.mutation.mutate`` (classic and realistic), at most ``MUTANTS``, in the function's
body and in the bodies of up to ``MAX_CALLEES`` functions of the same file it calls (a wrapper over
static helpers is tested through them). The settings live in the runner's mutation package, which
``cdoctest-run --mutants`` shares.
"""

from __future__ import annotations

from cdoctest_runner.example import CodeUnderTest, Declaration
from cdoctest_runner.mutation.mutate import MAX_CALLEES, MUTANTS, Mutant

__all__ = ["MAX_CALLEES", "MUTANTS", "function_mutants"]


def function_mutants(code: CodeUnderTest, function: Declaration) -> tuple[list[Mutant], str]:
    """The mutants selection and search use (``cdoctest_runner.mutation.mutate.function_mutants``:
    every operator, ``MUTANTS`` at most, the callees' included), and a note saying why there are
    none ('' when there are some).
    """
    from cdoctest_runner.mutation import mutate

    try:
        mutants = mutate.function_mutants(code, function)
    except mutate.MutationError as exc:
        return [], f"no mutation analysis: {exc}"
    return mutants, "" if mutants else "no mutants (nothing to mutate in the body)"
