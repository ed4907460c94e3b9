# Two commands do all the set-up on a fresh machine (Python 3.11):
#   make run   - create .venv if needed, install, start the app on http://localhost:8501
#   make test  - create .venv if needed, install (with test tools, Chromium, PostgreSQL), lint, type-check, test
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench install

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/streamlit run streamlit_app.py --server.headless true --client.toolbarMode viewer

test: $(STAMP)
	bash scripts/test.sh

lint: $(STAMP)
	$(BIN)/ruff check trainer tests benchmarks streamlit_app.py
	$(BIN)/ruff format --check trainer tests benchmarks streamlit_app.py
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/playouts.py
