# The two commands of the README:
#   make demo   sets up what is missing and generates verified cdoctests for an example file
#   make test   sets up what is missing and runs the whole test suite (Python + VS Code extension)
.PHONY: demo test test-python test-extension lint bench setup clean
export OMP_WAIT_POLICY ?= passive
VENV := .venv
BIN := $(VENV)/bin
DEMO_FILE ?= examples/gen/scoring.c

demo:
	@scripts/setup.sh core
	$(BIN)/cdoctest-gen $(DEMO_FILE) --all --diff

test: test-python test-extension

test-python:
	@scripts/setup.sh test
	$(BIN)/python -m pytest tests -p no:cacheprovider $(PYTEST_ARGS)

test-extension:
	@scripts/setup.sh test
	@if [ -f extension/package.json ]; then cd extension && npm run compile && npm test; fi
	@extension/e2e/run.sh build/vscode-e2e

lint:
	@scripts/setup.sh test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench:
	@scripts/setup.sh bench
	$(BIN)/python -m bench.run_all

clean:
	rm -rf $(VENV) extension/node_modules extension/out
