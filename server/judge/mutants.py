"""The mutants a function is judged by (selection and the input search): every operator of
``cdoctest_runner.mutation.mutate`` (classic and realistic), at most ``MUTANTS``, in the function's
body and in the bodies of up to ``MAX_CALLEES`` functions of the same file it calls (a wrapper over
static helpers is tested through them).
"""

from __future__ import annotations

from cdoctest_runner.example import CodeUnderTest, Declaration
from cdoctest_runner.mutation.mutate import Mutant, mutation_source

MUTANTS = 40  # mutants per function, spread over every operator (classic and realistic)


MAX_CALLEES = 6  # functions of the same file it calls (transitively) whose bodies are mutated too


def function_mutants(code: CodeUnderTest, function: Declaration) -> tuple[list[Mutant], str]:
    """The mutants selection and search use (every operator, ``MUTANTS`` at most, the callees'
    included: module docstring), and a note saying why there are none ('' when there are some).
    """
    from cdoctest_runner.mutation.mutate import OPERATORS, MutationError, make_mutants

    source, flags = mutation_source(code)
    try:
        mutants = make_mutants(
            source,
            function,
            code.language,
            MUTANTS,
            path=code.path,
            flags=flags,
            operators=OPERATORS,
            callees=MAX_CALLEES,
        )
    except MutationError as exc:
        return [], f"no mutation analysis: {exc}"
    return mutants, "" if mutants else "no mutants (nothing to mutate in the body)"
