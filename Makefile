# pnpgen: `make kit` builds every kit into output/, `make test` runs the tests, `make bench` the benchmarks.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
KITS := $(wildcard components/*/kit.yaml)

.PHONY: kit test bench clean

$(BIN)/pnpgen: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

kit: $(BIN)/pnpgen
	$(BIN)/pnpgen build $(dir $(KITS)) --out output

test: $(BIN)/pnpgen
	$(BIN)/python -m pytest -q

bench: $(BIN)/pnpgen
	$(BIN)/python bench/run.py

clean:
	rm -rf output $(VENV)
