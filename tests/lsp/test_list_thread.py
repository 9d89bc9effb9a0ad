"""The language server lists functions (code actions) on a thread of its own: a parse of the
file's blocks (``Engine.doctests``, asked for by the test view and the code lenses after each
pause in typing) that holds the parse thread does not delay the listing.

The server's state (``CdoctestServer``) is driven in-process: its workspace holds the document,
its parse thread is held by a job that waits for an event, and ``functions`` must still answer
with the functions a real libclang parse lists.

Test data: SOURCE below, written into ``tmp_path``.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from pathlib import Path

from lsprotocol import types as T

from server.lsp.state import CdoctestServer

SOURCE = """\
/**
 * >>> twice(2)
 * 4
 */
int twice(int x) { return 2 * x; }

int half(int x) { return x / 2; }
"""


def test_the_listing_answers_while_the_parse_thread_is_held(tmp_path: Path) -> None:
    """Test data: SOURCE. With one thread for both (as before), the listing would wait for the
    held job and the 30 s bound would end the test.
    """
    ls = CdoctestServer()
    held = threading.Event()
    try:
        start = ls.protocol.lsp_initialize(T.InitializeParams(capabilities=T.ClientCapabilities()))
        with contextlib.suppress(StopIteration):
            next(start)  # this instance has no initialize handler of its own: nothing to run
        path = tmp_path / "f.cpp"
        path.write_text(SOURCE)
        ls.workspace.put_text_document(T.TextDocumentItem(path.as_uri(), "cpp", 1, SOURCE))
        ls.parse_executor.submit(held.wait)  # a long parse of the blocks, say

        async def listed() -> list[str]:
            found = await asyncio.wait_for(ls.functions(path.as_uri()), 30)
            assert found is not None
            return [f.declaration.name for f in found[1]]

        assert asyncio.run(listed()) == ["twice", "half"]
    finally:
        held.set()
        engine = ls.take_engine()
        if engine is not None:
            engine.close()
        for executor in (ls.list_executor, ls.parse_executor):
            executor.shutdown(wait=True, cancel_futures=True)
