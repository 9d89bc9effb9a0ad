"""``python -m server.lsp`` = ``cdoctest-lsp``."""

import sys

from server.lsp.cli import main

sys.exit(main())
