"""The input search: calls that tell the surviving mutants apart (``find_killing_inputs``).

One entry, ``server.search.killing.find_killing_inputs``; its parts: ``inputs`` (how the target
is called and the values tried per parameter), ``methods`` (call sequences on a real object),
``variants`` (runnable units with one literal edited or another global setting), ``grammars``
(inputs in a text parameter's input language: seeds, grammar-aware edits and the tokens of
``dictionaries``, AFL++'s token dictionaries, vendored with their licence).

May import: ``server.api``, ``server.analysis``, ``server.judge`` (and the runner and models
layers).
"""
