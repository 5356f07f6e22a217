# The two commands of the README: `make demo` and `make test`. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=

# Debian's headless Chromium for the html report's browser tests, installed with apt-get when missing.
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test lint bench clean chromium screenshots

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# torch first, pinned: a plain `torch` requirement would pull a multi-GB CUDA build.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e ".[dev,semantic,html]"
	touch $(STAMP)

demo: $(STAMP)
	cd fixtures/sites/demo && ../../../$(BIN)/sitelint check --fail-on never

$(CHROMIUM):
	$(SUDO) apt-get update -q
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q chromium

chromium: $(CHROMIUM)

# The README's pictures of the demo site's html report (docs/report-*.png).
screenshots: $(STAMP) $(CHROMIUM)
	$(BIN)/python tests/report_support.py docs

test: $(STAMP) $(CHROMIUM)
	HF_HUB_OFFLINE=1 $(BIN)/python -m pytest -n 2 --dist loadgroup $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check sitelint tests
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .sitelint build dist *.egg-info
