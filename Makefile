# `make demo` needs only the package; `make test`, `make docs` and `make bench` the whole
# toolchain (the `dev` extra). Both live in one .venv, each behind its own stamp, so a fresh
# clone's `make demo` installs five small dependencies and nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PACKAGE := $(VENV)/.package
DEV := $(VENV)/.dev

.PHONY: test demo docs bench wheel-check clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(PACKAGE): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(PACKAGE)

$(DEV): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(DEV) $(PACKAGE)

test: $(DEV)
	$(BIN)/ruff check src tests benchmarks examples tools docs/hooks.py
	$(BIN)/ruff format --check src tests benchmarks examples tools docs/hooks.py
	$(BIN)/mypy
	HYPOTHESIS_PROFILE=ci $(BIN)/pytest -n 2 --dist worksteal

demo: $(PACKAGE)
	$(BIN)/wargames demo

docs: $(DEV)
	$(BIN)/mkdocs build --strict

bench: $(DEV)
	$(BIN)/python -m benchmarks

# What a user installs: the sdist and the wheel built, the wheel installed with every extra in a
# fresh environment outside the tree, and every documented command run there (CI runs this).
wheel-check:
	$(PYTHON) tools/wheel_check.py

clean:
	rm -rf $(VENV) site .mypy_cache .pytest_cache .ruff_cache
