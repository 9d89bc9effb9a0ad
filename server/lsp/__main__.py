"""``python -m server.lsp`` = ``cdoctest-lsp``."""

from server.lsp.cli import run

run()
