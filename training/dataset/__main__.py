"""``python -m training.dataset``: the data set's command line (``training.dataset.cli``)."""

from training.dataset.cli import main

raise SystemExit(main())
