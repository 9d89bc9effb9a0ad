"""One function's generation, top to bottom: ``generator`` (``Generator.generate``: the phases
per function, the final check), ``phases`` (phase 1 and phase 2 composed from the steps),
``steps`` (each step with a typed input and output), ``job`` (a function ready for the steps),
``budget`` (the time budget and the progress reporter), ``trace`` (what the steps did and cost).

May import every ``server`` package below the front ends: ``api``, ``analysis``, ``render``,
``judge``, ``search``, ``candidates``.
"""
