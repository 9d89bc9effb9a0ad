"""``python -m cdoctest_runner``: the drop-in for the original ``python -m cdoctest`` command line
(its ``--cdt_*`` flags; see ``cdoctest_runner.legacy``). The modern CLI is ``cdoctest-run``.
"""

import sys

from cdoctest_runner.legacy import main

if __name__ == "__main__":
    sys.exit(main())
