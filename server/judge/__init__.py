"""Judging examples: run candidates, keep what passes, choose a block, check it once more.

Owns ``verify`` (candidates split into units and run in one batch: what a unit printed),
``acceptable`` (whether a kept unit may be shown), ``select`` (the pool, mutation analysis, the
greedy block), ``cover_branches`` (phase 2's top-up: calls that reach code no example reaches),
``final_check`` (each new block run twice in the edited text), ``hints`` (the calibrated
suspicion that an output shows a bug), ``runners`` (the retrying runner pair they all use) and
``units`` (the candidate and unit types handed between them).

May import: ``server.api``, ``server.analysis``, ``server.render`` (and the runner and models
layers); no other ``server`` package.
"""
