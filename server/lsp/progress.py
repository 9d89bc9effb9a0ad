"""Work-done progress for one long job.

It uses the client's token when it gave one, else a server-created token when the client
supports ``window.workDoneProgress``, else nothing (all calls are no-ops).

``callback`` is a ``server.api.ProgressCallback`` safe to call from worker threads: it hops onto the
event loop. ``cancelled`` becomes set when the client sends ``window/workDoneProgress/cancel``.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any

from lsprotocol import types as T

from server.api import ProgressEvent

log = logging.getLogger(__name__)

STAGE_SHARE = {  # rough share of the bar each stage starts at
    "parsing": 0,
    "prompting": 5,
    "sampling": 10,
    "verifying": 55,
    "mutating": 75,
    "selecting": 85,
    "rendering": 95,
}


def event_percentage(event: ProgressEvent) -> int:
    """Return the overall percentage of a pipeline event: its stage's share, advanced by k/N.

    The pipeline's own ``percentage`` is per stage (sampling 2/2 = 100, then verifying 0/3 = 0), so
    it is used only for a stage this table does not know.

    >>> event_percentage(ProgressEvent("sampling", "sampling", done=1, total=2))
    32
    >>> event_percentage(ProgressEvent("verifying", "verifying"))
    55
    """
    start = STAGE_SHARE.get(event.stage)
    if start is None:
        return max(0, min(100, event.percentage or 0))
    if event.done is not None and event.total:
        following = [v for v in STAGE_SHARE.values() if v > start]
        end = min(following) if following else 100
        return start + (end - start) * min(event.done, event.total) // event.total
    return start


def event_message(event: ProgressEvent) -> str:
    """Return 'sampling 2/4: fac' style text for a pipeline event."""
    text = event.message or event.stage
    if (
        event.done is not None
        and event.total is not None
        and f"{event.done}/{event.total}" not in text
    ):
        text = f"{text} {event.done}/{event.total}"
    if event.function and event.function not in text:
        text = f"{text}: {event.function}"
    return text


class Progress:
    """One work-done progress (begin once, report many, end once)."""

    def __init__(self, ls: Any, token: T.ProgressToken | None = None) -> None:
        self.ls = ls
        self.token = token
        self._own = token is None
        self._active = False
        self._loop = asyncio.get_running_loop()
        self.cancelled = asyncio.Event()  # set by window/workDoneProgress/cancel (on the loop)
        self._last = -1

    async def begin(self, title: str, message: str = "", cancellable: bool = True) -> None:
        """Create the token if needed (awaiting the client's reply) and send ``begin``."""
        wdp = self.ls.work_done_progress
        if self.token is None:
            caps = self.ls.client_capabilities
            if not (caps.window and caps.window.work_done_progress):
                return
            token = f"cdoctest-{uuid.uuid4()}"
            try:
                await wdp.create_async(token)
            except Exception as exc:  # the client refused: carry on without progress
                log.info("window/workDoneProgress/create failed: %s", exc)
                return
            self.token = token
        wdp.begin(
            self.token,
            T.WorkDoneProgressBegin(
                title=title, message=message, cancellable=cancellable, percentage=0
            ),
        )
        self._active = True
        future = wdp.tokens.get(self.token)
        if future is not None:
            future.add_done_callback(self._on_done)

    def _on_done(self, future: Any) -> None:
        # pygls cancels the token's future on the event loop thread when the client cancels.
        if future.cancelled():
            self._loop.call_soon_threadsafe(self.cancelled.set)

    def report(self, message: str, percentage: int | None = None) -> None:
        """Send a ``report`` (the percentage never moves backwards)."""
        if self._active and self.token is not None:
            if percentage is not None:
                percentage = max(percentage, self._last)  # never move the bar backwards
                self._last = percentage
            self.ls.work_done_progress.report(
                self.token, T.WorkDoneProgressReport(message=message, percentage=percentage)
            )

    def callback(self, event: ProgressEvent) -> None:
        """Report a pipeline event (a ``ProgressCallback``); safe to call from any thread."""
        self._loop.call_soon_threadsafe(self.report, event_message(event), event_percentage(event))

    def end(self, message: str = "") -> None:
        """Send ``end`` once and forget the token."""
        if self._active and self.token is not None:
            self._active = False
            self.ls.work_done_progress.end(self.token, T.WorkDoneProgressEnd(message=message))
            # Forget the token (client tokens too: a reused token must not start out cancelled).
            self.ls.work_done_progress.tokens.pop(self.token, None)
