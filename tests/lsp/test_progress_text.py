"""Progress text and percentages shown for pipeline events (server/lsp/progress.py)."""

from __future__ import annotations

from server.api import ProgressEvent
from server.lsp.progress import event_message, event_percentage


def test_stage_shares_advance_with_k_of_n() -> None:
    """Percentages follow the stage table and advance with k/N."""
    events = [
        ProgressEvent("parsing", "parsing a.cpp"),
        ProgressEvent("prompting", "fac", "fac", done=0, total=1, percentage=0),
        ProgressEvent("sampling", "fac: sampling 2 candidates"),
        ProgressEvent("verifying", "fac: running 2 candidates", done=1, total=2, percentage=50),
        ProgressEvent("selecting", "fac: 3 examples kept"),
        ProgressEvent("rendering", "re-running the new blocks"),
    ]
    assert [event_percentage(e) for e in events] == [0, 5, 10, 65, 85, 95]
    assert event_percentage(ProgressEvent("unknown-stage", "x", percentage=130)) == 100


def test_messages_name_k_of_n_and_the_function_once() -> None:
    """Messages add k/N and the function name only when missing."""
    assert (
        event_message(ProgressEvent("sampling", "sampling", "fac", done=2, total=4))
        == "sampling 2/4: fac"
    )
    assert (
        event_message(ProgressEvent("verifying", "fac: running 2 candidates", "fac"))
        == "fac: running 2 candidates"
    )
    assert event_message(ProgressEvent("parsing", "")) == "parsing"
