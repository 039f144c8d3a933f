# chessarbiter — set-up, run and test. Needs only Python 3.11+ and the package registry.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install run test lint bench clean

install: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml setup.py src/chessarbiter/pairing/matching/_native.c
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The main job. Until the web application lands: a bundled example event, paired and scored
# on the command line, with standings and a crosstable.
run: install
	$(BIN)/chessarbiter demo

test: install
	$(BIN)/python -m pytest -n auto src tests

lint: install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

bench: install
	$(BIN)/python benchmarks/trf_io.py
	$(BIN)/python benchmarks/matching.py
	$(BIN)/python benchmarks/pairing.py --sizes 100,300

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
