# chessarbiter — set-up, run and test. Needs only Python 3.11+ and the package registry.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install run test test-server test-postgres lint bench docs clean chromium native wheel

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

# The web tests in server mode: PostgreSQL (Debian's packages, see .ci/postgres) and Redis
# (Debian's redis-server, see .ci/redis: the page cache, sessions and the RQ job queue); the
# browser tests, which test the pages' scripts, not the servers, run once, in `make test`.
# Without Redis the run is on PostgreSQL alone; without PostgreSQL it is skipped.
PG_URL ?= postgres://chessarbiter:chessarbiter@127.0.0.1:5432/chessarbiter
REDIS_TEST_URL ?= redis://127.0.0.1:6379/0
test-server: install
	$(BIN)/python -m pip install --quiet -e '.[web,dev,server]'
	@bash .ci/postgres; rc=$$?; \
	if [ $$rc -eq 3 ]; then echo "no PostgreSQL server here: that run is skipped"; exit 0; fi; \
	[ $$rc -eq 0 ] || exit $$rc; \
	bash .ci/redis; rc=$$?; redis=$(REDIS_TEST_URL); \
	if [ $$rc -eq 3 ]; then echo "no Redis server here: the run is on PostgreSQL alone"; redis=; \
	elif [ $$rc -ne 0 ]; then exit $$rc; fi; \
	DATABASE_URL=$(PG_URL) REDIS_URL=$$redis $(BIN)/python -m pytest -n auto tests/web \
	  tests/cli/test_web_worker.py --ignore-glob='tests/web/test_browser*.py'

# the former name of that run
test-postgres: test-server

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

# The README's figures (long: the 3,000-player event is generated once into benchmarks/cache;
# the server-mode load needs PostgreSQL, started by .ci/postgres, and Debian's redis-server and
# wrk). One figure: e.g. `.venv/bin/python benchmarks/pairing.py --first-round 10000`.
bench: install
	$(BIN)/python benchmarks/trf_io.py
	$(BIN)/python benchmarks/matching.py
	$(BIN)/python benchmarks/pairing.py --sizes 100,300,1000,3000 --stress \
	  --first-round 1000,2000,5000,10000
	$(BIN)/chessarbiter doctor --measure --players 300 --rounds 9
	$(BIN)/python benchmarks/explain.py --sizes 1000
	PATH=$(CURDIR)/$(BIN):$$PATH $(BIN)/python benchmarks/web_load.py
	$(BIN)/python -m pip install --quiet -e '.[web,dev,server]'
	bash .ci/postgres && PATH=$(CURDIR)/$(BIN):$$PATH $(BIN)/python benchmarks/jobs_load.py

# A wheel of the package into dist/: with the compiled kernel inside (tagged for this Python
# and platform) where a C compiler works, else a pure-Python wheel (py3-none-any) whose
# installs use the pure-Python kernel; `chessarbiter doctor` says which one is active.
wheel: install
	rm -rf dist
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir dist .
	@ls dist/*.whl

# Rebuild the compiled kernel in place after editing its C sources (warnings shown: -Wall),
# with the build requirements of pyproject.toml (the venv's own setuptools may be older).
native: install
	$(BIN)/python -m pip install --quiet $$($(BIN)/python -c 'import tomllib; print(" ".join(tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"]))')
	$(BIN)/python setup.py build_ext --inplace

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache test-artifacts
	rm -f src/chessarbiter/pairing/matching/_native.*.so src/chessarbiter/pairing/matching/_native.*.pyd
