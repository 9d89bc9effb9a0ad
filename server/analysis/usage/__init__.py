"""Usage mining: how a project's own tests, examples, README and header comments call its API.

Four public functions; code is read with libclang (``cdoctest_runner.clang``: the AST, and
its tokens where a macro hides the AST's extents), never with regexes (text is scanned only in
Markdown fences and comments):

- ``find_usage_sources(path, project_root=None)``: the files where a project shows how its API is
  used (test and example directories, test-named files, README files, the headers), bounded, the
  file under test never among them.
- ``mine_usage(sources, function_names, flags, language)``: ``UsageFacts``. For every call of a
  target function in a function body: the call, the backward slice of the statements before it
  that define the variables it uses (so slice + call is a self-contained snippet), the expected
  value an assertion around it (or a comment after it) states, the macro itself stripped, what
  it fills through ``&var`` or a buffer, the observers and free calls applied afterwards to its
  handle; also the producers seen (a call with literal arguments that makes a handle) and the
  string literals passed to each target. README code blocks and code in header comments are
  wrapped in a function body after the project's headers and parsed the same way.
- ``usage_examples(facts, function_name, max_blocks, avoid)``: candidate blocks, each a list of
  clang-repl inputs (cdoctest examples whose expected output the runner records).
- ``project_usage(path, function_names, flags, language, project_root)``: the two first in one
  call, as the generator makes it (``server.generate.job.prepare``): bounded in time
  (``MAX_MINING_S``; a parse under way ends first), cached per sources and their modification times
  for the run (every function of a file mines once), never raising (a failure is
  ``ProjectUsage.error``).

A source that does not parse, or a statement with an error in it, gives no facts; nothing here
raises on bad input.

The modules, by what they mine: ``sources`` (which files, README fences, header comments),
``statements`` (``Miner``/``FileMiner``: the parse and the walk over statements), ``slices`` (the
statements a call needs), ``effects`` (what a call fills, what follows it, the producers),
``cursors`` (what one cursor or token run says), ``facts`` (the typed facts), ``mining``
(``mine_usage``, ``project_usage``) and ``examples`` (``usage_examples``).
"""
