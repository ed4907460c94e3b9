# Two commands do all the set-up on a fresh machine (Python 3.11 or newer):
#   make run   - create .venv if needed, install what the app needs, start it on http://localhost:8501
#   make test  - create .venv if needed, add the test tools (+ Chromium, PostgreSQL), lint, type-check, test
# The Python is the first of python3, python3.14 ... python3.11 on PATH that is 3.11 or newer; choose another
# with `make run PYTHON=/path/to/python3.x`. An existing .venv is reused as it is.
PYTHON ?= $(shell for p in python3 python3.14 python3.13 python3.12 python3.11; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
	&& { echo $$p; break; }; done)
VENV := .venv
BIN := $(VENV)/bin
APP_STAMP := $(VENV)/.installed-app
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run test lint bench install install-test

$(BIN)/python:
	@test -n "$(PYTHON)" || { echo "Skat Trainer needs Python 3.11 or newer on PATH (python3 -V says: $$(python3 -V 2>&1)). Install one, or run make PYTHON=/path/to/python3.x" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# The app only: no test tools (OpenSpiel, Playwright, mypy, ruff, hypothesis, pytest).
# The card search is then compiled once for this machine (trainer/solver/aot.py), so the first computer move
# of a fresh process is fast; without a C compiler the app compiles it at first use instead.
# The sources are byte-compiled too: an editable install leaves that to the first import, which cannot keep
# it where PYTHONDONTWRITEBYTECODE is set, and a fresh bot process would compile them at every start.
$(APP_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	$(BIN)/python -m compileall -q trainer >/dev/null
	$(BIN)/python -m trainer.solver.aot >/dev/null 2>&1 || echo "note: the card search will be compiled at first use (no C compiler?)"
	touch $(APP_STAMP)

# The app and the test tools (the `test` extra).
$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	$(BIN)/python -m compileall -q trainer >/dev/null
	$(BIN)/python -m trainer.solver.aot >/dev/null 2>&1 || echo "note: the card search will be compiled at first use (no C compiler?)"
	touch $(APP_STAMP) $(TEST_STAMP)

install: $(APP_STAMP)

install-test: $(TEST_STAMP)

run: $(APP_STAMP)
	$(BIN)/streamlit run streamlit_app.py --server.headless true --client.toolbarMode viewer

test: $(TEST_STAMP)
	bash scripts/test.sh

lint: $(TEST_STAMP)
	$(BIN)/ruff check trainer tests benchmarks streamlit_app.py
	$(BIN)/ruff format --check trainer tests benchmarks streamlit_app.py
	$(BIN)/mypy

bench: $(TEST_STAMP)
	$(BIN)/python benchmarks/playouts.py
