# chessarbiter — set-up, run and test. Needs only Python 3.11+ and the package registry.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install run test test-postgres lint bench docs clean chromium native

install: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The compiled matching kernel: three C sources and a header (setup.py builds them as one
# extension when a compiler exists; CHESSARBITER_NO_NATIVE=1 builds without it).
KERNEL := $(wildcard src/chessarbiter/pairing/matching/_native*.[ch])

$(STAMP): $(BIN)/python pyproject.toml setup.py $(KERNEL)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[web,dev]'
	touch $(STAMP)

# The main job: the arbiter's web application on an embedded SQLite database (in ./var),
# at http://127.0.0.1:$${PORT:-8000}/; prints how to log in. NO_DEMO=1: no demo event.
run: install
	$(BIN)/chessarbiter web serve

# The browser tests drive Debian's chromium (never a downloaded browser): installed here
# when missing and possible (root with apt), else those tests are skipped with the reason.
CHROMIUM ?= /usr/bin/chromium
chromium:
	@test -x $(CHROMIUM) || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } \
	    >/dev/null 2>&1 || echo "could not install chromium: the browser tests will be skipped"; }

test: install chromium
	$(BIN)/python -m pytest -n auto src tests

# The web tests against PostgreSQL (a local server from Debian's packages, see .ci/postgres);
# the browser tests, which test the pages' scripts, not the database, run once, in `make test`.
PG_URL ?= postgres://chessarbiter:chessarbiter@127.0.0.1:5432/chessarbiter
test-postgres: install
	$(BIN)/python -m pip install --quiet -e '.[web,dev,postgres]'
	@bash .ci/postgres; rc=$$?; \
	if [ $$rc -eq 3 ]; then echo "no PostgreSQL server here: that run is skipped"; exit 0; fi; \
	[ $$rc -eq 0 ] || exit $$rc; \
	DATABASE_URL=$(PG_URL) $(BIN)/python -m pytest -n auto tests/web \
	  --ignore-glob='tests/web/test_browser*.py'

lint: install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

# The API reference from the docstrings (Sphinx; pages per module found in src/ at every
# build), into build/docs/index.html. Installs the `docs` extra's packages only, not the
# project again. SPHINXOPTS=-W turns warnings into errors.
DOCS_STAMP := $(VENV)/.docs-installed
SPHINXOPTS ?=
$(DOCS_STAMP): $(STAMP) pyproject.toml
	$(BIN)/python -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["docs"]))' > $(VENV)/docs-requirements.txt
	$(BIN)/python -m pip install --quiet -r $(VENV)/docs-requirements.txt
	touch $(DOCS_STAMP)

docs: $(DOCS_STAMP)
	rm -rf build/docs docs/api
	$(BIN)/python -m sphinx -b html -q $(SPHINXOPTS) docs build/docs
	@echo "the API reference: build/docs/index.html"

bench: install
	$(BIN)/python benchmarks/trf_io.py
	$(BIN)/python benchmarks/matching.py
	$(BIN)/python benchmarks/pairing.py --sizes 100,300

# Rebuild the compiled kernel in place after editing its C sources (warnings shown: -Wall),
# with the build requirements of pyproject.toml (the venv's own setuptools may be older).
native: install
	$(BIN)/python -m pip install --quiet $$($(BIN)/python -c 'import tomllib; print(" ".join(tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"]))')
	$(BIN)/python setup.py build_ext --inplace

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache test-artifacts
	rm -f src/chessarbiter/pairing/matching/_native.*.so src/chessarbiter/pairing/matching/_native.*.pyd
