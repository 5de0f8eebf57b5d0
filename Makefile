# Janken Table: every set-up step lives here, so a fresh clone needs only
# `make run` or `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Two stamps: playing needs the program and its dependencies only; the tests and the
# developer tools (pytest, ruff, mypy...) and the cluster (dask) and lan (zeroconf) extras
# come with the first `make test`.
PLAY   := $(VENV)/.installed-play
STAMP  := $(VENV)/.installed-dev

.PHONY: run test lint typecheck pytest bench art schema clean

# A venv that failed half-way (Debian's python3 without python3-venv, whose message says
# what to install) is removed, so that the next `make run` makes it anew.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip || { rm -rf $(VENV); exit 1; }

# Reinstall whenever the project's dependencies change.
$(PLAY): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(PLAY)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,dev,cluster,lan]'
	touch $(PLAY) $(STAMP)

# The window needs system libraries the Qt wheel does not bring (vtt/syslibs.py lists
# them): installed here when allowed, else the exact command is printed. `make test`
# runs headless (offscreen) and needs none of them.
run: $(PLAY)
	$(BIN)/python -m vtt.syslibs
	$(BIN)/vtt

lint: $(STAMP)
	$(BIN)/ruff check vtt tests benchmarks tools
	$(BIN)/ruff format --check vtt tests benchmarks tools

typecheck: $(STAMP)
	$(BIN)/mypy

# One test process per core (pytest-xdist): each has its own Qt application offscreen.
# A process that runs out of tests takes some from the other's queue (worksteal), so
# neither waits at the end while the other works through its share alone.
pytest: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -n auto --dist worksteal

test: lint typecheck pytest

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m benchmarks

art:
	$(PYTHON) tools/make_art.py

# The pack schema (built from the registries of steps and argument types), published.
schema: $(PLAY)
	$(BIN)/python -c "import json; from vtt.rules.schema import pack_schema; \
	open('docs/pack.schema.json', 'w').write(json.dumps(pack_schema(), indent=2) + '\n')"

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
