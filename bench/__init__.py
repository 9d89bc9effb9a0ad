"""Benchmarks. Each writes its table into docs/benchmarks.md (see ``bench._table``)."""
