"""Whole-project runs of ``cdoctest-gen`` (a front end): ``run`` (files, the result cache,
``ProjectRun``), ``cli`` (its arguments and output).

May import: ``server.api``, ``server.analysis``, ``server.render``, ``server.generate``.
"""
