"""The cdoctest language server.

Modules: ``cli`` (entry point), ``server`` (registration and state),
``features/`` (one module per feature), ``convert`` (domain -> LSP), ``settings``,
``engine`` (the one
adapter to the pipeline and the runner), ``args`` (typed request/command arguments).
"""
