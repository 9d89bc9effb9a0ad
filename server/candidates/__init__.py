"""Candidate examples (``want`` empty) from each source, as ``server.judge.units.Candidate``.

``documentation`` (the calls the doc comment states), ``by_type`` (values per parameter type and
call sequences of the file's API: no model), ``model`` (sampled from the model). The project's own
calls are mined in ``server.analysis.usage``.

May import: ``server.api``, ``server.analysis``, ``server.judge``, ``server.search`` (and the
runner and models layers).
"""
