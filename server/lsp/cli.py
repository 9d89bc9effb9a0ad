"""``cdoctest-lsp``: start the language server (stdio by default; ``--tcp PORT`` on 127.0.0.1).

stdout carries JSON-RPC, so logging goes to stderr (VS Code shows it in the output channel) or to
``--log-file``. ``main(argv) -> int`` returns the exit code; tests call it directly.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import threading
import time
from typing import NoReturn

EPILOG = """examples:
  cdoctest-lsp                               # stdio, as editors start it
  cdoctest-lsp --tcp 2087 --log-file /tmp/cdoctest-lsp.log -v   # an editor connects (debugging)
"""


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of ``cdoctest-lsp``."""
    p = argparse.ArgumentParser(
        prog="cdoctest-lsp",
        description="Language server that generates and runs cdoctest tests for C/C++.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    p.add_argument("--stdio", action="store_true", help="talk over stdin/stdout (the default)")
    p.add_argument(
        "--tcp", type=int, metavar="PORT", help="listen on 127.0.0.1:PORT instead of stdio"
    )
    p.add_argument("--log-file", metavar="PATH", help="write the log here instead of stderr")
    p.add_argument("-v", "--verbose", action="count", default=0, help="more logging (-vv: debug)")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the server until the client says exit; returns the process exit code."""
    opts = build_parser().parse_args(argv)
    from server.lsp.server import VERSION, server

    if opts.version:
        print(f"cdoctest-lsp {VERSION}")
        return 0
    level = [logging.WARNING, logging.INFO, logging.DEBUG][min(opts.verbose, 2)]
    handler: logging.Handler = (
        logging.FileHandler(opts.log_file) if opts.log_file else logging.StreamHandler(sys.stderr)
    )
    logging.basicConfig(
        level=level, handlers=[handler], format="%(asctime)s %(name)s %(levelname)s %(message)s"
    )
    # Over stdio without a log file, the log goes to the client (window/logMessage) once the
    # session is initialised (server/lsp/timing.py); stderr keeps what is logged before that.
    server.log_to_client = opts.tcp is None and not opts.log_file
    if opts.tcp is not None:
        server.start_tcp("127.0.0.1", opts.tcp)
    else:
        server.start_io()
    return 0


def run(argv: list[str] | None = None, grace_s: float = 5.0) -> NoReturn:
    """Console entry point: serve, then exit promptly once the client has said ``exit``.

    LSP asks the process to end at ``exit``. Worker threads (a libclang parse, a generation that
    is still noticing its cancellation) would otherwise keep the interpreter alive while Python
    joins them; they get ``grace_s`` seconds, then the process ends anyway. The sandboxed
    interpreters die with us (bubblewrap ``--die-with-parent``, own process groups).
    """
    code = main(argv)
    deadline = time.monotonic() + grace_s
    me = threading.current_thread()
    workers = [t for t in threading.enumerate() if t is not me and not t.daemon]
    for t in workers:
        t.join(max(0.0, deadline - time.monotonic()))
    late = [t.name for t in workers if t.is_alive()]
    if late:
        logging.getLogger("cdoctest.lsp").warning(
            "exiting with %d worker thread(s) still busy: %s", len(late), ", ".join(late)
        )
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


if __name__ == "__main__":
    run()
