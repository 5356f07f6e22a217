# The two commands of the README: `make demo` and `make test`. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=

.PHONY: demo test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# torch first, pinned: a plain `torch` requirement would pull a multi-GB CUDA build.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e ".[dev,semantic]"
	touch $(STAMP)

demo: $(STAMP)
	cd fixtures/sites/demo && ../../../$(BIN)/sitelint check --fail-on never

test: $(STAMP)
	HF_HUB_OFFLINE=1 $(BIN)/python -m pytest -n 2 --dist loadgroup $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check sitelint tests
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .sitelint build dist *.egg-info
