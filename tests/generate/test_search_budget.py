"""The input search is sized to the time budget that is left
(``server.generate.phases.search_if_time_left``): a short budget shrinks it instead of leaving it
out, and the model's reserve is kept.
"""

from __future__ import annotations

import time
from types import SimpleNamespace

from server.generate.phases import MIN_SEARCH_CALLS, SEARCH_RESERVE_S, search_if_time_left
from server.generate.steps import SearchStep
from server.search.killing import MAX_CALLS


class RecordingSteps:
    """Stands in for ``Steps``: records the ``max_calls`` the search was given."""

    def __init__(self) -> None:
        self.calls: list[int] = []

    def find_killing_inputs(self, job, units, selection, *, max_calls: int) -> SearchStep:
        self.calls.append(max_calls)
        return SearchStep(selection)


def _search(left_s: float, mutating_s: float, keep_s: float = 0.0) -> tuple[list[int], list[str]]:
    steps = RecordingSteps()
    job = SimpleNamespace(deadline=time.monotonic() + left_s)
    step = search_if_time_left(job, steps, (), None, mutating_s, keep_s=keep_s)
    return steps.calls, [s.note for s in step.trace.steps if s.note]


def test_a_full_search_when_the_budget_allows_it() -> None:
    calls, notes = _search(left_s=100.0, mutating_s=10.0)
    assert calls == [MAX_CALLS]
    assert notes == []


def test_a_short_budget_shrinks_the_search_in_proportion() -> None:
    # 45 s left where a full search needs 3 x 30 s: about half the calls.
    calls, notes = _search(left_s=45.0, mutating_s=30.0)
    assert len(calls) == 1 and MIN_SEARCH_CALLS <= calls[0] < MAX_CALLS
    assert abs(calls[0] - MAX_CALLS * 45 / 90) <= 1
    assert notes == [
        f"search: at most {calls[0]} of {MAX_CALLS} calls (the time budget that is left)"
    ]


def test_the_search_never_shrinks_below_its_minimum() -> None:
    calls, _ = _search(left_s=SEARCH_RESERVE_S + 2, mutating_s=200.0)
    assert calls == [MIN_SEARCH_CALLS]


def test_no_search_under_the_reserve_and_the_model_keeps_its_share() -> None:
    calls, notes = _search(left_s=SEARCH_RESERVE_S - 1, mutating_s=1.0)
    assert calls == []
    assert notes == ["no input search: not enough of the time budget is left"]
    # Enough time for the search alone, not with the model's reserve kept after it.
    calls, _ = _search(left_s=SEARCH_RESERVE_S + 5, mutating_s=1.0, keep_s=10.0)
    assert calls == []
